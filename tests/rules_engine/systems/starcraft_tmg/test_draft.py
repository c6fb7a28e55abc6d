"""The pre-game draft (OP Guide: The Pre-Game Sequence), walked exhaustively.

Every path through the machine is enumerated for representative pools and each terminal
state is checked against the guide, independently of how `apply` got there. The counts are
worked by hand:

    perspective 2 x colour 2 x draft control 2 = 8 ways through Step 3 with priority known;
    a card draft: 4 choices for the first removal x 3 for the second x 2 for the pick = 24
    (removals are separate actions, so removing X then Y differs from Y then X);
    so 8 x 24 x 24 = 4,608 paths once priority is known, doubled when a Roll-Off decides it.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.systems.starcraft_tmg.draft import (
    CARD_KINDS,
    COLOURS,
    SEATS,
    Action,
    CardCopy,
    CardKind,
    ChooseColour,
    ChooseDraftControl,
    ChoosePerspective,
    ChooseRoster,
    DraftError,
    DraftState,
    Overrun,
    PickCard,
    PriorityReason,
    RemoveCard,
    RollOff,
    RosterOption,
    Seat,
    Step,
    action_from_dict,
    action_to_dict,
    apply,
    complete_at_random,
    legal_actions,
    new_draft,
    other,
    random_roll_off,
    replay,
    result,
    view_for,
)

PATHS_WITH_PRIORITY = 2 * 2 * 2 * (4 * 3 * 2) * (4 * 3 * 2)
assert PATHS_WITH_PRIORITY == 4608

NAMES = ("Alice", "Bob")


def roster(label, gas, minerals, missions, deployments):
    return RosterOption(label, gas, minerals, tuple(missions), tuple(deployments))


# Single list pools.
BY_GAS = (
    roster("Raynor's Raiders", 2, 1000, ["Hold the Line", "Scour"], ["Frontline", "Corners"]),
    roster("Kerrigan's Swarm", 3, 950, ["Purge", "Uplink"], ["Flank", "Spearhead"]),
)
BY_MINERALS_WITH_DUPLICATES = (
    roster("Raynor's Raiders", 3, 990, ["Hold the Line", "Scour"], ["Frontline", "Corners"]),
    roster("Kerrigan's Swarm", 3, 1000, ["Scour", "Purge"], ["Corners", "Flank"]),
)
BY_ROLL_OFF_SAME_CARDS = (
    roster("Raynor's Raiders", 3, 1000, ["Hold the Line", "Scour"], ["Frontline", "Corners"]),
    roster("Kerrigan's Swarm", 3, 1000, ["Scour", "Hold the Line"], ["Corners", "Frontline"]),
)

# Dual list: each player has two rosters; the four pairings cover every priority reason.
DUAL_A = (
    roster("Alpha One", 3, 1000, ["Hold the Line", "Scour"], ["Frontline", "Corners"]),
    roster("Alpha Two", 2, 1500, ["Hold the Line", "Uplink"], ["Frontline", "Spearhead"]),
)
DUAL_B = (
    roster("Brood One", 3, 1000, ["Hold the Line", "Purge"], ["Flank", "Frontline"]),
    roster("Brood Two", 3, 900, ["Scour", "Purge"], ["Flank", "Corners"]),
)
# Worked by hand from the gas and minerals above: (priority, reason), None for a Roll-Off.
DUAL_PRIORITY = {
    ("Alpha One", "Brood One"): None,  # 3 gas = 3 gas, 1000 = 1000
    ("Alpha One", "Brood Two"): ("B", "minerals"),  # 3 = 3 gas, 900 < 1000 minerals
    ("Alpha Two", "Brood One"): ("A", "gas"),  # 2 < 3 gas
    ("Alpha Two", "Brood Two"): ("A", "gas"),  # 2 < 3 gas
}


def single(pair):
    return new_draft([pair[0]], [pair[1]], list_format="single", names=NAMES)


def dual():
    return new_draft(DUAL_A, DUAL_B, list_format="dual", names=NAMES)


def walk(state: DraftState, path=(), stop=frozenset()) -> Iterator[tuple[DraftState, tuple[Action, ...]]]:
    """Every reachable state with the actions that led there (depth first), not going past `stop` steps."""
    yield state, path
    if state.step in stop:
        return
    for action in legal_actions(state):
        yield from walk(apply(state, action), (*path, action), stop)


def expected_priority(a: RosterOption, b: RosterOption):
    """The guide's rule restated: less gas, then fewer minerals, else a Roll-Off."""
    if a.gas != b.gas:
        return ("A" if a.gas < b.gas else "B"), PriorityReason.GAS
    if a.minerals != b.minerals:
        return ("A" if a.minerals < b.minerals else "B"), PriorityReason.MINERALS
    return None


