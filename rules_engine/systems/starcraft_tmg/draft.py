"""The pre-game draft of one game as an immutable state machine.

OP Guide, "The Pre-Game Sequence" (Steps 1-5), which supersedes the roll-off of Part 9.2
at events: priority is earned by spending less, not rolled for. Both players see the same
card pool and every selection (the guide's condition for drafting in an app), so each
action is recorded in the state's history; only a blind roster choice stays hidden from
the opponent until both have chosen (`view_for`).

StarCraft's pre-game sequence (`rules_engine.pregame.PregameKind.DRAFT`): the judging app
stores the `new_draft` inputs and the actions (`action_to_dict`) and rebuilds the state
with `replay`, through `pregame.StarCraftDraft`; nothing here knows about time or storage.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Literal, TypeAlias

from rules_engine import pregame
from rules_engine.pregame import SEATS as SEATS
from rules_engine.pregame import Seat as Seat

Colour: TypeAlias = Literal["red", "blue"]
COLOURS: tuple[Colour, Colour] = ("red", "blue")
CardKind: TypeAlias = Literal["mission", "deployment"]
CARD_KINDS: tuple[CardKind, CardKind] = ("mission", "deployment")

_KIND_TITLE = {"mission": "Mission", "deployment": "Deployment"}


class DraftError(pregame.DraftError):
    """An action the Pre-Game Sequence does not allow now; the message says why."""


class ListFormat(StrEnum):
    SINGLE = "single"
    DUAL = "dual"


class Step(StrEnum):
    ROSTER_SELECTION = "roster-selection"  # Step 1, dual list only
    ROLL_OFF = "roll-off"  # Step 3, only when Gas and Minerals are both equal
    PERSPECTIVE = "perspective"  # Step 3, the player without priority
    COLOUR = "colour"  # Step 3, the player with priority
    DRAFT_CONTROL = "draft-control"  # Step 3, the player with priority
    MISSION_REMOVAL = "mission-removal"  # Step 4
    MISSION_PICK = "mission-pick"
    DEPLOYMENT_REMOVAL = "deployment-removal"  # Step 5
    DEPLOYMENT_PICK = "deployment-pick"
    COMPLETE = "complete"


_GUIDE_STEP = {
    Step.ROSTER_SELECTION: 1,
    Step.ROLL_OFF: 3,
    Step.PERSPECTIVE: 3,
    Step.COLOUR: 3,
    Step.DRAFT_CONTROL: 3,
    Step.MISSION_REMOVAL: 4,
    Step.MISSION_PICK: 4,
    Step.DEPLOYMENT_REMOVAL: 5,
    Step.DEPLOYMENT_PICK: 5,
    Step.COMPLETE: 5,
}
_STEP_TEXT = {
    Step.ROSTER_SELECTION: "roster selection (Step 1)",
    Step.ROLL_OFF: "the Roll-Off for priority (Step 3)",
    Step.PERSPECTIVE: "the choice of perspective (Step 3)",
    Step.COLOUR: "the choice of colour (Step 3)",
    Step.DRAFT_CONTROL: "the choice of draft control (Step 3)",
    Step.MISSION_REMOVAL: "removing Mission Cards (Step 4)",
    Step.MISSION_PICK: "picking the Mission (Step 4)",
    Step.DEPLOYMENT_REMOVAL: "removing Deployment Cards (Step 5)",
    Step.DEPLOYMENT_PICK: "picking the Deployment (Step 5)",
    Step.COMPLETE: "its end",
}


class PriorityReason(StrEnum):
    GAS = "gas"
    MINERALS = "minerals"
    ROLL_OFF = "roll-off"


def other(seat: Seat) -> Seat:
    return "B" if seat == "A" else "A"


def _index(seat: Seat) -> int:
    return 0 if seat == "A" else 1


@dataclass(frozen=True)
class CardCopy:
    """One physical card on the table.

    Part 9.2: a player may not bring duplicates, but both players may bring the same card,
    so (kind, name, owner) identifies a copy and a removal takes exactly one of them.
    """

    kind: CardKind
    name: str
    owner: Seat


@dataclass(frozen=True)
class RosterOption:
    """What the draft needs from one submitted roster (OP Guide: What a Roster Is)."""

    label: str
    gas: int
    minerals: int
    missions: tuple[str, str]
    deployments: tuple[str, str]

    def __post_init__(self) -> None:
        if self.gas < 0 or self.minerals < 0:
            raise DraftError(f"Roster {self.label!r} cannot have spent a negative amount.")
        # Part 9.2: "A player may not bring duplicate cards in their own set."
        for kind, cards in (("Mission", self.missions), ("Deployment", self.deployments)):
            if len(cards) != 2 or cards[0] == cards[1]:
                raise DraftError(f"Roster {self.label!r} must bring 2 different {kind} Cards, not {cards!r}.")


@dataclass(frozen=True)
class CardDraft:
    """One row of cards (Mission or Deployment) and what has happened to it."""

    kind: CardKind
    pool: tuple[CardCopy, ...]
    removed: tuple[CardCopy, ...] = ()
    picked: CardCopy | None = None

    @property
    def remaining(self) -> tuple[CardCopy, ...]:
        return tuple(c for c in self.pool if c not in self.removed and c != self.picked)

    @property
    def discarded(self) -> CardCopy | None:
        """The last card, discarded once the controller has picked (Steps 4 and 5)."""
        return self.remaining[0] if self.picked is not None else None


# Actions. `by_judge` marks an action a judge took on a player's behalf: announcing a
# roster told to them privately (Step 1), or completing an overrun draft at random.


@dataclass(frozen=True)
class ChooseRoster:
    player: Seat
    roster: str
    by_judge: bool = False


@dataclass(frozen=True)
class RollOff:
    """The result of a Roll-Off (Part 3.2); `totals` optionally records the 2D6 pairs thrown."""

    winner: Seat
    totals: tuple[tuple[int, int], ...] = ()
    by_judge: bool = False


@dataclass(frozen=True)
class ChoosePerspective:
    """`side`: the seat whose table edge the Deployment map is read from (its bottom edge)."""

    player: Seat
    side: Seat
    by_judge: bool = False


@dataclass(frozen=True)
class ChooseColour:
    """The player with priority declares their own colour."""

    player: Seat
    colour: Colour
    by_judge: bool = False


@dataclass(frozen=True)
class ChooseDraftControl:
    """The player with priority takes control of this draft; the opponent gets the other."""

    player: Seat
    draft: CardKind
    by_judge: bool = False


@dataclass(frozen=True)
class RemoveCard:
    player: Seat
    card: CardCopy
    by_judge: bool = False


@dataclass(frozen=True)
class PickCard:
    player: Seat
    card: CardCopy
    by_judge: bool = False


@dataclass(frozen=True)
class Overrun:
    """A judge takes over a draft not finished 15 minutes into the round; only judges act after it."""

    by_judge: bool = True


Action: TypeAlias = (
    ChooseRoster
    | RollOff
    | ChoosePerspective
    | ChooseColour
    | ChooseDraftControl
    | RemoveCard
    | PickCard
    | Overrun
)


@dataclass(frozen=True)
class Record:
    """One line of the draft's history, shown to both players and kept for audit.

    A blind roster choice is `hidden_from` the opponent, who sees `public_text` until the
    rosters are revealed.
    """

    guide_step: int  # the Pre-Game Sequence step (1-5) it belongs to, for grouping on screen
    text: str
    action: Action | None = None
    hidden_from: Seat | None = None
    public_text: str = ""


@dataclass(frozen=True)
class DraftState:
    list_format: ListFormat
    names: tuple[str, str]
    rosters: tuple[tuple[RosterOption, ...], tuple[RosterOption, ...]]
    step: Step
    chosen: tuple[str | None, str | None] = (None, None)
    priority: Seat | None = None
    priority_reason: PriorityReason | None = None
    perspective_side: Seat | None = None
    red: Seat | None = None
    mission_control: Seat | None = None
    missions: CardDraft | None = None
    deployments: CardDraft | None = None
    at_random: bool = False
    history: tuple[Record, ...] = ()

    def name(self, seat: Seat) -> str:
        return self.names[_index(seat)]

    def roster(self, seat: Seat) -> RosterOption | None:
        label = self.chosen[_index(seat)]
        return next((r for r in self.rosters[_index(seat)] if r.label == label), None)

    def controller(self, kind: CardKind) -> Seat | None:
        if self.mission_control is None:
            return None
        return self.mission_control if kind == "mission" else other(self.mission_control)

    @property
    def revealed(self) -> bool:
        return self.step is not Step.ROSTER_SELECTION


@dataclass(frozen=True)
class DraftResult:
    """Everything the game needs from the Pre-Game Sequence."""

    rosters: tuple[str, str]
    mission: CardCopy
    deployment: CardCopy
    red: Seat
    blue: Seat
    priority: Seat
    priority_reason: PriorityReason
    perspective_chooser: Seat
    perspective_side: Seat
    mission_control: Seat
    deployment_control: Seat
    completed_at_random: bool


@dataclass(frozen=True)
class DraftView:
    """The draft as one player may see it: the opponent's blind roster choice stays hidden."""

    viewer: Seat
    names: tuple[str, str]
    step: Step
    waiting_for: tuple[Seat, ...]
    my_roster: str | None
    opponent_roster: str | None
    opponent_has_chosen: bool
    priority: Seat | None
    priority_reason: PriorityReason | None
    perspective_side: Seat | None
    red: Seat | None
    mission_control: Seat | None
    missions: CardDraft | None
    deployments: CardDraft | None
    at_random: bool
    history: tuple[str, ...]
    my_actions: tuple[Action, ...]
    result: DraftResult | None


