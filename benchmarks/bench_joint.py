"""Seating chosen with the games (pairings/engine/joint.py) on small hard events, timed.

Among the pairings optimal on criteria 1-5, choose one whose seating repeats the
fewest tables, exactly, for events up to at least 40 players, in under 2 s. The events
here are the hard kind the issue names: drops, a playing Head Judge (a spare), table
numbers with gaps, and exactly as many tables as games, so every table is used every
round and repeats are hard to avoid; players from 13 up to the joint limit (42).

For each size, events are played up to their last round through the engine itself
(random results) until SEEDS last rounds are found on which the joint choice runs at all
(elsewhere the games matched first already seat as well as a lower bound allows, and
nothing more is done); those rounds are paired. Timed in process (the scipy/HiGHS import
is paid once, before timing, and reported apart): `pair_round` with the joint choice,
beside the yardstick `pair_round` with it turned off (the games matched first, then
seated), and the tables each leaves repeated.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from benchmarks.fields import record_random_results
from pairings.engine import Entrant, PairingRequest, TableSpec, pair_round
from pairings.engine import joint as joint_module
from pairings.engine import pairing as pairing_module

SIZES = (14, 22, 30, 40, 42)
SEEDS = 12
SCAN = 400  # events tried per size to find SEEDS hard last rounds
TARGET_SECONDS = 2.0


def hard_event(players: int, seed: int) -> PairingRequest:
    """The last round's request: `players` regulars (some drop) and a playing Head Judge."""
    rng = random.Random(seed * 1009 + players)
    field = {f"p{i}": Entrant(f"p{i}") for i in range(players)}
    field["HJ"] = Entrant("HJ", spare=True)
    games = (players + 1) // 2
    numbers = sorted(rng.sample(range(1, 2 * games + 4), games))
    rounds = rng.randint(4, 7)
    dropped: set[str] = set()
    for number in range(1, rounds + 2):
        active = tuple(e for e in field.values() if e.id not in dropped)
        regulars = sum(1 for e in active if not e.spare)
        specs = tuple(TableSpec(t) for t in numbers[: (regulars + 1) // 2])
        request = PairingRequest(number, active, tables=specs, seed=number)
        if number == rounds + 1:
            return request
        record_random_results(field, pair_round(request).games, rng)
        dropped |= {e.id for e in field.values() if not e.spare and rng.random() < 0.06}
    raise AssertionError("unreachable")


def _timed(request: PairingRequest) -> tuple[float, float, int]:
    wall, cpu = time.perf_counter(), time.process_time()
    pairing = pair_round(request)
    return time.perf_counter() - wall, time.process_time() - cpu, pairing.report.objective.table_repeats


def _spread(values: list[float]) -> str:
    return f"{statistics.median(values):.3f} s ({min(values):.3f}-{max(values):.3f})"


def _plain(request: PairingRequest) -> tuple[float, float, int]:
    """The yardstick: the games matched first, then seated (the joint choice turned off)."""
    limit = joint_module.JOINT_MAX
    joint_module.JOINT_MAX = -1
    try:
        return _timed(request)
    finally:
        joint_module.JOINT_MAX = limit


def _runs_the_joint_choice(request: PairingRequest) -> bool:
    """Whether pairing `request` calls the integer program: only when the games matched first
    seat with more repeats than a lower bound proves necessary (pairings/engine/pairing.py)."""
    called = []
    real = pairing_module.__dict__["choose_jointly"]

    def spy(*args: Any, **kwargs: Any) -> Any:
        called.append(True)
        return real(*args, **kwargs)

    pairing_module.__dict__["choose_jointly"] = spy
    try:
        pair_round(request)
    finally:
        pairing_module.__dict__["choose_jointly"] = real
    return bool(called)


def hard_rounds(players: int) -> tuple[list[PairingRequest], int]:
    """SEEDS last rounds on which the joint choice runs (on the others the first seating is
    already provably best and nothing more is done), and how many events were tried."""
    found: list[PairingRequest] = []
    tried = 0
    while len(found) < SEEDS and tried < SCAN:
        request = hard_event(players, tried)
        tried += 1
        if _runs_the_joint_choice(request):
            found.append(request)
    return found, tried


def run() -> None:
    started = time.perf_counter()
    from scipy.optimize import milp  # noqa: F401  (the import a first joint choice pays)

    print(
        "scipy.optimize import (paid once per process, by the first joint choice): "
        f"{time.perf_counter() - started:.3f} s",
        flush=True,
    )
    worst = 0.0
    for players in SIZES:
        requests, tried = hard_rounds(players)
        joint_wall, joint_cpu, plain_cpu = [], [], []
        saved = before = 0
        for request in requests:
            wall, cpu, repeats = _timed(request)
            plain = _plain(request)
            joint_wall.append(wall)
            joint_cpu.append(cpu)
            plain_cpu.append(plain[1])
            assert repeats <= plain[2], "the joint choice is never worse than seating after matching"
            saved += plain[2] - repeats
            before += plain[2]
        if not requests:
            print(f"joint {players:>2} players: the joint choice ran on none of {tried} events", flush=True)
            continue
        worst = max(worst, max(joint_wall))
        ratio = statistics.median(joint_cpu) / statistics.median(plain_cpu)
        print(
            f"joint {players:>2} players + a playing HJ, {len(requests)} hard last rounds of {tried} events: "
            f"wall {_spread(joint_wall)}, CPU {_spread(joint_cpu)}; matched-then-seated "
            f"{_spread(plain_cpu)} CPU ({ratio:.1f}x); repeats {before - saved} (else {before})",
            flush=True,
        )
    verdict = "ok" if worst < TARGET_SECONDS else "SLOW"
    print(
        f"joint choice, slowest round of all: {worst:.3f} s wall (target < {TARGET_SECONDS} s): {verdict}",
        flush=True,
    )
