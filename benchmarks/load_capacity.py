"""The round end as capacity: how many tables a second the stack serves within its p95.

    python -m benchmarks.load_capacity            (or `make bench-load`)

A table at the round's end is four requests: player one opens their page and reports,
player two opens theirs and confirms (benchmarks/load_round_end.py plays them). This
offers a 256-player event's 128 tables at a rising rate (each table starting at a seeded
random moment within 128 / rate seconds) while two spectators per player poll the
pairings and the standings at the pages' own interval, and a Celery worker consumes the
notification tasks, as in production: gunicorn with the repository's configuration
(config/gunicorn.conf.py), PostgreSQL and Redis, all on this machine.

A rate holds when, in each of `--runs` runs, every request kind (the page, the report,
the confirmation, the poll) has its p95 under 200 ms, no request fails and every result
is stored exactly once. The figure is the highest rate that holds (the rates are tried
in order and the search stops at the first that does not). Then the burst: all 128
tables at once, which must complete with no error and every result stored once; its
p95 is a figure, not a target.

Each run starts from a copy of one seeded database (PostgreSQL's `CREATE DATABASE ...
TEMPLATE`: seconds, not a migration, followed by a CHECKPOINT so the copy's pages are not
written out during the run; the user in BENCH_PG_URL needs the right to both) and an
emptied Redis database (`--redis-db`, 15 by default, so nothing else's keys are touched),
with a fresh gunicorn and worker.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.load_round_end import (
    PY,
    ROOT,
    TARGET_P95_MS,
    Stats,
    _database_url,
    _free_port,
    _loopback,
    _ms,
    _psql,
    _wait_ready,
    run_load,
    server_environment,
    verify_stored,
)

KINDS = ("me", "report", "confirm", "poll")
RUN_LIMIT_SECONDS = 240  # one run, start-up included
POLL_SECONDS = 15  # the pairings and standings pages' own interval (tournaments.views.public)


@dataclass(frozen=True)
class Outcome:
    """One run at one rate."""

    rate: float | None  # None: the burst, every table at once
    p95: dict[str, float]  # ms per request kind
    requests: int
    errors: int
    stored_once: bool
    seconds: float  # from the first table's start to the last confirmation

    @property
    def holds(self) -> bool:
        within = all(self.p95.get(kind, 0.0) < TARGET_P95_MS for kind in KINDS)
        return within and not self.errors and self.stored_once

    def line(self) -> str:
        offered = "burst (all at once)" if self.rate is None else f"{self.rate:g} tables/s"
        p95 = ", ".join(f"{kind} {self.p95.get(kind, 0.0):.0f}" for kind in KINDS)
        verdict = "holds" if self.holds else "does not hold"
        return (
            f"{offered:<22} p95 ms: {p95}; {self.requests} requests, {self.errors} errors, "
            f"stored once: {self.stored_once}, {self.seconds:.1f} s; {verdict}"
        )


class Stack:
    """A fresh copy of the seeded database, an emptied Redis database, gunicorn and a worker."""

    def __init__(self, args: argparse.Namespace, server: str, redis: str, template: str, n: int) -> None:
        self.server, self.template = server, template
        self.name = f"{template}_run{n}"
        port = _free_port()
        self.base = f"http://127.0.0.1:{port}"
        self.env = _environment(args, _database_url(server, self.name), redis) | {
            "GUNICORN_BIND": f"127.0.0.1:{port}",
        }
        self.redis = redis
        self.processes: list[subprocess.Popen[bytes]] = []

    def __enter__(self) -> Stack:
        _psql(self.server, f'CREATE DATABASE "{self.name}" TEMPLATE "{self.template}"')
        # PostgreSQL 15 copies a database through its write-ahead log, and a checkpoint
        # writes those pages out later: during the run, as a burst of I/O the stack under
        # test did not cause (one run in three at 10 tables a second had a report's p95 at
        # 217-325 ms, the others 63-176 ms). Written out now, before anything is measured.
        _psql(self.server, "CHECKPOINT")
        _flush(self.redis)
        gunicorn = subprocess.Popen(
            [str(Path(PY).with_name("gunicorn")), "-c", "config/gunicorn.conf.py"], cwd=ROOT, env=self.env
        )
        self.processes.append(gunicorn)
        worker = [str(Path(PY).with_name("celery")), "-A", "config", "worker", "--loglevel=WARNING"]
        worker += ["--pool=solo", "--concurrency=1", "--without-heartbeat", "--without-mingle"]
        # The worker's banner and task lines would bury the figures: kept out of the output.
        quiet = subprocess.DEVNULL
        self.processes.append(subprocess.Popen(worker, cwd=ROOT, env=self.env, stdout=quiet, stderr=quiet))
        _wait_ready(self.base, gunicorn, time.monotonic() + 60)
        return self

    def __exit__(self, *exc: object) -> None:
        for process in self.processes:
            process.send_signal(signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        _psql(self.server, f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


def _environment(args: argparse.Namespace, database_url: str, redis: str) -> dict[str, str]:
    # One key for the seeding and every run: the seeded sessions are signed with it.
    return server_environment(
        database_url=database_url, redis=redis, secret=args.secret, workers=args.workers, threads=args.threads
    )


def _flush(redis: str) -> None:
    import redis as redis_client

    redis_client.Redis.from_url(redis).flushdb()


def _verify(env: dict[str, str], vps: dict[int, tuple[int, int]]) -> bool:
    verdict = verify_stored(env, vps)
    for problem in verdict["problems"][:5]:
        print("  STORED WRONG", problem, flush=True)
    return not verdict["problems"] and verdict["round_status"] == "closed"


def one_run(
    args: argparse.Namespace,
    plan: dict[str, Any],
    server: str,
    redis: str,
    template: str,
    n: int,
    rate: float | None,
) -> Outcome:
    tables = len(plan["tables"])
    load = argparse.Namespace(
        spectators=2 * args.players,
        interval=args.interval,
        warmup=args.warmup,
        after=args.after,
        spread=0.0 if rate is None else tables / rate,
    )
    with Stack(args, server, redis, template, n) as stack:
        stats, reporting, extra = run_load(stack.base, plan, load)
        stored = _verify(stack.env, extra["vps"])
    for error in stats.errors[:5]:
        print("  ERROR", error, flush=True)
    return _outcome(rate, stats, reporting, stored)


def _outcome(rate: float | None, stats: Stats, reporting: float, stored: bool) -> Outcome:
    p95 = {kind: _ms(values, 95) for kind, values in stats.latencies.items() if values}
    requests = sum(len(values) for values in stats.latencies.values())
    return Outcome(rate, p95, requests, len(stats.errors), stored, reporting)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--rates", default="6,8,10,12,14,16", help="tables a second to try, in order")
    parser.add_argument("--runs", type=int, default=3, help="runs a rate must hold in")
    parser.add_argument(
        "--interval", type=float, default=POLL_SECONDS, help="seconds between a spectator's polls"
    )
    parser.add_argument(
        "--warmup", type=float, default=POLL_SECONDS, help="seconds of polling before the tables"
    )
    parser.add_argument("--after", type=float, default=2.0, help="seconds of polling after the last table")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--redis-db", type=int, default=15)
    parser.add_argument("--no-burst", action="store_true", help="skip the all-at-once run")
    args = parser.parse_args(argv)
    args.secret = "load-benchmark-only-" + secrets.token_hex(16)
    rates = [float(r) for r in args.rates.split(",") if r.strip()]
    if args.players % 2 or not 2 <= args.players <= 512 or not rates or min(rates) <= 0 or args.runs < 1:
        parser.error("--players: an even number from 2 to 512; --rates: positive numbers; --runs: 1 or more")
    server = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    redis = f"redis://127.0.0.1:6379/{args.redis_db}"
    for url in (server, redis):
        _loopback(url)
    template = f"muster_capacity_{os.getpid()}"
    env = _environment(args, _database_url(server, template), redis)
    _psql(server, f'CREATE DATABASE "{template}"')
    try:
        started = time.perf_counter()
        with tempfile.TemporaryDirectory(prefix="muster-capacity-") as tmp:
            plan_file = Path(tmp) / "plan.json"
            subprocess.run([PY, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
            subprocess.run(
                [PY, "-m", "benchmarks.load_round_end", "_seed", str(args.players), str(plan_file)],
                cwd=ROOT,
                env=env,
                check=True,
            )
            plan = json.loads(plan_file.read_text())
        print(
            f"{args.players} players ({len(plan['tables'])} tables), {2 * args.players} spectators polling "
            f"every {args.interval:g} s, gunicorn {args.workers} workers x {args.threads} threads, one "
            f"Celery worker; seeded in {time.perf_counter() - started:.0f} s; {os.cpu_count()} CPUs, load "
            f"average {os.getloadavg()[0]:.2f}",
            flush=True,
        )
        return _search(args, plan, server, redis, template, rates)
    finally:
        _psql(server, f'DROP DATABASE IF EXISTS "{template}" WITH (FORCE)')


def _search(
    args: argparse.Namespace, plan: dict[str, Any], server: str, redis: str, template: str, rates: list[float]
) -> int:
    highest: float | None = None
    n = 0
    for rate in rates:
        runs = []
        for _ in range(args.runs):
            n += 1
            outcome = one_run(args, plan, server, redis, template, n, rate)
            print(f"  run {n}: {outcome.line()}", flush=True)
            runs.append(outcome)
            if not outcome.holds:
                break
        if not all(run.holds for run in runs):
            break
        highest = rate
    capacity = "none of the rates tried" if highest is None else f"{highest:g} tables a second"
    print(f"capacity: {capacity} (p95 < {TARGET_P95_MS:.0f} ms for every kind in each of {args.runs} runs)")
    if args.no_burst:
        return 0 if highest is not None else 1
    n += 1
    burst = one_run(args, plan, server, redis, template, n, None)
    print(f"  run {n}: {burst.line()}", flush=True)
    complete = not burst.errors and burst.stored_once
    print(f"burst of {len(plan['tables'])} tables: {'complete' if complete else 'FAILED'}, p95 as above")
    return 0 if highest is not None and complete else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
