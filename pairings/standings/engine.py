"""Standings exactly as the Organised Play Guide defines them ("Scoring and Standings").

Pure Python: the `standings` command runs it on an event/1 file with no database, and the
web app runs it on `tournaments.eventio.event_file_from_db(event)`. What a single game is
worth comes from `pairings.results.score_game`; this module only adds games up, builds the
opponent pools and orders the players.

Exactness: SoS and oTP are means, compared unrounded (OP Guide: When to Calculate Them).
Each is kept as an integer sum over an integer pool size. For sorting, every mean is
scaled to one common denominator (the least common multiple of the pool sizes, at most
lcm(1..rounds)), which turns the comparison into integer comparison: exact like
`fractions.Fraction`, at the speed of ints. The published values are Fractions.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from pairings.eventfile import (
    BYE,
    OUTCOMES,
    OUTCOMES_WITH_LOSER,
    PLAYED,
    EventFile,
    EventGame,
    EventPlayer,
    EventRound,
)
from pairings.results import PlayerResult, score_game
from rules_engine.registry import UnknownGameSystem, get_system
from rules_engine.scoring import ScoringTable

# Why a game is left out of a player's SoS/oTP pool. The first three come from
# `score_game` (OP Guide: Which Games Count); "spare" is added here.
EXCLUDED_BYE = "bye"
EXCLUDED_NO_SHOW = "no-show"
EXCLUDED_DOUBLE_NO_SHOW = "double no-show"
# OP Guide: The Head Judge — a spare player's "results don't go into anyone's SoS or oTP pool".
EXCLUDED_SPARE = "spare"

# A player's standing in the event, for display and for explanations.
ACTIVE = "active"
DROPPED = "dropped"
DISQUALIFIED = "disqualified"
SPARE = "spare"


class StandingsError(ValueError):
    """The games cannot be scored as given; the message names the game and the problem."""


@dataclass(frozen=True, slots=True)
class GameLine:
    """One of a player's games, from that player's side of the table."""

    round: int
    opponent: str | None  # None for a bye
    outcome: str  # the event/1 outcome
    band: str  # how it was scored: "Breakthrough", "Concession", "Bye", ...
    vp: tuple[int, int] | None  # (this player's VP, the opponent's), when recorded
    mp: int
    tp: int
    counted: bool  # does the opponent enter this player's SoS/oTP pool?
    excluded_reason: str | None  # "bye", "no-show", "double no-show", "spare" when not counted


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line in the standings, with the games behind it."""

    rank: int | None  # None for players who are not placed (spare, disqualified)
    player: str
    name: str
    mp: int
    tp: int
    sos: Fraction
    otp: Fraction
    pool: int  # how many games entered the SoS/oTP pool (an opponent met twice counts twice)
    placed: bool
    status: str  # ACTIVE, DROPPED, DISQUALIFIED or SPARE
    games: tuple[GameLine, ...]


@dataclass(frozen=True)
class Standings:
    """The whole table. `rows` lists placed players in standings order, then everyone else.

    `final` is False while the standings are indicative (OP Guide: When to Calculate
    Them): SoS and oTP only settle once the last round is in.
    """

    rows: tuple[Standing, ...]
    final: bool
    rounds_played: int
    planned_rounds: int | None = None
    _by_player: Mapping[str, Standing] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_player", {row.player: row for row in self.rows})

    def __getitem__(self, player_id: str) -> Standing:
        try:
            return self._by_player[player_id]
        except KeyError:
            raise KeyError(f"no player {player_id!r} in these standings") from None

    def __contains__(self, player_id: object) -> bool:
        return player_id in self._by_player

    @property
    def placed(self) -> tuple[Standing, ...]:
        return tuple(row for row in self.rows if row.placed)

    @property
    def not_placed(self) -> tuple[Standing, ...]:
        return tuple(row for row in self.rows if not row.placed)


def player_status(player: EventPlayer) -> str:
    if player.spare:
        return SPARE
    if player.disqualified_after_round is not None:
        return DISQUALIFIED
    if player.dropped_after_round is not None:
        return DROPPED
    return ACTIVE


def is_placed(player: EventPlayer) -> bool:
    # OP Guide: a spare player is "not classified"; a disqualified player is not
    # "eligible for placings". A dropped player keeps their place.
    return player_status(player) not in (SPARE, DISQUALIFIED)


def scoring_for_event(event: EventFile) -> ScoringTable:
    """The scoring bands of the event's game system and engagement scale."""
    try:
        return get_system(event.game_system).scoring_for(event.scale)
    except (UnknownGameSystem, ValueError, KeyError) as exc:
        raise StandingsError(f"cannot score this event: {exc}") from None


def planned_rounds_of(event: EventFile) -> int | None:
    """The planned round count, when the file carries one (our exports do, as `planned_rounds`)."""
    value = event.extra.get("planned_rounds")
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return value
    return None


def standings_for_event(
    event: EventFile,
    scoring: ScoringTable | None = None,
    *,
    planned_rounds: int | None = None,
    final: bool | None = None,
) -> Standings:
    """Standings of an event/1 file; scoring and planned rounds default to what the file says."""
    return compute_standings(
        event.players,
        event.rounds,
        scoring if scoring is not None else scoring_for_event(event),
        planned_rounds=planned_rounds if planned_rounds is not None else planned_rounds_of(event),
        final=final,
    )


def _where(round_number: int, game: EventGame) -> str:
    table = f", table {game.table}" if game.table is not None else ""
    return f"round {round_number}{table} ({' v '.join(game.players) or 'no players'})"


