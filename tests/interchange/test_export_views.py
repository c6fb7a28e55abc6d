"""The public export for anyone who may read the event, the full one for the TO.

Over the API (`GET /api/events/<slug>/export/?scope=public|full`) and on the web
(`/e/<slug>/export/` public, `/e/<slug>/manage/export/` full), each answer saying which it
is, the full one with the confidentiality warning.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from interchange.event_export import export_event
from interchange.views import CONFIDENTIAL_HEADER, SCOPE_HEADER
from tests.builders.scenario import full_event
from tournaments.models import Event, Player

pytestmark = pytest.mark.django_db

READERS = ("anonymous", "mallory", "bob", "judy", "hank", "alice")
NOT_TO = ("anonymous", "mallory", "bob", "judy", "hank")
CONFIDENTIAL_KEYS = {"email", "join_code", "audit_log", "conduct_reports", "user", "staff"}


def api(users: dict[str, Any], role: str) -> APIClient:
    client = APIClient()
    if role != "anonymous":
        client.force_authenticate(users[role])
    return client


def walk(value: Any) -> Iterator[tuple[str | None, Any]]:
    """Every (key, value) pair anywhere in a JSON document; list items with key None."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield key, item
            yield from walk(item)
    elif isinstance(value, list):
        for item in value:
            yield None, item
            yield from walk(item)


def secrets(event: Event) -> set[str]:
    """The confidential values themselves: e-mails, the join code, conduct report texts, usernames."""
    values = {event.join_code}
    values |= set(Player.objects.filter(event=event).exclude(email="").values_list("email", flat=True))
    for username, email in get_user_model().objects.values_list("username", "email"):
        values |= {username, email} - {""}
    values |= set(event.conduct_reports.values_list("description", flat=True))
    values |= set(event.conduct_reports.values_list("people_involved", flat=True))
    assert all(values)
    assert len(values) > 3
    return values


def assert_nothing_confidential(document: dict[str, Any], event: Event) -> None:
    found = secrets(event)
    for key, value in walk(document):
        assert key not in CONFIDENTIAL_KEYS, key
        assert not (key or "").startswith("conduct_report"), key  # conduct_contact is public
        assert "audit" not in (key or ""), key
        if isinstance(value, str):
            assert value not in found, (key, value)
            assert "@example.org" not in value, (key, value)


@pytest.mark.parametrize("role", READERS)
def test_the_public_export_over_the_api_holds_nothing_confidential(users, role):
    event = full_event(users)
    response = api(users, role).get(f"/api/events/{event.slug}/export/")
    assert response.status_code == 200
    assert response[SCOPE_HEADER] == "public"
    assert CONFIDENTIAL_HEADER not in response
    body = response.json()
    assert body["format"] == "event/1"
    assert body == json.loads(json.dumps(export_event(event, public=True)))
    assert_nothing_confidential(body, event)
    # ...and asking for it by name is the same.
    named = api(users, role).get(f"/api/events/{event.slug}/export/?scope=public")
    assert named.json() == body


def test_the_check_above_would_see_a_leak(users):
    event = full_event(users)
    with pytest.raises(AssertionError):
        assert_nothing_confidential(export_event(event), event)


def test_the_check_above_would_see_a_username(users):
    """The full file names accounts (staff, who issued a penalty): the check sees each one."""
    event = full_event(users)
    full = export_event(event)
    public = export_event(event, public=True)
    penalty = next(p for p in full["penalties"] if p["issued_by"])
    assert penalty["issued_by"] in {u.username for u in users.values()}
    leaky = {**public, "penalties": [{**p, "issued_by": penalty["issued_by"]} for p in full["penalties"]]}
    with pytest.raises(AssertionError):
        assert_nothing_confidential(leaky, event)


def test_the_public_export_names_no_account_and_no_staff(users):
    event = full_event(users)
    full = export_event(event)
    assert full["staff"]
    assert any("user" in p for p in full["players"])
    public = export_event(event, public=True)
    assert "staff" not in public
    assert not any("user" in p for p in public["players"])
    # The records that name accounts (penalties, reports a judge entered) are not public at
    # all; the public awards programme's owner is written as null.
    assert "penalties" not in public
    assert not any(
        "reports" in g for rnd in public["rounds"] for g in [*rnd["games"], *rnd.get("pending", [])]
    )
    assert all(p["owner"] is None for p in public["award_programme"])


@pytest.mark.parametrize("role", ["anonymous", "bob"])
def test_an_imported_events_public_export_names_nobody_the_file_named(users, role):
    """An import keeps unlinked usernames as text (event stash, a seat's extra): never published."""
    from interchange.event_import import import_event
    from standings.eventfile import parse_event

    copy = import_event(parse_event(json.loads(json.dumps(export_event(full_event(users))))), slug="copy")
    assert "user" in json.dumps(export_event(copy))  # the usernames are kept...
    response = api(users, role).get(f"/api/events/{copy.slug}/export/")
    assert response.status_code == 200
    assert_nothing_confidential(response.json(), copy)  # ...and not published
    web = Client().get(f"/e/{copy.slug}/export/")
    assert web.status_code == 200
    assert_nothing_confidential(json.loads(web.content), copy)


def test_the_full_export_over_the_api_is_the_tos_with_a_warning(users):
    event = full_event(users)
    response = api(users, "alice").get(f"/api/events/{event.slug}/export/?scope=full")
    assert response.status_code == 200
    assert response[SCOPE_HEADER] == "full"
    assert "confidential" in response[CONFIDENTIAL_HEADER]
    assert "conduct reports" in response[CONFIDENTIAL_HEADER]
    assert response.json() == json.loads(json.dumps(export_event(event)))


@pytest.mark.parametrize("role", NOT_TO)
def test_anyone_but_the_to_asking_for_the_full_export_gets_404(users, role):
    event = full_event(users)
    response = api(users, role).get(f"/api/events/{event.slug}/export/?scope=full")
    assert response.status_code == 404
    assert "conduct_reports" not in response.content.decode()


def test_an_unknown_scope_is_a_400(users):
    event = full_event(users)
    response = api(users, "alice").get(f"/api/events/{event.slug}/export/?scope=everything")
    assert response.status_code == 400
    assert response.json()["field"] == "scope"


def test_the_web_offers_the_public_file_to_everyone(users):
    event = full_event(users)
    client = Client()
    page = client.get(f"/e/{event.slug}/").content.decode()
    assert f'href="/e/{event.slug}/export/"' in page
    response = client.get(f"/e/{event.slug}/export/")
    assert response.status_code == 200
    assert response[SCOPE_HEADER] == "public"
    assert response["Content-Disposition"] == f'attachment; filename="{event.slug}.public.event.json"'
    assert_nothing_confidential(json.loads(response.content), event)


def test_the_web_full_export_is_the_tos_and_says_it_is_confidential(users):
    event = full_event(users)
    client = Client()
    client.force_login(users["alice"])
    page = client.get(f"/e/{event.slug}/manage/").content.decode()
    assert "Full export (confidential)" in page
    assert "The full export is confidential" in page
    assert f'href="/e/{event.slug}/export/"' in page
    response = client.get(f"/e/{event.slug}/manage/export/")
    assert response[SCOPE_HEADER] == "full"
    assert "confidential" in response[CONFIDENTIAL_HEADER]
    assert json.loads(response.content)["conduct_reports"]
    for role in ("bob", "judy", "hank"):
        client.force_login(users[role])
        assert client.get(f"/e/{event.slug}/manage/export/").status_code == 404, role
