"""A draft never offers an illegal roster without a marker. A roster whose stored
verdict is illegal is still offered (a judge rules on it; OP Guide: Illegal Rosters), marked
"illegal" on the player's buttons, to the opponent once revealed, and to the judge."""

from __future__ import annotations

import pytest

from rosters.models import Roster
from tests.builders.worlds import World
from tests.judging.test_draft import Phone

pytestmark = pytest.mark.django_db


def test_the_draft_marks_an_illegal_roster(world: World, round_one):
    Roster.objects.filter(player=world.bob, slot=2).update(legal=False)
    bob, carol = Phone(world, "bob"), Phone(world, "carol")
    assert bob.labels() == ["Play Roster 1: Raynor's Raiders", "Play Roster 2: Raynor's Raiders (illegal)"]
    page = bob.page().content.decode()
    assert "Play Roster 2: Raynor&#x27;s Raiders (illegal)" in page
    # Carol's legal rosters carry no marker.
    assert not any("illegal" in label for label in carol.labels())
    bob.tap("Play Roster 2: Raynor's Raiders (illegal)")
    carol.tap("Play Roster 1: Raynor's Raiders")
    seen = carol.fragment().content.decode()
    assert "Raynor&#x27;s Raiders (illegal)" in seen
