"""Registration, the player list, CSV import, check-in, drops and no-shows."""

from __future__ import annotations

import pytest

from tests.builders.worlds import build_world
from tournaments.models import AuditEntry, Game, Player

pytestmark = pytest.mark.django_db


def test_player_list_shows_contact_details_to_staff_only(api, world):
    public = api("anonymous").get(f"{world.api_url()}players/").json()["results"]
    assert public[0] == {
        "external_id": world.bob.external_id,
        "name": "Bob",
        "status": "active",
        "dropped_after_round": None,
        "disqualified_after_round": None,
        "teammates": [],
    }
    assert set(api("carol").get(f"{world.api_url()}players/").json()["results"][0]) == set(public[0])
    staff = api("judy").get(f"{world.api_url()}players/").json()["results"]
    assert staff[0]["email"] == "bob@example.org"
    assert staff[0]["username"] == "bob"
    assert staff[0]["checked_in_at"] is None


def test_self_registration_needs_the_join_code_and_open_registration(api, world):
    url = f"{world.api_url()}players/"
    wrong = api("mallory").post(url, {"join_code": "guess"}, format="json")
    assert wrong.status_code == 400
    assert wrong.json()["code"] == "bad-join-code"
    assert api("mallory").post(url, {}, format="json").json()["code"] == "bad-join-code"

    response = api("mallory").post(url, {"join_code": world.event.join_code}, format="json")
    assert response.status_code == 201
    assert response.json()["name"] == "mallory"  # no name given: the account's
    assert Player.objects.get(event=world.event, user__username="mallory").email == "mallory@example.org"
    again = api("mallory").post(url, {"join_code": world.event.join_code}, format="json")
    assert again.json()["code"] == "already-registered"

    api("alice").patch(world.api_url(), {"registration_open": False}, format="json")
    closed = api("judy").post(url, {"join_code": world.event.join_code, "name": "Judy"}, format="json")
    assert closed.json()["code"] == "registration-closed"


def test_a_floor_judge_may_play_but_not_the_to_or_head_judge_at_a_competitive_event(api, world):
    url = f"{world.api_url()}players/"
    code = world.event.join_code
    assert api("alice").post(url, {"join_code": code}, format="json").json()["code"] == "staff-cannot-play"
    assert api("hank").post(url, {"join_code": code}, format="json").json()["code"] == "staff-cannot-play"
    assert api("judy").post(url, {"join_code": code}, format="json").status_code == 201
    # Nor can the TO slip them in by name with their account.
    added = api("alice").post(url, {"name": "Hank", "username": "hank"}, format="json")
    assert added.json()["code"] == "staff-cannot-play"


def test_at_a_community_event_the_to_may_play(api, users):
    world = build_world(users, name="Winter Clash", rosters=False, kind="community", to_plays=True)
    response = api("alice").post(
        f"{world.api_url()}players/", {"join_code": world.event.join_code}, format="json"
    )
    assert response.status_code == 201
    assert api("alice").get(world.api_url()).json()["your_roles"] == ["player", "to"]


def test_the_to_adds_players_by_name_or_account(api, world):
    url = f"{world.api_url()}players/"
    response = api("alice").post(url, {"name": "Frank", "email": "frank@example.org"}, format="json")
    assert response.status_code == 201
    assert response.json()["email"] == "frank@example.org"
    # An account named is invited, not linked, and no answer says whether it exists.
    invited = api("alice").post(url, {"name": "Mallory M.", "username": "mallory"}, format="json")
    unknown = api("alice").post(url, {"name": "Ghost", "username": "ghost"}, format="json")
    assert (invited.status_code, unknown.status_code) == (201, 201)
    assert invited.json()["username"] is None
    assert set(invited.json()) == set(unknown.json())
    assert world.event.players.get(name="Mallory M.").invited_user.username == "mallory"


