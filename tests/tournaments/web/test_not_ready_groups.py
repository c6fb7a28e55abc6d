"""The pre-round check at a big event: one line per kind of problem, naming the players,
rather than one line per player (64 identical "has no roster" lines at 64 players)."""

from __future__ import annotations

import pytest

from tests.builders.rows import add_round, make_event, play_round
from tournaments.models import EventKind, RoundStatus
from tournaments.selectors import group_not_ready, round_readiness

pytestmark = pytest.mark.django_db


@pytest.fixture
def crowd(alice):
    """64 players, no rosters, nobody checked in; round 1 paired, not yet published."""
    event = make_event(to=alice, players=64, kind=EventKind.COMPETITIVE, planned_rounds=5)
    play_round(event, 1, status=RoundStatus.PAIRED, scored=False)
    return event


def test_the_round_page_groups_identical_problems_into_one_line(client, crowd, alice):
    client.force_login(alice)
    page = client.get("/e/spring-skirmish/manage/rounds/1/").content.decode()
    assert "Not ready for round 1" in page
    assert page.count('data-code="no-roster"') == 1
    assert page.count('data-code="not-checked-in"') == 1
    assert "64 players have no roster:" in page
    assert "Player 001, Player 002" in page
    assert "and 56 more" in page  # the rest folded away, still on the page
    assert "Player 064" in page
    assert "has no roster." not in page  # no line per player


def test_groups_keep_the_reason_order_and_a_lone_player_reads_as_a_sentence(alice):
    event = make_event(to=alice, players=["Zoë", "Ádám", "bob"])
    add_round(event, 1, [("p1", "p2"), ("p3", None)], status=RoundStatus.PAIRED)
    groups = group_not_ready(round_readiness(event, number=1))
    assert [(g.code, g.names) for g in groups] == [("no-roster", ("Ádám", "bob", "Zoë"))]
    (group,) = groups
    assert (group.heading, group.shown, group.hidden) == (
        "3 players have no roster:",
        ("Ádám", "bob", "Zoë"),
        (),
    )
    one = group_not_ready(round_readiness(event, number=1)[:1])[0]
    assert one.heading == "Zoë has no roster."
