"""The export reads a fixed number of queries, however big the event: the same bound for 8 and 40 players."""

from __future__ import annotations

import pytest

from interchange.event_export import export_event
from tests.builders.scenario import full_event

pytestmark = pytest.mark.django_db

# Core rows: tables, players, their rosters, rounds, games (5); then staff, reports, the
# ten sections (12: the awards' programme and awards among them), the usernames (1),
# the supplied pack (1) and the side-event links (1).
# A public export skips three sections (the audit log, the conduct reports and the chess clocks).
FULL = 20
PUBLIC = 17


@pytest.mark.parametrize("size", [8, 40])
def test_the_export_makes_a_bounded_number_of_queries(users, django_assert_max_num_queries, size):
    event = full_event(users, size, name=f"Clash {size}")
    with django_assert_max_num_queries(FULL):
        data = export_event(event)
    assert len(data["players"]) == size
    # Round 1 had size/2 games, each with at least one report; every player has a roster.
    assert len(data["rounds"][0]["games"]) == size // 2
    assert all(g["reports"] for g in data["rounds"][0]["games"])
    assert all(p["rosters"] for p in data["players"])
    with django_assert_max_num_queries(PUBLIC):
        export_event(event, public=True)
