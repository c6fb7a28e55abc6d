"""Warpspawn's roster plug-in for the event pipeline: a deck list typed with copies
(`3x Marine`) or roster/1, judged by W1-W4 against the 004 pack or the event's (`deck`).
One deck per player: the book has no dual lists."""

from __future__ import annotations

from typing import Any

from rules_engine.datapack import PackError
from rules_engine.roster_report import Declared, PackLabel
from rules_engine.roster_rules import OneRosterRules
from rules_engine.systems.warpspawn_starcraft.deck import (
    Deck,
    DeckInputError,
    deck_to_document,
    read_any,
    validate_deck,
)
from rules_engine.systems.warpspawn_starcraft.pack import SLUG, WarpspawnPack, parse_pack


def _builtin() -> WarpspawnPack:
    from rules_engine.systems.warpspawn_starcraft import builtin_pack

    return builtin_pack()


def _declared(deck: Deck) -> Declared:
    return Declared(deck.game_system, None)  # one scale; a deck states none


def _validate(deck: Deck, pack: Any) -> Any:
    return validate_deck(deck, pack)


def _label(pack: Any) -> PackLabel:
    """What judged the roster, as `validate_roster` prints it and a TO's pack is shown."""
    return PackLabel(SLUG, pack.effective, pack.source, pack.sample)


ROSTER_RULES = OneRosterRules(
    system_name="Warpspawn",
    read_roster=read_any,
    write_document=deck_to_document,
    declare=_declared,
    validate=_validate,
    parse_pack=parse_pack,
    builtin_pack=_builtin,
    label=_label,
    input_errors=(DeckInputError, PackError),
)