def check_terminal(state: DraftState, path, rosters_a, rosters_b) -> None:
    res = result(state)
    ra = next(r for r in rosters_a if r.label == res.rosters[0])
    rb = next(r for r in rosters_b if r.label == res.rosters[1])
    # The record of actions is exactly the path taken.
    assert [r.action for r in state.history if r.action is not None] == list(path)
    by_type: dict[type, list[Any]] = {}
    for action in path:
        by_type.setdefault(type(action), []).append(action)
    # Priority: spending, else the Roll-Off's winner.
    expected = expected_priority(ra, rb)
    if expected is None:
        (roll,) = by_type[RollOff]
        assert (res.priority, res.priority_reason) == (roll.winner, PriorityReason.ROLL_OFF)
    else:
        assert (res.priority, res.priority_reason) == expected
        assert RollOff not in by_type
    # Step 3: the player without priority chooses the perspective, the other colour then control.
    (persp,) = by_type[ChoosePerspective]
    assert persp.player == res.perspective_chooser == other(res.priority)
    assert persp.side == res.perspective_side
    (colour,) = by_type[ChooseColour]
    assert colour.player == res.priority
    assert res.red == (colour.player if colour.colour == "red" else other(colour.player))
    assert {res.red, res.blue} == {"A", "B"}
    (control,) = by_type[ChooseDraftControl]
    assert control.player == res.priority
    assert res.mission_control == (control.player if control.draft == "mission" else other(control.player))
    assert res.deployment_control == other(res.mission_control)
    # Steps 4 and 5 against the cards actually brought by the chosen rosters.
    rows: list[tuple[CardKind, CardCopy, Seat, tuple[str, str], tuple[str, str]]] = [
        ("mission", res.mission, res.mission_control, ra.missions, rb.missions),
        ("deployment", res.deployment, res.deployment_control, ra.deployments, rb.deployments),
    ]
    for kind, picked, controller, names_a, names_b in rows:
        pool = [CardCopy(kind, n, "A") for n in names_a] + [CardCopy(kind, n, "B") for n in names_b]
        removals = [a for a in by_type[RemoveCard] if a.card.kind == kind]
        (pick,) = [a for a in by_type[PickCard] if a.card.kind == kind]
        assert len(removals) == 2
        assert all(a.player == other(controller) for a in removals)
        assert removals[0].card != removals[1].card
        assert pick.player == controller
        assert pick.card == picked
        assert picked in pool
        assert picked not in [a.card for a in removals]
        row = state.missions if kind == "mission" else state.deployments
        assert row is not None
        assert row.discarded is not None
        # Every physical copy is accounted for exactly once: two removed, one picked, one discarded.
        assert Counter([*(a.card for a in removals), picked, row.discarded]) == Counter(pool)
    assert res.completed_at_random is False
    assert state.step is Step.COMPLETE
    assert legal_actions(state) == ()


def run_machine(start, rosters_a, rosters_b):
    terminals = []
    for state, path in walk(start):
        if state.step is Step.COMPLETE:
            check_terminal(state, path, rosters_a, rosters_b)
            terminals.append(result(state))
    return terminals


