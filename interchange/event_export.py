"""Writing an event from the database as event/1: `export_event` (the whole file, or the
public one) and `event_file_from_db` (the event/1 dataclasses alone).

What an export carries beyond event/1 is told in `interchange.event_fields`;
`interchange.event_import` reads it back, losing nothing.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import models
from django.db.models import Prefetch, Q

from awards.models import Award
from interchange.event_fields import (
    DETAILS,
    EVENT_FIELDS,
    GAME_FIELDS,
    IMPORTED_ROUND_DEFAULTS,
    INVITED_USER,
    PENDING,
    PLAYER_FIELDS,
    PLAYER_FIELDS_NOT_PUBLIC,
    ROSTERS,
    ROUND_ALWAYS,
    ROUND_FIELDS,
    ROUND_FIELDS_NOT_PUBLIC,
    SIDE_EVENT_OF,
    SIDE_EVENTS,
    STASH,
    TEAMMATES,
    USER,
    VALIDATION,
    scored_defaults,
)
from interchange.pack_section import PACK, pack_json
from interchange.platform_records import (
    REPORTS,
    RecordWriter,
    StoredRecords,
    fetch_records,
    game_ref,
    usernames,
)
from interchange.team_section import round_matches, team_keys
from interchange.values import json_value
from rosters.models import Roster
from rules_engine.game_system import GameSystem
from standings.eventfile import event_to_json
from standings.records import (
    BYE,
    CUT,
    OUTCOMES,
    OUTCOMES_WITH_LOSER,
    PLAYED,
    SWISS,
    EventFile,
    EventGame,
    EventPlayer,
    EventRound,
    EventTable,
)
from team_match.eventfile import MATCHES
from tournaments.bridges.record import SCORING, event_cut, event_scoring
from tournaments.models import Event, Game, Player, Round, RoundStatus, Table
from tournaments.selectors import rosters_public


def _default(model: type[models.Model], name: str, overrides: Mapping[str, Any]) -> Any:
    if name in overrides:
        return overrides[name]
    field = model._meta.get_field(name)
    assert isinstance(field, models.Field), "only concrete fields are listed"
    return field.get_default()


def _put_fields(
    obj: models.Model,
    names: Iterable[str],
    out: dict[str, Any],
    *,
    always: Iterable[str] = (),
    defaults: Mapping[str, Any] | None = None,
) -> None:
    """Write the object's fields into `out`: those in `always`, the rest when not at their default."""
    keep = set(always)
    for name in names:
        value = getattr(obj, name)
        if name in keep or defaults is None or value != _default(type(obj), name, defaults):
            out[name] = json_value(value)


def _is_scored(game: Game) -> bool:
    """Can this game stand in event/1 `games` (which only holds games with a result)?"""
    if game.outcome not in OUTCOMES:
        return False
    if (game.outcome == BYE) != (game.player_two_id is None):
        return False
    if game.outcome == PLAYED and (game.vp_one is None or game.vp_two is None) and game.winner_id is None:
        return False
    return (game.outcome in OUTCOMES_WITH_LOSER) == (game.loser_id is not None)


def _roster_json(roster: Roster) -> dict[str, Any]:
    document = dict(roster.document) if isinstance(roster.document, dict) else {"document": roster.document}
    document[VALIDATION] = {
        "slot": roster.slot,
        "legal": roster.legal,
        "report": roster.report,
        "submitted_at": json_value(roster.submitted_at),
    }
    return document


@dataclass(frozen=True)
class _Rows:
    """The event's core rows, one query per kind."""

    tables: list[Table]
    players: list[Player]
    rounds: list[Round]
    games: list[Game]


def _rows(event: Event, *, rosters: bool) -> _Rows:
    player_rows = event.players.order_by("id")
    if rosters:
        by_slot = Prefetch("rosters", queryset=Roster.objects.order_by("slot"))
        player_rows = player_rows.prefetch_related(by_slot)
    if event.team_size is not None:
        player_rows = player_rows.prefetch_related("teammates")
    return _Rows(
        tables=list(event.tables.order_by("number")),
        players=list(player_rows),
        rounds=list(event.rounds.order_by("number")),
        games=list(Game.objects.filter(round__event=event).order_by("id")),
    )


def _stash(event: Event) -> dict[str, Any]:
    stash = event.extra.get(STASH, {}) if isinstance(event.extra, dict) else {}
    return stash if isinstance(stash, dict) else {}


