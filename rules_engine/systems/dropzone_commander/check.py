"""`validate_roster` for Dropzone Commander: one army, roster/1 or typed (`roster_text`),
judged against the TO's pack (or the sample), with the 45-card constructed deck
(decision DZ-D08)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules_engine.datapack import PackError, decode
from rules_engine.roster_check import CheckResult, PackLabel, RosterInputError, one_roster
from rules_engine.systems.dropzone_commander import sample_pack
from rules_engine.systems.dropzone_commander.army import validate_army
from rules_engine.systems.dropzone_commander.pack import SLUG, parse_pack
from rules_engine.systems.dropzone_commander.roster import RosterInputError as DropzoneInputError
from rules_engine.systems.dropzone_commander.roster_text import read_any


def read_pack(data: Any) -> PackLabel:
    """A TO's pack for an event, checked as `validate_roster --pack` checks it."""
    pack = parse_pack(data)
    return PackLabel(SLUG, pack.effective, pack.source, pack.sample, pack.lints)


def check_rosters(texts: Sequence[str], pack_text: str | None) -> CheckResult:
    text = one_roster(texts, "Dropzone Commander")
    try:
        pack = parse_pack(decode(pack_text)) if pack_text is not None else sample_pack()
        roster = read_any(text)
    except (PackError, DropzoneInputError) as exc:
        raise RosterInputError(str(exc)) from None
    label = PackLabel(SLUG, pack.effective, pack.source, pack.sample, pack.lints)
    return CheckResult(rosters=(validate_army(roster, pack),), pack=label)
