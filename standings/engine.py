"""Standings exactly as the Organised Play Guide defines them ("Scoring and Standings").

Pure Python: the `standings` command runs it on an event/1 file with no database, and the
web app runs it on the record `tournaments.bridges.record.event_record(event)` reads
straight from the rows. What a single game is worth comes from
`standings.game_scores.score_game`; this module only adds games up (`_tally_games`), builds
the opponent pools (`_opponent_pools`) and orders the players (`_standings_order`).

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

from rules_engine.registry import UnknownGameSystem, get_system
from rules_engine.scoring import ScoringTable
from standings.game_scores import GameShape, PlayerResult, game_shape, score_game
from standings.records import (
    BYE,
    OUTCOMES,
    OUTCOMES_WITH_LOSER,
    PLAYED,
    EventFile,
    EventGame,
    EventPlayer,
    EventRound,
)

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
    kp: tuple[int, int] | None = None  # (this player's Kill Points, the opponent's), Dropzone


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
    kp: int | None = None  # Kill Points scored in played games, where the system ranks by them


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
    kill_points: bool = False  # Dropzone: total KP is a fifth key (docs/interchange.md)
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
        return event.scored_by(get_system(event.game_system).scoring_for(event.scale))
    except (UnknownGameSystem, ValueError, KeyError) as exc:
        raise StandingsError(f"cannot score this event: {exc}") from None


def planned_rounds_of(event: EventFile) -> int | None:
    """The planned round count, when the file carries one (our exports do, as `planned_rounds`);
    else, with a top cut, its last Swiss round: the standings the cut is drawn from are final."""
    value = event.extra.get("planned_rounds")
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return value
    return event.cut.after_round if event.cut is not None else None


def standings_for_event(
    event: EventFile,
    scoring: ScoringTable | None = None,
    *,
    planned_rounds: int | None = None,
    final: bool | None = None,
) -> Standings:
    """Standings of an event/1 file; scoring and planned rounds default to what the file says.

    Only the Swiss rounds count: a top cut's games add nothing to MP, TP, SoS or oTP (its
    placing is the `bracket` package's, on top of these standings).
    """
    return compute_standings(
        event.players,
        event.swiss_rounds,
        scoring if scoring is not None else scoring_for_event(event),
        planned_rounds=planned_rounds if planned_rounds is not None else planned_rounds_of(event),
        final=final,
        kill_points=ranks_by_kill_points(event),
    )


def ranks_by_kill_points(event: EventFile) -> bool:
    """Does this event's system rank by total Kill Points as a fifth key (Dropzone, DZC:952)?"""
    try:
        return get_system(event.game_system).results.kp
    except UnknownGameSystem:
        return False


def _where(round_number: int, game: EventGame) -> str:
    table = f", table {game.table}" if game.table is not None else ""
    return f"round {round_number}{table} ({' v '.join(game.players) or 'no players'})"


def _problem(round_number: int, game: EventGame, known: Mapping[str, int], seen: set[str]) -> str | None:
    """What makes this game unscorable, if anything; marks its players as seen this round."""
    if game.outcome not in OUTCOMES:
        return f"unknown outcome {game.outcome!r}"
    expected = 1 if game.outcome == BYE else 2
    if len(game.players) != expected or len(set(game.players)) != expected:
        return f"a {game.outcome} game needs {expected} different player(s)"
    for player_id in game.players:
        if player_id not in known:
            return f"unknown player {player_id!r}"
        if player_id in seen:
            return f"player {player_id!r} has two games in round {round_number}"
        seen.add(player_id)
    if game.outcome == PLAYED and game.vp is None and game.winner not in game.players:
        # OP Guide: "Record a result for every table, every round." A game still being
        # played has no result yet: leave it out of the rounds passed in.
        return "the game has no result; record its VP (or its winner) or leave it out"
    if game.outcome in OUTCOMES_WITH_LOSER and game.loser not in game.players:
        return f"a {game.outcome} needs the loser, one of the game's players"
    return None


def _check_game(round_number: int, game: EventGame, known: Mapping[str, int], seen: set[str]) -> None:
    """Refuse anything that cannot be scored, rather than silently skipping it."""
    problem = _problem(round_number, game, known, seen)
    if problem is not None:
        raise StandingsError(f"{_where(round_number, game)}: {problem}")


@dataclass(frozen=True, slots=True)
class _Tally:
    """Every player's running totals after the games, by their position in `players`."""

    mp: list[int]
    tp: list[int]
    kp: list[int]  # Kill Points scored in played games
    lines: list[list[GameLine]]  # each player's games, in round order, from their side
    rounds_played: int  # the highest round number with games (0 before any)


