"""Role-named users: alice organises (root conftest), hank is Head Judge, judy a Floor Judge,
bob and carol play with their own accounts."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture
def bob(django_user_model):
    return django_user_model.objects.create_user("bob", "bob@example.org", "bob-pass-123")


@pytest.fixture
def carol(django_user_model):
    return django_user_model.objects.create_user("carol", "carol@example.org", "carol-pass-123")


@pytest.fixture
def judy(django_user_model):
    return django_user_model.objects.create_user("judy", "judy@example.org", "judy-pass-123")


@pytest.fixture
def hank(django_user_model):
    return django_user_model.objects.create_user("hank", "hank@example.org", "hank-pass-123")


@pytest.fixture
def users(alice, bob, carol, judy, hank) -> dict[str, Any]:
    return {"alice": alice, "bob": bob, "carol": carol, "judy": judy, "hank": hank}
