"""The Celery application.

With REDIS_URL unset the settings make every task run eagerly, in-process, so a
newcomer's `make run` needs no broker; with it set, tasks go to real workers.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery(
    "config",
    include=["config.tasks", "tournaments.tasks", "judging.tasks", "printing.tasks", "seasons.tasks"],
)
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
