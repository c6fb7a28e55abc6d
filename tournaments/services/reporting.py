"""Results from the tables: each side reports, the opponent confirms, judges settle the rest.

OP Guide: Scoring a Game; Games That Don't End Normally; Games That Didn't Get Far Enough.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

from rules_engine.game_system import GameSystem
from standings.records import OUTCOMES_WITH_LOSER, EventGame
from standings.result_rules import Result, ResultRules, problems
from tournaments.bridges.cut import cut_view
from tournaments.errors import ServiceError, StaleVersion
from tournaments.limits import REASON_LENGTH
from tournaments.models import (
    CutTies,
    Event,
    EventStatus,
    Game,
    Outcome,
    Player,
    ResultReport,
    ResultStatus,
    Round,
    RoundStage,
    RoundStatus,
)
from tournaments.notifications import notify_corrected, notify_disputed, notify_reported
from tournaments.prepared_queries import Prepared
from tournaments.report_extras import nomination_hook
from tournaments.season_hooks import final_results_changed
from tournaments.services.audit import audit
from tournaments.services.team_matches import matches_waiting_for_pairs
from tournaments.services.versions import event_touch


@dataclass(frozen=True)
class ResultInput:
    """A result as entered, in the game's player order.

    What a result holds depends on the game system (docs/interchange.md, "Other game systems"):
    VP (StarCraft, MORSDEI), VP and Kill Points (Dropzone), a winner or a draw without VP
    (Warpspawn), a complete victory naming the loser with the VP kept on record (MORSDEI),
    and the extra numbers the system declares, in `details` (GameSystem.result_extras).
    """

    outcome: str = Outcome.PLAYED
    vp_one: int | None = None
    vp_two: int | None = None
    loser: Player | None = None
    details: Mapping[str, int] = field(default_factory=dict)
    kp_one: int | None = None
    kp_two: int | None = None
    winner: Player | None = None

    def key(self) -> tuple[object, ...]:
        """What two reports must agree on to confirm a result (the extras are not part of it)."""
        return (
            self.outcome,
            self.vp_one,
            self.vp_two,
            self.loser.pk if self.loser else None,
            self.kp_one,
            self.kp_two,
            self.winner.pk if self.winner else None,
        )

    @classmethod
    def of_game(cls, game: Game) -> ResultInput:
        """The result a game holds now."""
        return cls(
            game.outcome,
            game.vp_one,
            game.vp_two,
            game.loser,
            dict(game.details or {}),
            game.kp_one,
            game.kp_two,
            game.winner,
        )

    @classmethod
    def of(cls, row: ResultReport) -> ResultInput:
        """A stored report as the result it says."""
        return cls(
            row.outcome,
            row.vp_one,
            row.vp_two,
            row.loser,
            dict(row.details or {}),
            row.kp_one,
            row.kp_two,
            row.winner,
        )


def _rule_result(game: Game, result: ResultInput) -> Result:
    """The result as the one rule for results reads it (standings.result_rules): players by row id."""
    assert game.player_two is not None

    def ref(player: Player | None) -> str | None:
        return None if player is None else str(player.pk)

    return Result(
        players=(str(game.player_one_id), str(game.player_two_id)),
        outcome=result.outcome,
        vp=(result.vp_one, result.vp_two),
        kp=(result.kp_one, result.kp_two),
        loser=ref(result.loser),
        winner=ref(result.winner),
        details=result.details,
        cut=game.round.is_cut,
        names=(game.player_one.name, game.player_two.name),
    )


def _validate(game: Game, result: ResultInput, *, staff: bool) -> None:
    """Refuse, with the field to blame, whatever this game system's result cannot hold
    (standings.result_rules, the rule the event-file parser keeps too), or what a player
    may not enter (`staff`: a judge or the TO, who may enter any outcome)."""
    if game.player_two is None:
        raise ServiceError("A bye has no result to report.", code="bye")
    system = game.round.event.system
    found = problems(ResultRules.of(system), _rule_result(game, result), staff=staff)
    if found:
        raise ServiceError(found[0].message, code=found[0].code, field=found[0].field)
    if game.round.is_cut and result.outcome in (Outcome.PLAYED, Outcome.DRAW):
        _validate_cut_winner(game, result, system)


def _goes_on(game: Game, result: ResultInput) -> int | None:
    """Who goes on from a top-cut game with this result (a player's row id; None: nobody or
    no result yet), by the bracket's rule (`bracket.decide`): the game lists the better seed first."""
    if game.player_two is None:
        return game.player_one_id
    if not result.outcome:
        return None
    if result.outcome == Outcome.DOUBLE_NO_SHOW:
        return None
    if result.winner is not None:
        return result.winner.pk
    if result.outcome in OUTCOMES_WITH_LOSER:
        if result.loser is None:
            return None
        return game.player_two_id if result.loser.pk == game.player_one_id else game.player_one_id
    system = game.round.event.system
    vp = (result.vp_one, result.vp_two) if result.vp_one is not None and result.vp_two is not None else None
    kp = (result.kp_one, result.kp_two) if result.kp_one is not None and result.kp_two is not None else None
    ids = (game.player_one.external_id, game.player_two.external_id)
    decided = system.decide_game(EventGame(players=ids, outcome=result.outcome, vp=vp, kp=kp))
    if decided is None:
        return game.player_one_id
    return game.player_one_id if decided == ids[0] else game.player_two_id


