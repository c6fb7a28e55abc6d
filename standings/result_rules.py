"""What a result of a game system may hold, and which outcomes a player or the staff may enter.

One rule for every way a result comes in. The web forms (tournaments/forms/results.py) offer
the outcomes and fields it allows, the API (tournaments/api/serializers/games.py) lists its
outcomes, the results service (tournaments/services/reporting.py) refuses what it refuses
before anything is stored, and the event/1 parser (standings/eventfile.py) refuses the same
in a file: an event file cannot carry a result the web and the API would refuse, such as
a MORSDEI game at VP [500, 3] (docs/interchange.md, "Other game systems").

Pure Python. A refusal is a `Problem`: a stable code and the field at fault (docs/api.md),
a sentence for the person entering the result, and the same refusal worded for a file's
author, naming the key and the place in the file. `problems` lists every problem of one
result in a fixed order, so the service answers with the first (the field a form marks)
and a file names them all at once.

Beyond what a result holds, the results service keeps rules of its own that need the event:
a bye has no result to report, and a top-cut game must send one player on.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from rules_engine.game_system import VP_ONLY, GameSystem, ResultExtra, ResultShape, ScoreRange
from standings.records import (
    BYE,
    COMPLETE_VICTORY,
    CONCESSION,
    DOUBLE_NO_SHOW,
    DRAW,
    GAME_LOSS,
    NO_SHOW,
    OUTCOMES,
    OUTCOMES_WITH_LOSER,
    PLAYED,
)

# What a player may report of their own game. A Game Loss is a penalty only a judge issues
# (OP Guide: Penalties), so it is the staff's alone; a bye is the pairing's, never entered.
PLAYER_OUTCOMES = (PLAYED, CONCESSION, NO_SHOW, DOUBLE_NO_SHOW, COMPLETE_VICTORY, DRAW)
STAFF_OUTCOMES = (*PLAYER_OUTCOMES, GAME_LOSS)

# Each outcome as a sentence names it ("A concession has no Victory Points."); the model's
# labels say the same in title case (tests/standings/test_result_rules.py checks they agree).
IN_WORDS = {
    PLAYED: "played",
    CONCESSION: "concession",
    NO_SHOW: "no-show",
    GAME_LOSS: "game loss penalty",
    DOUBLE_NO_SHOW: "double no-show",
    BYE: "bye",
    COMPLETE_VICTORY: "complete victory",
    DRAW: "draw",
}

# The stable codes (docs/api.md).
INVALID = "invalid"  # not an outcome at all
NOT_IN_SYSTEM = "outcome-not-in-system"
STAFF_ONLY = "outcome-staff-only"
MISSING = "result-field-missing"
NOT_RECORDED = "result-field-not-recorded"
OUT_OF_RANGE = "out-of-range"
NOT_A_PLAYER = "winner-not-a-player"
UNKNOWN_DETAIL = "unknown-detail"

_WHO_LOST = "Say which player conceded, did not show or took the Game Loss."
LOSER_PROMPTS: Mapping[str, str] = {
    CONCESSION: _WHO_LOST,
    NO_SHOW: _WHO_LOST,
    GAME_LOSS: _WHO_LOST,
    COMPLETE_VICTORY: "Say which player lost every fighter (the loser of the complete victory).",
}


@dataclass(frozen=True)
class ResultRules:
    """What a result may hold in one game system: the parts of its `GameSystem` that say so.

    `name` names the system in sentences; `vp_range` None: VP are not bounded (a system the
    registry does not know, whose file is refused later, where the system is needed).
    """

    name: str
    shape: ResultShape = VP_ONLY
    vp_range: ScoreRange | None = None
    kp_range: ScoreRange | None = None
    extras: tuple[ResultExtra, ...] = ()

    @classmethod
    def of(cls, system: GameSystem) -> ResultRules:
        return cls(system.name, system.results, system.vp_range, system.kp_range, system.result_extras)

    def allows(self, outcome: str) -> bool:
        """Is `outcome` a result of this system? A complete victory only where the system has
        one (MORSDEI); a draw only where games have no VP (Warpspawn: elsewhere a draw is a
        played game with equal VP); a bye is the pairing's, never a result."""
        if outcome == COMPLETE_VICTORY:
            return self.shape.complete_victory
        if outcome == DRAW:
            return not self.shape.vp
        return outcome in OUTCOMES and outcome != BYE

    def outcomes(self, *, staff: bool) -> tuple[str, ...]:
        """The outcomes a player (or, with `staff`, a judge or the TO) may enter in this system."""
        return tuple(o for o in (STAFF_OUTCOMES if staff else PLAYER_OUTCOMES) if self.allows(o))

    def extra(self, key: str) -> ResultExtra | None:
        """The extra result number this system declares under `key` (None: it declares none)."""
        return next((e for e in self.extras if e.key == key), None)


