"""Penalties: who may apply each level, the Disqualification confirmation, escalation advice.

OP Guide, "Judging and Conduct": every penalty is one of four levels, so it means the same
at every table, and penalties accumulate across the whole event. The functions here take a
player's penalty history in the event (oldest first) and never reset it between rounds.

Authority, as decided from the guide's Roles and Penalties tables:
- a Caution or a Warning is applied by a Floor Judge or the Head Judge;
- a Game Loss by the Head Judge;
- a Disqualification is proposed by the Head Judge and takes effect once the TO confirms it
  ("Head Judge with the TO"). When the TO plays (a Community event), the final decision on
  penalties passes to the Head Judge for the whole event, so a Head Judge confirms instead.
- The TO's own role issues nothing: the TO backs the Head Judge up and confirms what stands
  for the rest of the event. A TO who judges holds the judge's role as well (a person may hold
  several roles; "if only one judge is present, they are both").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Literal, Protocol, TypeAlias

Role: TypeAlias = Literal["floor-judge", "head-judge", "to"]
ROLES: tuple[Role, ...] = ("floor-judge", "head-judge", "to")


class PenaltyError(Exception):
    """A penalty action the guide does not allow; the message names who may take it."""


class Level(StrEnum):
    CAUTION = "caution"
    WARNING = "warning"
    GAME_LOSS = "game-loss"
    DISQUALIFICATION = "disqualification"


# Least to most severe.
_ORDER: tuple[Level, ...] = (Level.CAUTION, Level.WARNING, Level.GAME_LOSS, Level.DISQUALIFICATION)


class Category(StrEnum):
    RULES = "rules"
    SLOW_PLAY = "slow-play"
    ILLEGAL_ROSTER = "illegal-roster"
    CONDUCT = "conduct"
    LATE_ROSTER = "late-roster"
    OTHER = "other"


class Status(StrEnum):
    ISSUED = "issued"
    PENDING_CONFIRMATION = "pending-confirmation"  # a proposed Disqualification
    CONFIRMED = "confirmed"
    DECLINED = "declined"


# OP Guide: Penalties, "Who applies it".
_ISSUERS: dict[Level, frozenset[Role]] = {
    Level.CAUTION: frozenset({"floor-judge", "head-judge"}),
    Level.WARNING: frozenset({"floor-judge", "head-judge"}),
    Level.GAME_LOSS: frozenset({"head-judge"}),
    Level.DISQUALIFICATION: frozenset({"head-judge"}),
}
_WHO = {
    Level.CAUTION: "a Floor Judge or the Head Judge",
    Level.WARNING: "a Floor Judge or the Head Judge",
    Level.GAME_LOSS: "the Head Judge",
    Level.DISQUALIFICATION: "the Head Judge, with the TO's confirmation",
}
_A = {
    Level.CAUTION: "A Caution",
    Level.WARNING: "A Warning",
    Level.GAME_LOSS: "A Game Loss",
    Level.DISQUALIFICATION: "A Disqualification",
}

# OP Guide: Code of Conduct, for the judges' screen.
CONDUCT_PROHIBITED: tuple[str, ...] = (
    "Harassment of any kind, including sexual harassment",
    "Hate speech or slurs",
    "Intimidation, threats or physical aggression",
    "Cheating, including misrepresenting rules, dice results, measurements or roster contents",
    "Withholding information about your own army",
    "Theft or damage to property",
    "Persistent unsportsmanlike behaviour after being asked to stop",
)


@dataclass(frozen=True)
class Penalty:
    player: str
    level: Level
    category: Category
    round: int
    table: int | None = None
    reason: str = ""
    remedy: str = ""  # Pace of Play: what the opponent was awarded alongside a Warning
    issued_by: str = ""
    status: Status = Status.ISSUED
    confirmed_by: str = ""

    @property
    def in_force(self) -> bool:
        """A proposed or declined Disqualification is not (yet) a penalty."""
        return self.status in (Status.ISSUED, Status.CONFIRMED)

    @property
    def reported_to_publisher(self) -> bool:
        # OP Guide: "Disqualifications for conduct are recorded and reported to the publisher."
        return self.level is Level.DISQUALIFICATION and self.category is Category.CONDUCT and self.in_force


@dataclass(frozen=True)
class TimeLimit:
    """Pace of Play: a per-activation time limit a judge imposed for the rest of one game."""

    player: str
    round: int
    seconds_per_activation: int | None = None


@dataclass(frozen=True)
class Advice:
    """A prompt for the judges; advice only, the Head Judge still decides."""

    level: Level
    applied_by: str
    text: str


@dataclass(frozen=True)
class GameLossEffect:
    """OP Guide: "A Game Loss is scored as an Annihilation against the penalised player"."""

    round: int
    table: int | None
    penalised_player: str
    outcome: str = "game-loss"  # the event/1 outcome the Django layer records


# ---------------------------------------------------------------------------- authority


def can_issue(roles: Iterable[str], level: Level | str) -> bool:
    return bool(_roles(roles) & _ISSUERS[_level(level)])


def check_issue(roles: Iterable[str], level: Level | str) -> None:
    held = _roles(roles)
    lvl = _level(level)
    if not held & _ISSUERS[lvl]:
        yours = ", ".join(sorted(held)) or "no judging role"
        raise PenaltyError(f"{_A[lvl]} is applied by {_WHO[lvl]}; you hold {yours} at this event.")


def issue(
    roles: Iterable[str],
    *,
    player: str,
    level: Level | str,
    category: Category | str,
    round: int,
    table: int | None = None,
    reason: str = "",
    remedy: str = "",
    issued_by: str = "",
) -> Penalty:
    """A new penalty; a Disqualification starts as a proposal awaiting confirmation."""
    lvl = _level(level)
    check_issue(roles, lvl)
    try:
        cat = Category(category)
    except ValueError:
        known = ", ".join(c.value for c in Category)
        raise PenaltyError(f"Unknown infraction category {category!r}; expected one of {known}.") from None
    if remedy and not (lvl is Level.WARNING and cat is Category.SLOW_PLAY):
        raise PenaltyError(
            "A remedy for the opponent goes with a slow-play Warning (OP Guide: Pace of Play)."
        )
    status = Status.PENDING_CONFIRMATION if lvl is Level.DISQUALIFICATION else Status.ISSUED
    return Penalty(player, lvl, cat, round, table, reason, remedy, issued_by, status)


def confirm_disqualification(
    penalty: Penalty, roles: Iterable[str], *, confirmed_by: str = "", to_plays: bool = False
) -> Penalty:
    return _decide(penalty, roles, Status.CONFIRMED, confirmed_by, to_plays)


def decline_disqualification(
    penalty: Penalty, roles: Iterable[str], *, confirmed_by: str = "", to_plays: bool = False
) -> Penalty:
    return _decide(penalty, roles, Status.DECLINED, confirmed_by, to_plays)


def _decide(penalty: Penalty, roles: Iterable[str], to: Status, by: str, to_plays: bool) -> Penalty:
    if penalty.level is not Level.DISQUALIFICATION:
        raise PenaltyError(
            f"Only a Disqualification awaits confirmation; this is {_A[penalty.level].lower()}."
        )
    if penalty.status is not Status.PENDING_CONFIRMATION:
        raise PenaltyError(f"This Disqualification has already been {penalty.status.value}.")
    # OP Guide: Roles and Requirements; a playing TO hands the final say to the Head Judge.
    needed: Role = "head-judge" if to_plays else "to"
    if needed not in _roles(roles):
        who = "the Head Judge (the TO is playing)" if to_plays else "the TO"
        raise PenaltyError(f"A Disqualification is confirmed or declined by {who}.")
    return replace(penalty, status=to, confirmed_by=by)


# ---------------------------------------------------------------------------- escalation


def escalation_advice(history: Sequence[Penalty]) -> tuple[Advice, ...]:
    """Prompts that follow from one player's penalties in the event.

    OP Guide: a third Warning in the event calls for a Game Loss. Each Warning from the third
    on prompts it until a Game Loss has been applied after that Warning.
    """
    player = _one_player(history)
    in_force = [p for p in history if p.in_force]
    warnings = [i for i, p in enumerate(in_force) if p.level is Level.WARNING]
    if len(warnings) < 3:
        return ()
    latest = warnings[-1]
    if any(p.level is Level.GAME_LOSS for p in in_force[latest + 1 :]):
        return ()
    nth = _ordinal(len(warnings))
    return (
        Advice(
            Level.GAME_LOSS,
            _WHO[Level.GAME_LOSS],
            f"{player} has had a {nth} Warning in the event: the Head Judge should issue a Game Loss "
            f"(OP Guide: Penalties).",
        ),
    )


def suggest_level(history: Sequence[Penalty], category: Category | str) -> Level:
    """The level for a new infraction of `category`, following the guide's escalation.

    OP Guide: Penalties. A Caution is for "a first, minor slip"; a Warning for "a repeat of
    something already cautioned" (a repeat of something already warned is no first slip
    either); a Game Loss for "slow play already warned twice". Penalties accumulate across
    the event, so the suggestion is never lower than a penalty in force for the same kind of
    infraction. A third Warning of any kind is prompted as a Game Loss by `escalation_advice`.
    """
    cat = Category(category)
    _one_player(history)
    same = [p for p in history if p.in_force and p.category is cat]
    if not same:
        return Level.CAUTION
    levels = [p.level for p in same]
    if cat is Category.SLOW_PLAY and levels.count(Level.WARNING) >= 2:
        levels.append(Level.GAME_LOSS)  # warned twice: at least a Game Loss, never below one in force
    highest = max(levels, key=_ORDER.index)
    return highest if _ORDER.index(highest) > _ORDER.index(Level.WARNING) else Level.WARNING


class SlowPlayStep(StrEnum):
    CAUTION = "caution"
    TIME_LIMIT = "time-limit"
    WARNING = "warning"
    GAME_LOSS = "game-loss"


@dataclass(frozen=True)
class SlowPlayAdvice:
    step: SlowPlayStep
    applied_by: str
    text: str
    remedy_allowed: bool = False  # the judge may award the opponent a remedy, up to a Game Loss


def next_slow_play_step(history: Sequence[Penalty | TimeLimit], *, current_round: int) -> SlowPlayAdvice:
    """What a judge does next about a player taking unreasonable time (OP Guide: Pace of Play).

    The ladder: a Caution, logged; then a per-activation time limit for the rest of the game;
    if it continues, a Warning with an optional remedy for the opponent. Slow play already
    warned twice is a Game Loss (OP Guide: Penalties). A time limit lasts one game, so it
    counts only in `current_round`; the penalties count across the event.
    """
    slow = [p for p in history if isinstance(p, Penalty) and p.in_force and p.category is Category.SLOW_PLAY]
    warned = sum(p.level is Level.WARNING for p in slow)
    cautioned = any(p.level is Level.CAUTION for p in slow)
    limited = any(isinstance(h, TimeLimit) and h.round == current_round for h in history)
    judge = _WHO[Level.WARNING]
    if warned >= 2:
        return SlowPlayAdvice(
            SlowPlayStep.GAME_LOSS,
            _WHO[Level.GAME_LOSS],
            "Slow play already warned twice: the Head Judge applies a Game Loss.",
        )
    if warned == 1 or (cautioned and limited):
        return SlowPlayAdvice(
            SlowPlayStep.WARNING,
            judge,
            "Issue a Warning; the judge may award the opponent an appropriate remedy, up to a Game Loss "
            "(which the Head Judge applies).",
            remedy_allowed=True,
        )
    if not cautioned:
        return SlowPlayAdvice(SlowPlayStep.CAUTION, judge, "First: a Caution, logged.")
    return SlowPlayAdvice(
        SlowPlayStep.TIME_LIMIT,
        "a judge",
        "The judge may impose a time limit per activation for the rest of the game; "
        "if the slow play continues, a Warning follows.",
    )


def game_loss_effect(penalty: Penalty) -> GameLossEffect:
    if penalty.level is not Level.GAME_LOSS or not penalty.in_force:
        raise PenaltyError("Only a Game Loss in force changes a game's result.")
    return GameLossEffect(penalty.round, penalty.table, penalty.player)


# ---------------------------------------------------------------------------- illegal rosters


class ViolationLike(Protocol):
    """What the checklist reads from a rules-engine violation (rules_engine.verdict.Violation)."""

    @property
    def code(self) -> str: ...

    @property
    def message(self) -> str: ...


@dataclass(frozen=True)
class RosterChecklist:
    """The judge's steps when a roster turns out illegal after play has begun."""

    items: tuple[str, ...]
    completed_games_stand: bool | None  # None: the Head Judge decides, game by game
    suggested_level: Level
    problems: tuple[str, ...]