@dataclass(frozen=True)
class _Writing:
    """What writing an event's core needs: the file's references for its rows, and what to include."""

    system: GameSystem
    ext: Mapping[int, str]  # player id -> event/1 id
    table_number: Mapping[int, int]  # table id -> number
    rosters: bool
    users: Mapping[int, str] | None  # account id -> username; None: accounts not written
    reports: Mapping[int, list[dict[str, Any]]] | None  # game id -> its reports; None: not written
    public: bool
    team_game: bool = False  # docs/teams.md: each player entry is a team with its teammates

    def add_reports(self, game: Game, extra: dict[str, Any]) -> None:
        if self.reports is not None and game.id in self.reports:
            extra[REPORTS] = self.reports[game.id]

    def add_details(self, game: Game, extra: dict[str, Any]) -> None:
        """The declared extras at the game's level (as older exports wrote them), the rest in `details`."""
        details = dict(game.details or {})
        for declared in self.system.result_extras:
            if declared.key in details:
                extra[declared.key] = details.pop(declared.key)
        if details:
            extra[DETAILS] = details


def _scored_game(game: Game, w: _Writing) -> EventGame:
    """A game with a result, as an event/1 game; model fields off their defaults as extra fields."""
    ext = w.ext
    ids = (ext[game.player_one_id],) + ((ext[game.player_two_id],) if game.player_two_id else ())
    extra = dict(game.extra)
    _put_fields(game, GAME_FIELDS, extra, defaults=scored_defaults())
    w.add_details(game, extra)
    w.add_reports(game, extra)
    return EventGame(
        players=ids,
        outcome=game.outcome,
        vp=(game.vp_one, game.vp_two) if game.vp_one is not None and game.vp_two is not None else None,
        kp=(game.kp_one, game.kp_two) if game.kp_one is not None and game.kp_two is not None else None,
        winner=ext[game.winner_id] if game.winner_id is not None else None,
        loser=ext[game.loser_id] if game.loser_id is not None else None,
        table=w.table_number[game.table_id] if game.table_id is not None else None,
        extra=extra,
    )


def _pending_game_json(game: Game, w: _Writing) -> dict[str, Any]:
    """A game without a result, for the round's `pending` list (outcome and VP when it has them)."""
    ext = w.ext
    entry: dict[str, Any] = {}
    if game.table_id is not None:
        entry["table"] = w.table_number[game.table_id]
    entry["players"] = [ext[game.player_one_id]]
    if game.player_two_id is not None:
        entry["players"].append(ext[game.player_two_id])
    if game.outcome:
        entry["outcome"] = game.outcome
    if game.vp_one is not None or game.vp_two is not None:
        entry["vp"] = [game.vp_one, game.vp_two]
    if game.kp_one is not None and game.kp_two is not None:
        entry["kp"] = [game.kp_one, game.kp_two]
    if game.loser_id is not None:
        entry["loser"] = ext[game.loser_id]
    if game.winner_id is not None:
        entry["winner"] = ext[game.winner_id]
    entry.update(game.extra)
    _put_fields(game, GAME_FIELDS, entry, defaults={})
    w.add_details(game, entry)
    w.add_reports(game, entry)
    return entry


def _event_round(
    row: Round,
    games: Sequence[Game],
    kept: Mapping[str, Any],
    w: _Writing,
    matches: list[dict[str, Any]] | None = None,
) -> EventRound:
    """A round: its scored games, and as extra fields its settings, pending games, a team
    tournament's matches and kept fields."""
    extra: dict[str, Any] = {}
    _put_fields(row, ROUND_FIELDS, extra, always=ROUND_ALWAYS, defaults=IMPORTED_ROUND_DEFAULTS)
    waiting = [_pending_game_json(g, w) for g in games if not _is_scored(g)]
    if waiting:
        extra[PENDING] = waiting
    if matches is not None:
        extra[MATCHES] = matches
    extra.update(kept)
    if w.public:
        for name in ROUND_FIELDS_NOT_PUBLIC:
            extra.pop(name, None)
    scored = tuple(_scored_game(g, w) for g in games if _is_scored(g))
    stage, seeds = extra.pop("stage", SWISS), extra.pop("seeds", None)
    return EventRound(
        number=row.number,
        games=scored,
        extra=extra,
        stage=CUT if stage == CUT else SWISS,
        seeds=tuple(seeds) if isinstance(seeds, list) else None,
    )


