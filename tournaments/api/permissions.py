"""Who may call what: the API's one access rule, applied in one place.

- No login on an endpoint that needs one (every write, `/api/me/`): 401.
- A caller without the role an endpoint needs gets 404, exactly as for an event, player,
  round or game that does not exist: outsiders, players, and judges alike. Acting on
  someone else's entry or game (bob dropping carol, carol reporting a game she is not
  in) counts as lacking the role. Never 403 for a role (so nobody learns what exists
  behind a door they cannot open).
- The caller may do this kind of thing but the rules say not now (deadline passed,
  registration closed, round has results): 400 with the service's `code`.

Rows inside the event load through `tournaments.access` (`player_or_404`, `round_or_404`,
`game_or_404`, `seat_or_404`), the same loaders the web and judging pages use.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.http import Http404
from rest_framework.exceptions import NotAuthenticated
from rest_framework.request import Request

from tournaments.access import EventAccess, access_event


def signed_in(request: Request) -> AbstractBaseUser:
    user = request.user
    if not isinstance(user, AbstractBaseUser) or not user.is_authenticated:
        raise NotAuthenticated()
    return user


def event_for(request: Request, slug: str, *roles: str) -> EventAccess:
    """The event and the caller's roles; with `roles`, 404 unless the caller holds one."""
    return access_event(request.user, slug, *roles)


def require(allowed: bool) -> None:
    if not allowed:
        raise Http404("Not found.")
