"""The seasons pages and feeds (docs/series.md, docs/ratings.md, docs/results-feed.md)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from seasons.services import profile_set_public, ratings_recompute, series_add_event, series_create
from tests.builders.rows import make_event
from tests.seasons.conftest import finished, one_event

pytestmark = pytest.mark.django_db
DAY = dt.date(2026, 5, 1)


def test_a_profile_is_private_until_its_player_shows_it(client, alice, accounts):
    one_event(alice, accounts, "first", ["ann", "ben", "cy", "dee"], DAY)
    url = reverse("seasons:profile", args=["ann"])
    assert client.get(url).status_code == 404
    client.force_login(accounts["ann"])
    page = client.get(url)
    assert page.status_code == 200
    assert "Only you see this page" in page.text
    assert "First" in page.text
    response = client.post(reverse("seasons:profile-settings"), {"public": "on"})
    assert response.status_code == 302
    client.logout()
    page = client.get(url)
    assert page.status_code == 200
    assert "1 of 4" in page.text or "of 4" in page.text


def test_ratings_list_only_public_profiles(client, alice, accounts):
    one_event(alice, accounts, "first", ["ann", "ben", "cy", "dee"], DAY)
    ratings_recompute(game_system="starcraft-tmg")
    profile_set_public(user=accounts["ben"], public=True)
    page = client.get(reverse("seasons:ratings", args=["starcraft-tmg"]))
    assert page.status_code == 200
    assert "ben" in page.text
    assert ">ann<" not in page.text
    assert "(3 here)" in page.text
    assert client.get(reverse("seasons:ratings", args=["no-such-game"])).status_code == 404


def test_a_series_is_made_run_and_printed(client, alice, accounts):
    client.force_login(alice)
    bad = client.post(
        reverse("seasons:series-new"),
        {
            "name": "League",
            "game_system": "starcraft-tmg",
            "formula": "placing-table",
            "table": "3, 5",
            "participation": 0,
            "base": 100,
        },
    )
    assert bad.status_code == 400
    assert "never gives a lower placing more points" in bad.text
    made = client.post(
        reverse("seasons:series-new"),
        {
            "name": "League",
            "game_system": "starcraft-tmg",
            "formula": "placing-table",
            "table": "10, 6, 4",
            "participation": 1,
            "base": 100,
        },
    )
    assert made.status_code == 302
    slug = made.url.rstrip("/").split("/")[-1]
    event = make_event(to=alice, slug="opener", name="Opener", planned_rounds=1)
    page = client.get(reverse("seasons:series", args=[slug]))
    assert "Opener" in page.text  # offered to add
    client.post(reverse("seasons:series-add", args=[slug]), {"event": "opener"})
    page = client.get(reverse("seasons:series", args=[slug]))
    assert "No finished event yet" in page.text
    from tests.builders.rows import add_player, add_round

    seats = {n: add_player(event, accounts[n], n.title()) for n in ("ann", "ben", "cy", "dee")}
    add_round(event, 1, [(seats["ann"], seats["ben"]), (seats["cy"], seats["dee"])], results=[(9, 2), (7, 3)])
    finished(event, DAY)
    page = client.get(reverse("seasons:series", args=[slug]))
    assert "Ann" in page.text
    csv_text = client.get(reverse("seasons:series-csv", args=[slug])).content.decode()
    assert csv_text.splitlines()[0] == "Rank,Player,Points,Events,opener"
    assert csv_text.splitlines()[1] == "1,Ann,10,1,10"
    pdf = client.get(reverse("seasons:series-pdf", args=[slug]))
    assert pdf.content[:4] == b"%PDF"
    feed = client.get(reverse("seasons:series-feed", args=[slug])).json()
    assert feed["format"] == "muster-series/1"
    assert [(r["rank"], r["name"], r["points"]) for r in feed["standings"]][:2] == [
        (1, "Ann", 10),
        (2, "Cy", 6),
    ]
    assert feed["standings"][0]["profile"] is None  # Ann's profile is private


def test_an_events_results_feed_shows_only_what_the_public_pages_show(client, alice, accounts):
    event = one_event(alice, accounts, "first", ["ann", "ben", "cy", "dee"], DAY)
    profile_set_public(user=accounts["ann"], public=True)
    feed = client.get(reverse("seasons:event-feed", args=["first"])).json()
    assert feed["format"] == "muster-results/1"
    assert feed["event"]["slug"] == "first"
    names = [row["name"] for row in feed["standings"]]
    assert sorted(names) == ["Ann", "Ben", "Cy", "Dee"]
    ann = next(row for row in feed["standings"] if row["name"] == "Ann")
    assert ann["profile"] == reverse("seasons:profile", args=["ann"])
    assert all("email" not in row for row in feed["standings"])
    assert len(feed["games"]) == 2
    assert feed["games"][0]["vp"] == [7, 3]
    running = make_event(to=alice, slug="running")
    assert client.get(reverse("seasons:event-feed", args=[running.slug])).status_code == 404
    assert event.slug == "first"


def test_only_the_organiser_manages_a_series(client, alice, bob):
    series = series_create(
        organiser=alice, name="League", game_system="starcraft-tmg", formula="field-scaled"
    )
    event = make_event(to=alice, slug="mine")
    series_add_event(series=series, event=event, by=alice)
    client.force_login(bob)
    page = client.get(reverse("seasons:series", args=[series.slug]))
    assert "Manage the series" not in page.text
    assert (
        client.post(
            reverse("seasons:series-formula", args=[series.slug]),
            {"formula": "field-scaled", "base": 50, "participation": 0},
        ).status_code
        == 404
    )
    client.post(reverse("seasons:series-remove", args=[series.slug]), {"event": "mine"})
    assert series.entries.count() == 1


def test_event_standings_link_the_players_who_show_their_profile(client, alice, accounts):
    event = one_event(alice, accounts, "first", ["ann", "ben", "cy", "dee"], DAY)
    page = client.get(reverse("standings", args=[event.slug])).text
    assert "profile-link" not in page
    profile_set_public(user=accounts["ben"], public=True)  # bumps the event: the cache is fresh
    page = client.get(reverse("standings", args=[event.slug])).text
    assert page.count("profile-link") == 1
    assert reverse("seasons:profile", args=["ben"]) in page


def test_the_event_page_names_its_series_and_a_rating_seeded_first_round(client, alice):
    series = series_create(
        organiser=alice, name="League", game_system="starcraft-tmg", formula="field-scaled"
    )
    event = make_event(to=alice, slug="mine", seed_by_rating=True)
    series_add_event(series=series, event=event, by=alice)
    page = client.get(reverse("event", args=["mine"])).text
    assert "Part of the series" in page
    assert "paired by the players' ratings" in page
