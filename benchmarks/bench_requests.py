"""CPU per request of each kind in the round-end scenario, in the app alone.

The round-end load test (`make bench-load`) needs a quiet machine for its p95; what the
code costs does not: this measures the process's own CPU time (`time.process_time`, which
other processes cannot inflate) for each request kind of that scenario, through Django's
test client (middleware, view, template, ORM) on a throwaway test database:

- a 128-player event seeded through the services, round 1 published on 64 tables, a
  signed-in player on each side (as benchmarks/load_round_end.py does);
- `poll 304`: a spectator's htmx poll of pairings or standings with its ETag, unchanged;
- `pairings poll 200` / `standings poll 200`: the same poll just after a new event
  version (the first poll after a result: computed and rendered once, then cached), with
  `LIVE_REFRESH_MS=0`; `(newest stored)`: the same with the default, where a poll less
  than that after the last render gets the fragment stored (tournaments.caching);
- `pairings poll cached`: a 200 at an unchanged version without an ETag (the fragment
  from the cache);
- `report` and `confirm`: player one's result POST and player two's confirmation, one
  sample per table (64 each), so the spread shows whether the cost grows as the round
  fills up. The notification tasks they queue go to Kombu's in-memory broker, as they go
  to Redis in production: building and sending the mails is a worker's CPU, not the
  request's.

- `floor`: the framework's floor (benchmarks/floor.py), a signed-in player's cheapest
  page, measured interleaved with the pages (each page's sample beside a floor sample of
  the same moment) so each request is also printed as a ratio to it: the median of the
  paired ratios with their spread (min-max).

Median CPU milliseconds with the spread (min-max). Targets: a 304 well under 1 ms; a
report that does no work growing with the event (its last sample no dearer than its
first beyond noise); the ratios to the floor in docs/performance.md.
"""

from __future__ import annotations

import logging
import secrets
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import connection
from django.test import Client
from django.test.utils import override_settings

from benchmarks.database import throwaway_database
from benchmarks.floor import FLOOR_PATH

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response

PLAYERS = 128
REPEATS = 41


