"""Seasons in Chromium (docs/series.md, docs/ratings.md): the demo league of three finished
evenings is loaded; a regular opens their profile from My events on their phone, finds it
private, shows it, and sees their rating move event by event; a visitor reads the league's
standings (the regular's name now links to the profile) and the ratings; the organiser
starts a second series on a desktop, is told what is wrong with a placing table that gives
2nd more than 1st, fixes it, and adds an event of theirs. Every page passes axe-core with no
serious finding, at 390 and 1280 px (screenshots: profile, series, ratings)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from seasons.demo import load_demo_series
from seasons.models import Series
from seasons.services import profile_set_public
from tests.browser.conftest import DESKTOP, PHONE, axe_scan, log_in, new_page, serious
from tests.browser.journeys.conftest import WAIT_MS, snap
from tests.builders.rows import make_event
from tournaments.models import StaffRole

pytestmark = pytest.mark.browser


def no_serious(page: Any) -> None:
    for viewport in (PHONE, DESKTOP):
        page.set_viewport_size(viewport)
        assert serious(axe_scan(page)) == [], page.url
    page.set_viewport_size(PHONE)


@pytest.mark.django_db(transaction=True)
def test_a_regular_a_visitor_and_an_organiser_in_a_season(
    live_server: Any, chromium_browser: Any, shots: Path, django_capture_on_commit_callbacks: Any
) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=WAIT_MS)
    base = live_server.url
    # Written before any page opens: the live server's thread shares the SQLite file.
    load_demo_series()
    ava_account = get_user_model().objects.get(username="ava")
    profile_set_public(user=ava_account, public=False)  # Ava has not shown hers yet
    organiser = StaffRole.objects.filter(event__slug="demo-league-1").get().user
    upcoming = make_event(to=organiser, slug="league-four", name="League Night Four")

    ava = new_page(chromium_browser, viewport=PHONE)
    log_in(ava, base, "ava", "ava")
    ava.goto(f"{base}/my-events/")
    ava.get_by_role("link", name="My profile").click()
    expect(ava.get_by_role("heading", name="My profile")).to_be_visible()
    ava.get_by_role("link", name="See my profile").click()
    expect(ava.get_by_text("Only you see this page")).to_be_visible()
    ava.get_by_role("link", name="Change").click()
    ava.get_by_label("Show my profile to everyone").check()
    ava.get_by_role("button", name="Save").click()
    expect(ava.get_by_text("Your profile is public.")).to_be_visible()
    ava.goto(f"{base}/players/ava/")
    expect(ava.get_by_text("Your profile is public: everyone sees this page.")).to_be_visible()
    ratings = ava.get_by_role("table").first
    expect(ratings.get_by_role("row")).to_have_count(4)  # a heading and three events
    expect(ava.get_by_role("link", name="Demo League, Round 3").first).to_be_visible()
    no_serious(ava)
    snap(ava, shots, "profile")

    visitor = new_page(chromium_browser, viewport=DESKTOP)
    visitor.goto(f"{base}/series/")
    visitor.get_by_role("link", name="Demo League").click()
    expect(visitor.get_by_text("each player's best 2 events count")).to_be_visible()
    standings = visitor.get_by_role("table")
    expect(standings.get_by_role("row")).to_have_count(9)  # a heading and eight regulars
    expect(standings.get_by_role("link", name="Ava Lindqvist")).to_be_visible()
    expect(standings.get_by_role("link", name="Hana Sato")).to_have_count(0)  # private
    no_serious(visitor)
    snap(visitor, shots, "series")
    visitor.goto(f"{base}/ratings/starcraft-tmg/")
    expect(visitor.get_by_role("link", name="Ava Lindqvist")).to_be_visible()
    expect(visitor.get_by_text("(1 here)")).to_be_visible()
    no_serious(visitor)
    snap(visitor, shots, "ratings")

    desk = new_page(chromium_browser, viewport=DESKTOP)
    log_in(desk, base, organiser.get_username(), organiser.get_username())
    desk.goto(f"{base}/series/new/")
    desk.get_by_label("Name").fill("Winter League")
    desk.get_by_label("Points for 1st, 2nd, 3rd …").fill("5, 8, 3")
    desk.get_by_role("button", name="Create the series").click()
    expect(desk.get_by_text("never gives a lower placing more points")).to_be_visible()
    desk.get_by_label("Points for 1st, 2nd, 3rd …").fill("8, 5, 3")
    desk.get_by_role("button", name="Create the series").click()
    expect(desk.get_by_text("Winter League is created")).to_be_visible()
    desk.get_by_label("Your event to add").select_option(label=upcoming.name)
    desk.get_by_role("button", name="Add the event").click()
    expect(desk.get_by_text(f"{upcoming.name} is in Winter League.")).to_be_visible()
    no_serious(desk)
    assert Series.objects.get(name="Winter League").entries.get().event.slug == "league-four"
