"""The TO's actions that cannot be taken back ask first: the first POST answers a page saying
what will happen and changes nothing; the same form posted again with the confirmation acts.
Plain HTML forms, so they work without JavaScript."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail

from tests.builders.rows import add_round
from tests.builders.worlds import World, build_world
from tournaments.models import Event, Player, RoundStatus
from tournaments.services.side_events import side_event_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(users) -> World:
    return build_world(users)


def asks(response: Any, title: str) -> str:
    assert response.status_code == 200
    page: str = response.content.decode()
    assert title in page
    assert "Nothing has changed yet." in page
    assert 'name="confirmed" value="yes"' in page
    return page


def test_a_no_show_asks_first(world: World):
    add_round(world.event, 1, [(world.bob, world.carol), (world.dan, world.erin)], RoundStatus.PUBLISHED)
    alice = world.client("alice")
    url = world.url(f"manage/players/{world.carol.pk}/no-show/")
    page = asks(alice.post(url), "Record Carol as a no-show?")
    assert "round 1" in page
    world.carol.refresh_from_db()
    assert world.carol.dropped_after_round is None
    assert alice.post(url, {"confirmed": "yes"}).status_code == 302
    world.carol.refresh_from_db()
    assert world.carol.dropped_after_round == 1


def test_a_drop_asks_first(world: World):
    alice = world.client("alice")
    url = world.url(f"manage/players/{world.bob.pk}/drop/")
    asks(alice.post(url), "Drop Bob?")
    world.bob.refresh_from_db()
    assert world.bob.dropped_after_round is None
    alice.post(url, {"confirmed": "yes"})
    world.bob.refresh_from_db()
    assert world.bob.dropped_after_round == 0


def test_checking_in_does_not_ask(world: World):
    alice = world.client("alice")
    assert alice.post(world.url(f"manage/players/{world.bob.pk}/check-in/")).status_code == 302


def test_mailing_the_invitations_asks_first(world: World, mails_after_commit: Any):
    Player.objects.create(event=world.event, name="Ada", email="ada@example.org", external_id="s1")
    alice = world.client("alice")
    url = world.url("manage/players/invite/")
    page = asks(alice.post(url), "E-mail the invitations?")
    assert "1 player on the list" in page
    assert mail.outbox == []
    mails_after_commit(lambda: alice.post(url, {"confirmed": "yes"}))
    assert [m.to for m in mail.outbox] == [["ada@example.org"]]


def test_undoing_a_round_asks_first(world: World):
    add_round(world.event, 1, [(world.bob, world.carol), (world.dan, world.erin)], RoundStatus.PAIRED)
    alice = world.client("alice")
    url = world.url("manage/rounds/1/undo/")
    asks(alice.post(url), "Undo round 1?")
    assert world.event.rounds.filter(number=1).exists()
    alice.post(url, {"confirmed": "yes"})
    assert not world.event.rounds.filter(number=1).exists()


def test_deleting_a_side_event_asks_first(world: World):
    side = side_event_create(
        main=world.event,
        actor=world.users["alice"],
        name="Evening Skirmish",
        round_minutes=60,
        planned_rounds=2,
    )
    alice = world.client("alice")
    url = world.url(f"manage/side-events/{side.slug}/delete/")
    asks(alice.post(url), "Delete Evening Skirmish?")
    assert Event.objects.filter(pk=side.pk).exists()
    alice.post(url, {"confirmed": "yes"})
    assert not Event.objects.filter(pk=side.pk).exists()


def test_only_the_to_is_asked(world: World):
    assert world.client("bob").post(world.url(f"manage/players/{world.bob.pk}/drop/")).status_code == 404