def _event_player(player: Player, w: _Writing) -> EventPlayer:
    """A player; model fields, the account and the rosters as extra fields (no e-mail when public)."""
    extra = dict(player.extra)
    _put_fields(player, PLAYER_FIELDS, extra, defaults={})
    if w.public:
        extra.pop("email", None)
        extra.pop(USER, None)  # an unlinked seat's username, kept from an import
        extra.pop(INVITED_USER, None)
        for name in PLAYER_FIELDS_NOT_PUBLIC:
            extra.pop(name, None)
    elif w.users is not None:
        if player.user_id is not None:
            extra[USER] = w.users.get(player.user_id)
        if player.invited_user_id is not None:
            extra[INVITED_USER] = w.users.get(player.invited_user_id)
    if w.rosters:
        documents = [_roster_json(r) for r in player.rosters.all()]
        if documents:
            extra[ROSTERS] = documents
    # A team game's teams carry their players (prefetched); no query for anyone else.
    names = [m.name for m in player.teammates.all()] if w.team_game else []
    if names:
        extra[TEAMMATES] = names
    return EventPlayer(
        id=player.external_id,
        name=player.name,
        spare=player.spare,
        dropped_after_round=player.dropped_after_round,
        disqualified_after_round=player.disqualified_after_round,
        extra=extra,
    )


def _side_event_links(event: Event) -> dict[str, Any]:
    """`side_event_of` (the main event's slug) and `side_events` (its side events' slugs), in one query.

    A link the import could not make (the main event is not on this installation, or the
    side events were not imported with it) is kept in Event.extra and written back, so the
    file says what it said; the side events listed are those stored here and those kept.
    """
    linked = dict(
        Event.objects.filter(Q(side_event_of=event.pk) | Q(pk=event.side_event_of_id or 0)).values_list(
            "pk", "slug"
        )
    )
    main_slug = linked.pop(event.side_event_of_id, None) if event.side_event_of_id else None
    kept = event.extra if isinstance(event.extra, dict) else {}
    out: dict[str, Any] = {}
    main = main_slug if main_slug is not None else kept.get(SIDE_EVENT_OF)
    if main is not None:
        out[SIDE_EVENT_OF] = main
    sides = set(linked.values())
    if isinstance(kept.get(SIDE_EVENTS), list):
        sides |= {slug for slug in kept[SIDE_EVENTS] if isinstance(slug, str)}
    if sides:
        out[SIDE_EVENTS] = sorted(sides)
    return out


def _event_settings(event: Event, *, public: bool) -> dict[str, Any]:
    """The event's extra fields: the slug, every setting (no join code when public), then its own extra."""
    event_extra: dict[str, Any] = {"slug": event.slug}
    _put_fields(event, EVENT_FIELDS, event_extra)
    if event.team_size is None:
        # One player a side: the file says nothing of teams (docs/event-files.md, "Team games").
        event_extra.pop("team_size", None)
        event_extra.pop("team_budget", None)
    if public:
        event_extra.pop("join_code", None)
    for key, value in event.extra.items():
        if key not in (STASH, SCORING) and key not in event_extra:
            event_extra[key] = value
    return event_extra


def _event_file(
    event: Event,
    rows: _Rows,
    *,
    rosters: bool,
    users: Mapping[int, str] | None = None,
    reports: Mapping[int, list[dict[str, Any]]] | None = None,
    public: bool = False,
) -> EventFile:
    """The core rows as an EventFile; with `users` and `reports`, players' accounts and games' reports too."""
    games_by_round: dict[int, list[Game]] = {r.id: [] for r in rows.rounds}
    for game in rows.games:
        games_by_round[game.round_id].append(game)
    w = _Writing(
        system=event.system,
        ext={p.id: p.external_id for p in rows.players},
        table_number={t.id: t.number for t in rows.tables},
        rosters=rosters,
        users=users,
        reports=reports,
        public=public,
        team_game=event.team_size is not None,
    )
    stash = _stash(event)
    table_extra = stash.get("tables", {})
    round_extra = stash.get("rounds", {})
    settings = _event_settings(event, public=public)
    matches: Mapping[int, list[dict[str, Any]]] = {}
    if event.squad_size is not None:
        # A team tournament (docs/event-files.md, "Team tournaments"): two queries more.
        settings.update(team_keys(event, rows.players, stash, public=public))
        matches = round_matches(rows.rounds, stash, public=public)
    return EventFile(
        name=event.name,
        game_system=event.game_system,
        scale=event.scale,
        kind=event.kind,
        tables=tuple(
            EventTable(number=t.number, layout=t.layout, extra=table_extra.get(str(t.number), {}))
            for t in rows.tables
        ),
        players=tuple(_event_player(p, w) for p in rows.players),
        rounds=tuple(
            _event_round(r, games_by_round[r.id], round_extra.get(str(r.number), {}), w, matches.get(r.id))
            for r in rows.rounds
        ),
        extra=settings,
        scoring=event_scoring(event),
        cut=event_cut(event),
    )


