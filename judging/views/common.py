"""What the judging pages share: the signed-in actor, lookups inside an event, the page context."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.http import Http404, HttpRequest

from tournaments.access import EventAccess
from tournaments.models import Game, Round


def actor(request: HttpRequest) -> AbstractBaseUser:
    user = request.user
    if not isinstance(user, AbstractBaseUser):  # pragma: no cover - guarded by login_required
        raise Http404("Sign in first.")
    return user


def event_round(access: EventAccess, number: int) -> Round:
    round_ = Round.objects.filter(event=access.event, number=number).select_related("event").first()
    if round_ is None:
        raise Http404("No such round.")
    return round_


def event_game(access: EventAccess, pk: int) -> Game:
    game = (
        Game.objects.filter(round__event=access.event, pk=pk)
        .select_related("round__event", "table", "player_one", "player_two")
        .first()
    )
    if game is None:
        raise Http404("No such game.")
    return game


def is_htmx(request: HttpRequest) -> bool:
    return request.headers.get("HX-Request") == "true"


def page(access: EventAccess, section: str, **extra: Any) -> dict[str, Any]:
    return {"event": access.event, "access": access, "section": section, **extra}
