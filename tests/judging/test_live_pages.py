"""The judge queue and the TO's round page refresh themselves by htmx
polling like the public pairings and standings (docs/polling.md) — an ETag by event
version, a body-less 304 while nothing changed, a small fragment for an htmx poll, and a
new fragment once a result is reported."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.builders.rows import add_round
from tests.builders.worlds import World
from tournaments.models import RoundStatus
from tournaments.services.players import player_check_in

pytestmark = pytest.mark.django_db


def poll(client: Client, url: str, etag: str | None = None) -> Any:
    """What htmx sends every 15 s: HX-Request, and the ETag the browser holds."""
    headers = {"HX-Request": "true"} | ({"If-None-Match": etag} if etag else {})
    return client.get(url, headers=headers)


def _report(world: World, who: str, vp: list[int]) -> None:
    game = world.game(world.bob)
    response = world.api(who).post(world.api_url(f"games/{game.pk}/report/"), {"vp": vp}, format="json")
    assert response.status_code in (200, 201), response.content


def test_the_judge_queue_polls_its_fragment_304_until_a_dispute_arrives(world: World, round_one):
    judge = world.client("judy")
    page = judge.get(world.url("judge/"))
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="judge-queue-live"' in html
    assert 'hx-trigger="every 15s"' in html
    assert "Nothing waiting" in html

    first = poll(judge, world.url("judge/"))
    assert first.status_code == 200
    fragment = first.content.decode()
    assert fragment.startswith('<div id="judge-queue-live"')
    assert "<html" not in fragment
    assert len(first.content) < len(page.content)
    etag = first["ETag"]
    assert etag != page["ETag"]  # a fragment is not the page

    unchanged = poll(judge, world.url("judge/"), etag)
    assert unchanged.status_code == 304
    assert unchanged.content == b""

    # Bob and Carol disagree: the dispute reaches the judge's next poll.
    _report(world, "bob", [12, 3])
    _report(world, "carol", [3, 12])
    fresh = poll(judge, world.url("judge/"), etag)
    assert fresh.status_code == 200
    assert fresh["ETag"] != etag
    html = fresh.content.decode()
    assert "Nothing waiting" not in html
    assert f"{world.bob.name} v {world.carol.name}" in html
    assert "Disputed" in html


def test_the_to_round_page_polls_its_fragment_304_until_a_result_is_reported(world: World, round_one):
    to = world.client("alice")
    url = world.url("manage/rounds/1/")
    page = to.get(url)
    assert page.status_code == 200
    assert 'id="round-live"' in page.content.decode()

    first = poll(to, url)
    assert first.status_code == 200
    fragment = first.content.decode()
    assert fragment.startswith('<div id="round-live"')
    assert "Pairing report" not in fragment  # the report and the forms stay outside
    etag = first["ETag"]
    assert poll(to, url, etag).status_code == 304

    _report(world, "bob", [12, 3])
    fresh = poll(to, url, etag)
    assert fresh.status_code == 200
    assert fresh["ETag"] != etag
    assert fresh.content != first.content
    assert poll(to, url, fresh["ETag"]).status_code == 304


def test_a_paired_round_page_refreshes_its_pre_round_check(world: World):
    add_round(world.event, 1, [(world.bob, world.carol), (world.dan, world.erin)], RoundStatus.PAIRED)
    to = world.client("alice")
    url = world.url("manage/rounds/1/")
    first = poll(to, url)
    # One line for everyone not checked in, names in alphabetical order.
    assert f"are not checked in: {world.bob.name}, {world.carol.name}" in first.content.decode()
    player_check_in(player=world.bob, by=world.users["alice"])
    fresh = poll(to, url, first["ETag"])
    assert fresh.status_code == 200
    assert f"are not checked in: {world.carol.name}," in fresh.content.decode()


def test_only_staff_poll_the_queue_and_only_the_to_the_round_page(world: World, round_one):
    assert poll(world.client("bob"), world.url("judge/")).status_code == 404
    assert poll(world.client("judy"), world.url("manage/rounds/1/")).status_code == 404
