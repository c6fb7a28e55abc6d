"""A championship of each game system, end to end over the API: three Swiss rounds, then a
top 4 to the champion (docs/pairing.md, "The top cut"). The semi-finals hold a tie the
system's own rule breaks (Dropzone: Kill Points) and one it leaves to the TO's rule (a
deciding game whose winner the players name); a finalist drops before the final and forfeits
it; the API's standings place the cut first and agree with `standings --json` on the
exported event/1 file; after the final, pairing is refused.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from rest_framework.test import APIClient

from interchange.event_export import export_event
from tournaments.models import Event, EventStatus

pytestmark = pytest.mark.django_db

SYSTEMS: dict[str, dict[str, Any]] = {
    "starcraft-tmg": {"scale": "standard", "points_limit": None},
    "dropzone-commander": {"scale": "clash", "points_limit": 1500},
    "morsdei": {"scale": "standard", "points_limit": None},
    "warpspawn-starcraft": {"scale": "standard", "points_limit": None},
}
PLAYERS = ["ana", "ben", "cat", "dov", "eve", "fox", "gil", "hal"]


def _client(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _first_wins(system: str, one: str) -> dict[str, Any]:
    """A result the first player wins outright, as the system records it."""
    if system == "starcraft-tmg":
        return {"vp": [8, 2], "details": {"battle_rounds": 5}}
    if system == "dropzone-commander":
        return {"vp": [7, 2], "kp": [600, 300]}
    if system == "morsdei":
        return {"vp": [9, 3]}
    return {"winner": one}


def _tie(system: str) -> dict[str, Any]:
    """A result the system's own rule leaves tied (Dropzone: equal VP and equal KP)."""
    if system == "starcraft-tmg":
        return {"vp": [5, 5], "details": {"battle_rounds": 5}}
    if system == "dropzone-commander":
        return {"vp": [5, 5], "kp": [400, 400]}
    if system == "morsdei":
        return {"vp": [4, 4]}
    return {"outcome": "draw"}


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_a_championship_runs_its_top_cut_to_the_champion(system: str, users: dict[str, Any], tmp_path: Path):
    to = _client(users["alice"])
    accounts = [get_user_model().objects.create_user(username=name, password="x") for name in PLAYERS]
    body: dict[str, Any] = {
        "name": f"{system} championship",
        "game_system": system,
        "scale": SYSTEMS[system]["scale"],
        "planned_rounds": 3,
        "cut_size": 4,
        "cut_ties": "deciding-game",
        "kind": "community",
        "list_format": "single",
    }
    if SYSTEMS[system]["points_limit"] is not None:
        body["points_limit"] = SYSTEMS[system]["points_limit"]
    answer = to.post("/api/events/", body, format="json")
    assert answer.status_code == 201, answer.content
    assert answer.json()["format_summary"] == "3 Swiss rounds, then a top 4"
    slug, join_code = answer.json()["slug"], answer.json()["join_code"]
    api = f"/api/events/{slug}/"
    judge = _client(users["judy"])
    staff = {"username": "judy", "role": "head-judge"}
    assert to.post(f"{api}staff/", staff, format="json").status_code == 201
    tables = {"tables": [{"number": n} for n in range(1, 5)]}
    assert to.put(f"{api}tables/", tables, format="json").status_code == 200
    players: dict[str, APIClient] = {}
    for account in accounts:
        client = _client(account)
        answer = client.post(
            f"{api}players/", {"join_code": join_code, "name": account.username}, format="json"
        )
        assert answer.status_code == 201, answer.content
        players[answer.json()["external_id"]] = client

    def play_round(number: int, results: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
        answer = to.post(f"{api}rounds/", {"seed": number, "confirm": True}, format="json")
        assert answer.status_code == 201, answer.content
        answer = to.post(f"{api}rounds/{number}/publish/", {"confirm": True}, format="json")
        assert answer.status_code == 200, answer.content
        games: list[dict[str, Any]] = to.get(f"{api}rounds/{number}/").json()["games"]
        for index, game in enumerate(g for g in games if g["player_two"] is not None):
            one, two = game["player_one"]["external_id"], game["player_two"]["external_id"]
            report = results[index] if results is not None else _first_wins(system, one)
            answer = players[one].post(f"{api}games/{game['id']}/report/", report, format="json")
            assert answer.status_code == 200, answer.content
            answer = players[two].post(f"{api}games/{game['id']}/confirm/")
            assert answer.json()["result_status"] == "confirmed", answer.content
        assert to.get(f"{api}rounds/{number}/").json()["status"] == "closed"
        return games

    for number in (1, 2, 3):
        play_round(number)
    swiss = APIClient().get(f"{api}standings/").json()
    assert all(row["cut"] is None for row in swiss["standings"])  # the cut has not begun

    # The semi-finals: round 4, the bracket's, seeds 1 v 4 and 2 v 3.
    answer = to.post(f"{api}rounds/", {"seed": 11, "confirm": True}, format="json")
    assert answer.status_code == 201, answer.content
    semis = to.get(f"{api}rounds/4/").json()
    assert semis["stage"] == "cut"
    seeds = semis["seeds"]
    assert len(seeds) == 4
    # The best four of the Swiss standings (a draw orders players sharing a place).
    rank = {row["player"]: row["rank"] for row in swiss["standings"]}
    assert all(rank[seed] <= swiss["standings"][3]["rank"] for seed in seeds)
    assert [rank[seed] for seed in seeds] == sorted(rank[seed] for seed in seeds)
    pairs = sorted(
        tuple(sorted((g["player_one"]["external_id"], g["player_two"]["external_id"])))
        for g in semis["games"]
    )
    assert pairs == sorted([tuple(sorted((seeds[0], seeds[3]))), tuple(sorted((seeds[1], seeds[2])))])
    assert to.post(f"{api}rounds/4/publish/", {"confirm": True}, format="json").status_code == 200
    first, second = sorted(semis["games"], key=lambda g: g["table"])
    expected_final = []
    # Table 1: a tie. Dropzone's own rule breaks a VP tie on Kill Points; elsewhere the
    # system leaves it tied and the players must name who won the deciding game.
    one, two = first["player_one"]["external_id"], first["player_two"]["external_id"]
    if system == "dropzone-commander":
        report: dict[str, Any] = {"vp": [5, 5], "kp": [300, 800]}  # the second seed's KP win it
    else:
        refused = players[one].post(f"{api}games/{first['id']}/report/", _tie(system), format="json")
        assert refused.status_code == 400, refused.content
        assert refused.json()["code"] == "cut-needs-winner"
        report = {**_tie(system), "winner": two}  # the worse seed won the deciding game
    answer = players[one].post(f"{api}games/{first['id']}/report/", report, format="json")
    assert answer.status_code == 200, answer.content
    assert players[two].post(f"{api}games/{first['id']}/confirm/").json()["result_status"] == "confirmed"
    expected_final.append(two)
    # Table 2: Dropzone's full tie goes by the TO's rule; elsewhere the better seed wins.
    one, two = second["player_one"]["external_id"], second["player_two"]["external_id"]
    report = {**_tie(system), "winner": one} if system == "dropzone-commander" else _first_wins(system, one)
    answer = players[one].post(f"{api}games/{second['id']}/report/", report, format="json")
    assert answer.status_code == 200, answer.content
    # The opponent says they won it: disputed, in the judges' queue, and the Head Judge
    # rules for the first report.
    claim = {"winner": two} if system == "warpspawn-starcraft" else {**_tie(system), "winner": two}
    answer = players[two].post(f"{api}games/{second['id']}/report/", claim, format="json")
    assert answer.json()["result_status"] == "disputed", answer.content
    queue = judge.get(f"{api}judge-queue/").json()["results"]
    assert [item["game"]["id"] for item in queue] == [second["id"]]
    version = next(g["version"] for g in to.get(f"{api}rounds/4/").json()["games"] if g["id"] == second["id"])
    ruling = {**report, "reason": "both slips read", "version": version}
    answer = judge.post(f"{api}games/{second['id']}/result/", ruling, format="json")
    assert answer.status_code == 200, answer.content
    expected_final.append(one)
    assert to.get(f"{api}rounds/4/").json()["status"] == "closed"
    assert Event.objects.get(slug=slug).status == EventStatus.RUNNING

    # A finalist drops before the final: they forfeit it (a no-show), the other is champion.
    final = to.post(f"{api}rounds/", {"seed": 12, "confirm": True}, format="json")
    assert final.status_code == 201, final.content
    (game,) = to.get(f"{api}rounds/5/").json()["games"]
    finalists = {game["player_one"]["external_id"], game["player_two"]["external_id"]}
    assert finalists == set(expected_final)
    quitter = game["player_one"]["external_id"]
    champion = game["player_two"]["external_id"]
    answer = to.post(f"{api}players/{quitter}/drop/", {"reason": "a train home"}, format="json")
    assert answer.status_code == 200, answer.content
    assert to.post(f"{api}rounds/5/publish/", {"confirm": True}, format="json").status_code == 200
    (game,) = to.get(f"{api}rounds/5/").json()["games"]
    assert (game["outcome"], game["loser"]) == ("no-show", quitter)
    event = Event.objects.get(slug=slug)
    assert event.status == EventStatus.FINISHED
    refused = to.post(f"{api}rounds/", {"confirm": True}, format="json")
    assert refused.status_code == 400, refused.content
    assert refused.json()["code"] == "cut-over"

    standings = APIClient().get(f"{api}standings/").json()
    assert standings["champion"] == champion
    rows = standings["standings"]
    assert [row["rank"] for row in rows[:4]] == [1, 2, 3, 4]
    assert [row["player"] for row in rows[:2]] == [champion, quitter]
    assert {row["player"] for row in rows[2:4]} == set(seeds) - finalists
    assert [row["eliminated_in"] for row in rows[:4]] == [None, 5, 4, 4]

    # The same standings from the exported event/1 file, by the offline command.
    path = tmp_path / "event.json"
    path.write_text(json.dumps(export_event(event)), encoding="utf-8")
    out = io.StringIO()
    call_command("standings", str(path), "--json", stdout=out)
    offline = json.loads(out.getvalue())["standings"]
    keys = ["rank", "player", "mp", "tp", "sos", "otp", "cut", "eliminated_in"]
    assert [{k: r[k] for k in keys} for r in offline] == [{k: r[k] for k in keys} for r in rows]