@dataclass(frozen=True, slots=True)
class _Pools:
    """Each player's SoS/oTP pool as integer sums over an integer count (exact means)."""

    sos_sum: list[int]
    otp_sum: list[int]
    size: list[int]


def compute_standings(
    players: Sequence[EventPlayer],
    rounds: Iterable[EventRound],
    scoring: ScoringTable,
    *,
    planned_rounds: int | None = None,
    final: bool | None = None,
    kill_points: bool = False,
) -> Standings:
    """Tally, pool and order every player (OP Guide: Scoring and Standings).

    `final` forces the flag; otherwise the standings are final once a round numbered
    `planned_rounds` (or later) has games, and indicative when the round count is unknown
    (OP Guide: When to Calculate Them). With `kill_points`, total Kill Points scored is a
    fifth key after oTP and players share a place only when all five are equal.
    """
    index = _index_players(players)
    tally = _tally_games(players, index, _ordered_rounds(rounds), scoring)
    pools = _opponent_pools(index, tally)
    placed, others, ranks = _standings_order(players, tally, pools, kill_points=kill_points)
    rows = tuple(
        _standing(players[i], ranks.get(i), tally, pools, i, kill_points=kill_points) for i in placed + others
    )
    if final is None:
        final = planned_rounds is not None and tally.rounds_played >= planned_rounds
    return Standings(
        rows=rows,
        final=final,
        rounds_played=tally.rounds_played,
        planned_rounds=planned_rounds,
        kill_points=kill_points,
    )


def _index_players(players: Sequence[EventPlayer]) -> dict[str, int]:
    """Each player id's position in `players`; an id listed twice is refused."""
    index: dict[str, int] = {}
    for i, player in enumerate(players):
        if player.id in index:
            raise StandingsError(f"player id {player.id!r} is listed twice")
        index[player.id] = i
    return index


def _ordered_rounds(rounds: Iterable[EventRound]) -> list[EventRound]:
    """The rounds in number order; a round number listed twice is refused."""
    ordered = sorted(rounds, key=lambda r: r.number)
    for previous, current in itertools.pairwise(ordered):
        if previous.number == current.number:
            raise StandingsError(f"round {current.number} is listed twice")
    return ordered


def _tally_games(
    players: Sequence[EventPlayer],
    index: Mapping[str, int],
    ordered: Sequence[EventRound],
    scoring: ScoringTable,
) -> _Tally:
    """Add up every game's MP and TP (OP Guide: Scoring a Game; Games That Don't End Normally).

    Each game is checked (`_check_game`), scored by `score_game` and recorded on both
    players' lines. Which Games Count decides whether the opponent enters the player's pool;
    a spare opponent never does (OP Guide: The Head Judge).
    """
    count = len(players)
    spare = [p.spare for p in players]
    mp = [0] * count
    tp = [0] * count
    kp = [0] * count
    lines: list[list[GameLine]] = [[] for _ in range(count)]
    rounds_played = 0
    # What a game is worth depends only on its outcome, its VP and which side lost, so each
    # distinct shape is scored once by `score_game` (a few hundred shapes at most) and its
    # per-side results, in `game.players` order, are reused for every game of that shape.
    shapes: dict[GameShape, tuple[PlayerResult, ...]] = {}
    for round_ in ordered:
        number = round_.number
        seen: set[str] = set()
        for game in round_.games:
            ids = game.players
            # The common case (a played game with VP between two known players not yet
            # seen this round) passes on one line; anything else gets the full check.
            if (
                len(ids) == 2
                and game.outcome == PLAYED
                and game.vp is not None
                and ids[0] in index
                and ids[1] in index
                and ids[0] != ids[1]
                and ids[0] not in seen
                and ids[1] not in seen
            ):
                seen.add(ids[0])
                seen.add(ids[1])
            else:
                _check_game(number, game, index, seen)
            shape = game_shape(game)
            results = shapes.get(shape)
            if results is None:
                results = shapes[shape] = score_game(game, scoring)
            for side, result in enumerate(results):
                i = index[ids[side]]
                opponent = ids[1 - side] if len(ids) == 2 else None
                mp[i] += result.mp
                tp[i] += result.tp
                counted, reason = result.counts, result.excluded_reason
                if counted and spare[index[opponent]]:  # type: ignore[index]
                    counted, reason = False, EXCLUDED_SPARE
                vp, game_kp = game.vp, game.kp
                if side:
                    vp = (vp[1], vp[0]) if vp is not None else None
                    game_kp = (game_kp[1], game_kp[0]) if game_kp is not None else None
                if game_kp is not None and game.outcome == PLAYED:
                    kp[i] += game_kp[0]
                line = GameLine(
                    number,
                    opponent,
                    game.outcome,
                    result.band,
                    vp,
                    result.mp,
                    result.tp,
                    counted,
                    reason,
                    game_kp,
                )
                lines[i].append(line)
        if round_.games:
            rounds_played = number
    return _Tally(mp=mp, tp=tp, kp=kp, lines=lines, rounds_played=rounds_played)