# ---------------------------------------------------------------------------- building


def new_draft(
    rosters_a: Sequence[RosterOption],
    rosters_b: Sequence[RosterOption],
    *,
    list_format: ListFormat | str,
    names: tuple[str, str] = ("Player A", "Player B"),
) -> DraftState:
    """The draft before anyone acts.

    Under Single List Format Step 1 is skipped, so the state starts at priority. Under Dual
    List a player who submitted one roster plays it every round (OP Guide: Dual List
    Format), so their choice is made for them and only the other player chooses blind.
    """
    try:
        fmt = ListFormat(list_format)
    except ValueError:
        raise DraftError(f"Unknown list format {list_format!r}; expected 'single' or 'dual'.") from None
    rosters = (tuple(rosters_a), tuple(rosters_b))
    for seat, options in zip(SEATS, rosters, strict=True):
        who = names[_index(seat)]
        if fmt is ListFormat.SINGLE and len(options) != 1:
            raise DraftError(f"Under Single List Format {who} plays exactly one roster, not {len(options)}.")
        if not 1 <= len(options) <= 2:
            raise DraftError(f"Under Dual List Format {who} submits one or two rosters, not {len(options)}.")
        if len({r.label for r in options}) != len(options):
            raise DraftError(f"{who}'s two rosters need different labels to be told apart.")
    state = DraftState(list_format=fmt, names=names, rosters=rosters, step=Step.ROSTER_SELECTION)
    if fmt is ListFormat.SINGLE:
        state = _add(state, "Single List Format: no roster selection (Step 1 skipped).", guide_step=1)
        return _reveal(replace(state, chosen=(rosters[0][0].label, rosters[1][0].label)))
    for seat in SEATS:
        options = rosters[_index(seat)]
        if len(options) == 1:
            chosen = list(state.chosen)
            chosen[_index(seat)] = options[0].label
            state = replace(state, chosen=(chosen[0], chosen[1]))
            text = f"{state.name(seat)} submitted one roster and plays it: {options[0].label}."
            state = _add(state, text, guide_step=1)
    return _reveal(state) if None not in state.chosen else state


