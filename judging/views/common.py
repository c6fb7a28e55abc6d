"""What the judging pages share: the signed-in actor and the page context. Rows inside an
event load through the `tournaments.access` loaders, as on every other page."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.http import Http404, HttpRequest

from tournaments.access import EventAccess


def actor(request: HttpRequest) -> AbstractBaseUser:
    user = request.user
    if not isinstance(user, AbstractBaseUser):  # pragma: no cover - guarded by login_required
        raise Http404("Sign in first.")
    return user


def is_htmx(request: HttpRequest) -> bool:
    return request.headers.get("HX-Request") == "true"


def page(access: EventAccess, section: str, **extra: Any) -> dict[str, Any]:
    return {"event": access.event, "access": access, "section": section, **extra}
