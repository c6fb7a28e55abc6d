"""Races on the TO's, judges' and players' writes, with real parallel requests on PostgreSQL.

Each test runs TRIALS trials of two requests released together by a barrier (see
conftest.Racer) and counts the trials that left the data wrong; the count must be 0.
The counts measured before the fixes are in docs/reliability.md.
"""

from __future__ import annotations

import os
import random
import uuid
from collections import Counter
from functools import partial
from typing import Any

import pytest

from tests.races.builders import race_event, race_round, reset_game
from tests.races.conftest import Racer, client_for
from tournaments.models import AuditEntry, Game, ResultReport, ResultStatus, Round, RoundStatus

TRIALS = int(os.environ.get("RACE_TRIALS", "100"))

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _round_url(event: Any, number: int, action: str) -> str:
    return f"/api/events/{event.slug}/rounds/{number}/{action}/"


def _seats(round_: Round) -> Counter[int]:
    seats: Counter[int] = Counter()
    for one, two in Game.objects.filter(round=round_).values_list("player_one_id", "player_two_id"):
        seats[one] += 1
        if two is not None:
            seats[two] += 1
    return seats


def test_concurrent_player_swaps_never_seat_a_player_twice(users, racer: Racer) -> None:
    """Two tabs swapping overlapping players on a draft round (8 of 20 corrupted)."""
    event, players = race_event(users, players=8)
    round_ = race_round(event, players, RoundStatus.PAIRED)
    url = _round_url(event, 1, "swap-players")
    tabs = [client_for(users["alice"]), client_for(users["alice"])]
    rng = random.Random(14)
    everyone = {p.pk for p in players}
    corrupted, codes = 0, Counter[int]()
    for _ in range(TRIALS):
        a, b, c = rng.sample(players, 3)
        first, second = tabs
        answers = racer.run(
            partial(first.post, url, {"players": [a.external_id, b.external_id]}, format="json"),
            partial(second.post, url, {"players": [a.external_id, c.external_id]}, format="json"),
        )
        codes.update(r.status_code for r in answers)
        seats = _seats(round_)
        if set(seats) != everyone or any(n != 1 for n in seats.values()):
            corrupted += 1
            # Put the round back so the next trial starts from a sound draft.
            Game.objects.filter(round=round_).delete()
            round_.delete()
            round_ = race_round(event, players, RoundStatus.PAIRED)
    assert corrupted == 0, f"{corrupted} of {TRIALS} trials seated a player twice; answers {dict(codes)}"
    assert set(codes) <= {200, 400}, codes


def test_concurrent_table_swaps_never_put_two_games_on_one_table(users, racer: Racer) -> None:
    """Two tabs swapping overlapping tables (12-17 of 20 corrupted)."""
    event, players = race_event(users, players=8)
    round_ = race_round(event, players, RoundStatus.PAIRED)
    url = _round_url(event, 1, "swap-tables")
    tabs = [client_for(users["alice"]), client_for(users["alice"])]
    rng = random.Random(14)
    corrupted, codes = 0, Counter[int]()
    for _ in range(TRIALS):
        x, y, z = rng.sample([1, 2, 3, 4], 3)
        first, second = tabs
        answers = racer.run(
            partial(first.post, url, {"tables": [x, y]}, format="json"),
            partial(second.post, url, {"tables": [y, z]}, format="json"),
        )
        codes.update(r.status_code for r in answers)
        tables = sorted(Game.objects.filter(round=round_).values_list("table__number", flat=True))
        if tables != [1, 2, 3, 4]:
            corrupted += 1
            round_.delete()
            round_ = race_round(event, players, RoundStatus.PAIRED)
    assert corrupted == 0, f"{corrupted} of {TRIALS} trials put two games on one table; answers {dict(codes)}"
    assert codes == Counter({200: 2 * TRIALS}), codes


def test_double_publish_publishes_once(users, racer: Racer) -> None:
    """Publish clicked twice at once (two 200s and two audit entries in 28 of 30)."""
    tabs = [client_for(users["alice"]), client_for(users["alice"])]
    corrupted, codes = 0, Counter[int]()
    for _ in range(TRIALS):
        event, players = race_event(users, players=4)
        race_round(event, players, RoundStatus.PAIRED)
        url = _round_url(event, 1, "publish")
        first, second = tabs
        # Nobody has a roster here: both tabs publish past the pre-round check.
        body = {"confirm": True}
        answers = racer.run(
            partial(first.post, url, body, format="json"), partial(second.post, url, body, format="json")
        )
        statuses = sorted(r.status_code for r in answers)
        codes.update(statuses)
        published = AuditEntry.objects.filter(event=event, action="round-published").count()
        if statuses != [200, 400] or published != 1:
            corrupted += 1
        else:
            refused = next(r for r in answers if r.status_code == 400)
            assert refused.json()["code"] == "published"
    assert corrupted == 0, f"{corrupted} of {TRIALS} trials published twice; answers {dict(codes)}"