def _check_game(round_number: int, game: EventGame, known: Mapping[str, int], seen: set[str]) -> None:
    """Refuse anything that cannot be scored, rather than silently skipping it."""
    where = _where(round_number, game)
    if game.outcome not in OUTCOMES:
        raise StandingsError(f"{where}: unknown outcome {game.outcome!r}")
    expected = 1 if game.outcome == BYE else 2
    if len(game.players) != expected or len(set(game.players)) != expected:
        raise StandingsError(f"{where}: a {game.outcome} game needs {expected} different player(s)")
    for player_id in game.players:
        if player_id not in known:
            raise StandingsError(f"{where}: unknown player {player_id!r}")
        if player_id in seen:
            raise StandingsError(f"{where}: player {player_id!r} has two games in round {round_number}")
        seen.add(player_id)
    if game.outcome == PLAYED and game.vp is None:
        # OP Guide: "Record a result for every table, every round." A game still being
        # played has no result yet: leave it out of the rounds passed in.
        raise StandingsError(f"{where}: the game has no result; record its VP or leave it out")
    if game.outcome in OUTCOMES_WITH_LOSER and game.loser not in game.players:
        raise StandingsError(f"{where}: a {game.outcome} needs the loser, one of the game's players")


def compute_standings(
    players: Sequence[EventPlayer],
    rounds: Iterable[EventRound],
    scoring: ScoringTable,
    *,
    planned_rounds: int | None = None,
    final: bool | None = None,
) -> Standings:
    """Tally, pool and order every player.

    `final` forces the flag; otherwise the standings are final once a round numbered
    `planned_rounds` (or later) has games, and indicative when the round count is unknown.
    """
    index: dict[str, int] = {}
    for i, player in enumerate(players):
        if player.id in index:
            raise StandingsError(f"player id {player.id!r} is listed twice")
        index[player.id] = i
    count = len(players)
    spare = [p.spare for p in players]
    mp = [0] * count
    tp = [0] * count
    # Each player's games in round order: (round number, their result, the game).
    played: list[list[tuple[int, PlayerResult, EventGame]]] = [[] for _ in range(count)]

    ordered = sorted(rounds, key=lambda r: r.number)
    rounds_played = 0
    for previous, current in itertools.pairwise(ordered):
        if previous.number == current.number:
            raise StandingsError(f"round {current.number} is listed twice")
    for round_ in ordered:
        seen: set[str] = set()
        for game in round_.games:
            _check_game(round_.number, game, index, seen)
            for result in score_game(game, scoring):
                i = index[result.player]
                mp[i] += result.mp
                tp[i] += result.tp
                played[i].append((round_.number, result, game))
        if round_.games:
            rounds_played = round_.number

    # OP Guide: The Two Opponent Metrics — means over the opponents actually faced, each
    # at their final tally; one entry per counted game. Which Games Count: byes,
    # walkovers/no-shows (and double no-shows) enter neither numerator nor denominator.
    sos_sum = [0] * count
    otp_sum = [0] * count
    pool = [0] * count
    for i in range(count):
        s_mp = s_tp = n = 0
        for _, result, _ in played[i]:
            if result.counts:
                j = index[result.opponent]  # type: ignore[index]
                if not spare[j]:
                    s_mp += mp[j]
                    s_tp += tp[j]
                    n += 1
        sos_sum[i], otp_sum[i], pool[i] = s_mp, s_tp, n

    # One common denominator for every mean, so the sort compares exact integers.
    common = math.lcm(*{n for n in pool if n}) if any(pool) else 1
    scale = [common // n if n else 0 for n in pool]  # empty pool: SoS = oTP = 0

    def metrics(i: int) -> tuple[int, int, int, int]:
        return (mp[i], tp[i], sos_sum[i] * scale[i], otp_sum[i] * scale[i])

    def order(i: int) -> tuple[int, int, int, int, str, str]:
        m = metrics(i)
        # Within a full tie the rank is shared; the name (then id) only fixes the display order.
        return (-m[0], -m[1], -m[2], -m[3], players[i].name.casefold(), players[i].id)

    placed_flags = [is_placed(p) for p in players]
    placed = sorted((i for i in range(count) if placed_flags[i]), key=order)
    others = sorted((i for i in range(count) if not placed_flags[i]), key=order)

    ranks: dict[int, int] = {}
    last: tuple[int, int, int, int] | None = None
    for position, i in enumerate(placed, start=1):
        m = metrics(i)
        # OP Guide: Standings Order — "Where all four are identical, the placement is shared."
        ranks[i] = ranks[placed[position - 2]] if m == last else position
        last = m

    def line(round_number: int, result: PlayerResult, game: EventGame) -> GameLine:
        reason = result.excluded_reason
        counted = result.counts
        if counted and spare[index[result.opponent]]:  # type: ignore[index]
            counted, reason = False, EXCLUDED_SPARE
        vp: tuple[int, int] | None = None
        if game.vp is not None:
            vp = game.vp if game.players[0] == result.player else (game.vp[1], game.vp[0])
        return GameLine(
            round_number,
            result.opponent,
            game.outcome,
            result.band,
            vp,
            result.mp,
            result.tp,
            counted,
            reason,
        )

    rows = tuple(
        Standing(
            rank=ranks.get(i),
            player=players[i].id,
            name=players[i].name,
            mp=mp[i],
            tp=tp[i],
            sos=Fraction(sos_sum[i], pool[i]) if pool[i] else Fraction(0),
            otp=Fraction(otp_sum[i], pool[i]) if pool[i] else Fraction(0),
            pool=pool[i],
            placed=placed_flags[i],
            status=player_status(players[i]),
            games=tuple(line(*entry) for entry in played[i]),
        )
        for i in placed + others
    )
    if final is None:
        final = planned_rounds is not None and rounds_played >= planned_rounds
    return Standings(rows=rows, final=final, rounds_played=rounds_played, planned_rounds=planned_rounds)
