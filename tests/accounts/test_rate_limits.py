"""Login and sign-up are rate-limited (allauth's ACCOUNT_RATE_LIMITS), on the web and the API.

Failed logins count per account ("5/5m/key"); once spent, even that account's right
password is refused with a sentence saying why, and the web form, POST /api/auth/token/
and the admin draw on the same budget, so neither is a side door. An address is a whole
venue: its budgets are hall-sized ("300/5m/ip" attempts, "100/10m/ip" sign-ups), and
another account's failures never refuse a right password.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.test import override_settings
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


def test_failures_from_one_address_never_refuse_another_accounts_right_password(client, alice, bob):
    for n in range(40):
        _web_login(client, f"nobody{n}", "wrong", ip="203.0.113.9")
    assert _web_login(client, "bob", "bob-pass-123", ip="203.0.113.9").status_code == 302
    assert _api_login("bob", "bob-pass-123", ip="203.0.113.9").status_code == 200


def test_a_hall_logs_in_from_one_address(django_user_model):
    """132 players behind the venue's one address log in at once: every one gets in, the
    dozen who mistype first included."""
    names = [f"player{n:03d}" for n in range(132)]
    django_user_model.objects.bulk_create(
        [django_user_model(username=name, password=make_password(f"{name}-pass")) for name in names]
    )
    for name in names[:12]:
        assert _api_login(name, "typo", ip="203.0.113.50").status_code == 400
    for name in names:
        assert _api_login(name, f"{name}-pass", ip="203.0.113.50").status_code == 200, name


def test_a_successful_api_login_after_few_failures_still_gets_a_token(alice):
    for _ in range(2):
        _api_login("alice", "wrong")
    response = _api_login("alice", "alice-pass-123")
    assert response.status_code == 200
    assert response.json()["token"]


def _sign_up(client, n: int, ip: str, **headers: str):
    return client.post(
        reverse("account_signup"),
        {
            "email": f"user{n}@example.org",
            "username": f"user{n}",
            "password1": "a-long-Unusual-passphrase-9",
            "password2": "a-long-Unusual-passphrase-9",
        },
        REMOTE_ADDR=ip,
        **headers,
    )


@override_settings(ACCOUNT_RATE_LIMITS={**settings.ACCOUNT_RATE_LIMITS, "signup": "100/10m/ip"})
def test_a_venue_signs_up_from_one_address_and_a_flood_is_stopped(client):
    for n in range(100):
        assert _sign_up(client, n, "198.51.100.20").status_code == 302, n
    refused = _sign_up(client, 100, "198.51.100.20")
    assert refused.status_code == 429
    text = refused.content.decode()
    assert "Too many attempts" in text
    assert "Wait ten minutes" in text
    # Another address is not held up.
    assert _sign_up(client, 101, "192.0.2.44").status_code == 302


@pytest.fixture
def root(django_user_model):
    return django_user_model.objects.create_superuser("root", "", "root-pass-123")


def test_the_admin_login_is_the_sites_login_with_its_limit(client, root):
    """Guessing through /admin/login/ checks no password at all: it sends to the site's login."""
    for _ in range(25):
        response = client.post("/admin/login/?next=/admin/", {"username": "root", "password": "wrong"})
        assert response.status_code == 302
        assert response["Location"] == "/accounts/login/?next=%2Fadmin%2F"
    assert client.post("/admin/login/", {"username": "root", "password": "root-pass-123"}).status_code == 302
    assert client.get("/admin/").status_code == 302  # still not signed in
    assert _web_login(client, "root", "root-pass-123").status_code == 302
    assert client.get("/admin/").status_code == 200


def test_a_locked_account_cannot_open_the_admin(client, root):
    for _ in range(5):
        _web_login(client, "root", "wrong")
    assert LOCKED in _web_login(client, "root", "root-pass-123").content.decode()
    client.post("/admin/login/", {"username": "root", "password": "root-pass-123"})
    assert client.get("/admin/").status_code == 302
    assert client.get("/admin/").headers["Location"].startswith("/admin/login/")


def test_a_signed_in_account_that_is_not_staff_meets_a_404_at_the_admin(client, alice):
    client.force_login(alice)
    assert client.get("/admin/", follow=True).status_code == 404
    assert client.get("/admin/login/").status_code == 404


def test_the_admin_login_sends_only_to_this_site(client, root):
    response = client.get("/admin/login/?next=https://evil.example/")
    assert response["Location"] == "/accounts/login/?next=%2Fadmin%2F"


@override_settings(
    ALLAUTH_TRUSTED_PROXY_COUNT=1,
    ACCOUNT_RATE_LIMITS={**settings.ACCOUNT_RATE_LIMITS, "signup": "2/10m/ip"},
)
def test_behind_the_proxy_each_client_address_has_its_own_budget(client):
    """Behind deploy/nginx/ every request comes from the proxy's address; the client's is
    the one the proxy added to X-Forwarded-For (TRUSTED_PROXY_COUNT=1)."""

    def sign_up(n: int, client_ip: str):
        return _sign_up(client, n, "127.0.0.1", HTTP_X_FORWARDED_FOR=client_ip)

    assert [sign_up(n, "203.0.113.1").status_code for n in range(3)] == [302, 302, 429]
    assert sign_up(3, "203.0.113.2").status_code == 302
