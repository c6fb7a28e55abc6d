"""A championship's top cut: the single-elimination bracket after the Swiss rounds.

Pure Python, dataclasses in and out. The bracket is replayed, never stored: from the seeds
(`entrants`) and the cut rounds recorded so far, `replay` finds who went on from each game
and who is left, `next_round` pairs the round after, and `placing` puts the cut's players
above everyone else in the event's final order.

The shape of the bracket is fixed by the seeds alone. With B the smallest power of two that
holds every entrant, the seeds stand in the standard order (`bracket_order`), which keeps
seeds 1 and 2 apart until the final; positions 2k and 2k+1 meet first, the winners of
neighbouring matches next. A slot whose seed is above the number of entrants is empty, and
its neighbour goes on with a bye; a double no-show empties a slot later on the same way.
Each round's matches are therefore blocks of the bracket (2, then 4, then 8 positions),
and the block's two halves each hold at most one player still in.

How a played game is won is the game system's (`GameSystem.decide_game`, handed in as
`decide`); what every system shares is settled here: a bye goes on, a concession, game loss
or no-show sends the other player on, a double no-show sends neither, a `winner` the TO
names always stands, and a game the system's rule leaves tied goes to the better seed.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules_engine.deciding import GameDecider
from standings.engine import Standings
from standings.records import (
    BYE,
    CUT,
    DOUBLE_NO_SHOW,
    OUTCOMES_WITH_LOSER,
    EventCut,
    EventGame,
    EventPlayer,
    EventRound,
    PairedGame,
)

# How a player went on from a game (`Decision.how`).
BYE_WON = "bye"  # no opponent this round
RESULT = "result"  # the result says who won: the score, a loser named, or a winner named
BETTER_SEED = "better seed"  # the result is a tie: the better seed goes on
NOBODY = "double no-show"  # neither player came: both are out


class CutError(ValueError):
    """The cut cannot go on as the file has it; the message is one sentence naming the problem."""


@dataclass(frozen=True)
class CutRound:
    """The next cut round as `pair` prints it; `seeds` only on the first."""

    number: int
    games: tuple[PairedGame, ...]
    seeds: tuple[str, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"number": self.number, "stage": CUT}
        if self.seeds is not None:
            out["seeds"] = list(self.seeds)
        out["games"] = [game.to_json() for game in self.games]
        return out


@dataclass(frozen=True)
class Decision:
    """Who went on from one recorded cut game (None: nobody, a double no-show), and how."""

    round: int
    players: tuple[str, ...]
    winner: str | None
    how: str


@dataclass(frozen=True)
class Bracket:
    """The cut as far as it has been played.

    `seeds`: the entrants, best seed first. `decisions`: every recorded cut game, in round
    order. `eliminated`: each player knocked out, with the number of the round they lost
    in. `pending`: games of the last recorded round still without a result.
    """

    cut: EventCut
    seeds: tuple[str, ...]
    rounds_played: int = 0
    decisions: tuple[Decision, ...] = ()
    eliminated: Mapping[str, int] = field(default_factory=dict)
    pending: tuple[PairedGame, ...] = ()

    @property
    def size(self) -> int:
        """B: the smallest power of two holding every entrant."""
        return bracket_size(len(self.seeds))

    @property
    def total_rounds(self) -> int:
        return self.size.bit_length() - 1

    @property
    def first_round(self) -> int:
        return self.cut.after_round + 1

    @property
    def final_round(self) -> int:
        """The number of the cut's last round, the final."""
        return self.cut.after_round + self.total_rounds

    @property
    def complete(self) -> bool:
        return self.rounds_played == self.total_rounds and not self.pending

    @property
    def alive(self) -> tuple[str, ...]:
        """The players still in, by seed."""
        return tuple(p for p in self.seeds if p not in self.eliminated)

    @property
    def champion(self) -> str | None:
        """The winner of the cut, once it is over (None while it goes on, or if nobody is left)."""
        alive = self.alive
        return alive[0] if self.complete and len(alive) == 1 else None

    def seed_of(self, player: str) -> int | None:
        try:
            return self.seeds.index(player) + 1
        except ValueError:
            return None


@dataclass(frozen=True)
class Placing:
    """One player's place once the cut has begun: cut players first, ranks never shared among them."""

    player: str
    rank: int | None  # None: not placed (spare, disqualified)
    seed: int | None  # the cut seed; None for a player who did not enter
    eliminated_in: int | None  # the round they lost in; None while still in, for the champion, or outside


# --- the bracket's shape -------------------------------------------------------------


def bracket_size(entrants: int) -> int:
    """The smallest power of two at least `entrants` (1 for one or none)."""
    size = 1
    while size < entrants:
        size *= 2
    return size