def test_csv_import_is_all_or_nothing_and_names_the_bad_row(api, world):
    url = f"{world.api_url()}players/import/"
    bad = "name,email,username\nFrank,frank@example.org,\n,nobody@example.org\nGina\n"
    response = api("alice").post(url, {"csv": bad}, format="json")
    assert response.status_code == 400
    assert response.json()["message"].startswith("Row 3:")  # the header is row 1
    assert response.json()["field"] == "csv"
    assert world.event.players.count() == 4  # Frank was not kept
    good = "Frank,frank@example.org\nGina,,mallory\nHal,,ghost\n"
    response = api("alice").post(url, {"csv": good}, format="json")
    assert response.status_code == 201
    # Named accounts are invited, never linked; a name with no account is not revealed.
    assert [(p["name"], p["username"]) for p in response.json()] == [
        ("Frank", None),
        ("Gina", None),
        ("Hal", None),
    ]
    assert world.event.players.get(name="Gina").invited_user.username == "mallory"
    assert world.event.players.get(name="Hal").invited_user is None
    assert world.event.players.count() == 7


def test_check_in_by_staff(api, world):
    response = api("judy").post(f"{world.api_url()}players/{world.dan.external_id}/check-in/")
    assert response.status_code == 200
    assert response.json()["checked_in_at"] is not None
    api("alice").post(f"{world.api_url()}players/{world.erin.external_id}/drop/")
    refused = api("judy").post(f"{world.api_url()}players/{world.erin.external_id}/check-in/")
    assert refused.json()["code"] == "dropped"


def test_a_mistaken_check_in_is_taken_back(api, world, client):
    url = f"{world.api_url()}players/{world.dan.external_id}/check-in/"
    api("judy").post(url)
    undone = api("judy").delete(url)
    assert undone.status_code == 200
    assert undone.json()["checked_in_at"] is None
    assert api("judy").delete(url).json()["code"] == "not-checked-in"
    assert AuditEntry.objects.filter(event=world.event, action="player-check-in-undone").count() == 1
    # And on the TO's players page.
    api("alice").post(url)
    client.force_login(world.users["alice"])
    page = client.get(f"/e/{world.event.slug}/manage/players/").content.decode()
    assert "Undo check-in" in page
    client.post(f"/e/{world.event.slug}/manage/players/{world.dan.pk}/check-in-undo/")
    world.dan.refresh_from_db()
    assert world.dan.checked_in_at is None


def test_no_show_drops_the_player_and_scores_their_game(api, world, round_one):
    response = api("alice").post(f"{world.api_url()}players/{world.dan.external_id}/no-show/")
    assert response.status_code == 200
    body = response.json()
    assert body["player"]["status"] == "dropped"
    assert body["player"]["dropped_after_round"] == 1
    assert body["game"]["outcome"] == "no-show"
    assert body["game"]["loser"] == world.dan.external_id
    assert body["game"]["result_status"] == "confirmed"
    entry = AuditEntry.objects.get(event=world.event, action="result-set")
    assert entry.reason == "no-show"
    # OP Guide: Drops — the opponent "is scored as for a bye": 3 MP, 4 TP.
    rows = {r["player"]: r for r in api("anonymous").get(f"{world.api_url()}standings/").json()["standings"]}
    assert (rows[world.erin.external_id]["mp"], rows[world.erin.external_id]["tp"]) == (3, 4)
    assert rows[world.dan.external_id]["status"] == "dropped"


def test_no_show_without_a_current_game_only_drops(api, world):
    body = api("alice").post(f"{world.api_url()}players/{world.dan.external_id}/no-show/").json()
    assert body["game"] is None
    assert body["player"]["status"] == "dropped"
    assert body["player"]["dropped_after_round"] == 0


def test_a_confirmed_game_is_left_alone_by_a_no_show(api, world, round_one):
    game = world.game(world.dan)
    api("alice").post(
        f"{world.api_url()}games/{game.pk}/result/",
        {"vp": [3, 9], "reason": "slip", "version": game.version},
        format="json",
    )
    body = api("alice").post(f"{world.api_url()}players/{world.dan.external_id}/no-show/").json()
    assert body["game"] is None
    assert Game.objects.get(pk=game.pk).outcome == "played"
