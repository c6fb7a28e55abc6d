"""Taking a staff role away: the service and `DELETE /api/events/<slug>/staff/`.

alice is the TO, hank the Head Judge, judy a Floor Judge; bob plays; mallory is an outsider.
OP Guide, Roles and Requirements: every event has a TO, so the last one cannot be removed.
"""

from __future__ import annotations

import pytest

from tournaments.errors import ServiceError
from tournaments.models import StaffRole, StaffRoleKind
from tournaments.services.events import staff_add, staff_remove

pytestmark = pytest.mark.django_db


def roles(world) -> set[tuple[str, str]]:
    return {(s.user.get_username(), s.role) for s in StaffRole.objects.filter(event=world.event)}


# --- the service ---------------------------------------------------------------------------


def test_removing_a_role_keeps_the_others_and_is_audited(world, users):
    staff_add(event=world.event, actor=users["alice"], user=users["judy"], role=StaffRoleKind.HEAD_JUDGE)
    staff_remove(event=world.event, actor=users["alice"], user=users["judy"], role=StaffRoleKind.FLOOR_JUDGE)
    assert roles(world) == {("alice", "to"), ("hank", "head-judge"), ("judy", "head-judge")}
    entry = world.event.audit_log.get(action="staff-removed")
    assert (entry.actor, entry.subject, entry.data) == (users["alice"], "judy", {"role": "floor-judge"})


def test_the_last_to_cannot_be_removed(world, users):
    with pytest.raises(ServiceError) as err:
        staff_remove(event=world.event, actor=users["alice"], user=users["alice"], role=StaffRoleKind.TO)
    assert (err.value.code, err.value.field) == ("last-to", "role")
    assert err.value.message == (
        "alice is the event's only Tournament Organiser; add another TO before removing them."
    )
    assert ("alice", "to") in roles(world)
    assert not world.event.audit_log.filter(action="staff-removed").exists()
    # With a second TO, either may go (the first one here), leaving one.
    staff_add(event=world.event, actor=users["alice"], user=users["hank"], role=StaffRoleKind.TO)
    staff_remove(event=world.event, actor=users["alice"], user=users["alice"], role=StaffRoleKind.TO)
    assert {r for r in roles(world) if r[1] == "to"} == {("hank", "to")}
    with pytest.raises(ServiceError):
        staff_remove(event=world.event, actor=users["hank"], user=users["hank"], role=StaffRoleKind.TO)


def test_a_role_not_held_or_unknown_is_refused(world, users):
    with pytest.raises(ServiceError) as err:
        staff_remove(
            event=world.event, actor=users["alice"], user=users["bob"], role=StaffRoleKind.FLOOR_JUDGE
        )
    assert err.value.code == "not-found"
    assert err.value.message == "bob is not a Floor Judge at Winter Clash."
    with pytest.raises(ServiceError) as err:
        staff_remove(event=world.event, actor=users["alice"], user=users["judy"], role="scorekeeper")
    assert err.value.field == "role"
    assert len(roles(world)) == 3


# --- the API -------------------------------------------------------------------------------


def staff_url(world, username: str = "judy", role: str = "floor-judge") -> str:
    return f"{world.api_url()}staff/?username={username}&role={role}"


def test_the_to_removes_staff(api, world):
    response = api("alice").delete(staff_url(world))
    assert response.status_code == 204
    assert ("judy", "floor-judge") not in roles(world)
    assert {"username": "judy", "role": "floor-judge"} not in api("alice").get(
        f"{world.api_url()}staff/"
    ).json()["results"]
    # judy no longer reaches the staff-only endpoints.
    assert api("judy").get(f"{world.api_url()}judge-queue/").status_code == 404


def test_the_api_refuses_the_last_to_and_bad_input(api, world):
    last = api("alice").delete(staff_url(world, "alice", "to"))
    assert last.status_code == 400
    assert (last.json()["code"], last.json()["field"]) == ("last-to", "role")
    unknown = api("alice").delete(staff_url(world, "nobody", "to"))
    assert (unknown.status_code, unknown.json()["code"]) == (400, "unknown-user")
    not_held = api("alice").delete(staff_url(world, "bob", "head-judge"))
    assert (not_held.status_code, not_held.json()["code"]) == (400, "not-found")
    missing = api("alice").delete(f"{world.api_url()}staff/?username=judy")
    assert (missing.status_code, missing.json()["field"]) == (400, "role")
    assert len(roles(world)) == 3


@pytest.mark.parametrize("who", ["hank", "judy", "bob", "mallory"])
def test_only_the_to_removes_staff(api, world, who):
    assert api(who).delete(staff_url(world, "hank", "head-judge")).status_code == 404
    assert api(who).delete(staff_url(world)).status_code == 404
    assert len(roles(world)) == 3


def test_removing_staff_needs_a_login(api, world):
    assert api("anonymous").delete(staff_url(world)).status_code == 401
    assert len(roles(world)) == 3


def test_the_schema_documents_the_removal(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    operation = schema["paths"]["/api/events/{slug}/staff/"]["delete"]
    assert {p["name"] for p in operation["parameters"] if p["in"] == "query"} == {"username", "role"}
    assert {"204", "400", "401", "404"} <= set(operation["responses"])
