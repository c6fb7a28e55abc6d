"""Nobody is enrolled or mailed on a TO's word alone: an account the TO names is invited
and linked only when its holder claims the seat; each seat is invited once unless the TO
sends it again on purpose; an event's invitation mails are throttled; one failing mail
never stops the others."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail
from django.core.mail.backends.locmem import EmailBackend
from django.db import transaction
from django.test import override_settings
from django.test.testcases import TestCase
from rest_framework.test import APIClient

from tests.builders.rows import make_event
from tournaments.invitation_mails import invitation_token
from tournaments.models import AuditEntry, Player
from tournaments.services.invitations import invitations_send
from tournaments.services.players import players_import_csv
from tournaments.services.rounds import round_pair, round_publish

pytestmark = pytest.mark.django_db


def _seat(event, name: str, email: str) -> Player:
    return Player.objects.create(
        event=event, name=name, email=email, external_id=f"s{Player.objects.count()}"
    )


def _link(p: Player) -> str:
    return f"http://testserver/e/{p.event.slug}/invitation/{invitation_token(p)}/"


def test_a_csv_username_invites_the_account_and_links_nothing(client, alice, bob):
    event = make_event(to=alice)
    [seat] = players_import_csv(event=event, text="Name,Username\nBob B,bob\n", by=alice)
    assert seat.user is None
    assert seat.invited_user == bob
    # Bob sees the seat on My events and claims it: that is the consent.
    client.force_login(bob)
    page = client.get("/my-events/").content.decode()
    assert "Seats waiting for you" in page
    assert event.name in page
    claim = f"/e/{event.slug}/invitation/{invitation_token(seat)}/"
    assert claim in page
    assert client.post(claim).status_code == 302
    seat.refresh_from_db()
    assert seat.user == bob
    assert "Seats waiting for you" not in client.get("/my-events/").content.decode()


def test_a_username_that_does_not_exist_is_not_revealed(client, alice):
    event = make_event(to=alice)
    client.force_login(alice)
    for username in ("bob-does-not-exist", "alice"):
        response = client.post(
            f"/e/{event.slug}/manage/players/add/",
            {"name": f"Seat {username}", "email": "", "username": username},
            follow=True,
        )
        text = response.content.decode()
        assert f"Seat {username} is registered." in text
        assert "If an account named" in text
        assert "No account is named" not in text
    imported = players_import_csv(event=event, text="Name,Username\nGhost,nobody-here\n", by=alice)
    assert imported[0].invited_user is None


def test_the_api_invites_by_username_without_linking(alice, bob):
    event = make_event(to=alice)
    api = APIClient()
    api.force_authenticate(alice)
    for username in ("bob", "no-such-account"):
        response = api.post(
            f"/api/events/{event.slug}/players/",
            {"name": f"P {username}", "username": username},
            format="json",
        )
        assert response.status_code == 201, response.json()
    assert list(Player.objects.filter(event=event).values_list("user", flat=True)) == [None, None]
    assert Player.objects.get(name="P bob").invited_user == bob


def test_publishing_a_round_mails_nobody_who_has_not_claimed_a_seat(alice, bob, carol, in_process_tasks):
    event = make_event(to=alice, tables=2)
    players_import_csv(event=event, text="Name,Username\nBob B,bob\nCarol C,carol\n", by=alice)
    carol_seat = Player.objects.get(event=event, invited_user=carol)
    carol_seat.user = carol  # carol claimed hers
    carol_seat.save()
    round_ = round_pair(event=event, by=alice, confirm=True)
    mail.outbox.clear()
    with TestCase.captureOnCommitCallbacks(execute=True):
        round_publish(round_=round_, by=alice, confirm=True)
    recipients = [address for m in mail.outbox for address in m.to]
    assert "carol@example.org" in recipients
    assert "bob@example.org" not in recipients


def _press(client, url: str, **data: str) -> str:
    """A TO's press, and the mail task that runs once its transaction commits."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        return str(client.post(url, {"confirmed": "yes", **data}, follow=True).content.decode())


def test_each_seat_is_invited_once_unless_sent_again_on_purpose(client, alice, in_process_tasks):
    event = make_event(to=alice)
    ada = _seat(event, "Ada", "ada@example.org")
    client.force_login(alice)
    invite = f"/e/{event.slug}/manage/players/invite/"
    assert "Invitation to 1 player on the way." in _press(client, invite)
    assert "Every invitation has been sent already" in _press(client, invite)
    assert len(mail.outbox) == 1
    page = client.get(f"/e/{event.slug}/manage/players/").content.decode()
    assert "mailed " in page
    assert "Send invitation again" in page
    grace = _seat(event, "Grace", "grace@example.org")
    assert "Invitation to 1 player on the way." in _press(client, invite)
    assert [m.to for m in mail.outbox] == [["ada@example.org"], ["grace@example.org"]]
    resent = _press(client, f"/e/{event.slug}/manage/players/{ada.pk}/invite-again/")
    assert "to Ada is on its way again" in resent
    assert [m.to for m in mail.outbox][-1] == ["ada@example.org"]
    assert AuditEntry.objects.filter(event=event, action="player-invitation-resent").count() == 1
    grace.refresh_from_db()
    assert grace.invited_at is not None


