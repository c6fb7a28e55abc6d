"""Real processes for fault tests: a private Redis, a private PostgreSQL, Celery workers and
gunicorn, each on a free port, started and stopped by the test itself.

Nothing here fakes a failure: a stopped server is a stopped server. Each helper is a
context manager that cleans up after itself, killing only the processes it started.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from glob import glob
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
VENV_BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for(check, timeout: float, what: str, every: float = 0.1):
    """Poll `check()` until it returns something truthy; fail naming `what` after `timeout` s."""
    deadline = time.monotonic() + timeout
    last_error: BaseException | None = None
    while time.monotonic() < deadline:
        try:
            value = check()
        except Exception as exc:  # the thing is not up yet
            last_error = exc
            value = None
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"timed out after {timeout} s waiting for {what} (last error: {last_error!r})")


def _port_open(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(0.2)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def _stop(proc: subprocess.Popen[bytes], sig: int = signal.SIGTERM, timeout: float = 15) -> None:
    if proc.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, sig)
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


# --- Redis ----------------------------------------------------------------------------


class RedisServer:
    """`redis-server` on a free port, no persistence; stop() and start() keep the port."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        binary = shutil.which("redis-server")
        assert binary, "redis-server is not installed (apt-get install redis-server)"
        self.proc = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        wait_for(lambda: _port_open(self.port), 10, f"redis-server on port {self.port}")

    def stop(self) -> None:
        if self.proc is not None:
            _stop(self.proc)
            self.proc = None


@contextlib.contextmanager
def redis_server() -> Iterator[RedisServer]:
    server = RedisServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


# --- PostgreSQL -----------------------------------------------------------------------


def _pg_bin(name: str) -> str:
    found = sorted(glob(f"/usr/lib/postgresql/*/bin/{name}"))
    assert found, f"PostgreSQL's {name} is not installed under /usr/lib/postgresql/*/bin"
    return found[-1]


class PostgresCluster:
    """A throw-away cluster (initdb in a temp dir, trust auth) on a free port, run as the
    `postgres` user when the test runs as root (initdb refuses root)."""

    def __init__(self) -> None:
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="muster-pg-"))
        self.data = self.dir / "data"
        self.as_root = os.geteuid() == 0
        if self.as_root:
            shutil.chown(self.dir, "postgres", "postgres")

    def url(self, name: str = "postgres") -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{name}"

    def _run(self, *argv: str) -> None:
        command = list(argv)
        if self.as_root:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)

    def init(self) -> None:
        self._run(_pg_bin("initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8")

    def start(self) -> None:
        options = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(
            _pg_bin("pg_ctl"), "-D", str(self.data), "-o", options, "-l", str(self.dir / "log"), "-w", "start"
        )

    def stop(self) -> None:
        # Fast shutdown: open connections are cut, as when a database server goes away.
        self._run(_pg_bin("pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")

    def createdb(self, name: str) -> None:
        self._run(_pg_bin("createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", name)

    def remove(self) -> None:
        with contextlib.suppress(Exception):
            self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


@contextlib.contextmanager
def postgres_cluster() -> Iterator[PostgresCluster]:
    cluster = PostgresCluster()
    try:
        cluster.init()
        cluster.start()
        yield cluster
    finally:
        cluster.remove()


# --- the app's own processes ----------------------------------------------------------


def app_env(**overrides: str) -> dict[str, str]:
    """The environment of a web or worker process started by a test: the test settings,
    DEBUG off (so errors are answered as in production), plain HTTP."""
    env = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "DATABASE_URL")}
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "tests.settings",
            "DEBUG": "0",
            "SECRET_KEY": "fault-tests-only-secret-key",
            "SECURE_SSL_REDIRECT": "0",
            "PYTHONUNBUFFERED": "1",
        }
    )
    env.update(overrides)
    return env


def manage(env: Mapping[str, str], *argv: str) -> None:
    subprocess.run(
        [sys.executable, "manage.py", *argv],
        cwd=ROOT,
        env=dict(env),
        check=True,
        capture_output=True,
        timeout=300,
    )