def replay(state: DraftState, actions: Iterable[Action]) -> DraftState:
    for action in actions:
        state = apply(state, action)
    return state


# ---------------------------------------------------------------------------- transitions


def apply(state: DraftState, action: Action) -> DraftState:
    """The state after `action`, or DraftError saying why it is not allowed now."""
    if state.step is Step.COMPLETE:
        raise DraftError("The draft is complete; nothing more can be chosen.")
    if isinstance(action, Overrun):
        if state.at_random:
            raise DraftError("A judge is already completing this draft at random.")
        if not action.by_judge:
            raise DraftError("Only a judge completes an overrun draft.")
        # OP Guide: If the sequence overruns.
        return _add(
            replace(state, at_random=True),
            "Not concluded 15 minutes into the round: a judge completes the remaining steps at random.",
            action,
            guide_step=_GUIDE_STEP[state.step],
        )
    if state.at_random and not action.by_judge:
        raise DraftError("A judge is completing this draft at random; players can no longer choose.")
    _check_seat(getattr(action, "player", getattr(action, "winner", None)))
    match action:
        case ChooseRoster():
            return _choose_roster(state, action)
        case RollOff():
            return _roll_off(state, action)
        case ChoosePerspective():
            return _choose_perspective(state, action)
        case ChooseColour():
            return _choose_colour(state, action)
        case ChooseDraftControl():
            return _choose_control(state, action)
        case RemoveCard():
            return _remove(state, action)
        case PickCard():
            return _pick(state, action)
    raise DraftError(f"Unknown draft action {action!r}.")  # pragma: no cover - the union is exhaustive


