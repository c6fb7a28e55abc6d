"""Rows of the venue to the plain dicts its API's serializers render (as in
tournaments.api.presenters)."""

from __future__ import annotations

from typing import Any

from venue.models import Announcement


def announcement_dict(row: Announcement) -> dict[str, Any]:
    """`created_by` is the poster's username (null once their account is gone)."""
    return {
        "id": row.pk,
        "text": row.text,
        "created_by": row.created_by.get_username() if row.created_by is not None else None,
        "created_at": row.created_at,
        "withdrawn_at": row.withdrawn_at,
    }
