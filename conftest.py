"""Shared fixtures with role-named users.

alice organises, bob and carol play, judy is a Floor Judge, hank the Head Judge,
mallory is an outsider.
"""

from __future__ import annotations

import os
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
def tasks_in_process_quietly():
    """Celery tasks run here, and one that fails is logged, not raised into the test: as a
    worker would, so a push that fails still lets the action and the mail go on."""
    from config.celery import app

    eager, propagates = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager, app.conf.task_eager_propagates = True, False
    yield
    app.conf.task_always_eager, app.conf.task_eager_propagates = eager, propagates


@pytest.fixture
def push_service(settings):
    """A push service on 127.0.0.1 that decrypts what it receives (tests/builders/push_service.py),
    and the site's VAPID key to push to it with; `.public_key` is the key's public half."""
    from accounts import webpush
    from tests.builders.push_service import start_push_service

    private, public = webpush.new_key_pair()
    settings.WEBPUSH_VAPID_PRIVATE_KEY = private
    settings.WEBPUSH_ALLOW_LOOPBACK = True
    running = start_push_service()
    running.public_key = public
    yield running
    running.server.shutdown()
    running.server.server_close()


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
    """Skip, with the reason, what this machine cannot run: `postgres`-marked tests when the
    test database is not PostgreSQL, and the browser tests without Chromium (`make test`
    needs only Python and make; .ci/run installs the browser and makes its absence an
    error, MUSTER_BROWSER_REQUIRED=1)."""
    _skip_postgres_tests(items)
    _skip_browser_tests(config, items)


def _skip_postgres_tests(items: list[Any]) -> None:
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


def _browser_missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    from tests.browser.conftest import AXE_JS, CHROMIUM

    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM}"
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "Playwright is not installed"
    if not AXE_JS.exists():
        return "axe-core is not installed (npm)"
    return None


BROWSER_HOW = (
    "to run them: install Debian's chromium (apt install chromium; or set MUSTER_CHROMIUM to "
    "a Chromium binary) and Node.js's npm (make test installs axe-core with it), then make test"
)


def _skip_browser_tests(config: Any, items: list[Any]) -> None:
    browser = [item for item in items if "browser" in item.keywords]
    if not browser:
        return
    missing = _browser_missing()
    if missing is None:
        return
    if os.environ.get("MUSTER_BROWSER_REQUIRED") == "1":
        raise pytest.UsageError(
            f"the browser tests must run here (MUSTER_BROWSER_REQUIRED=1), but: {missing}"
        )
    skip = pytest.mark.skip(reason=f"browser test: {missing}; {BROWSER_HOW}")
    for item in browser:
        item.add_marker(skip)
    config.stash[BROWSER_SKIPPED] = (len(browser), missing)


BROWSER_SKIPPED = pytest.StashKey[tuple[int, str]]()


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: Any) -> None:
    """Say once, plainly, which tests did not run and how to run them."""
    skipped = config.stash.get(BROWSER_SKIPPED, None)
    if skipped is not None:
        count, missing = skipped
        terminalreporter.write_sep("=", "browser tests skipped", yellow=True)
        terminalreporter.write_line(f"{count} browser tests (tests/browser/) did not run: {missing}.")
        terminalreporter.write_line(BROWSER_HOW[0].upper() + BROWSER_HOW[1:] + ".")