def _choose_roster(state: DraftState, action: ChooseRoster) -> DraftState:
    who = state.name(action.player)
    if state.list_format is ListFormat.SINGLE:
        raise DraftError("Under Single List Format there is no roster to choose.")
    _expect(state, Step.ROSTER_SELECTION, f"{who} cannot choose a roster now")
    if state.chosen[_index(action.player)] is not None:
        raise DraftError(f"{who} has already chosen a roster; the choice is final.")
    labels = [r.label for r in state.rosters[_index(action.player)]]
    if action.roster not in labels:
        raise DraftError(
            f"{who} has no roster called {action.roster!r}; their rosters are {', '.join(labels)}."
        )
    chosen = list(state.chosen)
    chosen[_index(action.player)] = action.roster
    via = " (told to a judge privately)" if action.by_judge else ""
    state = _add(
        replace(state, chosen=(chosen[0], chosen[1])),
        f"{who} chose {action.roster}{via}.",
        action,
        hidden_from=other(action.player),
        public_text=f"{who} has chosen a roster; it is revealed when both have chosen.",
    )
    return _reveal(state) if None not in state.chosen else state


def _reveal(state: DraftState) -> DraftState:
    """Steps 1 to 3 that need no choice: reveal, lay the cards out, establish priority."""
    a, b = state.roster("A"), state.roster("B")
    assert a is not None, "both rosters are chosen before the reveal"
    assert b is not None, "both rosters are chosen before the reveal"
    if state.list_format is ListFormat.DUAL:
        text = f"Rosters revealed: {state.name('A')} plays {a.label}, {state.name('B')} plays {b.label}."
        state = _add(state, text, guide_step=1)
    # Step 2 - Setup: every card face-up, Missions in one row and Deployments in the other.
    missions = CardDraft("mission", _copies("mission", a.missions, "A") + _copies("mission", b.missions, "B"))
    deployments = CardDraft(
        "deployment", _copies("deployment", a.deployments, "A") + _copies("deployment", b.deployments, "B")
    )
    state = replace(state, missions=missions, deployments=deployments)
    state = _add(
        state,
        f"Setup: Mission Cards {_row(state, missions.pool)}; "
        f"Deployment Cards {_row(state, deployments.pool)}.",
        guide_step=2,
    )
    # Step 3 - Establishing Priority: "Priority isn't rolled for; it's earned by spending less."
    for reason, attr, what in (
        (PriorityReason.GAS, "gas", "Vespene Gas"),
        (PriorityReason.MINERALS, "minerals", "Minerals"),
    ):
        spent_a, spent_b = getattr(a, attr), getattr(b, attr)
        if spent_a != spent_b:
            seat: Seat = "A" if spent_a < spent_b else "B"
            low, high = sorted((spent_a, spent_b))
            text = f"{state.name(seat)} spent less {what} ({low} against {high}) and takes priority."
            if reason is PriorityReason.MINERALS:
                text = f"Vespene Gas is equal ({a.gas}); " + text
            return _add(replace(state, step=Step.PERSPECTIVE, priority=seat, priority_reason=reason), text)
    return _add(
        replace(state, step=Step.ROLL_OFF),
        f"Vespene Gas ({a.gas}) and Minerals ({a.minerals}) are both equal: priority goes to a Roll-Off.",
    )


