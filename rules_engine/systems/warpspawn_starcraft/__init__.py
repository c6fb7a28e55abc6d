"""The Warpspawn StarCraft card game (seed 004, "Introduction to Warpspawn Games").

A deck is a card pool drawn from one of the two printed lists, Terran or Zerg
(decisions WS-D01, WS-D02 in DECISIONS.md); `deck` reads and judges one, `pack` holds the
transcribed lists. Games have no VP: a win or a draw (WS-D07).

Not yet registered with `rules_engine.registry`: the event pipeline (results without VP,
roster forms per system) is issue 12's next step; until then this package is used by
its tests and by nothing else.
"""

from __future__ import annotations

from pathlib import Path

from rules_engine.systems.warpspawn_starcraft.pack import WarpspawnPack, load_pack

DATA_DIR = Path(__file__).parent / "data"


def builtin_pack() -> WarpspawnPack:
    """The pack transcribed from 004 (the only one: the introduction has no errata)."""
    return load_pack(DATA_DIR / "2000-01-01.json")
