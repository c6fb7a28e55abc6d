"""MORSDEI skirmish rules v0.1 (seed 002): warbands of fighter cards, each on its base.

The book prints no fighter cards, so packs come from the TO (`pack`); a labelled sample
ships for tests and the demo. `warband` reads and judges a warband (M1-M6). Games last
four rounds; VP come from Loot, 0-12 a side, or a complete victory (MOR:269, 527, 550-556).

Not yet registered with `rules_engine.registry`: the event pipeline (complete-victory
results, roster forms per system) is issue 12's next step.
"""

from __future__ import annotations

from pathlib import Path

from rules_engine.systems.morsdei.pack import MorsdeiPack, load_pack

DATA_DIR = Path(__file__).parent / "data"
# Three Loot Points: at most 3 VP a round over four rounds (MOR:269, 556).
MAX_VP = 12


def sample_pack() -> MorsdeiPack:
    """The sample warband pack (`"sample": true`): invented fighters, for tests and the demo."""
    return load_pack(DATA_DIR / "2000-01-01.json")