class Process:
    """A process started in its own session, its output kept in a log file."""

    def __init__(self, argv: list[str], env: Mapping[str, str], log: Path) -> None:
        self.log = log
        self._handle = log.open("ab")
        self.proc = subprocess.Popen(
            argv,
            cwd=ROOT,
            env=dict(env),
            stdout=self._handle,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    @property
    def pid(self) -> int:
        return self.proc.pid

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def kill(self) -> None:
        """SIGKILL the whole process group (the main process and its children) at once."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        _stop(self.proc)
        self._handle.close()


@contextlib.contextmanager
def celery_worker(env: Mapping[str, str], log: Path, *, concurrency: int = 1) -> Iterator[Process]:
    """A prefork worker (so a pool process can be killed under its parent), ready to consume."""
    name = f"faults-{os.getpid()}-{free_port()}@%h"
    worker = Process(
        [
            str(VENV_BIN / "celery"),
            "-A",
            "config",
            "worker",
            "--pool=prefork",
            f"--concurrency={concurrency}",
            "--loglevel=INFO",
            "--without-gossip",
            "--without-mingle",
            "-n",
            name,
        ],
        env,
        log,
    )
    try:
        wait_for(lambda: " ready." in worker.output(), 60, f"the Celery worker to start ({log})", every=0.2)
        yield worker
    finally:
        worker.stop()


def http_get(url: str, headers: Mapping[str, str] | None = None, timeout: float = 10):
    """(status, headers, body) without raising on 4xx/5xx."""
    return http("GET", url, headers=headers, timeout=timeout)


def http(
    method: str,
    url: str,
    *,
    data: bytes | None = None,
    headers: Mapping[str, str] | None = None,
    timeout: float = 15,
):
    """(status, headers, body) of one request, without raising on 4xx/5xx; no redirects followed."""

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: Any, **kwargs: Any) -> None:
            return None

    opener = urllib.request.build_opener(NoRedirect)
    request = urllib.request.Request(url, data=data, method=method, headers=dict(headers or {}))
    try:
        with opener.open(request, timeout=timeout) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers, exc.read()


@contextlib.contextmanager
def gunicorn(env: Mapping[str, str], log: Path, *, workers: int = 2) -> Iterator[str]:
    """gunicorn serving config.wsgi on a free port; yields its base URL once it answers."""
    port = free_port()
    server = Process(
        [
            str(VENV_BIN / "gunicorn"),
            "config.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--timeout",
            "60",
            "--access-logfile",
            "-",
        ],
        env,
        log,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(lambda: _port_open(port), 60, f"gunicorn on port {port} ({log})", every=0.2)
        yield base
    finally:
        server.stop()


@contextlib.contextmanager
def app_publishing_to(url: str) -> Iterator[None]:
    """Make this process's Celery app publish to the broker at `url` (not in-process), then
    put back what was there. The producer pools are dropped so the next publish connects anew."""
    from config.celery import app

    conf: Any = app.conf
    original = conf.broker_url, conf.task_always_eager

    def reset_pools() -> None:
        celery: Any = app
        celery._pool = None
        celery.amqp._producer_pool = None

    conf.broker_url, conf.task_always_eager = url, False
    reset_pools()
    try:
        yield
    finally:
        conf.broker_url, conf.task_always_eager = original
        reset_pools()


@contextlib.contextmanager
def nginx_in_front(upstream: str, log: Path) -> Iterator[str]:
    """nginx on a free port proxying to `upstream` (http://127.0.0.1:PORT) through the
    repository's own deploy/nginx/muster-proxy.conf; yields its base URL."""
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    prefix = Path(tempfile.mkdtemp(prefix="muster-nginx-"))
    port = free_port()
    conf = prefix / "nginx.conf"
    conf.write_text(
        f"""
worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections 512; }}
http {{
    access_log off;
    client_body_temp_path {prefix}/body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    upstream muster {{ server {upstream.removeprefix("http://")}; keepalive 4; }}
    server {{
        listen 127.0.0.1:{port};
        include {ROOT / "deploy" / "nginx" / "muster-proxy.conf"};
    }}
}}
"""
    )
    server = Process([binary, "-p", str(prefix), "-c", str(conf), "-g", "daemon off;"], os.environ, log)
    try:
        wait_for(lambda: _port_open(port), 30, f"nginx on port {port} ({log})", every=0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.stop()
        shutil.rmtree(prefix, ignore_errors=True)
