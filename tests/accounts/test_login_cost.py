"""A login costs one password hash, however it is made.

Hashing is the slowest step of a login by design (hundreds of milliseconds with the
default hasher), so a second hash doubles it: with Django's ModelBackend beside allauth's,
a login by e-mail address, a wrong password or an unknown name hashed twice (the first
backend's miss hashes too, so that a miss takes as long as a hit)."""

from __future__ import annotations

from unittest import mock

import pytest
from django.contrib.auth.hashers import get_hasher
from django.urls import reverse
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def _hashes(action) -> int:
    hasher = type(get_hasher())
    with mock.patch.object(hasher, "encode", autospec=True, side_effect=hasher.encode) as encode:
        action()
    return encode.call_count


@pytest.mark.parametrize(
    ("login", "password", "status"),
    [
        ("alice", "alice-pass-123", 302),
        ("alice@example.org", "alice-pass-123", 302),
        ("Alice@Example.org", "alice-pass-123", 302),
        ("alice", "wrong password", 200),
        ("nobody-here", "wrong password", 200),
    ],
)
def test_a_web_login_hashes_the_password_once(client, alice, login, password, status):
    def post() -> None:
        response = client.post(reverse("login"), {"username": login, "password": password})
        assert response.status_code == status

    assert _hashes(post) == 1


def test_an_api_token_login_by_address_hashes_once(alice):
    def post() -> None:
        response = APIClient().post(
            "/api/auth/token/", {"username": "alice@example.org", "password": "alice-pass-123"}, format="json"
        )
        assert response.status_code in (200, 201), response.content

    assert _hashes(post) == 1


def test_the_admin_still_knows_a_superusers_permissions(client, django_user_model):
    root = django_user_model.objects.create_superuser("root", "root@example.org", "root-pass-123")
    client.force_login(root)
    assert root.has_perm("tournaments.change_event")
    assert client.get("/admin/").status_code == 200
