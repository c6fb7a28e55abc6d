"""The framework's floor: the cheapest page a signed-in player can get from this stack.

A view behind the same middleware and session authentication as every page, rendering the
site's base template with one line of content after one query. What a real page costs
above it is ours to answer for; what it costs itself is Django's, the session and the
base template (docs/performance.md). `bench_requests` mounts it beside the site's own
URLs and prints every request as a ratio to it, measured in the same run.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.template import engines
from django.urls import URLPattern, URLResolver, include, path

from tournaments.models import Event

FLOOR_PATH = "/bench/floor/"

SOURCE = (
    '{% extends "base.html" %}{% block title %}Floor{% endblock %}'
    "{% block content %}<p>{{ line }}</p>{% endblock %}"
)
_compiled: dict[int, Any] = {}


def _template() -> Any:
    """The floor's template, compiled once per template engine: the benchmark's
    `DEBUG=False` makes a new engine (Django's cached loader, as served), and a template
    compiled by the one before would keep reading `base.html` through the uncached one."""
    engine = engines["django"]
    if id(engine) not in _compiled:
        _compiled.clear()
        _compiled[id(engine)] = engine.from_string(SOURCE)
    return _compiled[id(engine)]


@login_required
def floor(request: HttpRequest) -> HttpResponse:
    name = Event.objects.values_list("name", flat=True).order_by("pk").first()
    return HttpResponse(_template().render({"line": f"Welcome to {name}."}, request))


urlpatterns: list[URLPattern | URLResolver] = [
    path(FLOOR_PATH.strip("/") + "/", floor, name="bench-floor"),
    path("", include("config.urls")),
]
