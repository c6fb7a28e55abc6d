"""Token and session login, and the error shape for callers without one."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def test_token_login_then_use(alice):
    client = APIClient()
    response = client.post(
        "/api/auth/token/", {"username": "alice", "password": "alice-pass-123"}, format="json"
    )
    assert response.status_code == 200
    token = response.json()["token"]
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.get("/api/me/").json()["username"] == "alice"
    assert client.post("/api/events/", {"name": "Token Cup"}, format="json").status_code == 201


def test_wrong_password_is_a_400_in_the_error_shape(alice):
    response = APIClient().post("/api/auth/token/", {"username": "alice", "password": "nope"}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert "Unable to log in" in response.json()["message"]


def test_session_login_works_too(client, alice):
    client.force_login(alice)
    assert client.get("/api/me/").json()["username"] == "alice"


def test_writes_without_login_are_401_with_a_challenge():
    response = APIClient().post("/api/events/", {"name": "X"}, format="json")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert response.json()["code"] == "not-authenticated"


def test_unknown_event_is_404_in_the_error_shape():
    response = APIClient().get("/api/events/nope/")
    assert response.status_code == 404
    assert response.json() == {"code": "not-found", "message": "Not found."}
