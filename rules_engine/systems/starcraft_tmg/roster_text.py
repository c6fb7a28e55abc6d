"""The plain-text roster: what a player types or pastes (grammar in docs/rosters.md).

    Player: Katherine
    Faction: Raynor's Raiders
    Scale: skirmish

    Cards:
    Barracks
    Academy

    Units:
    6x Marine (AGG-12, Rocket Launcher)
    Jim Raynor x1

    Missions: Supply Drop, Divide and Conquer
    Deployments: Agria Valley, Dirt Side

The reader is forgiving about spelling of headings, bullets, counts and blank lines,
but strict about structure, and every error names its line. The writer produces text
the reader reads back to the same roster.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rules_engine.names import name_key
from rules_engine.systems.starcraft_tmg import book
from rules_engine.systems.starcraft_tmg.roster_json import (
    FORMAT,
    Roster,
    RosterFileError,
    not_starcraft,
    roster_from_document,
)

DEFAULT_GAME = book.SLUG
# Headings a value follows on the same line, by their name_key.
_HEADERS = {
    "player": "player",
    "faction": "faction",
    "factioncard": "faction",
    "scale": "scale",
    "engagementscale": "scale",
    "minerals": "minerals",
    "game": "game",
    "gamesystem": "game",
}
# Headings that open a list, singular or plural.
_SECTIONS = {
    "cards": "cards",
    "card": "cards",
    "tacticalcards": "cards",
    "units": "units",
    "unit": "units",
    "missions": "missions",
    "mission": "missions",
    "missioncards": "missions",
    "deployments": "deployments",
    "deployment": "deployments",
    "deploymentcards": "deployments",
}
_HEADER_LABELS = {
    "player": "Player",
    "faction": "Faction",
    "scale": "Scale",
    "minerals": "Minerals",
    "game": "Game",
}
_BULLET = re.compile(r"^(?:[-*•]\s+)")
_TIMES = "x\u00d7"  # "6x", or the multiplication sign
_LEADING_COUNT = re.compile(rf"^(\d+)\s*[{_TIMES}]?\s+(\S.*)$", re.IGNORECASE)
_TRAILING_COUNT = re.compile(rf"^(\S.*?)\s+[{_TIMES}]\s*(\d+)$", re.IGNORECASE)
_BARE_COUNT = re.compile(rf"^\d+\s*[{_TIMES}]?$", re.IGNORECASE)
_CARD_COUNT = re.compile(rf"^(\d+)\s*[{_TIMES}]\s*(\S.*)$", re.IGNORECASE)
_NONE = ("", "-", "\u2013", "\u2014")  # "no upgrades": a hyphen or a dash, as the book prints it


class RosterTextError(RosterFileError):
    """Text that cannot be read as a roster; `line` is 1-based (0: the whole text)."""

    def __init__(self, line: int, message: str, origin: str = "roster") -> None:
        self.line = line
        self.problem = message
        where = f"{origin}, line {line}" if line else origin
        super().__init__(f"{where}: {message}")


@dataclass
class _Draft:
    headers: dict[str, tuple[str, int]] = field(default_factory=dict)
    lists: dict[str, list[str]] = field(
        default_factory=lambda: {"cards": [], "missions": [], "deployments": []}
    )
    units: list[tuple[str, int]] = field(default_factory=list)  # read once the game is known


def _strip_comment(raw: str) -> str:
    # `#` starts a comment at the line start or after a space; no card name contains one.
    cut = raw.find("#")
    while cut > 0 and not raw[cut - 1].isspace():
        cut = raw.find("#", cut + 1)
    return (raw if cut < 0 else raw[:cut]).strip()


def _split_heading(line: str) -> tuple[str, str, str] | None:
    """('header'|'section', canonical name, rest) when the line starts with a heading."""
    if ":" not in line:
        return None
    label, rest = line.split(":", 1)
    key = name_key(label)
    if key in _HEADERS:
        return ("header", _HEADERS[key], rest.strip())
    if key in _SECTIONS:
        return ("section", _SECTIONS[key], rest.strip())
    return None


def _last_group(text: str, number: int, origin: str) -> tuple[str, str] | None:
    """Split 'NAME (A, B)' into ('NAME', 'A, B'); None when the text does not end in ')'."""
    if not text.endswith(")"):
        return None
    depth = 0
    for pos in range(len(text) - 1, -1, -1):
        if text[pos] == ")":
            depth += 1
        elif text[pos] == "(":
            depth -= 1
            if depth == 0:
                return text[:pos].rstrip(), text[pos + 1 : -1]
    raise RosterTextError(number, f"unbalanced brackets in {text!r}", origin)


def _upgrade_names(text: str, number: int, origin: str) -> list[str]:
    text = text.strip()
    if text in _NONE:
        return []
    names = [part.strip() for part in text.split(",")]
    if any(name in _NONE for name in names):
        raise RosterTextError(
            number, f"an empty upgrade name in {text!r}; separate upgrades with single commas", origin
        )
    return names


def _unit_entry(text: str, number: int, origin: str, is_unit: Callable[[str], bool] | None) -> dict[str, Any]:
    upgrades = ""
    if text.count("(") != text.count(")"):
        raise RosterTextError(number, f"unbalanced brackets in {text!r}", origin)
    if ":" in text:
        text, upgrades = (part.strip() for part in text.split(":", 1))
    else:
        split = _last_group(text, number, origin)
        if split is not None:
            head, inner = split
            whole = _LEADING_COUNT.match(text)
            bare = whole.group(2) if whole else text
            # "Raptor (Zergling)" is a name with brackets, not a Raptor with a "Zergling" upgrade.
            if not (is_unit is not None and is_unit(bare)):
                text, upgrades = head, inner
    if not text:
        raise RosterTextError(number, "a unit line needs a unit name", origin)
    models = 1
    leading = _LEADING_COUNT.match(text)
    if leading:
        models, name = int(leading.group(1)), leading.group(2).strip()
    else:
        trailing = _TRAILING_COUNT.match(text)
        if trailing:
            name, models = trailing.group(1).strip(), int(trailing.group(2))
        else:
            name = text
    if not name or _BARE_COUNT.match(name):
        raise RosterTextError(number, f"{text!r} has a model count but no unit name", origin)
    return {"name": name, "models": models, "upgrades": _upgrade_names(upgrades, number, origin)}


def _card_entries(text: str) -> list[str]:
    leading = _CARD_COUNT.match(text)
    if leading:
        return [leading.group(2).strip()] * int(leading.group(1))
    return [text]


def _scale_slug(value: str, number: int, origin: str) -> str:
    wanted = name_key(value)
    for slug, scale in book.SCALES.items():
        if wanted in (name_key(slug), name_key(scale.name)):
            return slug
    known = ", ".join(book.SCALES)
    raise RosterTextError(number, f"unknown scale {value!r}; write one of {known}", origin)


def _number(value: str, number: int, origin: str, label: str) -> int:
    digits = re.sub(r"[\s,._']", "", value)
    if not digits.isdigit():
        raise RosterTextError(number, f"{label} must be a whole number, not {value!r}", origin)
    return int(digits)


def read_roster_text(
    text: str, *, origin: str = "roster", is_unit: Callable[[str], bool] | None = None
) -> Roster:
    """Read the plain-text roster format into a Roster.

    `is_unit` lets "6x Raptor (Zergling)" keep its bracketed name rather than read
    "Zergling" as an upgrade; by default it asks the game system's current rules.
    """
    draft = _Draft()
    section: str | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _strip_comment(raw)
        if not line:
            continue
        heading = _split_heading(line)
        if heading is not None:
            kind, name, rest = heading
            if kind == "header":
                if not rest:
                    raise RosterTextError(
                        number, f"'{_HEADER_LABELS[name]}:' needs a value on the same line", origin
                    )
                if name in draft.headers and draft.headers[name][0] != rest:
                    first = draft.headers[name][1]
                    raise RosterTextError(
                        number, f"a second '{_HEADER_LABELS[name]}:' line (the first is line {first})", origin
                    )
                draft.headers[name] = (rest, number)
                continue
            section = name
            if rest:
                if name == "units":
                    raise RosterTextError(number, "write each unit on its own line under 'Units:'", origin)
                for item in rest.split(","):
                    item = item.strip()
                    if not item:
                        raise RosterTextError(number, f"an empty name in {rest!r}", origin)
                    draft.lists[name].extend(_card_entries(item) if name == "cards" else [item])
            continue
        if section is None:
            raise RosterTextError(
                number,
                f"{line!r} is not under a heading; start with 'Player:', 'Faction:' and 'Scale:' lines, "
                "then list entries under 'Cards:', 'Units:', 'Missions:' and 'Deployments:'",
                origin,
            )
        item = _BULLET.sub("", line).strip()
        if section == "units":
            draft.units.append((item, number))
        elif section == "cards":
            draft.lists["cards"].extend(_card_entries(item))
        else:
            draft.lists[section].append(item)
    return _finish(draft, origin, is_unit)


def _finish(draft: _Draft, origin: str, is_unit: Callable[[str], bool] | None) -> Roster:
    for required in ("player", "faction", "scale"):
        if required not in draft.headers:
            raise RosterTextError(0, f"no '{_HEADER_LABELS[required]}:' line", origin)
    game, game_line = draft.headers.get("game", (DEFAULT_GAME, 0))
    if game != book.SLUG:
        raise RosterTextError(game_line, not_starcraft(game), origin)
    if is_unit is None:
        is_unit = book.knows_unit
    units = [_unit_entry(item, number, origin, is_unit) for item, number in draft.units]
    scale_value, scale_line = draft.headers["scale"]
    doc: dict[str, Any] = {
        "format": FORMAT,
        "game_system": game,
        "player": draft.headers["player"][0],
        "scale": _scale_slug(scale_value, scale_line, origin),
        "faction_card": draft.headers["faction"][0],
        **draft.lists,
        "units": units,
    }
    if "minerals" in draft.headers:
        value, line = draft.headers["minerals"]
        doc["minerals"] = _number(value, line, origin, "Minerals")
    try:
        return roster_from_document(doc, origin=origin)
    except RosterFileError as exc:
        # The remaining problems are about the budget; point at the line that set it.
        line = draft.headers.get("minerals", draft.headers["scale"])[1]
        message = str(exc).removeprefix(f"{origin}: ")
        raise RosterTextError(line or game_line, message, origin) from None


# --- writing -------------------------------------------------------------------------


def _check(value: str, what: str, forbidden: str = "") -> str:
    if value != value.strip() or not value:
        raise ValueError(f"{what} {value!r} cannot be written: empty or with surrounding spaces")
    bad = [ch for ch in "\n\r#" + forbidden if ch in value]
    if bad:
        raise ValueError(f"{what} {value!r} cannot be written in the text format (contains {bad[0]!r})")
    if _split_heading(value) is not None:
        raise ValueError(f"{what} {value!r} cannot be written: it would read as a heading")
    return value


def write_roster_text(roster: Roster) -> str:
    """The roster in the text format; raises ValueError for a name the grammar cannot carry."""
    lines = [
        f"Player: {_check(roster.player, 'player name')}",
        f"Faction: {_check(roster.faction_card, 'Faction Card')}",
        f"Scale: {roster.scale}",
    ]
    if roster.minerals is not None:
        lines.append(f"Minerals: {roster.minerals}")
    if roster.game_system != DEFAULT_GAME:
        lines.append(f"Game: {roster.game_system}")
    lines += ["", "Cards:"]
    for card in roster.cards:
        _check(card, "card name")
        # A leading number or bullet would be read as a count or a bullet: say "1x".
        lines.append(f"1x {card}" if re.match(r"^\d", card) or _BULLET.match(card) else card)
    lines += ["", "Units:"]
    for unit in roster.units:
        name = _check(unit.name, "unit name", ":")
        if _BARE_COUNT.match(name):
            raise ValueError(f"unit name {name!r} cannot be written: it would read as a model count")
        if name.count("(") != name.count(")"):
            raise ValueError(f"unit name {name!r} cannot be written: its brackets do not pair up")
        if unit.models < 0:
            raise ValueError(f"{name}: a negative model count cannot be written")
        upgrades = [_check(u, "upgrade name", ",():") for u in unit.upgrades]
        line = f"{unit.models}x {name}"
        if name.endswith(")"):
            line += ": " + (", ".join(upgrades) or "-")
        elif upgrades:
            line += f" ({', '.join(upgrades)})"
        lines.append(line)
    for heading, names in (("Missions", roster.missions), ("Deployments", roster.deployments)):
        lines += ["", f"{heading}:"]
        for item in names:
            _check(item, f"{heading[:-1].lower()} name")
            lines.append(f"- {item}" if _BULLET.match(item) else item)
    return "\n".join(lines) + "\n"
