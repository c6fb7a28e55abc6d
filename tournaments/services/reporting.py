"""Results from the tables: each side reports, the opponent confirms, judges settle the rest.

OP Guide: Scoring a Game; Games That Don't End Normally; Games That Didn't Get Far Enough.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from rules_engine.registry import get_system
from tournaments.errors import ServiceError, StaleVersion
from tournaments.models import (
    Event,
    EventStatus,
    Game,
    Outcome,
    Player,
    ResultReport,
    ResultStatus,
    Round,
    RoundStatus,
)
from tournaments.services.audit import audit
from tournaments.services.versions import event_touch

MIN_BATTLE_ROUNDS = 2  # OP Guide: Games That Didn't Get Far Enough


@dataclass(frozen=True)
class ResultInput:
    """A result as entered: VP in the game's player order, or how it ended otherwise."""

    outcome: str = Outcome.PLAYED
    vp_one: int | None = None
    vp_two: int | None = None
    loser: Player | None = None
    battle_rounds: int | None = None

    def key(self) -> tuple[object, ...]:
        return (self.outcome, self.vp_one, self.vp_two, self.loser.pk if self.loser else None)


def _validate(game: Game, result: ResultInput) -> None:
    if game.player_two is None:
        raise ServiceError("A bye has no result to report.", code="bye")
    if result.outcome not in (o.value for o in Outcome) or result.outcome == Outcome.BYE:
        raise ServiceError(f"Unknown outcome {result.outcome!r}.", field="outcome")
    if result.outcome == Outcome.PLAYED:
        system = get_system(game.round.event.game_system)
        vp = system.vp_range
        sides = (("first", game.player_one, result.vp_one), ("second", game.player_two, result.vp_two))
        for label, player, value in sides:
            if value is None or value < 0:
                raise ServiceError(f"Enter the {label} player's Victory Points (0 or more).", field="vp")
            if value not in vp:
                # The system's stated range (rules_engine registry): a typo like 100000 is
                # refused rather than stored (issue 14) or overflowing the column.
                raise ServiceError(
                    f"Victory Points must be between {vp.low} and {vp.high} in {system.name}; "
                    f"{value} for {player.name if player is not None else label} is out of range.",
                    code="out-of-range",
                    field="vp",
                )
    elif result.vp_one is not None or result.vp_two is not None:
        raise ServiceError(f"A {Outcome(result.outcome).label.lower()} has no Victory Points.", field="vp")
    players = {game.player_one_id, game.player_two_id}
    if result.outcome in (Outcome.CONCESSION, Outcome.NO_SHOW, Outcome.GAME_LOSS):
        if result.loser is None or result.loser.pk not in players:
            raise ServiceError(
                "Say which player conceded, did not show or took the Game Loss.", field="loser"
            )
    elif result.loser is not None:
        raise ServiceError("Only a concession, no-show or Game Loss names a loser.", field="loser")
    if result.battle_rounds is not None and not 0 <= result.battle_rounds <= 10:
        raise ServiceError("Battle Rounds completed must be between 0 and 10.", field="battle_rounds")


def _open_round(game: Game) -> Round:
    round_ = game.round
    if round_.status != RoundStatus.PUBLISHED:
        raise ServiceError(
            "Results are entered once the round is published and until it closes.", code="closed"
        )
    return round_


def _apply(game: Game, result: ResultInput) -> None:
    game.outcome = result.outcome
    game.vp_one, game.vp_two = result.vp_one, result.vp_two
    game.loser = result.loser
    game.battle_rounds = result.battle_rounds
    game.result_status = ResultStatus.CONFIRMED
    game.needs_review = (
        result.outcome == Outcome.PLAYED
        and result.battle_rounds is not None
        and result.battle_rounds < MIN_BATTLE_ROUNDS
    )
    game.reviewed_at = None
    game.save()


IDEMPOTENCY_KEY_LENGTH = 80


def check_idempotency_key(key: str | None) -> str | None:
    """A client's key: up to 80 printable ASCII characters (a UUID fits), or none at all."""
    if key is None or key == "":
        return None
    if len(key) > IDEMPOTENCY_KEY_LENGTH or not all(33 <= ord(c) <= 126 for c in key):
        raise ServiceError(
            f"An idempotency key is 1 to {IDEMPOTENCY_KEY_LENGTH} printable ASCII characters "
            "without spaces (a UUID, say).",
            code="bad-idempotency-key",
            field="idempotency_key",
        )
    return key


