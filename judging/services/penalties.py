"""Issuing penalties, confirming Disqualifications, imposing slow-play time limits.

OP Guide: Judging and Conduct, Penalties and Pace of Play. Who may apply each level is the
pure `judging.domain.penalties` module's decision; this bridge records the penalty and
carries out its effect on the event: a Game Loss becomes the game's result (an Annihilation
against the penalised player, through the standings engine), a confirmed Disqualification
takes the player out of every later pairing and out of the placings.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from judging.domain import penalties as domain
from judging.models import Penalty, PenaltyStatus, TimeLimit
from judging.services._common import JUDGE_ROLES, last_played_round, require_roles, staff_roles
from tournaments.errors import ServiceError
from tournaments.models import Event, Game, Outcome, Player, RoundStatus
from tournaments.services.audit import audit
from tournaments.services.reporting import ResultInput, result_set
from tournaments.services.versions import event_touch


def _game_of(player: Player, round_number: int) -> Game | None:
    return (
        Game.objects.filter(round__event_id=player.event_id, round__number=round_number)
        .filter(Q(player_one=player) | Q(player_two=player))
        .select_related("round", "table")
        .first()
    )


def _where(
    event: Event, player: Player, game: Game | None, round_number: int | None
) -> tuple[int, Game | None]:
    """The round and game a penalty belongs to: the game given, else the player's game in the round."""
    if game is not None:
        if game.round.event_id != event.pk or player.pk not in (game.player_one_id, game.player_two_id):
            raise ServiceError(
                f"{player.name} is not playing in that game.", code="not-in-game", field="game"
            )
        return game.round.number, game
    if round_number is None:
        current = last_played_round(event)
        round_number = current.number if current is not None else 0
    if round_number < 0:
        raise ServiceError("A round number is 0 (before the first round) or more.", field="round_number")
    return round_number, _game_of(player, round_number) if round_number else None


@transaction.atomic
def penalty_issue(
    *,
    event: Event,
    player: Player,
    level: str,
    category: str,
    by: AbstractBaseUser,
    notes: str,
    game: Game | None = None,
    round_number: int | None = None,
    remedy: str = "",
    at: datetime | None = None,
) -> Penalty:
    """Record a penalty; a Game Loss is applied to the game, a Disqualification awaits confirmation.

    The player's row is locked first: two judges penalising one player at once are applied
    one after the other, so the second sees the first (e.g. a Disqualification already pending).
    """
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.event_id != event.pk:
        raise ServiceError("That player is not at this event.", code="not-found", field="player")
    if not notes.strip():
        raise ServiceError("Say what happened: the notes are the written record.", field="notes")
    number, game = _where(event, player, game, round_number)
    table = game.table.number if game is not None and game.table is not None else None
    try:
        proposed = domain.issue(
            staff_roles(by, event),
            player=player.name,
            level=level,
            category=category,
            round=number,
            table=table,
            reason=notes,
            remedy=remedy,
            issued_by=by.get_username(),
        )
    except domain.PenaltyError as exc:
        raise ServiceError(str(exc), code="penalty-refused") from None
    if proposed.level is domain.Level.DISQUALIFICATION:
        if player.disqualified_after_round is not None:
            raise ServiceError(f"{player.name} is already disqualified.", code="already-disqualified")
        if Penalty.objects.filter(player=player, status=PenaltyStatus.PENDING).exists():
            raise ServiceError(
                f"A Disqualification of {player.name} is already awaiting confirmation.", code="pending"
            )
    if proposed.level is domain.Level.GAME_LOSS:
        game = _game_loss_game(player, number, game)
    penalty = Penalty.objects.create(
        event=event,
        player=player,
        level=proposed.level.value,
        category=proposed.category.value,
        status=proposed.status.value,
        round_number=number,
        table_number=table,
        game=game,
        notes=notes.strip(),
        remedy=remedy.strip(),
        issued_by_id=by.pk,
        issued_at=at or timezone.now(),
    )
    if proposed.level is domain.Level.GAME_LOSS:
        assert game is not None
        # OP Guide: "A Game Loss is scored as an Annihilation against the penalised player."
        effect = domain.game_loss_effect(proposed)
        result_set(
            game=game,
            result=ResultInput(outcome=effect.outcome, loser=player),
            by=by,
            reason=f"Game Loss penalty ({penalty.get_category_display().lower()}): {penalty.notes}",
        )
    pending = proposed.status is domain.Status.PENDING_CONFIRMATION
    audit(
        event=event,
        actor=by,
        action="disqualification-proposed" if pending else "penalty-issued",
        subject=player.name,
        reason=penalty.notes,
        data={
            "penalty": penalty.pk,
            "level": penalty.level,
            "category": penalty.category,
            "round": number,
            "table": table,
        },
    )
    return penalty


