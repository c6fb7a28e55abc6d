"""A table's chess clock on the players' phones (OP Guide: Chess Clocks): the bridge between
the stored log (`judging.models.ChessClock`) and the pure clock (`judging.domain.chess_clock`).

Every write locks the game row first (both phones may tap at the same moment; the same lock
order as the draft and the result services), reads the log, applies one action at the
server's `now` and appends the resulting entry. The round clock supplies "how much of the
round is left" when the clock first starts. A player acts for their own table only; the
judges acknowledge a start on an absent player's time and give the ruling that ends a pause.
Seat "A" is the game's player one, "B" player two.

When the round's time is called (OP Guide: When Time Is Called) the clocks freeze: the round
clock's call freezes every chess clock of the round at once (`chess_clocks_time_called`),
and a round clock that simply reached its end is noticed by the next action at the table,
which stores the freeze (in a transaction of its own, so it stays) and is then refused with
`time-called`. Readers derive the same entry until it is stored (`judging.selectors`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from datetime import datetime
from typing import ParamSpec, TypeVar

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from judging.domain import chess_clock as domain
from judging.domain import clock as round_domain
from judging.models import ChessClock, RoundClock
from judging.services._common import STAFF_ROLES, require_roles
from tournaments.errors import ServiceError
from tournaments.models import Game, Player, Round, RoundStatus
from tournaments.services.audit import audit
from tournaments.services.versions import event_touch

RULING_MAX = 500  # characters: "the judge records the ruling (short text)"


def seat_of(game: Game, player: Player | None) -> domain.Seat | None:
    if player is None:
        return None
    if player.pk == game.player_one_id:
        return "A"
    if player.pk == game.player_two_id:
        return "B"
    return None


def round_left(game: Game, now: datetime) -> tuple[int, bool]:
    """The round clock's whole seconds left at `now`, and whether it is running (OP Guide:
    Time Allocation and Setup reads "how much of the round is left" off it)."""
    row = RoundClock.objects.filter(round_id=game.round_id).select_related("round__event").first()
    if row is None:
        return 0, False
    facts = row.facts()
    state = round_domain.state(facts, now)
    running = state in (round_domain.ClockState.RUNNING, round_domain.ClockState.LAST_FIFTEEN)
    return int(round_domain.remaining(facts, now).total_seconds()), running


def time_called_at(round_id: int, now: datetime) -> datetime | None:
    """When the round's time was called, if it has been by `now` (the round clock's facts)."""
    row = RoundClock.objects.filter(round_id=round_id).select_related("round__event").first()
    if row is None or row.started_at is None:
        return None
    return round_domain.time_called_at(row.facts(), now)


def _freeze(row: ChessClock, game: Game, called: datetime, by: AbstractBaseUser | None) -> bool:
    """Store the time-called entry if the log lacks it; whether anything was stored."""
    before = row.facts()
    after = domain.as_of_round(before, called)
    if after.version == before.version:
        return False
    _record(row, after, game=game, by=by, action="chess-clock-time-called")
    return True


def _record(
    row: ChessClock, after: domain.ChessClock, *, game: Game, by: AbstractBaseUser | None, action: str
) -> None:
    """Store the clock's new log and audit its newest entry: the moment and both pools."""
    row.store(after)
    row.save()
    last = after.last
    assert last is not None
    audit(
        event=game.round.event,
        actor=by,
        action=action,
        subject=str(game),
        data={"at": last.at.isoformat(), "pools_ms": list(last.pools), "running": last.running},
    )


@transaction.atomic
def chess_clocks_time_called(*, round_: Round, by: AbstractBaseUser | None, at: datetime) -> int:
    """Freeze every chess clock of the round at the moment its time was called; how many froze.

    Called by the round clock's `clock_call_time`, in its transaction, so the TO's call and
    the frozen clocks are one change. Each game row is locked as the clock's own actions lock
    it, in table order, so a tap arriving meanwhile waits and then sees time called.
    """
    called = time_called_at(round_.pk, at)
    if called is None:
        return 0
    games = list(
        Game.objects.select_for_update(of=("self",))
        .filter(round_id=round_.pk, chess_clock__isnull=False)
        .select_related("round__event")
        .order_by("pk")
    )
    frozen = 0
    for game in games:
        row = ChessClock.objects.get(game_id=game.pk)
        frozen += _freeze(row, game, called, by)
    if frozen:
        event_touch(round_.event_id)
    return frozen


