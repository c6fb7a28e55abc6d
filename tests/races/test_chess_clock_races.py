"""Races on a table's chess clock (OP Guide: Chess Clocks), with real parallel requests on
PostgreSQL: both phones of a table tap at the same moment.

Every tap locks the game row before reading the log (`judging.services.chess_clock`), so two
taps are applied one after the other: the same action id twice (a doubled tap, a retried
request) is recorded once, and two different taps from the side that was running (both
players pressing at once) make one switch, the other refused as `stale-switch`. After every
trial the log must read as a sound clock: in time order, the running side alternating, the
pools never growing, and the stored status the last entry's.
"""

from __future__ import annotations

import os
import uuid
from collections import Counter
from datetime import timedelta
from functools import partial
from typing import Any

import pytest
from django.utils import timezone

from judging.domain import chess_clock as domain
from judging.models import ChessClock, RoundClock
from judging.services.chess_clock import chess_clock_start
from tests.races.builders import race_event, race_round
from tests.races.conftest import Racer, client_for
from tournaments.models import Game, RoundStatus

TRIALS = int(os.environ.get("RACE_TRIALS", "100"))

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _table(users: dict[str, Any]) -> tuple[Game, str]:
    """Bob v Carol at table 1 of a published round whose round clock runs."""
    event, players = race_event(users, players=4)
    round_ = race_round(event, players, RoundStatus.PUBLISHED)
    RoundClock.objects.create(
        round=round_, length_minutes=150, started_at=timezone.now() - timedelta(minutes=10)
    )
    game = Game.objects.select_related("round__event").get(round=round_, player_one=players[0])
    return game, f"/api/events/{event.slug}/games/{game.pk}/chess-clock/switch/"


def _restart(game: Game, users: dict[str, Any]) -> None:
    ChessClock.objects.filter(game=game).delete()
    chess_clock_start(game=game, player=game.player_one, by=users["bob"])


def _unsound(log: domain.ChessClock, stored_status: str) -> str:
    """Why the log is not a clock that could have happened, or "" if it is sound."""
    if stored_status != log.status.value:
        return f"stored status {stored_status} but the log ends {log.status.value}"
    ids = [e.action_id for e in log.entries if e.action_id]
    if len(ids) != len(set(ids)):
        return f"an action id recorded twice: {ids}"
    for before, after in zip(log.entries, log.entries[1:], strict=False):
        if after.at < before.at:
            return "entries out of time order"
        if after.kind is domain.Kind.SWITCHED and after.running != domain.other(before.running or "A"):
            return "a switch that did not move the time to the other side"
        if any(a > b for a, b in zip(after.pools, before.pools, strict=True)):
            return "a pool grew"
    return ""


def test_a_doubled_tap_from_two_connections_is_recorded_once(users, racer: Racer) -> None:
    """The same action id sent twice at once (a phone retrying while its first request is
    still in flight): one switch, and both answers show the clock as it stands."""
    game, url = _table(users)
    phones = [client_for(users["bob"]), client_for(users["bob"])]
    wrong, codes = 0, Counter[int]()
    for _ in range(TRIALS):
        _restart(game, users)
        tap = {"from_seat": "A", "action_id": uuid.uuid4().hex}
        answers = racer.run(*(partial(phone.post, url, tap, format="json") for phone in phones))
        codes.update(a.status_code for a in answers)
        row = ChessClock.objects.get(game=game)
        log = row.facts()
        switches = [e for e in log.entries if e.kind is domain.Kind.SWITCHED]
        if len(switches) != 1 or _unsound(log, row.status) or {a.json()["running"] for a in answers} != {"B"}:
            wrong += 1
    assert wrong == 0, f"{wrong} of {TRIALS} trials recorded the doubled tap other than once; {dict(codes)}"
    assert set(codes) == {200}, codes


def test_both_players_tapping_at_once_make_one_switch(users, racer: Racer) -> None:
    """Bob and Carol both press while Bob's time runs (two taps, two ids, both from A): one
    switch to Carol is recorded; the other tap is refused as stale, never a switch back."""
    game, url = _table(users)
    bob, carol = client_for(users["bob"]), client_for(users["carol"])
    wrong, codes, refusals = 0, Counter[int](), Counter[str]()
    for _ in range(TRIALS):
        _restart(game, users)
        answers = racer.run(
            partial(bob.post, url, {"from_seat": "A", "action_id": uuid.uuid4().hex}, format="json"),
            partial(carol.post, url, {"from_seat": "A", "action_id": uuid.uuid4().hex}, format="json"),
        )
        codes.update(a.status_code for a in answers)
        refusals.update(a.json().get("code", "") for a in answers if a.status_code == 400)
        row = ChessClock.objects.get(game=game)
        log = row.facts()
        switches = [e for e in log.entries if e.kind is domain.Kind.SWITCHED]
        last = log.last
        ok = sorted(a.status_code for a in answers) == [200, 400] and last is not None and last.running == "B"
        if len(switches) != 1 or _unsound(log, row.status) or not ok:
            wrong += 1
    assert wrong == 0, f"{wrong} of {TRIALS} trials switched other than once; {dict(codes)} {dict(refusals)}"
    assert set(refusals) == {"stale-switch"}, refusals