def _refuse_changing_a_seeded_swiss_round(game: Game, result: ResultInput) -> None:
    """A correction to a Swiss result is refused once the top cut has been paired: its
    entrants and seeds were drawn from the Swiss standings this result is part of, and they
    are stored with the cut's first round, not worked out again. Undo the cut's rounds
    first, then correct the game and pair the cut again (docs/pairing.md, "The top cut")."""
    round_ = game.round
    if round_.is_cut or game.result_status != ResultStatus.CONFIRMED:
        return
    first_cut = (
        round_.event.rounds.filter(stage=RoundStage.CUT)
        .order_by("number")
        .values_list("number", flat=True)
        .first()
    )
    if first_cut is None or ResultInput.of_game(game) == result:
        return
    raise ServiceError(
        f"The top cut was seeded from the Swiss standings when round {first_cut} was paired, and this "
        f"result is part of them. Undo the cut's rounds (round {first_cut} on) first, then correct "
        "this game and pair the cut again.",
        code="cut-seeded",
    )


def _refuse_changing_a_later_cut_round(game: Game, result: ResultInput) -> None:
    """A correction to a top-cut game that would send another player on is refused while a
    later cut round is paired: that round's games were drawn from who went on. Undo the
    later round (or rounds) first; the bracket is replayed from the results, never stored."""
    round_ = game.round
    if not round_.is_cut or game.result_status != ResultStatus.CONFIRMED:
        return
    later = round_.event.rounds.filter(number__gt=round_.number).order_by("number").first()
    if later is None or _goes_on(game, ResultInput.of_game(game)) == _goes_on(game, result):
        return
    raise ServiceError(
        f"This correction changes who goes on from a top-cut game of round {round_.number}, and round "
        f"{later.number} has been paired from it. Undo round {later.number} first (its results too, "
        "if any), then correct this game and pair again.",
        code="cut-later-round-paired",
    )


