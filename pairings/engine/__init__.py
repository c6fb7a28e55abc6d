"""The Swiss pairing engine: pure Python, no Django (docs/pairing.md).

`pair_round(request)` pairs one round from a `PairingRequest`; `pair_event(event, seed=...)`
builds that request from an event/1 file and pairs the round after its last one.
"""

from __future__ import annotations

from collections.abc import Sequence

from pairings.engine.history import request_from_event
from pairings.engine.model import (
    Absence,
    Entrant,
    Objective,
    Overrides,
    PairingError,
    PairingRequest,
    TableSpec,
)
from pairings.engine.pairing import pair_round
from pairings.engine.report import Pairing, PairingReport
from standings.records import EventFile

__all__ = [
    "Absence",
    "Entrant",
    "Objective",
    "Overrides",
    "Pairing",
    "PairingError",
    "PairingReport",
    "PairingRequest",
    "TableSpec",
    "pair_event",
    "pair_round",
    "request_from_event",
]


def pair_event(
    event: EventFile,
    *,
    seed: int = 0,
    overrides: Overrides | None = None,
    seeding: Sequence[str] | None = None,
    seeding_style: str = "slide",
) -> Pairing:
    """Pair the round after the last one in an event/1 file."""
    request = request_from_event(
        event, seed=seed, overrides=overrides, seeding=seeding, seeding_style=seeding_style
    )
    return pair_round(request)