def test_two_judges_ruling_at_once_never_lose_a_ruling_silently(users, racer: Racer) -> None:
    """Two judges correct the same result from the same version: one stands, the other hears 409."""
    event, players = race_event(users, players=2)
    round_ = race_round(event, players, RoundStatus.PUBLISHED)
    game = Game.objects.get(round=round_)
    url = f"/api/events/{event.slug}/games/{game.pk}/result/"
    hank, judy = client_for(users["hank"]), client_for(users["judy"])
    corrupted, codes = 0, Counter[int]()
    for trial in range(TRIALS):
        version = Game.objects.values_list("version", flat=True).get(pk=game.pk)
        rulings = ([10 + trial % 7, 4], [4, 10 + trial % 5])
        answers = racer.run(
            partial(hank.post, url, {"vp": rulings[0], "reason": "Hank", "version": version}, format="json"),
            partial(judy.post, url, {"vp": rulings[1], "reason": "Judy", "version": version}, format="json"),
        )
        statuses = [r.status_code for r in answers]
        codes.update(statuses)
        stored = Game.objects.get(pk=game.pk)
        if sorted(statuses) != [200, 409]:
            corrupted += 1  # both told "saved", and one of them silently lost
            continue
        winner = statuses.index(200)
        loser = answers[1 - winner].json()
        if [stored.vp_one, stored.vp_two] != rulings[winner] or loser["code"] != "stale-version":
            corrupted += 1
        elif loser["current"]["vp"] != rulings[winner]:
            corrupted += 1  # the 409 must show the ruling that now stands
    assert corrupted == 0, f"{corrupted} of {TRIALS} trials lost a ruling silently; answers {dict(codes)}"


def test_doubled_report_is_stored_once(users, racer: Racer) -> None:
    """The same report sent twice at once (a double tap, a retry): one report, two identical 200s."""
    event, players = race_event(users, players=2)
    round_ = race_round(event, players, RoundStatus.PUBLISHED)
    game = Game.objects.get(round=round_)
    url = f"/api/events/{event.slug}/games/{game.pk}/report/"
    phone, retry = client_for(users["bob"]), client_for(users["bob"])
    corrupted, codes = 0, Counter[int]()
    for _ in range(TRIALS):
        reset_game(game)
        key = str(uuid.uuid4())
        body = {"vp": [12, 3], "details": {"battle_rounds": 5}}
        answers = racer.run(
            partial(phone.post, url, body, format="json", HTTP_IDEMPOTENCY_KEY=key),
            partial(retry.post, url, body, format="json", HTTP_IDEMPOTENCY_KEY=key),
        )
        statuses = [r.status_code for r in answers]
        codes.update(statuses)
        stored = ResultReport.objects.filter(game=game).count()
        if statuses != [200, 200] or stored != 1 or answers[0].json() != answers[1].json():
            corrupted += 1
    assert corrupted == 0, f"{corrupted} of {TRIALS} doubled reports went wrong; answers {dict(codes)}"


def test_doubled_confirmation_answers_success_both_times(users, racer: Racer) -> None:
    """A confirmation and its retry at once: stored once, and the retry is told it succeeded."""
    event, players = race_event(users, players=2)
    round_ = race_round(event, players, RoundStatus.PUBLISHED)
    game = Game.objects.get(round=round_)
    report_url = f"/api/events/{event.slug}/games/{game.pk}/report/"
    confirm_url = f"/api/events/{event.slug}/games/{game.pk}/confirm/"
    phone, retry = client_for(users["carol"]), client_for(users["carol"])
    corrupted, codes = 0, Counter[int]()
    for trial in range(TRIALS):
        reset_game(game)
        if trial == 0:  # through the API once; then the same state straight to the database
            bob = client_for(users["bob"])
            assert (
                bob.post(
                    report_url, {"vp": [12, 3], "details": {"battle_rounds": 5}}, format="json"
                ).status_code
                == 200
            )
        else:
            ResultReport.objects.create(
                game=game,
                reporter=players[0],
                outcome="played",
                vp_one=12,
                vp_two=3,
                details={"battle_rounds": 5},
            )
            Game.objects.filter(pk=game.pk).update(result_status=ResultStatus.AWAITING)
        key = str(uuid.uuid4())
        answers = racer.run(
            partial(phone.post, confirm_url, format="json", HTTP_IDEMPOTENCY_KEY=key),
            partial(retry.post, confirm_url, format="json", HTTP_IDEMPOTENCY_KEY=key),
        )
        statuses = [r.status_code for r in answers]
        codes.update(statuses)
        stored = Game.objects.get(pk=game.pk)
        carol_reports = ResultReport.objects.filter(game=game, reporter=players[1]).count()
        if (
            statuses != [200, 200]
            or carol_reports != 1
            or stored.result_status != ResultStatus.CONFIRMED
            or answers[0].json() != answers[1].json()
        ):
            corrupted += 1
    assert corrupted == 0, f"{corrupted} of {TRIALS} doubled confirmations went wrong; answers {dict(codes)}"


