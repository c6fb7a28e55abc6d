"""The only way views and the API load an event, with the caller's roles.

Zulip-style `access_*` helpers: a caller without the role an action needs gets a 404,
exactly as for an event that does not exist, so outsiders learn nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.http import Http404

from tournaments.models import Event, Player, StaffRole, StaffRoleKind

TO = StaffRoleKind.TO.value
HEAD_JUDGE = StaffRoleKind.HEAD_JUDGE.value
FLOOR_JUDGE = StaffRoleKind.FLOOR_JUDGE.value
PLAYER = "player"
JUDGES = frozenset({HEAD_JUDGE, FLOOR_JUDGE})
STAFF = frozenset({TO, HEAD_JUDGE, FLOOR_JUDGE})

AnyUser = AbstractBaseUser | AnonymousUser


@dataclass(frozen=True)
class EventAccess:
    """An event as seen by one caller: their roles and, if they play, their entry."""

    event: Event
    roles: frozenset[str]
    player: Player | None

    @property
    def is_to(self) -> bool:
        return TO in self.roles

    @property
    def is_staff(self) -> bool:
        return bool(self.roles & STAFF)

    @property
    def is_judge(self) -> bool:
        # The TO backs up the Head Judge (OP Guide: Roles), so judge tools are open to the TO.
        return bool(self.roles & (JUDGES | {TO}))

    @property
    def is_head_judge(self) -> bool:
        return bool(self.roles & {HEAD_JUDGE, TO})

    def require(self, *roles: str) -> EventAccess:
        if not self.roles & set(roles):
            raise Http404("No such event.")
        return self


def roles_for(user: AnyUser, event: Event) -> tuple[frozenset[str], Player | None]:
    if not user.is_authenticated:
        return frozenset(), None
    roles = set(StaffRole.objects.filter(event=event, user_id=user.pk).values_list("role", flat=True))
    player = Player.objects.filter(event=event, user_id=user.pk).first()
    if player is not None:
        roles.add(PLAYER)
    return frozenset(roles), player


def access_event(user: AnyUser, slug: str, *roles: str) -> EventAccess:
    """Load an event by slug for `user`; with `roles`, 404 unless the caller holds one of them."""
    event = Event.objects.filter(slug=slug).first()
    if event is None:
        raise Http404("No such event.")
    held, player = roles_for(user, event)
    access = EventAccess(event=event, roles=held, player=player)
    return access.require(*roles) if roles else access
