"""The 512-player standings page and the pairing request, from the database.

One event is written once into a throwaway test database (Django's test database for the
configured engine: in-memory SQLite by default): 512 players with a roster each, 256
tables, five closed rounds of results with both players' reports, round 6 to pair. Then:

- the standings page, `/e/<slug>/standings/`, through Django's test client (middleware,
  view, template) as an anonymous visitor;
- the pairing request for round 6 (`tournaments.bridges.pairing.pairing_request`);
- the results record both read (`tournaments.bridges.record.event_record`);
- the yardstick: the bare pure computation, `standings_for_event` on that record.

Each is timed over REPEATS runs after a warm-up and reported as the median CPU time with
its spread (min-max) and the median wall time; query counts come from one separate run.
The verdict is the ratio to the yardstick measured in the same run. Before the bridges
(commit 8c2f712) both went through the export's `event_file_from_db`;
docs/architecture.md ("Measured") has the two runs side by side.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.db import connection
from django.test import Client
from django.test.utils import override_settings

from benchmarks.database import throwaway_database
from rosters.models import Roster
from standings import standings_for_event
from tournaments.bridges.pairing import pairing_request
from tournaments.bridges.record import event_record
from tournaments.models import Event, Game, Player, ResultReport, Round, Table
from tournaments.services.versions import event_touch

PLAYERS = 512
ROUNDS = 5
REPEATS = 15
SLUG = "bench-512"
ROSTER = {
    "format": "roster/1",
    "game_system": "starcraft-tmg",
    "scale": "standard",
    "faction": "Terran",
    "player": "Bench",
    "missions": ["Supply Drop", "Hold Position", "Divide and Conquer"],
    "deployments": ["Gauntlet", "Typhoon", "Agria Valley"],
    "units": [{"name": "Marine", "models": 6, "upgrades": []}],
}


@dataclass(frozen=True)
class Timing:
    cpu: float  # median CPU seconds
    cpu_min: float
    cpu_max: float
    wall: float  # median wall-clock seconds
    queries: int


def build_event(players: int = PLAYERS, rounds: int = ROUNDS, seed: int = 11, slug: str = SLUG) -> Event:
    """A running Standard event after `rounds` closed rounds, paired Swiss-like (within MP)."""
    rng = random.Random(seed)
    event = Event.objects.create(
        name=f"Bench {players}", slug=slug, planned_rounds=rounds + 1, status="running", scale="standard"
    )
    tables = Table.objects.bulk_create(
        Table(event=event, number=n, layout=f"Map {n % 6 + 1}") for n in range(1, players // 2 + 1)
    )
    people = Player.objects.bulk_create(
        Player(event=event, external_id=f"p{i}", name=f"Player {i:03d}", email=f"p{i}@example.org")
        for i in range(1, players + 1)
    )
    Roster.objects.bulk_create(
        Roster(player=p, slot=1, document={**ROSTER, "player": p.name}, legal=True, report={"legal": True})
        for p in people
    )
    mp = {p.pk: 0 for p in people}
    # Every extra the system's results record, mid-range: full games, none held for review.
    details = {e.key: (e.low + e.high) // 2 for e in event.system.result_extras}
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(event=event, number=number, status="closed")
        order = sorted(people, key=lambda p: (-mp[p.pk], rng.random()))
        games = []
        for index in range(0, len(order), 2):
            one, two = order[index], order[index + 1]
            vp_one, vp_two = rng.randint(0, 15), rng.randint(0, 15)
            if abs(vp_one - vp_two) <= 2:
                mp[one.pk] += 1
                mp[two.pk] += 1
            else:
                mp[one.pk if vp_one > vp_two else two.pk] += 3
            games.append(
                Game(
                    round=round_,
                    table=tables[index // 2],
                    player_one=one,
                    player_two=two,
                    outcome="played",
                    vp_one=vp_one,
                    vp_two=vp_two,
                    details=details,
                    result_status="confirmed",
                )
            )
        saved = Game.objects.bulk_create(games)
        ResultReport.objects.bulk_create(
            ResultReport(game=g, reporter=who, outcome="played", vp_one=g.vp_one, vp_two=g.vp_two)
            for g in saved
            for who in (g.player_one, g.player_two)
        )
    return event


def measure(work: Callable[[], object], repeats: int = REPEATS) -> Timing:
    """CPU and wall seconds over `repeats` runs after one warm-up, and the query count.

    CPU time (this process only) is the verdict: on a shared machine the wall clock also
    counts whatever else runs.
    """
    work()
    queries: list[str] = []

    def count(execute: Callable[..., object], sql: str, *args: object) -> object:
        queries.append(sql)
        return execute(sql, *args)

    with connection.execute_wrapper(count):  # a request start empties Django's query log
        work()
    cpu, wall = [], []
    for _ in range(repeats):
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        work()
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start_wall)
    return Timing(statistics.median(cpu), min(cpu), max(cpu), statistics.median(wall), len(queries))


def standings_page(client: Client, event: Event, *, new_version: bool) -> Callable[[], object]:
    """The page as rendered for a new event version (every run recomputes and renders:
    what the first poll after a result costs), or at an unchanged version (the fragment
    comes from the cache: what every other poll costs; docs/polling.md)."""

    def get() -> object:
        if new_version:
            event_touch(event)
        response = client.get(f"/e/{SLUG}/standings/")
        assert response.status_code == 200, response.status_code
        assert b"Player 001" in response.content
        return response

    return get


def standings_poll(client: Client) -> Callable[[], object]:
    """An htmx poll revalidating with its ETag at an unchanged version: a body-less 304."""
    url = f"/e/{SLUG}/standings/"
    etag: list[str] = []

    def get() -> object:
        if not etag:  # the warm-up run: take the ETag as the page is now
            client.get(url, headers={"HX-Request": "true"})
            etag.append(client.get(url, headers={"HX-Request": "true"})["ETag"])
        response = client.get(url, headers={"HX-Request": "true", "If-None-Match": etag[0]})
        assert response.status_code == 304, response.status_code
        return response

    return get


@override_settings(DEBUG=False)  # as served: no query log, no template debug info
def run() -> None:
    with throwaway_database():
        event = build_event()
        record = event_record(event)
        planned = event.planned_rounds
        rows = {
            "standings page (web view, test client), new event version each run": standings_page(
                Client(), event, new_version=True
            ),
            "standings page, unchanged version (cached fragment)": standings_page(
                Client(), event, new_version=False
            ),
            "standings poll with its ETag, unchanged (304)": standings_poll(Client()),
            f"pairing request, round {ROUNDS + 1}": lambda: pairing_request(event, number=ROUNDS + 1, seed=1),
            "results record from the rows": lambda: event_record(event),
            "yardstick: standings_for_event on the record": lambda: standings_for_event(
                record, planned_rounds=planned, final=False
            ),
        }
        results = {label: measure(work) for label, work in rows.items()}
        yardstick = results["yardstick: standings_for_event on the record"].cpu
        print(f"{PLAYERS} players, {ROUNDS} rounds, {REPEATS} runs each ({connection.vendor}):", flush=True)
        for label, r in results.items():
            print(
                f"  {label}: CPU median {r.cpu * 1000:.1f} ms (min {r.cpu_min * 1000:.1f}, "
                f"max {r.cpu_max * 1000:.1f}), wall median {r.wall * 1000:.1f} ms, {r.queries} queries, "
                f"{r.cpu / yardstick:.2f}x the yardstick",
                flush=True,
            )


if __name__ == "__main__":
    run()
