"""The schema is as strict as the server: what it allows is never refused as bad input.

Each case here is a gap schemathesis found or the issue named: the schema allowed a request
the server refused as bad input (or answered 500), or the server took input the schema
cannot describe (a form). The fix is on both sides: the schema says the rule, the server
keeps it with a clear 400.
"""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

import jsonschema
import pytest

from judging.models import Infraction, Penalty, PenaltyLevel
from printing.models import PrintKind
from tournaments.api.schema import NO_NUL, NOT_BLANK
from tournaments.limits import TABLE_NUMBERS
from tournaments.models import StaffRole, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def schema(client) -> dict[str, Any]:
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    loaded: dict[str, Any] = response.json()
    return loaded


def component(schema: dict[str, Any], name: str) -> dict[str, Any]:
    found: dict[str, Any] = schema["components"]["schemas"][name]
    return found


def parameter(schema: dict[str, Any], path: str, method: str, name: str) -> dict[str, Any]:
    found: list[dict[str, Any]] = [
        p for p in schema["paths"][path][method]["parameters"] if p["name"] == name
    ]
    assert len(found) == 1, name
    return found[0]


def request_schema(schema: dict[str, Any], path: str, method: str) -> dict[str, Any]:
    ref = schema["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    return component(schema, ref.rsplit("/", 1)[1])


# --- text: NUL and blank -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pattern", "good", "bad"),
    [
        (NO_NUL, ["", "  ", "Zoë 👾", "a\nb"], ["\x00", "ab\x00", "\x00ab"]),
        (NOT_BLANK, ["a", " a ", "Zoë 👾", "\ta\n"], ["", " ", "\t\n", "\x00", "a\x00", " \x00 "]),
    ],
)
def test_the_text_patterns_say_what_the_serializer_refuses(pattern, good, bad):
    for text in good:
        assert re.search(pattern, text), text
    for text in bad:
        assert not re.search(pattern, text), text


def test_request_text_fields_carry_the_nul_and_blank_rules(schema):
    staff = component(schema, "StaffRequest")
    assert staff["properties"]["username"]["pattern"] == NOT_BLANK
    assert staff["properties"]["username"]["minLength"] == 1
    reason = component(schema, "ReasonRequest")["properties"]["reason"]  # may be blank, not NUL
    assert reason["pattern"] == NO_NUL
    assert reason["maxLength"] == 500
    password = component(schema, "TokenInputRequest")["properties"]["password"]  # not trimmed
    assert password["pattern"] == NO_NUL  # "  " is a password: only NUL is refused
    # What the server answers is not constrained: an output field may well be blank.
    assert "pattern" not in component(schema, "Penalty")["properties"]["notes"]


def test_request_bodies_take_no_fields_beyond_those_listed(schema):
    requests = {n: c for n, c in schema["components"]["schemas"].items() if n.endswith("Request")}
    assert len(requests) > 20
    for name, body in requests.items():
        assert body["additionalProperties"] is False, name
    # A free-form value inside stays free: a draft action is whatever the draft offered.
    assert component(schema, "DraftActRequest")["properties"]["action"]["additionalProperties"] != False  # noqa: E712


def test_a_nul_in_a_field_the_schema_forbids_is_refused_by_the_server_too(api, world):
    response = api("alice").post(world.api_url("staff/"), {"username": "bob\x00", "role": "floor-judge"})
    assert response.status_code == 400
    assert response.json()["field"] == "username"


# --- JSON only -----------------------------------------------------------------------------


def test_every_write_documents_json_only(schema):
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if "requestBody" in operation:
                assert list(operation["requestBody"]["content"]) == ["application/json"], (method, path)


@pytest.mark.parametrize("content_type", ["application/x-www-form-urlencoded", "multipart/form-data"])
def test_a_form_body_is_a_415_as_the_schema_says(api, world, content_type):
    """A form cannot carry `tables: [...]`: it reached the serializer as "tables is required"."""
    response = api("alice").generic(
        "PUT", world.api_url("tables/"), b"tables=1", content_type=f"{content_type}; boundary=x"
    )
    assert response.status_code == 415
    assert response.json()["code"] == "unsupported-media-type"
    assert Table.objects.filter(event=world.event).count() == 4  # untouched


