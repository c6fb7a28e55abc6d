"""A championship's top cut in Chromium, from the settings to the champion.

The TO announces a top 8 after two Swiss rounds, with tied cut games settled by a deciding
game, on the event's settings page; the event page says so. The Swiss rounds are played
(the first through the services, the second paired and published on the TO's page); the
TO pairs and publishes the cut's quarter-finals on the same page. Bob reports his
quarter-final from his phone: the game is tied on Victory Points, so the form asks who won
the deciding game, and his opponent confirms it on theirs. The semi-finals and the final are
paired and played; the bracket names the champion, on a phone and on the projector's
width, and so does the event page.

What the journey does not name (the rosters, the other tables' results) comes through the
services, as the other players' phones would send it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import DESKTOP, PHONE, log_in, new_page
from tests.browser.journeys.conftest import WAIT_MS, snap
from tests.builders.documents import terran_document
from tests.builders.rows import add_player, make_event
from tournaments.models import CutTies, Event, Game, Outcome, Round, RoundStage, RoundStatus
from tournaments.services.reporting import ResultInput, result_report
from tournaments.services.rosters import roster_submit
from tournaments.services.rounds import round_pair, round_publish

pytestmark = pytest.mark.browser


def _everyone_plays(round_: Round, *, skip: Game | None = None) -> None:
    """Both players of each game (but `skip`) report the same result, 8-3 to the first."""
    for game in round_.games.select_related("player_one__user", "player_two__user").filter(
        player_two__isnull=False
    ):
        if skip is not None and game.pk == skip.pk:
            continue
        _both_report(game, ResultInput(Outcome.PLAYED, 8, 3, details={"battle_rounds": 5}))


def _both_report(game: Game, result: ResultInput) -> None:
    """Both players report the same result from their own accounts: it is confirmed."""
    for player in (game.player_one, game.player_two):
        assert player is not None
        assert player.user is not None
        result_report(game=game, player=player, result=result, by=player.user)


def _pair_and_publish(to: Any, base: str, event: Event, number: int) -> Round:
    """The TO pairs and publishes round `number` on the TO's page."""
    from playwright.sync_api import expect

    to.goto(f"{base}/e/{event.slug}/manage/")
    to.get_by_role("button", name=f"Pair round {number}").click()
    to.get_by_role("button", name=f"Publish round {number}").click()
    expect(to.locator(".messages")).to_contain_text(f"Round {number} is published")
    return Round.objects.get(event=event, number=number)


def _game_of(round_: Round, user: Any) -> Game:
    """The game of `round_` the account `user` plays in."""
    games = round_.games.select_related("player_one", "player_two")
    return next(g for g in games if user.pk in (g.player_one.user_id, g.player_two and g.player_two.user_id))


@pytest.mark.django_db(transaction=True)
def test_a_to_runs_a_top_cut_to_its_champion(
    live_server: Any,
    chromium_browser: Any,
    shots: Path,
    alice: Any,
    bob: Any,
    carol: Any,
    django_user_model: Any,
) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=WAIT_MS)
    base = live_server.url
    names = ("Dan", "Erin", "Fay", "Gus", "Hal", "Ivy")
    others = [
        django_user_model.objects.create_user(n.lower(), f"{n.lower()}@example.org", f"{n.lower()}-pass-123")
        for n in names
    ]
    event = make_event(to=alice, players=0, tables=4, planned_rounds=2, name="Winter Championship")
    for user, name in ((bob, "Bob"), (carol, "Carol"), *zip(others, names, strict=True)):
        player = add_player(event, user, name)
        roster_submit(player=player, slot=1, content=terran_document(name), by=user)

    # --- The TO announces the cut with the event's format, before round one.
    to = new_page(chromium_browser, DESKTOP, WAIT_MS)
    log_in(to, base, "alice")
    to.goto(f"{base}/e/{event.slug}/manage/settings/")
    to.get_by_label("Top cut").fill("8")
    to.get_by_label("A tied cut game").select_option(CutTies.DECIDING_GAME)
    to.get_by_role("button", name="Save settings").click()
    expect(to.locator(".messages")).to_contain_text("Settings saved.")
    to.goto(f"{base}/e/{event.slug}/")
    expect(to.locator("main")).to_contain_text("2 Swiss rounds, then a top 8")

    # --- The Swiss rounds: the first through the services, the second on the TO's page.
    first = round_publish(
        round_=round_pair(event=event, by=alice, seed=1, confirm=True), by=alice, confirm=True
    )
    _everyone_plays(first)
    to.goto(f"{base}/e/{event.slug}/manage/")
    to.get_by_role("button", name="Pair round 2").click()
    to.get_by_role("button", name="Publish round 2").click()
    expect(to.locator(".messages")).to_contain_text("Round 2 is published")
    _everyone_plays(Round.objects.get(event=event, number=2))

    # --- The cut's first round: paired through the bracket, on the same page.
    quarters = _pair_and_publish(to, base, event, 3)
    assert quarters.stage == RoundStage.CUT
    assert isinstance(quarters.seeds, list)
    assert len(quarters.seeds) == 8
    assert quarters.games.count() == 4

    # --- Bob's quarter-final ends level: his phone asks who won the deciding game.
    game = _game_of(quarters, bob)
    opponent = game.player_two if game.player_one.user_id == bob.pk else game.player_one
    assert opponent is not None
    _everyone_plays(quarters, skip=game)
    phone = new_page(chromium_browser, PHONE, WAIT_MS)
    log_in(phone, base, "bob")
    phone.goto(f"{base}/e/{event.slug}/me/")
    phone.get_by_label("My VP").fill("6")
    phone.get_by_label("Opponent's VP").fill("6")
    phone.get_by_label("Battle Rounds").fill("5")
    expect(phone.get_by_text("A tie? Who won the deciding game")).to_be_visible()
    phone.get_by_label("I won the deciding game").check()
    phone.get_by_role("button", name="Send result").click()
    expect(phone.locator(".messages")).to_contain_text("Result reported")
    theirs = new_page(chromium_browser, PHONE, WAIT_MS)
    assert opponent.user is not None
    log_in(theirs, base, opponent.user.get_username())
    theirs.goto(f"{base}/e/{event.slug}/me/")
    theirs.get_by_role("button", name="Confirm", exact=True).click()
    expect(theirs.locator(".messages")).to_contain_text("Result confirmed")
    game.refresh_from_db()
    assert (game.vp_one, game.vp_two, game.winner.user_id if game.winner else None) == (6, 6, bob.pk)

    # --- The semi-finals and the final; the bracket names the champion.
    _everyone_plays(_pair_and_publish(to, base, event, 4))
    final = _pair_and_publish(to, base, event, 5)
    [decider] = final.games.select_related("player_one", "player_two")
    _both_report(decider, ResultInput(Outcome.PLAYED, 10, 4, details={"battle_rounds": 5}))
    assert Round.objects.get(pk=final.pk).status == RoundStatus.CLOSED
    champion = decider.player_one.name
    phone.goto(f"{base}/e/{event.slug}/bracket/")
    expect(phone.locator(".champion")).to_contain_text(champion)
    expect(phone.locator(".bracket-match.played")).to_have_count(7)
    expect(phone.locator(".bracket")).to_contain_text("Tied: Bob won the deciding game")
    snap(phone, shots, "bracket")
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    phone.goto(f"{base}/e/{event.slug}/")
    expect(phone.locator(".champion")).to_contain_text(champion)
    Event.objects.get(pk=event.pk)  # still there, nothing half-saved
    for page in (to, phone, theirs):
        page.context.close()
