"""The schema as the whole contract: every answer documented, each rule its own code, the
dispute on the API, and every error code in docs/api.md."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

from tests.builders.documents import raynor
from tournaments import limits
from tournaments.models import AuditEntry, ResultStatus
from tournaments.services.players import PLAYERS_CSV_MAX_CHARS
from tournaments.services.rosters import ROSTER_MAX_BYTES

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]
METHODS = {"get", "post", "put", "patch", "delete"}


@pytest.fixture
def schema(client) -> dict[str, Any]:
    loaded: dict[str, Any] = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    return loaded


def operations(schema: dict[str, Any]) -> dict[str, tuple[str, dict[str, Any]]]:
    return {
        op["operationId"]: (method, op)
        for item in schema["paths"].values()
        for method, op in item.items()
        if method in METHODS
    }


# --- what every operation answers --------------------------------------------------------


def test_every_operation_that_reads_a_token_documents_401_and_every_one_503(schema):
    for name, (_, op) in operations(schema).items():
        schemes = {key for requirement in op.get("security", []) for key in requirement}
        if "tokenAuth" in schemes:
            assert "401" in op["responses"], name
        assert "Retry-After" in op["responses"]["503"]["headers"], name


@pytest.mark.parametrize(
    "operation", ["standings", "round_read", "rosters_list", "events_list", "event_read"]
)
def test_a_bad_token_on_a_public_read_is_a_documented_401(client, schema, world, round_one, operation):
    """An unknown token was answered 401 on reads whose schema had no 401."""
    method, op = operations(schema)[operation]
    assert op["security"][0] == {}  # open to anonymous callers, said first
    assert "401" in op["responses"]
    path = next(p for p, item in schema["paths"].items() if item.get(method) is op)
    url = path.replace("{slug}", world.event.slug).replace("{number}", "1")
    response = client.get(url, HTTP_AUTHORIZATION="Token " + "0" * 64)
    assert response.status_code == 401
    assert response.json()["code"] == "authentication-failed"


def test_the_printing_api_answers_a_bad_token_401_in_the_error_shape(client, schema, world):
    """A bad token got 403 from the printing API, and 401 everywhere else."""
    url = f"/e/{world.event.slug}/print/api/jobs/"
    response = client.post(
        url, {"kind": "standings"}, content_type="application/json", HTTP_AUTHORIZATION="Token nope"
    )
    assert response.status_code == 401
    assert response.json()["code"] == "authentication-failed"
    _, op = operations(schema)["print_job_request"]
    for status in ("400", "401", "404", "429", "503"):
        body = op["responses"][status]["content"]["application/json"]["schema"]
        assert body == {"$ref": "#/components/schemas/Error"}, status


def test_the_token_scheme_says_token_not_bearer(schema):
    assert schema["components"]["securitySchemes"]["tokenAuth"] == {
        "type": "http",
        "scheme": "Token",
        "description": schema["components"]["securitySchemes"]["tokenAuth"]["description"],
    }


def test_writes_document_413_and_the_limits_are_in_the_schema(schema):
    ops = operations(schema)
    for name in ("rosters_submit", "rosters_check", "players_import", "event_pack_supply"):
        assert "413" in ops[name][1]["responses"], name
    parts = schema["components"]["schemas"]
    text = [
        s for s in parts["RosterSubmitRequest"]["properties"]["content"]["oneOf"] if s["type"] == "string"
    ]
    assert text[0]["maxLength"] == ROSTER_MAX_BYTES
    assert parts["PlayersImportRequest"]["properties"]["csv"]["maxLength"] == PLAYERS_CSV_MAX_CHARS
    assert parts["TablesInputRequest"]["properties"]["tables"]["maxItems"] == limits.TABLE_NUMBERS.high


@pytest.mark.parametrize("operation", ["standings", "round_read"])
def test_conditional_reads_document_etag_if_none_match_and_304(schema, operation):
    _, op = operations(schema)[operation]
    assert "If-None-Match" in {p["name"] for p in op["parameters"]}
    assert "ETag" in op["responses"]["200"]["headers"]
    assert "304" in op["responses"]


@pytest.mark.parametrize("operation", ["game_report", "game_confirm"])
def test_the_idempotency_key_is_documented_where_it_is_honoured(schema, operation):
    _, op = operations(schema)[operation]
    assert "Idempotency-Key" in {p["name"] for p in op["parameters"] if p["in"] == "header"}


def test_the_documents_are_typed_components(schema):
    parts = schema["components"]["schemas"]
    roster = parts["Roster"]["properties"]
    assert roster["document"]["allOf"][0]["$ref"].endswith("/RosterDocument")
    assert roster["report"]["allOf"][0]["$ref"].endswith("/RosterVerdict")
    assert parts["RoundDetail"]["properties"]["pairing_report"]["allOf"][0]["$ref"].endswith("/PairingReport")
    assert parts["Verdict"]["properties"]["rosters"]["items"]["$ref"].endswith("/RosterReport")
    export = operations(schema)["event_export"][1]["responses"]["200"]["content"]["application/json"]
    assert export["schema"]["$ref"].endswith("/EventFile")


# --- rule refusals, each with its own code -----------------------------------------------


def test_a_table_number_twice_is_its_own_code(api, world):
    tables = [{"number": 1, "layout": "A"}, {"number": 1, "layout": "B"}]
    response = api("alice").put(world.api_url("tables/"), {"tables": tables}, format="json")
    assert (response.status_code, response.json()["code"]) == (400, "table-listed-twice")


def test_the_to_playing_at_a_competitive_event_is_its_own_code(api, users):
    body = {"name": "Strict Cup", "kind": "competitive", "to_plays": True}
    response = api("alice").post("/api/events/", body, format="json")
    assert (response.status_code, response.json()["code"]) == (400, "staff-cannot-play")


def test_an_event_ending_before_it_starts_is_its_own_code(api, world):
    body = {"starts_on": "2030-05-02", "ends_on": "2030-05-01"}
    response = api("alice").patch(world.api_url(), body, format="json")
    assert (response.status_code, response.json()["code"]) == (400, "ends-before-start")


def test_a_result_naming_what_the_game_does_not_record_is_its_own_code(api, world, round_one):
    game = world.game(world.bob)
    body = {"outcome": "played", "vp": [10, 3], "loser": world.carol.external_id}
    response = api("bob").post(world.api_url(f"games/{game.pk}/report/"), body, format="json")
    assert (response.status_code, response.json()["code"]) == (400, "result-field-not-recorded")


def test_a_judges_correction_without_a_reason_is_its_own_code(api, world, round_one):
    game = world.game(world.bob)
    body = {"vp": [10, 3], "reason": "", "version": game.version}
    response = api("judy").post(world.api_url(f"games/{game.pk}/result/"), body, format="json")
    assert (response.status_code, response.json()["code"]) == (400, "reason-required")


def test_a_second_roster_at_a_single_list_event_is_its_own_code(api, world):
    api("alice").patch(world.api_url(), {"list_format": "single"}, format="json")
    response = api("bob").post(world.api_url("rosters/"), {"slot": 2, "content": raynor()}, format="json")
    assert (response.status_code, response.json()["code"]) == (400, "single-list")


# --- the dispute on the API --------------------------------------------------------------


def _carol_reports(api, world, vp):
    game = world.game(world.bob)
    response = api("carol").post(world.api_url(f"games/{game.pk}/report/"), {"vp": vp}, format="json")
    assert response.status_code == 200
    return game


def test_a_player_disputes_with_a_note_and_a_claimed_score(api, world, round_one):
    game = _carol_reports(api, world, [3, 12])
    body = {"note": "We ended 11 to 4.", "claim": {"vp": [11, 4]}}
    response = api("bob").post(world.api_url(f"games/{game.pk}/dispute/"), body, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["result_status"] == ResultStatus.DISPUTED
    assert {(r["by"], tuple(r["vp"])) for r in response.json()["reports"]} == {
        (world.carol.external_id, (3, 12)),
        (world.bob.external_id, (11, 4)),
    }
    [item] = api("judy").get(world.api_url("judge-queue/")).json()["results"]
    assert (item["note"], item["disputed_by"]) == ("We ended 11 to 4.", world.bob.external_id)
    # Sent again (a retry): nothing more is stored.
    again = api("bob").post(world.api_url(f"games/{game.pk}/dispute/"), body, format="json")
    assert again.status_code == 200
    assert len(again.json()["reports"]) == 2
    assert AuditEntry.objects.filter(event=world.event, action="result-disputed").count() == 1


def test_a_claim_that_is_the_opponents_report_is_no_dispute(api, world, round_one):
    game = _carol_reports(api, world, [3, 12])
    body = {"claim": {"vp": [3, 12]}}
    response = api("bob").post(world.api_url(f"games/{game.pk}/dispute/"), body, format="json")
    assert (response.status_code, response.json()["code"]) == (400, "claim-agrees")
    game.refresh_from_db()
    assert game.result_status == ResultStatus.AWAITING


def test_a_bad_claim_disputes_nothing(api, world, round_one):
    game = _carol_reports(api, world, [3, 12])
    body = {"note": "no", "claim": {"outcome": "concession"}}
    response = api("bob").post(world.api_url(f"games/{game.pk}/dispute/"), body, format="json")
    assert (response.status_code, response.json()["code"]) == (400, "result-field-missing")
    game.refresh_from_db()
    assert (game.result_status, game.dispute_note) == (ResultStatus.AWAITING, "")


def test_only_the_players_of_the_game_dispute_it(api, world, round_one):
    game = _carol_reports(api, world, [3, 12])
    assert (
        api("mallory").post(world.api_url(f"games/{game.pk}/dispute/"), {}, format="json").status_code == 404
    )
    assert (
        api("anonymous").post(world.api_url(f"games/{game.pk}/dispute/"), {}, format="json").status_code
        == 401
    )
    response = api("carol").post(world.api_url(f"games/{game.pk}/dispute/"), {}, format="json")
    assert (response.status_code, response.json()["code"]) == (400, "nothing-to-dispute")


# --- docs/api.md -------------------------------------------------------------------------

APPS = ("tournaments", "judging", "awards", "printing", "interchange", "accounts", "config")


def _codes_raised() -> set[str]:
    """Every literal `code=` given to an error the API can answer with, across the apps."""
    found: set[str] = set()
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            # Web forms' own validation codes never reach the API (a module or a package of them).
            if "migrations" in path.parts or path.name == "forms.py" or "forms" in path.parts:
                continue
            tree = ast.parse(path.read_text())
            names = {
                n.targets[0].id: n.value.value
                for n in ast.walk(tree)
                if isinstance(n, ast.Assign)
                and isinstance(n.targets[0], ast.Name)
                and isinstance(n.value, ast.Constant)
                and isinstance(n.value.value, str)
            }
            for node in ast.walk(tree):
                if isinstance(node, ast.Call):
                    for keyword in node.keywords:
                        if keyword.arg != "code":
                            continue
                        if isinstance(keyword.value, ast.Constant):
                            found.add(str(keyword.value.value))
                        elif isinstance(keyword.value, ast.Name) and keyword.value.id in names:
                            found.add(names[keyword.value.id])
                if isinstance(node, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == "default_code" for t in node.targets
                ):
                    value = ast.literal_eval(node.value)
                    found.add(value if isinstance(value, str) else "")
    # The web login's own form codes and the roster lock's table are read elsewhere.
    return found - {"authorization"}


def test_every_error_code_is_in_docs_api_md():
    documented = set(re.findall(r"^\| `([a-z0-9-]+)` \| \d{3} \|", (ROOT / "docs/api.md").read_text(), re.M))
    missing = _codes_raised() - documented
    assert not missing, f"docs/api.md lacks {sorted(missing)}"


# --- the documents as the server writes them match their components ----------------------


def _nullable(node: Any) -> Any:
    """OpenAPI 3.0's `nullable` as JSON Schema says it (a null is the other choice)."""
    if isinstance(node, list):
        return [_nullable(n) for n in node]
    if not isinstance(node, dict):
        return node
    out = {k: _nullable(v) for k, v in node.items() if k != "nullable"}
    return {"anyOf": [out, {"type": "null"}]} if node.get("nullable") else out