def test_single_list_priority_by_gas_every_path():
    start = single(BY_GAS)
    assert start.step is Step.PERSPECTIVE  # Step 1 skipped, Step 2 done, priority known
    assert (start.priority, start.priority_reason) == ("A", PriorityReason.GAS)
    terminals = run_machine(start, BY_GAS[:1], BY_GAS[1:])
    assert len(terminals) == PATHS_WITH_PRIORITY
    # Each of the 4 copies is the result on 6 of the 24 mission paths (3 x 2 removals of the others).
    missions = Counter(t.mission.name for t in terminals)
    assert missions == {
        name: PATHS_WITH_PRIORITY // 4 for name in ["Hold the Line", "Scour", "Purge", "Uplink"]
    }


def test_single_list_priority_by_minerals_with_duplicates_every_path():
    start = single(BY_MINERALS_WITH_DUPLICATES)
    assert (start.priority, start.priority_reason) == ("A", PriorityReason.MINERALS)
    terminals = run_machine(start, BY_MINERALS_WITH_DUPLICATES[:1], BY_MINERALS_WITH_DUPLICATES[1:])
    assert len(terminals) == PATHS_WITH_PRIORITY
    # "Scour" is on the table twice, so it ends as the Mission on 2 x 6 of every 24 draft paths.
    per_copy = PATHS_WITH_PRIORITY // 4
    assert Counter(t.mission.name for t in terminals) == {
        "Hold the Line": per_copy,
        "Scour": 2 * per_copy,
        "Purge": per_copy,
    }
    assert Counter(t.mission for t in terminals)[CardCopy("mission", "Scour", "B")] == per_copy


def test_single_list_priority_by_roll_off_all_cards_duplicated_every_path():
    start = single(BY_ROLL_OFF_SAME_CARDS)
    assert start.step is Step.ROLL_OFF
    terminals = run_machine(start, BY_ROLL_OFF_SAME_CARDS[:1], BY_ROLL_OFF_SAME_CARDS[1:])
    assert len(terminals) == 2 * PATHS_WITH_PRIORITY  # either player may win the Roll-Off
    assert Counter(t.priority for t in terminals) == {"A": PATHS_WITH_PRIORITY, "B": PATHS_WITH_PRIORITY}
    assert Counter(t.mission.name for t in terminals) == {"Hold the Line": 4608, "Scour": 4608}


def test_dual_list_every_path_covers_every_priority_reason():
    start = dual()
    assert start.step is Step.ROSTER_SELECTION
    terminals = run_machine(start, DUAL_A, DUAL_B)
    # Step 1: either player may choose first (2 orders) x 2 rosters x 2 rosters; one of the four
    # pairings ties on gas and minerals and so doubles through the Roll-Off.
    assert len(terminals) == 2 * (3 * PATHS_WITH_PRIORITY + 1 * 2 * PATHS_WITH_PRIORITY) == 46_080
    reasons = Counter(t.priority_reason for t in terminals)
    assert reasons == {
        PriorityReason.GAS: 2 * 2 * PATHS_WITH_PRIORITY,
        PriorityReason.MINERALS: 2 * PATHS_WITH_PRIORITY,
        PriorityReason.ROLL_OFF: 2 * 2 * PATHS_WITH_PRIORITY,
    }
    for t in terminals:
        expected = DUAL_PRIORITY[t.rosters]
        if expected is not None:
            assert (t.priority, t.priority_reason.value) == expected


def test_dual_list_with_one_single_roster_player():
    start = new_draft(DUAL_A[:1], DUAL_B, list_format="dual", names=NAMES)
    assert start.chosen == ("Alpha One", None)
    assert start.history[0].text == "Alice submitted one roster and plays it: Alpha One."
    assert legal_actions(start) == (ChooseRoster("B", "Brood One"), ChooseRoster("B", "Brood Two"))
    terminals = run_machine(start, DUAL_A, DUAL_B)
    # Only Bob chooses: Brood One ties (Roll-Off, x2), Brood Two gives Bob priority on minerals.
    assert len(terminals) == 2 * PATHS_WITH_PRIORITY + PATHS_WITH_PRIORITY


