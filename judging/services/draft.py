"""The pre-game draft on both players' phones (OP Guide: The Pre-Game Sequence).

The bridge between the stored draft and the pure state machine in
`judging.domain.draft`: a GameDraft keeps `new_draft`'s inputs and the list of actions,
every write rebuilds the state with `replay`, applies one action and stores it again. Seat
"A" is the game's player one and seat "B" player two.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from judging.domain import clock as clock_domain
from judging.domain import draft as domain
from judging.models import GameDraft, RoundClock
from judging.services._common import STAFF_ROLES, require_roles
from rosters.models import Roster
from rules_engine.systems.starcraft_tmg.report import starcraft_report
from tournaments.errors import ServiceError
from tournaments.models import Game, ListFormat, Player, RoundStatus
from tournaments.services.audit import audit
from tournaments.services.rosters import roster_preview


def roster_label(roster: Roster) -> str:
    return f"Roster {roster.slot}: {roster.document.get('faction_card', '')}".rstrip(": ")


def _spent(roster: Roster) -> tuple[int, int]:
    """Vespene Gas and Minerals spent, from the rules engine's stored verdict (Step 3: priority)."""
    judged = starcraft_report(roster.verdict.roster)
    if judged is None:  # stored without a verdict (e.g. imported bare): judge it now
        judged = starcraft_report(
            roster_preview(
                event=roster.player.event, content=roster.document, player=roster.player, slot=roster.slot
            ).roster
        )
        assert judged is not None  # a preview always judges the roster
    return judged.totals.gas, judged.totals.minerals


def roster_options(player: Player, list_format: str) -> list[dict[str, Any]]:
    """What the draft needs from each roster the player may play this game."""
    rosters = list(player.rosters.order_by("slot"))
    if list_format == ListFormat.SINGLE:
        rosters = rosters[:1]  # OP Guide: Single List Format — one roster, every round
    if not rosters:
        raise ServiceError(
            f"{player.name} has no roster submitted, so the draft cannot start; a judge can enter one.",
            code="no-roster",
        )
    options = []
    for roster in rosters:
        gas, minerals = _spent(roster)
        options.append(
            {
                "label": roster_label(roster),
                "slot": roster.slot,
                "gas": gas,
                "minerals": minerals,
                "missions": list(roster.document.get("missions", [])),
                "deployments": list(roster.document.get("deployments", [])),
            }
        )
    return options


def _option(data: Mapping[str, Any]) -> domain.RosterOption:
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


def initial_state(draft: GameDraft) -> domain.DraftState:
    a, b = draft.rosters
    names = (str(draft.names[0]), str(draft.names[1]))
    return domain.new_draft(
        [_option(o) for o in a], [_option(o) for o in b], list_format=draft.list_format, names=names
    )


def draft_state(draft: GameDraft) -> domain.DraftState:
    """The draft as it stands: its inputs replayed through every stored action."""
    return domain.replay(initial_state(draft), (domain.action_from_dict(a) for a in draft.actions))


def seat_of(game: Game, player: Player | None) -> domain.Seat | None:
    if player is None:
        return None
    if player.pk == game.player_one_id:
        return "A"
    if player.pk == game.player_two_id:
        return "B"
    return None


@transaction.atomic
def draft_start(*, game: Game, by: AbstractBaseUser | None = None) -> GameDraft:
    """The game's draft, created with both players' rosters the first time anyone opens it."""
    # Lock the game first: both phones may open a new draft at the same moment.
    game = (
        Game.objects.select_for_update(of=("self",))
        .select_related("round__event", "player_one", "player_two")
        .get(pk=game.pk)
    )
    existing = GameDraft.objects.filter(game=game).first()
    if existing is not None:
        return existing
    if game.player_two is None:
        raise ServiceError("A bye has no opponent and no draft.", code="bye")
    if game.round.status != RoundStatus.PUBLISHED:
        raise ServiceError(
            "The draft opens once the round is published, and closes with it.", code="not-open"
        )
    event = game.round.event
    sides = [
        roster_options(game.player_one, event.list_format),
        roster_options(game.player_two, event.list_format),
    ]
    draft = GameDraft(
        game=game,
        list_format=event.list_format,
        names=[game.player_one.name, game.player_two.name],
        rosters=sides,
        actions=[],
    )
    try:
        state = initial_state(draft)
    except domain.DraftError as exc:
        raise ServiceError(str(exc), code="draft-setup") from None
    draft.step = state.step.value
    draft.save()
    if state.step is domain.Step.COMPLETE:  # pragma: no cover - a fresh draft always needs choices
        _store_result(draft, state)
    audit(event=event, actor=by, action="draft-started", subject=str(game))
    return draft


