"""The round clock, started, paused, resumed and called by the TO or the Head Judge
(Roles: the Head Judge runs the floor beside the TO). Its length is the event's; its calls
are the game system's (`GameSystem.clock`).

Server time is the truth: each control stores one fact (a start, a pause, a resume, a call)
and every reading is `judging.domain.clock.snapshot(facts, now)`.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from judging.clock_calls import schedule_after_commit
from judging.domain import clock as domain
from judging.models import RoundClock
from judging.services.chess_clock import chess_clocks_time_called
from tournaments.errors import ServiceError
from tournaments.models import Round, RoundStatus
from tournaments.services.audit import audit


def round_length(round_: Round) -> tuple[int, int]:
    """The event's round length, and its extra minutes for round one only (StarCraft's OP
    Guide: "consider adding 15 minutes to round one only"; any event may)."""
    event = round_.event
    extra = event.first_round_extra_minutes if round_.number == 1 else 0
    return event.round_minutes, extra


def _clock_for_update(round_: Round) -> RoundClock:
    length, extra = round_length(round_)
    row, _created = RoundClock.objects.select_for_update().get_or_create(
        round=round_, defaults={"length_minutes": length, "extra_minutes": extra}
    )
    return row


def _control(
    round_: Round,
    by: AbstractBaseUser,
    at: datetime | None,
    step: Callable[[domain.RoundClock, datetime], domain.RoundClock],
    action: str,
) -> RoundClock:
    at = at or timezone.now()
    row = _clock_for_update(round_)
    if action == "clock-started":
        if round_.status != RoundStatus.PUBLISHED:
            raise ServiceError(
                f"Round {round_.number} is not open: publish it before starting its clock.",
                code="not-published",
            )
        if row.started_at is None:
            # The length is fixed when the clock starts, so a later settings change cannot move it.
            row.length_minutes, row.extra_minutes = round_length(round_)
    try:
        facts = step(row.facts(), at)
    except domain.ClockError as exc:
        raise ServiceError(str(exc), code="clock") from None
    row.store(facts)
    row.save()
    if action in ("clock-started", "clock-resumed"):
        # The players' last-15-minutes push (docs/push.md), for when it falls due.
        schedule_after_commit(row, at)
    audit(
        event=round_.event,
        actor=by,
        action=action,
        subject=f"Round {round_.number}",
        data={"at": at.isoformat(), "remaining_seconds": int(domain.remaining(facts, at).total_seconds())},
    )
    return row


@transaction.atomic
def clock_start(*, round_: Round, by: AbstractBaseUser, at: datetime | None = None) -> RoundClock:
    return _control(round_, by, at, domain.start, "clock-started")


@transaction.atomic
def clock_pause(*, round_: Round, by: AbstractBaseUser, at: datetime | None = None) -> RoundClock:
    """Stop the clock for a serious dispute (rules discussions do not stop it: OP Guide, Rules Disputes)."""
    return _control(round_, by, at, domain.pause, "clock-paused")


@transaction.atomic
def clock_resume(*, round_: Round, by: AbstractBaseUser, at: datetime | None = None) -> RoundClock:
    return _control(round_, by, at, domain.resume, "clock-resumed")


@transaction.atomic
def clock_call_time(*, round_: Round, by: AbstractBaseUser, at: datetime | None = None) -> RoundClock:
    """OP Guide: When Time Is Called — dice down; the game state at this moment is scored.

    The tables' chess clocks stop at the same moment, in the same transaction (a running
    pool must not keep draining once the round is over)."""
    at = at or timezone.now()
    row = _control(round_, by, at, domain.call_time, "time-called")
    chess_clocks_time_called(round_=round_, by=by, at=at)
    return row