def test_blind_roster_choice_is_hidden_until_both_have_chosen():
    state = apply(dual(), ChooseRoster("A", "Alpha Two"))
    bob = view_for(state, "B")
    assert bob.opponent_has_chosen is True
    assert bob.opponent_roster is None
    assert not any("Alpha Two" in line for line in bob.history)
    assert bob.history[-1] == "Alice has chosen a roster; it is revealed when both have chosen."
    assert bob.my_actions == (ChooseRoster("B", "Brood One"), ChooseRoster("B", "Brood Two"))
    alice = view_for(state, "A")
    assert alice.my_roster == "Alpha Two"
    assert alice.history[-1] == "Alice chose Alpha Two."
    assert alice.my_actions == ()
    assert alice.waiting_for == ("B",)

    state = apply(state, ChooseRoster("B", "Brood One"))
    bob = view_for(state, "B")
    assert bob.opponent_roster == "Alpha Two"
    assert "Alice chose Alpha Two." in bob.history
    assert "Rosters revealed: Alice plays Alpha Two, Bob plays Brood One." in bob.history


def test_no_view_leaks_an_unrevealed_choice():
    for state, _ in walk(dual(), stop={Step.ROLL_OFF, Step.PERSPECTIVE}):
        if state.step is not Step.ROSTER_SELECTION:
            continue
        for viewer in SEATS:
            opponent_choice = state.chosen[1 if viewer == "A" else 0]
            view = view_for(state, viewer)
            assert view.opponent_roster is None
            if opponent_choice is not None:
                assert not any(opponent_choice in line for line in view.history)


def test_history_reads_the_whole_sequence():
    state = single(BY_GAS)
    actions: list[Action] = [
        ChoosePerspective("B", "B"),
        ChooseColour("A", "blue"),
        ChooseDraftControl("A", "deployment"),
        RemoveCard("A", CardCopy("mission", "Scour", "A")),
        RemoveCard("A", CardCopy("mission", "Purge", "B")),
        PickCard("B", CardCopy("mission", "Uplink", "B")),
        RemoveCard("B", CardCopy("deployment", "Frontline", "A")),
        RemoveCard("B", CardCopy("deployment", "Flank", "B")),
        PickCard("A", CardCopy("deployment", "Corners", "A")),
    ]
    for action in actions:
        state = apply(state, action)
    assert [r.text for r in state.history] == [
        "Single List Format: no roster selection (Step 1 skipped).",
        "Setup: Mission Cards 'Hold the Line' (Alice's copy), 'Scour' (Alice's copy), 'Purge' (Bob's copy), "
        "'Uplink' (Bob's copy); Deployment Cards 'Frontline' (Alice's copy), 'Corners' (Alice's copy), "
        "'Flank' (Bob's copy), 'Spearhead' (Bob's copy).",
        "Alice spent less Vespene Gas (2 against 3) and takes priority.",
        "Bob (without priority) chose the perspective: "
        "the Deployment is oriented from Bob's side of the table.",
        "Alice is the Blue Player; Bob is the Red Player.",
        "Bob controls the Mission Draft; Alice controls the Deployment Draft.",
        "Alice removed 'Scour' (Alice's copy).",
        "Alice removed 'Purge' (Bob's copy).",
        "Bob picked 'Uplink' (Bob's copy): that is the Mission. 'Hold the Line' (Alice's copy) is discarded.",
        "Bob removed 'Frontline' (Alice's copy).",
        "Bob removed 'Flank' (Bob's copy).",
        "Alice picked 'Corners' (Alice's copy): that is the Deployment. "
        "'Spearhead' (Bob's copy) is discarded.",
        "Draft complete: Mission Uplink, Deployment Corners; Bob is Red, Alice is Blue.",
    ]
    # Grouped by the guide's Steps 1-5 for display.
    assert [r.guide_step for r in state.history] == [1, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5]
    res = result(state)
    assert (res.red, res.blue, res.mission_control, res.deployment_control) == ("B", "A", "B", "A")
    assert (res.perspective_chooser, res.perspective_side) == ("B", "B")


def test_minerals_line_mentions_equal_gas():
    state = single(BY_MINERALS_WITH_DUPLICATES)
    assert state.history[-1].text == (
        "Vespene Gas is equal (3); Alice spent less Minerals (990 against 1000) and takes priority."
    )


