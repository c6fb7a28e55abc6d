"""Project configuration: settings, URLs, the Celery app and the WSGI/ASGI entry points.

The Celery app is not imported here: every `manage.py` command would pay for Celery
(about 0.1 s) although only the web tier and the worker enqueue or run tasks. The task
modules bind to `config.celery.app` themselves, and `celery -A config worker` finds it as
`config.celery.app`; `config.celery_app` still resolves, on first use.
"""

from __future__ import annotations

from typing import Any

__all__ = ["celery_app"]


def __getattr__(name: str) -> Any:
    if name == "celery_app":
        from config.celery import app

        return app
    raise AttributeError(f"module 'config' has no attribute {name!r}")
