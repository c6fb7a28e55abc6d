"""Pages anyone can read: event home, pairings, standings and their explanations, rosters."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from tests.builders.rows import add_player, give_rosters, make_event, play_round
from tournaments.models import Outcome, ResultStatus, RosterPublication, RoundStatus

pytestmark = pytest.mark.django_db


def test_home_lists_and_links_events(client):
    make_event(name="Spring Skirmish")
    page = client.get("/").content.decode()
    assert "Spring Skirmish" in page
    assert 'href="/e/spring-skirmish/"' in page


def test_event_home_shows_what_the_guide_asks_to_announce(client):
    make_event(players=4, planned_rounds=3, venue="The Dice Hall", late_roster_penalty="Lose 1 TP")
    page = client.get("/e/spring-skirmish/").content.decode()
    for expected in (
        "Spring Skirmish",
        "Community",
        "Skirmish",
        "Single list",
        "3 Swiss rounds of 150 minutes",
        "The Dice Hall",
        "Hidden until the roster deadline",
        "Lose 1 TP",
        "Table 1",
        "Map 1",
    ):
        assert expected in page, expected


def test_unknown_event_is_404(client):
    assert client.get("/e/nope/").status_code == 404


def test_pairings_show_the_current_published_round_by_table_and_by_name(client):
    event = make_event(players=5)
    play_round(event, 1)
    play_round(event, 2, status=RoundStatus.PUBLISHED, scored=False)
    response = client.get("/e/spring-skirmish/pairings/")
    page = response.content.decode()
    assert response.context["round"].number == 2
    assert "Round 2 pairings" in page
    # 1v2 on table 1, 3v4 on table 2, player 5 on the bye.
    games = response.context["games"]
    assert [(g.table.number if g.table else None, g.player_one.name) for g in games] == [
        (1, "Player 001"),
        (2, "Player 003"),
        (None, "Player 005"),
    ]
    seats = response.context["seats"]
    assert [s.name for s in seats] == [f"Player {i:03d}" for i in range(1, 6)]
    assert (seats[3].table, seats[3].opponent) == ("2", "Player 003")
    assert (seats[4].table, seats[4].opponent) == ("—", "Bye")


def test_pairings_of_an_earlier_round_and_never_a_draft(client, alice):
    event = make_event(players=4, to=alice)
    play_round(event, 1)
    play_round(event, 2, status=RoundStatus.PAIRED, scored=False)
    assert client.get("/e/spring-skirmish/pairings/?round=1").context["round"].number == 1
    assert client.get("/e/spring-skirmish/pairings/?round=2").status_code == 404
    client.force_login(alice)  # not even the TO sees a draft on the public page
    assert client.get("/e/spring-skirmish/pairings/").context["round"].number == 1


def test_standings_are_indicative_during_the_event_and_final_after_the_last_round(client):
    event = make_event(players=4, planned_rounds=2)
    play_round(event, 1)
    page = client.get("/e/spring-skirmish/standings/").content.decode()
    assert "Indicative" in page
    assert "Final" not in page
    play_round(event, 2)
    page = client.get("/e/spring-skirmish/standings/").content.decode()
    assert "Final" in page
    assert "Indicative" not in page


def test_standings_columns_and_shared_ranks(client):
    # Round 1 (skirmish, 7-3 = Breakthrough): p1 and p3 win 3 MP 3 TP; p2 and p4 lose 0 MP 2 TP.
    # p1 and p3 are identical on all four metrics (SoS 0.0000, oTP 2.0000): rank 1 is shared.
    event = make_event(players=4, planned_rounds=3)
    play_round(event, 1)
    response = client.get("/e/spring-skirmish/standings/")
    rows = response.context["rows"]
    assert [(r["label"], r["row"].name, r["row"].mp, r["row"].tp) for r in rows] == [
        ("=1", "Player 001", 3, 3),
        ("=1", "Player 003", 3, 3),
        ("=3", "Player 002", 0, 2),
        ("=3", "Player 004", 0, 2),
    ]
    assert (rows[0]["sos"], rows[0]["otp"]) == ("0.0000", "2.0000")
    assert (rows[2]["sos"], rows[2]["otp"]) == ("3.0000", "3.0000")
    assert 'href="/e/spring-skirmish/standings/p1/"' in response.content.decode()


def test_standing_explanation_lists_counted_opponents_and_excluded_games(client):
    # Three players: round 1 p1 beats p2 7-3, p3 has the bye; nothing else.
    event = make_event(players=3, planned_rounds=1)
    play_round(event, 1)
    page = client.get("/e/spring-skirmish/standings/p1/").content.decode()
    assert "Counted opponents" in page
    assert "Player 002" in page
    response = client.get("/e/spring-skirmish/standings/p3/")
    explanation = response.context["x"]
    assert explanation.counted == ()
    assert [(e.round, e.reason) for e in explanation.excluded] == [(1, "bye")]
    assert "No game counts yet, so SoS and oTP are 0." in response.content.decode()
    assert client.get("/e/spring-skirmish/standings/p99/").status_code == 404


def test_rosters_follow_the_publication_policy(client, bob, carol):
    later = timezone.now() + dt.timedelta(days=3)
    event = make_event(roster_deadline=later, roster_publication=RosterPublication.AFTER_DEADLINE)
    me = add_player(event, bob, "Bob")
    add_player(event, carol, "Carol")
    give_rosters(event)
    assert client.get("/e/spring-skirmish/rosters/").context["groups"] == []
    client.force_login(bob)
    groups = client.get("/e/spring-skirmish/rosters/").context["groups"]
    assert [g["player"].pk for g in groups] == [me.pk]
    event.roster_deadline = timezone.now() - dt.timedelta(minutes=1)
    event.save()
    client.logout()
    page = client.get("/e/spring-skirmish/rosters/").content.decode()
    assert "Bob" in page
    assert "Carol" in page
    assert "Terran Armed Forces" in page


def test_bye_and_results_appear_on_pairings(client):
    event = make_event(players=3)
    round_ = play_round(event, 1, status=RoundStatus.PUBLISHED)
    game = round_.games.get(table__number=1)
    assert (game.outcome, game.result_status) == (Outcome.PLAYED, ResultStatus.CONFIRMED)
    page = client.get("/e/spring-skirmish/pairings/").content.decode()
    assert "7\N{EN DASH}3" in page
    assert "Bye" in page


def test_find_your_table_is_alphabetical_ignoring_accents_and_case(client):
    # As the printed "find your table" (printing.sheets.name_key): Á files with A, not after Z.
    event = make_event(players=["Zoë", "Álvaro", "bruno", "Chloé"])
    play_round(event, 1, status=RoundStatus.PUBLISHED, scored=False)
    seats = client.get("/e/spring-skirmish/pairings/").context["seats"]
    assert [s.name for s in seats] == ["Álvaro", "bruno", "Chloé", "Zoë"]


def test_public_rosters_are_alphabetical_ignoring_accents_and_case(client):
    event = make_event(
        players=["Zoë", "Álvaro", "bruno"],
        roster_deadline=timezone.now() - dt.timedelta(days=1),
        roster_publication=RosterPublication.AFTER_DEADLINE,
    )
    give_rosters(event)
    groups = client.get("/e/spring-skirmish/rosters/").context["groups"]
    assert [g["player"].name for g in groups] == ["Álvaro", "bruno", "Zoë"]
