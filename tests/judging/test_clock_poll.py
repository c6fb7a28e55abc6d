"""The round clock's fast channel (docs/polling.md, "The round clock"): each reading carries
an ETag of the clock's facts, a poll holding it gets a body-less 304 until a start, pause,
resume or call (or a milestone reached with time alone), and nothing is ever stored by a
cache, so a reading's `server_now` is never handed back stale."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from judging.services import clock_call_time, clock_pause, clock_resume, clock_start
from tests.builders.worlds import T0

pytestmark = pytest.mark.django_db


def at(minutes: float) -> dt.datetime:
    return T0 + dt.timedelta(minutes=minutes)


def freeze(monkeypatch, moment: dt.datetime) -> None:
    monkeypatch.setattr(timezone, "now", lambda: moment)


@pytest.mark.parametrize(
    "url", ["/api/events/{slug}/clock/", "/api/events/{slug}/rounds/1/clock/", "/e/{slug}/clock/state/"]
)
def test_a_poll_is_a_304_until_the_clock_changes(world, round_one, monkeypatch, url):
    api = world.api("anonymous")
    url = url.format(slug=world.event.slug)
    alice = world.users["alice"]
    freeze(monkeypatch, at(0))
    first = api.get(url)
    assert first.status_code == 200
    etags = [first["ETag"]]
    assert "no-store" in first["Cache-Control"]
    same = api.get(url, HTTP_IF_NONE_MATCH=etags[-1])
    assert (same.status_code, same.content) == (304, b"")
    assert same["ETag"] == etags[-1]
    assert "no-store" in same["Cache-Control"]
    steps = [
        (1, lambda: clock_start(round_=round_one, by=alice, at=at(1)), "running"),
        (5, lambda: clock_pause(round_=round_one, by=alice, at=at(5)), "paused"),
        (7, lambda: clock_resume(round_=round_one, by=alice, at=at(7)), "running"),
        (9, lambda: clock_call_time(round_=round_one, by=alice, at=at(9)), "time-called"),
    ]
    for minute, act, state in steps:
        freeze(monkeypatch, at(minute))
        act()
        changed = api.get(url, HTTP_IF_NONE_MATCH=etags[-1])
        assert changed.status_code == 200, state
        assert changed.json()["state"] == state
        assert changed["ETag"] not in etags
        etags.append(changed["ETag"])
        # Seconds later, nothing new: a 304 whatever the countdown says by now.
        freeze(monkeypatch, at(minute) + dt.timedelta(seconds=40))
        assert api.get(url, HTTP_IF_NONE_MATCH=etags[-1]).status_code == 304, state


def test_a_milestone_reached_with_time_alone_is_a_new_reading(world, round_one, monkeypatch):
    clock_start(round_=round_one, by=world.users["alice"], at=T0)
    api = world.api("anonymous")
    freeze(monkeypatch, at(10))
    early = api.get(world.api_url("clock/"))
    assert (
        early.json()["current_call"] is None
        or early.json()["current_call"]["call"] != "Drafts should be complete"
    )
    freeze(monkeypatch, at(15))
    later = api.get(world.api_url("clock/"), HTTP_IF_NONE_MATCH=early["ETag"])
    assert later.status_code == 200  # the page is told of the next call, not kept on the last
    assert later.json()["current_call"]["call"] == "Drafts should be complete"


def test_a_published_round_moves_the_venue_clock(world, round_one, monkeypatch):
    from tests.builders.rows import add_round

    api = world.api("anonymous")
    first = api.get(world.api_url("clock/"))
    assert first.json()["round"] == 1
    add_round(world.event, 2, [(world.bob, world.dan), (world.carol, world.erin)])
    second = api.get(world.api_url("clock/"), HTTP_IF_NONE_MATCH=first["ETag"])
    assert second.status_code == 200
    assert second.json()["round"] == 2


@pytest.mark.parametrize("url", ["/api/events/{slug}/clock/", "/e/{slug}/clock/state/"])
def test_a_clock_poll_costs_three_queries_and_a_304_no_more(
    world, round_one, django_assert_max_num_queries, url
):
    clock_start(round_=round_one, by=world.users["alice"])
    api = world.client("anonymous")
    url = url.format(slug=world.event.slug)
    # The event, the venue's round, its clock row.
    with django_assert_max_num_queries(3):
        first = api.get(url)
    with django_assert_max_num_queries(3):
        assert api.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304


def test_the_fast_channel_reads_as_the_clock_api(world, round_one, monkeypatch):
    freeze(monkeypatch, at(3))
    clock_start(round_=round_one, by=world.users["alice"], at=at(1))
    state = world.client("anonymous").get(world.url("clock/state/"))
    api = world.api("anonymous").get(world.api_url("clock/"))
    assert state["ETag"] == api["ETag"]
    assert state["Content-Type"] == "application/json"
    body, documented = state.json(), api.json()
    for key in (
        "round",
        "state",
        "remaining_seconds",
        "total_seconds",
        "current_call",
        "next_call",
        "closing",
    ):
        assert body[key] == documented[key], key


def test_the_projector_and_the_hall_screen_poll_twice_a_second(world, round_one):
    for tail in ("clock/", "screen/"):
        page = world.client("anonymous").get(world.url(tail)).content.decode()
        assert 'data-clock-poll="0.5"' in page, tail
        assert f'data-clock-src="/e/{world.event.slug}/clock/state/"' in page, tail
    # A phone's small clock keeps its slower pace.
    assert 'data-clock-poll="12"' in world.client("bob").get(world.url("clock/mini/")).content.decode()
