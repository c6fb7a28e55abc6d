"""Limits on input: sizes, score ranges, lengths. Refused clearly; nothing changed."""

from __future__ import annotations

import json

import pytest

from rosters.models import Roster
from rules_engine.registry import get_system
from tests.builders.documents import raynor
from tests.builders.rows import version_of
from tournaments.models import AuditEntry, Game, Player, ResultReport
from tournaments.services.rosters import ROSTER_MAX_BYTES

pytestmark = pytest.mark.django_db


def test_a_2_mb_roster_is_refused_with_413_and_the_legal_roster_stays(api, world):
    """A 2 MB body was stored, replacing a legal roster with an illegal one."""
    assert (
        api("bob").post(f"{world.api_url()}rosters/", {"content": raynor()}, format="json").status_code == 201
    )
    stored = Roster.objects.get(player=world.bob, slot=1)
    huge = raynor()
    huge["units"] = huge["units"] * 4_500  # about 2 MB of roster/1
    assert 2_000_000 < len(json.dumps(huge)) < 2_500_000
    response = api("bob").post(f"{world.api_url()}rosters/", {"content": huge}, format="json")
    assert response.status_code == 413
    body = response.json()
    assert (body["code"], body["field"]) == ("too-large", "content")
    assert "at most 64 KB" in body["message"]
    again = Roster.objects.get(pk=stored.pk)
    assert (again.legal, again.document, again.submitted_at) == (True, stored.document, stored.submitted_at)
    text = "Units:\n" + "Marine x6\n" * (ROSTER_MAX_BYTES // 10 + 1)
    as_text = api("bob").post(f"{world.api_url()}rosters/", {"content": text}, format="json")
    assert as_text.status_code == 413
    check = api("bob").post(f"{world.api_url()}rosters/check/", {"content": huge}, format="json")
    assert check.status_code == 413
    # Beyond Django's request-body limit the API still answers in its own shape.
    huge["units"] = huge["units"] * 2
    over = api("bob").post(f"{world.api_url()}rosters/", {"content": huge}, format="json")
    assert (over.status_code, over.json()["code"]) == (413, "too-large")
    assert AuditEntry.objects.filter(action="roster-submitted").count() == 1


def test_a_roster_at_the_limit_is_read(api, world):
    document = raynor()
    assert len(json.dumps(document)) < ROSTER_MAX_BYTES
    assert (
        api("bob").post(f"{world.api_url()}rosters/", {"content": document}, format="json").status_code == 201
    )


def test_each_game_system_states_its_score_ranges():
    from rules_engine.registry import all_systems

    stated = {s.slug: (s.vp_range.low, s.vp_range.high, s.kp_range) for s in all_systems()}
    assert stated["morsdei"] == (0, 12, None)  # 3 VP of Loot per round, four rounds
    assert stated["warpspawn-starcraft"][:2] == (0, 0)  # no Victory Points at all
    dropzone = get_system("dropzone-commander")
    assert dropzone.kp_range is not None
    assert (dropzone.kp_range.low, dropzone.kp_range.high) == (0, 30000)
    starcraft = get_system("starcraft-tmg")
    assert (starcraft.vp_range.low, starcraft.vp_range.high) == (0, 200)
    assert starcraft.kp_range is None  # Victory Points only
    assert 200 in starcraft.vp_range
    assert 201 not in starcraft.vp_range
    assert -1 not in starcraft.vp_range


@pytest.mark.parametrize("vp", [[100000, 3], [3, 201], [2**40, 0]])
def test_victory_points_out_of_the_systems_range_are_refused_naming_the_field(api, world, round_one, vp):
    """A VP of 100000 was stored on SQLite and would overflow smallint on PostgreSQL."""
    game = world.game(world.bob)
    report = api("bob").post(f"{world.api_url()}games/{game.pk}/report/", {"vp": vp}, format="json")
    assert report.status_code == 400
    assert (report.json()["code"], report.json()["field"]) == ("out-of-range", "vp")
    assert "between 0 and 200" in report.json()["message"]
    ruling = {"vp": vp, "reason": "typo", "version": version_of(game.pk)}
    judged = api("judy").post(f"{world.api_url()}games/{game.pk}/result/", ruling, format="json")
    assert (judged.status_code, judged.json()["field"]) == (400, "vp")
    assert not ResultReport.objects.exists()
    assert Game.objects.get(pk=game.pk).vp_one is None


def test_the_top_of_the_range_is_accepted(api, world, round_one):
    game = world.game(world.bob)
    response = api("bob").post(f"{world.api_url()}games/{game.pk}/report/", {"vp": [200, 0]}, format="json")
    assert response.status_code == 200


def test_names_are_length_limited_on_every_way_in(api, world):
    long_name = "N" * 121
    response = api("alice").post(f"{world.api_url()}players/", {"name": long_name}, format="json")
    assert (response.status_code, response.json()["field"]) == (400, "name")
    csv = f"name\n{long_name}\n"
    imported = api("alice").post(f"{world.api_url()}players/import/", {"csv": csv}, format="json")
    assert imported.status_code == 400
    assert "at most 120 characters" in imported.json()["message"]
    assert not Player.objects.filter(name=long_name).exists()
    ok = api("alice").post(f"{world.api_url()}players/", {"name": "N" * 120}, format="json")
    assert ok.status_code == 201


def test_a_huge_player_list_is_refused_with_413(api, world):
    csv = "name\n" + "".join(f"Player {i}\n" for i in range(30_000))
    response = api("alice").post(f"{world.api_url()}players/import/", {"csv": csv}, format="json")
    assert (response.status_code, response.json()["code"]) == (413, "too-large")
    assert world.event.players.count() == 4


def test_free_text_is_length_limited(api, world, round_one):
    game = world.game(world.bob)
    ruling = {"vp": [1, 0], "reason": "r" * 501, "version": version_of(game.pk)}
    response = api("judy").post(f"{world.api_url()}games/{game.pk}/result/", ruling, format="json")
    assert (response.status_code, response.json()["field"]) == (400, "reason")
    penalty = {
        "player": world.bob.external_id,
        "level": "caution",
        "infraction": "rules",
        "notes": "n" * 4001,
    }
    response = api("judy").post(f"{world.api_url()}penalties/", penalty, format="json")
    assert (response.status_code, response.json()["field"]) == (400, "notes")
