"""Role-named users for printing tests: alice organises (root conftest), bob and carol play,
judy is a floor judge, hank the head judge, mallory an outsider (root conftest).

Unless a test is marked `broker`, Celery runs tasks in-process (even when REDIS_URL is set
for the CI run) and files go to a temporary MEDIA_ROOT.
"""

from __future__ import annotations

import pytest

from config.celery import app


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