def test_the_tos_press_never_waits_for_the_mail_server(alice, in_process_tasks):
    """The press stamps the seats and commits; the mails go after, outside the request."""
    event = make_event(to=alice)
    ada = _seat(event, "Ada", "ada@example.org")
    with TestCase.captureOnCommitCallbacks(execute=False) as after_commit:
        done = invitations_send(event=event, by=alice)
    assert (done.queued, done.waiting) == (1, 0)
    assert mail.outbox == []  # nothing sent inside the request
    ada.refresh_from_db()
    assert ada.invited_at is not None
    for callback in after_commit:
        callback()
    [message] = mail.outbox
    assert message.to == ["ada@example.org"]
    assert invitation_token(ada) in message.body


def test_a_rolled_back_press_mails_nobody(alice, in_process_tasks):
    event = make_event(to=alice)
    _seat(event, "Ada", "ada@example.org")

    def failing_request() -> None:
        with transaction.atomic():
            invitations_send(event=event, by=alice)
            raise RuntimeError("the request failed after the press")

    with TestCase.captureOnCommitCallbacks(execute=True), pytest.raises(RuntimeError):
        failing_request()
    assert mail.outbox == []
    assert Player.objects.get(email="ada@example.org").invited_at is None


@override_settings(INVITATION_MAILS_PER_HOUR=3)
def test_an_events_invitation_mails_are_throttled(alice, in_process_tasks):
    event = make_event(to=alice)
    for n in range(5):
        _seat(event, f"P{n}", f"p{n}@example.org")
    with TestCase.captureOnCommitCallbacks(execute=True):
        first = invitations_send(event=event, by=alice)
    assert (first.queued, first.waiting) == (3, 2)
    with pytest.raises(Exception, match="sent 3 invitation mails this hour"):
        invitations_send(event=event, by=alice)
    assert len(mail.outbox) == 3
    # Another event has its own budget.
    other = make_event(to=alice, name="Other Cup", slug="other-cup")
    _seat(other, "Q", "q@example.org")
    assert invitations_send(event=other, by=alice).queued == 1


class RefusesOneAddress(EmailBackend):
    def send_messages(self, messages: Any) -> int:
        if any("bad@example.org" in m.to for m in messages):
            raise OSError("mailbox unavailable")
        return super().send_messages(messages)


@override_settings(EMAIL_BACKEND="tests.tournaments.web.test_invitation_consent.RefusesOneAddress")
def test_one_failing_mail_never_stops_the_others(client, alice, in_process_tasks):
    event = make_event(to=alice)
    for name, email in (("A", "a@example.org"), ("B", "bad@example.org"), ("C", "c@example.org")):
        _seat(event, name, email)
    client.force_login(alice)
    _press(client, f"/e/{event.slug}/manage/players/invite/")
    assert sorted(m.to[0] for m in mail.outbox) == ["a@example.org", "c@example.org"]
    refused = Player.objects.get(email="bad@example.org")
    assert refused.invited_at is None
    assert refused.invitation_failed_at is not None
    page = client.get(f"/e/{event.slug}/manage/players/").content.decode()
    assert "invitation refused by the mail server" in page
    # The address corrected, the next press invites that seat alone.
    refused.email = "b@example.org"
    refused.save()
    assert "Invitation to 1 player on the way." in _press(client, f"/e/{event.slug}/manage/players/invite/")
    assert mail.outbox[-1].to == ["b@example.org"]
    refused.refresh_from_db()
    assert refused.invitation_failed_at is None


def test_a_seat_changed_before_its_mail_goes_is_not_mailed_the_old_way(alice, in_process_tasks):
    """The task sends to seats still stamped as the press left them: a seat claimed or
    whose address changed (and re-invited) meanwhile is not mailed twice."""
    event = make_event(to=alice)
    ada = _seat(event, "Ada", "ada@example.org")
    with TestCase.captureOnCommitCallbacks(execute=False) as after_commit:
        invitations_send(event=event, by=alice)
    Player.objects.filter(pk=ada.pk).update(user=alice)  # claimed before the mail went
    for callback in after_commit:
        callback()
    assert mail.outbox == []


def test_a_name_stored_with_a_newline_still_gets_its_mail(alice, in_process_tasks):
    """A name from before names were refused with a line break, or from an old import."""
    event = make_event(to=alice)
    Player.objects.create(
        event=event, name="Ada\nBcc: x@evil.example", email="ada@example.org", external_id="s1"
    )
    event.name = "Cup\r\nX-Evil: 1"
    event.save(update_fields=["name"])
    with TestCase.captureOnCommitCallbacks(execute=True):
        done = invitations_send(event=event, by=alice)
    assert done.queued == 1
    [message] = mail.outbox
    assert "\n" not in message.subject
    assert "\r" not in message.subject
    assert message.to == ["ada@example.org"]