def _validate_cut_winner(game: Game, result: ResultInput, system: GameSystem) -> None:
    """A top-cut game must send one player on (docs/pairing.md, "The top cut").

    The game system's rule decides from the result (`GameSystem.decide_game`: more VP, then
    Kill Points in Dropzone, Warpspawn's named winner); a winner named beside a result it
    decides must be that player. A result it leaves tied goes by the event's rule: to the
    better seed (the game's first player: cut games list the better seed first), and then
    no winner is named; or to the winner of a deciding game, who must be named.
    """
    assert game.player_two is not None
    one, two = game.player_one, game.player_two
    vp = (result.vp_one, result.vp_two) if result.vp_one is not None and result.vp_two is not None else None
    kp = (result.kp_one, result.kp_two) if result.kp_one is not None and result.kp_two is not None else None
    system_winner = result.winner.external_id if result.winner is not None and not system.results.vp else None
    played = EventGame(
        players=(one.external_id, two.external_id),
        outcome=result.outcome,
        vp=vp,
        kp=kp,
        winner=system_winner if result.outcome == Outcome.PLAYED else None,
    )
    decided = system.decide_game(played)
    named = result.winner
    if decided is not None:
        if named is not None and named.external_id != decided:
            winner = one if decided == one.external_id else two
            raise ServiceError(
                f"The result says {winner.name} won this top-cut game; the winner named must be the same.",
                code="cut-winner-contradicts",
                field="winner",
            )
        return
    if game.round.event.cut_ties == CutTies.DECIDING_GAME:
        if named is None:
            raise ServiceError(
                "A top-cut game needs a winner: the result is a tie, so the players play a deciding "
                "game. Name who won it.",
                code="cut-needs-winner",
                field="winner",
            )
    elif named is not None:
        raise ServiceError(
            f"A tied top-cut game goes to the better seed, {one.name}, at this event: "
            "leave the winner empty.",
            code="cut-tie-to-better-seed",
            field="winner",
        )


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
    game.kp_one, game.kp_two = result.kp_one, result.kp_two
    game.loser = result.loser
    game.winner = result.winner
    game.details = dict(result.details)
    game.result_status = ResultStatus.CONFIRMED
    # The system's own rule for results a judge looks at first (StarCraft: a game that
    # didn't get far enough); the core knows only that there may be one.
    review = game.round.event.system.result_review
    game.needs_review = review is not None and review.applies(result.outcome, game.details)
    game.reviewed_at = None
    game.save()


def _report_row(game: Game, result: ResultInput, **fields: object) -> ResultReport:
    return ResultReport.objects.create(
        game=game,
        outcome=result.outcome,
        vp_one=result.vp_one,
        vp_two=result.vp_two,
        kp_one=result.kp_one,
        kp_two=result.kp_two,
        loser=result.loser,
        winner=result.winner,
        details=dict(result.details),
        **fields,
    )


def result_json(game: Game, result: ResultInput) -> dict[str, object]:
    """A result for the audit log (players by id, as AUDIT_REFERENCES remaps them)."""
    out: dict[str, object] = {
        "outcome": result.outcome,
        "vp": [result.vp_one, result.vp_two],
        "loser": result.loser.pk if result.loser else None,
    }
    if result.kp_one is not None or result.kp_two is not None:
        out["kp"] = [result.kp_one, result.kp_two]
    if result.winner is not None:
        out["winner"] = result.winner.pk
    if result.details:
        out["details"] = dict(result.details)
    return out


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
    # The players come along (checked for drops and named in messages) in the same query;
    # only the game's row is locked. The event the caller already holds (the access check
    # read it moments ago) is attached rather than read again with the game: its fifty
    # columns cost more to ask for than the rest of the row (docs/performance.md).
    event = game.round.event if Game.round.is_cached(game) and Round.event.is_cached(game.round) else None
    locked = (_LOCKED_GAME if event is not None else _LOCKED_GAME_AND_EVENT).first(game.pk)
    if locked is None:
        raise Game.DoesNotExist("The game is gone.")
    if event is not None:
        locked.round.event = event
    return locked


# What every report and confirmation reads, compiled once (tournaments.prepared_queries):
# at a round's end every table sends both at once.
def _game_locked_with(*related: str) -> Prepared[Game]:
    """The game's row, locked (only the game's: `of`), with `related` joined."""
    return Prepared(
        lambda pk: Game.objects.select_for_update(of=("self",)).select_related(*related).filter(pk=pk), int
    )


_LOCKED_GAME = _game_locked_with("round", "player_one", "player_two")
_LOCKED_GAME_AND_EVENT = _game_locked_with("round__event", "player_one", "player_two")
_REPORT_BY_KEY: Prepared[ResultReport] = Prepared(
    lambda game_id, key: ResultReport.objects.filter(game_id=game_id, idempotency_key=key)[:1], int, str
)
_LATEST_OF: Prepared[ResultReport] = Prepared(
    lambda game_id, reporter_id: ResultReport.objects.filter(
        game_id=game_id, reporter_id=reporter_id
    ).order_by("-created_at", "-id")[:1],
    int,
    int,
)
_LATEST_OF_THE_OTHER: Prepared[ResultReport] = Prepared(
    lambda game_id, player_id: (
        ResultReport.objects.filter(game_id=game_id)
        .exclude(reporter_id=player_id)
        .exclude(reporter__isnull=True)
        .order_by("-created_at", "-id")[:1]
    ),
    int,
    int,
)