def illegal_roster_checklist(
    violations: Sequence[ViolationLike],
    *,
    games_completed: int,
    small_mistake: bool,
    players_agree: bool,
    advantage_gained: bool,
) -> RosterChecklist:
    """OP Guide: Illegal Rosters, read with the Penalties table."""
    if not violations:
        raise PenaltyError("The rules engine found this roster legal; there is nothing to correct.")
    problems = tuple(f"{v.message} ({v.code})" for v in violations)
    stand: bool | None = True if small_mistake or players_agree else None
    items: list[str] = []
    if games_completed:
        games = f"{games_completed} completed game{'s' if games_completed != 1 else ''}"
        if stand:
            why = "the mistake is small" if small_mistake else "both players agree to continue"
            items.append(f"The {games} stand: {why}.")
        else:
            items.append(f"The Head Judge decides whether each of the {games} stands or is adjusted.")
    items.append("The Head Judge may adjust the game state before play resumes.")
    items.append(
        "The player corrects the roster under judge supervision, with the smallest change that fixes it: "
        + "; ".join(problems)
    )
    if advantage_gained:
        level = Level.GAME_LOSS
        items.append(
            "The roster carried an advantage: the Head Judge, consulting the TO, applies a Game Loss."
        )
    else:
        level = Level.CAUTION
        items.append(
            "The Head Judge, consulting the TO, may apply a penalty proportionate to the advantage gained; "
            "with no advantage, a Caution at most."
        )
    return RosterChecklist(tuple(items), stand, level, problems)


# ---------------------------------------------------------------------------- helpers


def _roles(roles: Iterable[str]) -> set[Role]:
    held = set(roles)
    unknown = held - set(ROLES)
    if unknown:
        raise PenaltyError(f"Unknown role {sorted(unknown)[0]!r}; the roles are {', '.join(ROLES)}.")
    return {r for r in ROLES if r in held}


def _level(level: Level | str) -> Level:
    try:
        return Level(level)
    except ValueError:
        known = ", ".join(lvl.value for lvl in Level)
        raise PenaltyError(f"Unknown penalty level {level!r}; expected one of {known}.") from None


def _one_player(history: Sequence[Penalty]) -> str:
    players = {p.player for p in history}
    if len(players) > 1:
        raise PenaltyError("Escalation reads one player's history; got penalties of several players.")
    return next(iter(players), "")


def _ordinal(n: int) -> str:
    return {3: "third", 4: "fourth", 5: "fifth"}.get(n, f"{n}th")