@dataclass(frozen=True)
class Result:
    """A result of one game between two players, as entered, in the game's player order.

    `players` and `loser`/`winner` are the same kind of name (ids in a file, row ids in the
    service); `names` says who the sides are in a sentence ("first" and "second" when
    None). `cut`: a top-cut game, which may name the winner of a deciding game.
    """

    players: tuple[str, str]
    outcome: str = PLAYED
    vp: tuple[int | None, int | None] | None = None
    kp: tuple[int | None, int | None] | None = None
    loser: str | None = None
    winner: str | None = None
    details: Mapping[str, object] = field(default_factory=dict)
    cut: bool = False
    names: tuple[str, str] | None = None


@dataclass(frozen=True)
class Problem:
    """Why a result cannot be recorded. `message` speaks to the person entering it; `in_file`
    says the same to a file's author, starting at the game's place in the file (".vp[0]: ..."
    or ": ...", after "rounds[0].games[1]")."""

    code: str
    field: str
    message: str
    in_file: str


def _side_names(result: Result) -> tuple[str, str]:
    return result.names or ("first", "second")


def _points(
    rules: ResultRules,
    result: Result,
    key: str,
    what: str,
    span: ScoreRange | None,
    needed: str,
) -> Iterator[Problem]:
    """Both sides' Victory (or Kill) Points present and inside the system's stated range, side
    by side; a typo like 100000 is refused rather than stored or carried into the standings."""
    values = getattr(result, key) or (None, None)
    sides = zip(("first", "second"), _side_names(result), values, strict=True)
    for side, (label, name, value) in enumerate(sides):
        if value is None or value < 0:
            yield Problem(MISSING, key, f"Enter the {label} player's {what} (0 or more).", needed)
            return
        if span is not None and value not in span:
            yield _out_of_range(rules, key, what, span, side, name, value)


def _out_of_range(
    rules: ResultRules, key: str, what: str, span: ScoreRange, side: int, name: str, value: int
) -> Problem:
    return Problem(
        OUT_OF_RANGE,
        key,
        f"{what} must be between {span.low} and {span.high} in {rules.name}; "
        f"{value} for {name} is out of range.",
        f".{key}[{side}]: {value} {what} is outside {rules.name}'s range, {span.low} to {span.high}",
    )


def _ranges(
    rules: ResultRules, result: Result, key: str, what: str, span: ScoreRange | None
) -> Iterator[Problem]:
    values = getattr(result, key)
    if values is None or span is None:
        return
    for side, (name, value) in enumerate(zip(_side_names(result), values, strict=True)):
        if value is not None and value not in span:
            yield _out_of_range(rules, key, what, span, side, name, value)


def score_ranges(rules: ResultRules, result: Result) -> tuple[Problem, ...]:
    """Only the VP and KP ranges (what a bye of a file is held to: it records no result)."""
    return (
        *_ranges(rules, result, "vp", "Victory Points", rules.vp_range),
        *_ranges(rules, result, "kp", "Kill Points", rules.kp_range),
    )


def outcome_problem(rules: ResultRules, outcome: str, *, staff: bool = True) -> Problem | None:
    """Why `outcome` cannot be entered in this system by this person (None: it can)."""
    if outcome not in OUTCOMES or outcome == BYE:
        return Problem(
            INVALID, "outcome", f"Unknown outcome {outcome!r}.", f".outcome: unknown outcome {outcome!r}"
        )
    if outcome == COMPLETE_VICTORY and not rules.allows(outcome):
        return Problem(
            NOT_IN_SYSTEM,
            "outcome",
            f"A complete victory is not a result in {rules.name}.",
            ": outcome complete-victory is not a result of this game system",
        )
    if outcome == DRAW and not rules.allows(outcome):
        return Problem(
            NOT_IN_SYSTEM,
            "outcome",
            f"In {rules.name} a draw is a played game with equal Victory Points.",
            ": outcome draw is for game systems without VP (equal vp is a draw)",
        )
    if not staff and outcome not in PLAYER_OUTCOMES:
        return Problem(
            STAFF_ONLY,
            "outcome",
            f"A {IN_WORDS[outcome]} is entered by a judge.",
            f": outcome {outcome} is entered by a judge",
        )
    return None


