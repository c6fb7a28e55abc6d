"""/e/<slug>/games/<id>/result/: the slip's QR code takes each scanner to where they enter
that game's result, or says why not (docs/venue.md, "QR codes")."""

from __future__ import annotations

from typing import Any

from tests.builders.worlds import World
from tournaments.models import Game, Round, RoundStatus


def _path(world: World, game: Game) -> str:
    return world.url(f"games/{game.pk}/result/")


def test_either_player_goes_to_their_result_form(world: World) -> None:
    game = world.game(world.bob)
    for who in ("bob", "carol"):
        response = world.client(who).get(_path(world, game))
        assert response.status_code == 302
        assert response["Location"] == world.url("me/") + "#report-form"
    # ...where the form is.
    page = world.client("carol").get(world.url("me/"))
    assert 'id="report-form"' in page.content.decode()


def test_staff_go_to_the_judges_entry_for_that_game(world: World) -> None:
    game = world.game(world.bob)
    for who in ("alice", "hank", "judy"):
        response = world.client(who).get(_path(world, game))
        assert response.status_code == 302, who
        assert response["Location"] == world.url(f"judge/games/{game.pk}/")


def test_anyone_else_is_refused_with_a_page_saying_why(world: World) -> None:
    game = world.game(world.bob)
    response = world.client("mallory").get(_path(world, game))
    assert response.status_code == 404
    assert "only its two players and the event's judges enter its result" in response.content.decode()


def test_anonymous_logs_in_then_comes_back(world: World) -> None:
    path = _path(world, world.game(world.bob))
    response = world.client("anonymous").get(path)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=")
    assert response["Location"] == f"/accounts/login/?next={path}"


def test_a_closed_round_says_so(world: World) -> None:
    Round.objects.filter(event=world.event, number=1).update(status=RoundStatus.CLOSED)
    response = world.client("bob").get(_path(world, world.game(world.bob)))
    assert response.status_code == 200
    assert "Round 1 is closed: its results are final" in response.content.decode()


def test_an_unknown_game_or_another_events_is_not_found(world: World, users: dict[str, Any]) -> None:
    assert world.client("bob").get(world.url("games/999999/result/")).status_code == 404
    game = world.game(world.bob)
    assert world.client("bob").get(f"/e/no-such-event/games/{game.pk}/result/").status_code == 404
