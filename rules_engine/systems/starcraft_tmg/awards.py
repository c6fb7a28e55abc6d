"""StarCraft's groups for the "Best in Faction" award: its races.

OP Guide: Hobby Awards: "Best in Faction: one each for Terran, Protoss and Zerg." The races
are read from the data pack (each Faction Card names its race, Part 9.1), so a pack that
added a race would add its award too; a roster belongs to the race of its Faction Card.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from rules_engine.game_system import AwardGroup, NoPackInEffect
from rules_engine.names import name_key

if TYPE_CHECKING:  # the pack is loaded on first use, as everywhere in this package
    from rules_engine.systems.starcraft_tmg.pack import DataPack


def _pack(rules_date: dt.date | None) -> DataPack:
    from rules_engine.systems.starcraft_tmg.book import rules_pack

    try:
        return rules_pack(rules_date)
    except NoPackInEffect:
        # A cut-off before the first published pack: the races are the same in every pack.
        return rules_pack(None)


def _key(race: str) -> str:
    return name_key(race).replace(" ", "-")


class RaceGroups:
    """The races of the pack in effect, in the order the pack first names them."""

    def groups(self, rules_date: dt.date | None) -> tuple[AwardGroup, ...]:
        seen: dict[str, AwardGroup] = {}
        for faction in _pack(rules_date).factions:
            key = _key(faction.race)
            seen.setdefault(key, AwardGroup(key, faction.race))
        return tuple(seen.values())

    def group_of(self, faction: str, rules_date: dt.date | None) -> str | None:
        found = _pack(rules_date).faction(faction) if faction else None
        return _key(found.race) if found is not None else None