def bracket_order(size: int) -> tuple[int, ...]:
    """The standard bracket order of seeds 1..size, a power of two: [1, 2], [1, 4, 2, 3], ...

    Each order comes from the one before (size B'), every seed s replaced by the pair
    (s, 2B' + 1 - s): the best seed meets the worst, and seeds 1 and 2 are in opposite
    halves, so they can only meet in the final.
    """
    if size < 1 or size & (size - 1):
        raise ValueError(f"a bracket holds a power of two of seeds, not {size}")
    order = [1]
    while len(order) < size:
        before = len(order)
        order = [s for seed in order for s in (seed, 2 * before + 1 - seed)]
    return tuple(order)


def slots(seeds: Sequence[str]) -> tuple[str | None, ...]:
    """The bracket's positions from the top: each seed's player, None where the seed is empty."""
    return tuple(seeds[s - 1] if s <= len(seeds) else None for s in bracket_order(bracket_size(len(seeds))))


# --- who enters ----------------------------------------------------------------------


def entrants(
    swiss: Standings, players: Iterable[EventPlayer], cut: EventCut, *, draw: int | None = None
) -> tuple[str, ...]:
    """The cut's seeds, best first: the first `cut.size` eligible players in Swiss standings order.

    Eligible: placed (no spare, no disqualified player) and not dropped after a round up to
    `cut.after_round`. Players sharing a place are ordered by a draw from `draw` (the same
    standings and draw give the same seeds), or by id when there is no draw.
    """
    dropped = {
        p.id
        for p in players
        if (p.dropped_after_round is not None and p.dropped_after_round <= cut.after_round)
        or (p.disqualified_after_round is not None and p.disqualified_after_round <= cut.after_round)
    }
    rng = random.Random(f"cut-seeds:{draw}") if draw is not None else None
    chosen: list[str] = []
    group: list[str] = []
    group_rank: int | None = None

    def close_group() -> None:
        group.sort()
        if rng is not None:
            rng.shuffle(group)
        chosen.extend(group)
        group.clear()

    for row in swiss.placed:
        if row.player in dropped:
            continue
        if row.rank != group_rank:
            close_group()
            if len(chosen) >= cut.size:
                break
            group_rank = row.rank
        group.append(row.player)
    close_group()
    return tuple(chosen[: cut.size])


# --- replaying the recorded rounds ---------------------------------------------------


def decide(
    game: EventGame, seeds: Mapping[str, int], decide_game: GameDecider, *, round_number: int = 0
) -> Decision:
    """Who goes on from a recorded cut game of round `round_number`; `seeds` maps players to seeds."""
    if game.outcome == BYE:
        return Decision(round_number, game.players, game.players[0], BYE_WON)
    if game.outcome == DOUBLE_NO_SHOW:
        return Decision(round_number, game.players, None, NOBODY)
    first, second = game.players
    if game.winner is not None:
        return Decision(round_number, game.players, game.winner, RESULT)
    if game.outcome in OUTCOMES_WITH_LOSER:
        return Decision(round_number, game.players, second if game.loser == first else first, RESULT)
    winner = decide_game(game)
    if winner is not None:
        return Decision(round_number, game.players, winner, RESULT)
    better = first if seeds[first] < seeds[second] else second
    return Decision(round_number, game.players, better, BETTER_SEED)


def _matches(
    survivors: Sequence[str | None], seeds: Mapping[str, int], number: int
) -> tuple[PairedGame, ...]:
    """The round's games from the players still in each half-block, tables from the top."""
    games: list[PairedGame] = []
    table = 0
    for i in range(0, len(survivors), 2):
        pair = [p for p in survivors[i : i + 2] if p is not None]
        if len(pair) == 2:
            table += 1
            games.append(PairedGame(tuple(sorted(pair, key=seeds.__getitem__)), table))
        elif pair:
            games.append(PairedGame((pair[0],)))
    return tuple(games)


def _label(game: PairedGame) -> str:
    return " v ".join(game.players) if not game.is_bye else f"a bye for {game.players[0]}"


