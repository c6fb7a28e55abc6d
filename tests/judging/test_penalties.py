"""Penalties (OP Guide: Judging and Conduct, Penalties, Pace of Play) through services, pages and API."""

from __future__ import annotations

import csv
import io

import pytest

from judging.models import Penalty, PenaltyStatus
from judging.selectors import penalty_advice
from judging.services import (
    disqualification_confirm,
    disqualification_decline,
    penalty_issue,
    time_limit_impose,
)
from tests.builders.rows import add_round
from tests.builders.worlds import World, build_world
from tournaments.errors import ServiceError
from tournaments.models import Game, Outcome, RoundStatus
from tournaments.selectors import event_standings
from tournaments.services.reporting import ResultInput, result_set
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


def issue(world: World, who: str, level: str, player=None, category: str = "rules", **kw) -> Penalty:
    return penalty_issue(
        event=world.event,
        player=player or world.bob,
        level=level,
        category=category,
        by=world.users[who],
        notes=kw.pop("notes", f"{level} by {who}"),
        **kw,
    )


# --- who may issue what -------------------------------------------------------------------

MATRIX = [
    # OP Guide: Penalties, "Who applies it"; the TO's role alone issues nothing (it confirms).
    ("judy", "caution", True),
    ("judy", "warning", True),
    ("judy", "game-loss", False),
    ("judy", "disqualification", False),
    ("hank", "caution", True),
    ("hank", "warning", True),
    ("hank", "game-loss", True),
    ("hank", "disqualification", True),
    ("alice", "caution", False),
    ("alice", "game-loss", False),
    ("bob", "caution", False),
    ("carol", "warning", False),
    ("mallory", "caution", False),
]


@pytest.mark.parametrize(("who", "level", "allowed"), MATRIX)
def test_role_by_level_matrix(world, round_one, who, level, allowed):
    if allowed:
        penalty = issue(world, who, level, player=world.carol)
        assert penalty.level == level
        assert penalty.round_number == 1
        assert penalty.table_number == 1
        expected = PenaltyStatus.PENDING if level == "disqualification" else PenaltyStatus.ISSUED
        assert penalty.status == expected
    else:
        with pytest.raises(ServiceError) as err:
            issue(world, who, level, player=world.carol)
        assert err.value.code == "penalty-refused"
        assert not Penalty.objects.exists()


def test_floor_judge_game_loss_refused_with_the_guides_words(world, round_one):
    with pytest.raises(ServiceError) as err:
        issue(world, "judy", "game-loss")
    assert "A Game Loss is applied by the Head Judge" in err.value.message
    assert "floor-judge" in err.value.message


def test_every_penalty_records_who_when_where_what(world, round_one):
    penalty = issue(
        world, "judy", "warning", player=world.erin, category="late-roster", notes="Roster 20 min late"
    )
    assert penalty.issued_by == world.users["judy"]
    assert penalty.issued_at is not None
    assert (penalty.round_number, penalty.table_number) == (1, 2)  # dan v erin at table 2
    assert penalty.game == Game.objects.get(round__number=1, player_one=world.dan)
    assert (penalty.category, penalty.notes) == ("late-roster", "Roster 20 min late")
    entry = world.event.audit_log.get(action="penalty-issued")
    assert (entry.subject, entry.actor) == ("Erin", world.users["judy"])


def test_notes_are_required(world, round_one):
    with pytest.raises(ServiceError) as err:
        issue(world, "judy", "caution", notes="  ")
    assert err.value.field == "notes"


def test_before_the_first_round_a_penalty_has_round_zero(world):
    penalty = issue(world, "judy", "caution", category="late-roster")
    assert (penalty.round_number, penalty.table_number, penalty.game) == (0, None, None)


# --- Game Loss ----------------------------------------------------------------------------


