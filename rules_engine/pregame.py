"""What a game system does before each game, and how long its rounds run.

Each `GameSystem` declares its **pre-game sequence** (`Pregame`):

- `DRAFT`: a state machine both players step through on their phones (StarCraft's
  card draft, OP Guide "The Pre-Game Sequence"); the machine is the
  system's own (`DraftRules`), the judging app only stores and replays it.
- `SCENARIO_PER_ROUND`: the TO picks one scenario from the system's list for each round,
  once rosters are locked (Dropzone Commander, DZC:328 "Choose a Scenario before each game
  once players have built their Armies").
- `FIXED_SCENARIO`: one scenario is played every game and is only shown (MORSDEI's Three
  Loot Points, MOR:531).
- `NONE`: nothing before the game (Warpspawn).

and its **round clock** (`ClockRules`): the default round length and the calls a judge
makes on the way (StarCraft's "15 minutes, do not begin a new ..." belongs to StarCraft,
so the clock engine names no game's terms). Pure Python: no Django, no storage.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal, Protocol, TypeAlias

Seat: TypeAlias = Literal["A", "B"]
SEATS: tuple[Seat, Seat] = ("A", "B")


class PregameKind(StrEnum):
    NONE = "none"
    DRAFT = "draft"
    SCENARIO_PER_ROUND = "scenario-per-round"
    FIXED_SCENARIO = "fixed-scenario"


class DraftError(Exception):
    """An action a system's pre-game draft does not allow now; the message says why."""


