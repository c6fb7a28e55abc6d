"""The game in play at the top of /me/ with its result form;
confirming or disputing the opponent's report in one tap from there, in words that fit the
side of the table; the opponent's roster folded below; a failed report's errors at the top."""

from __future__ import annotations

import re

import pytest

from rosters.models import Roster
from tests.builders.documents import terran_document
from tests.builders.results_systems import SYSTEMS, a_win, one_game
from tests.builders.rows import add_player, make_event, play_round
from tournaments.models import ResultStatus, RoundStatus
from tournaments.services.reporting import result_report

pytestmark = pytest.mark.django_db

ME = "/e/spring-skirmish/me/"


@pytest.fixture
def pair(alice, bob, carol):
    """Bob (player one) and Carol paired on table 1 in published round 1, each with a roster."""
    event = make_event(to=alice)
    b = add_player(event, bob, "Bob")
    c = add_player(event, carol, "Carol")
    for player in (b, c):
        Roster.objects.create(
            player=player, slot=1, document=terran_document(player.name), legal=True, report={}
        )
    play_round(event, 1, status=RoundStatus.PUBLISHED, scored=False)
    return b, c


def test_confirm_and_dispute_sit_at_the_top_above_the_opponents_roster(client, pair, bob, carol):
    client.force_login(bob)
    client.post(ME + "result/", {"how": "played", "my_vp": "9", "their_vp": "2", "battle_rounds": "4"})
    client.force_login(carol)
    page = client.get(ME).content.decode()
    confirm = page.index('id="confirm-result"')
    dispute = page.index('id="dispute-result"')
    roster = page.index('id="opponent-roster"')
    assert confirm < roster
    assert dispute < roster
    assert page.index('id="rosters"') > roster  # my own rosters further down
    assert page.index('id="next-game"') < confirm
    # The opponent's roster is folded.
    assert re.search(r'<details[^>]*id="opponent-roster"', page)


def test_the_card_speaks_to_each_side_of_the_table(client, pair, bob, carol):
    client.force_login(bob)
    client.post(ME + "result/", {"how": "played", "my_vp": "9", "their_vp": "2", "battle_rounds": "4"})
    reporter = client.get(ME).content.decode()
    assert "Waiting for the opponent to confirm" in reporter
    assert 'id="confirm-result"' not in reporter
    client.force_login(carol)
    confirmer = client.get(ME).content.decode()
    assert "Waiting for the opponent to confirm" not in confirmer
    assert (
        "Your opponent reported <strong>you 2 \N{EN DASH} opponent 9, 4 Battle Rounds</strong>: "
        "confirm or dispute" in confirmer
    )


def test_dispute_is_one_tap_that_sends_the_game_to_the_judges(client, pair, bob, carol):
    client.force_login(bob)
    client.post(ME + "result/", {"how": "played", "my_vp": "9", "their_vp": "2"})
    client.force_login(carol)
    page = client.get(ME).content.decode()
    # Dispute is a button of its own form: one tap posts it, no reason form first.
    form = re.search(r'<form [^>]*action="/e/spring-skirmish/me/dispute/"[^>]*>(.*?)</form>', page, re.S)
    assert form is not None
    assert 'id="dispute-result"' in form.group(1)
    assert "<textarea" not in form.group(1)
    response = client.post(ME + "dispute/", follow=True)
    game = pair[0].games_as_one.get()
    assert game.result_status == ResultStatus.DISPUTED
    assert game.disputed_by == pair[1]
    assert game.reports.count() == 1  # only Bob's: Carol typed nothing
    page = response.content.decode()
    assert "Disputed: the judges have it" in page
    assert 'id="dispute-note"' in page  # the optional note comes after
    assert 'id="confirm-result"' not in page
    # The judges' queue has it at once.
    from tournaments.selectors import judge_queue

    assert list(judge_queue(game.round.event)) == [game]


