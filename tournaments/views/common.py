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
from django.shortcuts import redirect, render

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


CONFIRM_FIELD = "confirmed"


def confirmation_page(
    request: HttpRequest,
    access: EventAccess,
    *,
    section: str,
    title: str,
    consequence: str,
    button: str,
    cancel: str,
) -> HttpResponse | None:
    """None once the POST carries the confirmation; until then, the page asking for it.

    For an action a tap cannot take back (call time, drop a player, mail every invited
    player, close a vote): the first POST changes nothing and answers a page saying what
    will happen, whose form posts the same fields again with the confirmation. Plain HTML,
    so it works without JavaScript.
    """
    if request.POST.get(CONFIRM_FIELD) == "yes":
        return None
    carried = [
        (name, value)
        for name, values in request.POST.lists()
        if name not in ("csrfmiddlewaretoken", CONFIRM_FIELD)
        for value in values
    ]
    context = nav_context(access, section) | {
        "title": title,
        "consequence": consequence,
        "button": button,
        "cancel": cancel,
        "carried": carried,
        "confirm_field": CONFIRM_FIELD,
    }
    return render(request, "tournaments/confirm_action.html", context)
