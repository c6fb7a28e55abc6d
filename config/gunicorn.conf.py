"""gunicorn for Muster: `gunicorn -c config/gunicorn.conf.py` (docs/configuration.md:
Running in production).

Threads, not more processes: a request mostly waits on PostgreSQL or Redis, and with
polls answered by 304s or cached fragments the GIL is rarely the limit, while every
process costs memory and a warm-up. The app is loaded and warmed once in the master
(`preload_app`, config.warm) and forked, so a new worker's first pairing or standings
request is as fast as its hundredth. Every knob is an environment variable.
"""

from __future__ import annotations

import os
from typing import Any

wsgi_app = "config.wsgi:application"
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "8"))
preload_app = True
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 20
keepalive = 5
# Recycle workers now and then (a leak cannot grow for ever); the jitter keeps them from
# restarting together. Forked from the warm master, a new worker is warm at once.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "20000"))
max_requests_jitter = 2000
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None
# The combined format plus the time the worker spent on the request (%(D)s, microseconds)
# and its pid: compared with a client's figures, it tells time served from time queued.
access_log_format = os.environ.get(
    "GUNICORN_ACCESS_LOG_FORMAT",
    '%(h)s %(l)s %(u)s %(t)s "%(r)s" %(s)s %(b)s "%(f)s" "%(a)s" %(D)s %(p)s',
)
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")


def when_ready(server: Any) -> None:
    """In the master, after the app is loaded and before any worker is forked.

    GUNICORN_WARM=0 skips the warm-up (only to measure what it saves)."""
    from django.db import connections

    from config.warm import warm

    if os.environ.get("GUNICORN_WARM", "1") == "0":
        return
    seconds = warm()
    server.log.info("Muster warmed in %.2f s", seconds)
    # Nothing opened here may be shared by the forked workers.
    connections.close_all()
