"""The judge queue and the results grid: disputes, short games, corrections with a reason."""

from __future__ import annotations

import pytest

from tests.builders.rows import add_player, add_staff, make_event, play_round
from tournaments.models import AuditEntry, Game, Outcome, ResultStatus, RoundStatus
from tournaments.services.reporting import ResultInput, result_report

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(alice, judy, hank):
    event = make_event(to=alice, planned_rounds=2)
    add_staff(event, judy, "floor-judge")
    add_staff(event, hank, "head-judge")
    return event


@pytest.fixture
def game(event, bob, carol):
    b = add_player(event, bob, "Bob")
    add_player(event, carol, "Carol")
    round_ = play_round(event, 1, status=RoundStatus.PUBLISHED, scored=False)
    return round_.games.get(player_one=b)


def _dispute(game, bob, carol):
    result_report(game=game, player=game.player_one, result=ResultInput(vp_one=9, vp_two=2), by=bob)
    result_report(game=game, player=game.player_two, result=ResultInput(vp_one=5, vp_two=5), by=carol)


def test_the_queue_shows_both_reports_side_by_side(client, game, bob, carol, judy):
    _dispute(game, bob, carol)
    client.force_login(judy)
    response = client.get("/e/spring-skirmish/judge/")
    page = response.content.decode()
    [item] = response.context["items"]
    assert [side["who"] for side in item["reports"]] == ["Bob", "Carol"]
    assert [(s["report"].vp_one, s["report"].vp_two) for s in item["reports"]] == [(9, 2), (5, 5)]
    assert "Bob 9 \N{EN DASH} 2 Carol" in page
    assert "Bob 5 \N{EN DASH} 5 Carol" in page


def test_a_judge_resolves_a_dispute_with_a_reason(client, game, bob, carol, judy):
    _dispute(game, bob, carol)
    client.force_login(judy)
    url = f"/e/spring-skirmish/judge/games/{game.pk}/"
    prefix = f"g{game.pk}"
    data = {
        f"{prefix}-outcome": "played",
        f"{prefix}-vp_one": "9",
        f"{prefix}-vp_two": "2",
        f"{prefix}-version": str(Game.objects.get(pk=game.pk).version),
    }
    response = client.post(url, data)
    assert response.status_code == 200
    assert response.context["item"]["form"].errors["reason"] == ["This field is required."]
    response = client.post(url, data | {f"{prefix}-reason": "Checked the score sheet."})
    assert response["Location"] == "/e/spring-skirmish/judge/"
    game.refresh_from_db()
    assert (game.result_status, game.vp_one, game.vp_two) == (ResultStatus.CONFIRMED, 9, 2)
    entry = AuditEntry.objects.get(action="result-set")
    assert (entry.actor, entry.reason) == (judy, "Checked the score sheet.")
    assert client.get("/e/spring-skirmish/judge/").context["items"] == []


def test_a_service_refusal_shows_on_the_judge_form(client, game, judy):
    client.force_login(judy)
    prefix = f"g{game.pk}"
    response = client.post(
        f"/e/spring-skirmish/judge/games/{game.pk}/",
        {
            f"{prefix}-outcome": "concession",
            f"{prefix}-reason": "Conceded at the table.",
            f"{prefix}-version": str(Game.objects.get(pk=game.pk).version),
        },
    )
    assert "Say which player conceded, did not show or took the Game Loss." in response.content.decode()


