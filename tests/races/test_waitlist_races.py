"""Two sign-ups for an event's last seat at the same moment, on PostgreSQL (docs/waitlist.md):
the event row's lock decides them in turn, so exactly one gets the seat and the other is told
the event is full (and may join the waitlist). Without the lock both counted one free seat."""

from __future__ import annotations

import itertools
import os
from collections import Counter
from functools import partial
from typing import Any

import pytest

from tests.races.conftest import Racer, client_for
from tournaments.models import Event, Player

TRIALS = int(os.environ.get("RACE_TRIALS", "100"))
_serial = itertools.count(1)

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_sign_ups_for_the_last_seat_never_both_get_it(users: dict[str, Any], racer: Racer) -> None:
    tabs = [client_for(users["carol"]), client_for(users["mallory"])]
    overfull, codes, refusals = 0, Counter[int](), Counter[str]()
    for _ in range(TRIALS):
        n = next(_serial)
        event = Event.objects.create(name=f"Cap {n}", slug=f"cap-{n}", join_code="let-me-in", capacity=2)
        Player.objects.create(event=event, external_id="p1", name="Already In")
        url = f"/api/events/{event.slug}/players/"
        answers = racer.run(
            *(partial(tab.post, url, {"join_code": "let-me-in"}, format="json") for tab in tabs)
        )
        codes.update(r.status_code for r in answers)
        refusals.update(r.json().get("code", "") for r in answers if r.status_code == 400)
        if Player.objects.filter(event=event).count() > 2:
            overfull += 1
        assert sorted(r.status_code for r in answers) == [201, 400], [r.json() for r in answers]
    assert overfull == 0, f"{overfull} of {TRIALS} trials seated both; answers {dict(codes)}"
    assert set(refusals) == {"event-full"}
