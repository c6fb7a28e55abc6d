"""A game system installed as a package of its own runs an event, and no line of the core
names it (docs/game-systems.md, "Adding a game system").

`tests/fixtures/muster_test_game` is such a package: its own pyproject.toml, one module,
one entry point in the `muster.game_systems` group. The fixture below installs it with
pip into a folder of the test's own (a copy of the package is built, so the checkout
stays clean), puts that folder on sys.path as a site directory is, and asks the registry
to read the entry points again; afterwards it takes all of it away. Then an event of the
system runs through the API: created, joined, rosters judged (one illegal, then fixed),
a round paired, published, reported and confirmed, standings read.
"""

from __future__ import annotations

import importlib
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from rules_engine import registry
from tournaments.models import Event

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "tests" / "fixtures" / "muster_test_game"
SLUG = "test-game"


@pytest.fixture(scope="module")
def installed_game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    work = tmp_path_factory.mktemp("test-game")
    source, target = work / "source", work / "site"
    shutil.copytree(PACKAGE, source)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--target",
            str(target),
            str(source),
        ],
        check=True,
        capture_output=True,
    )
    assert (target / "muster_test_game-1.0.0.dist-info" / "entry_points.txt").exists()
    with pytest.raises(registry.UnknownGameSystem):
        registry.get_system(SLUG)  # not installed yet: nothing in the core knows it
    sys.path.insert(0, str(target))
    importlib.invalidate_caches()
    registry.rescan()
    try:
        yield SLUG
    finally:
        sys.path.remove(str(target))
        sys.modules.pop("muster_test_game", None)
        registry.forget(SLUG)
        registry.rescan()


def _client(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _roster(player: str, units: list[tuple[str, int]]) -> str:
    import json

    return json.dumps(
        {
            "format": "roster/1",
            "game_system": SLUG,
            "player": player,
            "faction": "Testers",
            "units": [{"name": name, "points": points} for name, points in units],
        }
    )


def test_the_core_does_not_name_the_installed_system():
    sources = [
        p for p in ROOT.rglob("*.py") if not p.is_relative_to(ROOT / "tests") and ".venv" not in p.parts
    ]
    sources += [p for p in (ROOT / "templates").rglob("*.html")]
    sources += [ROOT / "pyproject.toml"]
    for path in sources:
        text = path.read_text(encoding="utf-8")
        assert SLUG not in text, path
        assert "muster_test_game" not in text, path


def test_an_event_of_an_installed_game_system_runs_end_to_end(installed_game: str, users: dict[str, Any]):
    system = registry.get_system(installed_game)
    assert system.name == "Skirmish Test Game"
    assert installed_game in {s.slug for s in registry.all_systems(events_only=True)}

    to = _client(users["alice"])
    answer = to.post(
        "/api/events/",
        {
            "name": "Test Game cup",
            "game_system": SLUG,
            "scale": "standard",
            "planned_rounds": 2,
            "kind": "community",
            "list_format": "single",
        },
        format="json",
    )
    assert answer.status_code == 201, answer.content
    slug, join_code = answer.json()["slug"], answer.json()["join_code"]
    api = f"/api/events/{slug}/"
    event = Event.objects.get(slug=slug)
    assert event.system is system
    assert (
        to.put(f"{api}tables/", {"tables": [{"number": n} for n in (1, 2)]}, format="json").status_code == 200
    )

    players: dict[str, APIClient] = {}
    for name in ("ana", "ben", "cat", "dov"):
        client = _client(get_user_model().objects.create_user(username=name, password="x"))
        answer = client.post(f"{api}players/", {"join_code": join_code, "name": name.title()}, format="json")
        assert answer.status_code == 201, answer.content
        players[answer.json()["external_id"]] = client

    # One player's first army is over budget and names a unit twice: the system's own rules say so.
    first_id, first = next(iter(players.items()))
    illegal = _roster(first_id, [("Scout", 10), ("Tank", 20), ("Scout", 10)])
    answer = first.post(f"{api}rosters/", {"slot": 1, "content": illegal}, format="json")
    assert answer.status_code == 201, answer.content
    assert answer.json()["legal"] is False
    codes = {v["code"] for v in answer.json()["report"]["roster"]["violations"]}
    assert codes == {"points-over-limit", "unit-duplicated"}
    for external_id, client in players.items():
        answer = client.post(
            f"{api}rosters/",
            {"slot": 1, "content": _roster(external_id, [("Scout", 10), ("Tank", 15)])},
            format="json",
        )
        assert answer.status_code == 201, answer.content
        assert answer.json()["legal"] is True, answer.json()
        assert answer.json()["report"]["roster"]["totals"] == {"points": 25}

    answer = to.post(f"{api}rounds/", {"seed": 1}, format="json")
    assert answer.status_code == 201, answer.content
    assert to.post(f"{api}rounds/1/publish/").status_code == 200
    games = to.get(f"{api}rounds/1/").json()["games"]
    assert len(games) == 2
    # VP beyond the system's own range (0-10) are refused.
    one = games[0]["player_one"]["external_id"]
    answer = players[one].post(f"{api}games/{games[0]['id']}/report/", {"vp": [11, 0]}, format="json")
    assert answer.status_code == 400, answer.content
    for table, game in enumerate(games, start=1):
        one, two = game["player_one"]["external_id"], game["player_two"]["external_id"]
        vp = [7, 2] if table == 1 else [4, 4]
        answer = players[one].post(f"{api}games/{game['id']}/report/", {"vp": vp}, format="json")
        assert answer.status_code == 200, answer.content
        answer = players[two].post(f"{api}games/{game['id']}/confirm/")
        assert answer.status_code == 200, answer.content
        assert answer.json()["result_status"] == "confirmed"
    assert to.get(f"{api}rounds/1/").json()["status"] == "closed"

    rows = _client(users["alice"]).get(f"{api}standings/").json()["standings"]
    assert len(rows) == 4
    # The system's bands: a win 3 MP, a draw 1 each, a loss 0.
    assert sorted(row["mp"] for row in rows) == [0, 1, 1, 3]
