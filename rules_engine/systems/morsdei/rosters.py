"""MORSDEI's roster plug-in for the event pipeline: a warband typed as fighter lines
(`Name (32mm)`, `2x Name`) or roster/1, judged by M1-M6 against the event's pack or the
sample (`warband`). One warband per player: the book has no dual lists."""

from __future__ import annotations

from typing import Any

from rules_engine.datapack import PackError
from rules_engine.roster_report import Declared, PackLabel
from rules_engine.roster_rules import OneRosterRules
from rules_engine.systems.morsdei.pack import SLUG, MorsdeiPack, parse_pack
from rules_engine.systems.morsdei.warband import (
    Warband,
    WarbandInputError,
    read_any,
    validate_warband,
    warband_to_document,
)


def _builtin() -> MorsdeiPack:
    from rules_engine.systems.morsdei import sample_pack

    return sample_pack()


def _declared(warband: Warband) -> Declared:
    return Declared(warband.game_system, None)  # one scale; a warband states none


def _validate(warband: Warband, pack: Any) -> Any:
    return validate_warband(warband, pack)


def _label(pack: Any) -> PackLabel:
    """What judged the roster, as `validate_roster` prints it and a TO's pack is shown."""
    return PackLabel(SLUG, pack.effective, pack.source, pack.sample, pack.lints)


ROSTER_RULES = OneRosterRules(
    system_name="MORSDEI",
    read_roster=read_any,
    write_document=warband_to_document,
    declare=_declared,
    validate=_validate,
    parse_pack=parse_pack,
    builtin_pack=_builtin,
    label=_label,
    input_errors=(WarbandInputError, PackError),
)
