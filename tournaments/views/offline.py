"""The table view offline (docs/offline.md): the service worker and the web app manifest.

A venue's Wi-Fi fails when the hall fills up. The service worker keeps the player's table
view (`/e/<slug>/me/`) and the site's static files for offline use; the page's script
(static/js/offline.js) keeps a result, confirmation or dispute made offline on the phone
and sends it when the connection returns, through the idempotent result submission
(services.reporting). OP Guide, "Reporting Results": a result is reported at the table,
by both players, as soon as the game ends; a dead connection must not lose it.

The worker is served from `/sw.js` so that its scope is the whole site (a worker under
/static/ could control only /static/); it is rendered from a template so it names the
static files by their stored names (hashed ones in production). The same worker shows the
pushes of docs/push.md (its `push` and `notificationclick` handlers).
"""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_GET

# The files the table view needs, cached when the worker installs.
PRECACHE = ("css/site.css", "js/htmx.min.js", "js/site.js", "js/offline.js", "img/icon.svg")
# Bumped with a change to what is cached or how: an old worker's caches are dropped.
CACHE_VERSION = "muster-offline-v1"


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    body = render_to_string(
        "offline/sw.js",
        {
            "version": json.dumps(CACHE_VERSION),
            "precache": json.dumps([static(name) for name in PRECACHE]),
            "logout": json.dumps(reverse("logout")),
            "static_prefix": json.dumps(static("")),
            "icon": json.dumps(static("img/icon.svg")),
        },
    )
    response = HttpResponse(body, content_type="application/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    # Browsers check for a new worker on each visit; never let a proxy hold an old one.
    patch_cache_control(response, no_cache=True, max_age=0)
    return response


@require_GET
def manifest(request: HttpRequest) -> HttpResponse:
    body = render_to_string("offline/manifest.webmanifest", {"icon": static("img/icon.svg")})
    response = HttpResponse(body, content_type="application/manifest+json")
    patch_cache_control(response, max_age=3600)
    return response
