"""Slow clients cannot take the site down behind the documented nginx (deploy/nginx/).

Twenty connections that announce a 100 kB body and send a byte every two seconds hold
every one of gunicorn's workers when it faces them itself: `/healthz` no longer answers.
Behind nginx with the repository's muster-proxy.conf, nginx holds them (it reads a body
whole before passing it on) and the site answers as usual.

Marked `faults`: it runs in .ci/run (MUSTER_FAULT_TESTS=1, which also installs nginx).
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.procs import app_env, gunicorn, http_get, nginx_in_front

pytestmark = [
    pytest.mark.faults,
    pytest.mark.skipif(
        os.environ.get("MUSTER_FAULT_TESTS") != "1",
        reason="starts gunicorn and nginx: set MUSTER_FAULT_TESTS=1 (.ci/run does)",
    ),
]
SLOW_CLIENTS = 20


@contextmanager
def slow_bodies(base: str, count: int = SLOW_CLIENTS) -> Iterator[None]:
    """`count` POSTs that send their headers, then one byte of the body every 2 s."""
    address = urlsplit(base)
    stop = threading.Event()
    sockets: list[socket.socket] = []
    for _ in range(count):
        sock = socket.create_connection((address.hostname, address.port or 80), timeout=5)
        sock.sendall(
            b"POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\nu"
        )
        sockets.append(sock)

    def drip() -> None:
        while not stop.wait(2):
            for sock in sockets:
                with suppress(OSError):
                    sock.sendall(b"x")

    thread = threading.Thread(target=drip, daemon=True)
    thread.start()
    try:
        time.sleep(1)  # every connection is in its worker (or in nginx)
        yield
    finally:
        stop.set()
        thread.join(timeout=5)
        for sock in sockets:
            sock.close()


def _answers(base: str, timeout: float) -> bool:
    try:
        status, _, _ = http_get(f"{base}/healthz", timeout=timeout)
    except OSError:
        return False
    return bool(status == 200)


@pytest.fixture
def site(tmp_path: Path) -> Iterator[str]:
    env = app_env(DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    with gunicorn(env, tmp_path / "gunicorn.log", workers=2) as base:
        yield base


@pytest.mark.skipif(shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists(), reason="no nginx")
def test_nginx_holds_slow_clients_that_take_bare_gunicorn_down(site: str, tmp_path: Path) -> None:
    assert _answers(site, timeout=5)
    # gunicorn alone: the slow bodies hold its workers and the health check times out.
    with slow_bodies(site):
        assert not _answers(site, timeout=3)
    with nginx_in_front(site, tmp_path / "nginx.log") as proxied:
        assert _answers(proxied, timeout=5)
        with slow_bodies(proxied):
            started = time.monotonic()
            for _ in range(5):  # over about five seconds of the attack
                assert _answers(proxied, timeout=2)
                time.sleep(1)
            assert time.monotonic() - started < 15
