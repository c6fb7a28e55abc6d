"""Dropzone Commander (seed 003), army building as in section 3 "Preparation" (DZC:221-328).

`sizes` holds the core-book tables (game sizes, Commanders, deck sizes), `pack` a TO's
faction pack, `roster` reads a roster (Squads with `aboard`, Commanders, the deck),
`transports` decides whether cargo fits, and `army` judges D1-D32 of
DECISIONS.md. Results carry VP and Kill Points (DZC:952).

Events run on the web and the API like StarCraft's: typed or roster/1 armies, VP with Kill
Points at the table, total KP as the fifth standings key.
"""

from __future__ import annotations

from pathlib import Path

from rules_engine.game_system import GameSystem, ResultShape, Scale, ScoreRange, discover_packs
from rules_engine.pregame import GENERIC_CALLS, ClockRules, Pregame, PregameKind
from rules_engine.scoring import ResultBand, ScoringTable, SideScore
from rules_engine.systems.dropzone_commander import sections
from rules_engine.systems.dropzone_commander.pack import SLUG, DropzonePack, load_pack
from rules_engine.systems.dropzone_commander.results import more_vp_then_kill_points
from rules_engine.systems.dropzone_commander.rosters import ROSTER_RULES
from rules_engine.systems.dropzone_commander.sizes import SIZES

DATA_DIR = Path(__file__).parent / "data"
# The armies of the demo event `make run` loads: legal under the sample pack at Clash, 1,500 points.
EXAMPLES_DIR = Path(__file__).parent / "examples"


def sample_pack() -> DropzonePack:
    """The sample UCM pack (`"sample": true`), for tests and the demo."""
    return load_pack(DATA_DIR / "2000-01-01.json")


# Default bands (decision DZ-D12): the book has none; the TO may replace them per event.
BANDS = ScoringTable(
    (
        ResultBand("Major Victory", 5, None, 3, 4, 0, 1),
        ResultBand("Minor Victory", 1, 4, 3, 3, 0, 2),
        ResultBand("Draw", 0, 0, 1, 2, 1, 2),
    ),
    bye=SideScore(3, 4),
)


# DZC:1074-1171, in the book's order (DECISIONS.md). Each has Variants 1 and 2; the
# TO names the variant in the event's notes if it matters (decision DZ-D13).
SCENARIOS = (
    "Battle Royale",
    "Bunker Complex",
    "Castles",
    "Command and Control",
    "Crucible",
    "Demolish",
    "Domination",
    "Encroach",
    "Ground Control",
    "Kill Box",
    "Strategic Points",
    "Targets of Opportunity",
)
# DZC:328 "Choose a Scenario before each game once players have built their Armies".
PREGAME = Pregame(
    kind=PregameKind.SCENARIO_PER_ROUND,
    label="Scenario",
    scenarios=SCENARIOS,
    source="DZC:328, Choose a Scenario",
)
# Decision DZ-D14: 150 minutes. A game lasts 6 Rounds unless time runs out (DZC:926), on a
# 48"x48" table; the book sets no event clock and no "last Round" rule, so the calls are
# the generic ones and nothing is forbidden near the end.
CLOCK = ClockRules(round_minutes=150, calls=GENERIC_CALLS, source="DZC:926 (decision DZ-D14)")


SYSTEM = GameSystem(
    slug=SLUG,
    name="Dropzone Commander",
    scales={
        size.slug: Scale(size.slug, size.name, None, "standard", points=(size.min_points, size.max_points))
        for size in SIZES
    },
    scoring={"standard": BANDS},
    results=ResultShape(vp=True, kp=True),
    decide_game=more_vp_then_kill_points,
    # VP come from the Scenario (e.g. Strategic Points 6+3+3+1, :1160) plus Attrition
    # (X VP per 200 KP, :962); the book gives no total, so the bound only refuses what
    # no game of six Rounds (:926) can reach.
    vp_range=ScoreRange(0, 999),
    # KP are "the total points cost of all enemy Units and Commanders they destroyed"
    # (:952): at most the opponent's army. Reconquest armies are open-ended (3,001+
    # points), so the bound is generous and still fits a small-integer column.
    kp_range=ScoreRange(0, 30000),
    roster_rules=ROSTER_RULES,
    section_title=sections.section_title,
    # The built-in pack, by its effective date: what the event pages show and serve
    # when the TO supplies none.
    packs=discover_packs(DATA_DIR, "built-in pack"),
    pregame=PREGAME,
    clock=CLOCK,
    examples=EXAMPLES_DIR,
)
