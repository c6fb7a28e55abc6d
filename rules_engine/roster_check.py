"""What every system's roster reading and `validate_roster` printing share.

A system reads its rosters through its one roster hook (`GameSystem.roster_rules`); the
helpers here are the parts every reader has in common: telling roster/1 JSON from a typed
list by content, and roster/1's envelope. `SHARED_PRINTER` is `validate_roster`'s verdict
layout for every system that brings no printer of its own (docs/interchange.md, "Other
game systems").
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine import strict_json

# The label and the input error are the report's words; named here as well for the systems' checks.
from rules_engine.roster_report import PackLabel as PackLabel
from rules_engine.roster_report import Report, ValidationResult, Violation, in_line_order
from rules_engine.roster_report import RosterInputError as RosterInputError


class SharedPrinter:
    """`validate_roster`'s verdict in the layout every system shares unless it brings its
    own (`GameSystem.verdict_printer`): each roster's totals against its limits and its
    violations, the violations between the rosters, and the pack that judged them."""

    def json(self, result: ValidationResult[Report], pack: PackLabel) -> dict[str, Any]:
        """`legal`, `rosters` (each with the system's own `totals` and `limits`), the top-level
        `violations`, and `pack` (docs/interchange.md, "Other game systems")."""
        return {
            "legal": result.legal,
            "rosters": [_in_line_order(r.as_json()) for r in result.rosters],
            "violations": [v.as_json() for v in result.violations],
            "pack": pack.as_json(),
        }

    def text(self, result: ValidationResult[Report], pack: PackLabel, names: Sequence[str]) -> str:
        """What a person reads: a verdict line per roster, its totals, then each violation."""
        lines = []
        if pack.sample:
            lines.append(f"Judged against a SAMPLE pack ({pack.source}); hand in the event's with --pack.")
        for name, roster in zip(names, result.rosters, strict=True):
            data = _in_line_order(roster.as_json())
            verdict = "LEGAL" if roster.legal else "ILLEGAL"
            lines.append(f"{name}: {verdict} — {data.get('player', '')}, {data.get('faction', '')}")
            limits = data.get("limits", {})
            for key, value in data.get("totals", {}).items():
                limit = f" of {limits[key]}" if key in limits else ""
                lines.append(f"  {key}: {value}{limit}")
            for v in data.get("violations", []):
                lines.append(f"  x {v['code']} ({v['where']}): {v['message']} [{v['section']}]")
        for lint in pack.lints:
            lines.append(f"pack warning: {lint}")
        return "\n".join(lines) + "\n"


SHARED_PRINTER = SharedPrinter()


def _in_line_order(data: dict[str, Any]) -> dict[str, Any]:
    """A report's violations in the roster's line order, as the event's verdict lists them
    (`rules_engine.verdict.in_line_order`; the report's own lists stand for the document's)."""
    violations = [Violation.from_json(v) for v in data.get("violations", [])]
    return data | {"violations": [v.as_json() for v in in_line_order(violations, tuple(data))]}


def roster_document(text: str, *, kind: str, error: type[ValueError]) -> Any | None:
    """The decoded roster/1 document when the text is JSON (it starts with `{`), None when it
    is a typed list; told apart by content, a byte-order mark allowed (docs/rosters.md)."""
    stripped = text.lstrip("\ufeff").lstrip()
    if not stripped:
        raise error(f"the {kind} is empty")
    if not stripped.startswith("{"):
        return None
    try:
        return strict_json.loads(stripped)
    except json.JSONDecodeError as exc:
        raise error(f"line {exc.lineno}, column {exc.colno}: {exc.msg}") from None


ROSTER_FORMAT = "roster/1"


def roster_envelope(
    doc: Any,
    *,
    game_system: str,
    entries: str,
    what: str,
    error: type[ValueError],
    named: Sequence[str] = ("player", "faction"),
) -> tuple[Mapping[str, Any], list[Any]]:
    """roster/1's envelope, the same for every system (docs/interchange.md "roster/1";
    docs/interchange.md): a JSON object of `format` roster/1 for this `game_system`, the
    `named` keys non-empty strings, and its list of `entries` (`what` names them in the
    message). Returns the object and that list; the system reads the rest."""
    if not isinstance(doc, Mapping):
        raise error("the roster must be a JSON object")
    if doc.get("format") != ROSTER_FORMAT:
        raise error(f"format: must be {ROSTER_FORMAT!r}")
    if doc.get("game_system") != game_system:
        raise error(f"game_system: must be {game_system!r}")
    for key in named:
        if not isinstance(doc.get(key), str) or not doc[key].strip():
            raise error(f"{key}: required, a non-empty string")
    listed = doc.get(entries)
    if not isinstance(listed, list):
        raise error(f"{entries}: required, a list of {what}")
    return doc, listed