P = ParamSpec("P")
R = TypeVar("R")


def _frozen_first(service: Callable[P, R]) -> Callable[P, R]:
    """Before an action at the table: if the round's time has been called and the clock's log
    has not recorded it, store the freeze in a transaction of its own (it stays even though
    the action is then refused with `time-called`)."""

    @functools.wraps(service)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        game = kwargs["game"]
        assert isinstance(game, Game)
        at = kwargs.get("at")
        now = at if isinstance(at, datetime) else timezone.now()
        called = time_called_at(game.round_id, now)
        if called is not None:
            with transaction.atomic():
                locked, row = _locked(game)
                by = kwargs.get("by")
                _freeze(row, locked, called, by if isinstance(by, AbstractBaseUser) else None)
        return service(*args, **kwargs)

    return wrapper


def _locked(game: Game) -> tuple[Game, ChessClock]:
    game = (
        Game.objects.select_for_update(of=("self",))
        .select_related("round__event", "player_one", "player_two")
        .get(pk=game.pk)
    )
    if game.player_two is None:
        raise ServiceError("A bye has no opponent and no chess clock.", code="bye")
    if game.round.status != RoundStatus.PUBLISHED:
        raise ServiceError("The round is not open; its chess clocks no longer change.", code="not-open")
    row, _created = ChessClock.objects.get_or_create(game=game)
    return game, row


def _player_seat(game: Game, player: Player) -> domain.Seat:
    seat = seat_of(game, player)
    if seat is None:
        raise ServiceError("Only the two players of this table use its chess clock.", code="not-your-game")
    return seat


def _judge(game: Game, by: AbstractBaseUser) -> str:
    """A judge of the event who does not play at this table: their name for the log."""
    event = game.round.event
    require_roles(by, event, STAFF_ROLES, "a judge")
    if Player.objects.filter(
        event_id=event.pk, user_id=by.pk, pk__in=(game.player_one_id, game.player_two_id)
    ).exists():
        raise ServiceError("You play at this table: another judge rules on its clock.", code="own-game")
    return f"{by.get_username()} (judge)"


def _apply(
    game: Game,
    row: ChessClock,
    step: Callable[[domain.ChessClock], domain.ChessClock],
    *,
    by: AbstractBaseUser,
    action: str,
    at: datetime,
    judges_see: bool,
) -> ChessClock:
    try:
        before = row.facts()
        # Time called since the check before the lock (`_frozen_first`): the action meets the
        # frozen clock and is refused; readers derive the same freeze.
        after = step(domain.as_of_round(before, time_called_at(game.round_id, at)))
    except domain.ChessClockError as exc:
        raise ServiceError(str(exc), code=exc.code) from None
    if after.version == before.version:
        return row  # a doubled tap or a favour already so: nothing recorded twice
    _record(row, after, game=game, by=by, action=action)
    if judges_see:
        # What the judges' queue shows moved (a request, a call, an answer): new page version.
        # Switches do not touch it, so tapping does not invalidate every cached page.
        event_touch(game.round.event_id)
    return row


@_frozen_first
@transaction.atomic
def chess_clock_start(
    *,
    game: Game,
    player: Player,
    by: AbstractBaseUser,
    on_opponents_time: bool = False,
    at: datetime | None = None,
) -> ChessClock:
    """Either player starts the clock, and both play on it (General Etiquette).

    `on_opponents_time`: the opponent is absent or dragging out preparation; a judge is told
    first, and the clock counts from the judge's acknowledgement (`chess_clock_acknowledge`).
    """
    game, row = _locked(game)
    now = at or timezone.now()  # read under the lock: a tap that waited for it is later, not older
    seat = _player_seat(game, player)
    if time_called_at(game.round_id, now) is not None:
        # A clock that never started has no entry for the freeze to stop; it may not begin
        # now either, on anyone's time (OP Guide: When Time Is Called).
        raise ServiceError(
            "Time has been called for the round: a chess clock no longer starts.", code="time-called"
        )
    if on_opponents_time:
        return _apply(
            game,
            row,
            lambda c: domain.request_absent_start(c, now, seat=seat, by=player.name),
            by=by,
            action="chess-clock-absent-requested",
            at=now,
            judges_see=True,
        )
    left, running = round_left(game, now)
    return _apply(
        game,
        row,
        lambda c: domain.start(
            c, now, seat=seat, by=player.name, round_left_seconds=left, round_running=running
        ),
        by=by,
        action="chess-clock-started",
        at=now,
        judges_see=row.status == domain.Status.AWAITING_JUDGE,
    )


