"""The draft as a page or an API client shows it: plain dicts built from the pure state.

A player's dict is built from `view_for`, so a blind roster choice stays hidden until both
have chosen; a judge (no seat) sees the whole state. `actions` are exactly the player's
legal actions, each with the payload to post back (`action_to_dict`).
"""

from __future__ import annotations

import json
from typing import Any

from judging.domain import draft as domain

STEP_TEXT = {
    domain.Step.ROSTER_SELECTION: "Step 1: roster selection (blind, revealed together)",
    domain.Step.ROLL_OFF: "Step 3: Roll-Off for priority (Gas and Minerals are equal)",
    domain.Step.PERSPECTIVE: "Step 3: the player without priority picks the perspective",
    domain.Step.COLOUR: "Step 3: the player with priority picks a colour",
    domain.Step.DRAFT_CONTROL: "Step 3: the player with priority picks draft control",
    domain.Step.MISSION_REMOVAL: "Step 4: Mission draft — remove two cards",
    domain.Step.MISSION_PICK: "Step 4: Mission draft — pick the Mission",
    domain.Step.DEPLOYMENT_REMOVAL: "Step 5: Deployment draft — remove two cards",
    domain.Step.DEPLOYMENT_PICK: "Step 5: Deployment draft — pick the Deployment",
    domain.Step.COMPLETE: "Draft complete",
}
PRIORITY_TEXT = {
    domain.PriorityReason.GAS: "less Vespene Gas spent",
    domain.PriorityReason.MINERALS: "fewer Minerals spent, Gas equal",
    domain.PriorityReason.ROLL_OFF: "won the Roll-Off",
}


def _card(state: domain.DraftState, copy: domain.CardCopy) -> str:
    return f"{copy.name} ({state.name(copy.owner)}'s copy)"


def action_label(state: domain.DraftState, action: domain.Action) -> str:
    match action:
        case domain.ChooseRoster():
            return f"Play {action.roster}"
        case domain.RollOff():
            return "Roll off for priority"
        case domain.ChoosePerspective():
            return f"Read the Deployment from {state.name(action.side)}'s side"
        case domain.ChooseColour():
            return f"Be the {action.colour.title()} Player"
        case domain.ChooseDraftControl():
            return f"Control the {action.draft.title()} Draft"
        case domain.RemoveCard():
            return f"Remove {_card(state, action.card)}"
        case domain.PickCard():
            return f"Pick {_card(state, action.card)}"
    return "Take over at random"


def _actions(
    state: domain.DraftState, seat: domain.Seat | None, mine: tuple[domain.Action, ...]
) -> list[dict[str, Any]]:
    actions = list(mine)
    if seat is not None and state.step is domain.Step.ROLL_OFF and not state.at_random:
        # The server rolls for both; either player may ask for it.
        actions = [domain.RollOff(seat)]
    out = []
    for action in actions:
        payload = domain.action_to_dict(action)
        out.append({"label": action_label(state, action), "payload": payload, "json": json.dumps(payload)})
    return out


def _row(state: domain.DraftState, row: domain.CardDraft | None, title: str) -> dict[str, Any] | None:
    if row is None:
        return None
    controller = state.controller(row.kind)
    cards = []
    discarded = row.discarded
    for copy in row.pool:
        if copy == row.picked:
            status = "picked"
        elif copy in row.removed:
            status = "removed"
        elif copy == discarded:
            status = "discarded"
        else:
            status = "on the table"
        cards.append({"name": copy.name, "owner": state.name(copy.owner), "status": status})
    return {
        "kind": row.kind,
        "title": title,
        "controller": state.name(controller) if controller is not None else None,
        "cards": cards,
    }


def draft_dict(state: domain.DraftState, seat: domain.Seat | None) -> dict[str, Any]:
    """What one seat (or a judge, with `seat` None) sees of the draft."""
    view = domain.view_for(state, seat) if seat is not None else None
    players = []
    for s in domain.SEATS:
        roster = state.chosen[0 if s == "A" else 1] if view is None or s == seat else view.opponent_roster
        colour = None
        if state.red is not None:
            colour = "Red" if state.red == s else "Blue"
        players.append(
            {
                "seat": s,
                "name": state.name(s),
                "me": s == seat,
                "roster": roster,
                "has_chosen": state.chosen[0 if s == "A" else 1] is not None,
                "colour": colour,
            }
        )
    history = (
        list(view.history)
        if view is not None
        else [
            r.text
            + (" (hidden from the opponent until the reveal)" if r.hidden_from and not state.revealed else "")
            for r in state.history
        ]
    )
    res = domain.result(state) if state.step is domain.Step.COMPLETE else None
    mine = view.my_actions if view is not None else ()
    return {
        "step": state.step.value,
        "step_text": STEP_TEXT[state.step],
        "complete": res is not None,
        "at_random": state.at_random,
        "seat": seat,
        "players": players,
        "waiting_for": [state.name(s) for s in domain.waiting_for(state)],
        "my_turn": seat is not None and seat in domain.waiting_for(state),
        "priority": (
            {"name": state.name(state.priority), "reason": PRIORITY_TEXT[state.priority_reason]}
            if state.priority is not None and state.priority_reason is not None
            else None
        ),
        "perspective": state.name(state.perspective_side) if state.perspective_side is not None else None,
        "rows": [
            r
            for r in (
                _row(state, state.missions, "Mission Cards"),
                _row(state, state.deployments, "Deployment Cards"),
            )
            if r is not None
        ],
        "actions": _actions(state, seat, mine) if res is None else [],
        "history": history,
        "result": (
            {
                "mission": _card(state, res.mission),
                "deployment": _card(state, res.deployment),
                "red": state.name(res.red),
                "blue": state.name(res.blue),
                "priority": state.name(res.priority),
                "completed_at_random": res.completed_at_random,
            }
            if res is not None
            else None
        ),
    }


def judge_entries(state: domain.DraftState) -> dict[str, Any] | None:
    """What a judge may enter for the players now, or None when there is nothing to enter.

    OP Guide, The Pre-Game Sequence: a blind roster choice told to a judge privately (Step 1),
    and the winner of a Roll-Off rolled with real dice at the table (Step 3). Only the seats
    still to choose are listed, each with the labels of the rosters they may play.
    """
    if state.step is domain.Step.ROSTER_SELECTION:
        rosters = [
            {
                "seat": seat,
                "name": state.name(seat),
                "options": [r.label for r in state.rosters[0 if seat == "A" else 1]],
            }
            for seat in domain.SEATS
            if state.chosen[0 if seat == "A" else 1] is None
        ]
        return {"rosters": rosters, "roll_off": []}
    if state.step is domain.Step.ROLL_OFF:
        return {"rosters": [], "roll_off": [{"seat": s, "name": state.name(s)} for s in domain.SEATS]}
    return None
