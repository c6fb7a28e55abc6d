"""A new player follows a registration or invitation link, signs up, confirms their address
and lands where the link was going: the link survives the sign-up."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.urls import reverse

from tests.accounts.test_accounts import SIGNUP
from tests.builders.rows import make_event
from tournaments.invitation_mails import invitation_token
from tournaments.models import Player

pytestmark = pytest.mark.django_db


def _path_in(message: mail.EmailMessage) -> str:
    found = re.search(r"https?://[^/\s]+(/\S+)", str(message.body))
    assert found, message.body
    return found.group(1)


def test_a_join_link_survives_sign_up_and_confirmation(client, alice):
    event = make_event(to=alice, name="Winter Clash")
    join = f"/e/{event.slug}/join/{event.join_code}/"
    page = client.get(join).content.decode()
    assert "Register for Winter Clash" in page
    assert "Log in to register" in page
    signup_link = f"{reverse('account_signup')}?next={join}"
    assert signup_link in page
    # The header's Sign up keeps the link too.
    assert page.count(signup_link) >= 2
    response = client.post(f"{reverse('account_signup')}?next={join}", {**SIGNUP, "next": join})
    assert response.status_code == 302
    confirm = _path_in(mail.outbox[0])
    done = client.post(confirm)
    assert done.status_code == 302
    assert done["Location"] == join
    form = client.get(join)
    assert form.context["form"].initial["name"] == ""  # a username is not a name
    client.post(join, {"name": "New Comer"})
    assert Player.objects.get(event=event).name == "New Comer"


def test_an_invitation_link_prefills_the_address_and_comes_back(client, alice):
    event = make_event(to=alice, name="Winter Clash")
    seat = Player.objects.create(event=event, name="New Comer", email=SIGNUP["email"], external_id="s1")
    url = f"/e/{event.slug}/invitation/{invitation_token(seat)}/"
    page = client.get(url).content.decode()
    assert f"email={SIGNUP['email'].replace('@', '%40')}" in page
    form = client.get(f"{reverse('account_signup')}?next={url}&email={SIGNUP['email']}")
    assert form.context["form"].initial["email"] == SIGNUP["email"]
    client.post(f"{reverse('account_signup')}?next={url}", {**SIGNUP, "next": url})
    done = client.post(_path_in(mail.outbox[0]))
    assert done["Location"] == url
    client.post(url)
    seat.refresh_from_db()
    assert seat.user is not None
    assert seat.user.get_username() == SIGNUP["username"]


def test_a_join_form_posted_while_logged_out_asks_for_a_login(client, alice):
    event = make_event(to=alice)
    join = f"/e/{event.slug}/join/{event.join_code}/"
    response = client.post(join, {"name": "X"})
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=")
    assert not Player.objects.filter(event=event).exists()
