"""Shared fixtures with role-named users.

alice organises, bob and carol play, judy judges, mallory is an outsider.
"""

from __future__ import annotations

import pytest


@pytest.fixture
def alice(django_user_model):
    return django_user_model.objects.create_user("alice", "alice@example.org", "alice-pass-123")


@pytest.fixture
def mallory(django_user_model):
    return django_user_model.objects.create_user("mallory", "mallory@example.org", "mallory-pass-123")
