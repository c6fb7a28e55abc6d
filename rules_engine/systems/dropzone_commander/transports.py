"""Does the cargo fit its Transport Squad? (DZC 3.2.4, 3.2.4.2; rules D14, D16, D17.)

A Transport Squad is a row of identical Transport Units, each with its hollow symbols
(`holds`); its cargo is every Unit of the Squads aboard it, each with its solid symbols
(two mean "/", either one). "If carrying another Transport, the cargo of the smaller
Transport is ignored" (DZC:290), so a carried Transport counts by its own solid symbol
only. The search is exact: it tries every placement of Units into Transports (identical
empty Transports are tried once), which is small at any real Squad size.

`mix` (DZC:292): "single", one hollow symbol; "either" (a "/" b), one Transport Unit holds
only one shape; "both" (a "+" b), each hold fills on its own. Full (D17, strict reading,
decision DZ-D05): every Transport Unit is filled exactly to its number; for "both", every
hold; an empty Transport Unit is never full.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from rules_engine.names import name_key
from rules_engine.systems.dropzone_commander.pack import Symbol, Unit


class Fit(Enum):
    FULL = "full"  # fits, every Transport Unit exactly full
    FITS = "fits"  # fits, some room left
    INSUFFICIENT = "insufficient"  # no placement fits


@dataclass(frozen=True, slots=True)
class Cargo:
    """One Unit to place: the symbols it may use."""

    options: tuple[Symbol, ...]


def compatible(carrier: Unit, cargo: Unit) -> bool:
    """D14: the carrier has a hollow symbol of a shape the cargo has solid (DZC:288)."""
    shapes = {name_key(h.shape) for h in carrier.holds}
    return any(name_key(c.shape) in shapes for c in cargo.cargo)


def fit(carrier: Unit, transports: int, cargo: Sequence[Cargo]) -> Fit:
    holds = {name_key(h.shape): h.size for h in carrier.holds}
    shapes = tuple(sorted(holds))
    capacity = tuple(holds[s] for s in shapes)
    items = sorted(
        (
            tuple((shapes.index(name_key(o.shape)), o.size) for o in c.options if name_key(o.shape) in holds)
            for c in cargo
        ),
        key=lambda opts: -max((size for _, size in opts), default=0),
    )
    if any(not opts for opts in items):
        return Fit.INSUFFICIENT
    empty = tuple(0 for _ in shapes)
    best = Fit.INSUFFICIENT
    seen: set[tuple[int, tuple[tuple[int, ...], ...]]] = set()

    def full(bins: tuple[tuple[int, ...], ...]) -> bool:
        for load in bins:
            if carrier.mix == "both":
                if load != capacity:
                    return False
            elif not any(load[i] == capacity[i] and load[i] > 0 for i in range(len(shapes))):
                return False
        return True

    def place(index: int, bins: tuple[tuple[int, ...], ...]) -> bool:
        """True once a full placement is found (nothing better exists)."""
        nonlocal best
        key = (index, tuple(sorted(bins)))
        if key in seen:
            return False
        seen.add(key)
        if index == len(items):
            if full(bins):
                best = Fit.FULL
                return True
            best = Fit.FITS
            return False
        tried: set[tuple[int, ...]] = set()
        for b, load in enumerate(bins):
            if load in tried:  # identical Transport Units: one try is enough
                continue
            tried.add(load)
            for shape, size in items[index]:
                if load[shape] + size > capacity[shape]:
                    continue
                if carrier.mix == "either" and any(load[i] for i in range(len(shapes)) if i != shape):
                    continue
                grown = (*load[:shape], load[shape] + size, *load[shape + 1 :])
                if place(index + 1, (*bins[:b], grown, *bins[b + 1 :])):
                    return True
        return False

    place(0, tuple(empty for _ in range(transports)))
    return best
