"""StarCraft: Tabletop Miniature Game.

Scoring bands from the Organised Play Guide, "Scoring a Game"; engagement scales from
Part 9.1.1. Grand Offensive has no bands of its own in the guide, so it is scored with
the Standard bands (decision recorded in DECISIONS.md).
"""

from __future__ import annotations

from pathlib import Path

from rules_engine.registry import GameSystem, Scale, discover_packs, register
from rules_engine.scoring import ResultBand, ScoringTable

SLUG = "starcraft-tmg"
DATA_DIR = Path(__file__).parent / "data"
SOURCE = "StarCraft: Tabletop Miniature Game core rulebook with FAQ v1.1 (25 September 2026)"

STANDARD_BANDS = ScoringTable(
    (
        ResultBand("Annihilation", 10, None, 3, 5, 0, 0),
        ResultBand("Decisive Victory", 7, 9, 3, 4, 0, 1),
        ResultBand("Breakthrough", 3, 6, 3, 3, 0, 2),
        ResultBand("Stalemate", 0, 2, 1, 2, 1, 2),
    )
)
SKIRMISH_BANDS = ScoringTable(
    (
        ResultBand("Annihilation", 8, None, 3, 5, 0, 0),
        ResultBand("Decisive Victory", 6, 7, 3, 4, 0, 1),
        ResultBand("Breakthrough", 3, 5, 3, 3, 0, 2),
        ResultBand("Stalemate", 0, 2, 1, 2, 1, 2),
    )
)

SYSTEM = register(
    GameSystem(
        slug=SLUG,
        name="StarCraft: Tabletop Miniature Game",
        scales={
            "skirmish": Scale("skirmish", "Skirmish", 1000, "skirmish"),
            "standard": Scale("standard", "Standard", 2000, "standard"),
            "grand-offensive": Scale(
                "grand-offensive", "Grand Offensive", None, "standard", min_minerals=2001
            ),
        },
        scoring={"standard": STANDARD_BANDS, "skirmish": SKIRMISH_BANDS},
        packs=discover_packs(DATA_DIR, SOURCE),
    )
)
