"""Pages say what happened from the reader's side, and only what is true for them now."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from judging.services import clock_start
from tests.builders.results_systems import a_win, one_game
from tests.builders.rows import add_player, add_round, give_rosters, make_event
from tournaments.models import EventStatus, Round, RoundStatus
from tournaments.services.players import player_drop
from tournaments.services.reporting import result_confirm, result_report, result_set

pytestmark = pytest.mark.django_db


def page(users: dict[str, Any], who: str, url: str) -> str:
    client = Client()
    client.force_login(users[who])
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


# --- results in the reader's words -----------------------------------------------------------


def test_the_confirming_player_is_not_told_they_reported(users):
    t = one_game(users, "starcraft-tmg")
    result_report(game=t.game, player=t.bob, result=a_win("starcraft-tmg", t), by=users["bob"])
    result_confirm(game=t.game, player=t.carol, by=users["carol"])
    me = f"/e/{t.event.slug}/me/"
    carol = page(users, "carol", me)
    assert "You reported" not in carol
    assert "Your opponent reported, and you confirmed" in carol
    assert "You reported" in page(users, "bob", me)


def test_the_loser_of_a_complete_victory_reads_it_as_their_opponents(users):
    t = one_game(users, "morsdei")
    result_set(game=t.game, result=a_win("morsdei", t), by=users["judy"], reason="slip")
    me = f"/e/{t.event.slug}/me/"
    carol = page(users, "carol", me)  # carol lost
    assert "Complete victory over Carol" not in carol
    assert "your opponent&#x27;s complete victory, you 5 \N{EN DASH} opponent 4" in carol
    assert "your complete victory, you 4 \N{EN DASH} opponent 5" in page(users, "bob", me)
    pairings = page(users, "alice", f"/e/{t.event.slug}/pairings/")
    assert "Complete victory for Bob over Carol, 4\N{EN DASH}5" in pairings


def test_a_win_without_points_reads_you_won_not_won_by_you(users):
    t = one_game(users, "warpspawn-starcraft")
    result_report(game=t.game, player=t.bob, result=a_win("warpspawn-starcraft", t), by=users["bob"])
    me = f"/e/{t.event.slug}/me/"
    assert "Your opponent reported <strong>your opponent won</strong>" in page(users, "carol", me)
    bob = page(users, "bob", me)
    assert "won by you" not in bob
    assert "You reported: you won" in bob


# --- no game in play ---------------------------------------------------------------------------


def test_a_dropped_player_is_not_promised_pairings(users):
    event = make_event(to=users["alice"], planned_rounds=3)
    bob = add_player(event, users["bob"], "Bob")
    add_player(event, users["carol"], "Carol")
    player_drop(player=bob, by=users["alice"], reason="went home")
    me = page(users, "bob", f"/e/{event.slug}/me/")
    assert "Pairings appear here" not in me
    assert "you are no longer paired in this event" in me


def test_after_the_last_round_nobody_is_promised_pairings(users):
    event = make_event(to=users["alice"], planned_rounds=1)
    bob = add_player(event, users["bob"], "Bob")
    carol = add_player(event, users["carol"], "Carol")
    add_round(event, 1, [(bob, carol)], RoundStatus.CLOSED, results=[(12, 3)])
    me = page(users, "bob", f"/e/{event.slug}/me/")
    assert "Pairings appear here" not in me
    assert "the last round is over" in me


def test_before_the_first_round_pairings_are_promised(users):
    event = make_event(to=users["alice"], planned_rounds=1)
    add_player(event, users["bob"], "Bob")
    assert "Pairings appear here as soon as the TO publishes a round" in page(
        users, "bob", f"/e/{event.slug}/me/"
    )


# --- event and TO pages ------------------------------------------------------------------------


def test_a_finished_event_does_not_say_registration_open(users):
    event = make_event(to=users["alice"], status=EventStatus.FINISHED, registration_open=True)
    assert "registration open" not in page(users, "bob", f"/e/{event.slug}/")
    assert "Share this link with your players" not in page(users, "alice", f"/e/{event.slug}/manage/")
    open_event = make_event(slug="open-one", status=EventStatus.REGISTRATION, registration_open=True)
    assert "registration open" in page(users, "bob", f"/e/{open_event.slug}/")


def test_the_bye_row_says_bye_not_waiting_for_a_result(users):
    event = make_event(to=users["alice"], players=3, planned_rounds=2)
    give_rosters(event)
    client = Client()
    client.force_login(users["alice"])
    client.post(f"/e/{event.slug}/manage/rounds/pair/", {"seed": "7"})
    round_ = Round.objects.get(event=event)
    bye = round_.games.get(player_two__isnull=True)
    assert bye.outcome == ""  # scored when the round is published
    html = client.get(f"/e/{event.slug}/manage/rounds/1/").content.decode()
    row = next(r for r in html.split("<tr") if f">{bye.player_one.name}<" in r)
    assert "Waiting for a result" not in row
    assert "Bye" in row


def test_the_confidential_export_warning_shows_only_where_it_is_offered(users):
    event = make_event(to=users["alice"])
    overview = page(users, "alice", f"/e/{event.slug}/manage/")
    assert "Full export (confidential)" in overview
    assert "The full export is confidential" in overview
    for tail in ("players/", "settings/", "staff/", "audit/"):
        other = page(users, "alice", f"/e/{event.slug}/manage/{tail}")
        assert "The full export is confidential" not in other, tail
        assert "/manage/export/" not in other, tail


def test_csv_import_errors_count_the_header_as_row_one(users):
    event = make_event(to=users["alice"])
    client = Client()
    client.force_login(users["alice"])
    with_header = client.post(
        f"/e/{event.slug}/manage/players/import/", {"csv": "name,email\nAda,ada@example.org\nGrace,nope\n"}
    ).content.decode()
    assert "Row 3: &#x27;nope&#x27; is not an e-mail address." in with_header
    without = client.post(
        f"/e/{event.slug}/manage/players/import/", {"csv": "Ada,ada@example.org\nGrace,nope\n"}
    ).content.decode()
    assert "Row 2: &#x27;nope&#x27; is not an e-mail address." in without


# --- standings ---------------------------------------------------------------------------------


def test_warpspawn_standings_show_only_its_standings_keys(users):
    t = one_game(users, "warpspawn-starcraft")
    html = page(users, "bob", f"/e/{t.event.slug}/standings/")
    assert 'title="Match Points">MP<' in html
    assert 'title="Strength of Schedule">SoS<' in html
    assert ">TP<" not in html
    assert ">oTP<" not in html
    assert "SoS and oTP" not in html
    starcraft = one_game(users, "starcraft-tmg")
    html = page(users, "bob", f"/e/{starcraft.event.slug}/standings/")
    assert 'title="Tournament Points">TP<' in html
    assert ">oTP<" in html


# --- the round clock ---------------------------------------------------------------------------


def test_the_clock_control_stops_saying_on_the_clock_once_started(users):
    t = one_game(users, "starcraft-tmg")
    round_ = t.game.round
    url = f"/e/{t.event.slug}/rounds/1/clock/"
    before = page(users, "alice", url)
    assert "on the clock" in before
    clock_start(round_=round_, by=users["alice"])
    after = page(users, "alice", url)
    assert "on the clock" not in after
    assert "A round of " in after


# --- the site ----------------------------------------------------------------------------------


def test_the_login_page_offers_password_reset_once(client):
    html = client.get("/accounts/login/").content.decode()
    assert html.count("Forgot your password?") == 1


def test_the_bye_says_what_a_bye_scores_in_this_game_system(users):
    for system, said in (("starcraft-tmg", "(3 MP, 4 TP)"), ("warpspawn-starcraft", "(3 MP)")):
        t = one_game(users, system)
        bye_round = add_round(t.event, 2, [(t.bob, None), (t.carol, None)], RoundStatus.PUBLISHED)
        Round.objects.filter(event=t.event, number=1).update(status=RoundStatus.CLOSED)
        assert bye_round.games.count() == 2
        me = page(users, "bob", f"/e/{t.event.slug}/me/")
        assert f"<strong>You have the bye</strong> this round {said}." in me, system


def test_a_warpspawn_players_standing_shows_no_tp(users):
    t = one_game(users, "warpspawn-starcraft")
    result_set(game=t.game, result=a_win("warpspawn-starcraft", t), by=users["judy"], reason="slip")
    html = page(users, "bob", f"/e/{t.event.slug}/standings/p1/")
    assert "Tournament Points" not in html
    assert "oTP" not in html
    assert "Strength" in html or "SoS" in html
    starcraft = one_game(users, "starcraft-tmg")
    assert "oTP" in page(users, "bob", f"/e/{starcraft.event.slug}/standings/p1/")