def _latest_report_of(game: Game, reporter_id: int | None) -> ResultReport | None:
    """The latest report `reporter_id` made of the game (a bye has no opponent: none)."""
    if reporter_id is None:
        return None
    return _LATEST_OF.first(game.pk, reporter_id)


def _already_stored(game: Game, player: Player, key: str | None) -> bool:
    """Whether this player's submission with `key` is stored already (a retry or a double tap).

    Read under the game's row lock, so a doubled request waits for the first to commit and
    then finds its report; the unique constraint on (game, key) backs this up.
    """
    if key is None:
        return False
    stored = _REPORT_BY_KEY.first(game.pk, key)
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
    nominee: Player | None = None,
) -> Game:
    """A player's report. Matching the opponent's report confirms; differing sends it to the judges.

    With an idempotency key, sending the same report again (a retry after a lost answer, a
    double tap) stores nothing more and answers with the game as the first one left it.
    `nominee` is the player's Best Sportsman nomination sent with the report (OP Guide:
    Hobby Awards, "submitted with their last result"), stored by the awards app's hook in
    this transaction: a refused nomination stores no report either.
    """
    key = check_idempotency_key(idempotency_key)
    return _report_locked(
        game=_locked_game(game), player=player, result=result, by=by, key=key, nominee=nominee
    )


def _report_locked(
    *,
    game: Game,
    player: Player,
    result: ResultInput,
    by: AbstractBaseUser,
    key: str | None,
    nominee: Player | None,
    theirs: ResultReport | None = None,
) -> Game:
    """result_report's work on the game already locked, in the caller's transaction;
    `theirs`, the opponent's latest report when the caller has read it already.

    result_confirm calls it directly rather than through result_report's atomic block: a
    nested block is a savepoint, two more round trips to the database, one of them (its
    release) after event_touch, while the event's and the round's rows are held.
    """
    if player.pk not in (game.player_one_id, game.player_two_id):
        raise ServiceError("You can only report your own game.", code="not-your-game")
    if _already_stored(game, player, key):
        return game
    _open_round(game)
    if game.result_status == ResultStatus.CONFIRMED:
        raise ServiceError("This result is confirmed; ask a judge to correct it.", code="confirmed")
    _validate(game, result, staff=False)
    _report_row(game, result, reporter=player, entered_by_id=by.pk, idempotency_key=key or "")
    opponent_id = game.player_two_id if player.pk == game.player_one_id else game.player_one_id
    if theirs is None:
        theirs = _latest_report_of(game, opponent_id)
    if theirs is None:
        game.result_status = ResultStatus.AWAITING
        game.save(update_fields=["result_status"])
        notify_reported(game, player)
    elif ResultInput.of(theirs).key() == result.key():
        # The extras one side left out are taken from the other (this one wins a difference).
        details = {**(theirs.details or {}), **result.details}
        _apply(game, dataclasses.replace(result, details=details))
        _after_result(game)
    elif game.result_status == ResultStatus.DISPUTED:
        # Already with the judges: the player's claim is stored for them to accept, and
        # nobody is told of the dispute a second time. Saved all the same: the game's version
        # moves, so a judge looking at the reports as they were cannot settle it unawares.
        game.save(update_fields=["result_status"])
        audit(event=game.round.event, actor=by, action="result-claimed", subject=str(game))
    else:
        game.result_status = ResultStatus.DISPUTED
        game.save(update_fields=["result_status"])
        audit(event=game.round.event, actor=by, action="result-disputed", subject=str(game))
        notify_disputed(game)
    if nominee is not None:
        _nominate(game, player, nominee, by)
    event_touch(game.round.event_id)
    return game


def _nominate(game: Game, player: Player, nominee: Player, by: AbstractBaseUser) -> None:
    hook = nomination_hook()
    if hook is None:
        raise ServiceError(
            "This event takes no nominations with a result.", code="not-offered", field="nominate"
        )
    hook.record(game=game, player=player, nominee=nominee, by=by)


