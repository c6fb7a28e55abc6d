"""List and standings pages cost the same number of queries for 8 players as for 40.

Zulip-style bounds: each page gets one ceiling, asserted at both sizes, so a query
inside a loop (one per player or per game) fails the 40-player run.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from tests.builders.rows import add_staff, give_rosters, make_event, play_round
from tournaments.models import EventStatus, RosterPublication, RoundStatus

pytestmark = pytest.mark.django_db

# Signed in as the TO: session + user + event + staff roles + own entry = 5 before the page's own reads.
BOUNDS = {
    "/e/spring-skirmish/pairings/": 7,
    "/e/spring-skirmish/standings/": 12,  # + the open round's progress (the heading), the public profiles
    "/e/spring-skirmish/standings/p1/": 10,
    "/e/spring-skirmish/rosters/": 6,
    "/e/spring-skirmish/manage/players/": 8,  # + the waitlist (one read, docs/waitlist.md)
    "/e/spring-skirmish/manage/rosters/": 10,  # + the pre-round check: next round, check-in, last games
    "/e/spring-skirmish/manage/rounds/3/": 8,
    "/e/spring-skirmish/judge/rounds/3/": 8,
    "/e/spring-skirmish/manage/": 14,  # + the next round's check while one is played (4, constant)
    # With the data pack in effect, its side events, the hobby awards, its series, the
    # announcements (read with the event's facts, once per version).
    "/e/spring-skirmish/": 13,
    # Not an event's page: session + user, then the TO's staff roles and entries (each with
    # only the event's shown fields: a field read that was left out would be one query
    # more per event), seats offered, waitlist entries.
    "/my-events/": 6,
}


@pytest.fixture(params=[8, 40], ids=["8-players", "40-players"])
def big_event(request, alice, judy):
    # Rosters shown to each opponent only: the pages' own reads, without the factions
    # (counted apart below, once rosters are public).
    event = make_event(
        to=alice, players=request.param, planned_rounds=4, roster_publication=RosterPublication.OPPONENT_ONLY
    )
    add_staff(event, judy, "floor-judge")
    play_round(event, 1)
    play_round(event, 2)
    play_round(event, 3, status=RoundStatus.PUBLISHED, scored=False)
    give_rosters(event)
    event.status = EventStatus.RUNNING  # as pairing round 1 made it
    event.save(update_fields=["status"])
    return event


@pytest.mark.parametrize(("url", "bound"), BOUNDS.items(), ids=list(BOUNDS))
def test_page_queries_do_not_grow_with_the_field(
    client, big_event, alice, django_assert_max_num_queries, url, bound
):
    client.force_login(alice)
    with django_assert_max_num_queries(bound):
        response = client.get(url)
    assert response.status_code == 200
    # The page really lists the whole field (no silent truncation keeping the count down).
    if url.endswith(("/players/", "/manage/rosters/", "/standings/")):
        assert response.content.decode().count("Player 0") >= big_event.players.count()


def test_public_pairings_and_standings_for_anonymous_visitors(
    client, big_event, django_assert_max_num_queries
):
    # Anonymous: no session or role queries.
    with django_assert_max_num_queries(3):
        assert client.get("/e/spring-skirmish/pairings/").status_code == 200
    with django_assert_max_num_queries(8):  # the public profiles linked: one query for the field
        assert client.get("/e/spring-skirmish/standings/").status_code == 200


def test_the_hall_screen_and_its_clock_for_anonymous_screens(
    client, big_event, django_assert_max_num_queries
):
    # docs/venue.md: the screen's data (the event, rounds, games, the results record, the
    # cut, the round's progress, the announcements), then its polls: a 304 on the event
    # alone, and the clock's reading (the event, the venue's round, its clock row).
    with django_assert_max_num_queries(10):
        data = client.get("/e/spring-skirmish/screen/data/")
    assert len(data.json()["names"]) == big_event.players.count()
    with django_assert_max_num_queries(1):
        assert (
            client.get("/e/spring-skirmish/screen/data/", headers={"if-none-match": data["ETag"]}).status_code
            == 304
        )
    with django_assert_max_num_queries(3):
        clock = client.get("/e/spring-skirmish/clock/state/")
    with django_assert_max_num_queries(3):
        assert (
            client.get(
                "/e/spring-skirmish/clock/state/", headers={"if-none-match": clock["ETag"]}
            ).status_code
            == 304
        )


def test_factions_on_pairings_and_standings_cost_one_query_whatever_the_field(
    client, big_event, django_assert_max_num_queries
):
    # Rosters public: each name carries its faction, read for the whole field at once.
    big_event.roster_publication = RosterPublication.AFTER_DEADLINE
    big_event.roster_deadline = timezone.now() - dt.timedelta(days=1)
    big_event.save(update_fields=["roster_publication", "roster_deadline"])
    with django_assert_max_num_queries(4):
        page = client.get("/e/spring-skirmish/pairings/").content.decode()
    assert page.count('class="faction"') >= big_event.players.count()
    with django_assert_max_num_queries(9):
        page = client.get("/e/spring-skirmish/standings/").content.decode()
    assert page.count('class="faction"') == big_event.players.count()


def test_the_venues_polled_pages_cost_the_same_whatever_the_field(
    client, big_event, alice, django_assert_max_num_queries
):
    """A table's page (its card's QR code) and the stream overlay's JSON, which OBS polls
    (docs/venue.md): one game's rows whatever the field, its factions read for its two players."""
    from venue.services import featured_table_set, stream_consent_set

    round_ = big_event.rounds.get(number=3)
    game = round_.games.get(table__number=1)
    for player in (game.player_one, game.player_two):
        stream_consent_set(player=player, consent=True, by=None)
    featured_table_set(round_=round_, number=1, by=alice)
    big_event.roster_publication = RosterPublication.AFTER_DEADLINE
    big_event.roster_deadline = timezone.now() - dt.timedelta(days=1)
    big_event.save(update_fields=["roster_publication", "roster_deadline"])
    with django_assert_max_num_queries(4):  # the event, the table, the round, its game
        assert client.get("/e/spring-skirmish/tables/1/").status_code == 200
    with django_assert_max_num_queries(4):  # the event, the round, its game, the two players' rosters
        data = client.get("/e/spring-skirmish/overlay.json").json()
    assert data["featured"] is True
    assert all(side["faction"] for side in data["players"])
