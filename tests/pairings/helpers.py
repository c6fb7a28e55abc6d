"""Small builders for pairing tests: entrants by hand, event/1 files by hand, simulated fields."""

from __future__ import annotations

import random
from typing import Any

from benchmarks.fields import record_random_results
from pairings.engine import Entrant, Overrides, Pairing, PairingRequest, TableSpec, pair_round


def entrant(
    pid: str, mp: int = 0, *, byes: int = 0, met: str = "", tables: str = "", spare: bool = False
) -> Entrant:
    """`met` and `tables` are space-separated ids and table numbers, to keep hand-worked cases short."""
    return Entrant(
        pid,
        mp=mp,
        byes=byes,
        opponents=frozenset(met.split()),
        tables=frozenset(int(t) for t in tables.split()),
        spare=spare,
    )


def request(
    *entrants: Entrant, number: int = 2, tables: int | None = None, seed: int = 0, **kw: Any
) -> PairingRequest:
    specs = None if tables is None else tuple(TableSpec(n) for n in range(1, tables + 1))
    overrides = kw.pop("overrides", Overrides())
    return PairingRequest(number, tuple(entrants), tables=specs, seed=seed, overrides=overrides, **kw)


def games_of(pairing: Pairing) -> set[frozenset[str]]:
    return {frozenset(g.players) for g in pairing.games if not g.is_bye}


def bye_of(pairing: Pairing) -> str | None:
    byes = [g.players[0] for g in pairing.games if g.is_bye]
    return byes[0] if byes else None


def event(players: list[dict[str, Any]], rounds: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "format": "event/1",
        "name": "Test Event",
        "game_system": "starcraft-tmg",
        "scale": "standard",
        "kind": kw.pop("kind", "community"),
        "players": players,
        "rounds": rounds,
    }
    doc.update(kw)
    return doc


def simulate(n: int, rounds: int, *, seed: int = 1, tables: int | None = None) -> list[Entrant]:
    """A Swiss field after `rounds` rounds paired by the engine with random results."""
    rng = random.Random(seed)
    field = {f"p{i}": Entrant(f"p{i}") for i in range(n)}
    specs = tuple(TableSpec(t) for t in range(1, (tables or n // 2 + 1) + 1))
    for number in range(1, rounds + 1):
        pairing = pair_round(PairingRequest(number, tuple(field.values()), tables=specs, seed=number))
        record_random_results(field, pairing.games, rng)
    return list(field.values())
