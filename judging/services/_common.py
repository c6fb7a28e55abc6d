"""What the judging services share: the caller's roles at an event, in the domain's terms."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser

from tournaments.access import JUDGES, STAFF, roles_for
from tournaments.errors import ServiceError
from tournaments.models import Event, Round, RoundStatus

STAFF_ROLES = STAFF  # the one definition, in tournaments.access
JUDGE_ROLES = JUDGES


def staff_roles(user: AbstractBaseUser, event: Event) -> frozenset[str]:
    """The caller's staff roles at the event (the player role means nothing to a penalty)."""
    roles, _player = roles_for(user, event)
    return roles & STAFF_ROLES


def require_roles(user: AbstractBaseUser, event: Event, allowed: frozenset[str], what: str) -> frozenset[str]:
    held = staff_roles(user, event)
    if not held & allowed:
        raise ServiceError(f"Only {what} can do this at {event.name}.", code="not-allowed")
    return held


def last_played_round(event: Event) -> Round | None:
    """The latest round players have seen (published or closed): the one play is in, or was."""
    return event.rounds.exclude(status=RoundStatus.PAIRED).order_by("-number").first()
