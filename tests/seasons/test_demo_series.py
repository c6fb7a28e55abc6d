"""The demo series `make run` loads (seasons.demo)."""

from __future__ import annotations

import pytest

from seasons.demo import EVENT_SLUGS, PRIVATE, REGULARS, SERIES_SLUG, load_demo_series
from seasons.models import PlayerRating, Profile, RatingChange
from seasons.selectors import series_table
from tournaments.models import Event, EventStatus

pytestmark = pytest.mark.django_db


def test_the_demo_series_has_three_finished_events_standings_ratings_and_profiles(
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True):
        series = load_demo_series()
    events = Event.objects.filter(slug__in=EVENT_SLUGS)
    assert sorted(e.status for e in events) == [EventStatus.FINISHED] * 3
    table = series_table(series)
    assert len(table.rows) == len(REGULARS)
    assert all(row.events == 3 for row in table.rows)
    assert all(sum(e.counted for e in row.entries) == 2 for row in table.rows)  # best two of three
    assert PlayerRating.objects.filter(game_system="starcraft-tmg").count() == len(REGULARS)
    assert RatingChange.objects.count() == 3 * len(REGULARS)
    assert set(Profile.objects.filter(public=False).values_list("user__username", flat=True)) == PRIVATE
    again = load_demo_series()  # reloading replaces, never duplicates
    assert again.slug == SERIES_SLUG
    assert Event.objects.filter(slug__in=EVENT_SLUGS).count() == 3


def test_the_demo_series_and_its_events_show_faction_statistics() -> None:
    from seasons.faction_record import event_faction_report, series_faction_report

    series = load_demo_series()
    report = series_faction_report(series)
    assert [e.slug for e in report.events] == list(EVENT_SLUGS)
    assert len(report.stats.factions) >= 4
    assert report.unknown == 0
    # 8 regulars, 3 rounds, 3 events: 36 games, each between two armies.
    assert report.stats.games == 36
    for slug in EVENT_SLUGS:
        assert event_faction_report(Event.objects.get(slug=slug)).stats.games == 12
