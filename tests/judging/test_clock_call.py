"""The last-15-minutes call pushed to the players still playing (docs/push.md).

Scheduled when the round clock starts or resumes (a Celery countdown with a worker, a timer
thread without one); when it fires it reads the clock again and sends once: a paused clock
sends nothing, a resume schedules anew, a second firing finds the call sent. The pushes are
received by a stand-in push service on 127.0.0.1 and decrypted.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.core import mail
from django.utils import timezone

from judging import clock_calls
from judging.domain import clock as domain
from judging.models import RoundClock
from judging.services import clock_call_time, clock_pause, clock_resume, clock_start
from tests.builders.push_service import Browser
from tests.builders.worlds import T0
from tournaments.models import Game, ResultStatus
from tournaments.services.push import push_subscribe

pytestmark = pytest.mark.django_db

MIN = dt.timedelta(minutes=1)


def at(minutes: float) -> dt.datetime:
    return T0 + dt.timedelta(minutes=minutes)


@pytest.fixture(autouse=True)
def _tasks_in_process(tasks_in_process_quietly):
    """The pushes are sent in the test, as a worker would send them."""


@pytest.fixture
def service(push_service):
    return push_service


@pytest.fixture
def phones(world, service) -> dict[str, Browser]:
    """Bob's and Carol's phones (round 1: bob v carol at table 1)."""
    out = {}
    for name in ("bob", "carol"):
        browser = Browser(f"{service.origin}/push/{name}")
        keys = browser.subscription()["keys"]
        push_subscribe(
            user=world.users[name], endpoint=browser.endpoint, p256dh=keys["p256dh"], auth=keys["auth"]
        )
        out[name] = browser
    return out


def _clock(round_) -> RoundClock:
    row: RoundClock = RoundClock.objects.select_related("round__event").get(round=round_)
    return row


def test_the_call_is_pushed_once_when_15_minutes_remain(world, round_one, phones, service):
    clock_start(round_=round_one, by=world.users["alice"], at=T0)
    clock = _clock(round_one)
    total = clock.facts().total
    due = total - 15 * MIN  # round 1 has its extra minutes
    assert not clock_calls.clock_call_fire(clock_id=clock.pk, now=T0 + due - MIN)
    assert clock_calls.clock_call_fire(clock_id=clock.pk, now=T0 + due)
    assert not clock_calls.clock_call_fire(clock_id=clock.pk, now=T0 + due + MIN)  # once
    assert _clock(round_one).fifteen_minute_call_sent_at == T0 + due
    # The game system's own wording of the call, where it has one.
    system_call = next(
        m.call for m in domain.milestone_schedule(total, clock.facts().rules) if m.remaining == 15 * MIN
    )
    slug = world.event.slug
    for name, opponent in (("bob", "Carol"), ("carol", "Bob")):
        (received,) = service.to(f"/push/{name}")
        payload = phones[name].decrypt(received)
        assert payload == {
            "title": f"Round 1: {system_call}",
            "body": f"{world.event.name}, table 1 against {opponent}.",
            "url": f"http://127.0.0.1:8000/e/{slug}/me/",
            "kind": "clock",
            "tag": f"{slug}:1:clock",
        }
        assert received.headers["ttl"] == "900"
        assert received.headers["urgency"] == "high"
    assert mail.outbox == []  # the call is pushed only, never mailed


def test_a_paused_clock_does_not_fire_and_the_resumed_one_does_later(world, round_one, phones, service):
    alice = world.users["alice"]
    clock_start(round_=round_one, by=alice, at=T0)
    due = _clock(round_one).facts().total - 15 * MIN
    clock_pause(round_=round_one, by=alice, at=T0 + due - 5 * MIN)
    assert not clock_calls.clock_call_fire(clock_id=_clock(round_one).pk, now=T0 + due)
    clock_resume(round_=round_one, by=alice, at=T0 + due + 5 * MIN)
    # The old moment (had the timer fired late) is no longer due: the call moved by the pause.
    assert not clock_calls.clock_call_fire(clock_id=_clock(round_one).pk, now=T0 + due + 5 * MIN)
    assert _clock(round_one).fifteen_minute_call_sent_at is None
    assert service.received == []
    assert clock_calls.clock_call_fire(clock_id=_clock(round_one).pk, now=T0 + due + 10 * MIN)
    assert len(service.received) == 2


def test_start_and_resume_schedule_the_call_and_a_called_clock_does_not_fire(
    world, round_one, monkeypatch, django_capture_on_commit_callbacks
):
    alice = world.users["alice"]
    scheduled: list[tuple[int, dt.datetime]] = []
    monkeypatch.setattr(clock_calls, "schedule", lambda clock_id, due: scheduled.append((clock_id, due)))
    with django_capture_on_commit_callbacks(execute=True):
        clock_start(round_=round_one, by=alice, at=T0)
    clock = _clock(round_one)
    due = T0 + clock.facts().total - 15 * MIN
    assert scheduled == [(clock.pk, due)]
    with django_capture_on_commit_callbacks(execute=True):
        clock_pause(round_=round_one, by=alice, at=T0 + 10 * MIN)
    assert len(scheduled) == 1  # a pause schedules nothing: the task that fires finds it paused
    with django_capture_on_commit_callbacks(execute=True):
        clock_resume(round_=round_one, by=alice, at=T0 + 30 * MIN)
    assert scheduled[-1] == (clock.pk, due + 20 * MIN)
    clock_call_time(round_=round_one, by=alice, at=T0 + 40 * MIN)
    assert not clock_calls.clock_call_fire(clock_id=clock.pk, now=due + 20 * MIN)


def test_with_a_worker_the_call_is_queued_with_its_countdown(world, round_one, settings, monkeypatch):
    from judging.tasks import send_clock_call

    settings.NOTIFICATIONS_IN_THREAD = False
    queued: list[dict[str, Any]] = []
    monkeypatch.setattr(send_clock_call, "apply_async", lambda **kw: queued.append(kw))
    now = timezone.now()
    clock_calls.schedule(41, now + dt.timedelta(seconds=600))
    (only,) = queued
    assert only["kwargs"] == {"clock_id": 41}
    assert 595 < only["countdown"] <= 600
    clock_calls.schedule(42, now - dt.timedelta(seconds=5))  # already due (a resume in the last minutes)
    assert queued[-1]["countdown"] == 0.0


def test_games_already_reported_and_byes_are_not_called(world, round_one, phones, service):
    clock_start(round_=round_one, by=world.users["alice"], at=T0)
    Game.objects.filter(round=round_one, player_one=world.bob).update(result_status=ResultStatus.AWAITING)
    clock = _clock(round_one)
    assert clock_calls.clock_call_fire(clock_id=clock.pk, now=T0 + clock.facts().total - 15 * MIN)
    assert service.received == []


def test_a_call_switched_off_is_not_pushed(world, round_one, phones, service):
    from accounts.notifications import preference_set

    preference_set(user=world.users["carol"], choices={"push_clock": False})
    clock_start(round_=round_one, by=world.users["alice"], at=T0)
    clock = _clock(round_one)
    assert clock_calls.clock_call_fire(clock_id=clock.pk, now=T0 + clock.facts().total - 15 * MIN)
    assert [r.path for r in service.received] == ["/push/bob"]


@pytest.mark.django_db(transaction=True)
def test_without_a_worker_a_timer_thread_sends_the_call_when_it_falls_due(
    world, round_one, phones, service, settings
):
    """`make run`: the clock started 2 seconds short of the call; the timer fires."""
    settings.NOTIFICATIONS_IN_THREAD = True
    length = round_one.event.round_minutes + round_one.event.first_round_extra_minutes
    started = timezone.now() - dt.timedelta(minutes=length - 15) + dt.timedelta(seconds=2)
    clock_start(round_=round_one, by=world.users["alice"], at=started)
    assert service.received == []  # not before it is due
    received = service.wait_for(2, timeout=15)
    assert sorted(r.path for r in received) == ["/push/bob", "/push/carol"]
    assert phones["bob"].decrypt(service.to("/push/bob")[0])["kind"] == "clock"
    assert _clock(round_one).fifteen_minute_call_sent_at is not None
