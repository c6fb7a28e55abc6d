"""`validate_roster` for MORSDEI: one warband, judged against the TO's pack (or the sample)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules_engine.datapack import PackError, decode
from rules_engine.roster_check import CheckResult, PackLabel, RosterInputError, one_roster
from rules_engine.systems.morsdei import sample_pack
from rules_engine.systems.morsdei.pack import SLUG, parse_pack
from rules_engine.systems.morsdei.warband import WarbandInputError, read_warband, validate_warband


def read_pack(data: Any) -> PackLabel:
    """A TO's pack for an event, checked as `validate_roster --pack` checks it."""
    pack = parse_pack(data)
    return PackLabel(SLUG, pack.effective, pack.source, pack.sample, pack.lints)


def check_rosters(texts: Sequence[str], pack_text: str | None) -> CheckResult:
    text = one_roster(texts, "MORSDEI")
    try:
        pack = parse_pack(decode(pack_text)) if pack_text is not None else sample_pack()
        warband = read_warband(text)
    except (PackError, WarbandInputError) as exc:
        raise RosterInputError(str(exc)) from None
    label = PackLabel(SLUG, pack.effective, pack.source, pack.sample, pack.lints)
    return CheckResult(rosters=(validate_warband(warband, pack),), pack=label)
