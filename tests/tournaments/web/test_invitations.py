"""Imported players claim their seat through an invitation mailed by the TO.

Before, an imported seat (a name and an e-mail address) had no way in: the TO had to make
every account in /admin/ and link it by hand.
"""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from django.core import mail, signing

from tests.builders.rows import add_player, make_event
from tournaments.invitation_mails import invitation_token
from tournaments.models import AuditEntry, Player
from tournaments.services.invitations import invitation_read

pytestmark = pytest.mark.django_db


def _seat(event, name="Ada Lovelace", email="ada@example.org"):
    return Player.objects.create(
        event=event, name=name, email=email, external_id=f"s{Player.objects.count()}"
    )


def _link(message) -> str:
    found = re.search(r"http://127.0.0.1:8000(/e/\S+/invitation/\S+/)", message.body)
    assert found, message.body
    return found.group(1)


def test_the_to_mails_each_unclaimed_seat_its_link(client, alice, bob, mails_after_commit):
    event = make_event(to=alice)
    ada = _seat(event)
    _seat(event, "Nobody Mailed", email="")
    add_player(event, bob, "Bob")  # has an account: not invited
    client.force_login(alice)
    page = client.get(f"/e/{event.slug}/manage/players/")
    assert "1 player has an address and no account yet and has not been invited" in page.content.decode()
    response = mails_after_commit(
        lambda: client.post(f"/e/{event.slug}/manage/players/invite/", {"confirmed": "yes"}, follow=True)
    )
    assert "Invitation to 1 player on the way." in response.content.decode()
    assert [m.to for m in mail.outbox] == [["ada@example.org"]]
    assert "Ada Lovelace" in mail.outbox[0].body
    # The link names Ada's seat (its token is signed with a timestamp, so it is read back
    # rather than compared with a token made a second later).
    link = _link(mail.outbox[0])
    assert link.startswith(f"/e/{event.slug}/invitation/")
    token = link.rstrip("/").rsplit("/", 1)[1]
    assert invitation_read(event=event, token=token).player == ada
    assert AuditEntry.objects.filter(event=event, action="players-invited").count() == 1


def test_nobody_to_invite_is_said_and_sends_nothing(client, alice, bob):
    event = make_event(to=alice)
    add_player(event, bob, "Bob")
    client.force_login(alice)
    response = client.post(f"/e/{event.slug}/manage/players/invite/", follow=True)
    assert "Nobody to invite" in response.content.decode()
    assert mail.outbox == []


def test_a_signed_in_player_claims_the_seat_and_gets_its_page(client, alice, bob):
    event = make_event(to=alice)
    ada = _seat(event)
    url = f"/e/{event.slug}/invitation/{invitation_token(ada)}/"
    client.force_login(bob)
    page = client.get(url).content.decode()
    assert "The organiser entered you as <strong>Ada Lovelace</strong>" in page
    assert "Claim my seat" in page
    response = client.post(url)
    assert response.status_code == 302
    assert response["Location"] == f"/e/{event.slug}/me/"
    ada.refresh_from_db()
    assert ada.user == bob
    assert AuditEntry.objects.filter(
        event=event, action="player-claimed-seat", subject="Ada Lovelace"
    ).exists()
    # Following the link again is harmless.
    assert client.post(url).status_code == 302
    assert "already yours" in client.get(url).content.decode()


def test_an_anonymous_visitor_is_asked_to_log_in_and_comes_back(client, alice):
    event = make_event(to=alice)
    url = f"/e/{event.slug}/invitation/{invitation_token(_seat(event))}/"
    page = client.get(url).content.decode()
    assert "Log in to claim it" in page
    assert f"/accounts/login/?next={quote(url)}" in page
    response = client.post(url)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=")
    assert Player.objects.get(name="Ada Lovelace").user is None


def test_a_seat_claimed_by_someone_else_is_refused(client, alice, bob, carol):
    event = make_event(to=alice)
    ada = _seat(event)
    url = f"/e/{event.slug}/invitation/{invitation_token(ada)}/"
    client.force_login(bob)
    client.post(url)
    client.force_login(carol)
    assert "already claimed by another account" in client.get(url).content.decode()
    response = client.post(url, follow=True)
    assert "already claimed by another account" in response.content.decode()
    ada.refresh_from_db()
    assert ada.user == bob


def test_an_account_with_a_seat_cannot_claim_a_second(client, alice, bob):
    event = make_event(to=alice)
    add_player(event, bob, "Bob")
    ada = _seat(event)
    client.force_login(bob)
    response = client.post(f"/e/{event.slug}/invitation/{invitation_token(ada)}/", follow=True)
    assert "already has a seat at this event" in response.content.decode()
    ada.refresh_from_db()
    assert ada.user is None


@pytest.mark.parametrize("how", ["forged", "other-event", "address-changed"])
def test_a_wrong_link_is_not_found(client, alice, bob, how):
    event = make_event(to=alice)
    ada = _seat(event)
    token = invitation_token(ada)
    slug = event.slug
    if how == "forged":
        token = signing.dumps([event.pk, ada.pk, ada.email], salt="not-the-salt")
    elif how == "other-event":
        slug = make_event(to=alice, slug="other-open").slug
    else:
        Player.objects.filter(pk=ada.pk).update(email="someone@example.org")
    client.force_login(bob)
    assert client.get(f"/e/{slug}/invitation/{token}/").status_code == 404
    assert client.post(f"/e/{slug}/invitation/{token}/").status_code == 404
    ada.refresh_from_db()
    assert ada.user is None


def test_the_flash_messages_are_a_list_inside_a_live_region(client, alice, bob):
    """axe-core (journey 4): `<ul role="status">` is no longer a list, so its items were
    "listitem outside a list" (serious) on every page with a message. The live region wraps
    the list instead, and the list keeps its semantics."""
    event = make_event(to=alice)
    ada = _seat(event)
    client.force_login(bob)
    page = client.post(f"/e/{event.slug}/invitation/{invitation_token(ada)}/", follow=True).content.decode()
    assert '<div role="status"><ul class="messages"><li class="success">Welcome, Ada Lovelace' in page
    assert '<ul class="messages" role=' not in page