def test_game_loss_is_scored_as_an_annihilation_against_the_penalised_player(world, round_one):
    issue(world, "hank", "game-loss", player=world.bob, notes="Third warning")
    game = world.game(world.bob)
    assert game.outcome == Outcome.GAME_LOSS
    assert game.loser == world.bob
    assert game.result_status == "confirmed"
    standings = event_standings(world.event)
    # Standard Annihilation band: the winner takes 3 MP and 5 TP, the loser 0 and 0.
    carol, bob = standings[world.carol.external_id], standings[world.bob.external_id]
    assert (carol.mp, carol.tp) == (3, 5)
    assert (bob.mp, bob.tp) == (0, 0)
    assert bob.games[0].band == "Game Loss"
    assert world.event.audit_log.filter(action="result-set").exists()


def test_game_loss_in_a_paired_but_unpublished_round_is_refused(world):
    add_round(
        world.event, 1, [(world.bob, world.carol), (world.dan, world.erin)], RoundStatus.PAIRED, running=True
    )
    with pytest.raises(ServiceError) as err:
        issue(world, "hank", "game-loss", round_number=1)
    assert err.value.code == "not-published"
    assert "publish it" in err.value.message
    assert not Penalty.objects.exists()
    assert world.game(world.bob).outcome == ""


def test_game_loss_needs_a_game(world):
    with pytest.raises(ServiceError) as err:
        issue(world, "hank", "game-loss")
    assert err.value.code == "no-game"


def test_game_loss_on_a_bye_is_refused(world):
    add_round(
        world.event, 1, [(world.bob, world.carol), (world.dan, None)], RoundStatus.PUBLISHED, running=True
    )
    with pytest.raises(ServiceError) as err:
        issue(world, "hank", "game-loss", player=world.dan)
    assert err.value.code == "bye"


# --- Disqualification ---------------------------------------------------------------------


def finish_round(world: World, number: int) -> None:
    for game in Game.objects.filter(round__event=world.event, round__number=number, player_two__isnull=False):
        result_set(
            game=game,
            result=ResultInput(vp_one=8, vp_two=3, details={"battle_rounds": 5}),
            by=world.users["alice"],
            reason="slip",
        )


def test_disqualification_proposed_by_head_judge_confirmed_by_to(world, round_one):
    proposal = issue(world, "hank", "disqualification", player=world.dan, category="conduct", notes="Threats")
    world.dan.refresh_from_db()
    assert world.dan.disqualified_after_round is None  # not in force until confirmed
    with pytest.raises(ServiceError):
        disqualification_confirm(penalty=proposal, by=world.users["hank"])  # the TO confirms, not the HJ
    with pytest.raises(ServiceError):
        disqualification_confirm(penalty=proposal, by=world.users["judy"])
    confirmed = disqualification_confirm(penalty=proposal, by=world.users["alice"], note="Agreed")
    assert confirmed.status == PenaltyStatus.CONFIRMED
    assert confirmed.decided_by == world.users["alice"]
    world.dan.refresh_from_db()
    assert world.dan.disqualified_after_round == 1
    with pytest.raises(ServiceError):
        disqualification_decline(penalty=confirmed, by=world.users["alice"])


def test_disqualified_player_is_not_paired_again_and_not_placed(world, round_one):
    proposal = issue(world, "hank", "disqualification", player=world.dan, category="conduct")
    disqualification_confirm(penalty=proposal, by=world.users["alice"])
    finish_round(world, 1)  # dan beat erin 8-3 in round 1: that game stands
    round_two = round_pair(event=world.event, by=world.users["alice"], seed=7, confirm=True)
    paired = {p for g in round_two.games.all() for p in (g.player_one_id, g.player_two_id)}
    assert world.dan.pk not in paired
    assert paired - {None} == {world.bob.pk, world.carol.pk, world.erin.pk}
    assert round_two.games.filter(player_two__isnull=True).count() == 1  # three players: one bye
    standings = event_standings(world.event)
    dan = standings[world.dan.external_id]
    assert dan.placed is False
    assert dan.rank is None
    erin = standings[world.erin.external_id]
    assert erin.games[0].opponent == world.dan.external_id
    assert erin.games[0].counted is True  # still counts for the opponent


