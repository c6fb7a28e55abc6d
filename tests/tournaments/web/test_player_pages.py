"""The player's page: rosters with live validation, the game in play, results, dropping."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.utils import timezone

from rosters.models import Roster
from tests.builders.documents import terran_document, terran_text
from tests.builders.rows import add_player, add_staff, make_event, play_round
from tournaments.models import ListFormat, Outcome, ResultStatus, RoundStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(alice):
    return make_event(to=alice)


@pytest.fixture
def pair(event, bob, carol):
    """Bob and Carol paired on table 1 in published round 1."""
    b = add_player(event, bob, "Bob")
    c = add_player(event, carol, "Carol")
    play_round(event, 1, status=RoundStatus.PUBLISHED, scored=False)
    return b, c


def test_me_is_for_players_only(client, event, bob, mallory, alice):
    add_player(event, bob, "Bob")
    assert client.get("/e/spring-skirmish/me/")["Location"].startswith("/accounts/login/")
    client.force_login(mallory)
    assert client.get("/e/spring-skirmish/me/").status_code == 404
    client.force_login(alice)  # the TO does not play here
    assert client.get("/e/spring-skirmish/me/").status_code == 404
    client.force_login(bob)
    assert client.get("/e/spring-skirmish/me/").status_code == 200


def test_single_list_offers_one_roster_dual_list_two(client, bob, carol):
    single = make_event(slug="single")
    add_player(single, bob, "Bob")
    dual = make_event(slug="dual", list_format=ListFormat.DUAL)
    add_player(dual, bob, "Bob")
    client.force_login(bob)
    assert [s["slot"] for s in client.get("/e/single/me/").context["slots"]] == [1]
    assert [s["slot"] for s in client.get("/e/dual/me/").context["slots"]] == [1, 2]
    assert client.post("/e/single/me/rosters/2/", {"r2-content": terran_text()}).status_code == 404


def test_submitting_a_legal_roster(client, event, bob):
    player = add_player(event, bob, "Bob")
    client.force_login(bob)
    response = client.post("/e/spring-skirmish/me/rosters/1/", {"r1-content": terran_text("Bob")})
    assert response["Location"] == "/e/spring-skirmish/me/"
    roster = Roster.objects.get(player=player)
    assert roster.legal
    page = client.get("/e/spring-skirmish/me/").content.decode()
    assert "Roster 1 is submitted and legal." in page
    assert "Terran Armed Forces" in page


def test_an_illegal_roster_is_stored_with_its_reasons(client, event, bob):
    player = add_player(event, bob, "Bob")
    client.force_login(bob)
    doc = terran_document("Bob")
    doc["scale"] = "standard"
    client.post("/e/spring-skirmish/me/rosters/1/", {"r1-content": json.dumps(doc)})
    roster = Roster.objects.get(player=player)
    assert not roster.legal
    page = client.get("/e/spring-skirmish/me/").content.decode()
    assert "Not legal" in page
    assert "This event is played at skirmish scale; the roster is built for standard." in page


def test_an_unreadable_roster_is_a_form_error(client, event, bob):
    add_player(event, bob, "Bob")
    client.force_login(bob)
    response = client.post("/e/spring-skirmish/me/rosters/1/", {"r1-content": '{"format": '})
    assert response.status_code == 200
    assert "Roster 1: malformed JSON at line 1, column 11" in response.content.decode()
    assert not Roster.objects.exists()


def test_after_the_deadline_players_cannot_change_rosters(client, bob):
    event = make_event(roster_deadline=timezone.now() - dt.timedelta(hours=1))
    add_player(event, bob, "Bob")
    client.force_login(bob)
    response = client.post("/e/spring-skirmish/me/rosters/1/", {"r1-content": terran_text()})
    assert "The roster deadline has passed; a judge can make changes for you." in response.content.decode()


def test_live_check_reports_verdict_totals_and_slots(client, event, bob):
    add_player(event, bob, "Bob")
    client.force_login(bob)
    response = client.post("/e/spring-skirmish/rosters/check/", {"r1-content": terran_text(), "slot": "1"})
    page = response.content.decode()
    # The Terran Starter: 1000 minerals, 85 gas, 7 supply; 4/5 Core, 2/3 Elite, 1/1 Support.
    assert "<strong>Legal</strong>" in page
    assert "Minerals 1000/1000" in page
    assert "Gas 85/100" in page
    assert "Supply 7" in page
    assert "Core 4/5" in page
    assert "Elite 2/3" in page
    assert "Support 1/1" in page


def test_live_check_reads_plain_text_and_explains_problems(client, event, bob):
    add_player(event, bob, "Bob")
    client.force_login(bob)
    text = "Player: Bob\nFaction: Terran Armed Forces\nScale: standard\n\nUnits:\n9x Marine\n"
    page = client.post("/e/spring-skirmish/rosters/check/", {"r1-content": text}).content.decode()
    assert "Not legal" in page
    assert "This event is played at skirmish scale" in page
    page = client.post("/e/spring-skirmish/rosters/check/", {"r1-content": "{ nope"}).content.decode()
    assert "Cannot read this roster." in page
    page = client.post("/e/spring-skirmish/rosters/check/", {"r1-content": "  "}).content.decode()
    assert "Paste or type your roster" in page


def test_live_check_is_404_for_outsiders(client, event, mallory):
    client.force_login(mallory)
    assert client.post("/e/spring-skirmish/rosters/check/", {"r1-content": terran_text()}).status_code == 404


def test_my_game_shows_table_layout_opponent_and_their_roster(client, event, pair, carol):
    bob_player, carol_player = pair
    Roster.objects.create(
        player=carol_player, slot=1, document=terran_document("Carol"), legal=True, report={}
    )
    client.force_login(carol)
    response = client.get("/e/spring-skirmish/me/")
    page = response.content.decode()
    assert "Round 1 · Table 1" in page
    assert "Map 1" in page
    assert "Against <strong>Bob</strong>" in page
    Roster.objects.create(player=bob_player, slot=1, document=terran_document("Bob"), legal=True, report={})
    response = client.get("/e/spring-skirmish/me/")
    assert [r.player.name for r in response.context["opponent_rosters"]] == ["Bob"]


def test_report_then_confirm(client, event, pair, bob, carol):
    client.force_login(carol)  # Carol is player two: her "my VP" is the game's vp_two
    response = client.post(
        "/e/spring-skirmish/me/result/",
        {"how": "played", "my_vp": "2", "their_vp": "9", "battle_rounds": "4"},
    )
    assert response["Location"] == "/e/spring-skirmish/me/"
    game = pair[0].games_as_one.get()
    assert game.result_status == ResultStatus.AWAITING
    client.force_login(bob)
    page = client.get("/e/spring-skirmish/me/").content.decode()
    assert "Your opponent reported <strong>you 9 \N{EN DASH} opponent 2, 4 Battle Rounds</strong>" in page
    client.post("/e/spring-skirmish/me/confirm/")
    game.refresh_from_db()
    assert (game.result_status, game.vp_one, game.vp_two, game.details) == (
        "confirmed",
        9,
        2,
        {"battle_rounds": 4},
    )
    assert game.round.status == RoundStatus.CLOSED  # the only game: the round closes


def test_a_concession(client, event, pair, bob):
    client.force_login(bob)
    client.post("/e/spring-skirmish/me/result/", {"how": "i-conceded"})
    report = pair[0].games_as_one.get().reports.get()
    assert (report.outcome, report.loser_id) == (Outcome.CONCESSION, pair[0].pk)


def test_missing_vp_is_a_form_error(client, event, pair, bob):
    client.force_login(bob)
    response = client.post("/e/spring-skirmish/me/result/", {"how": "played", "my_vp": "5"})
    assert response.status_code == 200
    assert "Enter your opponent&#x27;s Victory Points." in response.content.decode()


def test_differing_reports_go_to_the_judges(client, event, pair, bob, carol):
    client.force_login(bob)
    client.post("/e/spring-skirmish/me/result/", {"how": "played", "my_vp": "9", "their_vp": "2"})
    client.force_login(carol)
    response = client.post("/e/spring-skirmish/me/result/", {"how": "played", "my_vp": "5", "their_vp": "5"})
    assert response["Location"] == "/e/spring-skirmish/me/"
    assert pair[0].games_as_one.get().result_status == ResultStatus.DISPUTED
    page = client.get("/e/spring-skirmish/me/").content.decode()
    assert "a judge will settle it" in page
    assert "Disputed: with the judges" in page


def test_confirm_with_nothing_to_confirm_says_so(client, event, pair, bob):
    client.force_login(bob)
    client.post("/e/spring-skirmish/me/confirm/")
    assert (
        "There is no result waiting for your confirmation."
        in client.get("/e/spring-skirmish/me/").content.decode()
    )


def test_drop_asks_for_confirmation_first(client, event, bob):
    player = add_player(event, bob, "Bob")
    client.force_login(bob)
    page = client.get("/e/spring-skirmish/me/drop/").content.decode()
    assert "cannot re-enter" in page
    player.refresh_from_db()
    assert player.dropped_after_round is None
    assert client.post("/e/spring-skirmish/me/drop/")["Location"] == "/e/spring-skirmish/me/"
    player.refresh_from_db()
    assert player.dropped_after_round == 0
    assert "You dropped after round 0" in client.get("/e/spring-skirmish/me/").content.decode()


def test_staff_who_also_play_see_both_pages(client, bob):
    event = make_event()
    add_player(event, bob, "Bob")
    add_staff(event, bob, "floor-judge")
    client.force_login(bob)
    assert client.get("/e/spring-skirmish/me/").status_code == 200
    assert client.get("/e/spring-skirmish/judge/").status_code == 200


def test_a_retried_confirmation_is_told_it_succeeded(client, event, pair, bob, carol):
    """A confirmation was stored but its answer lost; the retry said there was nothing
    to confirm. The retry (same page, same hidden key) now succeeds with the stored result,
    even though confirming closed the round."""
    client.force_login(carol)
    client.post("/e/spring-skirmish/me/result/", {"how": "played", "my_vp": "2", "their_vp": "9"})
    client.force_login(bob)
    page = client.get("/e/spring-skirmish/me/")
    key = page.context["confirm_key"]
    assert f'name="idempotency_key" value="{key}"' in page.content.decode()
    client.post("/e/spring-skirmish/me/confirm/", {"idempotency_key": key})
    game = pair[0].games_as_one.get()
    assert game.round.status == RoundStatus.CLOSED
    retry = client.post("/e/spring-skirmish/me/confirm/", {"idempotency_key": key}, follow=True)
    text = retry.content.decode()
    assert "Result confirmed. Thank you!" in text
    assert "There is no result waiting" not in text
    assert game.reports.filter(reporter=pair[0]).count() == 1


def test_a_doubled_report_from_one_page_is_stored_once(client, event, pair, bob):
    client.force_login(bob)
    page = client.get("/e/spring-skirmish/me/")
    key = page.context["result_form"]["idempotency_key"].value()
    body = {"how": "played", "my_vp": "9", "their_vp": "2", "idempotency_key": key}
    first = client.post("/e/spring-skirmish/me/result/", body)
    second = client.post("/e/spring-skirmish/me/result/", body)
    assert first["Location"] == second["Location"] == "/e/spring-skirmish/me/"
    assert pair[0].games_as_one.get().reports.count() == 1
    # The next page shows a fresh form with a fresh key.
    assert client.get("/e/spring-skirmish/me/").context["result_form"]["idempotency_key"].value() != key


def test_a_player_withdraws_roster_two_from_their_page(client, bob):
    event = make_event(list_format=ListFormat.DUAL)
    player = add_player(event, bob, "Bob")
    for slot in (1, 2):
        Roster.objects.create(player=player, slot=slot, document=terran_document("Bob"), legal=True)
    client.force_login(bob)
    page = client.get("/e/spring-skirmish/me/").content.decode()
    assert "Withdraw roster 2 (play a single list)" in page
    response = client.post("/e/spring-skirmish/me/rosters/2/withdraw/", follow=True)
    assert "Roster 2 is withdrawn: you play roster 1 in every round." in response.content.decode()
    assert list(player.rosters.values_list("slot", flat=True)) == [1]
    assert "Withdraw roster 2" not in client.get("/e/spring-skirmish/me/").content.decode()


@pytest.mark.parametrize("late", [False, True], ids=["playing round 1", "entered after round 1"])
def test_no_withdrawal_is_offered_once_a_round_exists(client, bob, carol, mallory, late):
    event = make_event(list_format=ListFormat.DUAL)
    add_player(event, carol, "Carol")
    add_player(event, mallory, "Mallory")
    if not late:
        add_player(event, bob, "Bob")
    play_round(event, 1, status=RoundStatus.PUBLISHED, scored=False)
    player = add_player(event, bob, "Bob") if late else event.players.get(user=bob)
    for slot in (1, 2):
        Roster.objects.create(player=player, slot=slot, document=terran_document("Bob"), legal=True)
    client.force_login(bob)
    page = client.get("/e/spring-skirmish/me/").content.decode()
    assert "Roster 2" in page
    assert "Withdraw roster 2" not in page


def test_withdrawing_after_the_deadline_says_why(client, bob):
    event = make_event(list_format=ListFormat.DUAL, roster_deadline=timezone.now() - dt.timedelta(hours=1))
    player = add_player(event, bob, "Bob")
    for slot in (1, 2):
        Roster.objects.create(player=player, slot=slot, document=terran_document("Bob"), legal=True)
    client.force_login(bob)
    assert "Withdraw roster 2" not in client.get("/e/spring-skirmish/me/").content.decode()
    response = client.post("/e/spring-skirmish/me/rosters/2/withdraw/", follow=True)
    assert "The roster deadline has passed; a judge can make changes for you." in response.content.decode()
    assert player.rosters.count() == 2


def test_a_2_mb_roster_pasted_in_the_form_is_refused_with_413(client, event, bob):
    add_player(event, bob, "Bob")
    client.force_login(bob)
    response = client.post("/e/spring-skirmish/me/rosters/1/", {"r1-content": "Units:\n" + "x" * 2_000_000})
    assert response.status_code == 413
    assert "a roster may be at most 64 KB. Nothing was changed." in response.content.decode()
    assert not Roster.objects.exists()


def test_a_stored_roster_comes_back_in_the_box_as_it_was_typed(client, event, bob):
    """Fixing an illegal roster starts from the player's own text, comments and all."""
    add_player(event, bob, "Bob")
    client.force_login(bob)
    from rules_engine.systems.starcraft_tmg.roster_reader import read_roster
    from rules_engine.systems.starcraft_tmg.roster_text import write_roster_text

    typed = write_roster_text(read_roster(terran_text("Bob")))
    illegal = typed.replace("Scale: skirmish", "Scale: standard") + "\n# my note to self\n"
    assert illegal != typed
    client.post("/e/spring-skirmish/me/rosters/1/", {"r1-content": illegal})
    roster = Roster.objects.get()
    assert not roster.legal
    assert roster.source == illegal.strip()  # as the form reads it (Django strips the ends)
    form = client.get("/e/spring-skirmish/me/").context["slots"][0]["form"]
    assert form["content"].value() == illegal.strip()
    assert "# my note to self" in client.get("/e/spring-skirmish/me/").content.decode()


