"""Database and broker outages: 503, never a traceback, and service comes back by itself.

The test starts its own PostgreSQL cluster and Redis (tests/procs.py), serves the app with
gunicorn against them (DEBUG off, as in production), stops each server under it and
starts it again, without touching gunicorn. Before: API errors came back as the
HTML 500 page with the database down, nothing answered 503, and a PDF asked for with
Redis down held the request ~20 s and answered a bare 500.

Marked `faults`: it runs in .ci/run (MUSTER_FAULT_TESTS=1); locally set that variable.
"""

from __future__ import annotations

import json
import os
import re
import time
import urllib.parse

import pytest

from config.outages import MESSAGES
from printing.services import UNAVAILABLE
from tests.procs import app_env, gunicorn, http, manage, postgres_cluster, redis_server

pytestmark = [
    pytest.mark.faults,
    pytest.mark.skipif(
        os.environ.get("MUSTER_FAULT_TESTS") != "1",
        reason="starts its own PostgreSQL, Redis and gunicorn: set MUSTER_FAULT_TESTS=1 (.ci/run does)",
    ),
]
DEMO = "demo-winter-clash"


def json_of(body: bytes):
    return json.loads(body.decode())


def assert_no_traceback(body: bytes) -> None:
    text = body.decode(errors="replace")
    assert "Traceback" not in text
    assert 'File "' not in text
    assert "OperationalError" not in text


def test_outages_answer_503_without_a_traceback_and_service_comes_back(tmp_path):
    with postgres_cluster() as pg, redis_server() as redis:
        pg.createdb("muster")
        env = app_env(DATABASE_URL=pg.url("muster"), REDIS_URL=redis.url, MEDIA_ROOT=str(tmp_path / "media"))
        manage(env, "migrate", "--noinput")
        manage(env, "load_demo")
        with gunicorn(env, tmp_path / "gunicorn.log") as base:
            status, _, body = http(
                "POST",
                f"{base}/api/auth/token/",
                data=json.dumps({"username": "demo-to", "password": "demo-to"}).encode(),
                headers={"Content-Type": "application/json"},
            )
            assert status == 200, body
            auth = {"Authorization": f"Token {json_of(body)['token']}"}
            api = f"{base}/api/events/{DEMO}/"
            page = f"{base}/e/{DEMO}/standings/"
            assert http("GET", api, headers=auth)[0] == 200
            assert http("GET", page)[0] == 200

            # --- the database goes away -------------------------------------------------
            pg.stop()
            for headers in (auth, {}):
                status, response_headers, body = http("GET", api, headers=headers)
                assert status == 503, body
                assert response_headers["Content-Type"] == "application/json"
                assert json_of(body) == {"code": "unavailable", "message": MESSAGES["database"]}
                assert response_headers["Retry-After"] == "30"
                assert_no_traceback(body)
            status, _, body = http(
                "POST",
                f"{base}/api/events/{DEMO}/players/",
                data=b'{"name": "Late Arrival"}',
                headers={**auth, "Content-Type": "application/json"},
            )
            assert status == 503
            assert json_of(body)["code"] == "unavailable"
            status, response_headers, body = http("GET", page, headers={"Accept": "text/html"})
            assert status == 503
            assert response_headers["Content-Type"].startswith("text/html")
            assert "Muster is back in a minute" in body.decode()
            assert MESSAGES["database"] in body.decode()
            assert_no_traceback(body)
            assert http("GET", f"{base}/healthz")[0] == 503

            # --- it comes back: no restart of anything ---------------------------------
            pg.start()
            assert http("GET", api, headers=auth)[0] == 200
            assert http("GET", page)[0] == 200
            assert http("GET", f"{base}/healthz")[0] == 200

            # --- the broker goes away ---------------------------------------------------
            redis.stop()
            started = time.monotonic()
            status, response_headers, body = http(
                "POST",
                f"{base}/e/{DEMO}/print/api/jobs/",
                data=b'{"kind": "standings"}',
                headers={**auth, "Content-Type": "application/json"},
            )
            took = time.monotonic() - started
            assert status == 503, body
            assert json_of(body) == {"code": "printing-unavailable", "message": UNAVAILABLE}
            assert took < 8, f"held {took:.1f} s"
            # A browser: the print form, with its CSRF token, as a person would post it.
            status, response_headers, body = http("GET", f"{base}/e/{DEMO}/print/")
            assert status == 200
            cookie = re.search(r"csrftoken=([^;]+)", response_headers["Set-Cookie"])
            form_token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', body.decode())
            assert cookie is not None
            assert form_token is not None
            form = {"csrfmiddlewaretoken": form_token[1], "kind": "standings"}
            status, _, body = http(
                "POST",
                f"{base}/e/{DEMO}/print/request/",
                data=urllib.parse.urlencode(form).encode(),
                headers={
                    "Cookie": f"csrftoken={cookie[1]}",
                    "Content-Type": "application/x-www-form-urlencoded",
                },
            )
            assert status == 503
            assert "Printing is unavailable right now" in body.decode()
            assert_no_traceback(body)
            assert http("GET", f"{base}/healthz")[0] == 503

            redis.start()
            status, _, body = http(
                "POST",
                f"{base}/e/{DEMO}/print/api/jobs/",
                data=b'{"kind": "standings"}',
                headers={**auth, "Content-Type": "application/json"},
            )
            assert status == 202, body
            assert json_of(body)["status"] == "queued"
            assert http("GET", f"{base}/healthz")[0] == 200
        print(f"broker down: print request answered 503 in {took:.2f} s")
