"""A stored verdict is never stale. Under dual list, each roster's verdict holds the checks
between the two lists (OP Guide: Dual List Format: both rosters are the same player's), so
changing one roster judges the other again; and a change to the settings rosters are judged
under (scale, points limit, rules cut-off, list format) judges them all again."""

from __future__ import annotations

import pytest

from tests.builders.documents import raynor, terran_document
from tests.builders.rows import add_player, make_event
from tournaments.models import ListFormat
from tournaments.services.events import event_update
from tournaments.services.rosters import roster_submit

pytestmark = pytest.mark.django_db


def _codes(roster) -> set[str]:
    roster.refresh_from_db()
    return {v["code"] for v in roster.report.get("dual_list", [])}


def test_fixing_roster_1_clears_roster_2s_mismatch(alice, bob):
    event = make_event(to=alice, list_format=ListFormat.DUAL, scale="standard")
    player = add_player(event, bob, "Bob")
    first = roster_submit(player=player, slot=1, content=raynor("Robert"), by=bob)
    second = roster_submit(player=player, slot=2, content=raynor("Bob"), by=bob)
    assert "dual-list-player-mismatch" in _codes(second)
    assert not second.legal
    assert "dual-list-player-mismatch" in _codes(first)  # judged again beside roster 2
    assert not first.legal

    roster_submit(player=player, slot=1, content=raynor("Bob"), by=bob)
    assert _codes(second) == set()
    assert second.legal
    first.refresh_from_db()
    assert first.legal


def test_a_changed_scale_judges_the_stored_rosters_again(alice, bob):
    """A verdict judged at Skirmish is stale once the TO plays Standard: the roster board,
    the pre-round check and the pairing read the stored verdict."""
    event = make_event(to=alice)  # Skirmish
    player = add_player(event, bob, "Bob")
    roster = roster_submit(player=player, slot=1, content=terran_document("Bob"), by=bob)
    assert roster.legal
    event_update(event=event, actor=alice, scale="standard")
    roster.refresh_from_db()
    assert not roster.legal
    event_update(event=event, actor=alice, scale="skirmish")
    roster.refresh_from_db()
    assert roster.legal