def _roll_off(state: DraftState, action: RollOff) -> DraftState:
    _expect(state, Step.ROLL_OFF, "A Roll-Off for priority is not due")
    for pair in action.totals:
        if len(pair) != 2 or not all(2 <= total <= 12 for total in pair):
            raise DraftError(f"A Roll-Off total is 2D6, between 2 and 12; {pair!r} is not possible.")
    if action.totals:
        # Part 3.2: ties are re-rolled until one side wins.
        *ties, (last_a, last_b) = action.totals
        if any(x != y for x, y in ties) or last_a == last_b:
            raise DraftError("Only the last throw of a Roll-Off can differ: ties are re-rolled (Part 3.2).")
        if ("A" if last_a > last_b else "B") != action.winner:
            raise DraftError(
                f"The totals {last_a} against {last_b} do not make {state.name(action.winner)} the winner."
            )
    dice = f" ({', '.join(f'{x}-{y}' for x, y in action.totals)})" if action.totals else ""
    return _add(
        replace(
            state, step=Step.PERSPECTIVE, priority=action.winner, priority_reason=PriorityReason.ROLL_OFF
        ),
        f"{state.name(action.winner)} won the Roll-Off{dice} and takes priority.",
        action,
    )


def _choose_perspective(state: DraftState, action: ChoosePerspective) -> DraftState:
    _expect(state, Step.PERSPECTIVE, "The perspective cannot be chosen now")
    assert state.priority is not None
    chooser = other(state.priority)
    _expect_player(state, action.player, chooser, "the player without priority chooses the perspective")
    _check_seat(action.side)
    return _add(
        replace(state, step=Step.COLOUR, perspective_side=action.side),
        f"{state.name(chooser)} (without priority) chose the perspective: the Deployment is oriented "
        f"from {state.name(action.side)}'s side of the table.",
        action,
    )


def _choose_colour(state: DraftState, action: ChooseColour) -> DraftState:
    _expect(state, Step.COLOUR, "A colour cannot be declared now")
    assert state.priority is not None
    _expect_player(state, action.player, state.priority, "the player with priority declares a colour")
    if action.colour not in COLOURS:
        raise DraftError(f"The colour is 'red' or 'blue', not {action.colour!r}.")
    red = action.player if action.colour == "red" else other(action.player)
    return _add(
        replace(state, step=Step.DRAFT_CONTROL, red=red),
        f"{state.name(action.player)} is the {action.colour.title()} Player; "
        f"{state.name(other(action.player))} is the {'Blue' if action.colour == 'red' else 'Red'} Player.",
        action,
    )


def _choose_control(state: DraftState, action: ChooseDraftControl) -> DraftState:
    _expect(state, Step.DRAFT_CONTROL, "Draft control cannot be chosen now")
    assert state.priority is not None
    _expect_player(state, action.player, state.priority, "the player with priority chooses draft control")
    if action.draft not in CARD_KINDS:
        raise DraftError(
            f"Draft control is of the 'mission' or the 'deployment' draft, not {action.draft!r}."
        )
    mission_control = action.player if action.draft == "mission" else other(action.player)
    return _add(
        replace(state, step=Step.MISSION_REMOVAL, mission_control=mission_control),
        f"{state.name(mission_control)} controls the Mission Draft; "
        f"{state.name(other(mission_control))} controls the Deployment Draft.",
        action,
    )