def test_short_games_wait_for_the_head_judge(client, game, bob, carol, judy, hank):
    # OP Guide: Games That Didn't Get Far Enough — one Battle Round: a judge looks first.
    short = ResultInput(vp_one=4, vp_two=1, details={"battle_rounds": 1})
    result_report(game=game, player=game.player_one, result=short, by=bob)
    result_report(game=game, player=game.player_two, result=short, by=carol)
    game.refresh_from_db()
    assert game.needs_review
    assert game.round.status == RoundStatus.PUBLISHED
    client.force_login(judy)
    [item] = client.get("/e/spring-skirmish/judge/").context["items"]
    assert item["flagged"]
    assert "Reviewed: the result stands" not in client.get("/e/spring-skirmish/judge/").content.decode()
    assert client.post(f"/e/spring-skirmish/judge/games/{game.pk}/review/").status_code == 404
    client.force_login(hank)
    assert "Reviewed: the result stands" in client.get("/e/spring-skirmish/judge/").content.decode()
    client.post(f"/e/spring-skirmish/judge/games/{game.pk}/review/", {f"rv{game.pk}-reason": "Fair result."})
    game.refresh_from_db()
    assert game.reviewed_at is not None
    assert game.round.status == RoundStatus.CLOSED
    assert AuditEntry.objects.get(action="result-reviewed").reason == "Fair result."


def test_results_grid_lists_every_game_and_corrects_from_it(client, event, game, alice):
    client.force_login(alice)
    response = client.get("/e/spring-skirmish/judge/rounds/1/")
    assert [g.pk for g in response.context["games"]] == [game.pk]
    prefix = f"g{game.pk}"
    response = client.post(
        f"/e/spring-skirmish/judge/games/{game.pk}/",
        {
            f"{prefix}-outcome": "no-show",
            f"{prefix}-loser": "two",
            f"{prefix}-reason": "Carol never arrived.",
            f"{prefix}-version": str(Game.objects.get(pk=game.pk).version),
            "back": "results",
        },
    )
    assert response["Location"] == "/e/spring-skirmish/judge/rounds/1/"
    game.refresh_from_db()
    assert (game.outcome, game.loser_id) == (Outcome.NO_SHOW, game.player_two_id)


def test_judge_pages_are_404_for_players_and_outsiders(client, game, bob, mallory):
    for user in (bob, mallory):
        client.force_login(user)
        assert client.get("/e/spring-skirmish/judge/").status_code == 404
        assert client.get("/e/spring-skirmish/judge/rounds/1/").status_code == 404
        assert client.get(f"/e/spring-skirmish/judge/games/{game.pk}/").status_code == 404


def test_a_draft_round_has_no_results_grid(client, event, judy):
    make_event(slug="x")
    play_round(event, 1, status=RoundStatus.PAIRED, scored=False)
    client.force_login(judy)
    assert client.get("/e/spring-skirmish/judge/rounds/1/").status_code == 404
    assert client.get("/e/spring-skirmish/judge/rounds/9/").status_code == 404


def test_a_second_judge_ruling_on_a_stale_page_is_told_and_nothing_is_overwritten(
    client, game, bob, carol, judy, hank
):
    """Two judges ruling at once both saw "saved" and the first ruling was lost."""
    _dispute(game, bob, carol)
    url = f"/e/spring-skirmish/judge/games/{game.pk}/"
    prefix = f"g{game.pk}"
    client.force_login(judy)
    page = client.get(url)
    seen = page.context["item"]["form"]["version"].value()
    assert f'name="{prefix}-version" value="{seen}"' in page.content.decode()
    ruling = {f"{prefix}-outcome": "played", f"{prefix}-version": str(seen)}
    client.force_login(hank)
    hank_says = ruling | {f"{prefix}-vp_one": "9", f"{prefix}-vp_two": "2", f"{prefix}-reason": "Sheet."}
    assert client.post(url, hank_says).status_code == 302
    client.force_login(judy)
    judy_says = ruling | {f"{prefix}-vp_one": "5", f"{prefix}-vp_two": "5", f"{prefix}-reason": "Asked."}
    response = client.post(url, judy_says)
    assert response.status_code == 200
    text = response.content.decode()
    assert "This result changed while you were looking at it: it now stands at 9\N{EN DASH}2" in text
    assert "Recorded:" in text  # the page shows the game as it now stands
    game.refresh_from_db()
    assert (game.vp_one, game.vp_two) == (9, 2)
    # The form now carries the current version: submitting again is a deliberate correction.
    form = response.context["item"]["form"]
    assert form.data[f"{prefix}-version"] == str(game.version)
    assert client.post(url, {**judy_says, f"{prefix}-version": str(game.version)}).status_code == 302
    game.refresh_from_db()
    assert (game.vp_one, game.vp_two) == (5, 5)


