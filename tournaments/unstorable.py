"""Characters Python strings can hold but the rest of the stack cannot.

`json.loads` lets two things through that later blow up as server errors: a lone UTF-16
surrogate (`"\\ud800"`), which can never be encoded back into a page or a response, and the
NUL character, which PostgreSQL refuses in text and in JSON columns. Input is checked for
them before it reaches a service that stores or echoes it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def unstorable_character(text: str) -> str | None:
    """The first NUL or unpaired surrogate in `text`, as `U+XXXX`."""
    for char in text:
        code = ord(char)
        if code == 0 or 0xD800 <= code <= 0xDFFF:
            return f"U+{code:04X}"
    return None


def find_unstorable(value: Any, path: tuple[str, ...] = ()) -> tuple[tuple[str, ...], str] | None:
    """Where in decoded JSON (keys included) the first such character is, and which it is."""
    if isinstance(value, str):
        found = unstorable_character(value)
        return (path, found) if found is not None else None
    if isinstance(value, Mapping):
        for key, item in value.items():
            hit = find_unstorable(key, path) or find_unstorable(item, (*path, str(key)))
            if hit is not None:
                return hit
    if isinstance(value, list):
        for position, item in enumerate(value):
            hit = find_unstorable(item, (*path, str(position)))
            if hit is not None:
                return hit
    return None


def unstorable_message(char: str) -> str:
    return f"Text may not contain the character {char} (a NUL or an unpaired surrogate)."
