"""What a hall screen costs the server (docs/venue.md, docs/polling.md "The round clock").

A screen asks for the round clock twice a second (0.5 s: a start or a call shows within a
second) and for its data every 5 s, both with the ETag of what it holds. This measures the
process's own CPU (`time.process_time`) for each of those requests through Django's test
client (middleware, view, ORM), on the round-end event of bench_requests (128 players,
round 1 published on 64 tables, its clock running), beside the yardstick of the same run:
a player's result report (the POST every table makes at a round's end).

- `clock poll 304`: the venue clock's reading (`/e/<slug>/clock/state/`) with its ETag,
  unchanged (what a screen asks 2x/s);
- `clock poll 200`: the same without an ETag (a screen's first ask, or after a change);
- `clock API 304 (DRF)`: the same reading through the clock API, for comparison (the
  screens used it first: its DRF machinery was most of the cost);
- `screen data 304`: the screen's data with its ETag, unchanged (every 5 s);
- `screen data 200 (cached)`: without an ETag at an unchanged version (from the cache);
- `screen data 200 (new version)`: the first ask after a change, computed and stored;
- `report (POST)`: the yardstick, one table's report per sample.

Interleaved: RUNS rounds, each measuring every kind in turn (SAMPLES each, REPORTS
tables' reports), so a slow moment of the machine falls on all kinds alike. Printed: the
median of each run's median, with the spread across runs (min-max), each as a ratio to
that run's report, and what 20 screens cost in steady state as a share of one core.
"""

from __future__ import annotations

import logging
import secrets
import statistics
from collections.abc import Callable
from functools import partial

from django.db import connection
from django.test import Client
from django.test.utils import override_settings

from benchmarks.bench_requests import _cpu, _post, _seed
from benchmarks.database import throwaway_database

RUNS = 5
SAMPLES = 41
REPORTS = 12  # tables per run: 5 x 12 of the 64
SCREENS = 20
CLOCK_POLLS_PER_SECOND = 2.0  # judging.views.clock.SCREEN_POLL_SECONDS = 0.5
DATA_POLLS_PER_SECOND = 0.2  # venue.views.screen.DATA_POLL_SECONDS = 5


@override_settings(DEBUG=False)  # as served: no query log, no template debug info
def run() -> None:
    logging.getLogger("celery.app.trace").setLevel(logging.WARNING)
    with throwaway_database():
        _measure()


def _median_cpu(work: Callable[[], object], samples: int = SAMPLES) -> float:
    return statistics.median(_cpu(work) for _ in range(samples))


def _measure() -> None:
    from judging.services import clock_start
    from tournaments.models import Event
    from tournaments.services.versions import event_touch

    slug, seats = _seed()
    event = Event.objects.get(slug=slug)
    round_ = event.rounds.get(number=1)
    clock_start(round_=round_, by=event.staff.get().user)
    screen = Client()
    clock_url, data_url = f"/e/{slug}/clock/state/", f"/e/{slug}/screen/data/"
    api_url = f"/api/events/{slug}/clock/"
    for url in (clock_url, api_url, data_url, f"/e/{slug}/screen/"):  # warm-up
        assert screen.get(url).status_code == 200
    clock_tag, data_tag = screen.get(clock_url)["ETag"], screen.get(data_url)["ETag"]
    assert screen.get(clock_url, headers={"If-None-Match": clock_tag}).status_code == 304
    assert screen.get(data_url, headers={"If-None-Match": data_tag}).status_code == 304
    csrf = secrets.token_hex(16)
    for one, two in seats:
        for client in (one, two):
            client.cookies["csrftoken"] = csrf
            client.get(f"/e/{slug}/me/")  # a client's first request builds its handler: untimed

    runs: list[dict[str, float]] = []
    for number in range(RUNS):
        figures: dict[str, float] = {}
        figures["clock poll 304"] = _median_cpu(
            partial(screen.get, clock_url, headers={"If-None-Match": clock_tag})
        )
        figures["clock poll 200"] = _median_cpu(partial(screen.get, clock_url))
        api_held = {"If-None-Match": clock_tag}
        figures["clock API 304 (DRF)"] = _median_cpu(partial(screen.get, api_url, headers=api_held))
        data_tag = screen.get(data_url)["ETag"]
        figures["screen data 304"] = _median_cpu(
            partial(screen.get, data_url, headers={"If-None-Match": data_tag})
        )
        figures["screen data 200 (cached)"] = _median_cpu(partial(screen.get, data_url))
        fresh = []
        for _ in range(SAMPLES // 4):
            event_touch(event)
            with override_settings(LIVE_REFRESH_MS=0):
                fresh.append(_cpu(partial(screen.get, data_url)))
        figures["screen data 200 (new version)"] = statistics.median(fresh)
        reports = []
        for index in range(number * REPORTS, (number + 1) * REPORTS):
            one, _two = seats[index]
            data: dict[str, object] = {"how": "played", "my_vp": 9 + index % 5, "their_vp": 4}
            reports.append(_cpu(partial(_post, one, f"/e/{slug}/me/result/", data, csrf)))
        figures["report (POST), the yardstick"] = statistics.median(reports)
        runs.append(figures)
    _print(runs)


def _spread(values: list[float], scale: float = 1000.0, unit: str = " ms", digits: int = 2) -> str:
    scaled = [v * scale for v in values]
    return f"{statistics.median(scaled):.{digits}f}{unit} ({min(scaled):.{digits}f}-{max(scaled):.{digits}f})"


def _print(runs: list[dict[str, float]]) -> None:
    yard = "report (POST), the yardstick"
    print(
        f"CPU per request, {connection.vendor}; median of {RUNS} interleaved runs (min-max across runs), "
        f"each run's median of {SAMPLES} samples; ratio to the same run's report:",
        flush=True,
    )
    for label in runs[0]:
        values = [r[label] for r in runs]
        ratios = [r[label] / r[yard] for r in runs]
        ratio = "" if label == yard else f"   {_spread(ratios, 1.0, 'x', 3)}"
        print(f"  {label:<32} {_spread(values)}{ratio}", flush=True)
    steady = [
        SCREENS
        * (CLOCK_POLLS_PER_SECOND * r["clock poll 304"] + DATA_POLLS_PER_SECOND * r["screen data 304"])
        for r in runs
    ]
    # At a round's end the data changes with every result: every data poll is a 200 from the
    # cache, plus one computation a second at most (LIVE_REFRESH_MS) shared by all screens.
    busy = [
        SCREENS
        * (
            CLOCK_POLLS_PER_SECOND * r["clock poll 304"]
            + DATA_POLLS_PER_SECOND * r["screen data 200 (cached)"]
        )
        + r["screen data 200 (new version)"]
        for r in runs
    ]
    print(
        f"  {SCREENS} screens, steady (clock {CLOCK_POLLS_PER_SECOND:g}/s, "
        f"data {DATA_POLLS_PER_SECOND:g}/s, all 304): "
        f"{_spread(steady, 100.0, ' % of one core')}",
        flush=True,
    )
    print(
        f"  {SCREENS} screens at a round's end (data changed at every poll, computed once a second): "
        f"{_spread(busy, 100.0, ' % of one core')}",
        flush=True,
    )
