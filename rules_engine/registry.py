"""The table of game systems: collected from Python entry points, looked up by slug.

A game system is a package that builds one `rules_engine.game_system.GameSystem` and names
it in an entry point of the group `muster.game_systems`, under its slug (pyproject.toml:
`[project.entry-points."muster.game_systems"]`, the way pretix finds its plug-ins). The
four built-in systems are found the same way as one installed from elsewhere, so a fifth
system is a package and an entry point, and no line here or anywhere else in the core
names it (docs/game-systems.md, "Adding a game system").

Only collecting and looking up happens here: the contract is `rules_engine.game_system`,
the event-level checks of a roster are `rules_engine.verdict`, above this module.

Lazy: `get_system(slug)` loads that one system's entry point alone, so `pair` and
`standings` on a file of one system import one system's rules, not every installed one
(a fifth of their start-up); anything that lists or guesses systems loads them all.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from importlib import import_module

from rules_engine.game_system import GameSystem
from rules_engine.names import name_key

GROUP = "muster.game_systems"


@dataclass(frozen=True)
class EntryPoint:
    """One entry point of GROUP: `name` the system's slug, `value` "module:attribute"."""

    name: str
    value: str

    def load(self) -> object:
        module, _, attribute = self.value.partition(":")
        found: object = import_module(module.strip())
        for part in attribute.strip().split(".") if attribute.strip() else ():
            found = getattr(found, part)
        return found


_METADATA = re.compile(r"^(?P<name>[^-]+?)(-[^/]*)?\.(dist|egg)-info$")


def installed_entry_points() -> dict[str, EntryPoint]:
    """The entry points of GROUP of every distribution on sys.path, by name.

    What `importlib.metadata.entry_points(group=GROUP)` answers (a test holds the two side
    by side), read from each distribution's `entry_points.txt` directly: importing
    `importlib.metadata` (and the email parser it loads) adds about 20 ms to every `pair`
    and `standings` run (`python -X importtime manage.py pair FILE`), which never use the
    rest of it. As there, a distribution found twice on sys.path counts once, where it is
    first found.
    """
    points: dict[str, EntryPoint] = {}
    seen: set[str] = set()
    for folder in sys.path:
        try:
            names = sorted(os.listdir(folder or "."))
        except OSError:
            continue
        for name in names:
            found = _METADATA.match(name)
            if found is None:
                continue
            distribution = re.sub(r"[-_.]+", "_", found.group("name")).lower()
            if distribution in seen:
                continue
            seen.add(distribution)
            for point in _read_entry_points(os.path.join(folder or ".", name, "entry_points.txt")):
                points.setdefault(point.name, point)
    return points


def _read_entry_points(path: str) -> list[EntryPoint]:
    """GROUP's entries of one `entry_points.txt` (an INI file: `[group]`, `name = value`)."""
    try:
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except OSError:
        return []
    group = None
    points = []
    for line in lines:
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            group = line[1:-1].strip()
        elif group == GROUP and "=" in line:
            name, _, value = line.partition("=")
            points.append(EntryPoint(name.strip(), value.strip()))
    return points


class UnknownGameSystem(LookupError):
    """No installed game system has this slug (or name)."""


_SYSTEMS: dict[str, GameSystem] = {}
# The entry points of GROUP, by name (the slug), read once per process: reading every
# installed distribution's metadata is the slow part, and what is installed does not
# change under a running process (a test that installs a system calls `rescan`).
_points: dict[str, EntryPoint] | None = None
_all_loaded = False


def _entry_points() -> dict[str, EntryPoint]:
    global _points
    if _points is None:
        _points = installed_entry_points()
    return _points


def register(system: GameSystem) -> GameSystem:
    """Put a system in the table by hand (a system built in a test); an installed system is
    found through its entry point and needs no call."""
    known = _SYSTEMS.get(system.slug)
    if known is not None and known is not system:
        raise ValueError(f"game system {system.slug!r} registered twice")
    _SYSTEMS[system.slug] = system
    return system


def _load(point: EntryPoint) -> GameSystem:
    system = point.load()
    if not isinstance(system, GameSystem):
        raise TypeError(
            f"entry point {point.name!r} of {GROUP} names {point.value}, which is not a GameSystem"
        )
    if system.slug != point.name:
        # The slug is how events, files and this lookup name a system: one name for both.
        raise ValueError(
            f"entry point {point.name!r} of {GROUP} names a system whose slug is {system.slug!r}"
        )
    return register(system)


def _load_all() -> None:
    global _all_loaded
    if _all_loaded:
        return
    for name, point in _entry_points().items():
        if name not in _SYSTEMS:
            _load(point)
    _all_loaded = True


def rescan() -> None:
    """Read the installed entry points again (after installing a system into a running
    process, as the test of an installed system does); systems already loaded stay."""
    global _points, _all_loaded
    _points = None
    _all_loaded = False


def forget(slug: str) -> None:
    """Drop a system from the table (a test's own system, once the test is over)."""
    _SYSTEMS.pop(slug, None)


def get_system(slug: str) -> GameSystem:
    found = _SYSTEMS.get(slug)
    if found is not None:
        return found
    point = _entry_points().get(slug)
    if point is not None:
        return _load(point)
    known = ", ".join(sorted({*_SYSTEMS, *_entry_points()}))
    raise UnknownGameSystem(f"unknown game system {slug!r} (known: {known})")


def system_named(value: str) -> GameSystem:
    """A system by slug or by its name as a person writes it ("Game: Dropzone Commander")."""
    _load_all()
    wanted = name_key(value)
    for system in _SYSTEMS.values():
        if value.strip() == system.slug or wanted in (name_key(system.slug), name_key(system.name)):
            return system
    return get_system(value.strip())


def all_systems(*, events_only: bool = False) -> list[GameSystem]:
    """Every installed system by name; with `events_only`, those the web app can run."""
    _load_all()
    systems = sorted(_SYSTEMS.values(), key=lambda system: system.name)
    return [s for s in systems if s.runs_events] if events_only else systems
