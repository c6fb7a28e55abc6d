"""Best Sportsman "submitted with their last result" (OP Guide: Hobby Awards): the final
round's report form and the API report carry an optional nomination, stored with the
report or not at all, and a retried report is still stored once."""

from __future__ import annotations

import pytest

from awards.models import AwardVote
from tests.awards.conftest import sportsman
from tests.builders.rows import add_round
from tests.builders.worlds import World
from tournaments.models import Game, ResultReport, ResultStatus, RoundStatus

pytestmark = pytest.mark.django_db

BATTLE = {"battle_rounds": 4}


def _final(world: World) -> Game:
    for number in (1, 2):
        add_round(
            world.event, number, [(world.bob, world.carol), (world.dan, world.erin)], RoundStatus.CLOSED
        )
    add_round(
        world.event,
        3,
        [(world.bob, world.carol), (world.dan, world.erin)],
        RoundStatus.PUBLISHED,
        running=True,
    )
    return world.game(world.bob, 3)


def _nominations(world: World) -> dict[str, str]:
    rows = AwardVote.objects.filter(award=sportsman(world)).select_related("voter", "choice")
    return {row.voter.name: row.choice.name for row in rows}


def test_the_final_rounds_form_offers_the_nomination_opponent_first(offered: World):
    game = _final(offered)
    page = offered.client("bob").get(offered.url("me/")).content.decode()
    assert 'name="nominate"' in page
    assert "Best Sportsman: nominate a player" in page
    options = page.split('name="nominate"', 1)[1].split("</select>", 1)[0]
    assert options.index("Carol (your opponent)") < options.index("Dan")
    assert ">Bob<" not in options  # never oneself
    assert game.round.number == offered.event.planned_rounds


def test_an_earlier_round_has_no_nomination_field(offered: World):
    add_round(offered.event, 1, [(offered.bob, offered.carol)], RoundStatus.PUBLISHED, running=True)
    page = offered.client("bob").get(offered.url("me/")).content.decode()
    assert 'name="nominate"' not in page


def test_no_field_without_the_award(world: World):
    _final(world)
    assert 'name="nominate"' not in world.client("bob").get(world.url("me/")).content.decode()


def test_the_web_report_stores_the_nomination_with_the_result_once(offered: World):
    game = _final(offered)
    client = offered.client("bob")
    form = {
        "how": "played",
        "my_vp": "9",
        "their_vp": "2",
        "battle_rounds": "4",
        "nominate": str(offered.carol.pk),
        "idempotency_key": "k-web-1",
    }
    assert client.post(offered.url("me/result/"), form).status_code == 302
    assert client.post(offered.url("me/result/"), form).status_code == 302  # a double tap
    assert ResultReport.objects.filter(game=game).count() == 1
    assert _nominations(offered) == {"Bob": "Carol"}


def test_the_confirmation_carries_the_nomination_too(offered: World):
    game = _final(offered)
    bob, carol = offered.client("bob"), offered.client("carol")
    bob.post(
        offered.url("me/result/"), {"how": "played", "my_vp": "9", "their_vp": "2", "battle_rounds": "4"}
    )
    page = carol.get(offered.url("me/")).content.decode()
    assert 'name="confirm-nominate"' in page
    carol.post(offered.url("me/confirm/"), {"idempotency_key": "c1", "confirm-nominate": str(offered.bob.pk)})
    game.refresh_from_db()
    assert game.result_status == ResultStatus.CONFIRMED
    assert _nominations(offered) == {"Carol": "Bob"}


def test_api_report_with_a_nomination(offered: World):
    game = _final(offered)
    api = offered.api("bob")
    body = {"vp": [9, 2], "details": BATTLE, "nominate": offered.dan.external_id}
    response = api.post(
        offered.api_url(f"games/{game.pk}/report/"), body, format="json", HTTP_IDEMPOTENCY_KEY="a1"
    )
    assert response.status_code == 200, response.json()
    again = api.post(
        offered.api_url(f"games/{game.pk}/report/"), body, format="json", HTTP_IDEMPOTENCY_KEY="a1"
    )
    assert again.status_code == 200
    assert ResultReport.objects.filter(game=game).count() == 1
    assert _nominations(offered) == {"Bob": "Dan"}


@pytest.mark.parametrize(
    ("nominee", "code"),
    [("self", "own-vote"), ("nobody", "not-a-candidate")],
)
def test_a_refused_nomination_stores_no_report(offered: World, nominee: str, code: str):
    game = _final(offered)
    target = offered.bob.external_id if nominee == "self" else "no-such-player"
    response = offered.api("bob").post(
        offered.api_url(f"games/{game.pk}/report/"),
        {"vp": [9, 2], "details": BATTLE, "nominate": target},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["code"] == code
    assert response.json()["field"] == "nominate"
    assert not ResultReport.objects.filter(game=game).exists()
    game.refresh_from_db()
    assert game.result_status == ResultStatus.PENDING


def test_a_nomination_at_an_event_without_the_award_is_refused(world: World):
    game = _final(world)
    response = world.api("bob").post(
        world.api_url(f"games/{game.pk}/report/"),
        {"vp": [9, 2], "details": BATTLE, "nominate": world.carol.external_id},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["code"] == "not-offered"
    assert not ResultReport.objects.filter(game=game).exists()


def test_a_nomination_field_drawn_before_closing_is_ignored_after(offered: World):
    game = _final(offered)
    from awards.services import awards_close_voting

    page_before = offered.client("bob").get(offered.url("me/")).content.decode()
    assert 'name="nominate"' in page_before
    awards_close_voting(event=offered.event, by=offered.users["alice"])
    # The form was drawn while voting was open; closed since, the field is gone and a
    # stale nomination is ignored rather than refusing the result.
    response = offered.client("bob").post(
        offered.url("me/result/"),
        {
            "how": "played",
            "my_vp": "9",
            "their_vp": "2",
            "battle_rounds": "4",
            "nominate": str(offered.carol.pk),
        },
    )
    assert response.status_code == 302
    assert ResultReport.objects.filter(game=game).count() == 1
    assert _nominations(offered) == {}


def test_a_web_report_nominating_oneself_is_a_form_error_and_stores_nothing(offered: World):
    game = _final(offered)
    response = offered.client("bob").post(
        offered.url("me/result/"),
        {
            "how": "played",
            "my_vp": "9",
            "their_vp": "2",
            "battle_rounds": "4",
            "nominate": str(offered.bob.pk),
        },
    )
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert not ResultReport.objects.filter(game=game).exists()
    assert _nominations(offered) == {}