# ---------------------------------------------------------------------------- illegal actions


def at(state, *actions):
    return replay(state, actions)


S = single(BY_GAS)  # Alice has priority; Bob chooses the perspective
AFTER_STEP_3 = at(
    S, ChoosePerspective("B", "A"), ChooseColour("A", "red"), ChooseDraftControl("A", "mission")
)
HOLD_A = CardCopy("mission", "Hold the Line", "A")
SCOUR_A = CardCopy("mission", "Scour", "A")
PURGE_B = CardCopy("mission", "Purge", "B")
ONE_REMOVED = at(AFTER_STEP_3, RemoveCard("B", HOLD_A))
TWO_REMOVED = at(ONE_REMOVED, RemoveCard("B", SCOUR_A))


@pytest.mark.parametrize(
    ("state", "action", "message"),
    [
        # wrong player
        (S, ChoosePerspective("A", "A"), "It is Bob's choice, not Alice's: the player without priority"),
        (at(S, ChoosePerspective("B", "A")), ChooseColour("B", "red"), "It is Alice's choice, not Bob's"),
        (
            at(S, ChoosePerspective("B", "A"), ChooseColour("A", "red")),
            ChooseDraftControl("B", "mission"),
            "the player with priority chooses draft control",
        ),
        (AFTER_STEP_3, RemoveCard("A", HOLD_A), "the player without Mission Draft control removes"),
        (
            TWO_REMOVED,
            PickCard("B", PURGE_B),
            "It is Alice's choice, not Bob's: the player with Mission Draft",
        ),
        # wrong step
        (
            S,
            ChooseColour("A", "red"),
            "A colour cannot be declared now: the draft is at the choice of perspective",
        ),
        (S, ChooseDraftControl("A", "mission"), "Draft control cannot be chosen now"),
        (
            S,
            RemoveCard("B", HOLD_A),
            "No one can remove a card now: the draft is at the choice of perspective",
        ),
        (S, RollOff("A"), "A Roll-Off for priority is not due"),
        (S, ChooseRoster("A", "Raynor's Raiders"), "Under Single List Format there is no roster to choose"),
        (dual(), ChoosePerspective("B", "A"), "the draft is at roster selection (Step 1)"),
        (ONE_REMOVED, PickCard("A", PURGE_B), "No Mission Card can be picked until two are removed (1 still"),
        (TWO_REMOVED, RemoveCard("B", PURGE_B), "Both Mission Cards have been removed"),
        (
            at(TWO_REMOVED, PickCard("A", PURGE_B)),
            PickCard("A", CardCopy("deployment", "Flank", "B")),
            "No Deployment Card can be picked until two are removed (2 still",
        ),
        # cards
        (
            AFTER_STEP_3,
            RemoveCard("B", CardCopy("mission", "Purge", "A")),
            "'Purge' (Alice's copy) is not on",
        ),
        (
            AFTER_STEP_3,
            RemoveCard("B", CardCopy("mission", "Nope", "B")),
            "'Nope' (Bob's copy) is not on the table",
        ),
        (AFTER_STEP_3, RemoveCard("B", CardCopy("deployment", "Flank", "B")), "is a Deployment Card"),
        (ONE_REMOVED, RemoveCard("B", HOLD_A), "'Hold the Line' (Alice's copy) has already been removed"),
        (TWO_REMOVED, PickCard("A", SCOUR_A), "'Scour' (Alice's copy) has already been removed"),
        (
            at(TWO_REMOVED, PickCard("A", PURGE_B)),
            RemoveCard("A", CardCopy("mission", "Uplink", "B")),
            "This is the Deployment Draft: 'Uplink' is a Mission Card",
        ),
    ],
)
def test_illegal_actions_raise_with_a_clear_message(state, action, message):
    with pytest.raises(DraftError, match=re.escape(message)):
        apply(state, action)


