"""The faction statistics' bridge: an event's (or a series') games → the pure
`faction_stats` engine (docs/faction-stats.md).

What is read: the confirmed results of published or closed rounds (a top cut's included),
and only once the event's rosters are public (`rosters_public`: OP Guide, Submission and
Publication: a player must not learn another's army early, and a faction's record tells).
Byes, no-shows, double no-shows and Game Loss penalties are not games played and are left
out; a concession and a complete victory were played, and count. Who won is what the game
earned each side under the event's scoring (`standings.game_scores.score_game`): the side
with more Match Points won, equal Match Points are a draw, whatever the game system.

A player's faction for a game: the game does not record which of a dual list's two
rosters was played (the draft keeps its choice privately), so a player counts as their
first roster's faction. Dual lists of one faction (StarCraft's OP Guide asks for that) are
exact; a player with two factions counts as the first. A team game's entrant is a team of
armies: it counts as its teammates' factions together ("A + B", alphabetical).
"""

from __future__ import annotations

from dataclasses import dataclass

from faction_stats import A_WON, B_WON, DRAW, FactionGame, FactionStats, faction_stats
from rosters.models import Roster
from seasons.models import Series
from seasons.selectors import series_events
from standings.game_scores import score_game
from standings.records import COMPLETE_VICTORY, CONCESSION, PLAYED, EventGame
from standings.records import DRAW as DRAWN
from tournaments.bridges.record import event_scoring, is_scored
from tournaments.models import Event, EventStatus, Game, ResultStatus, RoundStatus
from tournaments.selectors import rosters_public

# The outcomes of a game played to an end (docs/faction-stats.md, "What is counted").
PLAYED_OUTCOMES = frozenset({PLAYED, DRAWN, CONCESSION, COMPLETE_VICTORY})
TEAM_JOIN = " + "


@dataclass(frozen=True)
class EventFactionGames:
    event: Event
    public: bool  # are the rosters public? (nothing is read before)
    games: tuple[FactionGame, ...]
    # Games counted but for a side without a faction (no roster, or one naming none).
    unknown: int


@dataclass(frozen=True)
class FactionReport:
    """The statistics with what they were drawn from."""

    stats: FactionStats
    public: bool
    events: tuple[Event, ...]  # the events whose games are counted
    unknown: int


def player_factions(event: Event) -> dict[int, str]:
    """Each player's faction for the statistics, by Player pk (one query): see the module."""
    rows = (
        Roster.objects.filter(player__event=event)
        .only("slot", "document", "report", "player_id")
        .order_by("player_id", "slot")
    )
    found: dict[int, list[str]] = {}
    for roster in rows:
        if faction := roster.faction:
            found.setdefault(roster.player_id, []).append(faction)
    if event.is_team_game:
        return {pk: TEAM_JOIN.join(sorted(set(names))) for pk, names in found.items()}
    return {pk: names[0] for pk, names in found.items()}


def event_faction_games(event: Event) -> EventFactionGames:
    """The event's games as the engine reads them; none while its rosters are hidden."""
    if not rosters_public(event):
        return EventFactionGames(event, False, (), 0)
    factions = player_factions(event)
    scoring = event.system.scoring_for(event.scale)
    override = event_scoring(event)
    if override is not None:
        scoring = override.apply(scoring)
    rows = (
        Game.objects.filter(
            round__event=event,
            round__status__in=(RoundStatus.PUBLISHED, RoundStatus.CLOSED),
            result_status=ResultStatus.CONFIRMED,
            player_two__isnull=False,
            outcome__in=PLAYED_OUTCOMES,
        )
        .order_by("round__number", "id")
        .values_list(
            "player_one_id",
            "player_two_id",
            "outcome",
            "vp_one",
            "vp_two",
            "loser_id",
            "kp_one",
            "kp_two",
            "winner_id",
        )
    )
    games: list[FactionGame] = []
    unknown = 0
    for one, two, outcome, vp_one, vp_two, loser, kp_one, kp_two, winner in rows:
        if not is_scored(
            outcome=outcome,
            has_opponent=True,
            vp_one=vp_one,
            vp_two=vp_two,
            has_loser=loser is not None,
            has_winner=winner is not None,
        ):
            continue
        first, second = str(one), str(two)
        game = EventGame(
            players=(first, second),
            outcome=outcome,
            vp=(vp_one, vp_two) if vp_one is not None and vp_two is not None else None,
            loser=str(loser) if loser is not None else None,
            kp=(kp_one, kp_two) if kp_one is not None and kp_two is not None else None,
            winner=str(winner) if winner is not None else None,
        )
        a, b = score_game(game, scoring)
        faction_a, faction_b = factions.get(one, ""), factions.get(two, "")
        if not faction_a or not faction_b:
            unknown += 1
            continue
        result = A_WON if a.mp > b.mp else B_WON if b.mp > a.mp else DRAW
        games.append(FactionGame(faction_a, faction_b, result))
    return EventFactionGames(event, True, tuple(games), unknown)


def event_faction_report(event: Event) -> FactionReport:
    read = event_faction_games(event)
    return FactionReport(
        stats=faction_stats(read.games),
        public=read.public,
        events=(event,) if read.public else (),
        unknown=read.unknown,
    )


def series_faction_report(series: Series) -> FactionReport:
    """Over the series' finished events whose rosters are public (the others are left out)."""
    reads = [event_faction_games(e) for e in series_events(series) if e.status == EventStatus.FINISHED]
    counted = [r for r in reads if r.public]
    return FactionReport(
        stats=faction_stats(g for r in counted for g in r.games),
        public=bool(counted),
        events=tuple(r.event for r in counted),
        unknown=sum(r.unknown for r in counted),
    )