def test_a_declined_disqualification_changes_nothing(world, round_one):
    proposal = issue(world, "hank", "disqualification", player=world.dan)
    declined = disqualification_decline(penalty=proposal, by=world.users["alice"], note="Not serious enough")
    assert declined.status == PenaltyStatus.DECLINED
    world.dan.refresh_from_db()
    assert world.dan.disqualified_after_round is None
    assert penalty_advice(world.dan).escalation == ()


def test_one_pending_disqualification_at_a_time(world, round_one):
    issue(world, "hank", "disqualification", player=world.dan)
    with pytest.raises(ServiceError) as err:
        issue(world, "hank", "disqualification", player=world.dan)
    assert err.value.code == "pending"


def test_when_the_to_plays_the_head_judge_confirms(users):
    world = build_world(users, kind="community", to_plays=True)
    add_round(
        world.event,
        1,
        [(world.bob, world.carol), (world.dan, world.erin)],
        RoundStatus.PUBLISHED,
        running=True,
    )
    proposal = issue(world, "hank", "disqualification", player=world.dan)
    with pytest.raises(ServiceError) as err:
        disqualification_confirm(penalty=proposal, by=users["alice"])
    assert "Head Judge" in err.value.message
    disqualification_confirm(penalty=proposal, by=users["hank"])
    world.dan.refresh_from_db()
    assert world.dan.disqualified_after_round == 1


def test_disqualification_before_an_unpublished_round_leaves_that_round_for_repairing(world, round_one):
    finish_round(world, 1)
    add_round(
        world.event, 2, [(world.bob, world.dan), (world.carol, world.erin)], RoundStatus.PAIRED, running=True
    )
    proposal = issue(world, "hank", "disqualification", player=world.dan)
    disqualification_confirm(penalty=proposal, by=world.users["alice"])
    world.dan.refresh_from_db()
    assert world.dan.disqualified_after_round == 1  # out after the last round players saw
    assert world.event.audit_log.get(action="disqualification-confirmed").data["repair_round"] == 2


# --- escalation advice --------------------------------------------------------------------


def test_third_warning_prompts_the_head_judge_for_a_game_loss(world, round_one):
    issue(world, "judy", "warning", category="rules")
    issue(world, "judy", "warning", category="slow-play")
    assert penalty_advice(world.bob).escalation == ()
    issue(world, "judy", "warning", category="conduct")
    (advice,) = penalty_advice(world.bob).escalation
    assert advice.level == "game-loss"
    assert "third Warning" in advice.text
    page = world.client("hank").get(world.url(f"judge/penalties/new/?player={world.bob.pk}"))
    assert b"Game Loss prompt" in page.content
    assert b"third Warning" in page.content
    issue(world, "hank", "game-loss")
    assert penalty_advice(world.bob).escalation == ()


def test_repeat_of_a_cautioned_infraction_suggests_a_warning(world, round_one):
    assert penalty_advice(world.bob).suggested["rules"] == "caution"
    issue(world, "judy", "caution", category="rules")
    advice = penalty_advice(world.bob)
    assert advice.suggested["rules"] == "warning"
    assert advice.suggested["conduct"] == "caution"


def test_slow_play_ladder(world, round_one):
    # OP Guide: Pace of Play — Caution, then a time limit per activation, then a Warning.
    assert penalty_advice(world.bob).slow_play.step == "caution"
    issue(world, "judy", "caution", category="slow-play")
    assert penalty_advice(world.bob).slow_play.step == "time-limit"
    limit = time_limit_impose(
        event=world.event, player=world.bob, by=world.users["judy"], seconds_per_activation=90
    )
    assert limit.round_number == 1
    step = penalty_advice(world.bob).slow_play
    assert step.step == "warning"
    assert step.remedy_allowed is True
    warning = issue(world, "judy", "warning", category="slow-play", remedy="Carol scores an extra objective")
    assert warning.remedy == "Carol scores an extra objective"
    issue(world, "judy", "warning", category="slow-play")
    final = penalty_advice(world.bob).slow_play
    assert final.step == "game-loss"
    assert "Head Judge" in final.applied_by


def test_a_remedy_only_goes_with_a_slow_play_warning(world, round_one):
    with pytest.raises(ServiceError):
        issue(world, "judy", "caution", category="slow-play", remedy="extra turn")