def _remove(state: DraftState, action: RemoveCard) -> DraftState:
    kind = _drafting(state, "remove a card")
    title = _KIND_TITLE[kind]
    if state.step not in (Step.MISSION_REMOVAL, Step.DEPLOYMENT_REMOVAL):
        raise DraftError(
            f"Both {title} Cards have been removed; the controller now picks one of the remaining two."
        )
    controller = state.controller(kind)
    assert controller is not None
    _expect_player(
        state, action.player, other(controller), f"the player without {title} Draft control removes"
    )
    row = _row_of(state, kind)
    _check_card(state, row, action.card)
    row = replace(row, removed=(*row.removed, action.card))
    step = state.step
    if len(row.removed) == 2:
        step = Step.MISSION_PICK if kind == "mission" else Step.DEPLOYMENT_PICK
    state = _set_row(state, row, step)
    return _add(state, f"{state.name(action.player)} removed {_card(state, action.card)}.", action)


def _pick(state: DraftState, action: PickCard) -> DraftState:
    kind = _drafting(state, "pick a card")
    title = _KIND_TITLE[kind]
    if state.step not in (Step.MISSION_PICK, Step.DEPLOYMENT_PICK):
        missing = 2 - len(_row_of(state, kind).removed)
        raise DraftError(f"No {title} Card can be picked until two are removed ({missing} still to remove).")
    controller = state.controller(kind)
    assert controller is not None
    _expect_player(state, action.player, controller, f"the player with {title} Draft control picks")
    row = _row_of(state, kind)
    _check_card(state, row, action.card)
    row = replace(row, picked=action.card)
    discarded = row.discarded
    assert discarded is not None
    state = _set_row(state, row, Step.DEPLOYMENT_REMOVAL if kind == "mission" else Step.COMPLETE)
    state = _add(
        state,
        f"{state.name(action.player)} picked {_card(state, action.card)}: that is the {title}. "
        f"{_card(state, discarded)} is discarded.",
        action,
    )
    if state.step is Step.COMPLETE:
        res = result(state)
        state = _add(
            state,
            f"Draft complete: Mission {res.mission.name}, Deployment {res.deployment.name}; "
            f"{state.name(res.red)} is Red, {state.name(res.blue)} is Blue.",
        )
    return state


# ---------------------------------------------------------------------------- queries


def waiting_for(state: DraftState) -> tuple[Seat, ...]:
    """Whose choice the draft waits for (both players during a blind roster choice)."""
    if state.step is Step.ROLL_OFF:
        return SEATS  # both players roll
    actors = {_actor(a) for a in legal_actions(state)}
    return tuple(seat for seat in SEATS if seat in actors)


def legal_actions(state: DraftState) -> tuple[Action, ...]:
    """Every action `apply` accepts now, bar the judge's `Overrun` and judge-announced rosters.

    After an overrun the same actions are listed with `by_judge=True`.
    """
    j = state.at_random
    step, prio = state.step, state.priority
    if step is Step.ROSTER_SELECTION:
        return tuple(
            ChooseRoster(seat, r.label, by_judge=j)
            for seat in SEATS
            if state.chosen[_index(seat)] is None
            for r in state.rosters[_index(seat)]
        )
    if step is Step.ROLL_OFF:
        return tuple(RollOff(seat, by_judge=j) for seat in SEATS)
    if step is Step.COMPLETE:
        return ()
    assert prio is not None
    if step is Step.PERSPECTIVE:
        return tuple(ChoosePerspective(other(prio), side, by_judge=j) for side in SEATS)
    if step is Step.COLOUR:
        return tuple(ChooseColour(prio, colour, by_judge=j) for colour in COLOURS)
    if step is Step.DRAFT_CONTROL:
        return tuple(ChooseDraftControl(prio, kind, by_judge=j) for kind in CARD_KINDS)
    kind: CardKind = "mission" if step in (Step.MISSION_REMOVAL, Step.MISSION_PICK) else "deployment"
    controller = state.controller(kind)
    assert controller is not None
    remaining = _row_of(state, kind).remaining
    if step in (Step.MISSION_REMOVAL, Step.DEPLOYMENT_REMOVAL):
        return tuple(RemoveCard(other(controller), card, by_judge=j) for card in remaining)
    return tuple(PickCard(controller, card, by_judge=j) for card in remaining)


