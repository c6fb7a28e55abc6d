"""A judge without an account is invited by e-mail and accepts with an account they make."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core import mail
from django.core.mail.backends.locmem import EmailBackend
from django.test import override_settings
from django.test.testcases import TestCase
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


def test_a_judge_invited_by_mail_signs_up_and_accepts(client, alice, mails_after_commit):
    event = make_event(to=alice)
    client.force_login(alice)
    sent = mails_after_commit(
        lambda: client.post(STAFF + "invite/", {"email": SIGNUP["email"], "role": "floor-judge"}, follow=True)
    )
    assert f"The invitation to {SIGNUP['email']} is on its way." in sent.content.decode()
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


def test_a_withdrawn_invitation_no_longer_works(client, alice, judy, mails_after_commit):
    make_event(to=alice)
    client.force_login(alice)
    mails_after_commit(
        lambda: client.post(STAFF + "invite/", {"email": "someone@example.org", "role": "head-judge"})
    )
    again = client.post(STAFF + "invite/", {"email": "someone@example.org", "role": "head-judge"})
    assert "invited as Head Judge already" in again.content.decode()
    invitation = StaffInvitation.objects.get()
    link = _link(mail.outbox[0])
    client.post(STAFF + f"invitations/{invitation.pk}/withdraw/")
    assert not StaffInvitation.objects.exists()
    client.force_login(judy)
    assert client.get(link).status_code == 404
    assert client.post(link).status_code == 404


def test_a_player_at_a_competitive_event_cannot_accept_a_head_judge_role(
    client, alice, bob, mails_after_commit
):
    event = make_event(to=alice, kind=EventKind.COMPETITIVE)
    add_player(event, bob, "Bob")
    client.force_login(alice)
    mails_after_commit(
        lambda: client.post(STAFF + "invite/", {"email": "bob@example.org", "role": "head-judge"})
    )
    link = _link(mail.outbox[0])
    client.force_login(bob)
    refused = client.post(link, follow=True)
    assert "cannot also play" in refused.content.decode()
    assert not StaffRole.objects.filter(event=event, user=bob).exists()
    assert StaffInvitation.objects.get().accepted_at is None


class RefusesEveryMail(EmailBackend):
    def send_messages(self, messages: Any) -> int:
        raise OSError("mail server down")


def test_the_staff_invitation_goes_after_the_tos_click(client, alice, in_process_tasks):
    event = make_event(to=alice)
    client.force_login(alice)
    with TestCase.captureOnCommitCallbacks(execute=False) as after_commit:
        client.post(STAFF + "invite/", {"email": "judge@example.org", "role": "floor-judge"})
    assert mail.outbox == []  # the click did not wait for the mail server
    assert StaffInvitation.objects.filter(event=event, email="judge@example.org").exists()
    for callback in after_commit:
        callback()
    assert [m.to for m in mail.outbox] == [["judge@example.org"]]


@override_settings(EMAIL_BACKEND="tests.tournaments.web.test_staff_invitations.RefusesEveryMail")
def test_a_refused_staff_invitation_shows_on_the_staff_page(client, alice, mails_after_commit):
    make_event(to=alice)
    client.force_login(alice)
    invite = {"email": "judge@example.org", "role": "floor-judge"}
    mails_after_commit(lambda: client.post(STAFF + "invite/", invite))
    assert StaffInvitation.objects.get().mail_failed_at is not None
    page = client.get(STAFF).content.decode()
    assert "refused by the mail server: withdraw it and invite again" in page