def test_the_advice_fragment_follows_the_chosen_player(world, round_one):
    issue(world, "judy", "caution", category="slow-play", player=world.carol)
    fragment = world.client("judy").get(
        world.url(f"judge/penalties/advice/?player={world.carol.pk}"), HTTP_HX_REQUEST="true"
    )
    assert fragment.status_code == 200
    assert b"Carol's record" in fragment.content
    assert b"time limit per activation" in fragment.content


# --- the log, the export, a player's own record -------------------------------------------


def test_staff_log_filters_and_csv_export(world, round_one):
    issue(world, "judy", "caution", player=world.bob, category="rules", notes="Mismeasured a charge")
    issue(world, "judy", "warning", player=world.carol, category="slow-play", notes="=HYPERLINK(evil)")
    client = world.client("judy")
    page = client.get(world.url("judge/penalties/"))
    assert page.status_code == 200
    assert b"Mismeasured a charge" in page.content
    filtered = client.get(world.url(f"judge/penalties/?player={world.carol.pk}"))
    assert b"Mismeasured a charge" not in filtered.content
    response = client.get(world.url("judge/penalties.csv"))
    assert response["Content-Type"].startswith("text/csv")
    assert f'filename="{world.event.slug}-penalties.csv"' in response["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [(r["player"], r["level"], r["category"], r["round"], r["table"]) for r in rows] == [
        ("Bob", "caution", "rules", "1", "1"),
        ("Carol", "warning", "slow-play", "1", "1"),
    ]
    assert rows[0]["issued_by"] == "judy"
    assert rows[1]["notes"] == "'=HYPERLINK(evil)"  # never a formula in a spreadsheet
    only_warnings = client.get(world.url("judge/penalties.csv?level=warning"))
    assert only_warnings.content.decode().count("\n") == 2


@pytest.mark.parametrize("who", ["bob", "carol", "mallory", "anonymous"])
def test_the_log_is_staff_only(world, round_one, who):
    expected = 302 if who == "anonymous" else 404  # anonymous: to the login page
    assert world.client(who).get(world.url("judge/penalties/")).status_code == expected
    assert world.client(who).get(world.url("judge/penalties.csv")).status_code == expected


def test_a_player_sees_only_their_own_penalties(world, round_one):
    issue(world, "judy", "caution", player=world.bob, notes="Forgot a step")
    issue(world, "judy", "warning", player=world.carol, notes="Carol's own slip")
    issue(world, "hank", "disqualification", player=world.bob, notes="Under investigation")
    page = world.client("bob").get(world.url("me/penalties/"))
    assert page.status_code == 200
    assert b"Forgot a step" in page.content
    assert b"Carol&#x27;s own slip" not in page.content
    assert b"Under investigation" not in page.content  # a proposal is not a penalty yet
    assert world.client("mallory").get(world.url("me/penalties/")).status_code == 404
    assert world.client("judy").get(world.url("me/penalties/")).status_code == 404  # staff, not a player


# --- the web form -------------------------------------------------------------------------


def test_penalty_form_issues_and_refuses_with_the_reason(world, round_one):
    client = world.client("judy")
    form = {
        "player": world.bob.pk,
        "level": "caution",
        "category": "rules",
        "notes": "Forgot to roll",
        "game": "",
    }
    response = client.post(world.url("judge/penalties/new/"), form)
    assert response.status_code == 302
    assert Penalty.objects.get().level == "caution"
    refused = client.post(world.url("judge/penalties/new/"), {**form, "level": "game-loss"})
    assert refused.status_code == 200
    assert b"A Game Loss is applied by the Head Judge" in refused.content
    assert Penalty.objects.count() == 1
    assert world.client("bob").post(world.url("judge/penalties/new/"), form).status_code == 404


