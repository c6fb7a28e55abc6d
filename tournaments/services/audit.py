from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser

from tournaments.models import AuditEntry, Event


def audit(
    *,
    event: Event,
    actor: AbstractBaseUser | None,
    action: str,
    subject: str = "",
    reason: str = "",
    data: dict[str, Any] | None = None,
    once_key: str | None = None,
) -> AuditEntry:
    """Record who did what. `once_key` marks an event that may happen only once per key in
    the event (the database refuses a second entry)."""
    return AuditEntry.objects.create(
        event=event,
        actor_id=actor.pk if actor is not None and actor.is_authenticated else None,
        action=action,
        subject=subject,
        reason=reason,
        data=data or {},
        once_key=once_key or "",
    )
