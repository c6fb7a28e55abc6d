"""The TO's scoring bands and bye score for one event (docs/interchange.md, event/1 `scoring`).

Every game system ships default bands per scale and a default bye; the TO may replace the
bands, the bye or both for one event (the Dropzone and MORSDEI books print none, so their
defaults are decisions a TO will often want to change). Stored in `Event.extra["scoring"]`,
read by `tournaments.bridges.record.event_scoring` for standings and pairing, exported as
event/1 `scoring` and imported back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from rules_engine.scoring import ScoringOverride, ScoringTable, scoring_from_json
from tournaments.bridges.record import SCORING, event_scoring
from tournaments.errors import ServiceError
from tournaments.models import Event
from tournaments.services.audit import audit
from tournaments.services.versions import event_touch


@dataclass(frozen=True)
class EventScoring:
    """What scores this event's games: the table in effect, the system's, and whether the TO set any."""

    table: ScoringTable
    default: ScoringTable
    override: ScoringOverride | None

    def to_json(self) -> dict[str, Any]:
        """The table in effect as event/1 `scoring` (bands and bye)."""
        return ScoringOverride(self.table.bands, self.table.bye).to_json()

    def default_json(self) -> dict[str, Any]:
        return ScoringOverride(self.default.bands, self.default.bye).to_json()


def scoring_of(event: Event) -> EventScoring:
    """The event's scoring: its system's bands for its scale, with the TO's over them."""
    default = event.system.scoring_for(event.scale)
    override = event_scoring(event)
    table = override.apply(default) if override is not None else default
    return EventScoring(table=table, default=default, override=override)


@transaction.atomic
def event_scoring_set(*, event: Event, scoring: Mapping[str, Any], by: AbstractBaseUser) -> Event:
    """Set the event's bands, bye or both, as event/1 `scoring`; an empty object goes back to
    the system's defaults.

    Checked as docs/interchange.md says: bands gap-free from a VP difference of 0 with an
    open-ended top, `max_difference` inclusive, the band holding 0 scoring both sides alike,
    `[MP, TP]` pairs of whole numbers. A refusal changes nothing and names the problem.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    before = event.extra.get(SCORING) if isinstance(event.extra, dict) else None
    after: dict[str, Any] | None
    if not scoring:
        after = None
    else:
        try:
            override = scoring_from_json(scoring)
        except ValueError as exc:
            raise ServiceError(str(exc), code="invalid-scoring", field="scoring") from None
        after = override.to_json()
    if after == before:
        return event
    extra = dict(event.extra) if isinstance(event.extra, dict) else {}
    if after is None:
        extra.pop(SCORING, None)
    else:
        extra[SCORING] = after
    event.extra = extra
    event.save(update_fields=["extra"])
    audit(
        event=event,
        actor=by,
        action="scoring-set",
        subject="Scoring bands and bye" if after is not None else "Scoring back to the system's defaults",
        data={"before": before, "after": after},
    )
    event_touch(event)
    return event