def _locked(draft: GameDraft) -> GameDraft:
    return (
        GameDraft.objects.select_for_update(of=("self",))
        .select_related("game__round__event")
        .get(pk=draft.pk)
    )


def _save(draft: GameDraft, state: domain.DraftState, added: list[domain.Action]) -> None:
    draft.actions = [*draft.actions, *(domain.action_to_dict(a) for a in added)]
    draft.step = state.step.value
    if state.step is domain.Step.COMPLETE:
        _store_result(draft, state)
    draft.save()


@transaction.atomic
def draft_act(
    *, draft: GameDraft, player: Player, action: Mapping[str, Any], by: AbstractBaseUser
) -> GameDraft:
    """One player's choice. A refused choice raises ServiceError and leaves the draft as it was.

    A player asking for the Roll-Off does not say who won: the server rolls 2D6 for each
    side (Part 3.2), so neither phone can decide it.
    """
    draft = _locked(draft)
    game = draft.game
    seat = seat_of(game, player)
    if seat is None:
        raise ServiceError("Only the two players of this game make its draft choices.", code="not-your-game")
    if game.round.status != RoundStatus.PUBLISHED:
        raise ServiceError("The round is not open; the draft can no longer change.", code="not-open")
    try:
        state = draft_state(draft)
        chosen = domain.action_from_dict(action)
        if isinstance(chosen, domain.RollOff):
            chosen = domain.random_roll_off(random.SystemRandom())
        elif isinstance(chosen, domain.Overrun) or chosen.by_judge:
            raise domain.DraftError("Only a judge takes over a draft.")
        elif getattr(chosen, "player", None) != seat:
            raise domain.DraftError(f"You are {state.name(seat)}: you can only make your own choices.")
        state = domain.apply(state, chosen)
    except domain.DraftError as exc:
        raise ServiceError(str(exc), code="draft-refused") from None
    _save(draft, state, [chosen])
    if state.step is domain.Step.COMPLETE:
        audit(
            event=game.round.event, actor=by, action="draft-completed", subject=str(game), data=draft.result
        )
    return draft


def _judge_entry(draft: GameDraft, by: AbstractBaseUser) -> GameDraft:
    """The locked draft, once `by` is found to be a judge of the event and not one of its players."""
    draft = _locked(draft)
    game = draft.game
    require_roles(by, game.round.event, STAFF_ROLES, "a judge")
    if Player.objects.filter(
        event_id=game.round.event_id, user_id=by.pk, pk__in=(game.player_one_id, game.player_two_id)
    ).exists():
        raise ServiceError(
            "You play in this game: another judge enters its choices for you.", code="own-game"
        )
    if game.round.status != RoundStatus.PUBLISHED:
        raise ServiceError("The round is not open; the draft can no longer change.", code="not-open")
    return draft


def _judge_apply(draft: GameDraft, action: domain.Action) -> None:
    """Neither judge entry can end a draft (both come before the card draft), so no completion audit."""
    try:
        state = domain.apply(draft_state(draft), action)
    except domain.DraftError as exc:
        raise ServiceError(str(exc), code="draft-refused") from None
    _save(draft, state, [action])


def _seat(draft: GameDraft, player: Player) -> domain.Seat:
    seat = seat_of(draft.game, player)
    if seat is None:
        raise ServiceError(f"{player.name} does not play in this game.", code="not-in-game", field="player")
    return seat


