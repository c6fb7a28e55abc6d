"""Faction statistics of an event and a series through the bridge, the pages, the CSV and
the API (docs/faction-stats.md): mirrors, byes, drops, a cut, and what does not count."""

from __future__ import annotations

import csv
import datetime as dt
import io
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from seasons.faction_record import event_faction_report, series_faction_report
from seasons.models import SeriesEvent
from seasons.services import series_create
from tests.builders.factions import faction_event
from tournaments.models import Event, EventStatus, RosterPublication, RoundStatus

pytestmark = pytest.mark.django_db


def hide_rosters(event: Event) -> None:
    event.roster_publication = RosterPublication.ON_DATE
    event.rosters_published_at = timezone.now() + dt.timedelta(days=3)
    event.save(update_fields=["roster_publication", "rosters_published_at"])


def test_the_event_counts_played_games_mirrors_apart(users: dict[str, Any]) -> None:
    report = event_faction_report(faction_event(users))
    stats = report.stats
    assert report.public
    assert report.unknown == 0
    red, blue, green = stats.line("Red Host"), stats.line("Blue Host"), stats.line("Green Host")
    assert (red.games, red.wins, red.draws, red.losses, red.mirrors) == (4, 3, 0, 1, 1)
    assert (blue.games, blue.wins, blue.draws, blue.losses, blue.mirrors) == (4, 1, 1, 2, 0)
    assert (green.games, green.wins, green.draws, green.losses, green.mirrors) == (2, 0, 1, 1, 0)
    assert red.win_rate == pytest.approx(0.75)
    assert blue.win_rate == pytest.approx(1.5 / 4)
    # p7's second roster (another faction) does not count: the first does.
    assert "Gold Host" not in stats.factions
    assert stats.factions == ("Blue Host", "Green Host", "Red Host")
    assert stats.met("Red Host", "Blue Host") == 3
    assert stats.met("Red Host", "Green Host") == stats.met("Blue Host", "Green Host") == 1
    assert stats.met("Red Host", "Red Host") == 1
    # 6 games: byes, the no-show, the Game Loss, the unconfirmed and the unpublished are not.
    assert (stats.games, stats.mirrors) == (6, 1)


def test_nothing_is_read_while_rosters_are_hidden(users: dict[str, Any]) -> None:
    event = faction_event(users)
    hide_rosters(event)
    report = event_faction_report(event)
    assert not report.public
    assert report.stats.lines == ()
    assert report.events == ()


def test_the_page_draws_the_charts_beside_their_tables(users: dict[str, Any], client: Client) -> None:
    event = faction_event(users)
    page = client.get(f"/e/{event.slug}/factions/")
    assert page.status_code == 200
    html = page.content.decode()
    assert html.count('role="img"') == 2
    assert "Win rate by faction, with 95% intervals" in html
    assert "Red Host: 75% of 4 games, 95% interval" in html  # the bar's description
    assert '<th scope="row">Red Host</th><td class="num">4</td><td class="num">3</td>' in html
    assert "6 games counted, 1 of them mirror match" in html
    assert f'href="/e/{event.slug}/factions/" aria-current="page">Factions</a>' in html
    assert " style=" not in html
    assert "<script>" not in html
    # The event's other pages link to it too, once rosters are public.
    assert f'href="/e/{event.slug}/factions/"' in client.get(f"/e/{event.slug}/pairings/").content.decode()


def test_the_page_waits_for_public_rosters(users: dict[str, Any], client: Client) -> None:
    event = faction_event(users)
    hide_rosters(event)
    html = client.get(f"/e/{event.slug}/factions/").content.decode()
    assert "The factions are shown once the rosters are public" in html
    assert "<svg" not in html
    assert (
        f'href="/e/{event.slug}/factions/"' not in client.get(f"/e/{event.slug}/pairings/").content.decode()
    )
    assert client.get(f"/api/events/{event.slug}/factions/").json()["rosters_public"] is False
    rows = list(csv.reader(io.StringIO(client.get(f"/e/{event.slug}/factions.csv").content.decode())))
    assert len(rows) == 1


