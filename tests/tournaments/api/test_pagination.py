"""Every list endpoint is paginated, with limit/offset, and says so in the schema."""

from __future__ import annotations

from typing import Any

import pytest

from tournaments.api.pagination import DEFAULT_LIMIT, MAX_LIMIT
from tournaments.models import AuditEntry
from tournaments.services.audit import audit

pytestmark = pytest.mark.django_db


def schema(client: Any) -> dict[str, Any]:
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    body: dict[str, Any] = response.json()
    return body


def resolve(doc: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = doc["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]]
    return node


def test_no_read_answers_a_bare_list_and_every_list_is_a_page(client):
    doc = schema(client)
    pages = []
    for path, operations in doc["paths"].items():
        get = operations.get("get")
        if get is None or "200" not in get["responses"]:
            continue
        for content in get["responses"]["200"].get("content", {}).values():
            body = resolve(doc, content["schema"])
            assert body.get("type") != "array", path
            if set(body.get("properties", {})) == {"count", "next", "previous", "results"}:
                pages.append(path)
                names = {p["name"] for p in get.get("parameters", [])}
                assert {"limit", "offset"} <= names, path
                assert set(body["required"]) == {"count", "next", "previous", "results"}, path
    assert len(pages) >= 12
    for path in ("/api/events/", "/api/events/{slug}/audit/", "/api/events/{slug}/penalties/"):
        assert path in pages


def test_the_limit_is_documented_with_its_bounds(client):
    parameters = schema(client)["paths"]["/api/events/{slug}/audit/"]["get"]["parameters"]
    limit = next(p for p in parameters if p["name"] == "limit")
    assert (limit["schema"]["minimum"], limit["schema"]["maximum"]) == (1, MAX_LIMIT)
    assert limit["schema"]["default"] == DEFAULT_LIMIT


def test_the_audit_log_comes_a_page_at_a_time(api, world):
    for n in range(7):
        audit(event=world.event, actor=None, action="note", subject=f"entry {n}")
    total = AuditEntry.objects.filter(event=world.event).count()
    client = api("alice")
    first = client.get(f"{world.api_url()}audit/?limit=3").json()
    assert (first["count"], len(first["results"]), first["previous"]) == (total, 3, None)
    assert first["next"].endswith("limit=3&offset=3")
    seen = [e["subject"] for e in first["results"]]
    page = first
    while page["next"] is not None:
        page = client.get(page["next"]).json()
        seen += [e["subject"] for e in page["results"]]
    assert len(seen) == total
    everything = client.get(f"{world.api_url()}audit/?limit={MAX_LIMIT}").json()["results"]
    assert [e["subject"] for e in everything] == seen
    assert set(everything[0]) == {"action", "subject", "reason", "data", "actor", "created_at"}


def test_the_events_list_is_paginated(api, world):
    body = api("anonymous").get("/api/events/?limit=1&offset=0").json()
    assert body["count"] >= 1
    assert len(body["results"]) == 1
    assert body["results"][0]["slug"] == world.event.slug


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("limit=0", "limit"),
        (f"limit={MAX_LIMIT + 1}", "limit"),
        ("limit=ten", "limit"),
        ("limit=-1", "limit"),
        ("limit=%C2%B2", "limit"),  # a superscript two is a digit to Python, not a number
        ("offset=-1", "offset"),
        ("offset=1.5", "offset"),
        (f"offset={2**31}", "offset"),
    ],
)
def test_a_limit_or_offset_out_of_range_is_a_400(api, world, query, field):
    response = api("alice").get(f"{world.api_url()}players/?{query}")
    assert response.status_code == 400
    assert (response.json()["code"], response.json()["field"]) == ("invalid", field)
