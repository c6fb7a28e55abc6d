"""The service worker and the manifest are
served where and how browsers need them, under the site's strict policy; the table view
carries the manifest, the script and the forms it may queue. The journey itself is the
browser test tests/browser/test_offline_result_entry.py."""

from __future__ import annotations

import json
import re

import pytest

from tests.builders.rows import add_player, make_event, play_round
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db


def test_the_service_worker_is_served_from_the_root_as_javascript_for_the_whole_site(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/javascript; charset=utf-8"
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    body = response.content.decode()
    # It names the static files by their stored names, and keeps only the table view.
    assert '"/static/js/offline.js"' in body
    assert '"/static/css/site.css"' in body
    assert "var TABLE_VIEW = /^\\/e\\/[^/]+\\/me\\/$/;" in body
    assert 'var LOGOUT = "/accounts/logout/";' in body
    # The page is told on its MessageChannel port once the copy is cached, or why not.
    assert "event.ports[0].postMessage(message)" in body
    assert "reply(event, {kept: path})" in body
    assert "{%" not in body
    assert "{{" not in body
    from django.contrib.staticfiles import finders

    from tournaments.views.offline import PRECACHE

    assert all(finders.find(name) for name in PRECACHE)


def test_the_manifest_is_json_with_its_own_type(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Muster"
    assert manifest["start_url"] == "/my-events/"
    assert manifest["icons"][0]["src"] == "/static/img/icon.svg"
    from django.contrib.staticfiles import finders

    assert finders.find("img/icon.svg")


def test_the_policy_allows_the_sites_own_worker_and_manifest_and_nothing_else(client):
    policy = client.get("/sw.js")["Content-Security-Policy"]
    assert "worker-src 'self'" in policy
    assert "manifest-src 'self'" in policy
    assert "script-src 'self';" in policy + ";"


def test_post_and_other_methods_are_refused(client):
    assert client.post("/sw.js").status_code == 405
    assert client.post("/manifest.webmanifest").status_code == 405


def test_the_table_view_links_the_manifest_the_script_and_marks_the_forms_it_may_queue(
    client, alice, bob, carol
):
    from tournaments.services.reporting import ResultInput, result_report

    event = make_event(to=alice)
    b = add_player(event, bob, "Bob")
    add_player(event, carol, "Carol")
    game = play_round(event, 1, status=RoundStatus.PUBLISHED, scored=False).games.get()
    client.force_login(bob)
    page = client.get("/e/spring-skirmish/me/").content.decode()
    head = page[: page.index("</head>")]
    assert '<link rel="manifest" href="/manifest.webmanifest">' in head
    assert '<script src="/static/js/offline.js" defer></script>' in page
    assert re.search(r'<div id="offline-status"[^>]*data-worker="/sw.js"[^>]*aria-live="polite"', page)
    assert re.search(r'<form [^>]*id="report-form"[^>]*data-offline="Result"', page)
    # "Saved for offline use" is shown by the script only once the worker has answered.
    assert re.search(r'<p class="muted offline-ready" data-offline-ready hidden></p>', page)
    # Without script the form posts as before, with a key the server made.
    assert re.search(r'<input type="hidden" name="idempotency_key" value="[0-9a-f]{32}"', page)
    result_report(game=game, player=b, result=ResultInput("played", 9, 2, details={}), by=bob)
    client.force_login(carol)
    page = client.get("/e/spring-skirmish/me/").content.decode()
    assert re.search(
        r'<form [^>]*action="/e/spring-skirmish/me/confirm/"[^>]*data-offline="Confirmation"', page
    )
    assert re.search(r'<form [^>]*action="/e/spring-skirmish/me/dispute/"[^>]*data-offline="Dispute"', page)