def _check(schema: dict[str, Any], component: str, document: Any) -> None:
    from jsonschema import Draft202012Validator

    root = {"$ref": f"#/components/schemas/{component}", "components": _nullable(schema["components"])}
    errors = [
        f"{list(e.absolute_path)}: {e.message}" for e in Draft202012Validator(root).iter_errors(document)
    ]
    assert not errors, errors


def test_the_documents_the_server_writes_match_their_components(api, users, schema):
    from tests.builders.worlds import build_world

    world = build_world(users, name="Typed Cup")
    to = api("alice")
    paired = to.post(world.api_url("rounds/"), {"seed": 3, "confirm": True}, format="json")
    assert paired.status_code == 201, paired.json()
    _check(schema, "PairingReport", paired.json()["pairing_report"])
    assert paired.json()["pairing_report"]["round"] == 1
    rosters = to.get(world.api_url("rosters/")).json()["results"]
    assert rosters
    for roster in rosters:
        _check(schema, "RosterDocument", roster["document"])
        _check(schema, "RosterVerdict", roster["report"])
        _check(schema, "Roster", roster)
    check = api("bob").post(world.api_url("rosters/check/"), {"content": raynor()}, format="json")
    _check(schema, "Verdict", check.json())
    assert to.post(world.api_url("rounds/1/publish/"), {"confirm": True}, format="json").status_code == 200
    game = paired.json()["games"][0]
    body = {"vp": [12, 3], "reason": "Entered from the slip.", "version": game["version"]}
    assert to.post(world.api_url(f"games/{game['id']}/result/"), body, format="json").status_code == 200
    for scope in ("public", "full"):
        export = to.get(world.api_url(f"export/?scope={scope}")).json()
        _check(schema, "EventFile", export)
        assert export["rounds"][0]["games"][0]["vp"] == [12, 3]