def test_the_vp_limit_on_the_judge_form_is_the_game_systems(client, game, bob, carol, judy):
    """The web form and the API refuse the same VP: the game system's range (StarCraft 0-200)."""
    _dispute(game, bob, carol)
    client.force_login(judy)
    url = f"/e/spring-skirmish/judge/games/{game.pk}/"
    prefix = f"g{game.pk}"
    ruling = {
        f"{prefix}-outcome": "played",
        f"{prefix}-vp_two": "2",
        f"{prefix}-reason": "Sheet.",
        f"{prefix}-version": str(Game.objects.get(pk=game.pk).version),
    }
    response = client.post(url, ruling | {f"{prefix}-vp_one": "100000"})
    assert response.status_code == 200
    assert "Victory Points must be between 0 and 200" in response.content.decode()
    assert Game.objects.get(pk=game.pk).vp_one is None
    assert client.post(url, ruling | {f"{prefix}-vp_one": "150"}).status_code == 302
    assert Game.objects.get(pk=game.pk).vp_one == 150


def test_a_judge_accepts_one_players_report_without_retyping_it(client, game, bob, carol, judy):
    """The judge retyped scores instead of accepting one player's report."""
    _dispute(game, bob, carol)
    client.force_login(judy)
    page = client.get("/e/spring-skirmish/judge/").content.decode()
    assert "Accept Bob's report" in page
    assert "Accept Carol's report" in page
    carols = game.reports.get(reporter=game.player_two)
    version = Game.objects.get(pk=game.pk).version
    url = f"/e/spring-skirmish/judge/games/{game.pk}/accept/"
    response = client.post(url, {"report": carols.pk, "version": version}, follow=True)
    assert f"Result saved for {game}" in response.content.decode()
    game.refresh_from_db()
    assert (game.result_status, game.vp_one, game.vp_two) == (ResultStatus.CONFIRMED, 5, 5)
    entry = AuditEntry.objects.get(action="result-set")
    assert (entry.actor, entry.reason) == (judy, "Accepted Carol's report.")
    assert response.context["items"] == []


def test_accepting_a_stale_or_unknown_report_changes_nothing(client, game, bob, carol, judy):
    _dispute(game, bob, carol)
    client.force_login(judy)
    bobs = game.reports.get(reporter=game.player_one)
    version = Game.objects.get(pk=game.pk).version
    url = f"/e/spring-skirmish/judge/games/{game.pk}/accept/"
    # A report that is not one of this game's players' latest: refused with a message.
    response = client.post(url, {"report": bobs.pk + 1000, "version": version}, follow=True)
    assert "not one of the players&#x27; latest reports" in response.content.decode()
    # Bob changes his report while the judge looks: his old report can no longer be
    # accepted, and Carol's is refused too, since the judge saw an older version of the game.
    result_report(game=game, player=game.player_one, result=ResultInput(vp_one=8, vp_two=2), by=bob)
    response = client.post(url, {"report": bobs.pk, "version": version}, follow=True)
    assert "not one of the players&#x27; latest reports" in response.content.decode()
    carols = game.reports.get(reporter=game.player_two)
    response = client.post(url, {"report": carols.pk, "version": version}, follow=True)
    assert "changed while you were looking at it" in response.content.decode()
    response = client.post(url, {"report": "", "version": ""}, follow=True)
    assert "Choose whose report to accept." in response.content.decode()
    game.refresh_from_db()
    assert game.result_status == ResultStatus.DISPUTED
    assert not AuditEntry.objects.filter(action="result-set").exists()
