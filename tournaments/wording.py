"""Rules-engine messages in the words the web pages use (issue 13).

The engines name a player's rosters as the interchange files do: `rosters[1]` for the
second, and a typed roster's reader says "roster, line 4: ..." of whichever text it was
given. Players see "Roster 1" and "Roster 2" on their page, so what the pages show says
"Roster 2" and "Roster 2, line 4: ...". The API and the command line keep the engines'
words, which the files' `where` fields match (shared/interchange.md).
"""

from __future__ import annotations

import re

_INDEXED = re.compile(r"\brosters\[(\d+)\]")
_TEXT_LINE = re.compile(r"^roster(?=, line \d+:|:)")


def in_players_words(message: str, slot: int | None = None) -> str:
    """`rosters[i]` becomes "Roster i+1" (index 0 is the first roster); a message about
    the roster being read starts "Roster <slot>" (just "Roster" when the slot is unknown)."""
    message = _INDEXED.sub(lambda m: f"Roster {int(m.group(1)) + 1}", message)
    return _TEXT_LINE.sub(f"Roster {slot}" if slot is not None else "Roster", message)