class ScenarioError(Exception):
    """A scenario choice the system's rules refuse; `code` is stable, the message says why."""

    def __init__(self, message: str, *, code: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class DraftRules(Protocol):
    """A system's pre-game draft, behind one interface the judging app drives.

    The state is the system's own immutable object; the app stores `new_state`'s inputs
    (JSON, from `roster_option`) and the actions (`action_to_dict`) and rebuilds the state
    with `replay`. Seat "A" is the game's player one, "B" player two. Every refusal is a
    `DraftError` (or a subclass) whose message a player can act on.
    """

    # Minutes into the round after which a judge completes an unfinished draft at random.
    overrun_minutes: int

    def roster_option(
        self, *, label: str, slot: int, document: Mapping[str, Any], judged: Any
    ) -> dict[str, Any]:
        """What the draft needs from one roster (JSON-able); `judged` is its judged roster."""
        ...

    def new_state(
        self,
        options_a: Sequence[Mapping[str, Any]],
        options_b: Sequence[Mapping[str, Any]],
        *,
        list_format: str,
        names: tuple[str, str],
    ) -> Any: ...

    def replay(self, state: Any, actions: Iterable[Mapping[str, Any]]) -> Any: ...

    def apply(
        self, state: Any, action: Mapping[str, Any], *, seat: Seat | None, by_judge: bool
    ) -> tuple[Any, list[dict[str, Any]]]:
        """The state after one action and the actions to store (a roll the server made, say).

        `seat` is who asks (None: a judge); a player may only make their own choices.
        """
        ...

    def judge_entry(self, state: Any, entry: str, *, seat: Seat, value: Any) -> tuple[Any, dict[str, Any]]:
        """A judge enters a choice for a seat (`entry` names which, e.g. "roster", "roll-off")."""
        ...

    def complete_at_random(self, state: Any, rng: random.Random) -> tuple[Any, list[dict[str, Any]]]: ...

    def step(self, state: Any) -> str: ...

    def step_text(self, step: str) -> str:
        """A stored step value as the sentence the draft page shows for it."""
        ...

    def is_complete(self, state: Any) -> bool: ...

    def result(self, state: Any, players: Mapping[Seat, Mapping[str, str]]) -> DraftOutcome:
        """The completed draft's result; `players` maps a seat to its player's id and name."""
        ...

    def summary(self, record: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
        """What a slip prints of a stored result record, as (label, text) lines."""
        ...

    def legacy_picks(self, row: Mapping[str, Any]) -> dict[str, str]:
        """The picks of a stored draft written by an older version: every old key it reads,
        present in `row`, with its value ("" where nothing was picked)."""
        ...

    def present(self, state: Any, seat: Seat | None) -> dict[str, Any]:
        """What one seat (or a judge, None) sees; a blind choice stays hidden from the opponent."""
        ...

    def judge_entries(self, state: Any) -> dict[str, Any] | None:
        """What a judge may enter for the players now, or None."""
        ...


@dataclass(frozen=True)
class DraftOutcome:
    """What the game keeps from a completed draft.

    `picks`: what was chosen, named by the system ({name: card, ...}); `summary`: lines
    a slip or a page prints as they are ((label, text) pairs); `roles`: a seat per role the
    draft settled (e.g. "red", "priority"); `record`: the whole result as JSON, for export.
    """

    picks: dict[str, str]
    summary: tuple[tuple[str, str], ...]
    roles: dict[str, Seat]
    record: dict[str, Any]
    completed_at_random: bool = False


@dataclass(frozen=True)
class Pregame:
    """A system's pre-game sequence."""

    kind: PregameKind = PregameKind.NONE
    # What the system calls its pre-game choice ("Scenario"), and the ones to choose from.
    label: str = "Scenario"
    scenarios: tuple[str, ...] = ()
    source: str = ""  # the rulebook line it comes from
    draft: DraftRules | None = None

    @property
    def per_round(self) -> bool:
        return self.kind is PregameKind.SCENARIO_PER_ROUND

    @property
    def fixed_scenario(self) -> str | None:
        return self.scenarios[0] if self.kind is PregameKind.FIXED_SCENARIO and self.scenarios else None


NO_PREGAME = Pregame()


def choose_scenario(pregame: Pregame, name: str, *, rosters_locked: bool) -> str:
    """The scenario a TO names for a round, as the system spells it.

    DZC:328: "Choose a Scenario before each game once players have built their Armies—this
    avoids unbalanced Armies designed to tackle a specific Scenario." So the choice is
    refused until rosters are locked (`rosters-not-locked`), and only the system's own list
    is accepted (`unknown-scenario`); a system without per-round scenarios refuses any
    (`no-scenario-choice`). Names compare as people write them (case, spaces, dashes).
    """
    if not pregame.per_round:
        fixed = pregame.fixed_scenario
        detail = f"every game plays {fixed}" if fixed else "the game has no scenario to choose"
        raise ScenarioError(
            f"This game system has no scenario per round: {detail}.", code="no-scenario-choice"
        )
    wanted = _key(name)
    if not wanted:
        raise ScenarioError(f"Name the {pregame.label.lower()} to play.", code="unknown-scenario")
    match = next((s for s in pregame.scenarios if _key(s) == wanted), None)
    if match is None:
        raise ScenarioError(
            f"{name.strip()!r} is not one of the {len(pregame.scenarios)} {pregame.label}s: "
            f"{', '.join(pregame.scenarios)}.",
            code="unknown-scenario",
        )
    if not rosters_locked:
        raise ScenarioError(
            f"The {pregame.label.lower()} is chosen once rosters are locked (at the roster "
            "deadline, or once round 1 is paired), so no army is built for it "
            f"({pregame.source or 'the rulebook'}).",
            code="rosters-not-locked",
        )
    return match


def _key(name: str) -> str:
    return "".join(ch for ch in name.casefold() if ch.isalnum())


# ---------------------------------------------------------------------------- the clock


class Anchor(StrEnum):
    START = "start"  # `minutes` after the round begins
    HALF = "half"  # at half the round's total time
    END = "end"  # `minutes` before the round ends


@dataclass(frozen=True)
class ClockCall:
    """One announcement a judge makes during a round, anchored as the call reads."""

    key: str
    call: str
    anchor: Anchor
    minutes: int = 0

    def offset(self, total: dt.timedelta) -> dt.timedelta:
        """Round-clock time elapsed when the call is made, in a round of `total`."""
        if self.anchor is Anchor.START:
            return dt.timedelta(minutes=self.minutes)
        if self.anchor is Anchor.HALF:
            return total / 2
        return total - dt.timedelta(minutes=self.minutes)


@dataclass(frozen=True)
class ClosingPeriod:
    """The last minutes of a round, when the system forbids something (shown on the clock)."""

    minutes: int
    text: str


GENERIC_CALLS: tuple[ClockCall, ...] = (
    ClockCall("round-begins", "Round begins", Anchor.START),
    ClockCall("halfway", "Halfway", Anchor.HALF),
    ClockCall("30-minutes-remaining", "30 minutes remaining", Anchor.END, 30),
    ClockCall("15-minutes-remaining", "15 minutes remaining", Anchor.END, 15),
    ClockCall("5-minutes-remaining", "5 minutes", Anchor.END, 5),
)


@dataclass(frozen=True)
class ClockRules:
    """A system's round: its default length and the calls made on the way."""

    round_minutes: int = 120
    calls: tuple[ClockCall, ...] = field(default=GENERIC_CALLS)
    closing: ClosingPeriod | None = None
    source: str = ""


DEFAULT_CLOCK = ClockRules()
