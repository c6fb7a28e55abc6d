"""A big round's pairings page: a page of one list at a time and a search over every name,
so a phone is never sent every table and every name at once (docs/performance.md)."""

from __future__ import annotations

import re

import pytest

from tests.builders.rows import make_event, play_round
from tournaments.models import RoundStatus
from tournaments.views.public import PAGE_SEATS, PAGE_TABLES

pytestmark = pytest.mark.django_db

PLAYERS = 2 * PAGE_TABLES + 22  # 75 tables: two pages by table, two by name


@pytest.fixture
def big_round(alice):
    event = make_event(to=alice, players=PLAYERS, planned_rounds=3)
    play_round(event, 1, status=RoundStatus.PUBLISHED, scored=False)
    return event


def _tables(html: str) -> list[int]:
    by_table = html.split('<table class="pairings">', 1)[1].split("</table>", 1)[0]
    return [int(n) for n in re.findall(r"<td><strong>(\d+)</strong>", by_table)]


def _names(html: str) -> list[str]:
    seats = html.split('<table class="seats">', 1)[1].split("</table>", 1)[0]
    return re.findall(r'<tr data-players="[^"]*"><td>([^<]+)<', seats)


def test_a_big_round_shows_one_page_of_tables_with_links_to_the_rest(client, big_round):
    html = client.get("/e/spring-skirmish/pairings/").content.decode()
    assert _tables(html) == list(range(1, PAGE_TABLES + 1))
    assert '<table class="seats">' not in html  # the names are a list of their own
    assert "Tables 1 to 64" in html
    assert 'href="?page=2">Tables 65 to 75</a>' in html
    second = client.get("/e/spring-skirmish/pairings/?page=2").content.decode()
    assert _tables(second) == list(range(PAGE_TABLES + 1, PLAYERS // 2 + 1))


def test_the_names_are_paged_alphabetically(client, big_round):
    html = client.get("/e/spring-skirmish/pairings/?view=names").content.decode()
    names = _names(html)
    assert len(names) == PAGE_SEATS
    assert names == sorted(names)
    assert names[0] == "Player 001"
    assert '<table class="pairings">' not in html
    rest = _names(client.get("/e/spring-skirmish/pairings/?view=names&page=2").content.decode())
    assert len(rest) == PLAYERS - PAGE_SEATS
    assert set(names).isdisjoint(rest)


def test_a_search_finds_every_match_across_the_pages(client, big_round):
    html = client.get("/e/spring-skirmish/pairings/", {"q": "player 14"}).content.decode()
    assert _names(html) == [f"Player {n}" for n in range(140, 150)]
    assert "10 players match" in html
    assert '<table class="pairings">' not in html
    nobody = client.get("/e/spring-skirmish/pairings/", {"q": "zed"}).content.decode()
    assert "name matches \u201czed\u201d" in nobody


def test_the_poll_asks_again_for_the_same_part(client, big_round):
    html = client.get("/e/spring-skirmish/pairings/?view=names&page=2").content.decode()
    assert 'hx-get="/e/spring-skirmish/pairings/?view=names&amp;page=2"' in html
    poll = client.get("/e/spring-skirmish/pairings/?view=names&page=2", headers={"HX-Request": "true"})
    assert _names(poll.content.decode())[0] == _names(html)[0]


@pytest.mark.parametrize(("asked", "first"), [("999", PAGE_TABLES + 1), ("0", 1), ("two", 1), ("-1", 1)])
def test_a_page_out_of_range_or_garbled_shows_the_nearest(client, big_round, asked, first):
    html = client.get(f"/e/spring-skirmish/pairings/?page={asked}").content.decode()
    assert _tables(html)[0] == first


def test_a_small_round_still_shows_both_lists_whole(client, alice):
    event = make_event(to=alice, players=20, planned_rounds=3)
    play_round(event, 1, status=RoundStatus.PUBLISHED, scored=False)
    html = client.get("/e/spring-skirmish/pairings/?page=2&view=names").content.decode()
    assert _tables(html) == list(range(1, 11))
    assert len(_names(html)) == 20
    assert 'aria-label="Pages"' not in html
