"""How long the standings engine takes on a big and a typical event (pure Python, no database).

Targets: 4,096 players x 9 rounds under 0.5 s; 128 players x 5 rounds under 10 ms.
The events are seeded and Swiss-like: players paired within their MP group, one bye when
the count is odd, a few concessions, no-shows, Game Losses, double no-shows and drops.
Only the standings computation is timed (median of several runs), as CPU time (the verdict)
and wall-clock time (which a busy machine inflates).
"""

from __future__ import annotations

import random
import statistics
import time

from standings import standings_for_event
from standings.records import EventFile, EventGame, EventPlayer, EventRound

CASES = ((4096, 9, 0.5, 5), (128, 5, 0.010, 51))  # players, rounds, target seconds, runs


def make_event(players: int, rounds: int, seed: int = 2026) -> EventFile:
    rng = random.Random(seed)
    ids = [f"p{i}" for i in range(1, players + 1)]
    mp = dict.fromkeys(ids, 0)
    dropped: dict[str, int] = {}
    event_rounds = []
    for number in range(1, rounds + 1):
        active = [p for p in ids if p not in dropped]
        rng.shuffle(active)
        active.sort(key=lambda p: -mp[p])  # stable: random order within an MP group
        games = []
        if len(active) % 2:
            games.append(EventGame(players=(active.pop(),), outcome="bye"))
            mp[games[-1].players[0]] += 3
        for table, i in enumerate(range(0, len(active), 2), start=1):
            a, b = active[i], active[i + 1]
            roll = rng.random()
            if roll < 0.91:
                vp = (rng.randint(0, 20), rng.randint(0, 20))
                game = EventGame(players=(a, b), vp=vp, table=table)
                if vp[0] == vp[1] or abs(vp[0] - vp[1]) <= 2:
                    mp[a] += 1
                    mp[b] += 1
                else:
                    mp[a if vp[0] > vp[1] else b] += 3
            elif roll < 0.99:
                outcome = rng.choice(["concession", "no-show", "game-loss"])
                loser = rng.choice((a, b))
                game = EventGame(players=(a, b), outcome=outcome, loser=loser, table=table)
                mp[b if loser == a else a] += 3
            else:
                game = EventGame(players=(a, b), outcome="double-no-show", table=table)
            games.append(game)
        event_rounds.append(EventRound(number=number, games=tuple(games)))
        for p in ids:
            if p not in dropped and number < rounds and rng.random() < 0.02:
                dropped[p] = number
    return EventFile(
        name=f"Benchmark {players}x{rounds}",
        game_system="starcraft-tmg",
        scale="standard",
        kind="competitive",
        tables=(),
        players=tuple(EventPlayer(id=p, name=f"Player {p}", dropped_after_round=dropped.get(p)) for p in ids),
        rounds=tuple(event_rounds),
        extra={"planned_rounds": rounds},
    )


def time_standings(event: EventFile, runs: int) -> tuple[float, float]:
    """Median wall-clock and median CPU seconds; CPU time is what a busy machine can't inflate."""
    wall, cpu = [], []
    for _ in range(runs):
        start_wall, start_cpu = time.perf_counter(), time.process_time()
        standings_for_event(event)
        wall.append(time.perf_counter() - start_wall)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(wall), statistics.median(cpu)


def run() -> None:
    for players, rounds, target, runs in CASES:
        event = make_event(players, rounds)
        standings_for_event(event)  # warm-up: imports, registry
        wall, cpu = time_standings(event, runs)
        # Judged on CPU time: on a shared machine the wall clock also counts other processes.
        verdict = "ok" if cpu < target else "SLOW"
        print(
            f"standings {players} players x {rounds} rounds: {cpu * 1000:.1f} ms CPU, "
            f"{wall * 1000:.1f} ms wall (target < {target * 1000:.0f} ms, median of {runs}) {verdict}",
            flush=True,
        )


if __name__ == "__main__":
    run()
