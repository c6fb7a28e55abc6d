"""The seasons tests' accounts and finished events."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.utils import timezone

from tests.builders.rows import add_player, add_round, make_event
from tournaments.models import Event, EventStatus, RoundStatus


def finished(event: Event, day: dt.date) -> Event:
    event.rounds.update(
        status=RoundStatus.CLOSED, closed_at=timezone.make_aware(dt.datetime.combine(day, dt.time(18)))
    )
    event.status = EventStatus.FINISHED
    event.save(update_fields=["status"])
    return event


@pytest.fixture
def accounts(django_user_model: Any) -> dict[str, Any]:
    return {
        n: django_user_model.objects.create_user(n, f"{n}@example.org", "pw-123456789")
        for n in ("ann", "ben", "cy", "dee")
    }


def one_event(to, accounts, slug: str, order: list[str], day: dt.date) -> Event:
    """Four players with accounts: round 1 pairs 1st v 2nd and 3rd v 4th of `order`, the
    first named winning 7-3 each time, then the event is finished."""
    event = make_event(to=to, slug=slug, name=slug.title(), planned_rounds=1)
    seats = {n: add_player(event, accounts[n], n.title()) for n in order}
    add_round(
        event,
        1,
        [(seats[order[0]], seats[order[1]]), (seats[order[2]], seats[order[3]])],
        results=[(7, 3), (7, 3)],
    )
    return finished(event, day)
