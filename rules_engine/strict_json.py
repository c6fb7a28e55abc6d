"""JSON as every file and request body Muster reads must be: standard, finite, shallow.

Python's `json.loads` accepts `NaN`, `Infinity` and `-Infinity` (not JSON: RFC 8259 has no
such numbers), turns `1e999` into an infinite float, and decodes nesting until the
interpreter's recursion limit raises `RecursionError`. Each of those reached the database
or the engines as a server error. `loads` refuses them with the ordinary
`json.JSONDecodeError` (message, line, column), so every reader that already reports a
syntax error reports these the same way. Nothing in a roster, a pack, an event file or an
API body is nested anywhere near `MAX_DEPTH` deep.
"""

from __future__ import annotations

import json
import math
from typing import Any

MAX_DEPTH = 64


class _NotJSON(ValueError):
    def __init__(self, message: str, token: str | None = None) -> None:
        super().__init__(message)
        self.token = token


def _refuse_constant(token: str) -> Any:
    raise _NotJSON(f"{token} is not a number JSON allows", token)


def _finite_float(token: str) -> float:
    value = float(token)
    if not math.isfinite(value):
        raise _NotJSON(f"{token} is too large a number", token)
    return value


def _too_deep(data: Any, max_depth: int) -> bool:
    """Whether containers nest deeper than `max_depth` (walked without recursion)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            values: Any = item.values()
        elif isinstance(item, list):
            values = item
        else:
            continue
        if depth > max_depth:
            return True
        stack.extend((v, depth + 1) for v in values if isinstance(v, dict | list))
    return False


def _position(text: str, token: str | None) -> int:
    if token is None:
        return 0
    found = text.find(token)
    return max(found, 0)


def loads(text: str | bytes, *, max_depth: int = MAX_DEPTH) -> Any:
    """`json.loads`, refusing non-finite numbers and nesting deeper than `max_depth` with a
    `json.JSONDecodeError` that names where (the first such token's line and column)."""
    doc = text.decode("utf-8", errors="replace") if isinstance(text, bytes | bytearray) else text
    too_deep = f"nested deeper than {max_depth} levels"
    try:
        data = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except json.JSONDecodeError:
        raise
    except _NotJSON as exc:
        raise json.JSONDecodeError(str(exc), doc, _position(doc, exc.token)) from None
    except RecursionError:
        raise json.JSONDecodeError(too_deep, doc, 0) from None
    except ValueError as exc:  # an integer of more digits than Python converts
        raise json.JSONDecodeError(str(exc).split(";")[0], doc, 0) from None
    if _too_deep(data, max_depth):
        raise json.JSONDecodeError(too_deep, doc, 0)
    return data


__all__ = ["MAX_DEPTH", "loads"]
