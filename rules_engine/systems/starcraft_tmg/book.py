"""What the rest of this package asks of the book itself: the system's slug and name, its
engagement scales (Part 9.1.1) and its published data packs.

A leaf of the package: the roster reader, the army rules, the repair and the package's
`GameSystem` (in `__init__`) all read these, so none of them has to look the system up
again through the registry, and nothing here imports any of them.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING

from rules_engine.game_system import NoPackInEffect, Scale, discover_packs, pack_in_effect, scale_named

if TYPE_CHECKING:
    from rules_engine.systems.starcraft_tmg.pack import DataPack

SLUG = "starcraft-tmg"
NAME = "StarCraft: Tabletop Miniature Game"
DATA_DIR = Path(__file__).parent / "data"
SOURCE = "StarCraft: Tabletop Miniature Game core rulebook with FAQ v1.1 (25 September 2026)"

SCALES = {
    "skirmish": Scale("skirmish", "Skirmish", 1000, "skirmish"),
    "standard": Scale("standard", "Standard", 2000, "standard"),
    "grand-offensive": Scale(
        "grand-offensive",
        "Grand Offensive",
        None,
        "standard",
        min_budget=2001,
        borrows_from="standard",
    ),
}
PACKS = discover_packs(DATA_DIR, SOURCE)


def scale(slug: str) -> Scale:
    """The engagement scale `slug`; ValueError naming the known ones."""
    return scale_named(SCALES, slug, NAME)


def rules_pack(rules_date: dt.date | None = None) -> DataPack:
    """The data pack in effect on the rules cut-off date, loaded once.

    None means no cut-off: the newest pack published. The engine never reads the clock;
    a caller that means "today" passes today's date.
    """
    # Imported when called: scoring a game (standings, pairing) never loads a pack.
    from rules_engine.systems.starcraft_tmg.pack import load_pack

    return load_pack(pack_in_effect(PACKS, rules_date, NAME).path)


def knows_unit(name: str) -> bool:
    """Whether a unit of this name exists in the current rules (for reading typed rosters)."""
    from rules_engine.systems.starcraft_tmg.pack import PackError

    try:
        # Reading is not judging and takes no date: the newest pack names the units.
        return rules_pack().unit(name) is not None
    except (NoPackInEffect, PackError):
        return False
