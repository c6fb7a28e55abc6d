"""Calling time and confirming a Disqualification cannot be taken back: the first POST asks
and changes nothing, the confirmed one acts. A plain form: it works without JavaScript."""

from __future__ import annotations

import pytest

from judging.models import Penalty, PenaltyStatus, RoundClock
from judging.services import clock_start, penalty_issue
from tests.builders.worlds import World
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def test_calling_time_asks_first(world: World, round_one: Round):
    clock_start(round_=round_one, by=world.users["alice"])
    alice = world.client("alice")
    url = world.url("rounds/1/clock/call/")
    asked = alice.post(url)
    assert asked.status_code == 200
    page = asked.content.decode()
    assert "Call time on round 1?" in page
    assert 'name="confirmed" value="yes"' in page
    assert f'href="{world.url("rounds/1/clock/")}"' in page  # cancel goes back to the clock
    assert RoundClock.objects.get(round=round_one).called_at is None
    done = alice.post(url, {"confirmed": "yes"})
    assert done.status_code == 302
    assert RoundClock.objects.get(round=round_one).called_at is not None


def test_the_clock_control_page_posts_call_time_to_the_asking_step(world: World, round_one: Round):
    clock_start(round_=round_one, by=world.users["alice"])
    page = world.client("alice").get(world.url("rounds/1/clock/")).content.decode()
    assert 'name="confirmed"' not in page  # the button on the control page only asks


def test_confirming_a_disqualification_asks_first_and_keeps_the_note(world: World, round_one: Round):
    proposal = penalty_issue(
        event=world.event,
        player=world.dan,
        level="disqualification",
        category="conduct",
        by=world.users["hank"],
        notes="threats",
    )
    alice = world.client("alice")
    url = world.url(f"judge/penalties/{proposal.pk}/confirm/")
    asked = alice.post(url, {"note": "seen it"})
    assert asked.status_code == 200
    page = asked.content.decode()
    assert "Confirm the Disqualification of Dan?" in page
    assert 'name="note" value="seen it"' in page
    assert Penalty.objects.get(pk=proposal.pk).status == PenaltyStatus.PENDING
    alice.post(url, {"note": "seen it", "confirmed": "yes"})
    assert Penalty.objects.get(pk=proposal.pk).status == PenaltyStatus.CONFIRMED


def test_completing_a_draft_at_random_asks_first(world: World, round_one: Round, monkeypatch):
    import datetime as dt

    from django.utils import timezone

    from judging.models import GameDraft
    from tests.builders.worlds import T0

    clock_start(round_=round_one, by=world.users["alice"], at=T0)
    monkeypatch.setattr(timezone, "now", lambda: T0 + dt.timedelta(minutes=20))
    judge = world.client("hank")
    game = round_one.games.get(player_one=world.dan)
    url = world.url(f"games/{game.pk}/draft/random/")
    asked = judge.post(url, {"next": "overview"})
    assert asked.status_code == 200
    page = asked.content.decode()
    assert "Complete the draft of table 2 at random?" in page
    assert 'name="next" value="overview"' in page
    assert not GameDraft.objects.filter(game=game, completed_at_random=True).exists()
    judge.post(url, {"next": "overview", "confirmed": "yes"})
    assert GameDraft.objects.get(game=game).completed_at_random
    # On the table's draft page htmx asks in the browser and sends the confirmation itself.
    table_one = round_one.games.get(player_one=world.bob)
    draft_page = judge.get(world.url(f"games/{table_one.pk}/draft/")).content.decode()
    assert "hx-confirm=" in draft_page
    assert 'hx-vals=\'{"confirmed": "yes"}\'' in draft_page
