"""Reading values out of a stored JSON document (a roster/1 document, a verdict) for display.

A sheet prints what a stored document holds, whatever an older version of the code wrote
there: a value of the wrong type reads as empty rather than failing a print job. Shared by
the printed sheets and each game system's own roster sheet.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

TIMES = "\u00d7"  # multiplication sign: "Marine x2" with a proper times sign


def as_text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def texts(value: Any) -> tuple[str, ...]:
    return tuple(v for v in value if isinstance(v, str)) if isinstance(value, list) else ()


def whole(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def dicts(value: Any) -> list[Mapping[str, Any]]:
    return [v for v in value if isinstance(v, Mapping)] if isinstance(value, list) else []


def times(name: str, count: Any) -> str:
    """`Marine` and a times sign with the count; a count of one (or none) is the name alone."""
    n = whole(count)
    return f"{name} {TIMES}{n}" if n is not None and n != 1 else name