@transaction.atomic
def result_confirm(
    *,
    game: Game,
    player: Player,
    by: AbstractBaseUser,
    idempotency_key: str | None = None,
    nominee: Player | None = None,
) -> Game:
    """The opponent agrees with the report waiting for them.

    A retried confirmation succeeds with the stored result: found by its idempotency key,
    or, without one, because the game is confirmed and this player's own last report is
    the result that stands (a confirmation was stored while the player got a 500,
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
    other = _LATEST_OF_THE_OTHER.first(game.pk, player.pk)
    if other is None or game.result_status != ResultStatus.AWAITING:
        raise ServiceError("There is no result waiting for your confirmation.", code="nothing-to-confirm")
    result = ResultInput.of(other)
    return _report_locked(
        game=game, player=player, result=result, by=by, key=key, nominee=nominee, theirs=other
    )


@transaction.atomic
def result_dispute(
    *, game: Game, player: Player, by: AbstractBaseUser, note: str = "", claim: ResultInput | None = None
) -> Game:
    """One tap: the player asked to confirm says the opponent's report is wrong.

    The game goes to the judges' queue at once (OP Guide: Reporting Results, a judge
    settles a result the players do not agree on); the player need not type a result of
    their own, and may add a note for the judges afterwards (result_dispute_note). A retry
    (a double tap, a phone sending its queued dispute twice) finds the game disputed by
    this player and changes nothing.

    `claim` is the result the player says was played, stored as their report beside the
    dispute (what the table view's form does once a game is disputed), so a judge can
    accept it as it stands; all or nothing with the dispute. A claim that is the opponent's
    report is no dispute (400 `claim-agrees`: confirm it instead).
    """
    note = _checked_note(note)
    game = _locked_game(game)
    if player.pk not in (game.player_one_id, game.player_two_id):
        raise ServiceError("You can only dispute your own game.", code="not-your-game")
    if game.result_status == ResultStatus.DISPUTED and game.disputed_by_id == player.pk:
        if claim is not None:
            _claim(game, player, claim, by)
        return game
    _open_round(game)
    latest = (
        ResultReport.objects.filter(game=game, reporter__isnull=False).order_by("-created_at", "-id").first()
    )
    if game.result_status != ResultStatus.AWAITING or latest is None or latest.reporter_id == player.pk:
        raise ServiceError(
            "There is no report of your opponent's waiting for you.", code="nothing-to-dispute"
        )
    if claim is not None and ResultInput.of(latest).key() == claim.key():
        raise ServiceError(
            "That is the result your opponent reported: confirm it instead of disputing it.",
            code="claim-agrees",
            field="claim",
        )
    game.result_status = ResultStatus.DISPUTED
    game.disputed_by = player
    game.dispute_note = note
    game.save(update_fields=["result_status", "disputed_by", "dispute_note", "version"])
    audit(
        event=game.round.event,
        actor=by,
        action="result-disputed",
        subject=str(game),
        reason=note,
        data={"by": player.pk},
    )
    notify_disputed(game)
    if claim is not None:
        _claim(game, player, claim, by)
    else:
        event_touch(game.round.event_id)
    return game


def _claim(game: Game, player: Player, claim: ResultInput, by: AbstractBaseUser) -> None:
    """The disputing player's claimed result, stored as their report unless it already is
    their latest one (a retry)."""
    mine = _latest_report_of(game, player.pk)
    if mine is not None and ResultInput.of(mine).key() == claim.key():
        return
    _report_locked(game=game, player=player, result=claim, by=by, key=None, nominee=None)


def _checked_note(note: str) -> str:
    note = note.strip()
    if len(note) > REASON_LENGTH:
        raise ServiceError(f"Keep the note to {REASON_LENGTH} characters.", field="note")
    return note


@transaction.atomic
def result_dispute_note(*, game: Game, player: Player, by: AbstractBaseUser, note: str) -> Game:
    """The disputing player's note for the judges, added after the one-tap dispute."""
    note = _checked_note(note)
    if not note:
        raise ServiceError("Write the note for the judges.", field="note")
    game = _locked_game(game)
    if game.result_status != ResultStatus.DISPUTED or game.disputed_by_id != player.pk:
        raise ServiceError("Only the player who disputed a result adds a note to it.", code="not-disputed")
    game.dispute_note = note
    game.save(update_fields=["dispute_note", "version"])
    audit(event=game.round.event, actor=by, action="result-dispute-note", subject=str(game), reason=note)
    event_touch(game.round.event_id)
    return game


def _confirmed_by(game: Game, player: Player) -> bool:
    """Whether the player's own latest report is the result that now stands."""
    mine = _latest_report_of(game, player.pk)
    if mine is None:
        return False
    return ResultInput.of(mine).key() == ResultInput.of_game(game).key()


def _describe(game: Game) -> str:
    if not game.outcome:
        return "no result yet"
    if game.outcome == Outcome.PLAYED and game.vp_one is not None:
        return f"{game.vp_one}\N{EN DASH}{game.vp_two} ({game.get_result_status_display().lower()})"
    if game.outcome == Outcome.PLAYED and game.winner is not None:
        return f"won by {game.winner.name} ({game.get_result_status_display().lower()})"
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
    silently overwrite each other. The web form and the API always send it.
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
        raise ServiceError(
            "Give a reason for the correction; it is kept in the audit log.",
            code="reason-required",
            field="reason",
        )
    if game.round.status == RoundStatus.PAIRED:
        raise ServiceError("Publish the round before entering results.", code="not-published")
    _validate(game, result, staff=True)
    _refuse_changing_a_seeded_swiss_round(game, result)
    _refuse_changing_a_later_cut_round(game, result)
    before = result_json(game, ResultInput.of_game(game))
    _report_row(game, result, reporter=None, entered_by_id=by.pk)
    _apply(game, result)
    audit(
        event=game.round.event,
        actor=by,
        action="result-set",
        subject=str(game),
        reason=reason,
        data={"before": before, "after": result_json(game, result)},
    )
    if game.round.status == RoundStatus.PUBLISHED:
        _after_result(game)
    elif game.round.event.status == EventStatus.FINISHED:
        final_results_changed(game.round.event)  # a finished event corrected: ratings follow
    event_touch(game.round.event_id)
    notify_corrected(game)
    return game


@transaction.atomic
def result_accept(
    *, game: Game, report_id: int, by: AbstractBaseUser, expected_version: int | None = None
) -> Game:
    """A judge settles a dispute by accepting one player's report as it stands (OP Guide:
    Roles — judges help players submit results): the same ruling as `result_set` with
    that report's values, without retyping them, and the reason says whose report it was.

    Only the latest report of either player of this game can be accepted (`unknown-report`
    otherwise): an older report was replaced by its reporter.
    """
    latest: dict[int, ResultReport] = {}
    for row in game.reports.select_related("reporter", "loser", "winner").order_by("created_at", "id"):
        if row.reporter_id is not None:
            latest[row.reporter_id] = row
    chosen = next((r for r in latest.values() if r.pk == report_id), None)
    if chosen is None or chosen.reporter is None:
        raise ServiceError(
            "That report is not one of the players' latest reports for this game.", code="unknown-report"
        )
    return result_set(
        game=game,
        result=ResultInput.of(chosen),
        by=by,
        reason=f"Accepted {chosen.reporter.name}'s report.",
        expected_version=expected_version,
    )


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
    else:
        notify_disputed(game)
    event_touch(game.round.event_id)
    return game


def _after_result(game: Game) -> None:
    round_close_if_complete(round_=game.round)


def game_is_done(game: Game) -> bool:
    """A confirmed result, reviewed where the system's review rule holds it."""
    reviewed = not game.needs_review or game.reviewed_at is not None
    return game.result_status == ResultStatus.CONFIRMED and reviewed


def round_is_complete(round_: Round) -> bool:
    """Every game done as `game_is_done` says, asked of the database in one EXISTS.

    It runs under the round's lock in every confirmation (round_close_if_complete), so
    it must be short: loading and checking each of a 64-table round's games there held
    that lock for ~9 ms of CPU per confirmation, and every other confirmation of the
    round waited behind it (docs/polling.md).
    """
    not_done = ~Q(result_status=ResultStatus.CONFIRMED) | Q(needs_review=True, reviewed_at__isnull=True)
    if round_.games.filter(not_done).exists():
        return False
    # A team tournament's match makes its games as its pairs are made: a match still
    # pairing has games to come, whatever the results of those already made.
    return not round_.event.is_team_tournament or matches_waiting_for_pairs(round_) == 0


def _another_game_untouched(round_: Round) -> bool:
    """Whether another game of the round is not done and no transaction holds it now.

    Such a game will be made done by a transaction that locks it later (every result
    locks its game first, `_locked_game`) and checks the round then, so this one is not the
    round's last result and need not take the round's lock exclusively. The last result to
    commit always finds no such game: every game still open when it checks is either done
    or held by a transaction that, if it took the exclusive lock, waits for this commit
    (the shared lock below), and if it did not, found yet another untouched game: with
    finitely many games one of them takes the exclusive lock and sees every commit. So at
    the end of a round only the last few results queue on the round's row, not all of
    them (every confirmation had waited there in turn).

    PostgreSQL only (SKIP LOCKED, FOR SHARE); elsewhere (SQLite serialises its writers)
    every result takes the exclusive path, as before.
    """
    if connection.vendor != "postgresql":
        return False
    sql = (
        f"SELECT 1 FROM {Game._meta.db_table} WHERE round_id = %s "
        "AND NOT (result_status = %s AND (NOT needs_review OR reviewed_at IS NOT NULL)) "
        "LIMIT 1 FOR KEY SHARE SKIP LOCKED"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [round_.pk, ResultStatus.CONFIRMED])
        return cursor.fetchone() is not None


def _last_round_closed(event: Event, round_: Round) -> bool:
    """Whether the round just closed ends the event: the last planned round, or with a top
    cut, its final (the bracket has a champion, or nobody left)."""
    if event.cut_size is None:
        return round_.number >= event.planned_rounds
    if not round_.is_cut:
        return False
    bracket = cut_view(event).bracket
    return bracket is not None and bracket.complete and bracket.rounds_played >= bracket.total_rounds


def round_close_if_complete(*, round_: Round) -> bool:
    """Close a published round once every table has a confirmed (and reviewed) result.

    The round row is locked first, so when both of a round's last two results land at
    once, the second check waits for the first commit and sees both. Only the round's
    row: a plain FOR UPDATE over the join would lock the event's row too, from here to
    the commit, and every result of the event would queue on it (the event's own row is
    written last, by event_touch, as everywhere).
    """
    if _another_game_untouched(round_):
        # Not the last result: share the round's lock so that a closing check (below, in
        # another transaction) waits for this commit, without queueing behind the others.
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT 1 FROM {Round._meta.db_table} WHERE id = %s FOR SHARE", [round_.pk])
        return False
    if connection.vendor != "postgresql" and not round_is_complete(round_):
        # SQLite serialises its writers: what this write transaction reads is final, so a
        # round with a game still open is not closed by it, without locking anything more.
        return False
    round_ = Round.objects.select_for_update(of=("self",)).select_related("event").get(pk=round_.pk)
    if round_.status != RoundStatus.PUBLISHED or not round_is_complete(round_):
        return False
    round_.status = RoundStatus.CLOSED
    round_.closed_at = timezone.now()
    round_.save(update_fields=["status", "closed_at"])
    event: Event = round_.event
    if _last_round_closed(event, round_):
        event.status = EventStatus.FINISHED
        event.save(update_fields=["status"])
        final_results_changed(event)
    audit(event=event, actor=None, action="round-closed", subject=f"Round {round_.number}")
    event_touch(event)
    return True


def cut_forfeit_for_drops(game: Game) -> bool:
    """A player who dropped during the top cut forfeits their next game: recorded as a
    no-show with them as the loser, so their opponent goes on (docs/pairing.md); both
    dropped, a double no-show, and neither goes on. Only a game still without a result is
    touched. Returns whether it recorded one."""
    if game.result_status != ResultStatus.PENDING or game.player_two is None:
        return False
    gone = [p for p in (game.player_one, game.player_two) if p.dropped_after_round is not None]
    if not gone:
        return False
    game.outcome = Outcome.DOUBLE_NO_SHOW if len(gone) == 2 else Outcome.NO_SHOW
    game.loser = gone[0] if len(gone) == 1 else None
    game.vp_one = game.vp_two = game.kp_one = game.kp_two = None
    game.winner = None
    game.result_status = ResultStatus.CONFIRMED
    game.save()
    return True