def result(state: DraftState) -> DraftResult:
    if state.step is not Step.COMPLETE:
        raise DraftError(f"The draft is not complete yet: it is at {_STEP_TEXT[state.step]}.")
    assert state.missions is not None
    assert state.deployments is not None
    assert state.missions.picked is not None
    assert state.deployments.picked is not None
    assert state.priority is not None
    assert state.priority_reason is not None
    assert state.red is not None
    assert state.mission_control is not None
    assert state.perspective_side is not None
    a, b = state.chosen
    assert a is not None
    assert b is not None
    return DraftResult(
        rosters=(a, b),
        mission=state.missions.picked,
        deployment=state.deployments.picked,
        red=state.red,
        blue=other(state.red),
        priority=state.priority,
        priority_reason=state.priority_reason,
        perspective_chooser=other(state.priority),
        perspective_side=state.perspective_side,
        mission_control=state.mission_control,
        deployment_control=other(state.mission_control),
        completed_at_random=state.at_random,
    )


def view_for(state: DraftState, viewer: Seat) -> DraftView:
    _check_seat(viewer)
    opponent = other(viewer)
    history = tuple(
        r.public_text if r.hidden_from == viewer and not state.revealed else r.text for r in state.history
    )
    return DraftView(
        viewer=viewer,
        names=state.names,
        step=state.step,
        waiting_for=waiting_for(state),
        my_roster=state.chosen[_index(viewer)],
        opponent_roster=state.chosen[_index(opponent)] if state.revealed else None,
        opponent_has_chosen=state.chosen[_index(opponent)] is not None,
        priority=state.priority,
        priority_reason=state.priority_reason,
        perspective_side=state.perspective_side,
        red=state.red,
        mission_control=state.mission_control,
        missions=state.missions,
        deployments=state.deployments,
        at_random=state.at_random,
        history=history,
        my_actions=tuple(a for a in legal_actions(state) if _actor(a) == viewer),
        result=result(state) if state.step is Step.COMPLETE else None,
    )


# ---------------------------------------------------------------------------- randomness


def random_roll_off(rng: random.Random, *, by_judge: bool = False) -> RollOff:
    """Part 3.2: both roll 2D6, the higher total wins, ties are re-rolled."""
    totals: list[tuple[int, int]] = []
    while True:
        a = rng.randint(1, 6) + rng.randint(1, 6)
        b = rng.randint(1, 6) + rng.randint(1, 6)
        totals.append((a, b))
        if a != b:
            return RollOff("A" if a > b else "B", tuple(totals), by_judge=by_judge)


def complete_at_random(state: DraftState, rng: random.Random) -> DraftState:
    """A judge finishes the draft at random, following the same procedure.

    OP Guide: "if it hasn't concluded 15 minutes into the round, a judge completes the
    remaining steps at random". Choices already made stand; every random choice is uniform
    among the legal ones, and a tied priority is settled by simulated 2D6.
    """
    if state.step is Step.COMPLETE:
        raise DraftError("The draft is already complete; there is nothing left to complete at random.")
    if not state.at_random:
        state = apply(state, Overrun())
    while state.step is not Step.COMPLETE:
        if state.step is Step.ROLL_OFF:
            state = apply(state, random_roll_off(rng, by_judge=True))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
    return state


# ---------------------------------------------------------------------------- storage

_ACTION_TYPES: dict[str, type[Any]] = {
    "choose-roster": ChooseRoster,
    "roll-off": RollOff,
    "choose-perspective": ChoosePerspective,
    "choose-colour": ChooseColour,
    "choose-draft-control": ChooseDraftControl,
    "remove-card": RemoveCard,
    "pick-card": PickCard,
    "overrun": Overrun,
}
_TYPE_NAMES = {cls: name for name, cls in _ACTION_TYPES.items()}


def action_to_dict(action: Action) -> dict[str, Any]:
    """A JSON-able form of an action, for storing a draft as its list of actions."""
    data: dict[str, Any] = {"type": _TYPE_NAMES[type(action)]}
    for key, value in vars(action).items():
        if isinstance(value, CardCopy):
            value = {"kind": value.kind, "name": value.name, "owner": value.owner}
        elif key == "totals":
            value = [list(pair) for pair in value]
        data[key] = value
    return data


