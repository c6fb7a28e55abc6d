"""Whole-process seconds of the offline commands, side by side with their yardsticks.

What a TO waits for is the whole process: interpreter, Django set-up, imports, reading
the file, the work, printing. Each command runs as its own process; the runs are
interleaved (one of each in turn, ROUNDS times) so that a busy machine slows every side
alike, and the medians are compared, with the spread (min-max) beside them, as wall
clock and as CPU seconds (user + system, which other processes cannot inflate).

Yardsticks: `manage.py help` (Django's own start-up with the full project: the floor
any command pays) and PyPI's `swisspair` (C++) pairing the same event file in its own
process (benchmarks/swisspair_pair.py). Each side's own floor is measured too: both
pairing a two-player event with no rounds, which costs the interpreter, the imports and
reading a file, and next to nothing else; while `pair`'s floor alone is above
swisspair's whole run at 512 players, no change to the pairing itself can beat the peer
there (docs/pairing.md, "Whole process against swisspair").

Targets: `pair` at 512 players <= 0.5 s and at 4,096 <= 1.0 s, and faster
than swisspair at both; `validate_roster` <= 0.35 s; `standings` at 4,096 <= 0.6 s.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.bench_pairing import generate
from benchmarks.bench_standings import make_event
from rules_engine.systems.starcraft_tmg import EXAMPLES_DIR
from standings.eventfile import event_to_json

ROOT = Path(__file__).resolve().parent.parent
ROUNDS = 7
TARGETS = {"pair 512": 0.5, "pair 4096": 1.0, "validate_roster": 0.35, "standings 4096": 0.6}


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    cpu0, wall0 = _children_cpu(), time.perf_counter()
    done = subprocess.run(
        argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False
    )
    wall, cpu = time.perf_counter() - wall0, _children_cpu() - cpu0
    if done.returncode not in (0, 1):  # validate_roster exits 1 for an illegal roster
        raise RuntimeError(f"{' '.join(argv)} failed: {done.stderr.decode()[-300:]}")
    return wall, cpu


def _line(label: str, values: list[float]) -> str:
    return f"{statistics.median(values):.3f} s ({min(values):.3f}-{max(values):.3f})"


def run() -> None:
    python = sys.executable
    manage = str(ROOT / "manage.py")
    # The commands choose their own settings, as they do for a TO; the harness's don't leak in.
    # Nor does PYTHONDONTWRITEBYTECODE (set on some machines, this one included): a TO's
    # installation caches the compiled modules on its first run, so the untimed warm-up run
    # below writes them and every timed run reads them, as a TO's second run does.
    hidden = {"DJANGO_SETTINGS_MODULE", "PYTHONDONTWRITEBYTECODE"}
    env = {k: v for k, v in os.environ.items() if k not in hidden}
    with tempfile.TemporaryDirectory() as tmp:
        files = {}
        for players, rounds in ((2, 0), (512, 6), (4096, 8)):
            path = Path(tmp) / f"event-{players}.json"
            path.write_text(json.dumps(event_to_json(generate(players, rounds))))
            files[players] = str(path)
        standings_file = Path(tmp) / "standings-4096.json"
        standings_file.write_text(json.dumps(event_to_json(make_event(4096, 9))))
        roster = str(EXAMPLES_DIR / "raynors-raiders-9-1-7.json")
        swisspair_script = str(ROOT / "benchmarks" / "swisspair_pair.py")
        commands = {
            "help (floor)": [python, manage, "help"],
            "pair 2 (floor)": [python, manage, "pair", files[2], "--json"],
            "swisspair 2 (floor)": [python, swisspair_script, files[2]],
            "pair 512": [python, manage, "pair", files[512], "--json"],
            "swisspair 512": [python, swisspair_script, files[512]],
            "pair 4096": [python, manage, "pair", files[4096], "--json"],
            "swisspair 4096": [python, swisspair_script, files[4096]],
            "validate_roster": [python, manage, "validate_roster", roster, "--json"],
            "standings 4096": [python, manage, "standings", str(standings_file), "--json"],
        }
        walls: dict[str, list[float]] = {k: [] for k in commands}
        cpus: dict[str, list[float]] = {k: [] for k in commands}
        for argv in commands.values():  # warm the file and bytecode caches once, untimed
            _run(argv, env)
        for _ in range(ROUNDS):
            for label, argv in commands.items():
                wall, cpu = _run(argv, env)
                walls[label].append(wall)
                cpus[label].append(cpu)
    print(f"whole process, median of {ROUNDS} interleaved runs (min-max); wall clock | CPU", flush=True)
    for label in commands:
        target = TARGETS.get(label)
        verdict = ""
        if target is not None:
            verdict = (
                f"  target <= {target} s: {'ok' if statistics.median(walls[label]) <= target else 'SLOW'}"
            )
        print(
            f"  {label:<20} {_line(label, walls[label])} | {_line(label, cpus[label])}{verdict}", flush=True
        )
    ours_floor = statistics.median(walls["pair 2 (floor)"])
    peer_floor = statistics.median(walls["swisspair 2 (floor)"])
    print(
        f"  floors: pair 2 / swisspair 2: {ours_floor / peer_floor:.2f}x; pair's floor / swisspair 512's "
        f"whole run: {ours_floor / statistics.median(walls['swisspair 512']):.2f}x",
        flush=True,
    )
    for size in (512, 4096):
        ours, peer = walls[f"pair {size}"], walls[f"swisspair {size}"]
        ratio = statistics.median(ours) / statistics.median(peer)
        cpu_ratio = statistics.median(cpus[f"pair {size}"]) / statistics.median(cpus[f"swisspair {size}"])
        print(
            f"  pair {size} / swisspair {size}: {ratio:.2f}x wall, {cpu_ratio:.2f}x CPU "
            f"({'faster' if ratio < 1 else 'SLOWER'} than the peer)",
            flush=True,
        )
    floor = statistics.median(walls["help (floor)"])
    for label in ("pair 512", "pair 4096", "validate_roster", "standings 4096"):
        print(
            f"  {label} / help: {statistics.median(walls[label]) / floor:.2f}x the start-up floor", flush=True
        )


if __name__ == "__main__":
    run()
