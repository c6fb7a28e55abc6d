"""Closing the vote and publishing the winners cannot be taken back: the first POST asks,
changes nothing, and the confirmed one acts (a plain form, no JavaScript needed)."""

from __future__ import annotations

import pytest

from awards.models import AwardProgramme
from awards.services import awards_close_voting
from tests.builders.worlds import World

pytestmark = pytest.mark.django_db


def programme(world: World) -> AwardProgramme:
    return AwardProgramme.objects.get(event=world.event)


def test_closing_the_vote_asks_first(offered: World):
    to = offered.client("alice")
    asked = to.post(offered.url("manage/awards/close/"))
    assert asked.status_code == 200
    page = asked.content.decode()
    assert "Close voting?" in page
    assert 'name="confirmed" value="yes"' in page
    assert programme(offered).voting_open
    done = to.post(offered.url("manage/awards/close/"), {"confirmed": "yes"})
    assert done.status_code == 302
    assert not programme(offered).voting_open


def test_publishing_the_winners_asks_first(offered: World):
    awards_close_voting(event=offered.event, by=offered.users["alice"])
    to = offered.client("alice")
    asked = to.post(offered.url("manage/awards/publish/"))
    assert asked.status_code == 200
    assert "Publish the winners?" in asked.content.decode()
    assert programme(offered).published_at is None
    to.post(offered.url("manage/awards/publish/"), {"confirmed": "yes"})
    assert programme(offered).published_at is not None


def test_only_the_to_is_asked(offered: World):
    assert offered.client("bob").post(offered.url("manage/awards/close/")).status_code == 404