def test_the_token_endpoint_takes_json_and_documents_its_429(client, users, schema):
    form = client.post("/api/auth/token/", {"username": "alice", "password": "alice-pass-123"})
    assert form.status_code == 415
    ok = client.post(
        "/api/auth/token/",
        {"username": "alice", "password": "alice-pass-123"},
        content_type="application/json",
    )
    assert ok.status_code == 200
    assert {"200", "400", "415", "429"} <= set(schema["paths"]["/api/auth/token/"]["post"]["responses"])


# --- the gaps the issue named --------------------------------------------------------------


def test_staff_removal_with_a_blank_username_is_refused_and_the_schema_says_so(api, world, schema):
    username = parameter(schema, "/api/events/{slug}/staff/", "delete", "username")
    assert username["required"] is True
    assert username["schema"] == {"type": "string", "minLength": 1, "pattern": NOT_BLANK}
    before = StaffRole.objects.filter(event=world.event).count()
    response = api("alice").delete(world.api_url("staff/?role=to&username="))
    assert response.status_code == 400
    assert response.json()["field"] == "username"
    assert StaffRole.objects.filter(event=world.event).count() == before


def test_staff_who_do_not_play_name_the_player_a_rule_not_bad_input(api, world, schema):
    """Who asks decides whether `player` is needed: a rule with its own code, documented."""
    response = api("alice").post(world.api_url("rosters/"), {"content": "Player: Bob"})
    assert response.status_code == 400
    body = response.json()
    assert body == {
        "code": "player-required",
        "message": "Say which player the roster is for.",
        "field": "player",
    }
    withdraw = api("alice").delete(world.api_url("rosters/2/"))
    assert withdraw.status_code == 400
    assert withdraw.json()["code"] == "player-required"
    assert "player-required" in schema["paths"]["/api/events/{slug}/rosters/"]["post"]["description"]


def test_only_the_second_roster_can_be_withdrawn_and_the_schema_says_so(api, world, schema):
    slot = parameter(schema, "/api/events/{slug}/rosters/{slot}/", "delete", "slot")
    assert slot["schema"] == {"type": "integer", "enum": [2]}
    player = parameter(schema, "/api/events/{slug}/rosters/{slot}/", "delete", "player")
    assert player["schema"]["pattern"] == NOT_BLANK


def test_tables_are_numbered_within_the_schemas_range(api, world, schema):
    """A number past the column's smallint was a 500 (on the web form too: the service checks)."""
    number = component(schema, "TableRequest")["properties"]["number"]
    assert (number["minimum"], number["maximum"]) == (TABLE_NUMBERS.low, TABLE_NUMBERS.high)
    swap = component(schema, "SwapTablesRequest")["properties"]["tables"]["items"]
    assert swap["maximum"] == TABLE_NUMBERS.high
    for tables in ([{"number": TABLE_NUMBERS.high + 1}], [{"number": 483919391445808971776}]):
        response = api("alice").put(world.api_url("tables/"), {"tables": tables})
        assert response.status_code == 400, tables
        assert response.json()["field"].startswith("tables")
    assert Table.objects.filter(event=world.event).count() == 4
    ok = api("alice").put(world.api_url("tables/"), {"tables": [{"number": TABLE_NUMBERS.high}]})
    assert ok.status_code == 200


def test_the_services_refuse_a_table_number_out_of_range_for_every_way_in(world, users):
    from tournaments.errors import ServiceError
    from tournaments.services.events import tables_set

    with pytest.raises(ServiceError, match="go up to 1000"):
        tables_set(event=world.event, actor=users["alice"], tables=[(32768, "")])


def test_print_jobs_document_their_kinds_and_papers(schema):
    body = request_schema(schema, "/e/{slug}/print/api/jobs/", "post")
    assert body["required"] == ["kind"]
    assert component(schema, "PrintKind")["enum"] == [k.value for k in PrintKind]
    assert component(schema, "PrintPaper")["enum"] == ["a4", "letter"]
    assert body["properties"]["round"]["maximum"] == 2**31 - 1


