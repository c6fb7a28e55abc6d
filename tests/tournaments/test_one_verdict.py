"""One roster, one verdict: the API check, the web live check, the submission and
`validate_roster` all read the roster with the one reader and judge it with
`rules_engine.verdict.judge_rosters`."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from rosters.models import Roster
from rules_engine.systems.starcraft_tmg.roster_json import roster_from_document
from rules_engine.systems.starcraft_tmg.roster_text import write_roster_text
from tests.builders.documents import illegal_roster, terran_document
from tests.builders.documents import raynor as legal_roster

pytestmark = pytest.mark.django_db

BOM = "\ufeff"


def codes_of(violations: list[dict[str, Any]]) -> list[str]:
    return sorted(v["code"] for v in violations)


def api_check(api, world, content: Any) -> tuple[bool, list[str]]:
    response = api("bob").post(world.api_url("rosters/check/"), {"content": content}, format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    return body["legal"], codes_of([*body["rosters"][0]["violations"], *body["violations"]])


def web_check(client, world, text: str) -> tuple[bool, list[str]]:
    client.force_login(world.bob.user)
    response = client.post(f"/e/{world.event.slug}/rosters/check/", {"r1-content": text, "slot": "1"})
    assert response.status_code == 200
    assert "error" not in response.context, response.context["error"]
    verdict = response.context["report"]
    return verdict.legal, sorted(v.code for v in verdict.violations)


def api_submit(api, world, content: Any) -> tuple[bool, list[str]]:
    response = api("bob").post(world.api_url("rosters/"), {"slot": 1, "content": content}, format="json")
    assert response.status_code == 201, response.json()
    report = response.json()["report"]
    return response.json()["legal"], codes_of([*report["roster"]["violations"], *report["dual_list"]])


def web_submit(client, world, text: str) -> tuple[bool, list[str]]:
    client.force_login(world.bob.user)
    client.post(f"/e/{world.event.slug}/me/rosters/1/", {"r1-content": text})
    roster = Roster.objects.get(player=world.bob, slot=1)
    report = roster.report
    return roster.legal, codes_of([*report["roster"]["violations"], *report["dual_list"]])


def cli(tmp_path: Path, text: str) -> tuple[int, bool | None, list[str]]:
    path = tmp_path / "roster.txt"
    path.write_text(text, encoding="utf-8")
    out = StringIO()
    try:
        call_command("validate_roster", str(path), "--json", stdout=out, stderr=StringIO())
        status = 0
    except SystemExit as exc:
        status = int(exc.code or 0)
    except CommandError as exc:
        return exc.returncode, None, [str(exc)]
    body = json.loads(out.getvalue())
    return status, body["legal"], codes_of([*body["rosters"][0]["violations"], *body["violations"]])


def test_a_skirmish_roster_at_a_standard_event_is_illegal_everywhere(api, client, world):
    """Before the fix the API check said legal (game rules only) while the web said illegal."""
    skirmish = terran_document("Bob")
    assert skirmish["scale"] == "skirmish"
    assert world.event.scale == "standard"
    text = json.dumps(skirmish)
    expected = (False, ["wrong-scale"])
    assert api_check(api, world, skirmish) == expected
    assert api_check(api, world, text) == expected
    assert web_check(client, world, text) == expected
    assert api_submit(api, world, skirmish) == expected
    assert web_submit(client, world, text) == expected


def test_a_json_roster_with_a_byte_order_mark_is_read_alike_by_cli_web_and_api(api, client, world, tmp_path):
    """Before the fix the CLI read it and the web and API refused it as unreadable."""
    text = BOM + json.dumps(legal_roster())
    assert cli(tmp_path, text) == (0, True, [])
    assert web_check(client, world, text) == (True, [])
    assert api_check(api, world, text) == (True, [])
    assert api_submit(api, world, text) == (True, [])
    assert Roster.objects.get(player=world.bob).document["faction_card"] == "Raynor's Raiders"


def _over_budget() -> dict[str, Any]:
    doc = legal_roster()
    doc["units"] = [*doc["units"], {"name": "Marine", "models": 6, "upgrades": []}] * 3
    return doc


ROSTERS = {
    "legal roster/1": lambda: json.dumps(legal_roster()),
    "legal text": lambda: write_roster_text(roster_from_document(legal_roster())),
    "text with a byte-order mark": lambda: BOM + write_roster_text(roster_from_document(legal_roster())),
    "unknown unit, one mission": lambda: json.dumps(illegal_roster()),
    "over budget": lambda: json.dumps(_over_budget()),
    "JSON with a BOM and blank lines": lambda: BOM + "\n\n  " + json.dumps(illegal_roster(), indent=2),
}


@pytest.mark.parametrize("name", ROSTERS)
def test_api_web_and_cli_agree(api, client, world, tmp_path, name):
    text = ROSTERS[name]()
    status, legal, codes = cli(tmp_path, text)
    assert status == (0 if legal else 1)
    assert api_check(api, world, text) == (legal, codes)
    assert web_check(client, world, text) == (legal, codes)
    assert api_submit(api, world, text) == (legal, codes)