def _opponent_pools(index: Mapping[str, int], tally: _Tally) -> _Pools:
    """Each player's SoS and oTP pool (OP Guide: The Two Opponent Metrics).

    Means over the opponents actually faced, each at their final tally; one entry per
    counted game. Which Games Count: byes, walkovers/no-shows (and double no-shows) enter
    neither numerator nor denominator.
    """
    mp, tp = tally.mp, tally.tp
    count = len(tally.lines)
    sos_sum = [0] * count
    otp_sum = [0] * count
    size = [0] * count
    for i in range(count):
        s_mp = s_tp = n = 0
        for line in tally.lines[i]:
            if line.counted:
                j = index[line.opponent]  # type: ignore[index]
                s_mp += mp[j]
                s_tp += tp[j]
                n += 1
        sos_sum[i], otp_sum[i], size[i] = s_mp, s_tp, n
    return _Pools(sos_sum=sos_sum, otp_sum=otp_sum, size=size)


def _standings_order(
    players: Sequence[EventPlayer], tally: _Tally, pools: _Pools, *, kill_points: bool = False
) -> tuple[list[int], list[int], dict[int, int]]:
    """The placed players in standings order, everyone else after them, and the ranks.

    OP Guide: Standings Order — MP, TP, SoS, oTP, compared unrounded (When to Calculate
    Them); "Where all four are identical, the placement is shared." Spare and disqualified
    players are not placed (`is_placed`) and get no rank. With `kill_points`, total KP is a
    fifth key (docs/interchange.md, Dropzone).
    """
    mp, tp, pool = tally.mp, tally.tp, pools.size
    sos_sum, otp_sum = pools.sos_sum, pools.otp_sum
    # One common denominator for every mean, so the sort compares exact integers.
    common = math.lcm(*{n for n in pool if n}) if any(pool) else 1
    scale = [common // n if n else 0 for n in pool]  # empty pool: SoS = oTP = 0

    kp = tally.kp if kill_points else [0] * len(players)

    def metrics(i: int) -> tuple[int, int, int, int, int]:
        return (mp[i], tp[i], sos_sum[i] * scale[i], otp_sum[i] * scale[i], kp[i])

    def order(i: int) -> tuple[int, int, int, int, int, str, str]:
        m = metrics(i)
        # Within a full tie the rank is shared; the name (then id) only fixes the display order.
        return (-m[0], -m[1], -m[2], -m[3], -m[4], players[i].name.casefold(), players[i].id)

    count = len(players)
    placed_flags = [is_placed(p) for p in players]
    placed = sorted((i for i in range(count) if placed_flags[i]), key=order)
    others = sorted((i for i in range(count) if not placed_flags[i]), key=order)

    ranks: dict[int, int] = {}
    last: tuple[int, int, int, int, int] | None = None
    for position, i in enumerate(placed, start=1):
        m = metrics(i)
        ranks[i] = ranks[placed[position - 2]] if m == last else position
        last = m
    return placed, others, ranks


def _standing(
    player: EventPlayer, rank: int | None, tally: _Tally, pools: _Pools, i: int, *, kill_points: bool = False
) -> Standing:
    """One row: the published SoS and oTP are exact Fractions; an empty pool gives 0
    (OP Guide: Which Games Count)."""
    n = pools.size[i]
    return Standing(
        rank=rank,
        player=player.id,
        name=player.name,
        mp=tally.mp[i],
        tp=tally.tp[i],
        sos=Fraction(pools.sos_sum[i], n) if n else Fraction(0),
        otp=Fraction(pools.otp_sum[i], n) if n else Fraction(0),
        pool=n,
        placed=is_placed(player),
        status=player_status(player),
        games=tuple(tally.lines[i]),
        kp=tally.kp[i] if kill_points else None,
    )