def extra_problem(rules: ResultRules, key: str, value: object) -> Problem | None:
    """Why `value` cannot be recorded as the extra result number `key` (None: it can)."""
    declared = rules.extra(key)
    if declared is None:
        known = ", ".join(e.key for e in rules.extras) or "none"
        return Problem(
            UNKNOWN_DETAIL,
            "details",
            f"{rules.name} results record no {key!r} (extra fields: {known}).",
            f".details: {rules.name} results record no {key!r} (extra fields: {known})",
        )
    problem = declared.check(value)
    return None if problem is None else Problem(OUT_OF_RANGE, key, problem, f".{key}: {problem}")


def problems(rules: ResultRules, result: Result, *, staff: bool = True) -> tuple[Problem, ...]:
    """Every reason this result cannot be recorded in this system, the field a form marks
    first; empty: it can. `staff`: entered by a judge or the TO (any outcome), else by a player."""
    return tuple(_problems(rules, result, staff=staff))


def _problems(rules: ResultRules, result: Result, *, staff: bool) -> Iterator[Problem]:
    outcome = result.outcome
    wrong_outcome = outcome_problem(rules, outcome, staff=staff)
    if wrong_outcome is not None:
        yield wrong_outcome
        return  # what else the result must hold depends on the outcome
    shape = rules.shape
    played = outcome == PLAYED
    words = IN_WORDS[outcome]
    has_vp = result.vp is not None and result.vp != (None, None)
    has_kp = result.kp is not None and result.kp != (None, None)
    if (played and shape.vp) or outcome == COMPLETE_VICTORY:
        # A complete victory keeps the VP on record (MOR:564: results earned stand).
        needed = (
            ": a complete victory keeps its vp on record"
            if outcome == COMPLETE_VICTORY
            else ": a played game needs vp, in players order"
        )
        yield from _points(rules, result, "vp", "Victory Points", rules.vp_range, needed)
    elif has_vp:
        if not shape.vp:
            yield Problem(
                NOT_RECORDED,
                "vp",
                f"{rules.name} games have no Victory Points.",
                ".vp: this game system has no Victory Points",
            )
        else:
            yield Problem(
                NOT_RECORDED, "vp", f"A {words} has no Victory Points.", f".vp: outcome {outcome} takes no vp"
            )
    if played and shape.kp:
        needed = ": a played game needs kp beside vp, in players order"
        yield from _points(rules, result, "kp", "Kill Points", rules.kp_range, needed)
    elif has_kp:
        if not shape.kp:
            yield Problem(
                NOT_RECORDED,
                "kp",
                f"{rules.name} games have no Kill Points.",
                ".kp: this game system has no Kill Points",
            )
        else:
            yield Problem(
                NOT_RECORDED, "kp", f"A {words} has no Kill Points.", f".kp: outcome {outcome} takes no kp"
            )
    yield from _winner(rules, result)
    if outcome in OUTCOMES_WITH_LOSER:
        if result.loser not in result.players:
            yield Problem(
                MISSING,
                "loser",
                LOSER_PROMPTS[outcome],
                f": outcome {outcome} needs loser, one of the game's players",
            )
    elif result.loser is not None:
        yield Problem(
            NOT_RECORDED,
            "loser",
            "Only a concession, no-show, Game Loss or complete victory names a loser.",
            f": outcome {outcome} takes no loser",
        )
    for key, value in result.details.items():
        wrong = extra_problem(rules, key, value)
        if wrong is not None:
            yield wrong


def _winner(rules: ResultRules, result: Result) -> Iterator[Problem]:
    """A played game of a system without VP names its winner (or is a draw); in a top cut a
    played game or a draw may name the winner of a deciding game; nothing else names one."""
    outcome, winner = result.outcome, result.winner
    if outcome == PLAYED and not rules.shape.vp and winner is None:
        yield Problem(
            MISSING,
            "winner",
            f"Say who won (a {rules.name} game has no Victory Points), or record a draw.",
            ": a played game of a system without VP needs winner (or outcome draw)",
        )
        return
    if winner is None:
        return
    may_name = (outcome == PLAYED and not rules.shape.vp) or (result.cut and outcome in (PLAYED, DRAW))
    if not may_name:
        yield Problem(
            NOT_RECORDED,
            "winner",
            "Only a played game of a system without Victory Points, or a top-cut game, names a winner.",
            f": outcome {outcome} takes no winner",
        )
    elif winner not in result.players:
        yield Problem(
            NOT_A_PLAYER,
            "winner",
            "The winner must be one of the game's players.",
            ".winner must be one of the game's players",
        )
