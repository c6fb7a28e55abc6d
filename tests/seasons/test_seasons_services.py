"""Profiles, series and ratings over the site's events (docs/series.md, docs/ratings.md)."""

from __future__ import annotations

import datetime as dt

import pytest

from ratings import FIRST, SECOND, RatedEvent, RatedGame, rate_events
from seasons.models import PlayerRating, RatingChange
from seasons.selectors import event_result, leaderboard, profile, series_table
from seasons.services import (
    profile_set_public,
    ratings_recompute,
    series_add_event,
    series_create,
    series_remove_event,
)
from tests.builders.rows import add_player, add_round, add_staff, make_event
from tests.seasons.conftest import finished, one_event
from tournaments.errors import ServiceError
from tournaments.services.reporting import ResultInput, result_set

pytestmark = pytest.mark.django_db


def test_ratings_are_the_engines_over_every_finished_event(alice, accounts):
    day = dt.date(2026, 5, 1)
    one_event(alice, accounts, "first", ["ann", "ben", "cy", "dee"], day)
    one_event(alice, accounts, "second", ["ben", "ann", "dee", "cy"], day + dt.timedelta(days=7))
    assert ratings_recompute(game_system="starcraft-tmg") == 4
    ids = {n: f"u{u.pk}" for n, u in accounts.items()}
    expected = rate_events(
        [
            RatedEvent(
                "1",
                day,
                (RatedGame((ids["ann"], ids["ben"]), FIRST, 1), RatedGame((ids["cy"], ids["dee"]), FIRST, 1)),
            ),
            RatedEvent(
                "2",
                day + dt.timedelta(days=7),
                (RatedGame((ids["ben"], ids["ann"]), FIRST, 1), RatedGame((ids["dee"], ids["cy"]), FIRST, 1)),
            ),
        ]
    )
    ann = PlayerRating.objects.get(user=accounts["ann"])
    assert ann.mu == pytest.approx(expected[ids["ann"]].current.mu)
    assert ann.sigma == pytest.approx(expected[ids["ann"]].current.sigma)
    assert ann.games == 2
    steps = list(RatingChange.objects.filter(user=accounts["ann"]).order_by("finished"))
    assert [(s.wins, s.losses) for s in steps] == [(1, 0), (0, 1)]
    assert steps[1].mu_before == pytest.approx(steps[0].mu_after)
    assert SECOND  # the engine's names, imported for the reader


def test_a_correction_to_a_finished_event_rates_again(
    alice, accounts, django_capture_on_commit_callbacks, in_process_tasks
):
    event = one_event(alice, accounts, "first", ["ann", "ben", "cy", "dee"], dt.date(2026, 5, 1))
    ratings_recompute(game_system="starcraft-tmg")
    before = PlayerRating.objects.get(user=accounts["ann"]).mu
    game = event.rounds.get().games.filter(player_one__name="Ann").get()
    with django_capture_on_commit_callbacks(execute=True):
        result_set(game=game, result=ResultInput(vp_one=2, vp_two=9), by=alice, reason="score sheet misread")
    after = PlayerRating.objects.get(user=accounts["ann"]).mu
    assert after < 25 < before


def test_a_series_adds_events_before_they_start_and_counts_them_once_finished(alice, accounts):
    series = series_create(
        organiser=alice,
        name="Spring League",
        game_system="starcraft-tmg",
        formula="placing-table",
        table=[10, 6, 4],
        participation=1,
    )
    events = []
    for slug in ("one", "two"):
        event = make_event(to=alice, slug=slug, name=slug.title(), planned_rounds=1)
        series_add_event(series=series, event=event, by=alice)
        events.append(event)
    other = make_event(to=alice, slug="other", game_system="dropzone-commander", scale="reconquest")
    with pytest.raises(ServiceError) as caught:
        series_add_event(series=series, event=other, by=alice)
    assert caught.value.code == "series-game-system"
    with pytest.raises(ServiceError) as caught:
        series_add_event(series=series, event=events[0], by=alice)
    assert caught.value.code == "in-a-series"
    seats = {n: add_player(events[0], accounts[n], n.title()) for n in ("ann", "ben", "cy", "dee")}
    add_round(
        events[0], 1, [(seats["ann"], seats["ben"]), (seats["cy"], seats["dee"])], results=[(7, 3), (2, 9)]
    )
    with pytest.raises(ServiceError) as caught:
        series_remove_event(series=series, event=events[0], by=alice)
    assert caught.value.code == "event-started"
    assert series_table(series).rows == ()  # nothing finished yet
    finished(events[0], dt.date(2026, 5, 1))
    table = series_table(series)
    points = {row.name: row.points for row in table.rows}
    assert (points["Dee"], points["Ann"]) == (10, 6)  # 9-2 beats 7-3 on Tournament Points
    assert sum(points.values()) == 10 + 6 + 4 + 1
    assert len(event_result(events[0]).placings) == 4


