"""The pre-game draft on both players' phones, for a game system whose pre-game sequence
is a draft (`rules_engine.pregame.PregameKind.DRAFT`; StarCraft's, OP Guide: The Pre-Game
Sequence).

The bridge between the stored draft and the system's pure state machine
(`GameSystem.pregame.draft`, a `rules_engine.pregame.DraftRules`): a GameDraft keeps the
machine's inputs and the list of actions, every write rebuilds the state with `replay`,
applies one action and stores it again. Seat "A" is the game's player one, "B" player two.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from judging.domain import clock as clock_domain
from judging.models import GameDraft, RoundClock
from judging.services._common import STAFF_ROLES, require_roles
from rosters.models import Roster
from rules_engine.pregame import DraftError, DraftRules, Seat
from tournaments.errors import ServiceError
from tournaments.models import Event, Game, ListFormat, Player, RoundStatus
from tournaments.services.audit import audit
from tournaments.services.rosters import roster_preview
from tournaments.services.versions import event_touch


def draft_rules(event: Event) -> DraftRules | None:
    """The event's game system's draft, or None when its pre-game sequence is not a draft."""
    return event.system.pregame.draft


def _rules(event: Event) -> DraftRules:
    rules = draft_rules(event)
    if rules is None:
        raise ServiceError(f"{event.system.name} has no pre-game draft.", code="no-draft")
    return rules


ILLEGAL_MARK = " (illegal)"


def roster_label(roster: Roster) -> str:
    """How the draft offers a roster. One whose stored verdict is illegal is still offered
    (a judge rules on it, OP Guide: Illegal Rosters) but marked, so neither player nor the
    judges miss it (the draft offered an illegal roster without a marker)."""
    label = f"Roster {roster.slot}: {roster.document.get('faction_card', '')}".rstrip(": ")
    return label if roster.legal else label + ILLEGAL_MARK


def _judged(roster: Roster) -> Any:
    """The roster as the rules engine judged it (its stored verdict), for the draft's inputs."""
    judged = roster.verdict.roster
    if judged is None:  # stored without a verdict (e.g. imported bare): judge it now
        judged = roster_preview(
            event=roster.player.event, content=roster.document, player=roster.player, slot=roster.slot
        ).roster
        assert judged is not None  # a preview always judges the roster
    return judged


def roster_options(player: Player, list_format: str) -> list[dict[str, Any]]:
    """What the draft needs from each roster the player may play this game."""
    rules = _rules(player.event)
    rosters = list(player.rosters.order_by("slot"))
    if list_format == ListFormat.SINGLE:
        rosters = rosters[:1]  # OP Guide: Single List Format — one roster, every round
    if not rosters:
        raise ServiceError(
            f"{player.name} has no roster submitted, so the draft cannot start; a judge can enter one.",
            code="no-roster",
        )
    return [
        rules.roster_option(
            label=roster_label(roster), slot=roster.slot, document=roster.document, judged=_judged(roster)
        )
        for roster in rosters
    ]


def initial_state(draft: GameDraft) -> Any:
    a, b = draft.rosters
    names = (str(draft.names[0]), str(draft.names[1]))
    rules = _rules(draft.game.round.event)
    return rules.new_state(a, b, list_format=draft.list_format, names=names)


def draft_state(draft: GameDraft) -> Any:
    """The draft as it stands: its inputs replayed through every stored action."""
    return _rules(draft.game.round.event).replay(initial_state(draft), draft.actions)


def seat_of(game: Game, player: Player | None) -> Seat | None:
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
    rules = _rules(event)
    try:
        state = initial_state(draft)
    except DraftError as exc:
        raise ServiceError(str(exc), code="draft-setup") from None
    draft.step = rules.step(state)
    if rules.is_complete(state):  # pragma: no cover - a fresh draft always needs choices
        _store_result(draft, rules, state)
    draft.save()
    audit(event=event, actor=by, action="draft-started", subject=str(game))
    return draft


def _locked(draft: GameDraft) -> GameDraft:
    return (
        GameDraft.objects.select_for_update(of=("self",))
        .select_related("game__round__event")
        .get(pk=draft.pk)
    )


def _save(draft: GameDraft, rules: DraftRules, state: Any, added: list[dict[str, Any]]) -> None:
    draft.actions = [*draft.actions, *added]
    draft.step = rules.step(state)
    if rules.is_complete(state):
        _store_result(draft, rules, state)
    draft.save()


