"""Several web processes, one truth: two gunicorn instances on one PostgreSQL database, and
requests alternating between them.

Nothing lives in a web process: sessions are in the database, the rate-limit cache in
Redis, print jobs in the database and their PDFs in Django's default storage (MEDIA_ROOT
here, shared as a volume would be; an S3-compatible bucket with FILE_STORAGE=s3). So a
person logs in on one process and works on the other, and a PDF asked for on one is
rendered by a worker and downloaded from the other.

Marked `faults` (own Redis, worker and two gunicorns on the test database): runs in
.ci/run (MUSTER_FAULT_TESTS=1).
"""

from __future__ import annotations

import json
import os
import re
import urllib.parse
from http.cookies import SimpleCookie

import pytest
from django.db import connection

from tests.builders.rows import PRINTING_OPEN, add_round, add_staff, make_event
from tests.procs import app_env, celery_worker, gunicorn, http, redis_server, wait_for
from tournaments.models import RoundStatus

pytestmark = [
    pytest.mark.faults,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        os.environ.get("MUSTER_FAULT_TESTS") != "1",
        reason="starts its own Redis, a worker and two gunicorns: set MUSTER_FAULT_TESTS=1 (.ci/run does)",
    ),
]
SLUG = PRINTING_OPEN["slug"]


class Browser:
    """Cookies kept by hand (the app's cookies are Secure; this is plain HTTP on loopback)."""

    def __init__(self) -> None:
        self.cookies: dict[str, str] = {}

    def request(self, method: str, url: str, form: dict[str, str] | None = None):
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        data = None
        if form is not None:
            form = {**form, "csrfmiddlewaretoken": self.cookies.get("csrftoken", "")}
            data = urllib.parse.urlencode(form).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        status, response_headers, body = http(method, url, data=data, headers=headers)
        for raw in response_headers.get_all("Set-Cookie") or []:
            cookie = SimpleCookie()
            cookie.load(raw)
            for name, morsel in cookie.items():
                self.cookies[name] = morsel.value
        return status, response_headers, body


def test_log_in_on_one_process_and_work_on_the_other(alice, tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip("two processes need one shared database: set DATABASE_URL to PostgreSQL")
    event = make_event(**PRINTING_OPEN, players=["Ana", "Bruno"], tables=1, planned_rounds=2)
    add_staff(event, alice)
    add_round(event, 1, [("p1", "p2")], status=RoundStatus.CLOSED, results=[(12, 3)])
    db = connection.settings_dict
    database_url = f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    media = tmp_path / "media"
    with redis_server() as redis:
        env = app_env(DATABASE_URL=database_url, REDIS_URL=redis.url, MEDIA_ROOT=str(media))
        with (
            gunicorn(env, tmp_path / "web-a.log", workers=1) as a,
            gunicorn(env, tmp_path / "web-b.log", workers=1) as b,
            celery_worker(env, tmp_path / "worker.log"),
        ):
            assert a != b
            browser = Browser()
            # Log in on A ...
            assert browser.request("GET", f"{a}/accounts/login/")[0] == 200
            status, headers, _ = browser.request(
                "POST", f"{a}/accounts/login/", {"username": "alice", "password": "alice-pass-123"}
            )
            assert status == 302, headers
            assert "sessionid" in browser.cookies
            # ... and B knows who this is: the TO's management page.
            status, _, body = browser.request("GET", f"{b}/e/{SLUG}/manage/")
            assert status == 200
            assert "alice" in body.decode()
            # Ask for a PDF on B (the CSRF token from A's session works there too) ...
            status, headers, _ = browser.request(
                "POST", f"{b}/e/{SLUG}/print/request/", {"kind": "standings"}
            )
            assert status == 302, headers
            found = re.search(r"/jobs/(\d+)/", headers["Location"])
            assert found is not None
            job_id = int(found[1])
            # ... watch it on A until the worker has rendered it ...
            status_url = f"{a}/e/{SLUG}/print/api/jobs/{job_id}/"
            job = wait_for(
                lambda: (j := json.loads(browser.request("GET", status_url)[2]))["status"] == "done" and j,
                90,
                "the worker to render the PDF",
                every=0.5,
            )
            assert job["download_url"].startswith(a)
            # ... and download it from B.
            status, headers, body = browser.request("GET", f"{b}/e/{SLUG}/print/jobs/{job_id}/download/")
            assert status == 200
            assert headers["Content-Type"] == "application/pdf"
            assert body.startswith(b"%PDF-")
            # The job list is the same on both: it lives in the session, in the database.
            for base in (a, b):
                assert f'data-job="{job_id}"' in browser.request("GET", f"{base}/e/{SLUG}/print/")[2].decode()
            # Log out on B: A no longer knows this browser.
            assert browser.request("POST", f"{b}/accounts/logout/", {})[0] == 302
            status, _, body = browser.request("GET", f"{a}/e/{SLUG}/manage/")
            assert status in (302, 404)
            assert b"alice" not in body
