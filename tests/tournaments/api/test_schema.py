"""The OpenAPI schema documents every endpoint, and generates without warnings."""

from __future__ import annotations

import pytest
from django.core.management import call_command

PATHS = [
    "/api/auth/token/",
    "/api/me/",
    "/api/events/",
    "/api/events/{slug}/",
    "/api/events/{slug}/tables/",
    "/api/events/{slug}/staff/",
    "/api/events/{slug}/players/",
    "/api/events/{slug}/players/import/",
    "/api/events/{slug}/players/{external_id}/check-in/",
    "/api/events/{slug}/players/{external_id}/drop/",
    "/api/events/{slug}/players/{external_id}/no-show/",
    "/api/events/{slug}/rosters/",
    "/api/events/{slug}/rosters/check/",
    "/api/events/{slug}/roster-board/",
    "/api/events/{slug}/rounds/",
    "/api/events/{slug}/rounds/{number}/",
    "/api/events/{slug}/rounds/{number}/publish/",
    "/api/events/{slug}/rounds/{number}/repair/",
    "/api/events/{slug}/rounds/{number}/swap-players/",
    "/api/events/{slug}/rounds/{number}/swap-tables/",
    "/api/events/{slug}/games/{game_id}/report/",
    "/api/events/{slug}/games/{game_id}/confirm/",
    "/api/events/{slug}/games/{game_id}/result/",
    "/api/events/{slug}/games/{game_id}/review/",
    "/api/events/{slug}/judge-queue/",
    "/api/events/{slug}/standings/",
    "/api/events/{slug}/standings/{external_id}/",
    "/api/events/{slug}/audit/",
    "/api/events/{slug}/export/",
]


@pytest.mark.django_db
def test_schema_lists_every_path_with_bodies(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = response.json()
    assert set(PATHS) <= set(schema["paths"])
    report = schema["paths"]["/api/events/{slug}/games/{game_id}/report/"]["post"]
    assert report["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "/ResultReportRequest"
    )
    assert {"200", "400", "401", "404"} <= set(report["responses"])
    standings = schema["components"]["schemas"]["Standings"]
    assert {"standings", "final"} <= set(standings["properties"])


def test_schema_generates_without_warnings(tmp_path):
    # --fail-on-warn turns every drf-spectacular warning (an unguessable type, a
    # missing serializer, a name collision) into a failure.
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yaml"))
    assert (tmp_path / "schema.yaml").read_text().startswith("openapi:")


@pytest.mark.django_db
def test_a_write_without_a_content_type_is_a_documented_415(client, api, world):
    """schemathesis found a body sent without Content-Type answered 415, a status the schema omitted."""
    response = api("alice").generic("POST", world.api_url("staff/"), b"username=bob", content_type="")
    assert response.status_code == 415
    assert response.json()["code"] == "unsupported-media-type"
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    for path, method in [("staff/", "post"), ("rosters/", "post"), ("players/", "post")]:
        assert "415" in schema["paths"][f"/api/events/{{slug}}/{path}"][method]["responses"], path