def test_two_repairs_at_once_leave_one_pairing(users, racer: Racer) -> None:
    """Re-pair clicked in two tabs: one set of games, every player seated once."""
    event, players = race_event(users, players=8)
    round_ = race_round(event, players, RoundStatus.PAIRED)
    url = _round_url(event, 1, "repair")
    tabs = [client_for(users["alice"]), client_for(users["alice"])]
    everyone = {p.pk for p in players}
    corrupted, codes = 0, Counter[int]()
    for trial in range(TRIALS):
        first, second = tabs
        answers = racer.run(
            partial(first.post, url, {"seed": 2 * trial + 1}, format="json"),
            partial(second.post, url, {"seed": 2 * trial + 2}, format="json"),
        )
        codes.update(r.status_code for r in answers)
        seats = _seats(round_)
        if (
            any(r.status_code >= 500 for r in answers)
            or set(seats) != everyone
            or any(n != 1 for n in seats.values())
        ):
            corrupted += 1
            round_.delete()
            round_ = race_round(event, players, RoundStatus.PAIRED)
    assert corrupted == 0, f"{corrupted} of {TRIALS} double re-pairs went wrong; answers {dict(codes)}"


def test_a_roster_submitted_from_two_tabs_at_once_is_stored(users, racer: Racer) -> None:
    """Two first submissions of the same slot: both answered, one roster, never a 500."""
    from rosters.models import Roster
    from tests.builders.documents import raynor
    from tournaments.models import Event, EventStatus

    event, players = race_event(users, players=2)
    # Before play: rosters lock once round 1 is paired (the event runs).
    Event.objects.filter(pk=event.pk).update(status=EventStatus.REGISTRATION)
    bob = players[0]
    url = f"/api/events/{event.slug}/rosters/"
    tabs = [client_for(users["bob"]), client_for(users["bob"])]
    corrupted, codes = 0, Counter[int]()
    for _ in range(TRIALS):
        Roster.objects.filter(player=bob).delete()
        first, second = tabs
        answers = racer.run(
            partial(first.post, url, {"slot": 1, "content": raynor()}, format="json"),
            partial(second.post, url, {"slot": 1, "content": raynor()}, format="json"),
        )
        statuses = [r.status_code for r in answers]
        codes.update(statuses)
        if statuses != [201, 201] or Roster.objects.filter(player=bob).count() != 1:
            corrupted += 1
    assert corrupted == 0, f"{corrupted} of {TRIALS} double submissions went wrong; answers {dict(codes)}"


def test_two_disqualifications_proposed_at_once_make_one_proposal(users, racer: Racer) -> None:
    """The Head Judge and the TO propose the same Disqualification at once: one stands."""
    from judging.models import Penalty, PenaltyStatus

    event, players = race_event(users, players=2)
    url = f"/api/events/{event.slug}/penalties/"
    body = {
        "player": players[0].external_id,
        "level": "disqualification",
        "infraction": "conduct",
        "notes": "Threatened an opponent.",
    }
    hank, alice = client_for(users["hank"]), client_for(users["alice"])
    corrupted, codes = 0, Counter[int]()
    for _ in range(TRIALS):
        Penalty.objects.filter(event=event).delete()
        answers = racer.run(
            partial(hank.post, url, body, format="json"), partial(alice.post, url, body, format="json")
        )
        statuses = sorted(r.status_code for r in answers)
        codes.update(statuses)
        pending = Penalty.objects.filter(event=event, status=PenaltyStatus.PENDING).count()
        if statuses != [201, 400] or pending != 1:
            corrupted += 1
    assert corrupted == 0, f"{corrupted} of {TRIALS} double proposals went wrong; answers {dict(codes)}"
