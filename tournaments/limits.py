"""The limits on what a TO, a judge or a player may enter, in one place.

The web forms (`tournaments/forms/`), the API serializers (`tournaments/api/serializers/`)
and the event service all read these, so the API refuses exactly what the web refuses
(tests/tournaments/test_limits.py). The OP Guide gives the defaults; the bounds are the
project's sanity limits around them. Names have their model column's width (enforced in
the services as well, for every way in); free text that lands in a TextField still has a
limit, so a pasted novel is refused with a clear message rather than stored, shown on
every page and printed. Victory Points are the game system's own range
(`GameSystem.vp_range`), checked by the results service for web and API alike.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Bounds:
    """An inclusive whole-number range."""

    low: int
    high: int

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and self.low <= value <= self.high


# OP Guide: Round Length. Each system states its default (GameSystem.round_minutes); no
# game is played to a clock shorter than half an hour (Warpspawn's default is the floor).
ROUND_MINUTES = Bounds(30, 600)
# OP Guide: "consider adding 15 minutes to round one only".
FIRST_ROUND_EXTRA_MINUTES = Bounds(0, 120)
# OP Guide: Number of Rounds — the table tops out well below 15 Swiss rounds.
PLANNED_ROUNDS = Bounds(1, 15)
EXPECTED_PLAYERS = Bounds(2, 1000)
# A top cut: two players at least (a final); at most a 128-player bracket, seven cut rounds.
CUT_SIZE = Bounds(2, 128)
# The largest team any game system here plays (docs/teams.md); each system says which
# sizes it has (StarCraft's team games: 2 and 3).
TEAM_SIZE_MAX = 8

EVENT_NAME_LENGTH = 200
PLAYER_NAME_LENGTH = 120
SHORT_TEXT_LENGTH = 200  # venue, late-roster penalty, conduct contact
REASON_LENGTH = 500  # a reason for the audit log, a decision note
NOTES_LENGTH = 4000  # a penalty's written record, a conduct report's description

# A table's number: far beyond any venue, within the column (a small integer).
TABLE_NUMBERS = Bounds(1, 1000)


def control_characters_in(text: str) -> bool:
    """Whether a name holds a line break, tab or other control character (or a Unicode line
    or paragraph separator). A name is one line on every page, sheet and mail subject: a
    newline there would break a mail's headers and a PDF's table."""
    return any(unicodedata.category(c) == "Cc" or c in "\u2028\u2029" for c in text)
