"""The round clock (OP Guide: Round Length, Milestone Announcements) with frozen server time."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from django.utils import timezone

from judging.models import RoundClock
from judging.selectors import clock_snapshot
from judging.services import clock_call_time, clock_pause, clock_resume, clock_start
from tests.builders.rows import add_round
from tests.builders.worlds import T0, build_world
from tournaments.errors import ServiceError
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db

MIN = dt.timedelta(minutes=1)


def at(minutes: float) -> dt.datetime:
    return T0 + dt.timedelta(minutes=minutes)


def freeze(monkeypatch, moment: dt.datetime) -> None:
    monkeypatch.setattr(timezone, "now", lambda: moment)


def snap(world, round_, minutes: float):
    return clock_snapshot(world.event, round_, at(minutes))


def test_start_pause_resume_call_with_frozen_times(world, round_one):
    alice = world.users["alice"]
    before = snap(world, round_one, 0)
    assert (before["state"], before["remaining_seconds"], before["ends_at"]) == (
        "not-started",
        150 * 60,
        None,
    )

    clock_start(round_=round_one, by=alice, at=T0)
    running = snap(world, round_one, 10)
    assert running["state"] == "running"
    assert (running["elapsed_seconds"], running["remaining_seconds"]) == (600, 140 * 60)
    assert running["ends_at"] == at(150).isoformat()
    assert running["current_call"]["call"] == "Round begins, draft now"
    assert running["next_call"] == {
        "key": "drafts-complete",
        "call": "Drafts should be complete",
        "seconds_to_go": 300,
    }
    assert running["round"] == 1
    assert running["event"] == "Autumn Assault"

    clock_pause(round_=round_one, by=alice, at=at(30))
    paused = snap(world, round_one, 40)
    assert (paused["state"], paused["elapsed_seconds"], paused["ends_at"]) == ("paused", 30 * 60, None)
    clock_resume(round_=round_one, by=alice, at=at(50))
    resumed = snap(world, round_one, 60)
    # 20 minutes paused: 40 of the 150 used, and the end moves 20 minutes later.
    assert resumed["elapsed_seconds"] == 40 * 60
    assert resumed["ends_at"] == at(170).isoformat()
    assert resumed["current_call"]["call"] == "Drafts should be complete"  # 45 minutes not yet gone
    assert resumed["next_call"]["seconds_to_go"] == 5 * 60
    assert snap(world, round_one, 156)["state"] == "last-fifteen"  # 136 of 150 used: 14 left

    clock_call_time(round_=round_one, by=alice, at=at(100))
    called = snap(world, round_one, 120)
    assert called["state"] == "time-called"
    assert called["current_call"]["call"] == "Time: dice down"
    assert called["next_call"] is None
    assert called["remaining_seconds"] == (150 - 80) * 60  # frozen at the call
    actions = list(world.event.audit_log.filter(action__startswith="clock").values_list("action", flat=True))
    assert sorted(actions) == ["clock-paused", "clock-resumed", "clock-started"]
    assert world.event.audit_log.filter(action="time-called").exists()


def test_impossible_controls_are_refused(world, round_one):
    alice = world.users["alice"]
    with pytest.raises(ServiceError) as err:
        clock_pause(round_=round_one, by=alice, at=T0)
    assert "has not started" in err.value.message
    clock_start(round_=round_one, by=alice, at=T0)
    with pytest.raises(ServiceError):
        clock_start(round_=round_one, by=alice, at=at(1))
    with pytest.raises(ServiceError):
        clock_resume(round_=round_one, by=alice, at=at(2))
    clock_call_time(round_=round_one, by=alice, at=at(3))
    with pytest.raises(ServiceError):
        clock_pause(round_=round_one, by=alice, at=at(4))


def test_a_paired_round_has_no_clock_yet(world):
    round_ = add_round(world.event, 1, [(world.bob, world.carol)], RoundStatus.PAIRED, running=True)
    with pytest.raises(ServiceError) as err:
        clock_start(round_=round_, by=world.users["alice"], at=T0)
    assert err.value.code == "not-published"


def test_round_one_extra_minutes_only_in_round_one(users):
    world = build_world(users, round_minutes=150, first_round_extra_minutes=15)
    one = add_round(world.event, 1, [(world.bob, world.carol)], RoundStatus.PUBLISHED, running=True)
    two = add_round(world.event, 2, [(world.bob, world.dan)], RoundStatus.PAIRED, running=True)
    assert snap(world, one, 0)["total_seconds"] == 165 * 60
    assert snap(world, two, 0)["total_seconds"] == 150 * 60
    clock_start(round_=one, by=users["alice"], at=T0)
    # 165 minutes: halfway moves to 1:22:30 (OP Guide: Milestone Announcements).
    halfway = snap(world, one, 80)
    assert halfway["next_call"] == {"key": "halfway", "call": "Halfway", "seconds_to_go": 150}
    assert RoundClock.objects.get(round=one).extra_minutes == 15


def test_the_length_is_fixed_when_the_clock_starts(world, round_one):
    clock_start(round_=round_one, by=world.users["alice"], at=T0)
    world.event.round_minutes = 120
    world.event.save(update_fields=["round_minutes"])
    assert snap(world, round_one, 0)["total_seconds"] == 150 * 60


# --- pages: the same time on every reload and every device --------------------------------


def test_reloads_show_the_same_time_and_follow_server_time(world, round_one, monkeypatch):
    clock_start(round_=round_one, by=world.users["alice"], at=T0)
    freeze(monkeypatch, at(44))
    projector = world.client("anonymous")
    first = projector.get(world.url("clock/"))
    second = projector.get(world.url("clock/"))  # a reload
    phone = world.client("bob").get(world.url("clock/mini/"))
    api = world.api("anonymous").get(world.api_url("clock/")).json()
    assert first.status_code == second.status_code == phone.status_code == 200
    assert first.context["clock"] == second.context["clock"] == phone.context["clock"]
    assert api["remaining_seconds"] == first.context["clock"]["remaining_seconds"] == 106 * 60
    assert b"1:46:00" in first.content
    assert b"1:46:00" in phone.content
    assert b"Next: 45 minutes gone in 1:00" in first.content
    embedded = json.loads(first.context["clock_json"])
    assert embedded["server_now"] == at(44).isoformat()
    assert embedded["ends_at"] == at(150).isoformat()
    freeze(monkeypatch, at(44) + dt.timedelta(seconds=90))
    later = projector.get(world.url("clock/"))
    assert later.context["clock"]["remaining_seconds"] == 106 * 60 - 90
    assert b"1:44:30" in later.content
    assert later.context["clock"]["ends_at"] == embedded["ends_at"]  # the end does not drift


def test_projector_before_any_round(world):
    page = world.client("anonymous").get(world.url("clock/"))
    assert page.status_code == 200
    assert b"No round under way" in page.content
    assert page.context["clock"]["state"] == "not-started"


def test_the_to_and_the_head_judge_control_the_clock(world, round_one, monkeypatch):
    freeze(monkeypatch, T0)
    url = world.url("rounds/1/clock/")
    for who in ("judy", "bob", "mallory"):  # the Head Judge may (tests/tournaments/web/test_event_day.py)
        assert world.client(who).get(url).status_code == 404
        assert world.client(who).post(url + "start/").status_code == 404
    alice = world.client("alice")
    page = alice.get(url)
    assert b"Start the round" in page.content
    assert b"Halfway" in page.content
    alice.post(url + "start/")
    freeze(monkeypatch, at(5))
    assert b"Pause for a serious dispute" in alice.get(url).content
    alice.post(url + "pause/")
    assert b"Resume" in alice.get(url).content
    assert alice.post(url + "jump/").status_code == 404
    response = alice.post(url + "pause/", follow=True)
    assert b"already paused" in response.content
    assert clock_snapshot(world.event, round_one, at(6))["state"] == "paused"


def test_api_snapshot_and_controls(world, round_one, monkeypatch):
    freeze(monkeypatch, T0)
    url = world.api_url("rounds/1/clock/")
    assert world.api("anonymous").get(url).json()["state"] == "not-started"
    assert world.api("anonymous").post(url + "start/").status_code == 401
    assert world.api("judy").post(url + "start/").status_code == 404
    started = world.api("alice").post(url + "start/")
    assert started.status_code == 200
    assert started.json()["state"] == "running"
    again = world.api("alice").post(url + "start/")
    assert (again.status_code, again.json()["code"]) == (400, "clock")
    assert world.api("alice").post(url + "rewind/").status_code == 404
    freeze(monkeypatch, at(15))
    current = world.api("bob").get(world.api_url("clock/")).json()
    assert current["current_call"]["call"] == "Drafts should be complete"
    assert current["next_call"]["call"] == "45 minutes gone"


def test_clock_script_counts_from_ends_at_and_the_server_offset():
    script = (Path(__file__).resolve().parents[2] / "static" / "js" / "clock.js").read_text()
    assert "server_now" in script
    assert "ends_at" in script
    assert "htmx:load" in script  # the players' small clock arrives through htmx