def action_from_dict(data: Mapping[str, Any]) -> Action:
    cls = _ACTION_TYPES.get(str(data.get("type")))
    if cls is None:
        raise DraftError(f"Unknown draft action type {data.get('type')!r}.")
    fields = {k: v for k, v in data.items() if k != "type"}
    try:
        if "card" in fields:
            card = fields["card"]
            fields["card"] = CardCopy(card["kind"], card["name"], card["owner"])
        if "totals" in fields:
            fields["totals"] = tuple((int(x), int(y)) for x, y in fields["totals"])
        action: Action = cls(**fields)
    except (TypeError, KeyError, ValueError) as exc:
        raise DraftError(f"A stored {data.get('type')} action is malformed: {exc}.") from None
    return action


# ---------------------------------------------------------------------------- helpers


def _add(
    state: DraftState,
    text: str,
    action: Action | None = None,
    *,
    guide_step: int | None = None,
    hidden_from: Seat | None = None,
    public_text: str = "",
) -> DraftState:
    if action is not None and action.by_judge and not isinstance(action, Overrun):
        text = f"[judge] {text}"
    if guide_step is None:
        guide_step = _guide_step(action) if action is not None else _GUIDE_STEP[state.step]
    record = Record(guide_step, text, action, hidden_from, public_text)
    return replace(state, history=(*state.history, record))


def _guide_step(action: Action) -> int:
    if isinstance(action, ChooseRoster):
        return 1
    if isinstance(action, RemoveCard | PickCard):
        return 4 if action.card.kind == "mission" else 5
    return 3


def _actor(action: Action) -> Seat | None:
    return getattr(action, "player", None)


def _check_seat(seat: object) -> None:
    if seat not in SEATS:
        raise DraftError(f"A player is 'A' or 'B', not {seat!r}.")


def _expect(state: DraftState, step: Step, what: str) -> None:
    if state.step is not step:
        raise DraftError(f"{what}: the draft is at {_STEP_TEXT[state.step]}.")


def _expect_player(state: DraftState, player: Seat, expected: Seat, rule: str) -> None:
    if player != expected:
        raise DraftError(f"It is {state.name(expected)}'s choice, not {state.name(player)}'s: {rule}.")


def _drafting(state: DraftState, what: str) -> CardKind:
    if state.step in (Step.MISSION_REMOVAL, Step.MISSION_PICK):
        return "mission"
    if state.step in (Step.DEPLOYMENT_REMOVAL, Step.DEPLOYMENT_PICK):
        return "deployment"
    raise DraftError(f"No one can {what} now: the draft is at {_STEP_TEXT[state.step]}.")


def _row_of(state: DraftState, kind: CardKind) -> CardDraft:
    row = state.missions if kind == "mission" else state.deployments
    assert row is not None, "the rows exist from Setup on"
    return row


def _set_row(state: DraftState, row: CardDraft, step: Step) -> DraftState:
    if row.kind == "mission":
        return replace(state, missions=row, step=step)
    return replace(state, deployments=row, step=step)


def _check_card(state: DraftState, row: CardDraft, card: CardCopy) -> None:
    title = _KIND_TITLE[row.kind]
    if not isinstance(card, CardCopy):
        raise DraftError(f"Name a {title} Card on the table, not {card!r}.")
    if card.kind != row.kind:
        raise DraftError(
            f"This is the {title} Draft: {card.name!r} is a {_KIND_TITLE.get(card.kind, card.kind)} Card."
        )
    if card not in row.pool:
        on_table = ", ".join(_card(state, c) for c in row.remaining)
        raise DraftError(f"{_card(state, card)} is not on the table; the {title} Cards left are {on_table}.")
    if card in row.removed:
        raise DraftError(f"{_card(state, card)} has already been removed.")


def _copies(kind: CardKind, names: tuple[str, str], owner: Seat) -> tuple[CardCopy, ...]:
    return tuple(CardCopy(kind, name, owner) for name in names)


def _card(state: DraftState, card: CardCopy) -> str:
    owner = state.name(card.owner) if card.owner in SEATS else repr(card.owner)
    return f"{card.name!r} ({owner}'s copy)"


def _row(state: DraftState, cards: tuple[CardCopy, ...]) -> str:
    return ", ".join(_card(state, c) for c in cards)
