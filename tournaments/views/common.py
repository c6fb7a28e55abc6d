"""What every web view shares: who is asking, and the shape of a POST that calls one
service and redirects (POST-redirect-GET). Rows inside an event load through the
`tournaments.access` loaders (`round_or_404`, `player_or_404`, `game_or_404`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.contrib import messages
from django.contrib.auth.models import AbstractBaseUser
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect

from tournaments.access import EventAccess
from tournaments.errors import ServiceError
from tournaments.models import Game


def actor(request: HttpRequest) -> AbstractBaseUser:
    """The signed-in user; role views are behind login_required, so there is one."""
    user = request.user
    if not isinstance(user, AbstractBaseUser):  # pragma: no cover - guarded by login_required
        raise Http404("Sign in first.")
    return user


def by_table(games: Iterable[Game]) -> list[Game]:
    """Games in table order with the bye last (databases disagree on where NULL sorts)."""
    return sorted(games, key=lambda g: (g.table is None, g.table.number if g.table else 0, g.pk))


def run_service(
    request: HttpRequest, call: Callable[[], Any], success: str, to: str, *args: Any
) -> HttpResponse:
    """Call a service for a one-button action; its sentence becomes a message either way."""
    try:
        call()
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, success)
    return redirect(to, *args)


def nav_context(access: EventAccess, section: str) -> dict[str, Any]:
    return {"event": access.event, "access": access, "section": section}