def _game_loss_game(player: Player, number: int, game: Game | None) -> Game:
    if game is None:
        where = f"round {number}" if number else "any round yet"
        raise ServiceError(
            f"{player.name} has no game in {where}: a Game Loss is applied to a game.", code="no-game"
        )
    if game.player_two_id is None or game.outcome == Outcome.BYE:
        raise ServiceError("A bye has no opponent: a Game Loss cannot be applied to it.", code="bye")
    if game.round.status == RoundStatus.PAIRED:
        raise ServiceError(
            f"Round {number} is paired but not published yet: publish it before a Game Loss is "
            "applied to its game.",
            code="not-published",
        )
    return game


def _decide(penalty: Penalty, by: AbstractBaseUser, note: str, confirm: bool) -> Penalty:
    penalty = (
        Penalty.objects.select_for_update(of=("self",)).select_related("event", "player").get(pk=penalty.pk)
    )
    event = penalty.event
    decide = domain.confirm_disqualification if confirm else domain.decline_disqualification
    try:
        decided = decide(
            penalty.to_domain(),
            staff_roles(by, event),
            confirmed_by=by.get_username(),
            to_plays=event.to_plays,
        )
    except domain.PenaltyError as exc:
        raise ServiceError(str(exc), code="penalty-refused") from None
    penalty.status = decided.status.value
    penalty.decided_by_id = by.pk
    penalty.decided_at = timezone.now()
    penalty.decision_note = note.strip()
    penalty.save(update_fields=["status", "decided_by", "decided_at", "decision_note"])
    return penalty


@transaction.atomic
def disqualification_confirm(*, penalty: Penalty, by: AbstractBaseUser, note: str = "") -> Penalty:
    """The TO (the Head Judge when the TO plays) confirms: the player's event ends now.

    OP Guide: their completed games stand and keep counting for opponents, but they take no
    further part and are not placed. They are out after the last round players have seen,
    so a round paired but not yet published is re-paired without them.
    """
    penalty = _decide(penalty, by, note, confirm=True)
    player = penalty.player
    last = last_played_round(penalty.event)
    player.disqualified_after_round = last.number if last is not None else 0
    player.save(update_fields=["disqualified_after_round"])
    paired = penalty.event.rounds.filter(status=RoundStatus.PAIRED).order_by("-number").first()
    repair = paired is not None and paired.games.filter(Q(player_one=player) | Q(player_two=player)).exists()
    audit(
        event=penalty.event,
        actor=by,
        action="disqualification-confirmed",
        subject=player.name,
        reason=penalty.decision_note or penalty.notes,
        data={
            "penalty": penalty.pk,
            "after_round": player.disqualified_after_round,
            "repair_round": paired.number if repair and paired is not None else None,
        },
    )
    event_touch(penalty.event_id)
    return penalty


@transaction.atomic
def disqualification_decline(*, penalty: Penalty, by: AbstractBaseUser, note: str = "") -> Penalty:
    penalty = _decide(penalty, by, note, confirm=False)
    audit(
        event=penalty.event,
        actor=by,
        action="disqualification-declined",
        subject=penalty.player.name,
        reason=penalty.decision_note,
        data={"penalty": penalty.pk},
    )
    return penalty


@transaction.atomic
def time_limit_impose(
    *,
    event: Event,
    player: Player,
    by: AbstractBaseUser,
    round_number: int | None = None,
    seconds_per_activation: int | None = None,
    notes: str = "",
) -> TimeLimit:
    """OP Guide: Pace of Play — after a Caution, a judge may limit the time per activation for the game."""
    if player.event_id != event.pk:
        raise ServiceError("That player is not at this event.", code="not-found", field="player")
    require_roles(by, event, JUDGE_ROLES, "a judge")
    number, _game = _where(event, player, None, round_number)
    if number == 0:
        raise ServiceError("A time limit lasts for one game; no round has started.", code="no-game")
    if seconds_per_activation is not None and seconds_per_activation <= 0:
        raise ServiceError("A time limit is a positive number of seconds.", field="seconds_per_activation")
    limit = TimeLimit.objects.create(
        event=event,
        player=player,
        round_number=number,
        seconds_per_activation=seconds_per_activation,
        notes=notes.strip(),
        imposed_by_id=by.pk,
    )
    audit(
        event=event,
        actor=by,
        action="time-limit-imposed",
        subject=player.name,
        reason=limit.notes,
        data={"round": number, "seconds_per_activation": seconds_per_activation},
    )
    return limit
