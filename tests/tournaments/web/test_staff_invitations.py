"""A judge without an account is invited by e-mail and accepts with an account they make."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.urls import reverse

from tests.accounts.test_accounts import SIGNUP
from tests.builders.rows import add_player, make_event
from tournaments.models import AuditEntry, EventKind, StaffInvitation, StaffRole

pytestmark = pytest.mark.django_db

STAFF = "/e/spring-skirmish/manage/staff/"


def _link(message: mail.EmailMessage) -> str:
    found = re.search(r"https?://[^/\s]+(/e/\S+/staff-invitation/\S+/)", str(message.body))
    assert found, message.body
    return found.group(1)


def test_a_judge_invited_by_mail_signs_up_and_accepts(client, alice):
    event = make_event(to=alice)
    client.force_login(alice)
    sent = client.post(STAFF + "invite/", {"email": SIGNUP["email"], "role": "floor-judge"}, follow=True)
    assert f"Invitation sent to {SIGNUP['email']}." in sent.content.decode()
    page = client.get(STAFF).content.decode()
    assert "Invitations waiting" in page
    assert SIGNUP["email"] in page
    [invite] = mail.outbox
    assert invite.to == [SIGNUP["email"]]
    assert invite.subject == "[Muster] Be Floor Judge at Spring Skirmish"
    link = _link(invite)
    client.logout()
    # The newcomer: the page names the role; sign-up keeps the link and has the address.
    page = client.get(link).content.decode()
    assert "Floor Judge at Spring Skirmish" in page
    assert f"email={SIGNUP['email'].replace('@', '%40')}" in page
    client.post(f"{reverse('account_signup')}?next={link}", {**SIGNUP, "next": link})
    confirm = re.search(r"https?://[^/\s]+(/accounts/confirm-email/\S+)", str(mail.outbox[-1].body))
    assert confirm
    assert client.post(confirm.group(1))["Location"] == link
    accepted = client.post(link)
    assert accepted["Location"] == f"/e/{event.slug}/judge/"
    role = StaffRole.objects.get(event=event, role="floor-judge")
    assert role.user.get_username() == SIGNUP["username"]
    assert StaffInvitation.objects.get().accepted_by == role.user
    assert AuditEntry.objects.filter(event=event, action="staff-invitation-accepted").exists()
    # The link is spent: another account cannot take the role with it.
    client.logout()
    client.force_login(alice)
    refused = client.post(link, follow=True)
    assert "accepted by another account" in refused.content.decode()
    assert StaffRole.objects.filter(event=event, role="floor-judge").count() == 1


def test_a_withdrawn_invitation_no_longer_works(client, alice, judy):
    make_event(to=alice)
    client.force_login(alice)
    client.post(STAFF + "invite/", {"email": "someone@example.org", "role": "head-judge"})
    again = client.post(STAFF + "invite/", {"email": "someone@example.org", "role": "head-judge"})
    assert "invited as Head Judge already" in again.content.decode()
    invitation = StaffInvitation.objects.get()
    link = _link(mail.outbox[0])
    client.post(STAFF + f"invitations/{invitation.pk}/withdraw/")
    assert not StaffInvitation.objects.exists()
    client.force_login(judy)
    assert client.get(link).status_code == 404
    assert client.post(link).status_code == 404


def test_a_player_at_a_competitive_event_cannot_accept_a_head_judge_role(client, alice, bob):
    event = make_event(to=alice, kind=EventKind.COMPETITIVE)
    add_player(event, bob, "Bob")
    client.force_login(alice)
    client.post(STAFF + "invite/", {"email": "bob@example.org", "role": "head-judge"})
    link = _link(mail.outbox[0])
    client.force_login(bob)
    refused = client.post(link, follow=True)
    assert "cannot also play" in refused.content.decode()
    assert not StaffRole.objects.filter(event=event, user=bob).exists()
    assert StaffInvitation.objects.get().accepted_at is None
