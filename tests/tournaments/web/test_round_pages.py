"""Pairing a round in the browser: pair, review the report, swap, publish, re-pair, undo."""

from __future__ import annotations

import pytest

from tests.builders.rows import add_staff, give_rosters, make_event
from tournaments.models import Game, Round, RoundStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(alice):
    # Every player ready (a legal roster; a community event nobody has checked in at does
    # not use check-in), so these tests are about pairing, not the pre-round check.
    event = make_event(to=alice, players=4, planned_rounds=2)
    give_rosters(event)
    return event


def _pair(client) -> Round:
    response = client.post("/e/spring-skirmish/manage/rounds/pair/", {"seed": "7"})
    round_ = Round.objects.get()
    assert response["Location"] == f"/e/spring-skirmish/manage/rounds/{round_.number}/"
    return round_


def test_pair_review_and_publish(client, event, alice):
    client.force_login(alice)
    round_ = _pair(client)
    assert round_.seed == 7
    response = client.get("/e/spring-skirmish/manage/rounds/1/")
    page = response.content.decode()
    assert "Pairing report" in page
    assert "Seed 7" in page
    assert "Publish round 1" in page
    assert len(response.context["games"]) == 2
    # Not public before publishing.
    assert client.get("/e/spring-skirmish/pairings/").context["round"] is None
    client.post("/e/spring-skirmish/manage/rounds/1/publish/")
    round_.refresh_from_db()
    assert round_.status == RoundStatus.PUBLISHED
    assert client.get("/e/spring-skirmish/pairings/").context["round"] == round_


def test_swap_players_and_tables(client, event, alice):
    client.force_login(alice)
    _pair(client)
    games = list(Game.objects.order_by("table__number"))
    a, b = games[0].player_one, games[1].player_one
    client.post("/e/spring-skirmish/manage/rounds/1/swap-players/", {"first": a.pk, "second": b.pk})
    games = list(Game.objects.order_by("table__number"))
    assert (games[0].player_one, games[1].player_one) == (b, a)
    tables = (games[0].table_id, games[1].table_id)
    client.post(
        "/e/spring-skirmish/manage/rounds/1/swap-tables/", {"first": games[0].pk, "second": games[1].pk}
    )
    games[0].refresh_from_db()
    games[1].refresh_from_db()
    assert (games[0].table_id, games[1].table_id) == (tables[1], tables[0])


def test_swapping_two_opponents_is_a_form_error(client, event, alice):
    client.force_login(alice)
    _pair(client)
    game = Game.objects.first()
    assert game is not None
    assert game.player_two is not None
    response = client.post(
        "/e/spring-skirmish/manage/rounds/1/swap-players/",
        {"first": game.player_one_id, "second": game.player_two_id},
    )
    assert response.status_code == 200
    assert "Those two players are already playing each other." in response.content.decode()


def test_cannot_pair_the_next_round_while_one_is_open(client, event, alice):
    client.force_login(alice)
    _pair(client)
    response = client.post("/e/spring-skirmish/manage/rounds/pair/", follow=True)
    assert "Round 1 is not published yet: publish and play it before pairing the next." in (
        response.content.decode()
    )


def test_repair_and_undo(client, event, alice):
    client.force_login(alice)
    _pair(client)
    client.post("/e/spring-skirmish/manage/rounds/1/repair/", {"seed": "11"})
    assert Round.objects.get().seed == 11
    response = client.post("/e/spring-skirmish/manage/rounds/1/undo/", {"confirmed": "yes"})
    assert response["Location"] == "/e/spring-skirmish/manage/"
    assert not Round.objects.exists()


def test_round_pages_are_for_the_to_only(client, event, alice, judy, mallory):
    add_staff(event, judy, "head-judge")
    client.force_login(alice)
    _pair(client)
    for user in (judy, mallory):
        client.force_login(user)
        assert client.get("/e/spring-skirmish/manage/rounds/1/").status_code == 404
        assert client.post("/e/spring-skirmish/manage/rounds/1/publish/").status_code == 404
        assert client.post("/e/spring-skirmish/manage/rounds/pair/").status_code == 404
    assert Round.objects.get().status == RoundStatus.PAIRED


def test_report_shows_forced_rematches_by_name(client, alice):
    # Two players, round 2: a rematch is the only pairing there is.
    give_rosters(make_event(to=alice, players=2, planned_rounds=2))
    client.force_login(alice)
    client.post("/e/spring-skirmish/manage/rounds/pair/")
    client.post("/e/spring-skirmish/manage/rounds/1/publish/")
    game = Game.objects.get()
    from tournaments.services.reporting import ResultInput, result_set

    result_set(game=game, result=ResultInput(vp_one=5, vp_two=5), by=alice, reason="entered by the TO")
    client.post("/e/spring-skirmish/manage/rounds/pair/")
    response = client.get("/e/spring-skirmish/manage/rounds/2/")
    rematches = response.context["report"].rematches
    assert len(rematches) == 1
    assert set(rematches[0].players) == {"Player 001 (p1)", "Player 002 (p2)"}
    assert "Player 001 (p1) v Player 002 (p2)" in response.content.decode()