def event_file_from_db(event: Event, *, rosters: bool = True) -> EventFile:
    """The event as an EventFile, in a fixed number of queries whatever its size.

    Used by `export_event` and by the web app to run the pure standings engine. Pass
    `rosters=False` to skip the roster documents when only results matter. The records
    beyond the core (reports, staff, penalties, ...) are only read by `export_event`.
    """
    return _event_file(event, _rows(event, rosters=rosters), rosters=rosters)


def _award_as_shown(award: models.Model) -> models.Model:
    """An award as the public awards page shows it: no tie the TO broke (an unsaved copy)."""
    assert isinstance(award, Award)
    shown = copy.copy(award)
    shown.tie_among = []
    shown.tie_chosen_id = None
    return shown


def _published_only(event: Event, rows: _Rows, stored: StoredRecords) -> tuple[_Rows, StoredRecords, bool]:
    """What the event's public pages show, for a public export; and whether rosters are shown.

    Beyond PUBLIC_OMITS, a public file must not get ahead of the pages: a round paired but
    not yet published is left out with everything on it (OP Guide: pairings are announced
    by the TO), a draft under way is left out (its blind choices are secret until both have
    chosen: Pre-Game Sequence), and until the event's roster publication policy makes
    rosters public (OP Guide: Submission and Publication) the roster documents and the
    roster findings, which quote them, are left out.
    """
    shown = {r.id for r in rows.rounds if r.status != RoundStatus.PAIRED}
    games = [g for g in rows.games if g.round_id in shown]
    game_ids = {g.id for g in games}

    def on_show(row: models.Model) -> bool:
        game_id, round_id = getattr(row, "game_id", None), getattr(row, "round_id", None)
        return (game_id is None or game_id in game_ids) and (round_id is None or round_id in shown)

    with_rosters = rosters_public(event)
    sections = {key: [r for r in items if on_show(r)] for key, items in stored.sections.items()}
    # The tallies and ties are the TO's (docs/awards.md): a public file shows the awards on
    # offer and, once published, their winners, as the awards page does.
    sections["awards"] = [_award_as_shown(a) for a in sections.get("awards", [])]
    return (
        _Rows(
            tables=rows.tables,
            players=rows.players,
            rounds=[r for r in rows.rounds if r.id in shown],
            games=games,
        ),
        StoredRecords(staff=[], reports=[], sections=sections),
        with_rosters,
    )


def export_event(event: Event, *, public: bool = False) -> dict[str, Any]:
    """The whole event as an event/1 document; `import_event` reads it back losslessly.

    A fixed number of queries whatever the event's size: the core rows (5), the staff, the
    reports and each section (one each), and the usernames (1). `public=True` gives what
    anyone may read: it leaves out what a TO must not publish (PUBLIC_OMITS: conduct
    reports, e-mails, the join code and the audit log, and every account: no staff list,
    no username anywhere) and what the public pages do not show yet (see `_published_only`).
    """
    rows = _rows(event, rosters=True)
    stored = fetch_records(event, public=public)
    with_rosters = True
    if public:
        rows, stored, with_rosters = _published_only(event, rows, stored)
    # A public file names no account (PUBLIC_OMITS): the usernames are not even read.
    users = (
        {}
        if public
        else usernames(
            {p.user_id for p in rows.players if p.user_id is not None}
            | {p.invited_user_id for p in rows.players if p.invited_user_id is not None}
            | stored.user_ids()
        )
    )
    ext = {p.id: p.external_id for p in rows.players}
    round_number = {r.id: r.number for r in rows.rounds}
    table_number = {t.id: t.number for t in rows.tables}
    writer = RecordWriter(
        players=ext,
        games={
            g.id: game_ref(g, round_number[g.round_id], table_number.get(g.table_id or 0), ext)
            for g in rows.games
        },
        rounds=round_number,
        rosters={r.id: (p.external_id, r.slot) for p in rows.players for r in p.rosters.all()},
        users=users,
        stash=_stash(event),
        public=public,
    )
    reports = None if public else writer.reports(stored)
    core = _event_file(event, rows, rosters=with_rosters, users=users, reports=reports, public=public)
    data = event_to_json(core)
    data.update(_side_event_links(event))
    data.update(writer.sections(stored))
    pack = pack_json(event)
    if pack is not None:
        data[PACK] = pack
    return data
