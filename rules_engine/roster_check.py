"""A game system's roster check from files alone: what `validate_roster` runs for systems
whose rosters are not StarCraft's (docs/interchange.md, "Other game systems").

Each system package brings a `check_rosters(texts, pack_text)` that reads the rosters
(roster/1, or the system's typed list), reads the TO's pack when one is handed in (else
the system's built-in pack), judges and returns a `CheckResult`; what cannot be read is
a `RosterInputError` (exit status 2, one line). `as_json` is the `validate_roster --json`
shape: `legal`, `rosters` (each with the system's own `totals` and `limits`) and the
top-level `violations`, plus the pack that judged them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from rules_engine import strict_json

# The label and the input error are the report's words; named here as well for the systems' checks.
from rules_engine.roster_report import PackLabel as PackLabel
from rules_engine.roster_report import RosterInputError as RosterInputError
from rules_engine.roster_report import Violation, in_line_order


class Report(Protocol):
    @property
    def legal(self) -> bool: ...

    def as_json(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class CheckResult:
    rosters: tuple[Report, ...]
    pack: PackLabel
    violations: tuple[Violation, ...] = ()

    @property
    def legal(self) -> bool:
        return not self.violations and all(r.legal for r in self.rosters)

    def as_json(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "rosters": [_in_line_order(r.as_json()) for r in self.rosters],
            "violations": [v.as_json() for v in self.violations],
            "pack": self.pack.as_json(),
        }

    def text(self, names: Sequence[str]) -> str:
        """What a person reads: a verdict line per roster, its totals, then each violation."""
        lines = []
        if self.pack.sample:
            lines.append(
                f"Judged against a SAMPLE pack ({self.pack.source}); hand in the event's with --pack."
            )
        for name, roster in zip(names, self.rosters, strict=True):
            data = _in_line_order(roster.as_json())
            verdict = "LEGAL" if roster.legal else "ILLEGAL"
            lines.append(f"{name}: {verdict} — {data.get('player', '')}, {data.get('faction', '')}")
            limits = data.get("limits", {})
            for key, value in data.get("totals", {}).items():
                limit = f" of {limits[key]}" if key in limits else ""
                lines.append(f"  {key}: {value}{limit}")
            for v in data.get("violations", []):
                lines.append(f"  x {v['code']} ({v['where']}): {v['message']} [{v['section']}]")
        for lint in self.pack.lints:
            lines.append(f"pack warning: {lint}")
        return "\n".join(lines) + "\n"


def _in_line_order(data: dict[str, Any]) -> dict[str, Any]:
    """A report's violations in the roster's line order, as the event's verdict lists them
    (`rules_engine.verdict.in_line_order`; the report's own lists stand for the document's)."""
    violations = [Violation.from_json(v) for v in data.get("violations", [])]
    return data | {"violations": [v.as_json() for v in in_line_order(violations, tuple(data))]}


class PackReader(Protocol):
    """A system's check of a TO's decoded pack: what it is, or a `datapack.PackError`."""

    def __call__(self, data: Any) -> PackLabel: ...


class RosterChecker(Protocol):
    def __call__(self, texts: Sequence[str], pack_text: str | None) -> CheckResult: ...


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


def one_roster(texts: Sequence[str], system_name: str) -> str:
    """These systems' books know no dual lists (docs/game-systems.md): one roster per player."""
    if len(texts) != 1:
        raise RosterInputError(f"{system_name} takes one roster per player, not {len(texts)}")
    return texts[0]
