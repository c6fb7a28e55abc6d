"""The top cut on the event's pages and in its settings: the TO sets it before play (web
and API, with the same checks), sees who enters before pairing it, players report a cut
game with its winner, and the standings, the CSV and the export carry it."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest
from rest_framework.test import APIClient

from interchange.event_export import export_event
from interchange.event_import import import_event
from printing.csv_exports import standings_csv
from printing.documents import render_document
from printing.models import PrintKind
from printing.params import PrintParams
from rules_engine.registry import get_system
from standings.eventfile import parse_event
from tests.builders.rows import add_staff, make_event, play_round, player_of
from tests.printing.pdf import pages, squash
from tests.tournaments.test_top_cut import cut_event, games_of, pair_and_publish, play, seeds_of
from tournaments import selectors
from tournaments.models import CutTies, Event, Game, ResultStatus, RoundStage
from tournaments.services.players import player_drop

pytestmark = pytest.mark.django_db

FORM = {
    "name": "Autumn Championship",
    "starts_on": "2030-10-12",
    "ends_on": "2030-10-13",
    "venue": "Town Hall",
    "game_system": "starcraft-tmg",
    "kind": "competitive",
    "scale": "standard",
    "list_format": "single",
    "planned_rounds": "5",
    "roster_publication": "after-deadline",
    "round_minutes": "150",
    "registration_open": "on",
}


def _api(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_the_event_form_sets_the_cut_and_the_event_page_says_so(client, alice):
    client.force_login(alice)
    response = client.post("/events/new/", {**FORM, "cut_size": "8", "cut_ties": "deciding-game"})
    assert response.status_code == 302, response.context["form"].errors
    event = Event.objects.get(name="Autumn Championship")
    assert (event.planned_rounds, event.cut_size, event.cut_ties) == (5, 8, CutTies.DECIDING_GAME)
    assert "5 Swiss rounds, then a top 8" in client.get(f"/e/{event.slug}/").content.decode()
    assert "then a top 8" in client.get(f"/e/{event.slug}/manage/").content.decode()
    page = client.post("/events/new/", {**FORM, "name": "Tiny", "cut_size": "1"})
    assert "cut_size" in page.context["form"].errors


def test_the_api_reads_and_checks_the_cut(users):
    to = _api(users["alice"])
    body = {"name": "Cup", "planned_rounds": 3, "cut_size": 1, "kind": "community"}
    refused = to.post("/api/events/", body, format="json")
    assert refused.status_code == 400
    answer = to.post("/api/events/", {**body, "cut_size": 4}, format="json")
    assert answer.status_code == 201, answer.content
    data = answer.json()
    assert (data["cut_size"], data["cut_ties"], data["format_summary"]) == (
        4,
        "better-seed",
        "3 Swiss rounds, then a top 4",
    )
    listed = APIClient().get("/api/events/").json()["results"]
    assert any(row["format_summary"] == "3 Swiss rounds, then a top 4" for row in listed)


def test_a_cut_larger_than_the_field_is_refused_once_registration_closes(users):
    event = make_event(to=users["alice"], players=6, registration_open=False)
    answer = _api(users["alice"]).patch(f"/api/events/{event.slug}/", {"cut_size": 8}, format="json")
    assert answer.status_code == 400
    assert answer.json()["code"] == "cut-larger-than-field"
    assert "more than the 6 players registered" in answer.json()["message"]
    answer = _api(users["alice"]).patch(f"/api/events/{event.slug}/", {"cut_size": 4}, format="json")
    assert answer.status_code == 200, answer.content


def test_the_cut_is_fixed_once_round_one_is_paired(users):
    event = make_event(to=users["alice"], players=6, cut_size=4)
    play_round(event, 1)
    to = _api(users["alice"])
    for change in ({"cut_size": 2}, {"cut_size": None}, {"cut_ties": "deciding-game"}):
        answer = to.patch(f"/api/events/{event.slug}/", change, format="json")
        assert answer.status_code == 400, change
        assert answer.json()["code"] == "cut-fixed"
    # Anything else still changes, and the same cut is no change.
    answer = to.patch(f"/api/events/{event.slug}/", {"venue": "Barn", "cut_size": 4}, format="json")
    assert answer.status_code == 200, answer.content


def test_the_to_sees_who_enters_the_cut_and_who_dropped(client, users):
    event = cut_event(users)
    dropped = player_of(event, "p1")
    player_drop(player=dropped, by=users["alice"])
    client.force_login(users["alice"])
    page = client.get(f"/e/{event.slug}/manage/").content.decode()
    assert "Pair round 3" in page
    assert "Round 3: the top cut" in page
    assert "Dropped: Player 001 (passed over" in page
    listed = page.split('class="cut-list"')[1].split("</ol>")[0]
    assert listed.count("<li>") == 4
    assert "Player 001" not in listed


def test_a_player_reports_a_tied_cut_game_with_the_deciding_games_winner(client, users):
    event = cut_event(users, ties=CutTies.DECIDING_GAME)
    semis = pair_and_publish(event, users)
    game = games_of(semis)[0]
    worse = game.player_two
    assert worse is not None
    worse.user = users["bob"]
    worse.save(update_fields=["user"])
    client.force_login(users["bob"])
    page = client.get(f"/e/{event.slug}/me/").content.decode()
    assert "Who won the deciding game" in page
    tie = {"how": "played", "my_vp": "6", "their_vp": "6", "battle_rounds": "5"}
    page = client.post(f"/e/{event.slug}/me/result/", tie).content.decode()
    assert "the players play a deciding game" in page
    response = client.post(f"/e/{event.slug}/me/result/", {**tie, "deciding_winner": "me"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.result_status == ResultStatus.AWAITING


def test_standings_page_and_csv_place_the_cut(client, users):
    event = cut_event(users)
    semis = pair_and_publish(event, users)
    first = games_of(semis)[0]  # table 1: seeds 1 and 4, the top of the bracket
    play(first, users, (2, 8))
    page = client.get(f"/e/{event.slug}/standings/").content.decode()
    assert "Top cut seed 1, out in round 3" in page
    assert page.count("still in") == 3
    _, _, body = standings_csv(event)
    rows = list(csv.DictReader(io.StringIO(body.decode("utf-8-sig"))))
    assert [row["rank"] for row in rows[:4]] == ["1", "2", "3", "4"]
    assert rows[3]["eliminated_in"] == "3"
    assert {row["cut"] for row in rows[:3]} <= {"1", "2", "3", "4"}
    assert rows[4]["cut"] == ""


def test_a_cut_run_on_the_web_exports_and_imports_whole(users):
    event = cut_event(users, ties=CutTies.DECIDING_GAME)
    semis = pair_and_publish(event, users)
    first, second = games_of(semis)
    assert first.player_two is not None
    deciding = first.player_two.external_id
    play(first, users, (5, 5), winner=deciding)
    play(second, users, (9, 1))
    exported = json.loads(json.dumps(export_event(event)))
    assert exported["cut"] == {"size": 4, "after_round": 2}
    assert exported["cut_ties"] == "deciding-game"
    cut_round = exported["rounds"][2]
    assert (cut_round["stage"], cut_round["seeds"]) == ("cut", semis.seeds)
    assert any(game.get("winner") == deciding for game in cut_round["games"])
    again = import_event(parse_event(exported), slug="again")
    assert (again.cut_size, again.planned_rounds, again.cut_ties) == (4, 2, CutTies.DECIDING_GAME)
    copied = again.rounds.get(number=3)
    assert (copied.stage, copied.seeds) == (RoundStage.CUT, semis.seeds)
    assert Game.objects.filter(round=copied, winner__external_id=deciding).exists()
    assert {k: v for k, v in export_event(again).items() if k != "slug"} == {
        k: v for k, v in exported.items() if k != "slug"
    }


def test_fields_above_128_are_suggested_swiss_rounds_and_a_cut(client):
    advice = get_system("starcraft-tmg")
    assert advice.suggested_rounds is not None
    assert advice.suggested_cut is not None
    assert advice.suggested_rounds(kind="competitive", scale="standard", players=128) == 5
    assert advice.suggested_cut(kind="competitive", scale="standard", players=128) is None
    assert advice.suggested_rounds(kind="competitive", scale="standard", players=200) == 6
    assert advice.suggested_cut(kind="competitive", scale="standard", players=200) == 8
    assert advice.suggested_rounds(kind="competitive", scale="standard", players=400) == 7
    assert advice.suggested_cut(kind="competitive", scale="standard", players=400) == 16
    page = client.get(
        "/events/new/rounds-hint/",
        {"game_system": "starcraft-tmg", "kind": "competitive", "scale": "standard", "expected_players": 200},
    ).content.decode()
    assert "6 Swiss rounds, then a top 8" in page


def test_every_page_of_an_event_in_its_cut_renders(client, users):
    event = cut_event(users)
    add_staff(event, users["judy"], "head-judge")
    semis = pair_and_publish(event, users)
    play(games_of(semis)[0], users, (8, 2))
    client.force_login(users["alice"])
    for url in ("", "pairings/", "standings/", "manage/", "manage/rounds/3/", "judge/rounds/3/"):
        assert client.get(f"/e/{event.slug}/{url}").status_code == 200, url
    pairings = client.get(f"/e/{event.slug}/pairings/").content.decode()
    assert all(f"Player 00{p[1:]}" in pairings for p in seeds_of(semis))
    # The printed standings put the cut first, as the page does.
    pdf = squash(pages(render_document(event, PrintKind.STANDINGS, PrintParams())[2])[0])
    order = [row.name for row in selectors.cut_view_of(event).standings.rows]
    assert [pdf.index(name) for name in order[:4]] == sorted(pdf.index(name) for name in order[:4])


def test_the_api_suggests_a_cut_to_the_to_of_a_field_above_128(users):
    event = make_event(to=users["alice"], players=130, kind="competitive", scale="standard")
    data = _api(users["alice"]).get(f"/api/events/{event.slug}/").json()
    assert (data["suggested_rounds"], data["suggested_cut"]) == (6, 8)
    assert "suggested_cut" not in APIClient().get(f"/api/events/{event.slug}/").json()
    page = APIClient().get(f"/e/{event.slug}/").content.decode()
    assert "for 130 players we suggest 6 Swiss rounds, then a top 8" in page
    small = make_event(to=users["alice"], players=40, kind="competitive", scale="standard", slug="small")
    data = _api(users["alice"]).get(f"/api/events/{small.slug}/").json()
    assert (data["suggested_rounds"], data["suggested_cut"]) == (5, None)


def test_the_api_and_the_web_undo_the_last_cut_round_with_its_results(client, users):
    event = cut_event(users)
    semis = pair_and_publish(event, users)
    for game in games_of(semis):
        play(game, users, (8, 2))
    final = pair_and_publish(event, users)
    play(games_of(final)[0], users, (7, 1))
    to = _api(users["alice"])
    refused = to.delete(f"/api/events/{event.slug}/rounds/4/")
    assert refused.status_code == 400
    assert refused.json()["code"] == "has-results"
    client.force_login(users["alice"])
    asking = client.post(f"/e/{event.slug}/manage/rounds/4/undo/").content.decode()
    assert "Its results are discarded too" in asking
    assert to.delete(f"/api/events/{event.slug}/rounds/4/?discard_results=true").status_code == 204
    assert not event.rounds.filter(number=4).exists()


def test_a_players_page_says_their_event_is_over_only_once_they_are_out_of_the_cut(client, users):
    event = cut_event(users)
    semis = pair_and_publish(event, users)
    games = games_of(semis)
    winner, loser = games[0].player_one, games[0].player_two
    assert loser is not None
    outside = event.players.exclude(external_id__in=seeds_of(semis)).first()
    assert outside is not None
    for player, user in ((winner, users["bob"]), (loser, users["carol"]), (outside, users["hank"])):
        player.user = user
        player.save(update_fields=["user"])
    for game in games:
        play(game, users, (8, 2))  # the better seeds go on; the final is not paired yet
    over = "the last round is over"
    client.force_login(users["hank"])
    assert over in client.get(f"/e/{event.slug}/me/").content.decode()
    client.force_login(users["carol"])
    assert over in client.get(f"/e/{event.slug}/me/").content.decode()
    client.force_login(users["bob"])
    assert over not in client.get(f"/e/{event.slug}/me/").content.decode()
