"""Browsers ask for /favicon.ico on every page: it answers the site's icon, and pages name it."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_every_page_names_an_icon_and_favicon_ico_answers(client):
    assert 'rel="icon"' in client.get("/").content.decode()
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    assert response.content.startswith(b"<svg")
