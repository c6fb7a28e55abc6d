"""Reading a roster from whatever a player hands in: roster/1 JSON or the text format.

The one reader behind the command line, the web form and the API. Bytes are decoded
here (UTF-8, with or without a byte-order mark) and a leading byte-order mark is dropped
from text, whoever hands it in. The two formats are told apart by content, not by file
name: a JSON roster is an object, so it starts with "{"; anything else is read as text
(docs/rosters.md). An already decoded roster/1 object (an API body) is read as such.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from rules_engine.systems.starcraft_tmg.roster_json import (
    Roster,
    RosterFileError,
    read_roster_json,
    roster_from_document,
)
from rules_engine.systems.starcraft_tmg.roster_text import read_roster_text

BOM = "\ufeff"


def decode_roster_bytes(data: bytes, *, origin: str = "roster") -> str:
    """UTF-8 text, a byte-order mark dropped; anything else is unreadable."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RosterFileError(f"{origin}: not UTF-8 text") from None


def looks_like_json(text: str) -> bool:
    """Content sniffing: JSON rosters start with '{' (after a byte-order mark and blanks)."""
    return text.lstrip(BOM + " \t\r\n").startswith("{")


def read_roster(
    content: str | bytes | Mapping[str, Any],
    *,
    origin: str = "roster",
    is_unit: Callable[[str], bool] | None = None,
) -> Roster:
    """A roster from text, bytes or a decoded roster/1 object; RosterFileError if unreadable."""
    if isinstance(content, Mapping):
        return roster_from_document(dict(content), origin=origin)
    text = decode_roster_bytes(content, origin=origin) if isinstance(content, bytes) else content
    text = text.removeprefix(BOM)
    if not text.strip():
        raise RosterFileError(f"{origin}: the roster is empty")
    if looks_like_json(text):
        return read_roster_json(text, origin=origin)
    return read_roster_text(text, origin=origin, is_unit=is_unit)


def read_roster_file(path: Path) -> str:
    """The file's text, with reading problems turned into a RosterFileError naming it."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise RosterFileError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise RosterFileError(f"{path}: is a directory, not a roster file") from None
    except OSError as exc:
        raise RosterFileError(f"{path}: cannot be read ({exc.strerror})") from None
    return decode_roster_bytes(data, origin=str(path))


def load_roster(path: Path | str) -> Roster:
    """A roster file; every problem reading it is a RosterFileError naming the file."""
    path = Path(path)
    return read_roster(read_roster_file(path), origin=str(path))
