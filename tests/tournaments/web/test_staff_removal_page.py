"""The remove buttons on the TO's staff page (/e/<slug>/manage/staff/)."""

from __future__ import annotations

import pytest

from tests.builders.rows import add_player, add_staff, make_event
from tournaments.models import AuditEntry, StaffRole

pytestmark = pytest.mark.django_db

URL = "/e/spring-skirmish/manage/staff/"


@pytest.fixture
def event(alice, bob, judy, hank):
    event = make_event(to=alice, players=2)
    add_player(event, bob, "Bob")
    add_staff(event, judy, "floor-judge")
    add_staff(event, hank, "head-judge")
    return event


def role_of(event, user, role: str) -> StaffRole:
    return StaffRole.objects.get(event=event, user=user, role=role)


def test_the_page_has_a_remove_button_for_every_role(client, event, alice):
    client.force_login(alice)
    page = client.get(URL).content.decode()
    assert page.count('name="remove"') == 3
    assert 'aria-label="Remove judy as Floor Judge"' in page


def test_the_to_removes_a_floor_judge(client, event, alice, judy):
    client.force_login(alice)
    response = client.post(URL, {"remove": role_of(event, judy, "floor-judge").pk}, follow=True)
    assert response.redirect_chain == [(URL, 302)]
    assert "judy is no longer Floor Judge." in response.content.decode()
    assert not StaffRole.objects.filter(event=event, user=judy).exists()
    entry = AuditEntry.objects.get(event=event, action="staff-removed")
    assert (entry.actor, entry.data) == (alice, {"role": "floor-judge"})
    client.force_login(judy)
    assert client.get("/e/spring-skirmish/judge/").status_code == 404  # no longer staff


def test_the_last_to_stays_with_a_message(client, event, alice):
    client.force_login(alice)
    response = client.post(URL, {"remove": role_of(event, alice, "to").pk}, follow=True)
    assert "alice is the event&#x27;s only Tournament Organiser" in response.content.decode()
    assert role_of(event, alice, "to")


def test_a_to_who_removes_themselves_leaves_the_staff_page(client, event, alice, hank):
    add_staff(event, hank, "to")
    client.force_login(alice)
    response = client.post(URL, {"remove": role_of(event, alice, "to").pk})
    assert response["Location"] == "/e/spring-skirmish/"
    assert not StaffRole.objects.filter(event=event, user=alice).exists()
    assert client.get(URL).status_code == 404


def test_a_role_of_another_event_or_nonsense_is_404(client, event, alice, judy):
    other = make_event(to=alice, slug="other-event")
    elsewhere = add_staff(other, judy, "floor-judge")
    client.force_login(alice)
    assert client.post(URL, {"remove": elsewhere.pk}).status_code == 404
    assert client.post(URL, {"remove": "judy"}).status_code == 404
    assert StaffRole.objects.filter(pk=elsewhere.pk).exists()


@pytest.mark.parametrize("who", ["judy", "hank", "bob", "mallory"])
def test_only_the_to_removes_staff(client, event, alice, request, who):
    client.force_login(request.getfixturevalue(who))
    target = role_of(event, request.getfixturevalue("judy"), "floor-judge")
    assert client.post(URL, {"remove": target.pk}).status_code == 404
    assert client.post(URL, {"remove": role_of(event, alice, "to").pk}).status_code == 404
    assert StaffRole.objects.filter(event=event).count() == 3
