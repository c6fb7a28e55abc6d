"""Bridge to the rules engine: what an event asks of its rosters, as the engine's dataclass.

The engine never reads the clock: an event without a rules cut-off is judged under the
rules in effect today (the event's local date), decided here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils import timezone

from rules_engine.verdict import EventRequirements
from tournaments.models import Event, EventPack, ListFormat


def event_requirements(event: Event) -> EventRequirements:
    """OP Guide, Army Rosters: the event's game system, engagement scale and rules cut-off."""
    return EventRequirements(
        game_system=event.game_system,
        scale=event.scale,
        rules_date=event.rules_cutoff or timezone.localdate(),
        points_limit=event.points_limit,
    )


def event_pack(event: Event) -> Mapping[str, Any] | None:
    """The datapack/1 document the event's rosters are judged against instead of the
    system's built-in pack: the one the TO supplied (`tournaments.services.packs`), else
    None for the built-in one. Read fresh on each verdict, so a pack just replaced applies
    to the very next roster."""
    document: Mapping[str, Any] | None = (
        EventPack.objects.filter(event_id=event.pk).values_list("document", flat=True).first()
    )
    return document


def is_dual_list(event: Event) -> bool:
    """OP Guide, Dual List Format: only then are a player's two rosters judged together."""
    return event.list_format == ListFormat.DUAL
