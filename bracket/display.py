"""The bracket in words: what the bracket page and the bracket sheet print for each match.

One presenter for the web page and the PDF, so both say the same: each side's seed and
name (or "Winner of Quarter-final 3" while that game is to come, or "Bye"), the score each
side made as its game system writes it, who went on and, when the result alone did not
say, why ("better seed", "neither player came").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bracket.engine import BETTER_SEED, NOBODY
from bracket.layout import BracketLayout, Match, MatchState, Seat, Side

BYE = "Bye"


@dataclass(frozen=True)
class GameFacts:
    """What the caller knows of a cut game beyond the bracket: its table, each side's score."""

    table: int | None = None
    scores: Mapping[str, str] = field(default_factory=dict)  # player id -> "11 VP", "won", ...
    note: str = ""  # how the game was won when the score does not say (a deciding game)


@dataclass(frozen=True)
class SeatLine:
    label: str  # the player's name, "Winner of Semi-final 1", or "Bye"
    seed: int | None = None
    player: str | None = None
    score: str = ""
    went_on: bool = False
    out: bool = False


@dataclass(frozen=True)
class MatchLine:
    title: str  # "Quarter-final 2", "Final"
    top: SeatLine
    bottom: SeatLine
    state: str  # MatchState's value: bye, played, paired, waiting, empty
    table: int | None = None
    note: str = ""  # why the winner went on, when the score does not say

    @property
    def sides(self) -> tuple[SeatLine, SeatLine]:
        return (self.top, self.bottom)


@dataclass(frozen=True)
class RoundLines:
    number: int
    title: str
    matches: tuple[MatchLine, ...]


@dataclass(frozen=True)
class BracketView:
    rounds: tuple[RoundLines, ...]
    champion: str | None  # the champion's name, once the final is decided
    entrants: int

    @property
    def size_label(self) -> str:
        return f"Top {self.entrants}"


def match_title(round_title: str, position: int) -> str:
    """One match's name: "Final", "Semi-final 1", "Quarter-final 3", "Round of 16, match 5"."""
    if round_title == "Final":
        return "Final"
    if round_title.endswith("-finals"):
        return f"{round_title[:-1]} {position}"
    return f"{round_title}, match {position}"


def bracket_view(
    drawn: BracketLayout,
    names: Mapping[str, str],
    games: Mapping[tuple[int, frozenset[str]], GameFacts] | None = None,
) -> BracketView:
    """The bracket's matches in words; `games` holds each cut game's table and scores,
    keyed by round number and its two players."""
    games = games or {}
    rounds: list[RoundLines] = []
    previous: tuple[str, ...] = ()
    for round_ in drawn.rounds:
        lines = []
        for match in round_.matches:
            facts = games.get((match.round, frozenset(match.players)), GameFacts())
            feeders = previous[2 * (match.position - 1) : 2 * match.position]
            lines.append(
                MatchLine(
                    title=match_title(round_.title, match.position),
                    top=_seat(match, match.top, facts, names, feeders[0] if feeders else ""),
                    bottom=_seat(match, match.bottom, facts, names, feeders[1] if len(feeders) > 1 else ""),
                    state=match.state.value,
                    table=facts.table if match.state in (MatchState.PLAYED, MatchState.PAIRED) else None,
                    note=_note(match) or (facts.note if match.state is MatchState.PLAYED else ""),
                )
            )
        rounds.append(RoundLines(round_.number, round_.title, tuple(lines)))
        previous = tuple(line.title for line in lines)
    champion = names.get(drawn.champion, drawn.champion) if drawn.champion is not None else None
    return BracketView(tuple(rounds), champion, drawn.entrants)


def _seat(match: Match, seat: Seat, facts: GameFacts, names: Mapping[str, str], feeder: str) -> SeatLine:
    """One side: the player, or the game that will send one ("Winner of ..."), or a bye."""
    if seat.player is None:
        return SeatLine(f"Winner of {feeder}" if seat.side is Side.OPEN else BYE)
    decided = match.state in (MatchState.PLAYED, MatchState.BYE)
    return SeatLine(
        label=names.get(seat.player, seat.player),
        seed=seat.seed,
        player=seat.player,
        score=facts.scores.get(seat.player, ""),
        went_on=decided and match.winner == seat.player,
        out=match.state is MatchState.PLAYED and match.winner != seat.player,
    )


def _note(match: Match) -> str:
    if match.how == BETTER_SEED:
        return "Tied: the better seed goes on"
    if match.how == NOBODY:
        return "Neither player came: both are out"
    return ""
