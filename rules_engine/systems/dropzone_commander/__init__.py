"""Dropzone Commander (seed 003), army building as in section 3 "Preparation" (DZC:221-328).

`sizes` holds the core-book tables (game sizes, Commanders, deck sizes), `pack` a TO's
faction pack, `roster` reads a roster (Squads with `aboard`, Commanders, the deck),
`transports` decides whether cargo fits, and `army` judges D1-D32 of
game-systems.md §1.3. Results carry VP and Kill Points (DZC:952).

Not yet registered with `rules_engine.registry`: the event pipeline (VP with KP, the fifth
standings key, roster forms per system) is issue 12's next step.
"""

from __future__ import annotations

from pathlib import Path

from rules_engine.systems.dropzone_commander.pack import DropzonePack, load_pack

DATA_DIR = Path(__file__).parent / "data"


def sample_pack() -> DropzonePack:
    """The sample UCM pack (`"sample": true`), for tests and the demo."""
    return load_pack(DATA_DIR / "2000-01-01.json")
