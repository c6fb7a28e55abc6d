"""Where a value sits in a JSON text: the line a JSON path such as `units[3].points` starts on.

A TO who uploads a data pack reads the error beside the file in an editor, so a problem
found by a pack's checks (which name a JSON path) is also given its line. Python's json
module keeps no positions, so this walks the already-valid text once, recording where
each value begins.
"""

from __future__ import annotations

import json
import re
from json.decoder import scanstring  # type: ignore[attr-defined]  # public, unstubbed

_SPACE = re.compile(r"[ \t\n\r]*")
_PATH = re.compile(r"[A-Za-z_][\w-]*(?:\[\d+\]|\.[A-Za-z_][\w-]*)*")
_STEP = re.compile(r"\[(\d+)\]|\.?([A-Za-z_][\w-]*)")
_DECODER = json.JSONDecoder()

Path = tuple[str | int, ...]


def _skip(text: str, at: int) -> int:
    match = _SPACE.match(text, at)
    return match.end() if match else at


def _walk(text: str, at: int, path: Path, starts: dict[Path, int]) -> int:
    at = _skip(text, at)
    starts[path] = at
    opener = text[at]
    if opener not in "{[":
        _, end = _DECODER.raw_decode(text, at)
        return int(end)
    closer = "}" if opener == "{" else "]"
    at = _skip(text, at + 1)
    index = 0
    while text[at] != closer:
        if opener == "{":
            key, at = scanstring(text, at + 1)
            at = _skip(text, at) + 1  # the colon
            at = _walk(text, at, (*path, key), starts)
        else:
            at = _walk(text, at, (*path, index), starts)
            index += 1
        at = _skip(text, at)
        if text[at] == ",":
            at = _skip(text, at + 1)
    return at + 1


def value_starts(text: str) -> dict[Path, int]:
    """The offset where every value of a valid JSON text begins, by its path."""
    starts: dict[Path, int] = {}
    _walk(text, 0, (), starts)
    return starts


def parse_path(where: str) -> Path:
    """`units[3].points` as ("units", 3, "points")."""
    return tuple(int(i) if i else name for i, name in _STEP.findall(where))


def line_of(text: str, where: str) -> int | None:
    """The line the value at `where` (or the nearest enclosing value found) starts on."""
    try:
        starts = value_starts(text)
    except (ValueError, IndexError):
        return None
    path = parse_path(where)
    while path and path not in starts:
        path = path[:-1]
    if not path:
        return None  # not a path into this text (or the whole text, which is line 1 anyway)
    return text.count("\n", 0, starts[path]) + 1


def with_line(text: str, message: str) -> str:
    """A message that opens with a JSON path ("factions[0].name: must be ...") given the
    line it points at; messages that name no path are returned unchanged."""
    match = _PATH.match(message)
    if match is None or not message[match.end() :].startswith((":", " (")):
        return message
    line = line_of(text, match.group(0))
    return f"line {line}: {message}" if line is not None else message