def _locked_game(game: Game) -> Game:
    return Game.objects.select_for_update(of=("self",)).select_related("round__event").get(pk=game.pk)


def _already_stored(game: Game, player: Player, key: str | None) -> bool:
    """Whether this player's submission with `key` is stored already (a retry or a double tap).

    Read under the game's row lock, so a doubled request waits for the first to commit and
    then finds its report; the unique constraint on (game, key) backs this up.
    """
    if key is None:
        return False
    stored = ResultReport.objects.filter(game=game, idempotency_key=key).first()
    if stored is None:
        return False
    if stored.reporter_id != player.pk:
        raise ServiceError(
            "That idempotency key was used for another submission: send a new key.",
            code="idempotency-key-reused",
            field="idempotency_key",
        )
    return True


@transaction.atomic
def result_report(
    *,
    game: Game,
    player: Player,
    result: ResultInput,
    by: AbstractBaseUser,
    idempotency_key: str | None = None,
) -> Game:
    """A player's report. Matching the opponent's report confirms; differing sends it to the judges.

    With an idempotency key, sending the same report again (a retry after a lost answer, a
    double tap) stores nothing more and answers with the game as the first one left it.
    """
    key = check_idempotency_key(idempotency_key)
    game = _locked_game(game)
    if player.pk not in (game.player_one_id, game.player_two_id):
        raise ServiceError("You can only report your own game.", code="not-your-game")
    if _already_stored(game, player, key):
        return game
    _open_round(game)
    if game.result_status == ResultStatus.CONFIRMED:
        raise ServiceError("This result is confirmed; ask a judge to correct it.", code="confirmed")
    _validate(game, result)
    ResultReport.objects.create(
        game=game,
        reporter=player,
        entered_by_id=by.pk,
        outcome=result.outcome,
        vp_one=result.vp_one,
        vp_two=result.vp_two,
        loser=result.loser,
        battle_rounds=result.battle_rounds,
        idempotency_key=key or "",
    )
    opponent_id = game.player_two_id if player.pk == game.player_one_id else game.player_one_id
    theirs = (
        ResultReport.objects.filter(game=game, reporter_id=opponent_id).order_by("-created_at", "-id").first()
    )
    if theirs is None:
        game.result_status = ResultStatus.AWAITING
        game.save(update_fields=["result_status"])
    elif ResultInput(theirs.outcome, theirs.vp_one, theirs.vp_two, theirs.loser).key() == result.key():
        battle_rounds = result.battle_rounds if result.battle_rounds is not None else theirs.battle_rounds
        _apply(game, ResultInput(result.outcome, result.vp_one, result.vp_two, result.loser, battle_rounds))
        _after_result(game)
    else:
        game.result_status = ResultStatus.DISPUTED
        game.save(update_fields=["result_status"])
        audit(event=game.round.event, actor=by, action="result-disputed", subject=str(game))
    event_touch(game.round.event_id)
    return game


@transaction.atomic
def result_confirm(
    *, game: Game, player: Player, by: AbstractBaseUser, idempotency_key: str | None = None
) -> Game:
    """The opponent agrees with the report waiting for them.

    A retried confirmation succeeds with the stored result: found by its idempotency key,
    or, without one, because the game is confirmed and this player's own last report is
    the result that stands (issue 14: a confirmation was stored while the player got a 500,
    and the retry was told there was nothing to confirm).
    """
    key = check_idempotency_key(idempotency_key)
    game = _locked_game(game)
    if player.pk not in (game.player_one_id, game.player_two_id):
        raise ServiceError("You can only confirm your own game.", code="not-your-game")
    if _already_stored(game, player, key):
        return game
    if game.result_status == ResultStatus.CONFIRMED and _confirmed_by(game, player):
        return game
    other = (
        ResultReport.objects.filter(game=game)
        .exclude(reporter_id=player.pk)
        .exclude(reporter__isnull=True)
        .order_by("-created_at", "-id")
        .first()
    )
    if other is None or game.result_status != ResultStatus.AWAITING:
        raise ServiceError("There is no result waiting for your confirmation.", code="nothing-to-confirm")
    result = ResultInput(other.outcome, other.vp_one, other.vp_two, other.loser, other.battle_rounds)
    return result_report(game=game, player=player, result=result, by=by, idempotency_key=key)


def _confirmed_by(game: Game, player: Player) -> bool:
    """Whether the player's own latest report is the result that now stands."""
    mine = ResultReport.objects.filter(game=game, reporter=player).order_by("-created_at", "-id").first()
    if mine is None:
        return False
    stands = (game.outcome, game.vp_one, game.vp_two, game.loser_id)
    return (mine.outcome, mine.vp_one, mine.vp_two, mine.loser_id) == stands


