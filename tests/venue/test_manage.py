"""The TO's hall screens page (docs/venue.md): links built from checkboxes, and the
announcements form, for the TO and the Head Judge."""

from __future__ import annotations

import pytest

from tests.builders.worlds import World, build_world
from venue.models import Announcement

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(users) -> World:
    return build_world(users, rosters=False)


def test_the_checkboxes_make_a_screens_link(world: World):
    page = world.client("alice").get(world.url("manage/screens/") + "?show=names&show=clock")
    assert page.status_code == 200
    html = page.content.decode()
    assert f"http://testserver/e/{world.event.slug}/screen/?show=names,clock" in html
    assert "Open this screen" in html


def test_choosing_nothing_says_so(world: World):
    page = world.client("alice").get(world.url("manage/screens/") + "?show=")
    assert (
        "This field is required" in page.content.decode() or "Select a valid choice" in page.content.decode()
    )
    assert "Open this screen" not in page.content.decode()


@pytest.mark.parametrize("who", ["alice", "hank"])
def test_the_to_and_the_head_judge_post_and_withdraw(world: World, who):
    client = world.client(who)
    posted = client.post(world.url("manage/screens/"), {"text": "Painting judged at 16:00"}, follow=True)
    assert b"Announcement posted" in posted.content
    row = Announcement.objects.get()
    assert row.text == "Painting judged at 16:00"
    assert b"Painting judged at 16:00" in world.client("anonymous").get(world.url()).content
    withdrawn = client.post(world.url(f"manage/screens/announcements/{row.pk}/withdraw/"), follow=True)
    assert b"Announcement withdrawn" in withdrawn.content
    assert b"Painting judged at 16:00" not in world.client("anonymous").get(world.url()).content


def test_bad_text_is_shown_with_the_form(world: World):
    response = world.client("alice").post(world.url("manage/screens/"), {"text": "w" * 300})
    assert response.status_code == 400
    assert "at most 280 characters" in response.content.decode()
    assert not Announcement.objects.exists()


@pytest.mark.parametrize("who", ["bob", "judy", "mallory"])
def test_others_get_a_404(world: World, who):
    assert world.client(who).get(world.url("manage/screens/")).status_code == 404
    assert world.client(who).post(world.url("manage/screens/"), {"text": "x"}).status_code == 404


def test_the_hall_screen_is_linked_from_the_to_pages(world: World):
    from tests.builders.rows import add_round

    add_round(world.event, 1, [(world.bob, world.carol), (world.dan, world.erin)], running=True)
    screen = f"/e/{world.event.slug}/screen/"
    for tail in ("manage/", "pairings/", "standings/", "rounds/1/clock/"):
        assert screen in world.client("alice").get(world.url(tail)).content.decode(), tail