def test_an_event_is_for_a_game_system_and_scale_the_schema_lists(api, users, schema):
    # Every system that runs events, and every scale of any of them (the service then checks
    # that the scale is one of the chosen system's).
    assert component(schema, "EventGameSystem")["enum"] == [
        "dropzone-commander",
        "morsdei",
        "starcraft-tmg",
        "warpspawn-starcraft",
    ]
    assert component(schema, "EventScale")["enum"] == [
        "battle",
        "clash",
        "grand-offensive",
        "reconquest",
        "skirmish",
        "standard",
    ]
    refused = api("alice").post("/api/events/", {"name": "Spring", "game_system": "chess"})
    assert refused.status_code == 400
    assert refused.json()["field"] == "game_system"


def test_an_idempotency_key_is_documented_as_the_service_checks_it(api, world, round_one, schema):
    key = parameter(schema, "/api/events/{slug}/games/{game_id}/confirm/", "post", "Idempotency-Key")
    assert key["schema"] == {"type": "string", "maxLength": 80, "pattern": "^[!-~]*$"}
    game = world.game(world.bob)
    url = world.api_url(f"games/{game.pk}/confirm/")
    response = api("carol").post(url, {}, HTTP_IDEMPOTENCY_KEY="has space")
    assert response.status_code == 400
    assert response.json()["code"] == "bad-idempotency-key"
    assert not re.search(key["schema"]["pattern"], "has space")


# --- the penalty log's filters -------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("level=tw", "level"),
        ("infraction=nope", "infraction"),
        ("status=gone", "status"),
        ("round=-1", "round"),
        ("round=x", "round"),
        ("player=%00", "player"),  # a NUL: a 500 on PostgreSQL before
    ],
)
@pytest.mark.parametrize("export", [False, True])
def test_a_penalty_filter_the_schema_does_not_allow_is_a_400(api, world, query, field, export):
    url = world.api_url(f"penalties/{'export/' if export else ''}?{query}")
    response = api("alice").get(url)
    assert response.status_code == 400
    assert response.json()["field"] == field


def test_the_penalty_filters_still_filter(api, world, users, schema):
    from judging.services import penalty_issue

    penalty_issue(
        event=world.event,
        player=world.bob,
        level=PenaltyLevel.CAUTION,
        category=Infraction.CONDUCT,
        notes="Loud.",
        game=None,
        round_number=0,
        remedy="",
        by=users["hank"],
    )
    assert Penalty.objects.filter(event=world.event).count() == 1
    alice = api("alice")
    assert alice.get(world.api_url(f"penalties/?player={world.bob.external_id}&round=0")).json()["count"] == 1
    assert alice.get(world.api_url(f"penalties/?player={world.carol.external_id}")).json()["count"] == 0
    assert alice.get(world.api_url("penalties/?level=warning")).json()["count"] == 0
    assert alice.get(world.api_url("penalties/?level=caution&status=issued")).json()["count"] == 1
    responses = schema["paths"]["/api/events/{slug}/penalties/export/"]["get"]["responses"]
    assert "400" in responses


# --- the check behind the schemathesis run can fail -----------------------------------------


def _case(mode: str, path: str = "/api/events/{slug}/staff/") -> Any:
    from schemathesis.generation import GenerationMode

    generation = SimpleNamespace(mode=GenerationMode(mode))
    return SimpleNamespace(meta=SimpleNamespace(generation=generation), operation=SimpleNamespace(path=path))


def _response(status: int, body: Any) -> Any:
    return SimpleNamespace(status_code=status, json=lambda: body)


