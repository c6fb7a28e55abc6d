"""A four-round event of each other game system, end to end, through the same services and
API as StarCraft ("Done when"): the TO creates the event and supplies its pack,
eight players register and submit rosters, four rounds are paired, published, reported,
confirmed (one disputed and settled by the Head Judge), the standings answer over the API
and agree with `standings --json` on the exported event/1 file, the standings and the
result slips print, the pages render, and the event survives export and import.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from interchange.event_export import export_event
from interchange.event_import import import_event
from printing.documents import render_document
from printing.models import PrintKind
from printing.params import PrintParams
from rules_engine.registry import get_system
from rules_engine.verdict import stored_verdict
from standings.eventfile import parse_event
from tests.builders.systems import CASES, SystemCase
from tests.printing.pdf import pages, squash
from tournaments.models import AuditEntry, Event, EventStatus, ResultReport

pytestmark = pytest.mark.django_db

SYSTEMS = Path(__file__).parents[3] / "rules_engine" / "systems"
PACKS = {
    "dropzone-commander": SYSTEMS / "dropzone_commander" / "data" / "2000-01-01.json",
    "morsdei": SYSTEMS / "morsdei" / "data" / "2000-01-01.json",
    "warpspawn-starcraft": SYSTEMS / "warpspawn_starcraft" / "data" / "2000-01-01.json",
}
PLAYERS = ["ana", "ben", "cat", "dov", "eve", "fox", "gil", "hal"]


def _client(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _result(case: SystemCase, round_number: int, table: int, one: str, two: str) -> dict[str, Any]:
    """A result of the kind the system records, varied by round and table."""
    turn = (round_number + table) % 3
    if case.slug == "dropzone-commander":
        if turn == 0:
            return {"vp": [5, 5], "kp": [800, 400]}  # a VP tie won on Kill Points (DZC:952)
        return {"vp": [7 + table, 2], "kp": [600, 300]} if turn == 1 else {"vp": [1, 6], "kp": [200, 700]}
    if case.slug == "morsdei":
        if turn == 0:
            return {"outcome": "complete-victory", "loser": two, "vp": [3, 4]}  # MOR:527
        return {"vp": [9, 3]} if turn == 1 else {"vp": [4, 4]}
    if turn == 0:
        return {"outcome": "draw"}
    return {"winner": one} if turn == 1 else {"winner": two}


def _dispute(case: SystemCase, one: str, two: str) -> dict[str, Any]:
    if case.slug == "dropzone-commander":
        return {"vp": [2, 8], "kp": [100, 900]}
    if case.slug == "morsdei":
        return {"vp": [1, 10]}
    return {"winner": two}


@pytest.mark.parametrize("case", CASES, ids=[c.slug for c in CASES])
def test_a_four_round_event_runs_end_to_end(case: SystemCase, users: dict[str, Any], tmp_path: Path) -> None:
    to, judge = _client(users["alice"]), _client(users["judy"])
    accounts = [get_user_model().objects.create_user(username=name, password="x") for name in PLAYERS]

    # The TO creates the event, supplies its pack and names the Head Judge.
    body: dict[str, Any] = {
        "name": f"{case.slug} cup",
        "game_system": case.slug,
        "scale": case.scale,
        "planned_rounds": 4,
        "kind": "community",
        "list_format": "single",
    }
    if case.points_limit is not None:
        body["points_limit"] = case.points_limit
    answer = to.post("/api/events/", body, format="json")
    assert answer.status_code == 201, answer.content
    slug, join_code = answer.json()["slug"], answer.json()["join_code"]
    api = f"/api/events/{slug}/"
    answer = to.put(f"{api}pack/", PACKS[case.slug].read_bytes(), content_type="application/json")
    assert answer.status_code == 200, answer.content
    fingerprint = answer.json()["fingerprint"]
    assert (
        to.post(f"{api}staff/", {"username": "judy", "role": "head-judge"}, format="json").status_code == 201
    )
    assert (
        to.put(f"{api}tables/", {"tables": [{"number": n} for n in range(1, 5)]}, format="json").status_code
        == 200
    )

    # Eight players register with the link's code and submit a typed roster; one first
    # types one with mistakes, reads them, and fixes it.
    players: dict[str, APIClient] = {}
    for account in accounts:
        client = _client(account)
        answer = client.post(
            f"{api}players/", {"join_code": join_code, "name": account.username.title()}, format="json"
        )
        assert answer.status_code == 201, answer.content
        players[answer.json()["external_id"]] = client
    first = next(iter(players.values()))
    answer = first.post(f"{api}rosters/", {"slot": 1, "content": case.mistakes("Ana")}, format="json")
    assert answer.status_code == 201, answer.content
    assert answer.json()["legal"] is False
    verdict = stored_verdict(answer.json()["report"], game_system=case.slug)
    found = {(v.code, v.where) for v in verdict.violations}
    assert set(case.mistake_lines) <= found
    for external_id, client in players.items():
        answer = client.post(f"{api}rosters/", {"slot": 1, "content": case.legal(external_id)}, format="json")
        assert answer.status_code == 201, answer.content
        assert answer.json()["legal"] is True, answer.json()
    board = to.get(f"{api}roster-board/").json()["results"]
    assert all(row["rosters"] and row["rosters"][0]["legal"] for row in board)

    disputed = False
    for number in range(1, 5):
        answer = to.post(f"{api}rounds/", {"seed": number}, format="json")
        assert answer.status_code == 201, answer.content
        assert to.post(f"{api}rounds/{number}/publish/").status_code == 200
        games = to.get(f"{api}rounds/{number}/").json()["games"]
        assert len(games) == 4
        for game in games:
            one, two = game["player_one"]["external_id"], game["player_two"]["external_id"]
            report = _result(case, number, game["table"], one, two)
            answer = players[one].post(f"{api}games/{game['id']}/report/", report, format="json")
            assert answer.status_code == 200, answer.content
            if number == 2 and not disputed:
                # The opponent says otherwise: disputed, and the Head Judge rules for the first report.
                disputed = True
                answer = players[two].post(
                    f"{api}games/{game['id']}/report/", _dispute(case, one, two), format="json"
                )
                assert answer.json()["result_status"] == "disputed", answer.content
                queue = judge.get(f"{api}judge-queue/").json()["results"]
                assert [item["game"]["id"] for item in queue] == [game["id"]]
                current = judge.get(f"{api}rounds/{number}/").json()
                version = next(g["version"] for g in current["games"] if g["id"] == game["id"])
                ruling = {**report, "reason": "both slips read", "version": version}
                answer = judge.post(f"{api}games/{game['id']}/result/", ruling, format="json")
                assert answer.status_code == 200, answer.content
            else:
                answer = players[two].post(f"{api}games/{game['id']}/confirm/")
                assert answer.status_code == 200, answer.content
                assert answer.json()["result_status"] == "confirmed"
        assert to.get(f"{api}rounds/{number}/").json()["status"] == "closed"

    event = Event.objects.get(slug=slug)
    assert event.status == EventStatus.FINISHED
    standings = APIClient().get(f"{api}standings/").json()
    assert standings["final"] is True
    rows = standings["standings"]
    assert len(rows) == 8
    assert sum(row["mp"] for row in rows) > 0

    # The same standings from the exported event/1 file, by the offline command.
    exported = export_event(event)
    assert exported["pack"]["fingerprint"] == fingerprint
    path = tmp_path / "event.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    out = io.StringIO()
    call_command("standings", str(path), "--json", stdout=out)
    offline = json.loads(out.getvalue())["standings"]
    keys = ["rank", "player", "mp", "tp", "sos", "otp"] + (["kp"] if get_system(case.slug).results.kp else [])
    assert [{k: r[k] for k in keys} for r in offline] == [{k: r[k] for k in keys} for r in rows]
    if case.slug == "dropzone-commander":
        assert all(row["kp"] > 0 for row in rows)

    # Printed: the standings and the last round's result slips.
    standings_pdf = squash(pages(render_document(event, PrintKind.STANDINGS, PrintParams())[2])[0])
    assert "Final standings after round 4 of 4" in standings_pdf
    assert rows[0]["name"] in standings_pdf
    slips = squash(pages(render_document(event, PrintKind.SLIPS, PrintParams(round=4))[2])[0])
    shape = get_system(case.slug).results
    assert ("Victory Points" in slips) is shape.vp
    assert ("Kill Points" in slips) is shape.kp
    assert ("Complete victory" in slips) is shape.complete_victory
    assert ("Draw" in slips) is (not shape.vp)

    # Every page of the event renders for its people.
    web = Client()
    web.force_login(users["alice"])
    for url in (
        "",
        "pairings/",
        "standings/",
        "rosters/",
        "manage/",
        "manage/rosters/",
        "manage/pack/",
        "judge/",
    ):
        assert web.get(f"/e/{slug}/{url}").status_code == 200, url
    web.force_login(accounts[0])
    me = web.get(f"/e/{slug}/me/")
    assert me.status_code == 200

    # Every report is kept: 15 games reported and confirmed (a confirmation is the second
    # side's report), the disputed one's two reports and the Head Judge's ruling. The audit
    # log has the dispute, the ruling and each round's close. The event survives export and import.
    assert ResultReport.objects.filter(game__round__event=event).count() == 15 * 2 + 2 + 1
    actions = list(AuditEntry.objects.filter(event=event).values_list("action", flat=True))
    assert actions.count("round-closed") == 4
    assert {"result-disputed", "result-set", "pack-supplied"} <= set(actions)
    again = import_event(parse_event(json.loads(json.dumps(exported))), slug=f"{slug}-copy")
    copy_rows = APIClient().get(f"/api/events/{again.slug}/standings/").json()["standings"]
    assert [(r["player"], r["mp"], r["tp"]) for r in copy_rows] == [
        (r["player"], r["mp"], r["tp"]) for r in rows
    ]
