"""Role-named users for printing tests: alice organises (root conftest), bob and carol play,
judy is a floor judge, hank the head judge, mallory an outsider (root conftest).

Unless a test is marked `broker`, Celery runs tasks in-process (even when REDIS_URL is set
for the CI run) and files go to a temporary MEDIA_ROOT.
"""

from __future__ import annotations

import pytest

from config.celery import app


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


@pytest.fixture(autouse=True)
def _local_tasks_and_media(request, settings, tmp_path):
    if request.node.get_closest_marker("broker"):
        yield
        return
    settings.MEDIA_ROOT = str(tmp_path / "media")
    eager, propagates = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True
    yield
    app.conf.task_always_eager, app.conf.task_eager_propagates = eager, propagates
