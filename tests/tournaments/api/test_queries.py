"""List endpoints make a fixed number of queries, however big the event (Zulip-style).

The same bound holds for 8 players and for 40: any per-row query would break it.
"""

from __future__ import annotations

import pytest

from tests.builders.worlds import big_event

pytestmark = pytest.mark.django_db

# (role, path under the event, bound). The event and the caller's roles cost one to three
# queries (access_event); a paginated list one more for its count; the rest is one query
# per kind of row, never one per row.
COUNT = 1
ENDPOINTS = [
    ("anonymous", "players/", 2 + COUNT),
    ("alice", "players/", 4 + COUNT),
    ("anonymous", "rounds/", 2 + COUNT),
    ("anonymous", "rounds/1/", 3),
    ("alice", "rounds/1/", 6),  # staff also get every game's reports
    ("anonymous", "standings/", 6),
    ("anonymous", "standings/p3/", 7),
    ("alice", "roster-board/", 5 + COUNT),
    ("alice", "rosters/", 4 + COUNT),
    ("bob", "rosters/", 5 + COUNT),
    ("judy", "judge-queue/", 5 + COUNT),
    ("alice", "audit/", 4 + COUNT),
    ("anonymous", "export/", 18),
    ("alice", "export/?scope=full", 23),  # the export (20), the event, the caller, the role
]


@pytest.mark.parametrize("size", [8, 40])
@pytest.mark.parametrize(("role", "path", "bound"), ENDPOINTS)
def test_list_endpoints_make_a_bounded_number_of_queries(
    api, users, django_assert_max_num_queries, size, role, path, bound
):
    event = big_event(users, size, str(size))
    client = api(role)
    with django_assert_max_num_queries(bound):
        response = client.get(f"/api/events/{event.slug}/{path}")
    assert response.status_code == 200
    rows = {"players/": size, "roster-board/": size, "rosters/": size if role == "alice" else 2}
    if path in rows:
        assert len(response.json()["results"]) == response.json()["count"] == rows[path]
    if path == "judge-queue/":
        # Of the size/2 games, the odd ones are disputed and every fourth one needs review.
        games = size // 2
        assert len(response.json()["results"]) == games // 2 + (games + 3) // 4


def test_me_is_bounded_too(api, users, django_assert_max_num_queries):
    for size in (8, 40):
        big_event(users, size, str(size))
    with django_assert_max_num_queries(4):
        body = api("bob").get("/api/me/").json()
    assert len(body["events"]) == 2