@pytest.mark.parametrize(
    ("state", "data", "message"),
    [
        (S, {"type": "choose-perspective", "player": "B", "side": "C"}, "A player is 'A' or 'B', not 'C'"),
        (S, {"type": "choose-perspective", "player": "Z", "side": "A"}, "A player is 'A' or 'B', not 'Z'"),
        (
            at(S, ChoosePerspective("B", "A")),
            {"type": "choose-colour", "player": "A", "colour": "green"},
            "The colour is 'red' or 'blue', not 'green'",
        ),
        (
            at(S, ChoosePerspective("B", "A"), ChooseColour("A", "red")),
            {"type": "choose-draft-control", "player": "A", "draft": "terrain"},
            "not 'terrain'",
        ),
        (
            AFTER_STEP_3,
            {
                "type": "remove-card",
                "player": "B",
                "card": {"kind": "terrain", "name": "Crate", "owner": "A"},
            },
            "This is the Mission Draft: 'Crate' is a terrain Card",
        ),
    ],
)
def test_values_from_storage_are_checked(state, data, message):
    """Stored or posted actions can carry values the type hints forbid."""
    with pytest.raises(DraftError, match=re.escape(message)):
        apply(state, action_from_dict(data))


def test_roster_choice_errors():
    state = dual()
    with pytest.raises(
        DraftError, match="Alice has no roster called 'Brood One'; their rosters are Alpha One, Alpha Two"
    ):
        apply(state, ChooseRoster("A", "Brood One"))
    chosen = apply(state, ChooseRoster("A", "Alpha One"))
    with pytest.raises(DraftError, match="Alice has already chosen a roster; the choice is final"):
        apply(chosen, ChooseRoster("A", "Alpha Two"))
    revealed = apply(chosen, ChooseRoster("B", "Brood Two"))
    with pytest.raises(DraftError, match="Bob cannot choose a roster now"):
        apply(revealed, ChooseRoster("B", "Brood One"))


def test_roll_off_errors_and_recorded_dice():
    tied = single(BY_ROLL_OFF_SAME_CARDS)
    with pytest.raises(DraftError, match="between 2 and 12"):
        apply(tied, RollOff("A", ((13, 4),)))
    with pytest.raises(DraftError, match="ties are re-rolled"):
        apply(tied, RollOff("A", ((9, 4), (8, 7))))
    with pytest.raises(DraftError, match="ties are re-rolled"):
        apply(tied, RollOff("A", ((7, 7),)))
    with pytest.raises(DraftError, match="The totals 4 against 9 do not make Alice the winner"):
        apply(tied, RollOff("A", ((4, 9),)))
    state = apply(tied, RollOff("B", ((6, 6), (4, 9))))
    assert state.history[-1].text == "Bob won the Roll-Off (6-6, 4-9) and takes priority."
    assert state.priority == "B"


def test_complete_and_incomplete_drafts():
    state = at(TWO_REMOVED, PickCard("A", PURGE_B))
    with pytest.raises(DraftError, match="not complete yet: it is at removing Deployment Cards"):
        result(state)
    done = complete_at_random(state, random.Random(3))
    late: list[Action] = [PickCard("A", PURGE_B), Overrun()]
    for action in late:
        with pytest.raises(DraftError, match="The draft is complete; nothing more can be chosen"):
            apply(done, action)
    with pytest.raises(DraftError, match="already complete"):
        complete_at_random(done, random.Random(3))


def test_overrun_locks_players_out():
    with pytest.raises(DraftError, match="Only a judge completes an overrun draft"):
        apply(S, Overrun(by_judge=False))
    taken = apply(S, Overrun())
    assert taken.history[-1].text == (
        "Not concluded 15 minutes into the round: a judge completes the remaining steps at random."
    )
    with pytest.raises(DraftError, match="players can no longer choose"):
        apply(taken, ChoosePerspective("B", "A"))
    with pytest.raises(DraftError, match="already completing"):
        apply(taken, Overrun())
    judged = apply(taken, ChoosePerspective("B", "A", by_judge=True))
    assert judged.history[-1].text.startswith("[judge] Bob (without priority) chose")


