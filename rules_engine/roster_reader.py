"""Reading a roster from whatever a player hands in: roster/1 JSON or the text format.

The two are told apart by content, not by file name: a JSON roster is an object, so
it starts with "{"; anything else is read as text (docs/rosters.md).
"""

from __future__ import annotations

from pathlib import Path

from rules_engine.roster_json import Roster, RosterFileError, read_roster_json, read_text_file
from rules_engine.roster_text import looks_like_json, read_roster_text


def read_roster(text: str, *, origin: str = "roster") -> Roster:
    if not text.strip():
        raise RosterFileError(f"{origin}: the roster is empty")
    if looks_like_json(text):
        return read_roster_json(text.lstrip("\ufeff"), origin=origin)
    return read_roster_text(text, origin=origin)


def load_roster(path: Path | str) -> Roster:
    """A roster file; every problem reading it is a RosterFileError naming the file."""
    path = Path(path)
    return read_roster(read_text_file(path), origin=str(path))
