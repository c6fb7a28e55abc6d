"""Shared fixtures with role-named users.

alice organises, bob and carol play, judy is a Floor Judge, hank the Head Judge,
mallory is an outsider.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, settings

# Properties are about values, not speed: on a loaded 2-core machine (CI beside a worker,
# a browser, private servers) Hypothesis's per-example deadline and its "generation is
# slow" check fail tests for the machine's sake. Speeds live in benchmarks/.
settings.register_profile("muster", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("muster")


def _user(django_user_model: Any, name: str, **extra: str) -> Any:
    return django_user_model.objects.create_user(name, f"{name}@example.org", f"{name}-pass-123", **extra)


@pytest.fixture
def alice(django_user_model):
    return _user(django_user_model, "alice")


@pytest.fixture
def bob(django_user_model):
    return _user(django_user_model, "bob", first_name="Bob")


@pytest.fixture
def carol(django_user_model):
    return _user(django_user_model, "carol")


@pytest.fixture
def judy(django_user_model):
    return _user(django_user_model, "judy")


@pytest.fixture
def hank(django_user_model):
    return _user(django_user_model, "hank")


@pytest.fixture
def mallory(django_user_model):
    return _user(django_user_model, "mallory")


@pytest.fixture
def users(alice, bob, carol, judy, hank, mallory) -> dict[str, Any]:
    return {"alice": alice, "bob": bob, "carol": carol, "judy": judy, "hank": hank, "mallory": mallory}


@pytest.fixture
def in_process_tasks():
    """Celery tasks run here, so `mail.outbox` sees their mails, even when CI sets REDIS_URL
    and a real worker is listening (it has its own outbox and cannot read uncommitted rows)."""
    from config.celery import app

    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = eager


@pytest.fixture
def mails_after_commit(in_process_tasks, django_capture_on_commit_callbacks):
    """Run a request (or a service) and then what its commit sends: the mail tasks."""

    def run(action: Any) -> Any:
        with django_capture_on_commit_callbacks(execute=True):
            return action()

    return run


@pytest.fixture(autouse=True)
def _empty_cache():
    """Rate-limit counters live in the cache: every test starts with none."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    """Skip `postgres`-marked tests, with the reason, when the test database is not PostgreSQL."""
    from django.db import connection

    if connection.vendor == "postgresql":
        return
    skip = pytest.mark.skip(
        reason="needs PostgreSQL (row locks, deferred constraints, parallel connections): "
        "set DATABASE_URL=postgres://... as .ci/run does"
    )
    for item in items:
        if "postgres" in item.keywords:
            item.add_marker(skip)
