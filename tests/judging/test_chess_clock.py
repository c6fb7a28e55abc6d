"""A table's chess clock end to end (OP Guide: Chess Clocks): the services under the game's
row lock, the API with its codes, the players' fragment on the table view, the judges'
queue and evidence page, and the event/1 export."""

from __future__ import annotations

import json
import uuid
from datetime import UTC, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from interchange.event_export import export_event
from interchange.event_import import import_event
from judging.domain.chess_clock import Entry
from judging.models import ChessClock
from judging.services import clock_pause, clock_start
from judging.services.chess_clock import (
    chess_clock_acknowledge,
    chess_clock_call_judge,
    chess_clock_lend,
    chess_clock_rule,
    chess_clock_start,
    chess_clock_switch,
)
from standings.eventfile import parse_event
from tests.interchange.test_round_trip import without_slug
from tournaments.errors import ServiceError
from tournaments.models import AuditEntry, Event, RoundStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def running(round_one, users):
    """Round 1 with its round clock running."""
    clock_start(round_=round_one, by=users["alice"])
    return round_one


@pytest.fixture
def game(world, running):
    return world.game(world.bob)


def _client(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _web(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _url(world, game, tail: str = "") -> str:
    return str(world.api_url(f"games/{game.pk}/chess-clock/{tail}"))


def _last(row: ChessClock) -> Entry:
    last = row.facts().last
    assert last is not None
    return last


# --- services --------------------------------------------------------------------------------


def test_either_player_starts_it_for_both_with_half_the_round_left_less_five_minutes(world, game, users):
    row = chess_clock_start(game=game, player=world.carol, by=users["carol"])
    pools = row.facts().entries[0].pools
    # 150 minutes in the round (StarCraft), a few seconds gone: about 72:30 each, exactly equal.
    assert pools[0] == pools[1]
    assert 72 * 60_000 < pools[0] <= 72 * 60_000 + 30_000
    assert row.status == "running"
    assert _last(row).running == "B"
    assert AuditEntry.objects.filter(action="chess-clock-started").count() == 1


def test_the_round_clock_must_be_running(world, round_one, users):
    game = world.game(world.bob)
    with pytest.raises(ServiceError) as refused:
        chess_clock_start(game=game, player=world.bob, by=users["bob"])
    assert refused.value.code == "round-clock-not-running"
    clock_start(round_=round_one, by=users["alice"])
    clock_pause(round_=round_one, by=users["alice"])
    with pytest.raises(ServiceError) as paused:
        chess_clock_start(game=game, player=world.bob, by=users["bob"])
    assert paused.value.code == "round-clock-not-running"
    assert not ChessClock.objects.filter(game=game).exclude(log=[]).exists()  # nothing half-saved


def test_too_little_time_left_is_refused(world, game, users):
    later = timezone.now() + timedelta(minutes=146)
    with pytest.raises(ServiceError) as refused:
        chess_clock_start(game=game, player=world.bob, by=users["bob"], at=later)
    assert refused.value.code == "too-little-time"


def test_only_the_tables_players_use_it_and_only_judges_rule(world, game, users):
    with pytest.raises(ServiceError) as other:
        chess_clock_start(game=game, player=world.dan, by=users["bob"])
    assert other.value.code == "not-your-game"
    chess_clock_start(game=game, player=world.bob, by=users["bob"])
    chess_clock_call_judge(game=game, player=world.bob, action_id="c1", by=users["bob"])
    with pytest.raises(ServiceError) as player_rules:
        chess_clock_rule(game=game, ruling="I win", by=users["bob"])
    assert player_rules.value.code == "not-allowed"
    chess_clock_rule(game=game, ruling="Cover applies", by=users["judy"])
    assert ChessClock.objects.get(game=game).status == "running"


def test_stale_and_doubled_taps_do_not_corrupt_the_state(world, game, users):
    chess_clock_start(game=game, player=world.bob, by=users["bob"])
    chess_clock_switch(game=game, player=world.bob, from_seat="A", action_id="t1", by=users["bob"])
    # The same tap arrives again (a retry): recorded once.
    chess_clock_switch(game=game, player=world.bob, from_seat="A", action_id="t1", by=users["bob"])
    # Carol's phone, not yet refreshed, also taps "from Bob": stale, refused.
    with pytest.raises(ServiceError) as stale:
        chess_clock_switch(game=game, player=world.carol, from_seat="A", action_id="t2", by=users["carol"])
    assert stale.value.code == "stale-switch"
    row = ChessClock.objects.get(game=game)
    assert [e.kind.value for e in row.facts().entries] == ["started", "switched"]
    assert _last(row).running == "B"


def test_the_absent_opponent_flow_goes_through_a_judge(world, game, users):
    row = chess_clock_start(game=game, player=world.bob, by=users["bob"], on_opponents_time=True)
    assert row.status == "awaiting-judge"
    # The judges' queue shows it at once.
    queue = _web(users["judy"]).get(world.url("judge/"))
    assert "asks to start on the absent opponent" in queue.content.decode()
    with pytest.raises(ServiceError) as not_judge:
        chess_clock_acknowledge(game=game, by=users["carol"])
    assert not_judge.value.code == "not-allowed"
    row = chess_clock_acknowledge(game=game, by=users["judy"])
    assert row.status == "running"
    assert _last(row).running == "B"
    assert _last(row).by == "judy (judge)"


def test_lending_is_the_lenders_own_choice(world, game, users):
    chess_clock_start(game=game, player=world.bob, by=users["bob"])
    row = chess_clock_lend(game=game, player=world.carol, on=True, by=users["carol"])
    assert _last(row).lender == "B"
    row = chess_clock_lend(game=game, player=world.carol, on=False, by=users["carol"])
    assert _last(row).lender is None


def test_a_closed_round_no_longer_changes_and_byes_have_no_clock(world, game, users, running):
    chess_clock_start(game=game, player=world.bob, by=users["bob"])
    running.status = RoundStatus.CLOSED
    running.save()
    with pytest.raises(ServiceError) as closed:
        chess_clock_switch(game=game, player=world.bob, from_seat="A", action_id="t1", by=users["bob"])
    assert closed.value.code == "not-open"


def test_the_log_is_append_only(world, game, users):
    row = chess_clock_start(game=game, player=world.bob, by=users["bob"])
    from judging.domain.chess_clock import ChessClock as Facts

    with pytest.raises(ValueError, match="append-only"):
        row.store(Facts())


# --- API -------------------------------------------------------------------------------------


def test_api_start_switch_call_and_ruling(world, game, users):
    bob, carol, judy = _client(users["bob"]), _client(users["carol"]), _client(users["judy"])
    read = carol.get(_url(world, game))
    assert read.status_code == 200
    assert read.json()["status"] == "not-started"
    started = bob.post(_url(world, game, "start/"), {}, format="json")
    assert started.status_code == 200, started.content
    body = started.json()
    assert body["status"] == "running"
    assert body["running"] == "A"
    assert body["you"] == "A"
    assert body["seats"][0]["name"] == "Bob"
    assert body["seats"][1]["remaining_ms"] > 0
    assert body["zero_at"] is not None
    # Carol sees it at once and cannot refuse: there is no stop.
    assert carol.get(_url(world, game)).json()["status"] == "running"
    tap = {"from_seat": "A", "action_id": uuid.uuid4().hex}
    assert bob.post(_url(world, game, "switch/"), tap, format="json").json()["running"] == "B"
    again = bob.post(_url(world, game, "switch/"), tap, format="json")
    assert again.status_code == 200
    assert again.json()["version"] == 2
    stale = carol.post(_url(world, game, "switch/"), {"from_seat": "A", "action_id": "x2"}, format="json")
    assert stale.status_code == 400
    assert stale.json()["code"] == "stale-switch"
    called = carol.post(_url(world, game, "call-judge/"), {"action_id": "c1"}, format="json")
    assert called.json()["status"] == "paused"
    assert called.json()["waiting"]["reason"] == "judge-call"
    assert judy.post(_url(world, game, "ruling/"), {"ruling": "  "}, format="json").status_code == 400
    ruled = judy.post(_url(world, game, "ruling/"), {"ruling": "The unit is in cover."}, format="json")
    assert ruled.status_code == 200
    assert ruled.json()["status"] == "running"
    assert ruled.json()["running"] == "B"
    assert ruled.json()["last_ruling"]["text"] == "The unit is in cover."
    assert ruled.json()["you"] is None


def test_api_absent_start_and_acknowledge(world, game, users):
    bob, judy = _client(users["bob"]), _client(users["judy"])
    asked = bob.post(_url(world, game, "start/"), {"on_opponents_time": True}, format="json")
    assert asked.json()["status"] == "awaiting-judge"
    assert asked.json()["waiting"]["reason"] == "absent-start"
    again = bob.post(_url(world, game, "start/"), {"on_opponents_time": True}, format="json")
    assert again.status_code == 400
    assert again.json()["code"] == "already-requested"
    told = judy.post(_url(world, game, "acknowledge/"), format="json")
    assert told.status_code == 200
    assert told.json()["running"] == "B"
    none = judy.post(_url(world, game, "acknowledge/"), format="json")
    assert none.json()["code"] == "no-request"


def test_api_permissions(world, game, users):
    dan = _client(users["dan"]) if "dan" in users else None
    judy, bob = _client(users["judy"]), _client(users["bob"])
    anonymous = APIClient()
    assert anonymous.get(_url(world, game)).status_code == 404
    assert anonymous.post(_url(world, game, "start/"), {}, format="json").status_code == 401
    assert judy.post(_url(world, game, "start/"), {}, format="json").status_code == 404  # judges don't play
    assert bob.post(_url(world, game, "ruling/"), {"ruling": "x"}, format="json").status_code == 404
    other = world.game(world.dan)
    assert bob.get(_url(world, other)).status_code == 404
    assert dan is None or dan.get(_url(world, game)).status_code == 404


def test_api_round_clock_not_running_is_a_400_with_its_code(world, round_one, users):
    game = world.game(world.bob)
    answer = _client(users["bob"]).post(_url(world, game, "start/"), {}, format="json")
    assert answer.status_code == 400
    assert answer.json()["code"] == "round-clock-not-running"


# --- web -------------------------------------------------------------------------------------


def test_the_table_view_loads_the_clock_and_a_tap_switches_it(world, game, users):
    bob = _web(users["bob"])
    page = bob.get(world.url("me/")).content.decode()
    state_url = f"/e/{world.event.slug}/games/{game.pk}/chess-clock/state/"
    assert state_url in page
    fragment = bob.get(state_url).content.decode()
    assert "Start the chess clock" in fragment
    act = f"/e/{world.event.slug}/games/{game.pk}/chess-clock/act/"
    answer = bob.post(act, {"action": "start"}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    assert "Bob's time is running" in answer.content.decode()
    carol = _web(users["carol"])
    seen = carol.get(state_url).content.decode()
    assert "Switch to Carol" in seen  # a shared phone: whoever holds it taps for the side running
    row = ChessClock.objects.get(game=game)
    assert carol.get(f"{state_url}?v={row.facts().version}-00").status_code == 204  # unchanged poll
    tap = {"action": "switch", "from": "A", "action_id": "web-1", "next": "me"}
    assert carol.post(act, tap).status_code == 302
    assert carol.post(act, tap).status_code == 302  # the form sent twice
    assert ChessClock.objects.get(game=game).facts().version == 2
    stale = bob.post(act, {**tap, "action_id": "web-2"}, HTTP_HX_REQUEST="true").content.decode()
    assert "out of date" in stale


def test_at_zero_the_players_screen_shows_the_systems_running_out_rules(world, round_one, users):
    now = timezone.now()
    # The round clock started 144:50 ago: 5:50 were left 40 s ago, when Bob started the chess
    # clock (25 s each after the 5-minute buffer). His 25 s have run out since.
    clock_start(round_=round_one, by=users["alice"], at=now - timedelta(minutes=144, seconds=50))
    game = world.game(world.bob)
    chess_clock_start(game=game, player=world.bob, by=users["bob"], at=now - timedelta(seconds=40))
    state = f"/e/{world.event.slug}/games/{game.pk}/chess-clock/state/"
    html = _web(users["bob"]).get(state).content.decode()
    assert "Your clock has reached zero" in html
    assert "Hold action" in html  # StarCraft's list, from templates/games/starcraft_tmg/
    theirs = _web(users["carol"]).get(state).content.decode()
    assert "Bob&#x27;s clock has reached zero" in theirs or "Bob's clock has reached zero" in theirs
    assert "Let Bob use my remaining minutes" in theirs
    act = f"/e/{world.event.slug}/games/{game.pk}/chess-clock/act/"
    lent = _web(users["carol"]).post(act, {"action": "lend-on"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Withdraw my minutes from Bob" in lent
    assert "reached zero" not in lent


def test_the_judges_evidence_page_lists_every_switch_with_time_used(world, round_one, users):
    t = timezone.now() - timedelta(seconds=200)
    clock_start(round_=round_one, by=users["alice"], at=t - timedelta(minutes=10))
    game = world.game(world.bob)
    chess_clock_start(game=game, player=world.bob, by=users["bob"], at=t)
    chess_clock_switch(
        game=game,
        player=world.bob,
        from_seat="A",
        action_id="1",
        by=users["bob"],
        at=t + timedelta(seconds=75),
    )
    chess_clock_call_judge(
        game=game, player=world.carol, action_id="c", by=users["carol"], at=t + timedelta(seconds=95)
    )
    judy = _web(users["judy"])
    url = f"/e/{world.event.slug}/judge/games/{game.pk}/chess-clock/"
    page = judy.get(url).content.decode()
    assert "Bob: 1:15" in page
    assert "Carol: 0:20" in page
    assert "Judge called: clock paused" in page
    blank = judy.post(f"{url}ruling/", {"ruling": "  "})
    html = blank.content.decode()
    assert blank.status_code == 200
    assert "Write the ruling" in html
    assert judy.post(f"{url}ruling/", {"ruling": "Play on"}).status_code == 302
    page = judy.get(url).content.decode()
    assert "Play on" in page
    assert "Ruling: clock running again" in page
    overview = judy.get(f"/e/{world.event.slug}/judge/chess-clocks/").content.decode()
    assert f"chess-row-{game.pk}" in overview
    # The penalty form links the evidence when the judge picks one of the players.
    advice = judy.get(f"/e/{world.event.slug}/judge/penalties/advice/?player={world.bob.pk}").content.decode()
    assert url in advice


# --- event/1 ---------------------------------------------------------------------------------


def test_the_full_export_carries_chess_clocks_and_imports_them_identically(world, game, users):
    chess_clock_start(game=game, player=world.bob, by=users["bob"])
    chess_clock_switch(game=game, player=world.bob, from_seat="A", action_id="1", by=users["bob"])
    full = export_event(world.event)
    assert [c["game"] for c in full["chess_clocks"]] == [{"round": 1, "table": 1}]
    assert len(full["chess_clocks"][0]["log"]) == 2
    assert "chess_clocks" not in export_event(world.event, public=True)
    copy = import_event(parse_event(json.loads(json.dumps(full))), slug="copied-chess")
    again = export_event(Event.objects.get(slug=copy.slug))
    assert again["chess_clocks"] == full["chess_clocks"]
    assert without_slug(again) == without_slug(full)  # export, import, export: identical


# --- When Time Is Called: the round's end stops the chess clocks --------------------------------


def test_the_round_clock_reaching_its_end_stops_a_running_chess_clock(world, round_one, users):
    """Bob's 11:30 stand frozen at the round's end, not drained by the 10 minutes since; the
    next tap stores the freeze in the log (deterministically the same entry) and is refused."""
    now = timezone.now().replace(microsecond=0)
    length = timedelta(minutes=world.event.round_minutes + world.event.first_round_extra_minutes)
    t0 = now - length - timedelta(minutes=10)  # the round ended 10 minutes ago
    end = t0 + length
    clock_start(round_=round_one, by=users["alice"], at=t0)
    game = world.game(world.bob)
    chess_clock_start(game=game, player=world.bob, by=users["bob"], at=end - timedelta(minutes=50))
    # 50 minutes left: 22:30 each. Bob plays 20 minutes, then Carol calls a judge a minute in.
    chess_clock_switch(
        game=game,
        player=world.bob,
        from_seat="A",
        action_id="t1",
        by=users["bob"],
        at=end - timedelta(minutes=30),
    )
    chess_clock_call_judge(
        game=game, player=world.carol, action_id="j1", by=users["carol"], at=end - timedelta(minutes=29)
    )
    chess_clock_rule(game=game, ruling="In cover.", by=users["judy"], at=end - timedelta(minutes=10))
    assert ChessClock.objects.get(game=game).status == "running"  # nothing stored yet

    body = _client(users["carol"]).get(_url(world, game)).json()
    assert body["status"] == "time-called"
    assert body["time_called_at"] == end.isoformat()
    assert body["running"] is None
    assert body["zero_at"] is None
    # Carol: 22:30 - 1:00 before the call, then 10 minutes from the ruling to the end.
    assert body["seats"][1]["remaining_ms"] == (21 * 60 + 30 - 10 * 60) * 1000
    assert body["seats"][0]["remaining_ms"] == (2 * 60 + 30) * 1000
    screen = _web(users["carol"]).get(f"/e/{world.event.slug}/games/{game.pk}/chess-clock/state/")
    html = screen.content.decode()
    assert "Time has been called for the round" in html
    assert 'id="chess-switch"' not in html

    refused = _client(users["carol"]).post(
        _url(world, game, "switch/"), {"from_seat": "B", "action_id": "t2"}
    )
    assert refused.status_code == 400
    assert refused.json()["code"] == "time-called"
    row = ChessClock.objects.get(game=game)
    assert row.status == "time-called"  # stored although the tap was refused
    stored = _last(row)
    assert stored.at == end
    assert stored.kind.value == "time-called"
    assert list(stored.pools) == [s["remaining_ms"] for s in body["seats"]]
    assert AuditEntry.objects.filter(event=world.event, action="chess-clock-time-called").count() == 1
    evidence = _web(users["judy"]).get(world.url(f"judge/games/{game.pk}/chess-clock/")).content.decode()
    assert "Round time called: clock stopped" in evidence


def test_calling_time_stops_every_chess_clock_of_the_round_at_once(world, round_one, users):
    from judging.services import clock_call_time

    now = timezone.now().replace(microsecond=0)
    t0 = now - timedelta(minutes=60)
    clock_start(round_=round_one, by=users["alice"], at=t0)
    one, two = world.game(world.bob), world.game(world.dan)
    chess_clock_start(game=one, player=world.bob, by=users["bob"], at=t0 + timedelta(minutes=10))
    chess_clock_start(game=two, player=world.dan, by=users["alice"], on_opponents_time=True, at=t0)
    clock_call_time(round_=round_one, by=users["alice"], at=t0 + timedelta(minutes=30))
    first, second = ChessClock.objects.get(game=one), ChessClock.objects.get(game=two)
    assert first.status == second.status == "time-called"
    started = first.facts().entries[0]
    assert _last(first).pools == (started.pools[0] - 20 * 60 * 1000, started.pools[1])
    # A request nobody answered is closed: the judges' queue no longer waits for it.
    assert (
        "asks to start on the absent opponent"
        not in _web(users["judy"]).get(world.url("judge/")).content.decode()
    )
    with pytest.raises(ServiceError) as late:
        chess_clock_acknowledge(game=two, by=users["judy"])
    assert late.value.code == "time-called"
    # An hour on, the pools read exactly as frozen.
    later = _client(users["bob"]).get(_url(world, one)).json()
    assert [s["remaining_ms"] for s in later["seats"]] == list(_last(first).pools)


def test_after_time_is_called_a_clock_never_started_does_not_start_on_anyones_time(world, round_one, users):
    from judging.services import clock_call_time

    now = timezone.now().replace(microsecond=0)
    t0 = now - timedelta(minutes=60)
    clock_start(round_=round_one, by=users["alice"], at=t0)
    clock_call_time(round_=round_one, by=users["alice"], at=t0 + timedelta(minutes=30))
    game = world.game(world.bob)
    for on_opponents_time in (False, True):
        with pytest.raises(ServiceError) as refused:
            chess_clock_start(
                game=game, player=world.bob, by=users["bob"], on_opponents_time=on_opponents_time
            )
        assert refused.value.code == "time-called"
    assert not ChessClock.objects.filter(game=game).exclude(log=[]).exists()
    answer = _client(users["bob"]).post(
        _url(world, game, "start/"), {"on_opponents_time": True}, format="json"
    )
    assert answer.status_code == 400
    assert answer.json()["code"] == "time-called"


# --- a round's chess clocks for the judges and the TO (API) ------------------------------------


def _round_url(world, number: int = 1) -> str:
    return str(world.api_url(f"rounds/{number}/chess-clocks/"))


def test_api_lists_a_rounds_chess_clocks_for_the_judges_and_the_to(world, game, users):
    other = world.game(world.dan)
    chess_clock_start(game=game, player=world.bob, by=users["bob"])
    chess_clock_start(game=other, player=world.dan, by=users["alice"], on_opponents_time=True)
    for who in ("alice", "hank", "judy"):
        answer = _client(users[who]).get(_round_url(world))
        assert answer.status_code == 200, who
        body = answer.json()["results"]
        assert answer.json()["count"] == 2
        assert [c["table"] for c in body] == [1, 2]
        assert [c["status"] for c in body] == ["running", "awaiting-judge"]
        assert body[1]["waiting"]["reason"] == "absent-start"
        assert all(c["you"] is None for c in body)
        assert body[0]["seats"][0]["name"] == "Bob"
    assert _client(users["alice"]).get(_round_url(world, 9)).status_code == 404


def test_api_round_chess_clocks_are_not_for_players_or_anonymous(world, game, users):
    chess_clock_start(game=game, player=world.bob, by=users["bob"])
    # Players read their own table at games/<id>/chess-clock/; the floor's list is the judges'.
    for who in ("bob", "carol", "mallory"):
        assert _client(users[who]).get(_round_url(world)).status_code == 404, who
    assert APIClient().get(_round_url(world)).status_code == 404


def test_api_round_chess_clocks_read_time_called_and_stay_bounded_in_queries(
    world, round_one, users, django_assert_max_num_queries
):
    from judging.services import clock_call_time

    now = timezone.now().replace(microsecond=0)
    clock_start(round_=round_one, by=users["alice"], at=now - timedelta(minutes=30))
    for player in (world.bob, world.dan):
        chess_clock_start(
            game=world.game(player), player=player, by=users["alice"], at=now - timedelta(minutes=20)
        )
    clock_call_time(round_=round_one, by=users["alice"], at=now - timedelta(minutes=10))
    judy = _client(users["judy"])
    with django_assert_max_num_queries(12):
        body = judy.get(_round_url(world)).json()["results"]
    assert [c["status"] for c in body] == ["time-called", "time-called"]
    assert {c["time_called_at"] for c in body} == {(now - timedelta(minutes=10)).isoformat()}


def test_the_schema_documents_the_rounds_chess_clocks(world, users):
    schema = _client(users["alice"]).get("/api/schema/?format=json").json()
    operation = schema["paths"]["/api/events/{slug}/rounds/{number}/chess-clocks/"]["get"]
    assert operation["operationId"] == "chess_clocks_of_round"
    # 400: a bad limit or offset; 401: a bad token; 503: an outage (tournaments.api.schema).
    assert set(operation["responses"]) == {"200", "400", "401", "404", "503"}
    assert {"limit", "offset"} <= {p["name"] for p in operation["parameters"]}
    page = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    assert page.endswith("/PaginatedChessClockList")


# --- an absent opponent's request, then a normal start ------------------------------------------


def test_the_waiting_player_can_start_on_their_own_time_from_the_page(world, game, users):
    """OP Guide: "you may start the clock on their time. Tell a judge before you start
    counting." While the judges are still to answer, the asker (or the opponent, arrived) can
    start normally from the page; the request leaves the judges' queue and the evidence says
    it was withdrawn."""
    bob = _web(users["bob"])
    act = f"/e/{world.event.slug}/games/{game.pk}/chess-clock/act/"
    waiting = bob.post(act, {"action": "start-absent"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Waiting for a judge" in waiting
    assert 'id="chess-start"' in waiting  # the button to start normally is there while waiting
    judy = _web(users["judy"])
    assert "asks to start on the absent opponent" in judy.get(world.url("judge/")).content.decode()
    started = bob.post(act, {"action": "start"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Bob's time is running" in started
    row = ChessClock.objects.get(game=game)
    assert row.status == "running"
    assert _last(row).running == "A"
    assert "asks to start on the absent opponent" not in judy.get(world.url("judge/")).content.decode()
    evidence = judy.get(world.url(f"judge/games/{game.pk}/chess-clock/")).content.decode()
    assert "Asked to start on the absent opponent" in evidence
    assert "the request to a judge is withdrawn" in evidence
    with pytest.raises(ServiceError) as late:
        chess_clock_acknowledge(game=game, by=users["judy"])
    assert late.value.code == "no-request"


def test_the_opponent_lends_minutes_from_the_page_and_withdraws_them(world, game, users):
    """Running Out of Time: "An opponent may let them use the opponent's remaining minutes, as
    a favour at their own risk, withdrawable at any moment" — the lender's own choice."""
    chess_clock_start(game=game, player=world.bob, by=users["bob"])
    act = f"/e/{world.event.slug}/games/{game.pk}/chess-clock/act/"
    carol = _web(users["carol"])
    lent = carol.post(act, {"action": "lend-on"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Withdraw my minutes from Bob" in lent
    assert _last(ChessClock.objects.get(game=game)).lender == "B"
    back = carol.post(act, {"action": "lend-off"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Withdraw my minutes" not in back
    assert _last(ChessClock.objects.get(game=game)).lender is None


# --- times in the event's zone -----------------------------------------------------------------


def test_a_waiting_chess_clock_shows_its_time_in_the_events_zone_not_utc(world, game, users):
    """The judges' queue, the round's chess clocks and the evidence page say when a judge was
    called on the venue's clock, like every other time of the event (tournaments.event_time):
    the stored ISO moment sliced as "UTC" read an hour off in Warsaw in winter."""
    world.event.time_zone = "Europe/Warsaw"
    world.event.save(update_fields=["time_zone"])
    started = timezone.now().replace(microsecond=0) + timedelta(seconds=30)
    called = started + timedelta(minutes=2, seconds=7)
    chess_clock_start(game=game, player=world.bob, by=users["bob"], at=started)
    chess_clock_call_judge(game=game, player=world.carol, action_id="z1", by=users["carol"], at=called)
    judy = _web(users["judy"])
    for path in ("judge/", "judge/chess-clocks/", f"judge/games/{game.pk}/chess-clock/"):
        page = judy.get(world.url(path)).content.decode()
        assert called.astimezone(ZoneInfo("Europe/Warsaw")).strftime("%H:%M:%S") in page, path
        assert called.astimezone(UTC).strftime("%H:%M:%S") not in page, path
        assert "UTC" not in page, path
