"""Bridge to the rules engine: what an event asks of its rosters, as the engine's dataclass.

The engine never reads the clock: an event without a rules cut-off is judged under the
rules in effect today (the event's local date), decided here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils import timezone
from django.utils.functional import SimpleLazyObject

from rules_engine.game_system import NoPackInEffect
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


def pack_document_in_effect(event: Event) -> Mapping[str, Any] | None:
    """The datapack/1 document the event's rosters are judged against, to show and serve to
    players: the TO's (`event_pack`), else the system's built-in pack in effect on the
    event's rules date; None when the system has no pack in effect then."""
    supplied = event_pack(event)
    if supplied is not None:
        return supplied
    system = event.system
    try:
        return system.pack_for(event_requirements(event).rules_date).load()
    except NoPackInEffect:
        return None


def pack_examples(event: Event) -> Any:
    """The pack in effect for a template's examples (the roster help's names), read only
    when the template looks into it; an empty document when no pack is in effect."""
    return SimpleLazyObject(lambda: dict(pack_document_in_effect(event) or {}))
