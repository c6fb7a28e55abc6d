"""The roster plug-in of a game system with one roster per player and a pack per event.

Dropzone Commander, MORSDEI and Warpspawn have no dual lists (none of their books has them)
and each judges a roster against one pack: the TO's (a loaded datapack/1 document handed
in) or the system's built-in one. Each system package gives its own reader, writer,
validator, pack parser and pack label; this adapter turns them into
`rules_engine.game_system.RosterRules` (the one roster hook: the web, the API and
`validate_roster` alike) and their reports into the generic `JudgedRoster` every core view
reads.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from rules_engine.roster_report import (
    Declared,
    JudgedRoster,
    PackLabel,
    RosterInputError,
    RosterVerdict,
    ValidationResult,
)


class _SystemReport(Protocol):
    def as_json(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class OneRosterRules:
    """`RosterRules` from a system's own functions (see the module's docstring)."""

    system_name: str
    read_roster: Callable[[str | Mapping[str, Any]], Any]
    write_document: Callable[[Any], dict[str, Any]]
    declare: Callable[[Any], Declared]
    validate: Callable[[Any, Any], _SystemReport]
    parse_pack: Callable[[Any], Any]
    builtin_pack: Callable[[], Any]
    # What a parsed pack says of itself: its effective date, source, whether it is a sample.
    label: Callable[[Any], PackLabel]
    # The system's own "cannot read this" errors, reported as RosterInputError.
    input_errors: tuple[type[Exception], ...]

    def read(self, content: str | Mapping[str, Any], *, origin: str = "roster") -> Any:
        """The roster; these systems' messages say the line, not the file (`origin` unused)."""
        try:
            return self.read_roster(content)
        except self.input_errors as exc:
            raise RosterInputError(str(exc)) from None

    def document(self, roster: Any) -> dict[str, Any]:
        return self.write_document(roster)

    def declared(self, roster: Any) -> Declared:
        return self.declare(roster)

    def judge(
        self, rosters: Sequence[Any], rules_date: dt.date | None, pack: Mapping[str, Any] | None
    ) -> ValidationResult[JudgedRoster]:
        """Each roster on its own: no rules between rosters (no dual lists). `rules_date` picks
        nothing: these systems ship one built-in pack, the event's own pack is `pack`."""
        if len(rosters) != 1:
            raise RosterInputError(f"{self.system_name} takes one roster per player, not {len(rosters)}")
        judged_by = self.parse_pack(dict(pack)) if pack is not None else self.builtin_pack()
        return ValidationResult(
            rosters=tuple(JudgedRoster.from_json(self.validate(r, judged_by).as_json()) for r in rosters)
        )

    def report_from_json(self, data: Mapping[str, Any]) -> JudgedRoster:
        return JudgedRoster.from_json(data)

    def pack_label(self, pack: Mapping[str, Any] | None, rules_date: dt.date | None) -> PackLabel:
        """The TO's pack checked (a `datapack.PackError` naming the JSON path of a problem), or
        the built-in one; `rules_date` picks nothing, as in `judge`."""
        return self.label(self.parse_pack(dict(pack)) if pack is not None else self.builtin_pack())


class RosterSheetMaker(Protocol):
    """A system's own printed roster sheet (`GameSystem.roster_sheet`): the figures its page
    prints (laid out by its `roster_sheet.html`) and the rosters CSV's columns after the
    common ones (player, name, roster, faction, legal)."""

    @property
    def csv_header(self) -> tuple[str, ...]: ...

    def sheet(self, document: Mapping[str, Any], verdict: RosterVerdict) -> Any: ...

    def csv_rows(self, sheet: Any) -> list[tuple[str | int | None, ...]]: ...
