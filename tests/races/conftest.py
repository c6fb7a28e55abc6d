"""Real parallel requests for the race tests: threads released together by a barrier.

Each worker thread keeps its own database connection for the whole test (Django's
connections are per thread), so two requests really are two transactions racing on
PostgreSQL. The tests are `transaction=True`: every request commits, as in production.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.db import connections
from rest_framework.test import APIClient

Call = Callable[[], Any]


class Racer:
    """`racer.run(f, g)` calls f and g at the same moment, each on its own thread and connection."""

    def __init__(self, workers: int = 2) -> None:
        self._inboxes: list[queue.Queue[tuple[threading.Barrier, Call] | None]] = []
        self._results: queue.Queue[tuple[int, Any, BaseException | None]] = queue.Queue()
        self._threads = []
        for index in range(workers):
            inbox: queue.Queue[tuple[threading.Barrier, Call] | None] = queue.Queue()
            thread = threading.Thread(target=self._work, args=(index, inbox), daemon=True)
            thread.start()
            self._inboxes.append(inbox)
            self._threads.append(thread)

    def _work(self, index: int, inbox: queue.Queue[tuple[threading.Barrier, Call] | None]) -> None:
        try:
            while (job := inbox.get()) is not None:
                barrier, call = job
                try:
                    barrier.wait(timeout=30)
                    self._results.put((index, call(), None))
                except BaseException as exc:  # handed back to the test thread
                    self._results.put((index, None, exc))
        finally:
            connections.close_all()

    def run(self, *calls: Call) -> list[Any]:
        assert len(calls) == len(self._inboxes)
        barrier = threading.Barrier(len(calls))
        for inbox, call in zip(self._inboxes, calls, strict=True):
            inbox.put((barrier, call))
        out: list[Any] = [None] * len(calls)
        for _ in calls:
            index, value, error = self._results.get(timeout=60)
            if error is not None:
                raise error
            out[index] = value
        return out

    def close(self) -> None:
        for inbox in self._inboxes:
            inbox.put(None)
        for thread in self._threads:
            thread.join(timeout=30)


@pytest.fixture
def racer() -> Iterator[Racer]:
    r = Racer()
    yield r
    r.close()


def client_for(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client
