"""Result entry for every game system: the same report -> confirm / dispute ->
judge flow, with what each system's result holds (docs/interchange.md, "Other game systems").

StarCraft: VP and its Battle Rounds (a StarCraft-declared extra). Dropzone: VP and Kill
Points, a VP tie won on KP (DZC:952). MORSDEI: a complete victory names the loser and keeps
the VP (MOR:527, :564). Warpspawn: a winner or a draw, no VP.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders.results_systems import SYSTEMS, a_win, another_result, as_api, one_game
from tests.builders.rows import version_of
from tournaments.bridges.standings import event_standings
from tournaments.errors import ServiceError
from tournaments.models import AuditEntry, Game, ResultStatus
from tournaments.services.reporting import ResultInput, result_confirm, result_report, result_set

pytestmark = pytest.mark.django_db


def stored(game: Game) -> dict[str, Any]:
    game.refresh_from_db()
    return {
        "outcome": game.outcome,
        "vp": [game.vp_one, game.vp_two],
        "kp": [game.kp_one, game.kp_two],
        "loser": game.loser.name if game.loser else None,
        "winner": game.winner.name if game.winner else None,
        "details": game.details,
    }


EXPECTED_WIN: dict[str, dict[str, Any]] = {
    "starcraft-tmg": {
        "outcome": "played",
        "vp": [12, 3],
        "kp": [None, None],
        "loser": None,
        "winner": None,
        "details": {"battle_rounds": 5},
    },
    "dropzone-commander": {
        "outcome": "played",
        "vp": [6, 6],
        "kp": [900, 450],
        "loser": None,
        "winner": None,
        "details": {},
    },
    "morsdei": {
        "outcome": "complete-victory",
        "vp": [4, 5],
        "kp": [None, None],
        "loser": "Carol",
        "winner": None,
        "details": {},
    },
    "warpspawn-starcraft": {
        "outcome": "played",
        "vp": [None, None],
        "kp": [None, None],
        "loser": None,
        "winner": "Bob",
        "details": {},
    },
}
# What bob's win scores in each system's default bands (standings MP, TP).
WIN_SCORES = {
    "starcraft-tmg": (3, 4),  # Decisive Victory (difference 9)
    "dropzone-commander": None,  # the lowest winning band: read from the system
    "morsdei": None,  # the top band: read from the system
    "warpspawn-starcraft": (3, 0),
}


@pytest.mark.parametrize("system", SYSTEMS)
def test_report_and_confirm_store_the_result_the_system_records(users, system):
    t = one_game(users, system)
    result_report(game=t.game, player=t.bob, result=a_win(system, t), by=users["bob"])
    assert Game.objects.get(pk=t.game.pk).result_status == ResultStatus.AWAITING
    result_confirm(game=t.game, player=t.carol, by=users["carol"])
    assert Game.objects.get(pk=t.game.pk).result_status == ResultStatus.CONFIRMED
    assert stored(t.game) == EXPECTED_WIN[system]
    rows = {row.name: row for row in event_standings(t.event).rows}
    assert rows["Bob"].mp > rows["Carol"].mp
    if WIN_SCORES[system] is not None:
        assert (rows["Bob"].mp, rows["Bob"].tp) == WIN_SCORES[system]
    if system == "dropzone-commander":
        # The fifth standings key: Kill Points scored in played games (docs/interchange.md).
        assert (rows["Bob"].kp, rows["Carol"].kp) == (900, 450)
    else:
        assert rows["Bob"].kp is None


@pytest.mark.parametrize("system", SYSTEMS)
def test_different_reports_go_to_the_judges_who_correct_with_a_reason(users, system):
    t = one_game(users, system)
    result_report(game=t.game, player=t.bob, result=a_win(system, t), by=users["bob"])
    result_report(game=t.game, player=t.carol, result=another_result(system, t), by=users["carol"])
    assert Game.objects.get(pk=t.game.pk).result_status == ResultStatus.DISPUTED
    result_set(
        game=t.game,
        result=a_win(system, t),
        by=users["judy"],
        reason="the score sheet says so",
        expected_version=version_of(t.game.pk),
    )
    assert stored(t.game) == EXPECTED_WIN[system]
    entry = AuditEntry.objects.get(event=t.event, action="result-set")
    after = entry.data["after"]
    assert after["outcome"] == EXPECTED_WIN[system]["outcome"]
    if system == "dropzone-commander":
        assert after["kp"] == [900, 450]
    if system == "warpspawn-starcraft":
        assert after["winner"] == t.bob.pk
    # The judge corrects it again: carol's result stands instead.
    result_set(
        game=t.game,
        result=another_result(system, t),
        by=users["judy"],
        reason="re-read the sheet",
        expected_version=version_of(t.game.pk),
    )
    assert stored(t.game)["outcome"] == another_result(system, t).outcome


def refused(t: Any, result: ResultInput) -> ServiceError:
    with pytest.raises(ServiceError) as caught:
        result_report(game=t.game, player=t.bob, result=result, by=None or t.bob.user)
    assert not t.game.reports.exists()  # nothing half-saved
    return caught.value


@pytest.mark.parametrize(
    ("system", "result", "field", "code", "words"),
    [
        ("dropzone-commander", ResultInput(vp_one=6, vp_two=4), "kp", "result-field-missing", "Kill Points"),
        (
            "dropzone-commander",
            ResultInput(vp_one=6, vp_two=4, kp_one=40000, kp_two=0),
            "kp",
            "out-of-range",
            "between 0 and 30000",
        ),
        (
            "dropzone-commander",
            ResultInput(outcome="draw"),
            "outcome",
            "outcome-not-in-system",
            "equal Victory",
        ),
        (
            "dropzone-commander",
            ResultInput(vp_one=6, vp_two=4, kp_one=1, kp_two=2, details={"battle_rounds": 3}),
            "details",
            "unknown-detail",
            "record no 'battle_rounds'",
        ),
        ("morsdei", ResultInput(vp_one=13, vp_two=2), "vp", "out-of-range", "between 0 and 12"),
        (
            "morsdei",
            ResultInput(outcome="complete-victory", vp_one=3, vp_two=0),
            "loser",
            "result-field-missing",
            "lost every fighter",
        ),
        ("morsdei", ResultInput(outcome="complete-victory"), "vp", "result-field-missing", "Victory Points"),
        (
            "morsdei",
            ResultInput(vp_one=3, vp_two=1, kp_one=1, kp_two=1),
            "kp",
            "result-field-not-recorded",
            "no Kill Points",
        ),
        (
            "starcraft-tmg",
            ResultInput(outcome="complete-victory", vp_one=3, vp_two=0),
            "outcome",
            "outcome-not-in-system",
            "complete victory",
        ),
        (
            "starcraft-tmg",
            ResultInput(vp_one=3, vp_two=1, details={"battle_rounds": 11}),
            "battle_rounds",
            "out-of-range",
            "between 0 and 10",
        ),
        (
            "warpspawn-starcraft",
            ResultInput(vp_one=3, vp_two=1),
            "vp",
            "result-field-not-recorded",
            "no Victory Points",
        ),
        ("warpspawn-starcraft", ResultInput(), "winner", "result-field-missing", "Say who won"),
        (
            "warpspawn-starcraft",
            ResultInput(outcome="complete-victory"),
            "outcome",
            "outcome-not-in-system",
            "complete victory",
        ),
    ],
)
def test_a_result_the_system_cannot_hold_is_refused_on_its_field(users, system, result, field, code, words):
    t = one_game(users, system)
    error = refused(t, result)
    assert error.field == field
    assert error.code == code
    assert words in error.message


def test_a_draw_of_a_system_without_vp_is_scored_as_a_draw(users):
    t = one_game(users, "warpspawn-starcraft")
    result_report(game=t.game, player=t.bob, result=ResultInput(outcome="draw"), by=users["bob"])
    result_confirm(game=t.game, player=t.carol, by=users["carol"])
    assert stored(t.game)["outcome"] == "draw"
    rows = {row.name: row for row in event_standings(t.event).rows}
    assert (rows["Bob"].mp, rows["Carol"].mp) == (1, 1)


def test_dropzone_reports_must_agree_on_kill_points_too(users):
    t = one_game(users, "dropzone-commander")
    result_report(game=t.game, player=t.bob, result=a_win("dropzone-commander", t), by=users["bob"])
    theirs = ResultInput(vp_one=6, vp_two=6, kp_one=900, kp_two=451)
    result_report(game=t.game, player=t.carol, result=theirs, by=users["carol"])
    assert Game.objects.get(pk=t.game.pk).result_status == ResultStatus.DISPUTED


def test_only_starcraft_holds_short_games_for_the_head_judge(users):
    # OP Guide: Games That Didn't Get Far Enough is StarCraft's rule, through its plug-in.
    sc = one_game(users, "starcraft-tmg")
    short = ResultInput(vp_one=4, vp_two=1, details={"battle_rounds": 1})
    result_set(game=sc.game, result=short, by=users["judy"], reason="slip")
    assert Game.objects.get(pk=sc.game.pk).needs_review
    for system in SYSTEMS[1:]:
        t = one_game(users, system)
        result_set(game=t.game, result=a_win(system, t), by=users["judy"], reason="slip")
        assert not Game.objects.get(pk=t.game.pk).needs_review


# --- the API ---------------------------------------------------------------------------


@pytest.mark.parametrize("system", SYSTEMS)
def test_api_report_confirm_and_the_game_as_it_stands(api, users, system):
    t = one_game(users, system)
    body = api("bob").post(f"{t.api}report/", as_api(a_win(system, t), t), format="json")
    assert body.status_code == 200, body.json()
    game = api("carol").post(f"{t.api}confirm/").json()
    assert game["result_status"] == "confirmed"
    want = EXPECTED_WIN[system]
    assert game["outcome"] == want["outcome"]
    assert game["vp"] == (want["vp"] if want["vp"][0] is not None else None)
    assert game["kp"] == (want["kp"] if want["kp"][0] is not None else None)
    assert game["winner"] == (t.bob.external_id if want["winner"] else None)
    assert game["loser"] == (t.carol.external_id if want["loser"] else None)
    assert game["details"] == want["details"]
    assert game["reports"][0]["kp"] == (want["kp"] if want["kp"][0] is not None else None)


@pytest.mark.parametrize("system", SYSTEMS)
def test_api_dispute_and_judge_correction(api, users, system):
    t = one_game(users, system)
    api("bob").post(f"{t.api}report/", as_api(a_win(system, t), t), format="json")
    disputed = api("carol").post(f"{t.api}report/", as_api(another_result(system, t), t), format="json")
    assert disputed.json()["result_status"] == "disputed"
    ruling = {**as_api(a_win(system, t), t), "reason": "sheet", "version": version_of(t.game.pk)}
    body = api("judy").post(f"{t.api}result/", ruling, format="json")
    assert body.status_code == 200, body.json()
    assert body.json()["outcome"] == EXPECTED_WIN[system]["outcome"]
    assert stored(t.game) == EXPECTED_WIN[system]


def test_api_errors_name_the_field(api, users):
    t = one_game(users, "dropzone-commander")
    body = api("bob").post(f"{t.api}report/", {"vp": [3, 2]}, format="json")
    assert body.status_code == 400
    assert body.json()["field"] == "kp"
    w = one_game(users, "warpspawn-starcraft")
    body = api("bob").post(f"{w.api}report/", {"winner": "nobody"}, format="json")
    assert (body.status_code, body.json()["field"]) == (400, "winner")


# --- the web forms -----------------------------------------------------------------------

PLAYER_FORMS = {
    "starcraft-tmg": {"how": "played", "my_vp": "12", "their_vp": "3", "battle_rounds": "5"},
    "dropzone-commander": {"how": "played", "my_vp": "6", "their_vp": "6", "my_kp": "900", "their_kp": "450"},
    "morsdei": {"how": "i-won-completely", "my_vp": "4", "their_vp": "5"},
    "warpspawn-starcraft": {"how": "i-won"},
}
# The same result typed by carol (player two), in her own terms.
CAROL_FORMS = {
    "starcraft-tmg": {"how": "played", "my_vp": "3", "their_vp": "12", "battle_rounds": "5"},
    "dropzone-commander": {"how": "played", "my_vp": "6", "their_vp": "6", "my_kp": "450", "their_kp": "900"},
    "morsdei": {"how": "they-won-completely", "my_vp": "5", "their_vp": "4"},
    "warpspawn-starcraft": {"how": "they-won"},
}


@pytest.mark.parametrize("system", SYSTEMS)
def test_player_form_fits_the_game_and_both_sides_confirm(client, users, system):
    t = one_game(users, system)
    client.force_login(users["bob"])
    page = client.get(f"/e/{t.event.slug}/me/").content.decode()
    assert ('name="my_kp"' in page) == (system == "dropzone-commander")
    assert ('name="my_vp"' in page) == (system != "warpspawn-starcraft")
    assert ('name="battle_rounds"' in page) == (system == "starcraft-tmg")
    assert ('value="i-won-completely"' in page) == (system == "morsdei")
    assert ('value="draw"' in page) == (system == "warpspawn-starcraft")
    response = client.post(f"/e/{t.event.slug}/me/result/", PLAYER_FORMS[system])
    assert response.status_code == 302, response.content.decode()[:3000]
    client.force_login(users["carol"])
    response = client.post(f"/e/{t.event.slug}/me/result/", CAROL_FORMS[system])
    assert response.status_code == 302
    assert stored(t.game) == EXPECTED_WIN[system]
    assert Game.objects.get(pk=t.game.pk).result_status == ResultStatus.CONFIRMED


def test_player_form_shows_the_services_error_on_its_field(client, users):
    t = one_game(users, "morsdei")
    client.force_login(users["bob"])
    page = client.post(f"/e/{t.event.slug}/me/result/", {"how": "played", "my_vp": "13", "their_vp": "2"})
    text = page.content.decode()
    assert page.status_code == 200
    assert "Victory Points must be between 0 and 12 in MORSDEI" in text
    assert not t.game.reports.exists()
    d = one_game(users, "dropzone-commander")
    text = client.post(f"/e/{d.event.slug}/me/result/", {"how": "played", "my_vp": "3", "their_vp": "2"})
    assert "Enter your Kill Points." in text.content.decode()


STAFF_FORMS = {
    "starcraft-tmg": {"outcome": "played", "vp_one": "12", "vp_two": "3", "battle_rounds": "5"},
    "dropzone-commander": {
        "outcome": "played",
        "vp_one": "6",
        "vp_two": "6",
        "kp_one": "900",
        "kp_two": "450",
    },
    "morsdei": {"outcome": "complete-victory", "vp_one": "4", "vp_two": "5", "loser": "two"},
    "warpspawn-starcraft": {"outcome": "played", "winner": "one"},
}


@pytest.mark.parametrize("system", SYSTEMS)
def test_judge_form_fits_the_game_and_corrects_a_dispute(client, users, system):
    t = one_game(users, system)
    result_report(game=t.game, player=t.bob, result=a_win(system, t), by=users["bob"])
    result_report(game=t.game, player=t.carol, result=another_result(system, t), by=users["carol"])
    client.force_login(users["judy"])
    queue = client.get(f"/e/{t.event.slug}/judge/").content.decode()
    prefix = f"g{t.game.pk}-"
    assert (f'name="{prefix}kp_one"' in queue) == (system == "dropzone-commander")
    assert (f'name="{prefix}winner"' in queue) == (system == "warpspawn-starcraft")
    assert (f'name="{prefix}battle_rounds"' in queue) == (system == "starcraft-tmg")
    assert ('value="complete-victory"' in queue) == (system == "morsdei")
    data = {prefix + k: v for k, v in STAFF_FORMS[system].items()}
    data |= {prefix + "reason": "checked the sheet", prefix + "version": str(version_of(t.game.pk))}
    response = client.post(f"/e/{t.event.slug}/judge/games/{t.game.pk}/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    assert stored(t.game) == EXPECTED_WIN[system]


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_retried_report_is_stored_once(users, system):
    t = one_game(users, system)
    for _ in range(2):
        result_report(
            game=t.game, player=t.bob, result=a_win(system, t), by=users["bob"], idempotency_key="k-1"
        )
    assert t.game.reports.count() == 1
    result_confirm(game=t.game, player=t.carol, by=users["carol"], idempotency_key="k-2")
    result_confirm(game=t.game, player=t.carol, by=users["carol"], idempotency_key="k-2")
    assert t.game.reports.count() == 2
    assert stored(t.game) == EXPECTED_WIN[system]


@pytest.mark.parametrize("system", SYSTEMS)
def test_pages_show_each_systems_result(client, users, system):
    t = one_game(users, system)
    result_set(game=t.game, result=a_win(system, t), by=users["judy"], reason="slip")
    shown = {
        "starcraft-tmg": "12\N{EN DASH}3",
        "dropzone-commander": "6\N{EN DASH}6 (KP 900\N{EN DASH}450)",
        "morsdei": "Complete victory for Bob over Carol, 4\N{EN DASH}5",
        "warpspawn-starcraft": "Won by Bob",
    }[system]
    client.force_login(users["judy"])
    grid = client.get(f"/e/{t.event.slug}/judge/rounds/1/").content.decode()
    assert shown in grid
    assert ("<th>BR</th>" in grid) == (system == "starcraft-tmg")
    for page in (f"/e/{t.event.slug}/standings/p1/", f"/e/{t.event.slug}/pairings/"):
        assert client.get(page).status_code == 200


def test_a_player_cannot_report_a_game_loss_a_judge_issues_it(users):
    t = one_game(users, "starcraft-tmg")
    error = refused(t, ResultInput(outcome="game-loss", loser=t.carol))
    assert (error.code, error.field) == ("outcome-staff-only", "outcome")
    result_set(
        game=t.game,
        result=ResultInput(outcome="game-loss", loser=t.carol),
        by=users["alice"],
        reason="penalty",
        expected_version=version_of(t.game.pk),
    )
    assert stored(t.game)["outcome"] == "game-loss"