@transaction.atomic
def draft_enter_roster(*, draft: GameDraft, player: Player, roster: str, by: AbstractBaseUser) -> GameDraft:
    """A judge enters the roster a player told them privately (OP Guide: The Pre-Game Sequence, Step 1).

    Under Dual List, if the players cannot agree how to reveal, "each tells a judge privately
    and the judge announces both". The choice is final and recorded as the judge's; the
    opponent's view still hides it until both rosters are in. The audit entry names the player
    but not the roster, so the audit log cannot give a blind choice away either.
    """
    draft = _judge_entry(draft, by)
    game = draft.game
    seat = _seat(draft, player)
    _judge_apply(draft, domain.ChooseRoster(seat, roster, by_judge=True))
    audit(
        event=game.round.event,
        actor=by,
        action="draft-roster-entered-by-judge",
        subject=str(game),
        data={"player": player.external_id, "seat": seat},
    )
    return draft


@transaction.atomic
def draft_enter_roll_off(
    *,
    draft: GameDraft,
    winner: Player,
    by: AbstractBaseUser,
    totals: tuple[tuple[int, int], ...] = (),
) -> GameDraft:
    """A judge enters the winner of a Roll-Off rolled with real dice at the table (Step 3, Part 3.2).

    `totals`, optional, are the 2D6 totals thrown (player one's, player two's), ties first;
    the draft machine checks that they make `winner` the winner.
    """
    draft = _judge_entry(draft, by)
    game = draft.game
    seat = _seat(draft, winner)
    _judge_apply(draft, domain.RollOff(seat, tuple(totals), by_judge=True))
    audit(
        event=game.round.event,
        actor=by,
        action="draft-roll-off-entered-by-judge",
        subject=str(game),
        data={"winner": winner.external_id, "totals": [list(pair) for pair in totals]},
    )
    return draft


def clock_facts(game: Game) -> clock_domain.RoundClock | None:
    row = RoundClock.objects.filter(round_id=game.round_id).first()
    return row.facts() if row is not None else None


@transaction.atomic
def draft_complete_at_random(
    *, draft: GameDraft, by: AbstractBaseUser, now: datetime | None = None, seed: int | None = None
) -> GameDraft:
    """OP Guide: If the sequence overruns — 15 minutes into the round, a judge completes it at random."""
    draft = _locked(draft)
    game = draft.game
    event = game.round.event
    require_roles(by, event, STAFF_ROLES, "a judge")
    now = now or timezone.now()
    facts = clock_facts(game)
    if facts is None or facts.started_at is None:
        raise ServiceError(
            "The round clock has not started: the 15 minutes are counted from the start of the round.",
            code="too-early",
        )
    if not clock_domain.draft_overrun(facts, now):
        left = int((clock_domain.DRAFT_DEADLINE - clock_domain.elapsed(facts, now)).total_seconds())
        raise ServiceError(
            f"A draft is completed at random only once 15 minutes of the round have passed; "
            f"{left // 60}:{left % 60:02d} to go.",
            code="too-early",
        )
    seed = random.SystemRandom().randrange(1, 2**31) if seed is None else seed
    try:
        state = draft_state(draft)
        finished = domain.complete_at_random(state, random.Random(seed))
    except domain.DraftError as exc:
        raise ServiceError(str(exc), code="draft-refused") from None
    added = [r.action for r in finished.history[len(state.history) :] if r.action is not None]
    draft.seed = seed
    _save(draft, finished, added)
    audit(
        event=event,
        actor=by,
        action="draft-completed-at-random",
        subject=str(game),
        data={"seed": seed, **draft.result},
    )
    return draft


def _store_result(draft: GameDraft, state: domain.DraftState) -> None:
    """The columns the result slip prints, and the whole result as JSON."""
    res = domain.result(state)
    game = draft.game
    by_seat = {"A": game.player_one, "B": game.player_two}

    def who(seat: domain.Seat) -> dict[str, str]:
        player = by_seat[seat]
        assert player is not None
        return {"seat": seat, "player": player.external_id, "name": player.name}

    def card(copy: domain.CardCopy) -> dict[str, Any]:
        return {"name": copy.name, "owner": who(copy.owner)}

    draft.mission = res.mission.name
    draft.deployment = res.deployment.name
    draft.red = by_seat[res.red]
    draft.blue = by_seat[res.blue]
    draft.priority = by_seat[res.priority]
    draft.priority_reason = res.priority_reason.value
    draft.completed_at = timezone.now()
    draft.completed_at_random = res.completed_at_random
    draft.result = {
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
