"""Reads: what each page and API endpoint shows, in a bounded number of queries."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, Model, Prefetch, Q, QuerySet
from django.utils import timezone

from bracket import Bracket, CutError, Placing, bracket_size, entrants
from rosters.models import Roster
from rules_engine.game_system import CutAdvice, GameSystem, RoundAdvice
from rules_engine.names import name_key
from rules_engine.registry import UnknownGameSystem
from standings import Standings
from standings.display import RoundProgress
from tournaments.access import EventAccess
from tournaments.audit_sealing import sealed_actions
from tournaments.bridges.cut import CutView, cut_view
from tournaments.bridges.record import event_cut, event_record
from tournaments.bridges.standings import event_standings as event_standings
from tournaments.caching import cached_for_version
from tournaments.event_format import roster_deadline_warning
from tournaments.event_format import roster_lock as roster_lock_rule
from tournaments.models import (
    AuditEntry,
    Event,
    EventKind,
    EventPack,
    EventStatus,
    Game,
    Player,
    ResultReport,
    ResultStatus,
    RosterPublication,
    Round,
    RoundStatus,
    StaffRole,
    StaffRoleKind,
    Table,
    Teammate,
)
from tournaments.prepared_queries import Prepared, PreparedRows
from tournaments.schedule import RoundSlot
from tournaments.services.schedules import event_slots

M = TypeVar("M", bound=Model)


def standings_cached(event: Event) -> Standings:
    """`event_standings`, computed once per event version and shared (tournaments.caching)."""
    return event_cut_view(event).standings


def event_cut_view(event: Event) -> CutView:
    """The Swiss standings, the bracket and the placing, once per event version (shared)."""
    return cached_for_version(event, "standings", (), lambda: cut_view(event))


def cut_view_of(event: Event) -> CutView:
    """The Swiss standings, bracket and placing computed now (not cached): for services and
    tests that read right after a write."""
    return cut_view(event)


def event_bracket(event: Event) -> Bracket | None:
    """The top cut as far as it has been played (seeds, who went on from each game, who is
    still in, the champion): None for an event without a cut, or before its first round is paired."""
    return event_cut_view(event).bracket


def event_cut_placing(event: Event) -> tuple[Placing, ...] | None:
    """Every player's place once the cut has begun (cut players first, ranks not shared),
    by event/1 player id; None before that."""
    return event_cut_view(event).places


def last_round_number(event: Event) -> int:
    """The number of the event's last round: the planned rounds; with a top cut, its final
    (from the bracket once it is seeded, before that from the cut's size and the players
    who can still enter)."""
    if event.cut_size is None:
        return event.planned_rounds
    bracket = event_bracket(event)
    if bracket is not None:
        return bracket.final_round
    field = event.players.filter(
        spare=False, dropped_after_round__isnull=True, disqualified_after_round__isnull=True
    ).count()
    entering = max(2, min(event.cut_size, field))
    return event.planned_rounds + (bracket_size(entering).bit_length() - 1)


@dataclass(frozen=True)
class CutPreview:
    """The next round of the top cut as the TO sees it before pairing it: who plays it (by
    seed; for the first cut round as the Swiss standings seed them now, players sharing a
    place by id until the pairing draws their order), and the cut's players who dropped
    (before the cut they are passed over; during it they forfeit their next game)."""

    number: int
    first: bool
    players: list[Player]
    dropped: list[Player]


def cut_preview(event: Event, number: int) -> CutPreview | None:
    """What round `number` of the top cut will hold; None when it is not a cut round."""
    if event.cut_size is None or number <= event.planned_rounds:
        return None
    by_id = {p.external_id: p for p in event.players.all()}
    view = event_cut_view(event)
    if view.bracket is not None and number > view.bracket.first_round:
        alive = [by_id[p] for p in view.bracket.alive if p in by_id]
        gone = [p for p in alive if p.dropped_after_round is not None]
        return CutPreview(number, False, [p for p in alive if p not in gone], gone)
    record = event_record(event)
    cut = event_cut(event)
    assert cut is not None
    try:
        seeds = entrants(view.swiss, record.players, cut)
        if_all_stayed = entrants(
            view.swiss, [dataclasses.replace(p, dropped_after_round=None) for p in record.players], cut
        )
    except CutError:
        return CutPreview(number, True, [], [])
    gone = [by_id[p] for p in if_all_stayed if p not in seeds and p in by_id]
    return CutPreview(number, True, [by_id[p] for p in seeds if p in by_id], gone)


def event_champion(event: Event) -> Player | None:
    """The player who won the final, once it is played; None before, or without a cut."""
    champion = event_cut_view(event).champion
    if champion is None:
        return None
    return event.players.filter(external_id=champion).first()


def deadline_warning(event: Event) -> str | None:
    """The TO's warning about the roster deadline (passed or near), until play begins:
    once rounds are under way a past deadline is the normal state of things."""
    if event.status in (EventStatus.RUNNING, EventStatus.FINISHED):
        return None
    return roster_deadline_warning(event.roster_deadline, now=timezone.now())


def roster_lock(event: Event, *, round_one_paired: bool | None = None) -> str | None:
    """Why the event's rosters are locked ("deadline-passed", "play-begun"), or None while
    players may still change them: the one rule (event_format.roster_lock) every page, the
    API, the services and the scenario choice ask.

    Round 1 counts as paired once the event is running (pairing it starts the event, and
    undoing it does not stop it: its pairings may have been seen) or has a round. At most
    one query, none when the deadline has passed, the event runs, or the caller already
    knows (`round_one_paired`, e.g. from the player's games)."""
    now = timezone.now()
    if round_one_paired is None:
        deadline_passed = event.roster_deadline is not None and now >= event.roster_deadline
        round_one_paired = not deadline_passed and (
            event.status in (EventStatus.RUNNING, EventStatus.FINISHED) or event.rounds.exists()
        )
    return roster_lock_rule(deadline=event.roster_deadline, now=now, round_one_paired=round_one_paired)


def event_suggested_rounds(event: Event, players: int) -> int | None:
    """The round count the event's game system suggests for `players` (StarCraft: the OP
    Guide's Event Size and Format); None without players, or where the game suggests none."""
    return _field_advice(event, players, lambda system: system.suggested_rounds)


def event_suggested_cut(event: Event, players: int) -> int | None:
    """The top cut suggested with those rounds (StarCraft: a competitive field above 128,
    docs/pairing.md "Fields above 128"); None where nothing is suggested."""
    return _field_advice(event, players, lambda system: system.suggested_cut)


def _field_advice(
    event: Event, players: int, pick: Callable[[GameSystem], RoundAdvice | CutAdvice | None]
) -> int | None:
    """What the game system's `pick`ed advice says for this event and field size."""
    try:
        advice = pick(event.system)
    except UnknownGameSystem:
        return None
    if advice is None or players < 1:
        return None
    return advice(kind=event.kind, scale=event.scale, players=players)


def rosters_locked(event: Event) -> bool:
    return roster_lock(event) is not None


def round_progress(event: Event) -> RoundProgress | None:
    """The published round still open, with how many of its games (byes aside) have a
    confirmed result: what the standings heading says while the round is played. One query."""
    latest = (
        Game.objects.filter(round__event=event, round__status=RoundStatus.PUBLISHED, player_two__isnull=False)
        .values("round__number")
        .annotate(games=Count("id"), done=Count("id", filter=Q(result_status=ResultStatus.CONFIRMED)))
        .order_by("-round__number")
        .first()
    )
    if latest is None:
        return None
    return RoundProgress(number=latest["round__number"], results_in=latest["done"], games=latest["games"])


def round_games(round_: Round) -> QuerySet[Game]:
    return round_.games.select_related("table", "player_one", "player_two", "loser", "winner").order_by(
        "table__number", "id"
    )


def visible_rounds(access: EventAccess) -> QuerySet[Round]:
    """Staff see rounds still being reviewed; everyone else only published ones."""
    rounds = access.event.rounds.order_by("number")
    return rounds if access.is_staff else rounds.exclude(status=RoundStatus.PAIRED)


def current_round(access: EventAccess) -> Round | None:
    return visible_rounds(access).order_by("-number").first()


def player_games(player: Player) -> QuerySet[Game]:
    return _games_of(player.pk)


def _games_of(player_id: int) -> QuerySet[Game]:
    return (
        Game.objects.filter(Q(player_one_id=player_id) | Q(player_two_id=player_id))
        .exclude(round__status=RoundStatus.PAIRED)
        # The winner and the loser are one of the two players (templates/tournaments/
        # _game_result.html names them by id): not joined a second time.
        .select_related("round", "table", "player_one", "player_two")
        .order_by("-round__number")
    )


# The player's page's reads, run at every table at each round's end: compiled once
# (tournaments.prepared_queries). The draft is a reverse one-to-one of the judging app,
# named only as the relation it is, and joined so the game in play needs no query for it.
_GAMES_WITH_DRAFT: Prepared[Game] = Prepared(
    lambda player_id: _games_of(player_id).select_related("draft"), int
)
_ROSTERS_OF: Prepared[Roster] = Prepared(lambda player_id: Roster.objects.filter(player_id=player_id), int)
_OPPONENT_ROSTERS: Prepared[Roster] = Prepared(
    lambda player_id: Roster.objects.filter(player_id=player_id).select_related("player").order_by("slot"),
    int,
)
_REPORTS_OF: Prepared[ResultReport] = Prepared(
    lambda game_id: ResultReport.objects.filter(game_id=game_id, reporter__isnull=False).order_by(
        "created_at", "id"
    ),
    int,
)


_GAME_IN_PLAY: Prepared[Game] = Prepared(
    lambda player_id, event_id: (
        Game.objects.filter(Q(player_one_id=player_id) | Q(player_two_id=player_id), round__event_id=event_id)
        .filter(round__status=RoundStatus.PUBLISHED)
        .select_related("round", "table", "player_one", "player_two")
        .order_by("-round__number", "pk")[:1]
    ),
    int,
    int,
)


def player_page_games(player: Player) -> list[Game]:
    """`player_games` with each game's draft, and its winner and loser set from its players
    (`with_result_players`): the player's page's list, in one query compiled once."""
    return [with_result_players(game) for game in _GAMES_WITH_DRAFT(player.pk)]


def rosters_of(player: Player) -> list[Roster]:
    """The player's own rosters by slot, each holding `player` (as `player.rosters` would)."""
    rosters = _ROSTERS_OF(player.pk)
    for roster in rosters:
        roster.player = player
    return rosters


def players_reports(game: Game) -> list[ResultReport]:
    """The reports the game's players made (not the judges'), oldest first."""
    return _REPORTS_OF(game.pk)


def with_result_players(game: Game) -> Game:
    """`game` with its winner and loser set from its own two players (each is one of them),
    as a join of the players again would have loaded them: no query when they are read."""
    players = {p.pk: p for p in (game.player_one, game.player_two) if p is not None}
    for field in ("winner", "loser"):
        chosen = players.get(getattr(game, f"{field}_id"))
        if chosen is not None:
            setattr(game, field, chosen)
    return game


def game_in_play(player: Player, event: Event) -> Game | None:
    """The player's game in the event's published round, with what reporting reads of it.

    One query for that game alone (not the player's whole history), and `event` (the one
    the access check loaded) attached rather than read again: at a round's end every table
    reports at once, and each query is CPU the other tables wait for.
    """
    game = _GAME_IN_PLAY.first(player.pk, event.pk)
    if game is not None:
        game.round.event = event
    return game


def opponents_in_published_rounds(player: Player) -> set[int]:
    ids: set[int] = set()
    for one, two in player_games(player).values_list("player_one_id", "player_two_id"):
        ids.update(i for i in (one, two) if i is not None and i != player.pk)
    return ids


def rosters_public(event: Event) -> bool:
    """OP Guide: Submission and Publication — the TO's published policy decides; "hidden
    until the roster deadline" publishes them once they lock (`roster_lock`)."""
    now = timezone.now()
    if event.roster_publication == RosterPublication.AFTER_DEADLINE:
        return rosters_locked(event)
    if event.roster_publication == RosterPublication.ON_DATE:
        return event.rosters_published_at is not None and now >= event.rosters_published_at
    return False


def visible_rosters(access: EventAccess) -> QuerySet[Roster]:
    """Staff see every roster; players their own and, once paired, their opponents'."""
    rosters = (
        Roster.objects.filter(player__event=access.event)
        .select_related("player")
        .order_by("player__name", "slot")
    )
    if access.is_staff or rosters_public(access.event):
        return rosters
    allowed: set[int] = set()
    if access.player is not None:
        allowed = {access.player.pk} | opponents_in_published_rounds(access.player)
    return rosters.filter(player_id__in=allowed)


def public_factions(event: Event, players: Iterable[Player] | None = None) -> dict[str, str]:
    """Each player's faction by external id, for the names on pairings and standings; none
    at all until rosters are public (OP Guide: Submission and Publication: a player must
    not learn another's army early, so the shared pages wait for the published policy).

    The faction is the one the game system's verdict gave (`Roster.faction`); a dual list's
    two rosters read "A / B", or once where both are of one faction (StarCraft's OP Guide:
    Dual List Format asks for that). One query whatever the field's size; `players` reads
    only theirs (the stream overlay's two).
    """
    if not rosters_public(event):
        return {}
    factions: dict[str, list[str]] = {}
    rosters = Roster.objects.filter(player__event=event)
    if players is not None:
        rosters = rosters.filter(player__in=[p.pk for p in players])
    rows = (
        rosters.select_related("player")
        .only("slot", "document", "report", "player__external_id")
        .order_by("player_id", "slot")
    )
    for roster in rows:
        mine = factions.setdefault(roster.player.external_id, [])
        if (faction := roster.faction) and faction not in mine:
            mine.append(faction)
    return {player: " / ".join(names) for player, names in factions.items() if names}


def table_opponent_rosters(game: Game, me: Player) -> list[Roster]:
    """The rosters of `me`'s opponent in `game`, as `visible_rosters` shows them to `me`.

    A player always sees their opponent's rosters once the round is published (OP Guide:
    Submission and Publication; `visible_rosters` allows every opponent of a published
    round), so for the game in play this reads them directly, without first listing every
    earlier opponent: one query fewer on the player's page, the page every table loads
    at a round's end. Anything else (a round not published, a game `me` is not
    in, a bye) shows none.
    """
    if game.round.status != RoundStatus.PUBLISHED or me.pk not in (game.player_one_id, game.player_two_id):
        return []
    opponent_id = game.player_two_id if game.player_one_id == me.pk else game.player_one_id
    if opponent_id is None:
        return []
    return _OPPONENT_ROSTERS(opponent_id)


def judge_queue(event: Event) -> QuerySet[Game]:
    """Disputed results and games the system's review rule holds, oldest round first."""
    return (
        Game.objects.filter(round__event=event)
        .filter(Q(result_status=ResultStatus.DISPUTED) | Q(needs_review=True, reviewed_at__isnull=True))
        .select_related("round__event", "table", "player_one", "player_two", "loser", "winner")
        .prefetch_related("reports")
        .order_by("round__number", "table__number")
    )


# --- lookups and lists for the API (one or two queries each, whatever the event's size) ---


def side_events_listed(event: Event) -> QuerySet[Event]:
    """The event's side events, by name (OP Guide: Side Events)."""
    return Event.objects.filter(side_event_of=event).order_by("name", "pk")


def events_listed() -> QuerySet[Event]:
    return Event.objects.order_by("-starts_on", "name")


def report_by_key(player: Player, key: str) -> ResultReport | None:
    """The player's report stored under a client's idempotency key (none for an empty key)."""
    if not key:
        return None
    return _REPORT_BY_PLAYERS_KEY.first(player.pk, key)


_REPORT_BY_PLAYERS_KEY: Prepared[ResultReport] = Prepared(
    lambda player_id, key: ResultReport.objects.filter(
        reporter_id=player_id, idempotency_key=key
    ).select_related("game__round")[:1],
    int,
    str,
)


def user_by_username(username: str) -> AbstractBaseUser | None:
    user: AbstractBaseUser | None = get_user_model().objects.filter(username=username).first()
    return user


def event_players(event: Event) -> QuerySet[Player]:
    players = event.players.select_related("user", "invited_user").order_by("name", "id")
    # A team game's entrants carry their players (one query for all; none elsewhere).
    return players.prefetch_related("teammates") if event.team_size is not None else players


def event_teams(event: Event) -> list[tuple[Player, list[str]]]:
    """A team game's teams with their players' names, in two queries (docs/teams.md); empty
    for an event of one player a side."""
    if event.team_size is None:
        return []
    teams = event.players.prefetch_related("teammates").order_by("name", "id")
    return [(team, [m.name for m in team.teammates.all()]) for team in teams]


def team_players(event: Event, external_id: str) -> list[str]:
    """The players of the team with this id, in order; empty outside a team game."""
    if event.team_size is None:
        return []
    names = Teammate.objects.filter(team__event=event, team__external_id=external_id).order_by("position")
    return list(names.values_list("name", flat=True))


def event_staff(event: Event) -> QuerySet[StaffRole]:
    return event.staff.select_related("user").order_by("role", "user__username")


def roster_board(event: Event) -> QuerySet[Player]:
    """Every player with their rosters, submitted or not (the TO's checklist)."""
    return event.players.prefetch_related(
        Prefetch("rosters", queryset=Roster.objects.order_by("slot"))
    ).order_by("name", "id")


def audit_log(event: Event, *, to: bool) -> QuerySet[AuditEntry]:
    """The event's audit log, newest first; staff other than the TO (`to=False`) do not
    read the entries still sealed for the TO (tournaments.audit_sealing)."""
    entries = event.audit_log.select_related("actor").order_by("-created_at", "-id")
    if not to:
        entries = entries.exclude(action__in=sealed_actions(event))
    return entries


def staff_roles_of(user: AbstractBaseUser) -> QuerySet[StaffRole]:
    return StaffRole.objects.filter(user_id=user.pk).select_related("event")


def entries_of(user: AbstractBaseUser) -> QuerySet[Player]:
    return Player.objects.filter(user_id=user.pk).select_related("event")


def current_games(players: list[Player]) -> dict[int, Game]:
    """Each player's game in their event's published, still open round, by player id."""
    ids = [p.pk for p in players]
    games = (
        Game.objects.filter(Q(player_one_id__in=ids) | Q(player_two_id__in=ids))
        .filter(round__status=RoundStatus.PUBLISHED)
        .select_related("round", "table", "player_one", "player_two")
        .prefetch_related("reports")
        .order_by("round__number")
    )
    found: dict[int, Game] = {}
    for game in games:
        for pid in (game.player_one_id, game.player_two_id):
            if pid in ids:
                found[pid] = game
    return found


@dataclass(frozen=True)
class MySeat:
    """Where a player sits in the round under way: what the pairings page says above its
    shared (cached) table of every game."""

    round: int
    table: int | None
    layout: str
    opponent: str | None  # None: the bye


# Compiled once (tournaments.prepared_queries): the pairings page reads it on every load.
_SEAT = PreparedRows(
    lambda player_id: (
        Game.objects.filter(Q(player_one_id=player_id) | Q(player_two_id=player_id))
        .filter(round__status=RoundStatus.PUBLISHED)
        .order_by("-round__number", "pk")
        .values_list(
            "round__number",
            "table__number",
            "table__layout",
            "player_one_id",
            "player_one__name",
            "player_two__name",
        )[:1]
    ),
    int,
)


def seat_of(player: Player) -> MySeat | None:
    """The player's game in their event's published, still open round, in one narrow query:
    read on every load of the pairings page, so it fetches only the words it shows."""
    rows = _SEAT(player.pk)
    if not rows:
        return None
    number, table, layout, one_id, one_name, two_name = rows[0]
    opponent = two_name if one_id == player.pk else one_name
    return MySeat(round=number, table=table, layout=layout or "", opponent=opponent)


def rounds_overview(access: EventAccess) -> QuerySet[Round]:
    """The rounds the caller may see, each with `games_count` and `confirmed_count`."""
    return (
        visible_rounds(access)
        .select_related("event")
        .annotate(
            games_count=Count("games"),
            confirmed_count=Count("games", filter=Q(games__result_status=ResultStatus.CONFIRMED)),
        )
    )


def game_at_table(round_: Round, table: int) -> Game | None:
    return round_.games.filter(table__number=table).first()


def event_tables(event: Event) -> QuerySet[Table]:
    return event.tables.order_by("number")


def active_player_count(event: Event) -> int:
    """Players still in the event: not dropped, not disqualified, not the spare."""
    return (
        event.players.filter(dropped_after_round__isnull=True, disqualified_after_round__isnull=True)
        .exclude(spare=True)
        .count()
    )


@dataclass(frozen=True)
class MyEvent:
    """One event on a user's "My events" page: what they are there, and their entry."""

    event: Event
    roles: tuple[str, ...]  # StaffRoleKind values, in the OP Guide's order (TO first)
    player: Player | None

    @property
    def role_labels(self) -> list[str]:
        labels = dict(StaffRoleKind.choices)
        return [str(labels[role]) for role in self.roles]

    @property
    def organises(self) -> bool:
        return StaffRoleKind.TO.value in self.roles

    @property
    def judges(self) -> bool:
        return bool({StaffRoleKind.HEAD_JUDGE.value, StaffRoleKind.FLOOR_JUDGE.value} & set(self.roles))


# The fields of an event "My events" shows (templates/tournaments/my_events.html).
MY_EVENT_FIELDS = ("name", "slug", "starts_on", "venue", "status")


_SHOWN = ["event_id", "user_id", *(f"event__{name}" for name in MY_EVENT_FIELDS)]


# My events' two reads, compiled once (tournaments.prepared_queries), and only what the
# page shows of each event: a row of the whole event (fifty columns) costs twice as much to
# ask for and to build.
def _users_rows_with_event(model: type[M], *fields: str) -> Prepared[M]:
    """The user's rows of `model` with `fields` and the event's shown fields joined."""
    return Prepared(
        lambda user_id: (
            model._default_manager.filter(user_id=user_id).select_related("event").only(*fields, *_SHOWN)
        ),
        int,
    )


_MY_STAFF_ROLES = _users_rows_with_event(StaffRole, "role")
_MY_ENTRIES = _users_rows_with_event(Player, "dropped_after_round")


def my_events(user: AbstractBaseUser) -> list[MyEvent]:
    """Every event where the user plays or is staff: undated drafts first, then latest first (two queries)."""
    events: dict[int, Event] = {}
    roles: dict[int, list[str]] = {}
    order = [kind.value for kind in StaffRoleKind]
    for staff in _MY_STAFF_ROLES(user.pk):
        events[staff.event_id] = staff.event
        roles.setdefault(staff.event_id, []).append(staff.role)
    entries = {entry.event_id: entry for entry in _MY_ENTRIES(user.pk)}
    for event_id, entry in entries.items():
        events[event_id] = entry.event
    rows = [
        MyEvent(
            event=event,
            roles=tuple(sorted(roles.get(event_id, []), key=order.index)),
            player=entries.get(event_id),
        )
        for event_id, event in events.items()
    ]
    far_future = dt.date.max
    return sorted(rows, key=lambda row: (-(row.event.starts_on or far_future).toordinal(), row.event.name))


def supplied_pack(event: Event) -> EventPack | None:
    """The pack the TO supplied for the event, if any (docs/rosters.md)."""
    return EventPack.objects.filter(event=event).first()


# --- pre-round checks ---------------------------------------------------------------------

NOT_READY_REASONS = {
    "no-roster": "has no roster",
    "illegal-roster": "has an illegal roster",
    "not-checked-in": "is not checked in",
    "results-missing": "has no confirmed result in the last round",
    "in-main-round": "is playing a round of the main event now",
}
# The same reasons for a count of players ("5 have no roster"); the badge's short label.
_NOT_READY_PLURAL = {
    "no-roster": "have no roster",
    "illegal-roster": "have an illegal roster",
    "not-checked-in": "are not checked in",
    "results-missing": "have no confirmed result in the last round",
    "in-main-round": "are playing a round of the main event now",
}
NOT_READY_LABELS = {
    "no-roster": "no roster",
    "illegal-roster": "illegal roster",
    "not-checked-in": "not checked in",
    "results-missing": "result missing",
    "in-main-round": "in a main-event round",
}


@dataclass(frozen=True)
class NotReady:
    """One reason one player is not ready for the next round. `code` is stable (the API's
    `problems[].code`); `reason` is the sentence the TO reads."""

    player: Player
    code: str  # a key of NOT_READY_REASONS

    @property
    def reason(self) -> str:
        return f"{self.player.name} {NOT_READY_REASONS[self.code]}."

    @property
    def label(self) -> str:
        return NOT_READY_LABELS[self.code]

    def as_dict(self) -> dict[str, str]:
        return {
            "player": self.player.external_id,
            "name": self.player.name,
            "code": self.code,
            "message": self.reason,
        }


# How many names a grouped problem lists before the rest fold away ("and 56 more").
NAMES_SHOWN = 8


@dataclass(frozen=True)
class NotReadyGroup:
    """Every player not ready for one reason, as one line of the pre-round check: a 64-player
    event without rosters yet is one line naming them, not 64 identical ones."""

    code: str  # a key of NOT_READY_REASONS
    names: tuple[str, ...]  # alphabetical, accents and case ignored

    @property
    def label(self) -> str:
        return NOT_READY_LABELS[self.code]

    @property
    def heading(self) -> str:
        """ "Ada has no roster." for one player; "64 players have no roster:" before the names."""
        if len(self.names) == 1:
            return f"{self.names[0]} {NOT_READY_REASONS[self.code]}."
        return f"{len(self.names)} players {_NOT_READY_PLURAL[self.code]}:"

    @property
    def shown(self) -> tuple[str, ...]:
        """The names listed in the line (none where the heading names the one player)."""
        return self.names[:NAMES_SHOWN] if len(self.names) > 1 else ()

    @property
    def hidden(self) -> tuple[str, ...]:
        """The names folded under "and N more"."""
        return self.names[NAMES_SHOWN:] if len(self.names) > 1 else ()


def group_not_ready(problems: list[NotReady]) -> list[NotReadyGroup]:
    """The problems by reason, in the reasons' order (no roster first, as the check runs)."""
    names: dict[str, list[str]] = {}
    for problem in problems:
        names.setdefault(problem.code, []).append(problem.player.name)
    return [
        NotReadyGroup(code, tuple(sorted(names[code], key=lambda n: (name_key(n), n))))
        for code in NOT_READY_REASONS
        if code in names
    ]


def readiness_summary(problems: list[NotReady]) -> str:
    """ "5 players have no roster, 1 player has an illegal roster" — counts in reason order."""
    parts = []
    for code, singular in NOT_READY_REASONS.items():
        count = sum(1 for p in problems if p.code == code)
        if count:
            plural = _NOT_READY_PLURAL[code]
            parts.append(f"1 player {singular}" if count == 1 else f"{count} players {plural}")
    return ", ".join(parts)


def uses_check_in(event: Event) -> bool:
    """Whether players are expected to check in: always at a competitive event (its players
    are paired only once they are known to be at the venue), elsewhere once the TO has
    checked anyone in."""
    if event.kind == EventKind.COMPETITIVE:
        return True
    return event.players.filter(checked_in_at__isnull=False).exists()


def round_readiness(event: Event, *, number: int, players: list[Player] | None = None) -> list[NotReady]:
    """What is not ready for round `number` (before it is paired, and again before it is
    published): each active player without a roster or with a roster whose stored verdict
    is illegal, not checked in where the event uses check-in, or whose game in the round
    before has no confirmed (and reviewed) result. One place for the pair and publish
    checks of the web and the API and for the badges on the roster board and in the draft.

    At a side event, also each player seated in the main event's round being played
    (`in-main-round`).

    At most five queries: the players with their rosters (none when the caller has them
    loaded already, `roster_board`'s rows), whether check-in is used, the games of the
    round before, and at a side event the main event's games in play.
    """
    if players is None:
        players = list(roster_board(event))
    players = [
        p
        for p in players
        if p.dropped_after_round is None and p.disqualified_after_round is None and not p.spare
    ]
    preview = cut_preview(event, number)
    if preview is not None:
        # A round of the top cut: only the players still in it play.
        in_cut = {p.pk for p in preview.players}
        players = [p for p in players if p.pk in in_cut]
    check_in = uses_check_in(event)
    unfinished: set[int] = set()
    if number > 1:
        for game in Game.objects.filter(round__event=event, round__number=number - 1):
            done = game.result_status == ResultStatus.CONFIRMED and (
                not game.needs_review or game.reviewed_at is not None
            )
            if not done:
                unfinished.update(pid for pid in (game.player_one_id, game.player_two_id) if pid)
    problems: list[NotReady] = []
    for player in players:
        rosters = list(player.rosters.all())
        if not rosters:
            problems.append(NotReady(player, "no-roster"))
        elif any(not roster.legal for roster in rosters):
            problems.append(NotReady(player, "illegal-roster"))
        if check_in and player.checked_in_at is None:
            problems.append(NotReady(player, "not-checked-in"))
        if player.pk in unfinished:
            problems.append(NotReady(player, "results-missing"))
    if event.side_event_of_id is not None:
        busy = _in_main_event_round(event, players)
        problems += [NotReady(p, "in-main-round") for p in players if p.pk in busy]
    return problems


def _in_main_event_round(side: Event, players: list[Player]) -> set[int]:
    """The side event's players (by row id) whose account is seated in a game of the main
    event's round being played now (published, not closed): pairing them here would book
    them twice (OP Guide: Side Events are played around the main event, never over it)."""
    accounts = {p.user_id: p.pk for p in players if p.user_id is not None}
    if not accounts:
        return set()
    games = Game.objects.filter(
        round__event_id=side.side_event_of_id or 0, round__status=RoundStatus.PUBLISHED
    ).filter(Q(player_one__user_id__in=accounts) | Q(player_two__user_id__in=accounts))
    busy: set[int] = set()
    for one, two in games.values_list("player_one__user_id", "player_two__user_id"):
        busy.update(accounts[u] for u in (one, two) if u in accounts)
    return busy


def upcoming_round_number(event: Event) -> int | None:
    """The round being prepared: one paired but not yet published, else the next to pair
    (None once every planned round is paired)."""
    last = event.rounds.order_by("-number").first()
    if last is not None and last.status == RoundStatus.PAIRED:
        return last.number
    number = (last.number if last else 0) + 1
    return number if number <= last_round_number(event) else None


def not_ready_by_player(problems: list[NotReady]) -> dict[int, list[NotReady]]:
    """The problems grouped by player id, for badges next to each name."""
    out: dict[int, list[NotReady]] = {}
    for problem in problems:
        out.setdefault(problem.player.pk, []).append(problem)
    return out


@dataclass(frozen=True)
class SideEventRow:
    """A side event as its main event's page lists it, for one caller."""

    event: Event
    slots: list[RoundSlot]
    joined: bool  # the caller plays in it
    can_join: bool  # the caller may join in one tap (a main-event player not in it yet)
    # Why a main-event player not in it can no longer join ("" when they can, or it is not
    # theirs to join): said on the page rather than the Join button just going away.
    join_closed: str = ""


def registration_is_open(event: Event) -> bool:
    """As services.players.registration_closed_reason: not under way or finished, and open."""
    return event.registration_open and event.status not in (EventStatus.RUNNING, EventStatus.FINISHED)


def join_closed_reason(event: Event) -> str:
    """Why nobody can join `event` now, in a sentence ("" while registration is open)."""
    if event.status == EventStatus.FINISHED:
        return "Joining is closed: it has finished."
    if event.status == EventStatus.RUNNING:
        return "Joining is closed: it has started."
    if not event.registration_open:
        return "Joining is closed: the TO has closed registration."
    return ""


def side_events_of(event: Event, user: AbstractBaseUser | AnonymousUser) -> list[SideEventRow]:
    """The event's side events (OP Guide: Side Events), each with its schedule and whether the
    caller is in it or may join it in one tap; two queries beyond the side events."""
    sides = list(Event.objects.filter(side_event_of=event).order_by("name"))
    if not sides:
        return []
    user_pk = user.pk if user.is_authenticated else None
    main_entry = Player.objects.filter(event=event, user_id=user_pk).first() if user_pk is not None else None
    joined = (
        set(Player.objects.filter(event__in=sides, user_id=user_pk).values_list("event_id", flat=True))
        if user_pk is not None
        else set()
    )
    may_join = main_entry is not None and main_entry.disqualified_after_round is None
    return [
        SideEventRow(
            event=side,
            slots=event_slots(side),
            joined=side.pk in joined,
            can_join=may_join and side.pk not in joined and registration_is_open(side),
            join_closed=join_closed_reason(side) if may_join and side.pk not in joined else "",
        )
        for side in sides
    ]
