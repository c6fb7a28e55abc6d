"""StarCraft: Tabletop Miniature Game.

Scoring bands from the Organised Play Guide, "Scoring a Game"; engagement scales from
Part 9.1.1. Grand Offensive has no bands of its own in the guide, so it is scored with
the Standard bands (decision recorded in DECISIONS.md); the book prints no Grand
Offensive Mission or Deployment Cards either, so it drafts the Standard ones.
Army building (Part 9.1) lives in `army`, the game data in versioned packs (`pack`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from rules_engine.pregame import DraftRules, Pregame, PregameKind
from rules_engine.registry import GameSystem, NoPackInEffect, Scale, ScoreRange, discover_packs, register
from rules_engine.scoring import ResultBand, ScoringTable
from rules_engine.systems.starcraft_tmg import sections
from rules_engine.systems.starcraft_tmg.awards import RaceGroups
from rules_engine.systems.starcraft_tmg.event_size import suggested_cut, suggested_rounds
from rules_engine.systems.starcraft_tmg.results import RESULT_EXTRAS, RESULT_REVIEW, slip_roster
from rules_engine.systems.starcraft_tmg.rosters import StarCraftRosters, StarCraftTeamGames
from rules_engine.systems.starcraft_tmg.round_clock import CLOCK
from rules_engine.systems.starcraft_tmg.sheet import StarCraftRosterSheet

if TYPE_CHECKING:
    from rules_engine.roster_check import PackLabel
    from rules_engine.systems.starcraft_tmg.pack import DataPack
    from rules_engine.systems.starcraft_tmg.report import RosterReport
    from rules_engine.systems.starcraft_tmg.roster_json import Roster
    from rules_engine.verdict import ValidationResult

# Army building and the data packs are imported on first use: scoring a game (standings,
# pairing) needs only the bands below, and the `pair`/`standings` commands should not pay
# for the roster validator's start-up.

SLUG = "starcraft-tmg"
DATA_DIR = Path(__file__).parent / "data"
EXAMPLES_DIR = Path(__file__).parent / "examples"  # the book's example armies as roster/1
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


# Victory Points one side can score in one game. The rulebook prints no maximum, so the
# bound is derived from it, with room to spare:
# - Supply destroyed: "for every point of Supply you remove from an enemy Unit, you gain
#   1 VP" (Quick Reference; Part 8.9.2), and Units left in Reserves count as destroyed at
#   the end (Part 8.10). The densest Supply per Mineral in the data pack is 1 per 70
#   (Hydralisk, 2 models, 140 Minerals, Supply 2), so a Standard army (2,000 Minerals,
#   Part 9.1.1) holds at most 28 Supply.
# - Mission Markers: at most 5 (Deployment Cards place Markers 1-5), at most 3 VP each per
#   Round ("Gain 1 VP for each Controlled Mission Marker. Gain an additional 2 VPs for a
#   Marker if you gained Control of it from the Opponent this Round", Mission Cards), over
#   at most 5 Rounds (Game Length, Mission Cards): 75; the end-of-Round-5 bonuses of the
#   Claim missions (4 VP per claiming Unit, 2 per Marker) add at most a few dozen more.
# - Annihilation: "The surviving player gains +10 VP" (Part 8.9.3).
# That is about 150 at Standard; 200 leaves room for Grand Offensive armies (above 2,000
# Minerals) and still fits the database's small-integer columns many times over.
VP_RANGE = ScoreRange(0, 200)


def rules_pack(rules_date: dt.date | None = None) -> DataPack:
    """The data pack in effect on the rules cut-off date, loaded once.

    None means no cut-off: the newest pack published. The engine never reads the clock;
    a caller that means "today" passes today's date.
    """
    from rules_engine.systems.starcraft_tmg.pack import load_pack

    return load_pack(SYSTEM.pack_for(rules_date).path)


class StarCraftArmy:
    """Army building (Part 9.1) behind the registry's ArmyRules interface."""

    def validate(
        self, rosters: Sequence[Roster], rules_date: dt.date | None
    ) -> ValidationResult[RosterReport]:
        from rules_engine.systems.starcraft_tmg.army import validate_rosters

        return validate_rosters(rosters, rules_pack(rules_date))

    def validate_against(self, rosters: Sequence[Roster], pack_path: Path) -> ValidationResult[RosterReport]:
        from rules_engine.systems.starcraft_tmg.army import validate_rosters
        from rules_engine.systems.starcraft_tmg.pack import load_pack

        return validate_rosters(rosters, load_pack(pack_path))

    def knows_unit(self, name: str) -> bool:
        from rules_engine.systems.starcraft_tmg.pack import PackError

        try:
            # Reading is not judging and takes no date: the newest pack names the units.
            return rules_pack().unit(name) is not None
        except (NoPackInEffect, PackError):
            return False


class _DraftOnFirstUse:
    """StarCraft's draft (`pregame.DRAFT`), imported when something first asks it anything.

    The draft's state machine and its roster report are a fifth of `pair`'s start-up, and
    registering the system is something every `pair` and `standings` run does, though
    neither ever drafts. Every attribute is the real draft's.
    """

    def __getattr__(self, name: str) -> Any:
        from rules_engine.systems.starcraft_tmg.pregame import DRAFT

        return getattr(DRAFT, name)


def _draft() -> DraftRules:
    return cast("DraftRules", _DraftOnFirstUse())


def _read_pack(data: Any) -> PackLabel:
    """A TO's pack for an event: the same checks as a built-in pack's."""
    from rules_engine.datapack import PackError as EnvelopePackError
    from rules_engine.roster_check import PackLabel
    from rules_engine.systems.starcraft_tmg.pack import PackError, pack_from_document

    try:
        pack = pack_from_document(data)
    except PackError as exc:
        raise EnvelopePackError(str(exc)) from None
    return PackLabel(SLUG, pack.version, pack.source, sample=False)


SYSTEM = register(
    GameSystem(
        slug=SLUG,
        name="StarCraft: Tabletop Miniature Game",
        scales={
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
        },
        scoring={"standard": STANDARD_BANDS, "skirmish": SKIRMISH_BANDS},
        packs=discover_packs(DATA_DIR, SOURCE),
        army=StarCraftArmy(),
        vp_range=VP_RANGE,
        kp_range=None,  # the game scores Victory Points only (Part 8.9.2); no Kill Points
        roster_rules=StarCraftRosters(),
        section_title=sections.section_title,
        dual_lists=True,  # OP Guide: Dual List Format
        team_games=StarCraftTeamGames(),  # Part 9.1.8: 2v2 and 3v3 with a budget per team
        competitive_scales=("standard",),  # OP Guide: Competitive Events are played at Standard
        default_scale="standard",
        suggested_rounds=suggested_rounds,  # OP Guide: Event Size and Format
        suggested_cut=suggested_cut,  # above 128 players: docs/pairing.md
        budget_name="mineral limit",  # Part 9.1.1
        budget_unit="minerals",
        # event/1 files from before the budget was the event's points limit
        event_file_renames={"minerals": "points_limit"},
        result_extras=RESULT_EXTRAS,
        result_review=RESULT_REVIEW,
        slip_roster=slip_roster,
        read_pack=_read_pack,
        roster_sheet=StarCraftRosterSheet(),
        # OP Guide: The Pre-Game Sequence (the Mission and Deployment draft) and Round Length.
        pregame=Pregame(
            kind=PregameKind.DRAFT, label="Draft", source="OP Guide: The Pre-Game Sequence", draft=_draft()
        ),
        clock=CLOCK,
        award_groups=RaceGroups(),  # OP Guide: Hobby Awards, Best in Faction
    )
)