@_frozen_first
@transaction.atomic
def chess_clock_acknowledge(*, game: Game, by: AbstractBaseUser, at: datetime | None = None) -> ChessClock:
    """A judge has been told the opponent is absent: the clock starts now on the absent player's time."""
    game, row = _locked(game)
    now = at or timezone.now()  # read under the lock: a tap that waited for it is later, not older
    name = _judge(game, by)
    left, running = round_left(game, now)
    return _apply(
        game,
        row,
        lambda c: domain.acknowledge(c, now, by=name, round_left_seconds=left, round_running=running),
        by=by,
        action="chess-clock-acknowledged",
        at=now,
        judges_see=True,
    )


@_frozen_first
@transaction.atomic
def chess_clock_switch(
    *,
    game: Game,
    player: Player,
    from_seat: domain.Seat,
    action_id: str,
    by: AbstractBaseUser,
    at: datetime | None = None,
) -> ChessClock:
    """One tap from a phone of the table (shared or each player's own), away from `from_seat`."""
    game, row = _locked(game)
    now = at or timezone.now()  # read under the lock: a tap that waited for it is later, not older
    seat = _player_seat(game, player)
    return _apply(
        game,
        row,
        lambda c: domain.switch(c, now, from_seat=from_seat, seat=seat, by=player.name, action_id=action_id),
        by=by,
        action="chess-clock-switched",
        at=now,
        judges_see=False,
    )


@_frozen_first
@transaction.atomic
def chess_clock_call_judge(
    *, game: Game, player: Player, action_id: str, by: AbstractBaseUser, at: datetime | None = None
) -> ChessClock:
    """A serious rules dispute: the clock pauses and the judges see the call."""
    game, row = _locked(game)
    now = at or timezone.now()  # read under the lock: a tap that waited for it is later, not older
    seat = _player_seat(game, player)
    return _apply(
        game,
        row,
        lambda c: domain.call_judge(c, now, seat=seat, by=player.name, action_id=action_id),
        by=by,
        action="chess-clock-judge-called",
        at=now,
        judges_see=True,
    )


@_frozen_first
@transaction.atomic
def chess_clock_rule(
    *, game: Game, ruling: str, by: AbstractBaseUser, at: datetime | None = None
) -> ChessClock:
    """The judge's ruling, recorded; the clock runs again for the player whose time was running."""
    if len(ruling) > RULING_MAX:
        raise ServiceError(f"Keep the ruling under {RULING_MAX} characters.", code="too-long", field="ruling")
    game, row = _locked(game)
    now = at or timezone.now()  # read under the lock: a tap that waited for it is later, not older
    name = _judge(game, by)
    return _apply(
        game,
        row,
        lambda c: domain.rule(c, now, by=name, text=ruling),
        by=by,
        action="chess-clock-ruling",
        at=now,
        judges_see=True,
    )


@_frozen_first
@transaction.atomic
def chess_clock_lend(
    *, game: Game, player: Player, on: bool, by: AbstractBaseUser, at: datetime | None = None
) -> ChessClock:
    """The player lets the opponent use their remaining minutes, or withdraws it (Running Out
    of Time). Only from the lender's own account: nobody lends another player's minutes."""
    game, row = _locked(game)
    now = at or timezone.now()  # read under the lock: a tap that waited for it is later, not older
    seat = _player_seat(game, player)
    return _apply(
        game,
        row,
        lambda c: domain.lend(c, now, seat=seat, by=player.name, on=on),
        by=by,
        action="chess-clock-lend-on" if on else "chess-clock-lend-off",
        at=now,
        judges_see=False,
    )
