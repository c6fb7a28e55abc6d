"""Journey 1: a TO's day in Chromium, from no account to printed standings.

The TO signs up (the verification link is read from the mail the live server sent), logs
in, creates a competitive event, imports 8 players from a CSV *file* with a header row
(`First Name,Last Name,Email,Faction`: the Faction column is named as not imported), sees
the pre-round check (OP Guide: Before the Event — rosters checked, players checked in),
pairs round 1 past it, publishes, sees the round close once every result is confirmed
(Scoring a Game), pairs round 2 and prints the standings PDF.

The players' rosters and results are what the journey does not name: they come through
the services, as the players' own phones would send them.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import PHONE, new_page
from tests.browser.journeys.conftest import WAIT_MS, printed, sign_up, snap
from tests.builders.documents import raynor
from tests.builders.scenario import both_report, games_of, played
from tournaments.models import Event, RoundStatus

pytestmark = pytest.mark.browser

PLAYERS = [
    ("Ada", "Lovelace"),
    ("Grace", "Hopper"),
    ("Alan", "Turing"),
    ("Edsger", "Dijkstra"),
    ("Barbara", "Liskov"),
    ("Donald", "Knuth"),
    ("Margaret", "Hamilton"),
    ("Ken", "Thompson"),
]
FACTIONS = ["Terran", "Zerg", "Protoss", "Terran", "Zerg", "Protoss", "Terran", "Zerg"]


def _csv(folder: Path) -> Path:
    rows = ["First Name,Last Name,Email,Faction"]
    rows += [
        f"{first},{last},{first.lower()}@example.org,{faction}"
        for (first, last), faction in zip(PLAYERS, FACTIONS, strict=True)
    ]
    path = folder / "players.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def _rosters_for_all_but(event: Event, missing: str) -> None:
    """Seven players send a legal roster from their phones; `missing` sends none."""
    from tournaments.services.rosters import roster_submit

    to = event.staff.get().user
    for player in event.players.exclude(name=missing):
        roster_submit(player=player, slot=1, content=raynor(player.name), by=to, as_staff=True)


def _not_ready(number: int) -> re.Pattern[str]:
    """The pre-round check's box (not the message refusing a pairing, which also names it)."""
    return re.compile(rf"^\s*Not ready for round {number}:")


def _everyone_reports(event: Event, number: int) -> None:
    """Both players of every game report the same result (7-3 to the first), so it is confirmed."""
    round_ = event.rounds.get(number=number)
    for game in games_of(round_):
        if game.player_two is not None:
            both_report(game, played(7, 3))


@pytest.mark.django_db(transaction=True)
def test_a_to_signs_up_runs_two_rounds_and_prints_standings(
    live_server: Any, chromium_browser: Any, outbox: list[Any], shots: Path, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=WAIT_MS)
    base = live_server.url
    page = new_page(chromium_browser, PHONE, WAIT_MS)

    # --- Sign up; the mailed link confirms the address and logs in.
    sign_up(page, base, outbox, "tess")
    assert len(outbox) == 1, [m.subject for m in outbox]

    # --- A competitive event, 3 rounds on 4 tables.
    page.goto(f"{base}/events/new/")
    starts = dt.date.today() + dt.timedelta(days=21)
    page.get_by_label("Name", exact=True).fill("Winter Invitational")
    page.get_by_label("Starts on").fill(starts.isoformat())
    page.get_by_label("Ends on").fill(starts.isoformat())
    page.get_by_label("Venue").fill("The Dice Hall")
    page.get_by_label("Event kind").select_option(label="Competitive")
    page.get_by_label("Engagement scale").select_option("standard")  # competitive: Standard (OP Guide)
    page.get_by_label("List format").select_option("single")
    page.get_by_label("Planned rounds").fill("3")
    page.get_by_label("Tables", exact=True).fill("1: Map 1\n2: Map 2\n3: Map 3\n4: Map 4")
    page.get_by_role("button", name="Create event").click()
    expect(page.get_by_role("heading", name="Manage Winter Invitational")).to_be_visible()
    slug = re.search(r"/e/([^/]+)/", page.url).group(1)  # type: ignore[union-attr]
    event = Event.objects.get(slug=slug)
    assert event.kind == "competitive"

    # --- 8 players from a spreadsheet's CSV file with a header row.
    page.goto(f"{base}/e/{slug}/manage/players/")
    page.get_by_label("Or choose a CSV file").set_input_files(str(_csv(tmp_path)))
    page.get_by_role("button", name="Import").click()
    expect(page.locator(".messages")).to_contain_text("Imported 8 players.")
    expect(page.locator(".messages")).to_contain_text("Faction")
    players_table = page.get_by_role("table")
    for first, last in PLAYERS:
        expect(players_table).to_contain_text(f"{first} {last}")
    expect(players_table).to_contain_text("ada@example.org")

    # --- The pre-round check: one roster missing, nobody checked in.
    _rosters_for_all_but(event, missing="Ken Thompson")
    page.goto(f"{base}/e/{slug}/manage/")
    check = page.get_by_role("status").filter(has_text=_not_ready(1))
    expect(check).to_be_visible()
    expect(check).to_contain_text("Ken Thompson")
    snap(page, shots, "pre-round-warnings")
    # Pairing without the box ticked is refused and says why.
    page.get_by_role("button", name="Pair round 1").click()
    expect(page.locator(".messages")).to_contain_text("not ready")
    expect(page.get_by_role("status").filter(has_text=_not_ready(1))).to_be_visible()
    assert not event.rounds.exists()
    page.get_by_label("Pair anyway").check()
    page.get_by_role("button", name="Pair round 1").click()
    expect(page.get_by_role("heading", name="Pairing report")).to_be_visible()
    page.get_by_label("Publish anyway").check()
    page.get_by_role("button", name="Publish round 1").click()
    expect(page.locator(".messages")).to_contain_text("Round 1 is published")
    assert event.rounds.get(number=1).status == RoundStatus.PUBLISHED

    # --- Results come in; the last confirmation closes the round.
    _everyone_reports(event, 1)
    page.goto(f"{base}/e/{slug}/manage/rounds/1/")
    expect(page.get_by_role("heading", name="Round 1")).to_contain_text("Closed")
    expect(page.get_by_role("table").first).to_contain_text("7")
    snap(page, shots, "to-round")
    page.goto(f"{base}/e/{slug}/manage/")
    expect(page.get_by_role("row", name=re.compile("Round 1"))).to_contain_text("Closed")

    # --- Round 2: the check still names the missing roster (results are all in).
    check = page.get_by_role("status").filter(has_text=_not_ready(2))
    expect(check).to_contain_text("Ken Thompson")
    expect(check).not_to_contain_text("result")
    page.get_by_label("Pair anyway").check()
    page.get_by_role("button", name="Pair round 2").click()
    expect(page.get_by_role("heading", name="Pairing report")).to_be_visible()
    assert event.rounds.get(number=2).status == RoundStatus.PAIRED

    # --- The standings PDF.
    printed(page, base, slug, "Standings")
    page.goto(f"{base}/e/{slug}/standings/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Standings")
    page.context.close()