def test_a_dispute_tapped_twice_is_recorded_once(client, pair, bob, carol):
    from tournaments.models import AuditEntry

    client.force_login(bob)
    client.post(ME + "result/", {"how": "played", "my_vp": "9", "their_vp": "2"})
    client.force_login(carol)
    client.post(ME + "dispute/")
    second = client.post(ME + "dispute/", follow=True)
    assert "Disputed: the judges have it" in second.content.decode()
    assert AuditEntry.objects.filter(action="result-disputed").count() == 1


def test_the_disputing_player_adds_a_note_the_judges_read(client, pair, bob, carol, hank):
    from tests.builders.rows import add_staff

    client.force_login(bob)
    client.post(ME + "result/", {"how": "played", "my_vp": "9", "their_vp": "2"})
    client.force_login(carol)
    client.post(ME + "dispute/")
    response = client.post(ME + "dispute/note/", {"note": "It was 9-4: Bob forgot my last objective."})
    assert response.status_code == 302
    game = pair[0].games_as_one.get()
    assert game.dispute_note == "It was 9-4: Bob forgot my last objective."
    add_staff(game.round.event, hank, "head-judge")
    client.force_login(hank)
    queue = client.get("/e/spring-skirmish/judge/").content.decode()
    assert "Carol disputed the opponent's report" in queue
    assert "It was 9-4: Bob forgot my last objective." in queue


def test_a_note_too_long_is_a_form_error_and_nothing_is_saved(client, pair, bob, carol):
    client.force_login(bob)
    client.post(ME + "result/", {"how": "played", "my_vp": "9", "their_vp": "2"})
    client.force_login(carol)
    client.post(ME + "dispute/")
    response = client.post(ME + "dispute/note/", {"note": "x" * 501})
    assert response.status_code == 200
    page = response.content.decode()
    assert "Keep the note to 500 characters." in page
    assert 'aria-invalid="true"' in page
    assert pair[0].games_as_one.get().dispute_note == ""


def test_only_the_player_asked_to_confirm_can_dispute(client, pair, bob, carol):
    client.force_login(bob)
    client.post(ME + "result/", {"how": "played", "my_vp": "9", "their_vp": "2"})
    page = client.post(ME + "dispute/", follow=True).content.decode()  # Bob disputing his own report
    assert "There is no report of your opponent&#x27;s waiting for you." in page
    assert pair[0].games_as_one.get().result_status == ResultStatus.AWAITING
    # A note without a dispute is refused too.
    page = client.post(ME + "dispute/note/", {"note": "hello"}, follow=True).content.decode()
    assert "Only the player who disputed a result adds a note to it." in page


def test_reporting_a_different_result_still_disputes(client, pair, bob, carol):
    client.force_login(bob)
    client.post(ME + "result/", {"how": "played", "my_vp": "9", "their_vp": "2"})
    client.force_login(carol)
    client.post(ME + "result/", {"how": "played", "my_vp": "5", "their_vp": "5"})
    assert pair[0].games_as_one.get().result_status == ResultStatus.DISPUTED


def test_a_report_missing_two_fields_flags_both_in_a_summary_at_the_top(client, pair, bob):
    client.force_login(bob)
    response = client.post(ME + "result/", {"how": "played"})
    assert response.status_code == 200
    page = response.content.decode()
    summary = re.search(r'<div class="error-summary" role="alert"[^>]*>(.*?)</div>', page, re.S)
    assert summary is not None
    assert 'href="#id_my_vp"' in summary.group(1)
    assert 'href="#id_their_vp"' in summary.group(1)
    assert page.index('class="error-summary"') < page.index('name="my_vp"')
    for name in ("my_vp", "their_vp"):
        field = re.search(rf'<input[^>]*name="{name}"[^>]*>', page)
        assert field is not None
        assert 'aria-invalid="true"' in field.group(0)


def test_a_report_with_nothing_chosen_flags_how_and_the_missing_points(client, pair, bob):
    client.force_login(bob)
    page = client.post(ME + "result/", {}).content.decode()
    summary = re.search(r'<div class="error-summary" role="alert"[^>]*>(.*?)</div>', page, re.S)
    assert summary is not None
    for target in ("#id_how_0", "#id_my_vp", "#id_their_vp"):
        assert f'href="{target}"' in summary.group(1)


