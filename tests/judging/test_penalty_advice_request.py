"""The penalty page's advice panel reaches the judge (OP Guide: Judging and Conduct,
escalation Caution -> Warning -> Game Loss).

The page has two forms with a `player` field (the penalty, the slow-play time limit); the
advice request must carry the penalty form's choice alone, and a request carrying both
fields (`?player=23&player=`, what the old selector sent) must still answer with advice.
"""

from __future__ import annotations

import re

import pytest

from judging.services import penalty_issue

pytestmark = pytest.mark.django_db


def _warn(world, category: str) -> None:
    penalty_issue(
        event=world.event,
        player=world.bob,
        level="warning",
        category=category,
        by=world.users["judy"],
        notes="x",
    )


def test_advice_request_with_both_player_fields_shows_the_chosen_players_record(world, round_one):
    for category in ("rules", "slow-play", "conduct"):
        _warn(world, category)
    page = world.client("hank").get(world.url(f"judge/penalties/advice/?player={world.bob.pk}&player="))
    body = page.content.decode()
    assert "Bob's record" in body
    assert "Game Loss prompt" in body
    assert "third Warning" in body


def test_advice_request_includes_only_the_penalty_forms_player(world, round_one):
    page = world.client("judy").get(world.url("judge/penalties/new/")).content.decode()
    (include,) = re.findall(r'hx-include="([^"]+)"', page)
    # An id selector naming the penalty form's own select, not every field called "player".
    assert include.startswith("#")
    ids = re.findall(r'<select name="player"[^>]*id="([^"]+)"', page)
    assert include[1:] in ids
    assert len(ids) == 2