def _ms(values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    return f"{statistics.median(ms):.2f} ms ({min(ms):.2f}-{max(ms):.2f})"


def _cpu(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def _seed() -> tuple[str, list[tuple[Client, Client]]]:
    from django.contrib.auth import get_user_model

    from tournaments.services.events import event_create, tables_set
    from tournaments.services.players import player_register
    from tournaments.services.rounds import round_pair, round_publish

    users = get_user_model()
    to = users.objects.create_user("bench-to", password=None)
    event = event_create(creator=to, name="Round End CPU", kind="community", planned_rounds=3)
    tables_set(event=event, actor=to, tables=[(n, f"Map {n % 6 + 1}") for n in range(1, PLAYERS // 2 + 1)])
    accounts = {}
    for n in range(1, PLAYERS + 1):
        user = users.objects.create_user(f"bench-cpu-{n:03d}", password=None)
        player = player_register(event=event, name=f"Player {n:03d}", user=user, by=to)
        accounts[player.pk] = user
    round_ = round_pair(event=event, by=to, seed=7, confirm=True)
    round_publish(round_=round_, by=to, confirm=True)
    seats = []
    for game in round_.games.filter(player_two__isnull=False).order_by("table__number"):
        one, two = Client(), Client()
        one.force_login(accounts[game.player_one_id])
        two.force_login(accounts[game.player_two_id or 0])
        seats.append((one, two))
    return event.slug, seats


def _poll(client: Client, url: str, etag: str | None = None) -> Response:
    headers = {"HX-Request": "true"}
    if etag:
        headers["If-None-Match"] = etag
    return client.get(url, headers=headers)


# As served: no query log, no template debug info; the floor mounted beside the site.
@override_settings(DEBUG=False, ROOT_URLCONF="benchmarks.floor")
def run() -> None:
    # Each report queues its notifications; run in process, Celery logs every task at INFO,
    # a page of lines around the figures.
    logging.getLogger("celery.app.trace").setLevel(logging.WARNING)
    with throwaway_database(), _tasks_queued():
        _measure()


@contextmanager
def _tasks_queued() -> Iterator[None]:
    """The notification tasks a report queues are queued, as in production (a worker sends
    the mails, docs/notifications.md), not run inside the request being measured: Kombu's
    in-memory broker takes the message and nothing consumes it."""
    from config.celery import app

    eager = app.conf.task_always_eager
    app.conf.task_always_eager = False
    try:
        yield
    finally:
        app.conf.task_always_eager = eager


def _measure() -> None:
    from tournaments.models import Event, Game
    from tournaments.services.versions import event_touch

    slug, seats = _seed()
    event = Event.objects.get(slug=slug)
    spectator = Client()
    urls = {"pairings": f"/e/{slug}/pairings/", "standings": f"/e/{slug}/standings/"}
    for url in urls.values():  # warm-up: templates, URL resolver, first queries
        spectator.get(url)
        _poll(spectator, url)
    cpu: dict[str, list[float]] = {}
    for name, url in urls.items():
        # The current version's ETag: a poll may otherwise be answered, for up to
        # LIVE_REFRESH_MS, with the fragment stored before the seeding's last write, whose
        # ETag stops matching once that window has passed.
        with override_settings(LIVE_REFRESH_MS=0):
            etag = _poll(spectator, url)["ETag"]
        for _ in range(REPEATS):
            assert _poll(spectator, url, etag).status_code == 304
        cpu[f"{name} poll 304"] = [_cpu(partial(_poll, spectator, url, etag)) for _ in range(REPEATS)]
        cpu[f"{name} poll cached"] = [_cpu(partial(_poll, spectator, url)) for _ in range(REPEATS)]
        with override_settings(LIVE_REFRESH_MS=0):  # every version rendered: what a render costs
            fresh = []
            for _ in range(REPEATS):
                event_touch(event)
                fresh.append(_cpu(partial(_poll, spectator, url)))
        cpu[f"{name} poll 200 (new version)"] = fresh
        lagging = []
        for _ in range(REPEATS):
            event_touch(event)
            lagging.append(_cpu(partial(_poll, spectator, url)))
        cpu[f"{name} poll 200 (newest stored)"] = lagging
    ratios = _pages_against_floor(slug, seats[0][0], cpu)
    csrf = secrets.token_hex(16)
    reports: list[float] = []
    confirms: list[float] = []
    pages: list[float] = []
    floors: list[float] = []
    for index, (one, two) in enumerate(seats):
        for client in (one, two):
            client.cookies["csrftoken"] = csrf
        for client in (one, two):  # a client's first request builds its handler: untimed
            client.get(f"/e/{slug}/me/")
            client.get(FLOOR_PATH)
        floors.append(_cpu(partial(one.get, FLOOR_PATH)))
        pages.append(_cpu(partial(one.get, f"/e/{slug}/me/")))
        data: dict[str, object] = {"how": "played", "my_vp": 9 + index % 5, "their_vp": 4}
        reports.append(_cpu(partial(_post, one, f"/e/{slug}/me/result/", data, csrf)))
        confirms.append(_cpu(partial(_post, two, f"/e/{slug}/me/confirm/", {}, csrf)))
    cpu["report (POST, 64 tables)"] = reports
    cpu["confirm (POST, 64 tables)"] = confirms
    cpu["player's page (GET /me/, 64 tables)"] = pages
    cpu["floor (beside the tables)"] = floors
    ratios["report"] = _paired(reports, floors)
    ratios["confirm"] = _paired(confirms, floors)
    ratios["player's page, as the round fills"] = _paired(pages, floors)
    confirmed = Game.objects.filter(round__event=event, result_status="confirmed").count()
    assert confirmed == len(seats), (confirmed, len(seats))
    cache = settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]
    print(
        f"CPU per request in the app, {PLAYERS} players, {len(seats)} tables "
        f"({connection.vendor}, {cache}; median (min-max) of {REPEATS} runs, reports one per table):",
        flush=True,
    )
    for label, values in cpu.items():
        print(f"  {label:<36} {_ms(values)}", flush=True)
    quarter = len(seats) // 4
    first, last = statistics.median(reports[:quarter]), statistics.median(reports[-quarter:])
    print(
        f"  report, first quarter of the tables {first * 1000:.2f} ms, last quarter {last * 1000:.2f} ms "
        f"({last / first:.2f}x)",
        flush=True,
    )
    for name in urls:
        verdict = "ok" if statistics.median(cpu[f"{name} poll 304"]) < 0.001 else "OVER 1 ms"
        print(f"  {name} 304 target < 1 ms of CPU: {verdict}", flush=True)
    print("Each request as a ratio to the floor (median of paired samples, min-max; target):", flush=True)
    for label, values in ratios.items():
        target = _target(label)
        verdict = "" if target is None else (" ok" if statistics.median(values) <= target else " OVER")
        limit = "" if target is None else f"  target <= {target:g}x{verdict}"
        print(f"  {label:<36} {_times(values)}{limit}", flush=True)


# The floor's multiples a request may cost (docs/performance.md): a player's own page
# does their table's work, a write adds a transaction and the event's bump, a public page
# is one cached fragment in the site's frame.
TARGETS = {"player's page": 3.0, "report": 4.0, "confirm": 4.0, "public": 2.0}


def _target(label: str) -> float | None:
    for prefix, target in TARGETS.items():
        if label.startswith(prefix):
            return target
    return None


def _times(values: list[float]) -> str:
    return f"{statistics.median(values):.2f}x ({min(values):.2f}-{max(values):.2f})"


def _paired(samples: list[float], floors: list[float]) -> list[float]:
    return [sample / floor for sample, floor in zip(samples, floors, strict=True)]


def _pages_against_floor(slug: str, player: Client, cpu: dict[str, list[float]]) -> dict[str, list[float]]:
    """The pages a signed-in player reads, each sample taken beside a floor sample."""
    pages = {
        "player's page (GET /me/)": f"/e/{slug}/me/",
        "public: event page": f"/e/{slug}/",
        "public: pairings": f"/e/{slug}/pairings/",
        "public: standings": f"/e/{slug}/standings/",
        "public: My events": "/my-events/",
    }
    for url in (FLOOR_PATH, *pages.values()):  # warm-up: templates, URL resolver, caches
        assert player.get(url).status_code == 200, url
    floors: list[float] = []
    samples: dict[str, list[float]] = {label: [] for label in pages}
    for _ in range(REPEATS):
        for label, url in pages.items():
            floors.append(_cpu(partial(player.get, FLOOR_PATH)))
            samples[label].append(_cpu(partial(player.get, url)))
    cpu["floor"] = floors
    ratios = {}
    for index, (label, values) in enumerate(samples.items()):
        cpu[label] = values
        ratios[label] = _paired(values, floors[index :: len(pages)])
    return ratios


def _post(client: Client, url: str, data: dict[str, object], csrf: str) -> None:
    response = client.post(url, data, headers={"X-CSRFToken": csrf})
    assert response.status_code == 302, (url, response.status_code)
    assert response["Location"].endswith("/me/"), response["Location"]
