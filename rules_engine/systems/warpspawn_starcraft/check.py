"""`validate_roster` for Warpspawn: one deck, judged against the 004 pack or a TO's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules_engine.datapack import PackError
from rules_engine.roster_check import CheckResult, PackLabel, RosterInputError, one_roster
from rules_engine.systems.warpspawn_starcraft import builtin_pack
from rules_engine.systems.warpspawn_starcraft.deck import DeckInputError, read_deck, validate_deck
from rules_engine.systems.warpspawn_starcraft.pack import SLUG, parse_pack, read_pack_text


def read_pack(data: Any) -> PackLabel:
    """A TO's pack for an event, checked as `validate_roster --pack` checks it."""
    pack = parse_pack(data)
    return PackLabel(SLUG, pack.effective, pack.source, pack.sample)


def check_rosters(texts: Sequence[str], pack_text: str | None) -> CheckResult:
    text = one_roster(texts, "Warpspawn")
    try:
        pack = read_pack_text(pack_text) if pack_text is not None else builtin_pack()
        deck = read_deck(text)
    except (PackError, DeckInputError) as exc:
        raise RosterInputError(str(exc)) from None
    label = PackLabel(SLUG, pack.effective, pack.source, pack.sample)
    return CheckResult(rosters=(validate_deck(deck, pack),), pack=label)
