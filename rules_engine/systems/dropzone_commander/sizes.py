"""Dropzone Commander game sizes and the Commander table: core-book rules, kept as code.

3.1 Game Size (DZC:225-230), 3.2.1 Rare/Unique (DZC:246), 3.2.5 Commanders (DZC:304-308),
3.2.6 the command deck (DZC:316-318). Packs carry faction data only (docs/interchange.md).
"""

from __future__ import annotations

from dataclasses import dataclass

MIN_POINTS = 501  # DZC:227, the smallest Skirmish


@dataclass(frozen=True, slots=True)
class GameSize:
    slug: str
    name: str
    min_points: int
    max_points: int | None  # None: open-ended (Reconquest)
    base_groups: int
    rare_per_name: int
    commander_levels: frozenset[int]
    deck_required: bool

    def contains(self, points: int) -> bool:
        return points >= self.min_points and (self.max_points is None or points <= self.max_points)

    def max_groups(self, points: int) -> int:
        """DZC:230: Reconquest adds 4 Groups per whole 1,000 points above 3,000 (decision DZ-D01)."""
        if self.max_points is not None:
            return self.base_groups
        return self.base_groups + 4 * ((points - 3000) // 1000)


SIZES: tuple[GameSize, ...] = (
    GameSize("skirmish", "Skirmish", 501, 1000, 9, 1, frozenset({4, 5}), False),
    GameSize("clash", "Clash", 1001, 2000, 12, 2, frozenset({4, 5, 6}), True),
    GameSize("battle", "Battle", 2001, 3000, 16, 3, frozenset({4, 5, 6, 7}), True),
    GameSize("reconquest", "Reconquest", 3001, None, 20, 3, frozenset({4, 5, 6, 7}), True),
)

# DZC:304-308: Commander level -> points.
COMMANDER_POINTS = {4: 50, 5: 90, 6: 150, 7: 230}

# DZC:318-320: the deck of each mode (decision DZ-D08: "constructed" unless the event says).
DECK_SIZES = {"constructed": 45, "core-set": 33, "combined": 66}
DECK_MODES = tuple(DECK_SIZES)


def size_for(points: int) -> GameSize | None:
    """The game size whose points margins hold the game's points limit."""
    return next((size for size in SIZES if size.contains(points)), None)


def size_named(slug: str) -> GameSize | None:
    return next((size for size in SIZES if size.slug == slug), None)
