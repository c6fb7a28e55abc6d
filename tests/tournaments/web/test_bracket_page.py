"""The public bracket page: 404 without a cut; before it begins, the format and when the
bracket appears; once paired, the seeds and tables; results show who went on and why;
the champion once the final is played; it refreshes itself like pairings and standings."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.builders.rows import make_event
from tests.tournaments.test_top_cut import cut_event, games_of, pair_and_publish, play, seeds_of
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def _page(event, client: Client | None = None) -> str:
    response = (client or Client()).get(f"/e/{event.slug}/bracket/")
    assert response.status_code == 200
    return response.content.decode()


def test_no_cut_no_bracket(users, client):
    event = make_event(to=users["alice"], players=4)
    assert client.get(f"/e/{event.slug}/bracket/").status_code == 404
    assert f"/e/{event.slug}/bracket/" not in client.get(f"/e/{event.slug}/standings/").content.decode()


def test_before_the_cut_the_page_says_the_format(users):
    event = cut_event(users)
    page = _page(event)
    assert "2 Swiss rounds, then a top 4." in page
    assert "once the Swiss rounds are over" in page
    assert f'href="/e/{event.slug}/bracket/"' in page  # the event's navigation links it


def test_the_bracket_from_pairing_to_the_champion(users):
    event = cut_event(users)
    semis = pair_and_publish(event, users)
    s1 = seeds_of(semis)[0]
    names = dict(event.players.values_list("external_id", "name"))
    page = _page(event)
    assert "Top 4" in page
    assert page.count('<p class="match-title">Semi-final') == 2
    assert "table 1" in page
    assert names[s1] in page
    assert "Winner of Semi-final 1" in page  # the final's sides, still to come
    assert 'hx-trigger="every 15s"' in page

    first, second = games_of(semis)
    play(first, users, (9, 2))  # the better seed wins outright
    play(second, users, (5, 5))  # tied: the better seed goes on
    page = _page(event)
    assert "Tied: the better seed goes on" in page
    assert ">9<" in page
    final = pair_and_publish(event, users)
    [game] = games_of(final)
    play(game, users, (3, 8))
    page = _page(event)
    assert game.player_two is not None
    champion = game.player_two.name
    assert "Champion" in page
    assert f"<strong>{champion}</strong>" in page
    home = Client().get(f"/e/{event.slug}/").content.decode()
    assert champion in home
    assert "Champion" in home
    assert Round.objects.filter(event=event).count() == 4


def _cut_of(users, players: int, size: int):
    from tests.builders.rows import give_rosters, play_round
    from tournaments.models import EventStatus

    event = make_event(
        to=users["alice"], players=players, planned_rounds=2, cut_size=size, slug=f"cut-{size}"
    )
    give_rosters(event)
    play_round(event, 1)
    play_round(event, 2)
    event.status = EventStatus.RUNNING
    event.save(update_fields=["status"])
    pair_and_publish(event, users)
    return event


@pytest.mark.parametrize(("players", "size"), [(6, 4), (32, 16)])
def test_the_page_costs_what_the_pairings_page_costs(users, players, size, django_assert_max_num_queries):
    """Bounded like pairings and standings: rendered once per event version (a fixed number
    of queries whatever the cut's size), then one query a request, 304 when unchanged."""
    event = _cut_of(users, players, size)
    url = f"/e/{event.slug}/bracket/"
    client = Client()
    with django_assert_max_num_queries(12):  # rendering it: the same count for a top 4 and a top 16
        client.get(url)
    etag = client.get(url)["ETag"]  # the CSRF cookie set, the fragment cached
    with django_assert_max_num_queries(1):  # the event; the fragment comes from the cache
        assert client.get(url).status_code == 200
    with django_assert_max_num_queries(1):
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    with django_assert_max_num_queries(1):
        fragment = client.get(url, HTTP_HX_REQUEST="true")
    assert fragment.status_code == 200
    # About 600 bytes a match (each side's seed, name and result): a top 16's 15 matches
    # stay well under what a phone fetches for the pairings of a big event.
    matches = size - 1
    assert len(fragment.content) < 800 * matches + 1_500, len(fragment.content)
