"""Login and sign-up are rate-limited (allauth's ACCOUNT_RATE_LIMITS), on the web and the API.

Failed logins count per account ("5/5m/key") and per address ("10/m/ip"); once spent,
even the right password is refused with a sentence saying why, and the web form and
POST /api/auth/token/ draw on the same budget, so the API is no side door.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

LOCKED = "Too many failed login attempts. Try again later."


def _web_login(client, username, password, ip="198.51.100.7"):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=ip)


def _api_login(username, password, ip="198.51.100.7"):
    return APIClient().post(
        "/api/auth/token/", {"username": username, "password": password}, format="json", REMOTE_ADDR=ip
    )


def test_five_wrong_passwords_lock_the_account_on_the_web(client, alice, bob):
    for _ in range(5):
        response = _web_login(client, "alice", "wrong")
        assert response.status_code == 200
        assert LOCKED not in response.content.decode()
    refused = _web_login(client, "alice", "alice-pass-123")
    assert refused.status_code == 200
    assert LOCKED in refused.content.decode()
    assert 'role="alert"' in refused.content.decode()
    assert not refused.wsgi_request.user.is_authenticated
    # Another account from the same address is not locked by alice's failures.
    assert _web_login(client, "bob", "bob-pass-123").status_code == 302


def test_the_right_password_before_the_limit_does_not_reset_the_count_for_an_attacker(client, alice):
    for _ in range(4):
        _web_login(client, "alice", "wrong")
    assert _web_login(client, "alice", "alice-pass-123").status_code == 302
    client.post(reverse("logout"))
    assert LOCKED not in _web_login(client, "alice", "wrong").content.decode()  # the 5th failure
    assert LOCKED in _web_login(client, "alice", "alice-pass-123").content.decode()


def test_five_wrong_passwords_lock_the_api_token_endpoint(alice):
    for _ in range(5):
        response = _api_login("alice", "wrong")
        assert response.status_code == 400
        assert response.json()["code"] == "invalid"
    refused = _api_login("alice", "alice-pass-123")
    assert refused.status_code == 429
    assert refused.json() == {"code": "too-many-login-attempts", "message": LOCKED}


def test_web_and_api_share_one_budget(client, alice):
    for _ in range(3):
        _web_login(client, "alice", "wrong")
    for _ in range(2):
        _api_login("alice", "wrong")
    assert _api_login("alice", "alice-pass-123").status_code == 429
    assert LOCKED in _web_login(client, "alice", "alice-pass-123").content.decode()


def test_the_lock_is_per_account_name_whatever_its_case(client, alice):
    for _ in range(5):
        _api_login("ALICE", "wrong")
    assert _api_login("alice", "alice-pass-123").status_code == 429


def test_ten_failures_from_one_address_lock_that_address(client, alice, bob):
    for n in range(10):
        _web_login(client, f"nobody{n}", "wrong", ip="203.0.113.9")
    assert LOCKED in _web_login(client, "bob", "bob-pass-123", ip="203.0.113.9").content.decode()
    assert _api_login("bob", "bob-pass-123", ip="203.0.113.9").status_code == 429
    # Bob from elsewhere is fine.
    assert _web_login(client, "bob", "bob-pass-123", ip="192.0.2.44").status_code == 302


def test_a_successful_api_login_after_few_failures_still_gets_a_token(alice):
    for _ in range(2):
        _api_login("alice", "wrong")
    response = _api_login("alice", "alice-pass-123")
    assert response.status_code == 200
    assert response.json()["token"]


def test_sign_up_is_limited_per_address(client):
    for n in range(10):
        response = client.post(
            reverse("account_signup"),
            {
                "email": f"user{n}@example.org",
                "username": f"user{n}",
                "password1": "a-long-Unusual-passphrase-9",
                "password2": "a-long-Unusual-passphrase-9",
            },
            REMOTE_ADDR="198.51.100.20",
        )
        assert response.status_code == 302, n
    refused = client.post(
        reverse("account_signup"),
        {"email": "one@example.org", "username": "onemore", "password1": "x", "password2": "x"},
        REMOTE_ADDR="198.51.100.20",
    )
    assert refused.status_code == 429
    assert "Too many attempts" in refused.content.decode()
