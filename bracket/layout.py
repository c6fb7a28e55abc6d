"""The bracket drawn: every match of every cut round, from the top, as far as it is known.

Pure Python for the public bracket page and the bracket sheet: the engine's `Bracket` says
who went on from each game played; this lays the whole tree out, the rounds not yet played
included, so a player can see their path ("the winner of table 2") before it is paired.

Round k of a bracket of B positions has B / 2^k matches; match j joins the players still in
of positions [j * 2^k, (j + 1) * 2^k), its upper half against its lower half. A half with
nobody in it (a seed above the entrants, or a double no-show before) gives a bye; a half
whose game is not decided yet leaves its side open.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from bracket.engine import BETTER_SEED, NOBODY, Bracket, Decision, slots


class Side(Enum):
    """What stands in one side of a match when nobody is named there."""

    EMPTY = "empty"  # nobody will come: the other side has a bye
    OPEN = "open"  # the game feeding it is not decided yet


class MatchState(Enum):
    BYE = "bye"  # one player, nobody against them: they go on
    PLAYED = "played"  # decided: `winner` goes on (None after a double no-show)
    PAIRED = "paired"  # both known and paired in a round, no result yet
    WAITING = "waiting"  # a side is still open, or the round is not paired yet
    EMPTY = "empty"  # nobody on either side


@dataclass(frozen=True)
class Seat:
    """One side of a match: a player (with their seed) or an empty or open place."""

    player: str | None
    seed: int | None
    side: Side | None = None  # set when `player` is None

    @property
    def known(self) -> bool:
        return self.player is not None


@dataclass(frozen=True)
class Match:
    round: int  # the event's round number
    position: int  # 1, 2, ... from the top of the bracket in this round
    top: Seat
    bottom: Seat
    state: MatchState
    winner: str | None = None
    how: str = ""  # the engine's Decision.how: "result", "better seed", "double no-show", "bye"
    feeds: int | None = None  # the position of the match the winner goes to next (None: the final)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(s.player for s in (self.top, self.bottom) if s.player is not None)

    @property
    def decided_by_seed(self) -> bool:
        return self.how == BETTER_SEED

    @property
    def nobody_came(self) -> bool:
        return self.how == NOBODY


@dataclass(frozen=True)
class LayoutRound:
    number: int
    title: str  # "Final", "Semi-finals", "Quarter-finals", "Round of 16", ...
    matches: tuple[Match, ...]


@dataclass(frozen=True)
class BracketLayout:
    rounds: tuple[LayoutRound, ...]
    champion: str | None
    entrants: int
    size: int


def round_title(matches: int) -> str:
    """A round named by how many matches it has: 1 the final, 2 the semi-finals, ..."""
    if matches == 1:
        return "Final"
    if matches == 2:
        return "Semi-finals"
    if matches == 4:
        return "Quarter-finals"
    return f"Round of {matches * 2}"


def layout(bracket: Bracket) -> BracketLayout:
    """Every match of the bracket, round by round, from the top."""
    seed_no = {player: i + 1 for i, player in enumerate(bracket.seeds)}
    decided: dict[tuple[int, frozenset[str]], Decision] = {
        (d.round, frozenset(d.players)): d for d in bracket.decisions
    }
    pending = {frozenset(g.players) for g in bracket.pending}
    paired_through = bracket.first_round + bracket.rounds_played - 1
    seats: list[Seat] = [
        Seat(p, seed_no[p]) if p is not None else Seat(None, None, Side.EMPTY) for p in slots(bracket.seeds)
    ]
    rounds: list[LayoutRound] = []
    for k in range(1, bracket.total_rounds + 1):
        number = bracket.first_round + k - 1
        matches: list[Match] = []
        next_seats: list[Seat] = []
        count = len(seats) // 2
        for j in range(count):
            top, bottom = seats[2 * j], seats[2 * j + 1]
            match, goes_on = _match(number, j + 1, top, bottom, decided, pending, number <= paired_through)
            feeds = (j // 2) + 1 if count > 1 else None
            matches.append(replace(match, feeds=feeds))
            next_seats.append(goes_on)
        rounds.append(LayoutRound(number, round_title(count), tuple(matches)))
        seats = next_seats
    return BracketLayout(tuple(rounds), bracket.champion, len(bracket.seeds), bracket.size)


def _match(
    number: int,
    position: int,
    top: Seat,
    bottom: Seat,
    decided: dict[tuple[int, frozenset[str]], Decision],
    pending: set[frozenset[str]],
    paired: bool,
) -> tuple[Match, Seat]:
    """The match of two seats, and the seat its winner takes in the next round."""
    empty, open_ = Seat(None, None, Side.EMPTY), Seat(None, None, Side.OPEN)
    if not top.known and not bottom.known:
        if top.side is Side.OPEN or bottom.side is Side.OPEN:
            return Match(number, position, top, bottom, MatchState.WAITING), open_
        return Match(number, position, top, bottom, MatchState.EMPTY), empty
    if top.known != bottom.known:
        alone, other = (top, bottom) if top.known else (bottom, top)
        if other.side is Side.OPEN:
            return Match(number, position, top, bottom, MatchState.WAITING), open_
        return Match(number, position, top, bottom, MatchState.BYE, alone.player, "bye"), alone
    key = frozenset(p for p in (top.player, bottom.player) if p is not None)
    decision = decided.get((number, key))
    if decision is not None:
        winner = decision.winner
        goes_on = next((s for s in (top, bottom) if s.player == winner), empty)
        return Match(number, position, top, bottom, MatchState.PLAYED, winner, decision.how), goes_on
    state = MatchState.PAIRED if paired and key in pending else MatchState.WAITING
    return Match(number, position, top, bottom, state), open_
