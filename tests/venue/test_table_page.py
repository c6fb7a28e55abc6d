"""/e/<slug>/tables/<n>/, the table card's page: who sits there in the round being played."""

from __future__ import annotations

import re

from django.test import Client

from tests.builders.rows import add_round
from tests.builders.teams import team_tournament
from tests.builders.worlds import World
from tournaments.models import MatchPairing, Round, RoundStatus


def _now(world: World, number: int) -> str:
    response = world.client("anonymous").get(world.url(f"tables/{number}/"))
    assert response.status_code == 200
    found = re.search(r'id="table-now">(.*?)</div>', response.content.decode(), re.S)
    assert found is not None
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split())


def test_the_players_of_this_round(world: World) -> None:
    page = world.client("anonymous").get(world.url("tables/1/")).content.decode()
    assert "Layout: Map 1" in page
    assert "Round 1" in _now(world, 1)
    assert "Bob v Carol" in _now(world, 1)
    assert "Dan v Erin" in _now(world, 2)


def test_the_card_follows_the_rounds(world: World) -> None:
    Round.objects.filter(event=world.event, number=1).update(status=RoundStatus.CLOSED)
    add_round(world.event, 2, [(world.bob, world.dan), (world.carol, None), (world.erin, None)])
    assert "Round 2" in _now(world, 1)
    assert "Bob v Dan" in _now(world, 1)
    assert _now(world, 2) == "No game at this table in round 2."


def test_no_round_being_played(world: World) -> None:
    Round.objects.filter(event=world.event, number=1).update(status=RoundStatus.CLOSED)
    assert _now(world, 1).startswith("No round is being played right now.")
    # A round the TO has paired but not published is not shown yet.
    add_round(world.event, 2, [(world.bob, world.dan)], status=RoundStatus.PAIRED)
    assert _now(world, 1).startswith("No round is being played right now.")


def test_a_bye_seated_at_a_table(world: World) -> None:
    round_ = Round.objects.get(event=world.event, number=1)
    game = round_.games.get(player_one=world.dan)
    game.player_two = None
    game.save()
    assert _now(world, 2) == "Round 1 Dan has the bye this round."


def test_an_unknown_table_is_not_found(world: World) -> None:
    assert world.client("anonymous").get(world.url("tables/99/")).status_code == 404


def test_a_team_tournaments_table_names_the_teams(db: object, alice: object) -> None:
    event = team_tournament(alice, pairing=MatchPairing.STANDINGS_ORDER)
    game = event.rounds.get(number=1).games.order_by("table__number").first()
    assert game is not None
    assert game.table is not None
    page = Client().get(f"/e/{event.slug}/tables/{game.table.number}/").content.decode()
    assert game.player_two is not None
    for player in (game.player_one, game.player_two):
        assert player.squad is not None
        assert f'{player.name}</strong> <small class="muted">({player.squad.name})</small>' in page