def replay(
    cut: EventCut, seeds: Sequence[str], rounds: Sequence[EventRound], decide_game: GameDecider
) -> Bracket:
    """The bracket after the recorded cut rounds (numbered from `cut.after_round + 1`, in order).

    Each recorded round must hold exactly the bracket's games for it (a bye may be left
    out: its player goes on anyway); only the last may still miss results (`pending`).
    """
    if len(seeds) < 2:
        raise CutError(f"the cut needs at least two players; {len(seeds)} can enter")
    seed_no = {player: i + 1 for i, player in enumerate(seeds)}
    survivors: list[str | None] = list(slots(seeds))
    total = bracket_size(len(seeds)).bit_length() - 1
    decisions: list[Decision] = []
    eliminated: dict[str, int] = {}
    pending: tuple[PairedGame, ...] = ()
    ordered = sorted(rounds, key=lambda r: r.number)
    for k, round_ in enumerate(ordered, start=1):
        number = round_.number
        if pending:
            raise CutError(f"round {number - 1} (cut) has no result for {_label(pending[0])}")
        if k > total:
            raise CutError(f"round {number}: the cut ended with the final, round {cut.after_round + total}")
        expected = _matches(survivors, seed_no, number)
        recorded = {frozenset(g.players): g for g in round_.games}
        wanted = {frozenset(g.players) for g in expected}
        for played in round_.games:
            if frozenset(played.players) not in wanted:
                what = _label(PairedGame(played.players))
                raise CutError(f"round {number} (cut): {what} is not a game of the bracket")
        winners: dict[frozenset[str], str | None] = {}
        missing: list[PairedGame] = []
        for game in expected:
            key = frozenset(game.players)
            if key not in recorded:
                if game.is_bye:
                    winners[key] = game.players[0]
                    decisions.append(Decision(number, game.players, game.players[0], BYE_WON))
                else:
                    missing.append(game)
                continue
            decision = decide(recorded[key], seed_no, decide_game, round_number=number)
            decisions.append(decision)
            winners[key] = decision.winner
            for player in game.players:
                if player != decision.winner:
                    eliminated[player] = number
        pending = tuple(missing)
        survivors = [_survivor(survivors[i : i + 2], winners) for i in range(0, len(survivors), 2)]
    return Bracket(
        cut=cut,
        seeds=tuple(seeds),
        rounds_played=len(ordered),
        decisions=tuple(decisions),
        eliminated=eliminated,
        pending=pending,
    )


def _survivor(half: Sequence[str | None], winners: Mapping[frozenset[str], str | None]) -> str | None:
    present = frozenset(p for p in half if p is not None)
    return winners.get(present) if present else None


def _survivors(bracket: Bracket) -> list[str | None]:
    """Each block's player still in, for the round after the last recorded one."""
    survivors: list[str | None] = list(slots(bracket.seeds))
    for _ in range(bracket.rounds_played):
        survivors = [
            next((p for p in survivors[i : i + 2] if p is not None and p not in bracket.eliminated), None)
            for i in range(0, len(survivors), 2)
        ]
    return survivors


def next_round(bracket: Bracket) -> CutRound:
    """The cut round after the last recorded one: games better seed first, tables 1, 2, ...
    from the top of the bracket, byes without a table; the first carries the seeds."""
    number = bracket.first_round + bracket.rounds_played
    if bracket.pending:
        raise CutError(f"round {number - 1} (cut) has no result for {_label(bracket.pending[0])}")
    if bracket.rounds_played >= bracket.total_rounds:
        raise CutError(f"the cut is over: its final was round {bracket.final_round}")
    seed_no = {player: i + 1 for i, player in enumerate(bracket.seeds)}
    games = _matches(_survivors(bracket), seed_no, number)
    if not games:
        raise CutError(f"nobody is left in the cut to play round {number}")
    return CutRound(number, games, bracket.seeds if bracket.rounds_played == 0 else None)


# --- the final order -----------------------------------------------------------------


def placing(swiss: Standings, bracket: Bracket) -> tuple[Placing, ...]:
    """Every player's place once the cut has begun.

    Players still in come first, by seed (the champion alone once the final is played);
    then those knocked out, the later their round the better, by seed within a round; each
    cut player a rank of their own. Then every other placed player in Swiss standings
    order, sharing ranks as the standings do; then those not placed, without a rank.
    """
    seed_no = {player: i + 1 for i, player in enumerate(bracket.seeds)}
    out = bracket.eliminated
    cut_order = list(bracket.alive) + sorted(out, key=lambda p: (-out[p], seed_no[p]))
    rows = [Placing(p, rank, seed_no[p], out.get(p)) for rank, p in enumerate(cut_order, start=1)]
    before = len(rows)
    previous_rank: int | None = None
    rank = 0
    position = 0
    for row in swiss.placed:
        if row.player in seed_no:
            continue
        position += 1
        if row.rank != previous_rank:
            rank, previous_rank = position, row.rank
        rows.append(Placing(row.player, before + rank, None, None))
    rows += [Placing(row.player, None, None, None) for row in swiss.rows if not row.placed]
    return tuple(rows)


def in_cut_order(swiss: Standings, places: Sequence[Placing]) -> Standings:
    """The Swiss standings' rows in the cut's order (`placing`), each with its cut rank: what
    every standings view shows once the cut has begun (the figures stay the Swiss ones)."""
    rows = tuple(dataclasses.replace(swiss[place.player], rank=place.rank) for place in places)
    return dataclasses.replace(swiss, rows=rows)
