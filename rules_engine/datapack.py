"""Reading `datapack/1` files of any game system: the envelope every pack shares.

docs/interchange.md: every pack has `format`, `game_system`, `effective`, `source`,
`sample`, `factions` and `decisions`; entries carry `name`, optional `aliases`, and
`faction`. A TO may hand in a pack, so every problem names where it is: a JSON path for
a value, the line and column for broken JSON. A system's own pack module checks its
entries with these helpers.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules_engine import strict_json
from rules_engine.names import name_key

FORMAT = "datapack/1"


class PackError(ValueError):
    """The pack cannot be used; the message says where (a JSON path or a line)."""


def fail(where: str, problem: str) -> PackError:
    return PackError(f"{where}: {problem}")


def decode(text: str) -> Any:
    """JSON text to data (a byte-order mark is allowed); a syntax error names line and column."""
    try:
        return strict_json.loads(text.lstrip("\ufeff"))
    except json.JSONDecodeError as exc:
        raise PackError(f"line {exc.lineno}, column {exc.colno}: {exc.msg}") from None


def read_file(path: Path) -> Any:
    """A pack file's decoded JSON; reading and syntax problems name the file."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise PackError(f"{path.name}: cannot be read ({exc})") from None
    return decode(text)


def text_field(raw: Mapping[str, Any], key: str, where: str, *, required: bool = True) -> str:
    value = raw.get(key, None if required else "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise fail(f"{where}.{key}", "must be a non-empty string" if required else "must be a string")
    return value


def whole(raw: Mapping[str, Any], key: str, where: str, *, minimum: int = 0) -> int:
    value = raw.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise fail(f"{where}.{key}", f"must be a whole number of at least {minimum}")
    return value


def name_list(raw: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = raw.get(key, [])
    if not isinstance(value, list) or not all(isinstance(a, str) and a.strip() for a in value):
        raise fail(f"{where}.{key}", "must be a list of names")
    return tuple(value)


def object_list(
    data: Mapping[str, Any], key: str, *, required: bool = True, where: str = ""
) -> list[Mapping[str, Any]]:
    """A list of objects under `key` (of the object at `where`), each checked to be an object."""
    path = f"{where}.{key}" if where else key
    value = data.get(key, None if required else [])
    if not isinstance(value, list) or (required and not value):
        raise fail(path, "must be a non-empty list" if required else "must be a list")
    for i, item in enumerate(value):
        if not isinstance(item, Mapping):
            raise fail(f"{path}[{i}]", "must be an object")
    return value


@dataclass(frozen=True)
class Envelope:
    """What every pack carries, checked; `factions` maps every name key to its printed name."""

    game_system: str
    effective: str
    source: str
    sample: bool
    faction_names: tuple[str, ...]
    factions: Mapping[str, str]
    decisions: tuple[Mapping[str, Any], ...]

    def faction(self, raw: Mapping[str, Any], where: str) -> str:
        """The printed faction an entry names; an error if the pack declares no such faction."""
        name = text_field(raw, "faction", where)
        found = self.factions.get(name_key(name))
        if found is None:
            raise fail(f"{where}.faction", f"{name!r} is not one of the pack's factions")
        return found


def envelope(data: Any, game_system: str) -> Envelope:
    """Check the shared top-level keys of a pack for `game_system`."""
    if not isinstance(data, Mapping):
        raise PackError("the pack must be a JSON object")
    if data.get("format") != FORMAT:
        raise fail("format", f"must be {FORMAT!r}")
    if data.get("game_system") != game_system:
        raise fail("game_system", f"must be {game_system!r} for this pack")
    factions: dict[str, str] = {}
    for i, raw in enumerate(object_list(data, "factions")):
        name = text_field(raw, "name", f"factions[{i}]")
        for key in (name, *name_list(raw, "aliases", f"factions[{i}]")):
            factions[name_key(key)] = name
    decisions = data.get("decisions", [])
    return Envelope(
        game_system=game_system,
        effective=str(data.get("effective", "")),
        source=str(data.get("source", "")),
        sample=bool(data.get("sample", False)),
        faction_names=tuple(dict.fromkeys(factions.values())),
        factions=factions,
        decisions=tuple(d for d in decisions if isinstance(d, Mapping))
        if isinstance(decisions, list)
        else (),
    )


def index_names(entries: Any, names: Any, where: str) -> dict[str, Any]:
    """Map every name and alias key to its entry; two entries may not share a key."""
    found: dict[str, Any] = {}
    for i, (entry, keys) in enumerate(zip(entries, names, strict=True)):
        for key in {name_key(k) for k in keys}:
            if key in found:
                raise fail(f"{where}[{i}]", f"{keys[0]!r} clashes with another entry: names must differ")
            found[key] = entry
    return found


# The envelope's keys (docs/interchange.md); every other list of named entries is content.
_ENVELOPE = ("format", "game_system", "effective", "source", "sample", "factions", "decisions")


@dataclass(frozen=True, slots=True)
class EntryList:
    """One list of a pack's entries as a reader sees it: its key, and each entry's name
    under the faction it belongs to ("" for entries of no faction)."""

    key: str
    by_faction: tuple[tuple[str, tuple[str, ...]], ...]

    @property
    def label(self) -> str:
        return self.key.replace("_", " ").capitalize()

    @property
    def count(self) -> int:
        return sum(len(names) for _, names in self.by_faction)


def entry_lists(document: Mapping[str, Any]) -> tuple[EntryList, ...]:
    """What a pack lists, for a page that shows it to players whatever the game: every
    top-level list of named entries outside the envelope, in the pack's order, each
    entry's name grouped by its `faction`."""
    lists = []
    for key, value in document.items():
        if key in _ENVELOPE or not isinstance(value, list):
            continue
        groups: dict[str, list[str]] = {}
        for entry in value:
            if isinstance(entry, Mapping) and isinstance(entry.get("name"), str):
                faction = entry.get("faction")
                groups.setdefault(faction if isinstance(faction, str) else "", []).append(entry["name"])
        if groups:
            lists.append(EntryList(key, tuple((f, tuple(names)) for f, names in groups.items())))
    return tuple(lists)
