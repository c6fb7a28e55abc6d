"""StarCraft's pre-game sequence and round clock, behind the registry's generic interfaces.

`StarCraftDraft` drives the draft state machine (`draft`, OP Guide "The Pre-Game Sequence")
for the judging app (`rules_engine.pregame.DraftRules`): what a roster brings to the draft,
who may act, what a judge may enter, and what the pages and slips show. The round clock
is in `round_clock`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules_engine.pregame import DraftOutcome, Seat
from rules_engine.systems.starcraft_tmg import draft as domain
from rules_engine.systems.starcraft_tmg.report import starcraft_report

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
# Keys of a draft's picks (GameDraft.picks); older exports stored them as columns of these names.
PICKS = ("mission", "deployment")


def _index(seat: Seat) -> int:
    return 0 if seat == "A" else 1


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


class StarCraftDraft:
    """The OP Guide's Pre-Game Sequence as the judging app's `DraftRules`."""

    # OP Guide: If the sequence overruns — "15 minutes into the round".
    overrun_minutes = 15

    # --- inputs -------------------------------------------------------------------------

    def roster_option(
        self, *, label: str, slot: int, document: Mapping[str, Any], judged: Any
    ) -> dict[str, Any]:
        """Step 3 earns priority by Vespene Gas, then Minerals, spent (the verdict's totals);
        Part 9.2: the two Mission and two Deployment Cards the roster brings."""
        report = starcraft_report(judged)
        if report is None:
            raise domain.DraftError(
                f"{label} was not judged as a StarCraft roster, so its spending is unknown."
            )
        return {
            "label": label,
            "slot": slot,
            "gas": int(report.totals.gas),
            "minerals": int(report.totals.minerals),
            "missions": list(document.get("missions", [])),
            "deployments": list(document.get("deployments", [])),
        }

    def _option(self, data: Mapping[str, Any]) -> domain.RosterOption:
        missions, deployments = list(data["missions"]), list(data["deployments"])
        if len(missions) != 2 or len(deployments) != 2:
            raise domain.DraftError(
                f"{data['label']} must bring 2 Mission and 2 Deployment Cards; it has "
                f"{len(missions)} and {len(deployments)}."
            )
        return domain.RosterOption(
            label=str(data["label"]),
            gas=int(data["gas"]),
            minerals=int(data["minerals"]),
            missions=(missions[0], missions[1]),
            deployments=(deployments[0], deployments[1]),
        )

    def new_state(
        self,
        options_a: Sequence[Mapping[str, Any]],
        options_b: Sequence[Mapping[str, Any]],
        *,
        list_format: str,
        names: tuple[str, str],
    ) -> domain.DraftState:
        return domain.new_draft(
            [self._option(o) for o in options_a],
            [self._option(o) for o in options_b],
            list_format=list_format,
            names=names,
        )

    def replay(self, state: domain.DraftState, actions: Iterable[Mapping[str, Any]]) -> domain.DraftState:
        return domain.replay(state, (domain.action_from_dict(a) for a in actions))

    # --- transitions --------------------------------------------------------------------

    def apply(
        self, state: domain.DraftState, action: Mapping[str, Any], *, seat: Seat | None, by_judge: bool
    ) -> tuple[domain.DraftState, list[dict[str, Any]]]:
        """A player's choice. A player asking for the Roll-Off does not say who won: the
        server rolls 2D6 for each side (Part 3.2), so neither phone can decide it."""
        chosen = domain.action_from_dict(action)
        if not by_judge:
            if isinstance(chosen, domain.RollOff):
                chosen = domain.random_roll_off(random.SystemRandom())
            elif isinstance(chosen, domain.Overrun) or chosen.by_judge:
                raise domain.DraftError("Only a judge takes over a draft.")
            elif seat is None or getattr(chosen, "player", None) != seat:
                who = state.name(seat) if seat is not None else "not a player of this game"
                raise domain.DraftError(f"You are {who}: you can only make your own choices.")
        return domain.apply(state, chosen), [domain.action_to_dict(chosen)]

    def judge_entry(
        self, state: domain.DraftState, entry: str, *, seat: Seat, value: Any
    ) -> tuple[domain.DraftState, dict[str, Any]]:
        """OP Guide, The Pre-Game Sequence: a blind roster choice a player told a judge
        privately (Step 1, `entry` "roster", `value` its label), or the winner of a Roll-Off
        rolled with real dice at the table (Step 3, "roll-off", `value` the 2D6 totals)."""
        action: domain.Action
        if entry == "roster":
            action = domain.ChooseRoster(seat, str(value), by_judge=True)
        elif entry == "roll-off":
            totals = tuple((int(a), int(b)) for a, b in (value or ()))
            action = domain.RollOff(seat, totals, by_judge=True)
        else:
            raise domain.DraftError(f"A judge enters a roster or a Roll-Off, not {entry!r}.")
        return domain.apply(state, action), domain.action_to_dict(action)

    def complete_at_random(
        self, state: domain.DraftState, rng: random.Random
    ) -> tuple[domain.DraftState, list[dict[str, Any]]]:
        finished = domain.complete_at_random(state, rng)
        added = [r.action for r in finished.history[len(state.history) :] if r.action is not None]
        return finished, [domain.action_to_dict(a) for a in added]

    # --- queries ------------------------------------------------------------------------

    def step(self, state: domain.DraftState) -> str:
        return state.step.value

    def step_text(self, step: str) -> str:
        try:
            return STEP_TEXT[domain.Step(step)]
        except ValueError:
            return step

    def is_complete(self, state: domain.DraftState) -> bool:
        return state.step is domain.Step.COMPLETE

    def result(self, state: domain.DraftState, players: Mapping[Seat, Mapping[str, str]]) -> DraftOutcome:
        """The Mission and Deployment picked, the colours and priority (for the slip and export)."""
        res = domain.result(state)

        def who(seat: Seat) -> dict[str, str]:
            return {"seat": seat, "player": players[seat]["player"], "name": players[seat]["name"]}

        def card(copy: domain.CardCopy) -> dict[str, Any]:
            return {"name": copy.name, "owner": who(copy.owner)}

        record = {
            "rosters": {"A": res.rosters[0], "B": res.rosters[1]},
            "mission": card(res.mission),
            "deployment": card(res.deployment),
            "red": who(res.red),
            "blue": who(res.blue),
            "priority": who(res.priority),
            "priority_reason": res.priority_reason.value,
            "perspective_chooser": who(res.perspective_chooser),
            "perspective_side": who(res.perspective_side),
            "mission_control": who(res.mission_control),
            "deployment_control": who(res.deployment_control),
            "completed_at_random": res.completed_at_random,
        }
        return DraftOutcome(
            picks={"mission": res.mission.name, "deployment": res.deployment.name},
            summary=self.summary(record),
            roles={"red": res.red, "blue": res.blue, "priority": res.priority},
            record=record,
            completed_at_random=res.completed_at_random,
        )

    def summary(self, record: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
        """What a result slip prints of a stored draft result (OP Guide: The Pre-Game Sequence)."""
        reason = PRIORITY_TEXT.get(
            domain.PriorityReason(record["priority_reason"]), record["priority_reason"]
        )
        random_note = " (completed by a judge at random)" if record.get("completed_at_random") else ""
        return (
            ("Mission", f"{record['mission']['name']} ({record['mission']['owner']['name']}'s card)"),
            (
                "Deployment",
                f"{record['deployment']['name']} ({record['deployment']['owner']['name']}'s card)",
            ),
            ("Red Player", str(record["red"]["name"])),
            ("Blue Player", str(record["blue"]["name"])),
            ("Priority", f"{record['priority']['name']} ({reason}){random_note}"),
        )

    def legacy_picks(self, row: Mapping[str, Any]) -> dict[str, str]:
        """Picks from a draft exported before they became generic (its `mission` and
        `deployment` keys), so older event/1 files still import."""
        return {key: str(row[key] or "") for key in PICKS if key in row}

    # --- presentation -------------------------------------------------------------------

    def _actions(
        self, state: domain.DraftState, seat: Seat | None, mine: tuple[domain.Action, ...]
    ) -> list[dict[str, Any]]:
        actions = list(mine)
        if seat is not None and state.step is domain.Step.ROLL_OFF and not state.at_random:
            # The server rolls for both; either player may ask for it.
            actions = [domain.RollOff(seat)]
        out = []
        for action in actions:
            payload = domain.action_to_dict(action)
            out.append(
                {"label": action_label(state, action), "payload": payload, "json": json.dumps(payload)}
            )
        return out

    def _row(
        self, state: domain.DraftState, row: domain.CardDraft | None, title: str
    ) -> dict[str, Any] | None:
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

    def present(self, state: domain.DraftState, seat: Seat | None) -> dict[str, Any]:
        """What one seat (or a judge, with `seat` None) sees of the draft.

        A player's dict is built from `view_for`, so a blind roster choice stays hidden
        until both have chosen; `actions` are exactly the player's legal actions, each with
        the payload to post back.
        """
        view = domain.view_for(state, seat) if seat is not None else None
        players = []
        for s in domain.SEATS:
            roster = state.chosen[_index(s)] if view is None or s == seat else view.opponent_roster
            colour = None
            if state.red is not None:
                colour = "Red" if state.red == s else "Blue"
            players.append(
                {
                    "seat": s,
                    "name": state.name(s),
                    "me": s == seat,
                    "roster": roster,
                    "has_chosen": state.chosen[_index(s)] is not None,
                    "colour": colour,
                }
            )
        history = (
            list(view.history)
            if view is not None
            else [
                r.text
                + (
                    " (hidden from the opponent until the reveal)"
                    if r.hidden_from and not state.revealed
                    else ""
                )
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
                    self._row(state, state.missions, "Mission Cards"),
                    self._row(state, state.deployments, "Deployment Cards"),
                )
                if r is not None
            ],
            "actions": self._actions(state, seat, mine) if res is None else [],
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

    def judge_entries(self, state: domain.DraftState) -> dict[str, Any] | None:
        """What a judge may enter for the players now, or None when there is nothing to enter.

        OP Guide, The Pre-Game Sequence: a blind roster choice told to a judge privately
        (Step 1), and the winner of a Roll-Off rolled with real dice at the table (Step 3).
        Only the seats still to choose are listed, each with the labels of the rosters they
        may play.
        """
        if state.step is domain.Step.ROSTER_SELECTION:
            rosters = [
                {
                    "seat": seat,
                    "name": state.name(seat),
                    "options": [r.label for r in state.rosters[_index(seat)]],
                }
                for seat in domain.SEATS
                if state.chosen[_index(seat)] is None
            ]
            return {"rosters": rosters, "roll_off": []}
        if state.step is domain.Step.ROLL_OFF:
            return {"rosters": [], "roll_off": [{"seat": s, "name": state.name(s)} for s in domain.SEATS]}
        return None


DRAFT = StarCraftDraft()
