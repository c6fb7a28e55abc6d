"""The roster/1 interchange format (docs/interchange.md), read into frozen dataclasses.

Reading is separate from judging: this module answers "is this a roster/1 document at
all?" and raises `RosterFileError` (exit status 2 on the command line) when it is not,
while the game system's rules decide whether a readable roster is legal. Unknown keys
are kept in `extra`, so writing a roster back loses nothing.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_engine import strict_json
from rules_engine.game_system import Scale
from rules_engine.roster_report import RosterInputError
from rules_engine.systems.starcraft_tmg import book

FORMAT = "roster/1"
_TOP_KEYS = (
    "format",
    "game_system",
    "player",
    "scale",
    "faction_card",
    "cards",
    "units",
    "missions",
    "deployments",
)
_UNIT_KEYS = frozenset({"name", "models", "upgrades"})


class RosterFileError(RosterInputError):
    """The input cannot be read as a roster; the message names the problem and where."""


@dataclass(frozen=True, slots=True)
class RosterUnit:
    name: str
    models: int
    upgrades: tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Roster:
    """One army roster as submitted. Names are kept exactly as the player wrote them."""

    game_system: str
    player: str
    scale: str
    faction_card: str
    cards: tuple[str, ...] = ()
    units: tuple[RosterUnit, ...] = ()
    missions: tuple[str, ...] = ()
    deployments: tuple[str, ...] = ()
    minerals: int | None = None  # only for a scale whose budget the event chooses
    extra: Mapping[str, Any] = field(default_factory=dict)

    def scale_rules(self) -> Scale:
        """The roster's engagement scale as the book prints it (Part 9.1.1)."""
        return book.scale(self.scale)

    @property
    def mineral_limit(self) -> int:
        """Part 9.1.1: the scale's budget, or the event's chosen one for Grand Offensive."""
        fixed = self.scale_rules().budget
        if fixed is not None:
            return fixed
        assert self.minerals is not None  # guaranteed by roster_from_document
        return self.minerals

    @property
    def gas_limit(self) -> int:
        # Part 9.1.1: Vespene limit is 10% of Minerals (rounded down for odd budgets).
        return self.mineral_limit // 10


def _require(doc: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in doc:
        raise RosterFileError(f"{where}: missing required field {key!r}")
    return doc[key]


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise RosterFileError(f"{where} must be a string, not {type(value).__name__}")
    return value


def _names(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise RosterFileError(f"{where} must be a list of names, not {type(value).__name__}")
    for i, item in enumerate(value):
        if not isinstance(item, str):
            _text(item, f"{where}[{i}]")  # raises, naming the entry
    return tuple(value)


def _count(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RosterFileError(f"{where} must be a whole number, not {json.dumps(value)}")
    count: int = value
    return count


def _unit(value: Any, origin: str, index: int) -> RosterUnit:
    where = f"{origin}: units[{index}]"
    if not isinstance(value, dict):
        raise RosterFileError(f"{where} must be an object with 'name' and 'models'")
    name = _require(value, "name", where)
    if not isinstance(name, str):
        _text(name, f"{where}.name")
    models = _require(value, "models", where)
    if type(models) is not int:
        _count(models, f"{where}.models")
    upgrades = _names(value.get("upgrades", []), f"{where}.upgrades")
    extra = {k: v for k, v in value.items() if k not in _UNIT_KEYS} if value.keys() - _UNIT_KEYS else {}
    return RosterUnit(name=name, models=models, upgrades=upgrades, extra=extra)


def not_starcraft(game_system: str) -> str:
    """Why a roster of another game system is not read here. This package reads StarCraft's
    rosters only, and each system reads its own: the event's system, or on the command line
    the one the roster names, picks the reader."""
    return f"unknown game system {game_system!r} for a StarCraft roster (this reader takes {book.SLUG!r})"


def roster_from_document(doc: Any, *, origin: str = "roster") -> Roster:
    """Check the shape of a parsed roster/1 document and freeze it.

    `origin` (usually the file name) starts every error message so a player submitting
    two rosters knows which one is unreadable.
    """
    if not isinstance(doc, dict):
        raise RosterFileError(f"{origin}: a roster/1 document is a JSON object, not {type(doc).__name__}")
    fmt = _require(doc, "format", origin)
    if fmt != FORMAT:
        raise RosterFileError(f"{origin}: format is {json.dumps(fmt)}, expected {json.dumps(FORMAT)}")
    for key in _TOP_KEYS:
        _require(doc, key, origin)
    slug = _text(doc["game_system"], f"{origin}: game_system")
    if slug != book.SLUG:
        raise RosterFileError(f"{origin}: {not_starcraft(slug)}")
    scale_slug = _text(doc["scale"], f"{origin}: scale")
    try:
        scale = book.scale(scale_slug)
    except ValueError as exc:
        raise RosterFileError(f"{origin}: {exc}") from None
    minerals: int | None = None
    if "minerals" in doc:
        minerals = _count(doc["minerals"], f"{origin}: minerals")
    if scale.budget is None:
        # Part 9.1.1: Grand Offensive is "2 001+" — the event sets the budget.
        if minerals is None:
            raise RosterFileError(
                f"{origin}: missing required field 'minerals' (scale {scale_slug} needs it)"
            )
        if scale.min_budget is not None and minerals < scale.min_budget:
            raise RosterFileError(
                f"{origin}: minerals must be at least {scale.min_budget} for scale {scale_slug}, "
                f"not {minerals}"
            )
    elif minerals is not None and minerals != scale.budget:
        raise RosterFileError(
            f"{origin}: scale {scale_slug} is fixed at {scale.budget} minerals, but the roster says "
            f"{minerals} (a chosen budget is only for grand-offensive)"
        )
    units_value = doc["units"]
    if not isinstance(units_value, list):
        raise RosterFileError(f"{origin}: units must be a list of objects")
    return Roster(
        game_system=slug,
        player=_text(doc["player"], f"{origin}: player"),
        scale=scale_slug,
        faction_card=_text(doc["faction_card"], f"{origin}: faction_card"),
        cards=_names(doc["cards"], f"{origin}: cards"),
        units=tuple(_unit(u, origin, i) for i, u in enumerate(units_value)),
        missions=_names(doc["missions"], f"{origin}: missions"),
        deployments=_names(doc["deployments"], f"{origin}: deployments"),
        minerals=minerals if scale.budget is None else None,
        extra={k: v for k, v in doc.items() if k not in (*_TOP_KEYS, "minerals")},
    )


def roster_to_document(roster: Roster) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "format": FORMAT,
        "game_system": roster.game_system,
        "player": roster.player,
        "scale": roster.scale,
    }
    if roster.minerals is not None:
        doc["minerals"] = roster.minerals
    doc.update(
        {
            "faction_card": roster.faction_card,
            "cards": list(roster.cards),
            "units": [
                {"name": u.name, "models": u.models, "upgrades": list(u.upgrades), **u.extra}
                for u in roster.units
            ],
            "missions": list(roster.missions),
            "deployments": list(roster.deployments),
        }
    )
    doc.update(roster.extra)
    return doc


def read_roster_json(text: str, *, origin: str = "roster") -> Roster:
    try:
        doc = strict_json.loads(text)
    except json.JSONDecodeError as exc:
        raise RosterFileError(
            f"{origin}: malformed JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
    return roster_from_document(doc, origin=origin)


def write_roster_json(roster: Roster) -> str:
    return json.dumps(roster_to_document(roster), indent=2, ensure_ascii=False) + "\n"