@transaction.atomic
def draft_act(
    *, draft: GameDraft, player: Player, action: Mapping[str, Any], by: AbstractBaseUser
) -> GameDraft:
    """One player's choice. A refused choice raises ServiceError and leaves the draft as it was.

    The system's machine decides what a player may ask for (StarCraft: a player asking for
    the Roll-Off does not say who won, the server rolls, so neither phone can decide it).
    """
    draft = _locked(draft)
    game = draft.game
    seat = seat_of(game, player)
    if seat is None:
        raise ServiceError("Only the two players of this game make its draft choices.", code="not-your-game")
    if game.round.status != RoundStatus.PUBLISHED:
        raise ServiceError("The round is not open; the draft can no longer change.", code="not-open")
    rules = _rules(game.round.event)
    try:
        state, added = rules.apply(draft_state(draft), action, seat=seat, by_judge=False)
    except DraftError as exc:
        raise ServiceError(str(exc), code="draft-refused") from None
    _save(draft, rules, state, added)
    if rules.is_complete(state):
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


def _judge_apply(draft: GameDraft, entry: str, seat: Seat, value: Any) -> None:
    """A judge's entry for a seat. Judge entries come before the choices that end a draft
    (StarCraft: Steps 1 and 3, before the card draft), so no completion audit."""
    rules = _rules(draft.game.round.event)
    try:
        state, added = rules.judge_entry(draft_state(draft), entry, seat=seat, value=value)
    except DraftError as exc:
        raise ServiceError(str(exc), code="draft-refused") from None
    _save(draft, rules, state, [added])


def _seat(draft: GameDraft, player: Player) -> Seat:
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
    _judge_apply(draft, "roster", seat, roster)
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
    _judge_apply(draft, "roll-off", seat, tuple(totals))
    audit(
        event=game.round.event,
        actor=by,
        action="draft-roll-off-entered-by-judge",
        subject=str(game),
        data={"winner": winner.external_id, "totals": [list(pair) for pair in totals]},
    )
    return draft


def clock_facts(game: Game) -> clock_domain.RoundClock | None:
    row = RoundClock.objects.filter(round_id=game.round_id).select_related("round__event").first()
    return row.facts() if row is not None else None


def overrun_deadline(rules: DraftRules) -> timedelta:
    return timedelta(minutes=rules.overrun_minutes)


@transaction.atomic
def draft_complete_at_random(
    *, draft: GameDraft, by: AbstractBaseUser, now: datetime | None = None, seed: int | None = None
) -> GameDraft:
    """A draft not finished `overrun_minutes` into the round (StarCraft, OP Guide: If the
    sequence overruns — 15 minutes) is completed by a judge at random."""
    draft = _locked(draft)
    game = draft.game
    event = game.round.event
    require_roles(by, event, STAFF_ROLES, "a judge")
    rules = _rules(event)
    deadline = overrun_deadline(rules)
    minutes = rules.overrun_minutes
    now = now or timezone.now()
    facts = clock_facts(game)
    if facts is None or facts.started_at is None:
        raise ServiceError(
            f"The round clock has not started: the {minutes} minutes are counted from the start "
            "of the round.",
            code="too-early",
        )
    if not clock_domain.draft_overrun(facts, now, deadline):
        left = int((deadline - clock_domain.elapsed(facts, now)).total_seconds())
        raise ServiceError(
            f"A draft is completed at random only once {minutes} minutes of the round have passed; "
            f"{left // 60}:{left % 60:02d} to go.",
            code="too-early",
        )
    seed = random.SystemRandom().randrange(1, 2**31) if seed is None else seed
    try:
        finished, added = rules.complete_at_random(draft_state(draft), random.Random(seed))
    except DraftError as exc:
        raise ServiceError(str(exc), code="draft-refused") from None
    draft.seed = seed
    _save(draft, rules, finished, added)
    audit(
        event=event,
        actor=by,
        action="draft-completed-at-random",
        subject=str(game),
        data={"seed": seed, **draft.result},
    )
    return draft


def _store_result(draft: GameDraft, rules: DraftRules, state: Any) -> None:
    """What the system's draft settled (its picks, by the system's names, and the seats of
    the roles it gave out), and the whole result as JSON, for the slip and the export."""
    game = draft.game
    by_seat: dict[Seat, Player | None] = {"A": game.player_one, "B": game.player_two}
    players: dict[Seat, dict[str, str]] = {}
    for seat, player in by_seat.items():
        assert player is not None
        players[seat] = {"player": player.external_id, "name": player.name}
    outcome = rules.result(state, players)
    draft.picks = dict(outcome.picks)
    roles = outcome.roles
    draft.red = by_seat[roles["red"]] if "red" in roles else None
    draft.blue = by_seat[roles["blue"]] if "blue" in roles else None
    draft.priority = by_seat[roles["priority"]] if "priority" in roles else None
    draft.priority_reason = str(outcome.record.get("priority_reason", ""))
    draft.completed_at = timezone.now()
    draft.completed_at_random = outcome.completed_at_random
    draft.result = outcome.record
    # The player's table view names the drafted roster and lists it first; it is answered
    # 304 while the event's version stands still, so a completed draft moves it.
    event_touch(game.round.event_id)