def test_disqualification_confirmed_from_the_log_page(world, round_one):
    proposal = issue(world, "hank", "disqualification", player=world.dan)
    page = world.client("alice").get(world.url("judge/penalties/"))
    assert b"Disqualifications awaiting confirmation" in page.content
    world.client("hank").post(
        world.url(f"judge/penalties/{proposal.pk}/confirm/"), {"note": "", "confirmed": "yes"}
    )
    proposal.refresh_from_db()
    assert proposal.status == PenaltyStatus.PENDING  # the HJ cannot confirm while the TO does not play
    world.client("alice").post(
        world.url(f"judge/penalties/{proposal.pk}/confirm/"), {"note": "ok", "confirmed": "yes"}
    )
    proposal.refresh_from_db()
    assert proposal.status == PenaltyStatus.CONFIRMED


def test_time_limit_form(world, round_one):
    response = world.client("judy").post(
        world.url("judge/time-limits/"), {"player": world.bob.pk, "seconds_per_activation": 60, "notes": ""}
    )
    assert response.status_code == 302
    assert world.bob.time_limits.get().seconds_per_activation == 60
    assert (
        world.client("alice").post(world.url("judge/time-limits/"), {"player": world.bob.pk}).status_code
        == 404
    )


# --- the API ------------------------------------------------------------------------------


def test_api_issue_list_export_and_own(world, round_one):
    url = world.api_url("penalties/")
    body = {"player": world.bob.external_id, "level": "caution", "infraction": "rules", "notes": "Slip"}
    created = world.api("judy").post(url, body, format="json")
    assert created.status_code == 201, created.content
    assert created.json()["table"] == 1
    refused = world.api("judy").post(url, {**body, "level": "game-loss"}, format="json")
    assert refused.status_code == 400
    assert refused.json()["code"] == "penalty-refused"
    assert world.api("bob").post(url, body, format="json").status_code == 404
    assert world.api("anonymous").post(url, body, format="json").status_code == 401
    listed = world.api("hank").get(url, {"player": world.bob.external_id})
    assert [p["level"] for p in listed.json()["results"]] == ["caution"]
    assert world.api("bob").get(url).status_code == 404
    export = world.api("hank").get(world.api_url("penalties/export/"))
    assert export.content.decode().splitlines()[1].split(",")[4] == "Bob"
    own = world.api("bob").get(world.api_url("me/penalties/"))
    assert [p["notes"] for p in own.json()["results"]] == ["Slip"]
    assert world.api("carol").get(world.api_url("me/penalties/")).json()["results"] == []
    advice = world.api("judy").get(world.api_url(f"penalties/advice/{world.bob.external_id}/"))
    assert advice.json()["slow_play"]["step"] == "caution"
    assert advice.json()["suggested"]["rules"] == "warning"


def test_api_game_loss_and_disqualification_flow(world, round_one):
    url = world.api_url("penalties/")
    game_loss = world.api("hank").post(
        url,
        {
            "player": world.carol.external_id,
            "level": "game-loss",
            "infraction": "illegal-roster",
            "notes": "Advantage",
        },
        format="json",
    )
    assert game_loss.status_code == 201
    assert world.game(world.bob).loser == world.carol
    dq = world.api("hank").post(
        url,
        {
            "player": world.erin.external_id,
            "level": "disqualification",
            "infraction": "conduct",
            "notes": "x",
        },
        format="json",
    )
    assert dq.json()["status"] == "pending-confirmation"
    pk = dq.json()["id"]
    assert (
        world.api("hank").post(world.api_url(f"penalties/{pk}/confirm/"), {}, format="json").status_code
        == 400
    )
    confirmed = world.api("alice").post(
        world.api_url(f"penalties/{pk}/confirm/"), {"note": "yes"}, format="json"
    )
    assert confirmed.json()["status"] == "confirmed"
    assert confirmed.json()["decided_by"] == "alice"


def test_the_log_page_queries_do_not_grow_with_the_log(world, round_one, django_assert_max_num_queries):
    for n in range(12):
        player = (world.bob, world.carol, world.dan, world.erin)[n % 4]
        issue(world, "judy", "caution", player=player, notes=f"slip {n}")
    issue(world, "hank", "disqualification", player=world.dan)
    client = world.client("judy")
    with django_assert_max_num_queries(12):
        response = client.get(world.url("judge/penalties/"))
    assert response.content.count(b"slip ") == 12
