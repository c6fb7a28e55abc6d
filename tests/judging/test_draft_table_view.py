"""Once the draft completed, the player's
table view still showed the page from before it (a 304 on the event's version, which the
draft did not move), so the roster the opponent drafted was neither named nor listed first."""

from __future__ import annotations

import pytest

from tests.builders.worlds import World
from tests.judging.test_draft import BOB_R2, CAROL_R1, Phone

pytestmark = pytest.mark.django_db


def _finish_the_draft(bob: Phone, carol: Phone) -> None:
    """The sequence of test_draft.test_two_phones_through_the_whole_sequence."""
    bob.tap(f"Play {BOB_R2}")
    carol.tap(f"Play {CAROL_R1}")
    carol.tap("Read the Deployment from Bob's side")
    bob.tap("Be the Red Player")
    bob.tap("Control the Mission Draft")
    carol.tap("Remove Frontlines (Bob's copy)")
    carol.tap("Remove Hold Position (Carol's copy)")
    bob.tap("Pick Supply Drop (Carol's copy)")
    bob.tap("Remove Gauntlet (Carol's copy)")
    bob.tap("Remove Acropolis (Bob's copy)")
    done = carol.tap("Pick Breach (Bob's copy)")
    assert b"Draft complete" in done.content


def test_a_completed_draft_refreshes_the_table_view(world: World, round_one) -> None:
    bob, carol = Phone(world, "bob"), Phone(world, "carol")
    me = world.url("me/")
    bob.client.get(me)  # the first visit sets the CSRF cookie, which is part of the ETag
    before = bob.client.get(me)
    assert before.status_code == 200
    assert "chosen in the draft" not in before.content.decode()
    etag = before["ETag"]
    bob.page()  # opening the draft page starts it: nothing the table view shows yet
    assert bob.client.get(me, HTTP_IF_NONE_MATCH=etag).status_code == 304
    _finish_the_draft(bob, carol)
    after = bob.client.get(me, HTTP_IF_NONE_MATCH=etag)
    assert after.status_code == 200, "the table view answered 304 with the page from before the draft"
    page = after.content.decode()
    assert "roster 1 chosen in the draft" in page
    # Carol sees Bob's drafted roster 2 first.
    theirs = carol.client.get(me).content.decode()
    assert "roster 2 chosen in the draft" in theirs
    assert theirs.index("Roster 2") < theirs.index("Roster 1", theirs.index("chosen in the draft"))
