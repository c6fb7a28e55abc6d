"""The Warpspawn StarCraft card game (seed 004, "Introduction to Warpspawn Games").

A deck is a card pool drawn from one of the two printed lists, Terran or Zerg
(decisions WS-D01, WS-D02 in DECISIONS.md); `deck` reads and judges one, `pack` holds the
transcribed lists. Games have no VP: a win or a draw (WS-D07).

Events run on the web and the API like StarCraft's: typed or roster/1 decks, a winner or a
draw at the table.
"""

from __future__ import annotations

from pathlib import Path

from rules_engine.game_system import GameSystem, ResultShape, Scale, ScoreRange, discover_packs
from rules_engine.pregame import Anchor, ClockCall, ClockRules
from rules_engine.scoring import ResultBand, ScoringTable, SideScore
from rules_engine.systems.warpspawn_starcraft import sections
from rules_engine.systems.warpspawn_starcraft.pack import SLUG, WarpspawnPack, load_pack
from rules_engine.systems.warpspawn_starcraft.results import named_winner
from rules_engine.systems.warpspawn_starcraft.rosters import ROSTER_RULES

DATA_DIR = Path(__file__).parent / "data"


def builtin_pack() -> WarpspawnPack:
    """The pack transcribed from 004 (the only one: the introduction has no errata)."""
    return load_pack(DATA_DIR / "2000-01-01.json")


# No VP (decision WS-D07, docs/interchange.md): a win 3 MP, a draw 1, a loss 0, TP 0; bye 3 MP, 0 TP.
BANDS = ScoringTable(
    (ResultBand("Win", 1, None, 3, 0, 0, 0), ResultBand("Draw", 0, 0, 1, 0, 1, 0)),
    bye=SideScore(3, 0),
)


# Decision WS-D08: 30 minutes, the shortest round an event takes (tournaments.limits). The
# book prints no game length or turn limit; a two-player card game of 90-card pools is short.
# No pre-game sequence: the book has none (DECISIONS.md).
CLOCK = ClockRules(
    round_minutes=30,
    calls=(
        ClockCall("round-begins", "Round begins", Anchor.START),
        ClockCall("halfway", "Halfway", Anchor.HALF),
        ClockCall("5-minutes-remaining", "5 minutes", Anchor.END, 5),
    ),
    source="decision WS-D08",
)


SYSTEM = GameSystem(
    slug=SLUG,
    name="Warpspawn StarCraft card game",
    scales={"standard": Scale("standard", "Standard", None, "standard")},
    scoring={"standard": BANDS},
    results=ResultShape(vp=False),
    decide_game=named_winner,
    vp_range=ScoreRange(0, 0),  # no Victory Points at all: a game has a winner or is a draw
    standings_keys=("mp", "sos"),  # TP is 0 in every game (BANDS), so TP and oTP are too
    roster_rules=ROSTER_RULES,
    section_title=sections.section_title,
    # The built-in pack, by its effective date: what the event pages show and serve
    # when the TO supplies none.
    packs=discover_packs(DATA_DIR, "built-in pack"),
    clock=CLOCK,
)
