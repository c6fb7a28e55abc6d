"""The Dropzone Commander roster a player would type, and the roster/1 document it becomes.

A typed army (docs/game-systems.md, "Roster forms") is what players write down at the
table: the header lines, then one Squad a line, what a Squad rides in shown by indenting
it under that Squad (DZC:262, a Group is a Squad aboard nothing with everything aboard
it), the Commanders with the Squad they join (DZC:310), then the command deck (DZC:316)::

    Player: Alice
    Faction: UCM
    Points: 1500
    Squads:
    4x Main Battle Tank
    1x Condor
      3x Sabre
    1x Bear APC (Upgrade name, Another)
      3x Legionnaires
    Commanders:
    Level 5 with Main Battle Tank
    Famous Commander's Name with Legionnaires
    Command deck:
    3x Core Card 01

Every Squad, Commander and card keeps its line (`where` is "line N"), so each violation
the army rules find says which line to change; what cannot be read at all is an input
error naming its line. A Commander joins the first Squad of that name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rules_engine.names import name_key
from rules_engine.systems.dropzone_commander.pack import SLUG
from rules_engine.systems.dropzone_commander.roster import (
    ROSTER_FORMAT,
    CardEntry,
    CommanderChoice,
    DropzoneRoster,
    RosterInputError,
    Squad,
    UpgradeChoice,
    check_aboard,
    roster_from_document,
)
from rules_engine.systems.dropzone_commander.sections import GAME_SIZE
from rules_engine.systems.dropzone_commander.sizes import MIN_POINTS, size_for, size_named

_HEADER = re.compile(
    r"^(player|faction|points|points limit|scale|game size|game system|game)\s*:\s*(.*)$", re.I
)
_SECTION = {
    "squads": "squads",
    "units": "squads",
    "army": "squads",
    "commanders": "commanders",
    "commander": "commanders",
    "command deck": "cards",
    "deck": "cards",
    "cards": "cards",
    "command cards": "cards",
}
_BULLET = re.compile(r"^[-*\u2022]\s*")
_SQUAD = re.compile(r"^(\d+)\s*[xX*\u00d7]?\s+([^()\[\]]+?)\s*(?:[(\[]([^)\]]*)[)\]])?$")
_COUNT_FIRST = re.compile(r"^(\d+)\s*[xX*\u00d7]?\s+(.+)$")
_COUNT_LAST = re.compile(r"^(.+?)\s+[xX*\u00d7]\s*(\d+)$")
_COMMANDER = re.compile(r"^(?:level\s*(\d+)|(.+?))(?:\s+(?:with|joins|in)\s+(.+))?$", re.I)


def _indent(raw: str) -> int:
    return len(raw.expandtabs(4)) - len(raw.expandtabs(4).lstrip())


def _squad_id(name: str, taken: set[str]) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-") or "squad"
    candidate, n = base, 2
    while candidate in taken:
        candidate, n = f"{base}-{n}", n + 1
    taken.add(candidate)
    return candidate


def _points(value: str, number: int) -> int:
    digits = value.replace(",", "").replace("pts", "").replace("points", "").strip()
    if not digits.isdigit():
        raise RosterInputError(f"line {number}: the points limit {value!r} is not a whole number")
    return int(digits)


def read_roster_text(text: str) -> DropzoneRoster:
    """The typed army (see the module's docstring); RosterInputError names the line."""
    header: dict[str, tuple[str, int]] = {}
    section = "squads"
    squads: list[Squad] = []
    parents: list[tuple[int, str]] = []  # (indent, squad id): the Squads a new line may ride in
    ids: set[str] = set()
    commanders: list[tuple[str, int]] = []
    cards: list[CardEntry] = []
    deck_given = False
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        heading = stripped.rstrip(":").strip().casefold()
        if stripped.endswith(":") and heading in _SECTION:
            section = _SECTION[heading]
            deck_given = deck_given or section == "cards"
            continue
        if match := _HEADER.match(stripped):
            key = match.group(1).casefold()
            key = {"points limit": "points", "game size": "scale"}.get(key, key)
            header[key] = (match.group(2).strip(), number)
            continue
        if stripped.casefold().startswith("commander:"):
            commanders.append((stripped.split(":", 1)[1].strip(), number))
            continue
        line = _BULLET.sub("", stripped)
        where = f"line {number}"
        if section == "commanders":
            commanders.append((line, number))
        elif section == "cards":
            if match := _COUNT_FIRST.match(line):
                copies, name = int(match.group(1)), match.group(2)
            elif match := _COUNT_LAST.match(line):
                name, copies = match.group(1), int(match.group(2))
            else:
                name, copies = line, 1
            if copies < 1:
                raise RosterInputError(f"{where}: {line!r} has no copies")
            cards.append(CardEntry(name.strip(), copies, where))
        else:
            found = _SQUAD.match(line)
            if found is None:
                raise RosterInputError(
                    f"{where}: {line!r} is not a Squad line; write the number of Units first, "
                    "e.g. '3x Sabre' (upgrades in brackets after the name)"
                )
            models = int(found.group(1))
            if models < 1:
                raise RosterInputError(f"{where}: {line!r} has no Units")
            indent = _indent(raw)
            while parents and parents[-1][0] >= indent:
                parents.pop()
            upgrades = tuple(UpgradeChoice(u.strip()) for u in (found.group(3) or "").split(",") if u.strip())
            name = found.group(2).strip()
            squad = Squad(
                id=_squad_id(name, ids),
                name=name,
                models=models,
                where=where,
                upgrades=upgrades,
                aboard=parents[-1][1] if parents else None,
            )
            squads.append(squad)
            parents.append((indent, squad.id))
    for key, label in (("player", "Player"), ("faction", "Faction"), ("points", "Points")):
        if not header.get(key, ("", 0))[0]:
            raise RosterInputError(f"the army needs a '{label}:' line (the points limit: {GAME_SIZE})")
    points_text, points_line = header["points"]
    points = _points(points_text, points_line)
    if points < MIN_POINTS:
        raise RosterInputError(
            f"line {points_line}: the points limit must be at least {MIN_POINTS} ({GAME_SIZE})"
        )
    size = size_for(points)
    if size is None:  # cannot happen from 501 up; kept as a clear error
        raise RosterInputError(f"line {points_line}: {points} points is in no game size")
    if "scale" in header:
        scale_text, scale_line = header["scale"]
        named = size_named(scale_text.casefold())
        if named is None or named != size:
            raise RosterInputError(
                f"line {scale_line}: {points} points is a {size.name} game, not {scale_text!r} ({GAME_SIZE})"
            )
    if not squads:
        raise RosterInputError("the army has no Squads: one a line, e.g. '4x Main Battle Tank'")
    by_name: dict[str, str] = {}
    for squad in squads:
        by_name.setdefault(name_key(squad.name), squad.id)
    chosen = tuple(_commander(text_, number, by_name) for text_, number in commanders)
    check_aboard(tuple(squads))
    return DropzoneRoster(
        player=header["player"][0],
        faction=header["faction"][0],
        points=points,
        size=size,
        squads=tuple(squads),
        commanders=chosen,
        cards=tuple(cards) if deck_given or cards else None,
    )


def _commander(text: str, number: int, squads: Mapping[str, str]) -> CommanderChoice:
    where = f"line {number}"
    found = _COMMANDER.match(text.strip())
    if found is None or not text.strip():
        raise RosterInputError(
            f"{where}: a Commander line is 'Level 5 with <Squad>' or '<Name> with <Squad>'"
        )
    level, name, squad_name = found.group(1), found.group(2), found.group(3)
    squad = None
    if squad_name is not None:
        squad = squads.get(name_key(squad_name))
        if squad is None:
            raise RosterInputError(f"{where}: no Squad of the army is called {squad_name.strip()!r}")
    if level is not None:
        return CommanderChoice(where=where, level=int(level), squad=squad)
    assert name is not None
    return CommanderChoice(where=where, name=name.strip(), squad=squad)


def roster_to_document(roster: DropzoneRoster) -> dict[str, Any]:
    """The roster as roster/1 (docs/interchange.md); `read_roster` reads it back unchanged."""
    units: list[dict[str, Any]] = []
    for squad in roster.squads:
        unit: dict[str, Any] = {"id": squad.id, "name": squad.name, "models": squad.models}
        if squad.upgrades:
            unit["upgrades"] = [
                u.name if u.variant is None else {"name": u.name, "variant": u.variant}
                for u in squad.upgrades
            ]
        if squad.variants:
            unit["variants"] = dict(squad.variants)
        if squad.aboard is not None:
            unit["aboard"] = squad.aboard
        units.append(unit)
    commanders: list[dict[str, Any]] = []
    for commander in roster.commanders:
        entry: dict[str, Any] = (
            {"level": commander.level} if commander.level is not None else {"name": commander.name}
        )
        if commander.squad is not None:
            entry["squad"] = commander.squad
        commanders.append(entry)
    doc: dict[str, Any] = {
        "format": ROSTER_FORMAT,
        "game_system": SLUG,
        "player": roster.player,
        "faction": roster.faction,
        "points": roster.points,
        "scale": roster.size.slug,
        "units": units,
        "commanders": commanders,
    }
    if roster.cards is not None:
        doc["cards"] = [{"name": c.name, "copies": c.copies} for c in roster.cards]
    return doc


def read_any(content: str | Mapping[str, Any]) -> DropzoneRoster:
    """roster/1 (text starting with `{`, or already decoded) or the typed army."""
    from rules_engine.roster_check import roster_document

    if isinstance(content, Mapping):
        return roster_from_document(content)
    doc = roster_document(content, kind="roster", error=RosterInputError)
    return roster_from_document(doc) if doc is not None else read_roster_text(content)
