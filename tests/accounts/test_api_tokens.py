"""API tokens: only for accounts that may log in on the web, expiring, rotated with the
password, listed and revocable by their owner (accounts.api_tokens)."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone
from knox.models import AuthToken
from rest_framework.test import APIClient

from accounts.api_tokens import TOKENS_PER_ACCOUNT
from tests.accounts.test_accounts import SIGNUP, _link

pytestmark = pytest.mark.django_db


def _token(username: str, password: str) -> APIClient:
    response = APIClient().post(
        "/api/auth/token/", {"username": username, "password": password}, format="json"
    )
    assert response.status_code == 200, response.json()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
    return client


def test_an_unconfirmed_account_gets_no_token_and_creates_nothing(client):
    client.post(reverse("account_signup"), SIGNUP)
    response = APIClient().post(
        "/api/auth/token/", {"username": "newcomer", "password": SIGNUP["password1"]}, format="json"
    )
    assert response.status_code == 403
    assert response.json()["code"] == "email-unverified"
    assert not AuthToken.objects.exists()
    # Once the link is followed, the same credentials get a token that works.
    confirm = _link(mail.outbox[0])
    client.post(confirm)
    api = _token("newcomer", SIGNUP["password1"])
    assert api.post("/api/events/", {"name": "Token Cup"}, format="json").status_code == 201


def test_a_wrong_password_for_an_unconfirmed_account_says_nothing_of_its_state(client):
    client.post(reverse("account_signup"), SIGNUP)
    response = APIClient().post(
        "/api/auth/token/", {"username": "newcomer", "password": "nope"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"


def test_each_login_gets_a_new_token_with_an_expiry(alice):
    first = APIClient().post(
        "/api/auth/token/", {"username": "alice", "password": "alice-pass-123"}, format="json"
    )
    second = APIClient().post(
        "/api/auth/token/", {"username": "alice", "password": "alice-pass-123"}, format="json"
    )
    assert first.json()["token"] != second.json()["token"]
    expiry = dt.datetime.fromisoformat(first.json()["expiry"])
    assert dt.timedelta(days=29) < expiry - timezone.now() <= dt.timedelta(days=30)
    # Only a digest is stored: the token itself is nowhere in the database.
    assert not AuthToken.objects.filter(digest=first.json()["token"]).exists()
    assert not AuthToken.objects.filter(token_key=first.json()["token"]).exists()


def test_an_expired_token_no_longer_works(alice):
    api = _token("alice", "alice-pass-123")
    assert api.get("/api/me/").status_code == 200
    AuthToken.objects.update(expiry=timezone.now() - dt.timedelta(seconds=1))
    response = api.get("/api/me/")
    assert response.status_code == 401
    assert not AuthToken.objects.exists()


def test_changing_the_password_revokes_every_token(client, alice):
    api = _token("alice", "alice-pass-123")
    other = _token("alice", "alice-pass-123")
    client.force_login(alice)
    response = client.post(
        reverse("account_change_password"),
        {
            "oldpassword": "alice-pass-123",
            "password1": "brand-New-secret-42",
            "password2": "brand-New-secret-42",
        },
    )
    assert response.status_code == 302
    assert api.get("/api/me/").status_code == 401
    assert other.get("/api/me/").status_code == 401
    assert _token("alice", "brand-New-secret-42").get("/api/me/").status_code == 200


def test_resetting_the_password_revokes_every_token(client, alice):
    api = _token("alice", "alice-pass-123")
    client.post(reverse("account_reset_password"), {"email": "alice@example.org"})
    form_page = client.get(_link(mail.outbox[0]), follow=True)
    action = form_page.context["action_url"]
    client.post(action, {"password1": "brand-New-secret-42", "password2": "brand-New-secret-42"})
    assert api.get("/api/me/").status_code == 401


def test_saving_the_user_without_a_new_password_keeps_the_tokens(alice):
    api = _token("alice", "alice-pass-123")
    alice.first_name = "Alice"
    alice.save()
    alice.last_login = timezone.now()
    alice.save(update_fields=["last_login"])
    assert api.get("/api/me/").status_code == 200


def test_the_owner_lists_and_revokes_tokens(alice, bob):
    api = _token("alice", "alice-pass-123")
    spare = _token("alice", "alice-pass-123")
    bobs = _token("bob", "bob-pass-123")
    listed = api.get("/api/auth/tokens/").json()["tokens"]
    assert len(listed) == 2
    assert [t["current"] for t in listed].count(True) == 1
    assert all(re.fullmatch(r"[0-9a-f]{15}", t["key"]) for t in listed)
    assert "token" not in listed[0]
    other_key = next(t["key"] for t in listed if not t["current"])
    # Bob cannot revoke alice's token: it is not his.
    assert bobs.delete(f"/api/auth/tokens/{other_key}/").status_code == 404
    assert spare.get("/api/me/").status_code == 200
    assert api.delete(f"/api/auth/tokens/{other_key}/").status_code == 204
    assert spare.get("/api/me/").status_code == 401
    assert api.delete("/api/auth/tokens/").status_code == 204
    assert api.get("/api/me/").status_code == 401
    assert bobs.get("/api/me/").status_code == 200


def test_an_account_keeps_a_bounded_number_of_tokens(alice):
    for _ in range(TOKENS_PER_ACCOUNT + 3):
        _token("alice", "alice-pass-123")
    assert AuthToken.objects.filter(user=alice).count() == TOKENS_PER_ACCOUNT
