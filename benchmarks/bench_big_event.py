"""A 1,024-player event at the venue, as its TO and its players wait for it.

One event is written once into a throwaway test database: 1,024 players with a roster
each, 512 tables, three closed rounds, round 4 to pair. Then, interleaved over REPEATS
runs (the round undone between runs, untimed):

- **pair**: the TO's "Pair round 4" click (the POST, which pairs, seats and stores the
  round) and the round's review page it leads to, where the TO sees the pairings;
- **publish**: the TO's "Publish" click;
- **pairings page** and **standings page**: an anonymous reader's first load after a new
  version (computed and rendered) and a load at an unchanged version (from the cache);
- **pairings PDF** and **standings PDF**: the print job's rendering (WeasyPrint), which a
  worker does while the TO waits for the download.

Targets, from the TO's side of the table (docs/performance.md): the pairings on the TO's
screen within 3 s of the click, so a round turns over without a visible wait; a publish
within 1 s; a page's first load within 1 s and a cached load within 0.1 s, so a hall of
phones refreshing at once is served from the cache; each PDF within 30 s, the time it
takes to walk to the printer. Wall time is what the TO waits; CPU time (this process
only) is printed beside it, as the machine may be shared.
"""

from __future__ import annotations

import logging
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import override_settings

from benchmarks.bench_standings_page import build_event
from benchmarks.database import throwaway_database
from printing.documents import render_document
from printing.params import PrintParams
from tournaments.models import Event, Round, StaffRole, StaffRoleKind
from tournaments.services.rounds import round_undo
from tournaments.services.versions import event_touch

PLAYERS = 1024
ROUNDS = 3
REPEATS = 5
SLUG = "bench-1024"

# Seconds: what the TO or a player may wait for each (module docstring).
TARGETS = {
    "pair click → pairings on the TO's screen": 3.0,
    "publish click": 1.0,
    "pairings page, new version": 1.0,
    "pairings page, cached": 0.1,
    "standings page, new version": 1.0,
    "standings page, cached": 0.1,
    "pairings PDF": 30.0,
    "standings PDF": 30.0,
}


@dataclass
class Samples:
    wall: list[float]
    cpu: list[float]


def _timed(samples: Samples, work: Callable[[], object]) -> None:
    cpu, wall = time.process_time(), time.perf_counter()
    work()
    samples.cpu.append(time.process_time() - cpu)
    samples.wall.append(time.perf_counter() - wall)


def _spread(values: list[float]) -> str:
    return f"{statistics.median(values):.3f} s ({min(values):.3f}-{max(values):.3f})"


@override_settings(DEBUG=False)  # as served: no query log, no template debug info
def run() -> None:
    with throwaway_database():
        _measure()


def _measure() -> None:
    logging.getLogger("celery.app.trace").setLevel(logging.WARNING)  # a line per publish's task
    event = build_event(players=PLAYERS, rounds=ROUNDS, slug=SLUG)
    number = ROUNDS + 1
    to = get_user_model().objects.create_user("bench-to-1024", password=None)
    StaffRole.objects.create(event=event, user=to, role=StaffRoleKind.TO)
    organiser, reader = Client(), Client()
    organiser.force_login(to)
    csrf = "b" * 32
    organiser.cookies["csrftoken"] = csrf
    headers = {"X-CSRFToken": csrf}
    samples = {label: Samples([], []) for label in TARGETS}
    sizes: list[str] = []

    def pair() -> None:
        response = organiser.post(f"/e/{SLUG}/manage/rounds/pair/", {"confirm": "1"}, headers=headers)
        assert response.status_code == 302, response.status_code
        page = organiser.get(response["Location"])
        assert page.status_code == 200, page.status_code
        assert b"Player 0001" in page.content or b"Player 1024" in page.content

    def publish() -> None:
        url = f"/e/{SLUG}/manage/rounds/{number}/publish/"
        response = organiser.post(url, {"confirm": "1"}, headers=headers)
        assert response.status_code == 302, response.status_code
        assert Round.objects.get(event=event, number=number).status == "published"

    def page(path: str) -> Callable[[], None]:
        def get() -> None:
            response = reader.get(path)
            assert response.status_code == 200, (path, response.status_code)

        return get

    def fresh(path: str) -> Callable[[], None]:
        def get() -> None:
            event_touch(event)
            page(path)()

        return get

    def pdf(kind: str) -> Callable[[], None]:
        def render() -> None:
            fresh_event = Event.objects.get(pk=event.pk)
            _name, _mimetype, content = render_document(fresh_event, kind, PrintParams(round=number))
            assert content.startswith(b"%PDF"), kind

        return render

    steps: list[tuple[str, Callable[[], None]]] = [
        ("pair click → pairings on the TO's screen", pair),
        ("publish click", publish),
        ("pairings page, new version", fresh(f"/e/{SLUG}/pairings/")),
        ("pairings page, cached", page(f"/e/{SLUG}/pairings/")),
        ("standings page, new version", fresh(f"/e/{SLUG}/standings/")),
        ("standings page, cached", page(f"/e/{SLUG}/standings/")),
        ("pairings PDF", pdf("pairings")),
        ("standings PDF", pdf("standings")),
    ]
    for run_number in range(REPEATS + 1):  # the first run warms up: templates, imports, caches
        for label, work in steps:
            if run_number == 0:
                work()
            else:
                _timed(samples[label], work)
        if run_number == REPEATS:
            # What a phone is sent of the published round: a page of tables, of names, a search.
            for what, query in (("by table", ""), ("by name", "?view=names"), ("a search", "?q=player%2010")):
                size = len(reader.get(f"/e/{SLUG}/pairings/{query}").content)
                sizes.append(f"{what} {size / 1024:.0f} KB")
        round_ = Round.objects.get(event=event, number=number)
        round_undo(round_=round_, by=to)
    print(
        f"{PLAYERS} players, {PLAYERS // 2} tables, round {number} after {ROUNDS} "
        f"({connection.vendor}; median (min-max) of {REPEATS} interleaved runs):",
        flush=True,
    )
    print(f"  the pairings page a phone is sent: {', '.join(sizes)}", flush=True)
    for label, target in TARGETS.items():
        s = samples[label]
        verdict = "ok" if statistics.median(s.wall) <= target else "OVER"
        print(
            f"  {label:<42} wall {_spread(s.wall)}, CPU {_spread(s.cpu)}; target {target:g} s: {verdict}",
            flush=True,
        )