def test_a_roster_sent_as_an_object_comes_back_as_roster_json(event, bob):
    from tournaments.services.rosters import roster_submit

    player = add_player(event, bob, "Bob")
    doc = terran_document("Bob")
    roster = roster_submit(player=player, slot=1, content=doc, by=bob)
    assert roster.source == ""
    assert json.loads(roster.editable_text()) == roster.document


def test_after_the_deadline_the_page_offers_no_submission(client, bob):
    event = make_event(roster_deadline=timezone.now() - dt.timedelta(hours=1))
    add_player(event, bob, "Bob")
    client.force_login(bob)
    page = client.get(f"/e/{event.slug}/me/").content.decode()
    assert "submission is closed" in page
    assert 'name="r1-content"' not in page
    assert "Submit roster 1" not in page


def test_the_game_in_plays_opponent_rosters_are_what_visible_rosters_shows_the_player(event, pair, bob):
    """table_opponent_rosters reads the opponent's rosters straight; for the game in
    play that must be exactly what the general rule (visible_rosters) lets the player see."""
    from tournaments.access import access_event
    from tournaments.models import Game
    from tournaments.selectors import table_opponent_rosters, visible_rosters

    bob_player, carol_player = pair
    for slot in (1, 2):
        Roster.objects.create(
            player=carol_player, slot=slot, document=terran_document("Carol"), legal=True, report={}
        )
    game = Game.objects.select_related("round").get(round__event=event)
    access = access_event(bob, event.slug, "player")
    shown = table_opponent_rosters(game, bob_player)
    assert [r.slot for r in shown] == [1, 2]
    assert shown == list(visible_rosters(access).filter(player=carol_player))
    game.round.status = RoundStatus.PAIRED  # not published: nothing shown before it is
    assert table_opponent_rosters(game, bob_player) == []


def test_a_players_page_costs_nine_queries_with_a_game_in_play(
    client, pair, carol, django_assert_num_queries
):
    """Session, user, event, roles, player, own rosters, games (the draft joined), the
    game's reports, the opponent's rosters: nothing per earlier opponent or per draft."""
    client.force_login(carol)
    client.get("/e/spring-skirmish/me/")
    with django_assert_num_queries(9):
        assert client.get("/e/spring-skirmish/me/").status_code == 200