def test_a_profile_lists_events_placings_and_roles_and_is_private_by_default(alice, accounts):
    one_event(alice, accounts, "first", ["ann", "ben", "cy", "dee"], dt.date(2026, 5, 1))
    staffed = make_event(slug="judged")
    add_staff(staffed, accounts["ann"], "head_judge")
    view = profile(accounts["ann"])
    roles = {(item.event.slug, item.role) for item in view.events}
    assert ("first", "Player") in roles
    assert any(slug == "judged" for slug, _ in roles)
    played = next(item for item in view.events if item.event.slug == "first")
    assert played.placing is not None
    assert played.record == (1, 0, 0)
    from seasons.selectors import profile_is_public

    assert not profile_is_public(accounts["ann"])
    profile_set_public(user=accounts["ann"], public=True)
    assert profile_is_public(accounts["ann"])


def test_the_formula_is_checked(alice):
    with pytest.raises(ServiceError) as caught:
        series_create(
            organiser=alice, name="Bad", game_system="starcraft-tmg", formula="placing-table", table=[3, 5]
        )
    assert caught.value.code == "bad-table"
    with pytest.raises(ServiceError) as caught:
        series_create(organiser=alice, name="Bad", game_system="no-such-game", formula="field-scaled")
    assert caught.value.field == "game_system"


def test_round_one_seeded_by_rating_when_the_to_chooses_it(alice, accounts):
    from tournaments.services.rounds import round_pair

    one_event(alice, accounts, "past", ["ann", "ben", "cy", "dee"], dt.date(2026, 5, 1))
    one_event(alice, accounts, "past2", ["ann", "cy", "ben", "dee"], dt.date(2026, 5, 8))
    ratings_recompute(game_system="starcraft-tmg")
    order = [r.user.username for r in leaderboard("starcraft-tmg")]
    assert order[0] == "ann"
    assert order[-1] == "dee"
    event = make_event(to=alice, slug="seeded", seed_by_rating=True, planned_rounds=1, tables=2)
    for name in ("dee", "cy", "ben", "ann"):
        add_player(event, accounts[name], name.title())
    round_ = round_pair(event=event, by=alice, seed=5, confirm=True)
    pairs = {
        frozenset((g.player_one.name.lower(), g.player_two.name.lower()))
        for g in round_.games.all()
        if g.player_two
    }
    # Slide seeding: 1st v 3rd, 2nd v 4th of the rating order.
    assert pairs == {frozenset((order[0], order[2])), frozenset((order[1], order[3]))}
    assert round_.pairing_report["method"] == "announced seeding, slide"


def test_joining_or_leaving_a_series_moves_the_events_version(client, alice):
    """The event's page names its series and is answered 304 while its version stands."""
    series = series_create(
        organiser=alice, name="Autumn League", game_system="starcraft-tmg", formula="placing-table", table=[3]
    )
    event = make_event(to=alice, slug="autumn", name="Autumn")
    first = client.get("/e/autumn/")
    assert "Autumn League" not in first.content.decode()
    series_add_event(series=series, event=event, by=alice)
    joined = client.get("/e/autumn/", headers={"If-None-Match": first["ETag"]})
    assert joined.status_code == 200
    assert "Autumn League" in joined.content.decode()
    series_remove_event(series=series, event=event, by=alice)
    left = client.get("/e/autumn/", headers={"If-None-Match": joined["ETag"]})
    assert left.status_code == 200
    assert "Autumn League" not in left.content.decode()