def test_a_judge_may_announce_blind_choices():
    state = apply(dual(), ChooseRoster("A", "Alpha One", by_judge=True))
    assert state.history[-1].text == "[judge] Alice chose Alpha One (told to a judge privately)."
    assert state.at_random is False


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: new_draft(DUAL_A, DUAL_B[:1], list_format="single"), "exactly one roster, not 2"),
        (lambda: new_draft([], DUAL_B, list_format="dual"), "one or two rosters, not 0"),
        (lambda: new_draft(DUAL_A + DUAL_A[:1], DUAL_B, list_format="dual"), "one or two rosters, not 3"),
        (lambda: new_draft([DUAL_A[0], DUAL_A[0]], DUAL_B, list_format="dual"), "need different labels"),
        (lambda: new_draft(DUAL_A, DUAL_B, list_format="triple"), "Unknown list format 'triple'"),
        (lambda: roster("Bad", 1, 1, ["X", "X"], ["Y", "Z"]), "2 different Mission Cards"),
        (lambda: roster("Bad", 1, 1, ["X", "W"], ["Y"]), "2 different Deployment Cards"),
        (lambda: roster("Bad", -1, 1, ["X", "W"], ["Y", "Z"]), "negative"),
    ],
)
def test_setup_errors(build, message):
    with pytest.raises(DraftError, match=message):
        build()


def test_action_dicts_round_trip_and_reject_garbage():
    action = RemoveCard("B", CardCopy("mission", "Hold the Line", "A"))
    assert action_to_dict(action) == {
        "type": "remove-card",
        "player": "B",
        "card": {"kind": "mission", "name": "Hold the Line", "owner": "A"},
        "by_judge": False,
    }
    assert action_from_dict(action_to_dict(action)) == action
    roll = RollOff("A", ((7, 7), (9, 3)), by_judge=True)
    assert action_from_dict(json.loads(json.dumps(action_to_dict(roll)))) == roll
    with pytest.raises(DraftError, match="Unknown draft action type 'shuffle'"):
        action_from_dict({"type": "shuffle"})
    with pytest.raises(DraftError, match="A stored remove-card action is malformed"):
        action_from_dict({"type": "remove-card", "player": "A", "card": {"name": "X"}})
    with pytest.raises(DraftError, match="A stored choose-colour action is malformed"):
        action_from_dict({"type": "choose-colour", "player": "A", "hue": "red"})


# ---------------------------------------------------------------------------- properties


def universe(state: DraftState):
    """Every action anyone might try, legal or not."""
    labels = [r.label for rs in state.rosters for r in rs] + ["Nobody's"]
    cards = [
        CardCopy(k, n, o) for k in CARD_KINDS for n in ["Hold the Line", "Scour", "Purge"] for o in SEATS
    ]
    for seat in SEATS:
        yield from (ChooseRoster(seat, label) for label in labels)
        yield RollOff(seat)
        yield from (ChoosePerspective(seat, side) for side in SEATS)
        yield from (ChooseColour(seat, c) for c in COLOURS)
        yield from (ChooseDraftControl(seat, k) for k in CARD_KINDS)
        for card in cards + [c for row in (state.missions, state.deployments) if row for c in row.pool]:
            yield RemoveCard(seat, card)
            yield PickCard(seat, card)


@settings(max_examples=60, deadline=None)
@given(data=st.data(), which=st.sampled_from(["dual", "gas", "minerals", "roll-off"]))
def test_apply_accepts_exactly_the_legal_actions(data, which):
    state = {
        "dual": dual(),
        "gas": single(BY_GAS),
        "minerals": single(BY_MINERALS_WITH_DUPLICATES),
        "roll-off": single(BY_ROLL_OFF_SAME_CARDS),
    }[which]
    start, taken = state, []
    while True:
        legal = set(legal_actions(state))
        for action in set(universe(state)):
            if action in legal:
                apply(state, action)
            else:
                with pytest.raises(DraftError):
                    apply(state, action)
        if not legal:
            break
        action = data.draw(st.sampled_from(sorted(legal, key=repr)))
        state = apply(state, action)
        taken.append(action)
    # Storing the actions as JSON and replaying them rebuilds the same state.
    stored = json.loads(json.dumps([action_to_dict(a) for a in taken]))
    assert replay(start, [action_from_dict(d) for d in stored]) == state