def _describe(game: Game) -> str:
    if not game.outcome:
        return "no result yet"
    if game.outcome == Outcome.PLAYED:
        return f"{game.vp_one}\N{EN DASH}{game.vp_two} ({game.get_result_status_display().lower()})"
    return f"{game.get_outcome_display().lower()} ({game.get_result_status_display().lower()})"


@transaction.atomic
def result_set(
    *,
    game: Game,
    result: ResultInput,
    by: AbstractBaseUser,
    reason: str,
    expected_version: int | None = None,
) -> Game:
    """A judge or the TO enters or corrects a result; the reason goes in the audit log.

    `expected_version` is the version of the game the judge was looking at. If the game has
    changed since (another judge ruled, a player reported), the ruling is refused with
    StaleVersion carrying the game as it now stands: two judges ruling at once never
    silently overwrite each other (issue 14). The web form and the API always send it.
    """
    game = _locked_game(game)
    if expected_version is not None and expected_version != game.version:
        raise StaleVersion(
            f"This result changed while you were looking at it: it now stands at {_describe(game)} "
            f"(version {game.version}, you corrected version {expected_version}). Check it and "
            "submit again if your ruling should replace it.",
            current=game,
        )
    if not reason.strip():
        raise ServiceError("Give a reason for the correction; it is kept in the audit log.", field="reason")
    if game.round.status == RoundStatus.PAIRED:
        raise ServiceError("Publish the round before entering results.", code="not-published")
    _validate(game, result)
    before = {"outcome": game.outcome, "vp": [game.vp_one, game.vp_two], "loser": game.loser_id}
    ResultReport.objects.create(
        game=game,
        reporter=None,
        entered_by_id=by.pk,
        outcome=result.outcome,
        vp_one=result.vp_one,
        vp_two=result.vp_two,
        loser=result.loser,
        battle_rounds=result.battle_rounds,
    )
    _apply(game, result)
    audit(
        event=game.round.event,
        actor=by,
        action="result-set",
        subject=str(game),
        reason=reason,
        data={
            "before": before,
            "after": {
                "outcome": result.outcome,
                "vp": [result.vp_one, result.vp_two],
                "loser": game.loser_id,
            },
        },
    )
    if game.round.status == RoundStatus.PUBLISHED:
        _after_result(game)
    event_touch(game.round.event_id)
    return game


@transaction.atomic
def result_review(*, game: Game, by: AbstractBaseUser, stands: bool, reason: str) -> Game:
    """The Head Judge looks at a game that didn't get far enough: the result stands, or is corrected."""
    game = _locked_game(game)
    if not game.needs_review or game.reviewed_at is not None:
        raise ServiceError("This game is not waiting for review.", code="not-flagged")
    game.reviewed_at = timezone.now()
    if not stands:
        # The result does not stand: back to the judges, who enter the corrected one with
        # result_set. Until then the game keeps its round open.
        game.result_status = ResultStatus.DISPUTED
    game.save(update_fields=["reviewed_at", "result_status"])
    audit(
        event=game.round.event,
        actor=by,
        action="result-reviewed",
        subject=str(game),
        reason=reason,
        data={"stands": stands},
    )
    if stands:
        _after_result(game)
    event_touch(game.round.event_id)
    return game


def _after_result(game: Game) -> None:
    round_close_if_complete(round_=game.round)


def round_is_complete(round_: Round) -> bool:
    games = round_.games.all()
    return all(
        g.result_status == ResultStatus.CONFIRMED and (not g.needs_review or g.reviewed_at is not None)
        for g in games
    )


def round_close_if_complete(*, round_: Round) -> bool:
    """Close a published round once every table has a confirmed (and reviewed) result.

    The round row is locked first, so when both of a round's last two results land at
    once, the second check waits for the first commit and sees both.
    """
    round_ = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
    if round_.status != RoundStatus.PUBLISHED or not round_is_complete(round_):
        return False
    round_.status = RoundStatus.CLOSED
    round_.closed_at = timezone.now()
    round_.save(update_fields=["status", "closed_at"])
    event: Event = round_.event
    if round_.number >= event.planned_rounds:
        event.status = EventStatus.FINISHED
        event.save(update_fields=["status"])
    audit(event=event, actor=None, action="round-closed", subject=f"Round {round_.number}")
    event_touch(event)
    return True
