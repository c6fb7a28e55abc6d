"""MORSDEI skirmish rules v0.1 (seed 002): warbands of fighter cards, each on its base.

The book prints no fighter cards, so packs come from the TO (`pack`); a labelled sample
ships for tests and the demo. `warband` reads and judges a warband (M1-M6). Games last
four rounds; VP come from Loot, 0-12 a side, or a complete victory (MOR:269, 527, 550-556).

Events run on the web and the API like StarCraft's: typed or roster/1 warbands, VP or a
complete victory at the table.
"""

from __future__ import annotations

from pathlib import Path

from rules_engine.game_system import GameSystem, ResultShape, Scale, ScoreRange, discover_packs
from rules_engine.pregame import Anchor, ClockCall, ClockRules, Pregame, PregameKind
from rules_engine.scoring import ResultBand, ScoringTable, SideScore
from rules_engine.systems.morsdei import sections
from rules_engine.systems.morsdei.pack import SLUG, MorsdeiPack, load_pack
from rules_engine.systems.morsdei.rosters import ROSTER_RULES

DATA_DIR = Path(__file__).parent / "data"
# Three Loot Points: at most 3 VP a round over four rounds (MOR:269, 556).
MAX_VP = 12


def sample_pack() -> MorsdeiPack:
    """The sample warband pack (`"sample": true`): invented fighters, for tests and the demo."""
    return load_pack(DATA_DIR / "2000-01-01.json")


# Default bands (decision MOR-D05); a complete victory scores the top one whatever the VP.
BANDS = ScoringTable(
    (
        ResultBand("Complete Victory", 12, None, 3, 5, 0, 0),
        ResultBand("Major Victory", 5, 11, 3, 4, 0, 1),
        ResultBand("Victory", 1, 4, 3, 3, 0, 2),
        ResultBand("Draw", 0, 0, 1, 2, 1, 2),
    ),
    bye=SideScore(3, 4),
)


# MOR:531 "The first game uses the scenario Three Loot Points", the only one the book has
# (DECISIONS.md point 5): nothing to choose, shown with every pairing.
PREGAME = Pregame(
    kind=PregameKind.FIXED_SCENARIO,
    label="Scenario",
    scenarios=("Three Loot Points",),
    source="MOR:531",
)
# Decision MOR-D06: 60 minutes. Four rounds (MOR:269) of a skirmish on a 30x22 inch table
# (MOR:4), terrain agreed before play (MOR:235); the book sets no event clock.
CLOCK = ClockRules(
    round_minutes=60,
    calls=(
        ClockCall("round-begins", "Round begins", Anchor.START),
        ClockCall("halfway", "Halfway", Anchor.HALF),
        ClockCall("15-minutes-remaining", "15 minutes remaining", Anchor.END, 15),
        ClockCall("5-minutes-remaining", "5 minutes", Anchor.END, 5),
    ),
    source="MOR:269 (decision MOR-D06)",
)


SYSTEM = GameSystem(
    slug=SLUG,
    name="MORSDEI",
    scales={"standard": Scale("standard", "Standard", None, "standard")},
    scoring={"standard": BANDS},
    results=ResultShape(vp=True, complete_victory=True),
    # Loot is the only source of VP: at most 3 per side per round ("Each side can gain no
    # more than 3 VP through Loot per round", :556), over at most four rounds ("A game
    # lasts four rounds unless one side is destroyed earlier", :269): 0-12 (DECISIONS.md).
    vp_range=ScoreRange(0, 12),
    roster_rules=ROSTER_RULES,
    section_title=sections.section_title,
    # The built-in pack, by its effective date: what the event pages show and serve
    # when the TO supplies none.
    packs=discover_packs(DATA_DIR, "built-in pack"),
    pregame=PREGAME,
    clock=CLOCK,
)