def test_complete_at_random_finishes_validly_from_every_reachable_state():
    for pair in [BY_MINERALS_WITH_DUPLICATES, BY_ROLL_OFF_SAME_CARDS]:
        start = single(pair)
        for n, (state, path) in enumerate(walk(start)):
            if state.step is Step.COMPLETE:
                continue
            done = complete_at_random(state, random.Random(n))
            _check_random_completion(state, done, path, pair[:1], pair[1:])


def test_complete_at_random_from_every_state_of_the_dual_list_up_to_the_mission_draft():
    start = dual()
    count = 0
    for n, (state, path) in enumerate(walk(start, stop={Step.MISSION_PICK})):
        if state.step is Step.MISSION_PICK:
            continue
        done = complete_at_random(state, random.Random(n))
        _check_random_completion(state, done, path, DUAL_A, DUAL_B)
        count += 1
    # States before the Mission pick, by hand: once priority is known, 1 (perspective) + 2 (colour)
    # + 4 (control) + 8 (no card removed) + 8 x 4 (one removed) = 47; a Roll-Off adds its own state
    # before two such trees: 1 + 2 x 47 = 95. Step 1: the start, 4 states with one roster chosen,
    # then each of the 4 pairings reached in 2 orders (3 decided by spending, 1 by Roll-Off).
    assert count == 1 + 4 + 2 * (3 * 47 + 95) == 477


def _check_random_completion(state, done, path, rosters_a, rosters_b):
    taken = [r.action for r in done.history if r.action is not None]
    assert taken[: len(path)] == list(path)  # choices already made stand
    assert taken[len(path)] == Overrun()
    assert all(a.by_judge for a in taken[len(path) :])
    assert result(done).completed_at_random is True
    _check_result_only(done, rosters_a, rosters_b)


def _check_result_only(done, rosters_a, rosters_b):
    """The guide's invariants on a finished draft, whoever made the choices."""
    res = result(done)
    ra = next(r for r in rosters_a if r.label == res.rosters[0])
    rb = next(r for r in rosters_b if r.label == res.rosters[1])
    expected = expected_priority(ra, rb)
    if expected is not None:
        assert (res.priority, res.priority_reason) == expected
    else:
        assert res.priority_reason is PriorityReason.ROLL_OFF
    assert res.perspective_chooser == other(res.priority)
    assert res.red != res.blue
    assert res.mission_control != res.deployment_control
    rows: list[tuple[CardKind, CardCopy, Seat, tuple[str, str], tuple[str, str]]] = [
        ("mission", res.mission, res.mission_control, ra.missions, rb.missions),
        ("deployment", res.deployment, res.deployment_control, ra.deployments, rb.deployments),
    ]
    for kind, picked, controller, a_names, b_names in rows:
        pool = [CardCopy(kind, n, "A") for n in a_names] + [CardCopy(kind, n, "B") for n in b_names]
        removals = [
            r.action for r in done.history if isinstance(r.action, RemoveCard) and r.action.card.kind == kind
        ]
        picks = [
            r.action for r in done.history if isinstance(r.action, PickCard) and r.action.card.kind == kind
        ]
        assert [a.player for a in removals] == [other(controller)] * 2
        assert [a.player for a in picks] == [controller]
        assert picked in pool
        assert picked not in [a.card for a in removals]


def test_random_completion_uses_every_option():
    start = dual()
    results = [result(complete_at_random(start, random.Random(seed))) for seed in range(400)]
    assert {r.rosters for r in results} == set(DUAL_PRIORITY)
    assert {r.mission.name for r in results} == {"Hold the Line", "Scour", "Uplink", "Purge"}
    assert {r.red for r in results} == {"A", "B"}
    assert {r.perspective_side for r in results} == {"A", "B"}


def test_random_roll_off_rerolls_ties():
    for seed in range(200):
        roll = random_roll_off(random.Random(seed))
        *ties, (a, b) = roll.totals
        assert all(x == y for x, y in ties)
        assert a != b
        assert roll.winner == ("A" if a > b else "B")