def test_the_csv_has_a_row_per_faction_with_the_matrix(users: dict[str, Any], client: Client) -> None:
    event = faction_event(users)
    answer = client.get(f"/e/{event.slug}/factions.csv")
    assert answer["Content-Type"] == "text/csv; charset=utf-8"
    assert 'filename="faction-cup-factions.csv"' in answer["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(answer.content.decode())))
    assert rows[0][:9] == [
        "Faction", "Games", "Wins", "Draws", "Losses", "Mirrors", "Win rate %", "95% low %", "95% high %",
    ]  # fmt: skip
    assert rows[0][9:] == ["Met Blue Host", "Met Green Host", "Met Red Host"]
    red = next(r for r in rows if r[0] == "Red Host")
    assert red[:7] == ["Red Host", "4", "3", "0", "1", "1", "75.0"]
    assert red[9:] == ["3", "1", "1"]


def test_the_api_answers_the_numbers(users: dict[str, Any], client: Client) -> None:
    event = faction_event(users)
    body = client.get(f"/api/events/{event.slug}/factions/").json()
    assert body["rosters_public"] is True
    assert body["events"] == [event.slug]
    assert (body["games"], body["mirrors"], body["unattributed"]) == (6, 1, 0)
    first = body["factions"][0]
    assert first["faction"] == "Red Host"
    assert (first["games"], first["wins"], first["draws"], first["losses"], first["mirrors"]) == (
        4,
        3,
        0,
        1,
        1,
    )
    assert first["win_rate"] == pytest.approx(0.75)
    assert 0 < first["interval"]["low"] < 0.75 < first["interval"]["high"] <= 1
    assert body["matrix"] == {
        "factions": ["Blue Host", "Green Host", "Red Host"],
        "counts": [[0, 1, 3], [1, 0, 1], [3, 1, 1]],
    }
    assert client.get("/api/events/no-such-event/factions/").status_code == 404


def test_a_series_adds_up_its_finished_events_with_public_rosters(
    users: dict[str, Any], client: Client
) -> None:
    one = faction_event(users, slug="faction-cup-1")
    two = faction_event(users, slug="faction-cup-2")
    three = faction_event(users, slug="faction-cup-3")
    series = series_create(organiser=users["alice"], name="Host League", game_system=one.game_system,
                           formula="placing-table", table=[3, 2, 1])  # fmt: skip
    for event in (one, two, three):
        SeriesEvent.objects.create(series=series, event=event)
    # One and two finish; three's rosters stay hidden; a running event is not counted yet.
    for event in (one, two, three):
        event.rounds.filter(status=RoundStatus.PUBLISHED).update(status=RoundStatus.CLOSED)
        Event.objects.filter(pk=event.pk).update(status=EventStatus.FINISHED)
    hide_rosters(Event.objects.get(pk=three.pk))
    report = series_faction_report(series)
    assert [e.slug for e in report.events] == ["faction-cup-1", "faction-cup-2"]
    red = report.stats.line("Red Host")
    assert (red.games, red.wins, red.mirrors) == (8, 6, 2)
    body = client.get(f"/api/series/{series.slug}/factions/").json()
    assert body["events"] == ["faction-cup-1", "faction-cup-2"]
    assert body["games"] == 12
    page = client.get(f"/series/{series.slug}/factions/").content.decode()
    assert "Over 2 finished events" in page
    assert 'role="img"' in page
    rows = list(csv.reader(io.StringIO(client.get(f"/series/{series.slug}/factions.csv").content.decode())))
    assert next(r for r in rows if r[0] == "Red Host")[1:3] == ["8", "6"]
    assert f'href="/series/{series.slug}/factions/"' in client.get(f"/series/{series.slug}/").content.decode()
    assert client.get("/api/series/no-such-series/factions/").status_code == 404
    assert client.get("/series/no-such-series/factions/").status_code == 404
