"""The round-end load scenario: 64 tables report and confirm at once while 128 phones poll.

    python -m benchmarks.load_round_end            (or `make bench-load`)

What it does, all on 127.0.0.1 and bounded in count and time:

1. creates a fresh PostgreSQL database (`BENCH_PG_URL`, default
   postgres://postgres@127.0.0.1:5432/postgres, names the server to create it on), migrates
   it and seeds a 128-player event through the services: round 1 paired and published on
   64 tables, a signed-in session for each player;
2. starts gunicorn with config/gunicorn.conf.py on a free port, against that database and
   `REDIS_URL` (default redis://127.0.0.1:6379/0) for the cache;
3. 128 spectators poll the pairings and the standings every 2 s as the pages do (htmx,
   `If-None-Match`), from a random start within the first interval; after a warm-up, all
   64 tables report at once (player one opens their page and reports, player two opens
   theirs and confirms); with `--spread S` each table starts instead at a random moment
   within S seconds (uniform, seeded: the same moments every run), as results come in
   when a round's games end over a few minutes, so a run measures the server at a given
   rate of results rather than all of them in the same instant;
   (the spectators and the tables are two client processes, each with its own event loop);
4. prints p50/p95/p99 and req/s for reports and polls, the same kinds as gunicorn's access
   log times them, each client process's CPU and event-loop lag, and what the server side
   spent while the tables reported (gunicorn's and PostgreSQL's CPU, lock waits sampled
   from pg_stat_activity); asserts no request failed and that every result was stored
   exactly once (one report from each side, the confirmed score, the round closed), then
   stops gunicorn and drops the database.

Exit status 0 when all of that holds; the p95 target (< 200 ms) is printed, not asserted,
because it depends on what else the machine is doing (the load average is printed too).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
LOOPBACK = {"127.0.0.1", "localhost", "::1"}
HARD_LIMIT_SECONDS = 300  # the whole run, start-up included, never lasts longer than this
TARGET_P95_MS = 200.0


# --- inside the seeded database (run as `python -m benchmarks.load_round_end _seed|_verify`) ---


def _django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def seed(players: int, out: Path) -> None:
    """A published round 1 for `players` players, built through the services."""
    _django()
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.contrib.sessions.backends.db import SessionStore

    from tournaments.models import Player
    from tournaments.services.events import event_create, tables_set
    from tournaments.services.players import player_register
    from tournaments.services.rounds import round_pair, round_publish

    users = get_user_model()
    to = users.objects.create_user("bench-to", password=None)
    event = event_create(creator=to, name="Round End Load", kind="community", planned_rounds=3)
    tables_set(event=event, actor=to, tables=[(n, f"Map {n % 6 + 1}") for n in range(1, players // 2 + 1)])
    backend = settings.AUTHENTICATION_BACKENDS[0]
    sessions: dict[str, str] = {}
    for n in range(1, players + 1):
        user = users.objects.create_user(f"bench-player-{n:03d}", password=None)
        player = player_register(event=event, name=f"Player {n:03d}", user=user, by=to)
        store = SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = backend
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
        sessions[player.external_id] = str(store.session_key)
    round_ = round_pair(event=event, by=to, seed=7, confirm=True)
    round_publish(round_=round_, by=to, confirm=True)
    ids = dict(Player.objects.filter(event=event).values_list("pk", "external_id"))
    tables = [
        {
            "game": game.pk,
            "table": game.table.number if game.table else None,
            "one": sessions[ids[game.player_one_id]],
            "two": sessions[ids[game.player_two_id or 0]],
        }
        for game in round_.games.select_related("table").filter(player_two__isnull=False)
    ]
    out.write_text(json.dumps({"slug": event.slug, "tables": tables}))


def verify(expected: Path) -> None:
    """Every result stored exactly once: prints a JSON verdict."""
    _django()
    from django.db.models import Count

    from tournaments.models import Game, ResultReport, ResultStatus, Round

    wanted = {int(k): v for k, v in json.loads(expected.read_text()).items()}
    games = {g.pk: g for g in Game.objects.filter(pk__in=wanted)}
    reports = dict(
        ResultReport.objects.filter(game_id__in=wanted)
        .values("game_id")
        .annotate(n=Count("id"))
        .values_list("game_id", "n")
    )
    problems = []
    for pk, (one, two) in wanted.items():
        game = games[pk]
        if game.result_status != ResultStatus.CONFIRMED or (game.vp_one, game.vp_two) != (one, two):
            problems.append(
                f"game {pk}: {game.result_status} {game.vp_one}-{game.vp_two}, wanted {one}-{two}"
            )
        if reports.get(pk) != 2:
            problems.append(f"game {pk}: {reports.get(pk, 0)} reports stored, wanted 2 (one per side)")
    round_ = Round.objects.get(games__pk=next(iter(wanted)))
    print(json.dumps({"problems": problems, "round_status": round_.status, "games": len(games)}))


# --- the load ---------------------------------------------------------------------------


@dataclass
class Stats:
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    statuses: dict[str, Counter[int]] = field(default_factory=lambda: defaultdict(Counter))
    bytes: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    errors: list[str] = field(default_factory=list)

    def record(self, kind: str, seconds: float, status: int, size: int) -> None:
        self.latencies[kind].append(seconds)
        self.statuses[kind][status] += 1
        self.bytes[kind] += size

    def plain(self) -> dict[str, Any]:
        """Picklable (the default factories are lambdas), to send from a client process."""
        return {
            "latencies": dict(self.latencies),
            "statuses": {kind: dict(counts) for kind, counts in self.statuses.items()},
            "bytes": dict(self.bytes),
            "errors": self.errors,
        }

    def merge(self, plain: dict[str, Any]) -> None:
        for kind, values in plain["latencies"].items():
            self.latencies[kind].extend(values)
        for kind, counts in plain["statuses"].items():
            self.statuses[kind].update(counts)
        for kind, size in plain["bytes"].items():
            self.bytes[kind] += size
        self.errors.extend(plain["errors"])


def _loopback(url: str) -> None:
    host = urlsplit(url).hostname or ""
    if host not in LOOPBACK:
        raise SystemExit(f"refusing to send load anywhere but this machine: {url}")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass(frozen=True)
class Answer:
    """What a client needs of a response (the body is read and counted, then dropped)."""

    status: int
    headers: Any  # a case-insensitive mapping
    cookies: dict[str, str]


async def _timed(client: Any, stats: Stats, kind: str, method: str, url: str, ok: set[int], **kw: Any) -> Any:
    started = time.perf_counter()
    try:
        async with client.request(method, url, allow_redirects=False, **kw) as response:
            body = await response.read()
    except Exception as exc:
        stats.errors.append(f"{kind} {url}: {type(exc).__name__}: {exc}")
        return None
    stats.record(kind, time.perf_counter() - started, response.status, len(body))
    if response.status not in ok:
        stats.errors.append(f"{kind} {url}: HTTP {response.status}")
    cookies = {name: morsel.value for name, morsel in response.cookies.items()}
    return Answer(response.status, response.headers, cookies)


async def spectator(client: Any, stats: Stats, slug: str, interval: float, stop: asyncio.Event) -> None:
    """A phone on the pairings and standings pages: one full load each, then htmx polls."""
    urls = [f"/e/{slug}/pairings/", f"/e/{slug}/standings/"]
    cookies: dict[str, str] = {}
    etags: dict[str, str] = {}
    await asyncio.sleep(random.uniform(0, interval))
    first = True
    while not stop.is_set():
        tick = time.perf_counter()
        for url in urls:
            headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())} if cookies else {}
            if not first:
                headers["HX-Request"] = "true"
                if url in etags:
                    headers["If-None-Match"] = etags[url]
            response = await _timed(client, stats, "poll", "GET", url, {200, 304}, headers=headers)
            if response is None:
                continue
            cookies.update(response.cookies)
            if response.status == 200 and "etag" in response.headers:
                etags[url] = response.headers["etag"]
        first = False
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), max(0.0, interval - (time.perf_counter() - tick)))


def start_offsets(tables: int, spread: float, seed: int = 13) -> list[float]:
    """When each table starts, in seconds after the go: all at once (0) with no spread, else
    uniform within [0, spread), drawn from a seeded generator so that every run and every
    tree compared offers the server the same arrivals."""
    if spread <= 0:
        return [0.0] * tables
    rng = random.Random(seed)
    return [rng.uniform(0.0, spread) for _ in range(tables)]


async def table(
    client: Any, stats: Stats, slug: str, seat: dict[str, Any], vp: tuple[int, int], delay: float = 0.0
) -> None:
    """Player one opens their page and reports; player two opens theirs and confirms."""
    if delay:
        await asyncio.sleep(delay)
    csrf = secrets.token_hex(16)  # any 32-character secret is a valid cookie and token
    for session, path, data, kind in (
        (
            seat["one"],
            "result",
            {"how": "played", "my_vp": vp[0], "their_vp": vp[1]},
            "report",
        ),
        (seat["two"], "confirm", {}, "confirm"),
    ):
        headers = {"Cookie": f"sessionid={session}; csrftoken={csrf}"}
        await _timed(client, stats, "me", "GET", f"/e/{slug}/me/", {200}, headers=headers)
        response = await _timed(
            client,
            stats,
            kind,
            "POST",
            f"/e/{slug}/me/{path}/",
            {302},
            headers=headers | {"X-CSRFToken": csrf},
            data=data,
        )
        if response is not None and response.headers.get("location") != f"/e/{slug}/me/":
            stats.errors.append(
                f"{kind} table {seat['table']}: redirected to {response.headers.get('location')}"
            )


def _client(base: str, connections: int) -> Any:
    """aiohttp rather than httpx for the load itself: its C parser costs the client about
    half the CPU per request, and on this one machine what the client spends is taken from
    the server it measures. Cookies are sent by hand (one client plays many phones)."""
    import aiohttp

    # Idle connections are dropped after 2 s, before gunicorn's 5 s keep-alive closes them
    # from its side (the same 5 s on both sides races: a request sent on a closing socket).
    connector = aiohttp.TCPConnector(limit=connections, keepalive_timeout=2.0)
    return aiohttp.ClientSession(
        base_url=base,
        connector=connector,
        cookie_jar=aiohttp.DummyCookieJar(),
        timeout=aiohttp.ClientTimeout(total=30.0),
    )


async def _loop_lag(lag: list[float], done: Callable[[], bool], every: float = 0.05) -> None:
    """How late the client's event loop wakes a 50 ms timer: a loop that is busy (the client
    itself short of CPU) adds that delay to every latency it measures."""
    while not done():
        started = time.perf_counter()
        await asyncio.sleep(every)
        lag.append(max(0.0, time.perf_counter() - started - every))


def _spectators(base: str, slug: str, args: argparse.Namespace, stop: Any, out: Any) -> None:
    """One client process: the phones polling, until the parent says stop."""

    async def run() -> dict[str, Any]:
        stats, lag = Stats(), list[float]()
        async with _client(base, args.spectators + 8) as client:
            done = asyncio.Event()
            lagging = asyncio.create_task(_loop_lag(lag, done.is_set))
            watchers = [
                asyncio.create_task(spectator(client, stats, slug, args.interval, done))
                for _ in range(args.spectators)
            ]
            while not stop.is_set():
                await asyncio.sleep(0.05)
            done.set()
            await asyncio.gather(*watchers, lagging)
        return {"stats": stats.plain(), "lag": lag}

    cpu = time.process_time()
    result = asyncio.run(run())
    out.put(result | {"cpu": time.process_time() - cpu, "role": "spectators"})


def _tables(
    base: str, plan: dict[str, Any], vps: dict[int, tuple[int, int]], spread: float, go: Any, out: Any
) -> None:
    """The other client process: every table reports and confirms when told to, all at once
    or each at its moment within `spread` seconds (start_offsets)."""

    async def run() -> dict[str, Any]:
        stats, lag = Stats(), list[float]()
        async with _client(base, 2 * len(plan["tables"]) + 8) as client:
            done = False
            lagging = asyncio.create_task(_loop_lag(lag, lambda: done))
            while not go.is_set():
                await asyncio.sleep(0.02)
            offsets = start_offsets(len(plan["tables"]), spread)
            started = time.perf_counter()
            await asyncio.gather(
                *(
                    table(client, stats, plan["slug"], seat, vps[seat["game"]], delay)
                    for seat, delay in zip(plan["tables"], offsets, strict=True)
                )
            )
            reporting = time.perf_counter() - started
            done = True
            await lagging
        return {"stats": stats.plain(), "lag": lag, "reporting": reporting}

    cpu = time.process_time()
    result = asyncio.run(run())
    out.put(result | {"cpu": time.process_time() - cpu, "role": "tables"})


class Burst:
    """What the server side spent while the tables reported: gunicorn's CPU, the CPU of
    the benchmark database's PostgreSQL backends, and what those backends were doing
    (sampled from pg_stat_activity every 50 ms: waiting on a lock, or idle in a
    transaction, i.e. waiting on the app while holding its locks)."""

    def __init__(self, gunicorn: int, database_url: str, name: str) -> None:
        self.gunicorn, self.database_url, self.name = gunicorn, database_url, name
        self.samples: list[Counter[str]] = []
        self.locks: Counter[str] = Counter()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _backends(self, conn: Any) -> list[tuple[int, str, str, str]]:
        rows = conn.execute(
            "SELECT pid, state, coalesce(wait_event_type, ''), left(query, 48) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()",
            (self.name,),
        ).fetchall()
        return [(int(r[0]), str(r[1]), str(r[2]), str(r[3])) for r in rows]

    def _sample(self) -> None:
        import psycopg

        with psycopg.connect(self.database_url, autocommit=True) as conn:
            self.pids_before = {pid for pid, *_ in self._backends(conn)}
            self.pg_before = _pids_cpu(self.pids_before)
            self.cpu_before = _cpu_seconds(self.gunicorn)
            self.started = time.perf_counter()
            while not self._stop.is_set():
                counts: Counter[str] = Counter()
                for _pid, state, wait, query in self._backends(conn):
                    if wait == "Lock":
                        counts["lock"] += 1
                        self.locks[query] += 1
                    elif state.startswith("idle in transaction"):
                        counts["idle in transaction"] += 1
                    elif state == "active":
                        counts["active"] += 1
                self.samples.append(counts)
                self._stop.wait(0.05)
            pids = self.pids_before | {pid for pid, *_ in self._backends(conn)}
            self.seconds = time.perf_counter() - self.started
            self.cpu = _cpu_seconds(self.gunicorn) - self.cpu_before
            self.pg = _pids_cpu(pids) - self.pg_before

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=10)

    def report(self) -> None:
        if not hasattr(self, "seconds"):
            return
        n = max(len(self.samples), 1)
        share = {k: sum(1 for c in self.samples if c[k]) / n for k in ("lock", "idle in transaction")}
        peak = {k: max((c[k] for c in self.samples), default=0) for k in ("lock", "active")}
        print(
            f"while the tables reported ({self.seconds:.1f} s): gunicorn used {self.cpu:.1f} s of CPU "
            f"({self.cpu / self.seconds:.2f} of a core), PostgreSQL's backends {self.pg:.1f} s "
            f"({self.pg / self.seconds:.2f})"
        )
        print(
            f"  PostgreSQL, {len(self.samples)} samples: a backend waited on a lock in "
            f"{share['lock']:.0%} (at most {peak['lock']} at once), one sat idle in a transaction in "
            f"{share['idle in transaction']:.0%}; at most {peak['active']} ran at once"
        )
        for query, count in self.locks.most_common(3):
            print(f"  waited on a lock {count} times: {query}")


def _pids_cpu(pids: set[int]) -> float:
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def run_load(
    base: str, plan: dict[str, Any], args: argparse.Namespace, burst: Burst | None = None
) -> tuple[Stats, float, dict[str, Any]]:
    """Spectators and tables each in a process of their own (a client short of CPU, or
    one event loop serving 256 connections, would add its own delay to every latency)."""
    import httpx

    slug = plan["slug"]
    rng = random.Random(11)
    vps = {seat["game"]: (rng.randint(0, 15), rng.randint(0, 15)) for seat in plan["tables"]}
    first = {}
    with httpx.Client(base_url=base, timeout=30.0) as client:
        for url in (f"/e/{slug}/pairings/", f"/e/{slug}/standings/"):
            started = time.perf_counter()
            response = client.get(url)
            first[url] = (time.perf_counter() - started, response.status_code, len(response.content))
    context = multiprocessing.get_context("fork")
    stop, go, out = context.Event(), context.Event(), context.Queue()
    processes = [
        context.Process(target=_spectators, args=(base, slug, args, stop, out)),
        context.Process(target=_tables, args=(base, plan, vps, args.spread, go, out)),
    ]
    for process in processes:
        process.start()
    try:
        time.sleep(args.warmup)
        if burst is not None:
            burst.start()
        go.set()
        results = {}
        tables = out.get(timeout=HARD_LIMIT_SECONDS)
        if burst is not None:
            burst.stop()
        results[tables["role"]] = tables
        time.sleep(args.after)
        stop.set()
        spectators = out.get(timeout=60)
        results[spectators["role"]] = spectators
    finally:
        stop.set()
        for process in processes:
            process.join(timeout=30)
            if process.is_alive():
                process.kill()
    stats = Stats()
    for result in results.values():
        stats.merge(result["stats"])
    clients = {role: (r["cpu"], r["lag"]) for role, r in results.items()}
    return stats, results["tables"]["reporting"], {"first": first, "vps": vps, "clients": clients}


def _ms(values: list[float], q: int) -> float:
    if len(values) == 1:
        return values[0] * 1000
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] * 1000


def report(stats: Stats, wall: float, reporting: float) -> bool:
    columns = ("n", "req/s", "p50 ms", "p95 ms", "p99 ms", "max ms")
    print("\n" + f"{'kind':<8}" + "".join(f"{c:>9}" for c in columns) + "  statuses")
    met = True
    for kind in ("report", "confirm", "me", "poll"):
        values = stats.latencies.get(kind, [])
        if not values:
            continue
        span = reporting if kind in ("report", "confirm", "me") else wall
        p95 = _ms(values, 95)
        if kind != "me" and p95 >= TARGET_P95_MS:
            met = False
        statuses = ", ".join(f"{code}: {n}" for code, n in sorted(stats.statuses[kind].items()))
        print(
            f"{kind:<8}{len(values):>9}{len(values) / span:>9.1f}{_ms(values, 50):>9.1f}{p95:>9.1f}"
            f"{_ms(values, 99):>9.1f}{max(values) * 1000:>9.1f}  {statuses}"
        )
    polls = stats.latencies.get("poll", [])
    if polls:
        print(f"poll bytes: {stats.bytes['poll'] / len(polls):.0f} per answer on average (304s carry none)")
    return met


ACCESS_LINE = re.compile(
    r'"(?P<method>[A-Z]+) (?P<path>\S+) HTTP/[^"]*" (?P<status>\d+) .* (?P<us>\d+) <\d+>$'
)


def server_report(access_log: Path, slug: str) -> None:
    """The same kinds as gunicorn's access log times them (%(D)s: from the request parsed to
    the response written, in the worker thread): what the client sees beyond this was spent
    queued (the listen backlog, a worker's thread pool) or in the client itself."""
    times: dict[str, list[float]] = defaultdict(list)
    paths = {f"/e/{slug}/me/result/": "report", f"/e/{slug}/me/confirm/": "confirm", f"/e/{slug}/me/": "me"}
    with contextlib.suppress(OSError):
        for line in access_log.read_text().splitlines():
            match = ACCESS_LINE.search(line)
            if match is None:
                continue
            kind = paths.get(match["path"].split("?")[0])
            if kind is None and ("/pairings/" in match["path"] or "/standings/" in match["path"]):
                kind = "poll"
            if kind is not None:
                times[kind].append(int(match["us"]) / 1_000_000)
    if not times:
        return
    print("server side (gunicorn access log, time in the worker):")
    for kind in ("report", "confirm", "me", "poll"):
        values = times.get(kind, [])
        if values:
            print(
                f"  {kind:<8}{len(values):>7}{_ms(values, 50):>9.1f}{_ms(values, 95):>9.1f}"
                f"{_ms(values, 99):>9.1f}{max(values) * 1000:>9.1f}  (n, p50, p95, p99, max ms)"
            )


def _cpu_seconds(root: int) -> float:
    """User + system CPU of a process and its children (gunicorn's master and workers), from /proc."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, ppid = int(stat.parent.name), int(fields[1])
        if root in (pid, ppid):
            total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def _database_url(server: str, name: str) -> str:
    parts = urlsplit(server)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", "", ""))


def _psql(server: str, sql: str) -> None:
    import psycopg

    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(sql)


def server_environment(
    *, database_url: str, redis: str, secret: str, workers: int, threads: int
) -> dict[str, str]:
    """The environment gunicorn, the worker and the seeding run in: production settings on
    this machine's PostgreSQL and Redis, 127.0.0.1 only."""
    return os.environ | {
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": database_url,
        "REDIS_URL": redis,
        "SECRET_KEY": secret,
        "DEBUG": "0",
        "SECURE_SSL_REDIRECT": "0",
        "ALLOWED_HOSTS": "127.0.0.1",
        "CONN_MAX_AGE": "60",
        "WEB_CONCURRENCY": str(workers),
        "GUNICORN_THREADS": str(threads),
        "LOG_LEVEL": "WARNING",
        "GUNICORN_LOG_LEVEL": "warning",
    }


def verify_stored(env: dict[str, str], vps: dict[int, tuple[int, int]]) -> dict[str, Any]:
    """`verify` run against the benchmark's database: the verdict it prints."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as expected:
        expected.write(json.dumps({str(k): v for k, v in vps.items()}))
    try:
        out = subprocess.run(
            [PY, "-m", "benchmarks.load_round_end", "_verify", expected.name],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        )
    finally:
        os.unlink(expected.name)
    verdict: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return verdict


def main(argv: list[str]) -> int:
    if argv[:1] == ["_seed"]:
        seed(int(argv[1]), Path(argv[2]))
        return 0
    if argv[:1] == ["_verify"]:
        verify(Path(argv[1]))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=128)
    parser.add_argument("--spectators", type=int, default=128)
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between a spectator's polls")
    parser.add_argument("--warmup", type=float, default=6.0, help="seconds of polling before the reports")
    parser.add_argument("--after", type=float, default=6.0, help="seconds of polling after the last confirm")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument(
        "--spread",
        type=float,
        default=0.0,
        help="seconds over which the tables start (uniform, seeded); 0, the default: all at once",
    )
    args = parser.parse_args(argv)
    if args.players % 2 or not 2 <= args.players <= 512 or not 0 <= args.spectators <= 512:
        parser.error("--players: an even number from 2 to 512; --spectators: 0 to 512")
    if not 0 <= args.spread <= HARD_LIMIT_SECONDS / 2:
        parser.error(f"--spread: 0 to {HARD_LIMIT_SECONDS // 2} seconds (the whole run is bounded)")

    server = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    redis = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    for url in (server, redis):
        _loopback(url)
    name = f"muster_bench_load_{os.getpid()}"
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    env = server_environment(
        database_url=_database_url(server, name),
        redis=redis,
        secret="load-benchmark-only-" + secrets.token_hex(16),
        workers=args.workers,
        threads=args.threads,
    ) | {"GUNICORN_BIND": f"127.0.0.1:{port}"}
    deadline = time.monotonic() + HARD_LIMIT_SECONDS
    signal.signal(
        signal.SIGALRM, lambda *_: (_ for _ in ()).throw(TimeoutError("load run over its time limit"))
    )
    signal.alarm(HARD_LIMIT_SECONDS)
    gunicorn = None
    ok = False
    with tempfile.TemporaryDirectory(prefix="muster-load-") as tmp:
        plan_file = Path(tmp) / "plan.json"
        access_log = Path(tmp) / "access.log"
        env["GUNICORN_ACCESS_LOG"] = str(access_log)
        _psql(server, f'CREATE DATABASE "{name}"')
        try:
            t = time.perf_counter()
            subprocess.run([PY, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
            subprocess.run(
                [PY, "-m", "benchmarks.load_round_end", "_seed", str(args.players), str(plan_file)],
                cwd=ROOT,
                env=env,
                check=True,
            )
            plan = json.loads(plan_file.read_text())
            print(f"database {name} migrated and seeded in {time.perf_counter() - t:.1f} s")
            t = time.perf_counter()
            gunicorn = subprocess.Popen(
                [str(Path(PY).with_name("gunicorn")), "-c", "config/gunicorn.conf.py"], cwd=ROOT, env=env
            )
            _wait_ready(base, gunicorn, deadline)
            ready = time.perf_counter() - t
            print(f"gunicorn ({args.workers} workers x {args.threads} threads) ready in {ready:.1f} s")
            load_before = os.getloadavg()
            cpu_before = _cpu_seconds(gunicorn.pid)
            t = time.perf_counter()
            burst = Burst(gunicorn.pid, env["DATABASE_URL"], name)
            stats, reporting, extra = run_load(base, plan, args, burst)
            wall = time.perf_counter() - t
            cpu = _cpu_seconds(gunicorn.pid) - cpu_before
            load_after = os.getloadavg()
            for url, (seconds, status, size) in extra["first"].items():
                print(f"first request to a fresh server: {url} {seconds * 1000:.0f} ms", end=" ")
                print(f"(HTTP {status}, {size} bytes)")
            offered = "all at once"
            if args.spread:
                offered = f"starting over {args.spread:g} s, {len(plan['tables']) / args.spread:.1f} a second"
            print(
                f"{len(plan['tables'])} tables ({offered}) reported and confirmed in {reporting:.2f} s; "
                f"{args.spectators} spectators polled for {wall:.1f} s every {args.interval:g} s"
            )
            met = report(stats, wall, reporting)
            server_report(access_log, plan["slug"])
            burst.report()
            for role, (client_cpu, lag) in sorted(extra["clients"].items()):
                print(
                    f"client process ({role}) used {client_cpu:.1f} s of CPU, {client_cpu / wall:.2f} "
                    f"of a core; its event loop woke {_ms(lag, 50):.1f} ms late at p50, "
                    f"{_ms(lag, 95):.1f} ms at p95, {max(lag, default=0) * 1000:.0f} ms at worst"
                )
            served = sum(len(v) for v in stats.latencies.values())
            print(
                f"gunicorn used {cpu:.1f} s of CPU for {served} requests: "
                f"{cpu / max(served, 1) * 1000:.1f} ms each, {cpu / wall:.2f} of a core over the run"
            )
            print(f"load average (1, 5, 15 min) before {load_before}, after {load_after}", end="; ")
            print(f"{os.cpu_count()} CPUs")
            verdict = verify_stored(env, extra["vps"])
            for error in stats.errors[:20]:
                print("ERROR", error)
            for problem in verdict["problems"][:20]:
                print("STORED WRONG", problem)
            print(
                f"errors: {len(stats.errors)}; results stored exactly once: {not verdict['problems']} "
                f"({verdict['games']} games, round {verdict['round_status']}); "
                f"p95 < {TARGET_P95_MS:.0f} ms for reports and polls: {'met' if met else 'NOT met'}"
            )
            ok = not stats.errors and not verdict["problems"] and verdict["round_status"] == "closed"
        finally:
            signal.alarm(0)
            if gunicorn is not None:
                gunicorn.send_signal(signal.SIGTERM)
                try:
                    gunicorn.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    gunicorn.kill()
                    gunicorn.wait()
            _psql(server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    return 0 if ok else 1


def _wait_ready(base: str, process: subprocess.Popen[bytes], deadline: float) -> None:
    import httpx

    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"gunicorn exited with {process.returncode}")
        try:
            if httpx.get(f"{base}/healthz", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    raise SystemExit("gunicorn did not become ready in time")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