def test_the_acceptance_check_fails_on_bad_input_for_valid_data_only():
    from tests.tournaments.api.test_schemathesis import valid_input_is_accepted

    bad_input = {"code": "invalid", "message": "This field may not be blank.", "field": "username"}
    bad_input["errors"] = {"username": ["This field may not be blank."]}  # type: ignore[assignment]
    with pytest.raises(AssertionError, match="schema allowed"):
        valid_input_is_accepted(None, _response(400, bad_input), _case("positive"))
    # A rule's refusal, a negative example, or another status pass.
    rule = {"code": "open-round", "message": "Round 1 is still open."}
    valid_input_is_accepted(None, _response(400, rule), _case("positive"))
    valid_input_is_accepted(None, _response(400, bad_input), _case("negative"))
    valid_input_is_accepted(None, _response(404, bad_input), _case("positive"))
    login = {"code": "invalid", "message": "Unable to log in.", "errors": {"non_field_errors": ["x"]}}
    valid_input_is_accepted(None, _response(400, login), _case("positive", "/api/auth/token/"))


def test_a_schema_valid_body_passes_the_server(api, world, schema):
    """One body the schema allows for each gap above, checked against the schema and sent."""
    body = {"tables": [{"number": 1, "layout": " "}, {"number": 1000}]}
    resolver = {"components": schema["components"]}
    jsonschema.validate(body, {**request_schema(schema, "/api/events/{slug}/tables/", "put"), **resolver})
    assert api("alice").put(world.api_url("tables/"), body).status_code == 200


@pytest.mark.parametrize(
    "url",
    [
        "rosters/2/?player=tw%00",  # a 500 on PostgreSQL: the NUL reached the query
        "players/p%00/check-in/",
        "players/p%00/drop/",
    ],
)
def test_a_player_id_with_a_nul_is_no_such_player(api, world, url):
    method = "delete" if url.startswith("rosters") else "post"
    response = getattr(api("alice"), method)(world.api_url(url))
    assert response.status_code == 404
    assert response.json()["code"] == "not-found"


def test_a_standings_explanation_for_a_nul_id_is_a_404(api, world):
    assert api("alice").get(world.api_url("standings/p%00/")).status_code == 404


# --- result entry ----------------------------------------------------------------------------


def test_result_entry_states_the_vp_and_extra_ranges_of_the_systems_events_run(schema):
    """The ranges come from the game systems (the event's own is checked by the service)."""
    from rules_engine.registry import all_systems

    systems = all_systems(events_only=True)
    report = component(schema, "ResultReportRequest")["properties"]
    assert report["vp"]["items"] == {
        "type": "integer",
        "minimum": 0,
        "maximum": max(s.vp_range.high for s in systems),
    }
    details = component(schema, "ResultDetailsEntry")
    assert details["additionalProperties"] is False
    extras = [extra for s in systems for extra in s.result_extras]
    assert extras  # a system events run does declare one, so the check below checks something
    for extra in extras:
        assert details["properties"][extra.key] == {
            "type": "integer",
            "minimum": extra.low,
            "maximum": extra.high,
        }
    assert component(schema, "ResultSetRequest")["properties"]["details"] == report["details"]


def test_a_result_the_schema_allows_is_taken_and_one_past_its_range_refused(api, world, round_one, schema):
    """The schema's bound is the widest of the systems events run; the event's own, narrower
    range (StarCraft's here) is the service's rule, refused with `out-of-range` and a field."""
    from rules_engine.registry import all_systems

    system = world.event.system
    widest = max(s.vp_range.high for s in all_systems(events_only=True))
    (extra,) = system.result_extras
    game = world.game(world.bob)
    url = world.api_url(f"games/{game.pk}/report/")
    top = {"vp": [system.vp_range.high, 0], "details": {extra.key: extra.high}}
    resolver = {"components": schema["components"]}
    request_schema = {**component(schema, "ResultReportRequest"), **resolver}
    jsonschema.validate(top, request_schema)
    assert api("bob").post(url, top).status_code == 200
    for past in (
        {"vp": [widest + 1, 0]},
        {"vp": [1, 0], "details": {extra.key: extra.high + 1}},
    ):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(past, request_schema)
        response = api("carol").post(url, past)
        assert response.status_code == 400, past
        assert response.json()["code"] == "out-of-range"
    if widest > system.vp_range.high:
        within_schema = {"vp": [system.vp_range.high + 1, 0]}
        jsonschema.validate(within_schema, request_schema)
        response = api("carol").post(url, within_schema)
        assert response.status_code == 400
        assert response.json()["code"] == "out-of-range"
        assert response.json()["field"] == "vp"