def test_the_report_form_returns_to_itself_after_a_failure(client, pair, bob):
    client.force_login(bob)
    page = client.get(ME).content.decode()
    assert 'action="/e/spring-skirmish/me/result/#report-form"' in page


# What each system's result form asks for (docs/interchange.md, "Other game systems").
FIELDS = {
    "starcraft-tmg": (["my_vp", "their_vp", "battle_rounds"], []),
    "dropzone-commander": (["my_vp", "their_vp", "my_kp", "their_kp"], []),
    "morsdei": (["my_vp", "their_vp"], ["i-won-completely"]),
    "warpspawn-starcraft": ([], ["i-won", "they-won", "draw"]),
}


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_table_view_renders_the_systems_result_fields(client, users, system):
    t = one_game(users, system)
    client.force_login(users["bob"])
    page = client.get(f"/e/{t.event.slug}/me/").content.decode()
    card = page[page.index('id="next-game"') : page.index('id="rosters"')]
    names, choices = FIELDS[system]
    for name in names:
        assert f'name="{name}"' in card, name
    for value in choices:
        assert f'value="{value}"' in card, value
    if system == "warpspawn-starcraft":
        assert 'name="my_vp"' not in card
    # And the card confirms the opponent's report in that system's terms.
    result_report(game=t.game, player=t.bob, result=a_win(system, t), by=users["bob"])
    client.force_login(users["carol"])
    page = client.get(f"/e/{t.event.slug}/me/").content.decode()
    assert "Your opponent reported" in page
    assert 'id="confirm-result"' in page


def test_the_roster_the_draft_chose_comes_first(client, alice, bob, carol):
    from django.utils import timezone

    from judging.models import GameDraft

    event = make_event(to=alice, list_format="dual")
    b = add_player(event, bob, "Bob")
    c = add_player(event, carol, "Carol")
    for player in (b, c):
        for slot in (1, 2):
            Roster.objects.create(
                player=player, slot=slot, document=terran_document(player.name), legal=True, report={}
            )
    game = play_round(event, 1, status=RoundStatus.PUBLISHED, scored=False).games.get()
    client.force_login(bob)
    assert [r.slot for r in client.get(ME).context["opponent_rosters"]] == [1, 2]
    GameDraft.objects.create(
        game=game,
        list_format="dual",
        names=["Bob", "Carol"],
        rosters=[[], []],
        step="complete",
        completed_at=timezone.now(),
        result={"rosters": {"A": "Roster 1: Terran", "B": "Roster 2: Terran"}},
    )
    response = client.get(ME)
    assert [r.slot for r in response.context["opponent_rosters"]] == [2, 1]
    assert "(roster 2 chosen in the draft)" in response.content.decode()


def test_the_disputing_player_puts_forward_the_result_they_claim(client, pair, bob, carol, hank):
    """A dispute need not stop at a note: the score the player claims is a report the judges
    accept as it stands, with nobody told of the dispute a second time."""
    from django.core import mail

    from tests.builders.rows import add_staff
    from tournaments.models import AuditEntry, StaffRoleKind

    event = pair[0].event
    add_staff(event, hank, StaffRoleKind.HEAD_JUDGE)
    client.force_login(bob)
    client.post(ME + "result/", {"how": "played", "my_vp": "9", "their_vp": "2", "battle_rounds": "4"})
    client.force_login(carol)
    page = client.post(ME + "dispute/", follow=True).content.decode()
    assert "The result you claim" in page
    mail.outbox.clear()
    client.post(ME + "result/", {"how": "played", "my_vp": "9", "their_vp": "4", "battle_rounds": "4"})
    game = pair[0].games_as_one.get()
    assert game.result_status == ResultStatus.DISPUTED
    assert game.reports.filter(reporter=pair[1]).count() == 1
    assert AuditEntry.objects.filter(action="result-disputed").count() == 1
    assert AuditEntry.objects.filter(action="result-claimed").count() == 1
    assert mail.outbox == []
    client.force_login(hank)
    queue = client.get(f"/e/{event.slug}/judge/").content.decode()
    assert "Accept Carol" in queue
    assert "Accept Bob" in queue
