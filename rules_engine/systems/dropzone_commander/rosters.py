"""Dropzone Commander's roster plug-in for the event pipeline: an army typed as Squads
indented under what they ride in, Commanders and the command deck (`roster_text`), or
roster/1, judged by D1-D32 against the event's pack or the sample (`army`). An army
states its points limit (DZC:225), which must be the event's. One army per player: the
book has no dual lists."""

from __future__ import annotations

from typing import Any

from rules_engine.datapack import PackError
from rules_engine.roster_report import Declared, PackLabel
from rules_engine.roster_rules import OneRosterRules
from rules_engine.systems.dropzone_commander.army import validate_army
from rules_engine.systems.dropzone_commander.pack import SLUG, DropzonePack, parse_pack
from rules_engine.systems.dropzone_commander.roster import DropzoneRoster, RosterInputError
from rules_engine.systems.dropzone_commander.roster_text import read_any, roster_to_document


def _builtin() -> DropzonePack:
    from rules_engine.systems.dropzone_commander import sample_pack

    return sample_pack()


def _declared(roster: DropzoneRoster) -> Declared:
    return Declared(roster.game_system, roster.size.slug, roster.points)


def _validate(roster: DropzoneRoster, pack: Any) -> Any:
    return validate_army(roster, pack)


def _label(pack: Any) -> PackLabel:
    """What judged the roster, as `validate_roster` prints it and a TO's pack is shown."""
    return PackLabel(SLUG, pack.effective, pack.source, pack.sample, pack.lints)


ROSTER_RULES = OneRosterRules(
    system_name="Dropzone Commander",
    read_roster=read_any,
    write_document=roster_to_document,
    declare=_declared,
    validate=_validate,
    parse_pack=parse_pack,
    builtin_pack=_builtin,
    label=_label,
    input_errors=(RosterInputError, PackError),
)
