"""Role-named users for the web tests: bob and carol play, judy is a Floor Judge, hank the Head Judge."""

from __future__ import annotations

import pytest


@pytest.fixture
def bob(django_user_model):
    return django_user_model.objects.create_user("bob", "bob@example.org", "bob-pass-123", first_name="Bob")


@pytest.fixture
def carol(django_user_model):
    return django_user_model.objects.create_user("carol", "carol@example.org", "carol-pass-123")


@pytest.fixture
def judy(django_user_model):
    return django_user_model.objects.create_user("judy", "judy@example.org", "judy-pass-123")


@pytest.fixture
def hank(django_user_model):
    return django_user_model.objects.create_user("hank", "hank@example.org", "hank-pass-123")
