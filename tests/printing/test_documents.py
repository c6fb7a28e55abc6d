"""Each printed document, rendered from a real event in the database and read back with pypdf."""

from __future__ import annotations

import pytest

from printing.documents import load_sheet, render_document, render_sheet
from printing.models import PrintKind
from printing.params import VIEWER_PUBLIC, VIEWER_STAFF, PrintParams
from printing.render import LocalOnlyError, local_only_fetcher, render_pdf, static_root
from tests.builders.rows import PRINTING_OPEN, add_penalty, add_roster, add_round, make_event, player_of
from tests.printing.pdf import A4, LETTER, page_size, pages, squash
from tournaments.errors import ServiceError
from tournaments.models import ListFormat, RoundStatus

pytestmark = pytest.mark.django_db

NAMES = [f"Player {chr(65 + i)}" for i in range(24)]


def render(event, kind, **params):
    return render_document(event, kind, PrintParams(**params))


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_twelve_tables_make_twelve_result_slips(paper, size):
    event = make_event(**PRINTING_OPEN, players=NAMES, tables=12)
    add_round(event, 1, [(f"p{2 * i + 1}", f"p{2 * i + 2}") for i in range(12)])
    filename, mimetype, content = render(event, PrintKind.SLIPS, round=1, paper=paper)
    assert (filename, mimetype) == (f"printing-open-slips-round-1-{paper}.pdf", "application/pdf")
    texts = pages(content)
    assert len(texts) == 12
    assert page_size(content) == size
    for number, text in enumerate(texts, start=1):
        flat = squash(text)
        assert f"Table {number}" in flat
        assert f"Round 1 result slip · Layout: Map {number}" in flat
        assert f"A Player {chr(65 + 2 * (number - 1))} " in flat
        assert "Victory Points" in flat
        assert "Battle Rounds completed" in flat
        assert "Signature" in flat
        assert "Red" in flat
        assert "Blue" in flat
        assert "Priority" in flat
        assert "Mission" in flat


def test_slips_show_each_roster_to_choose_under_dual_list():
    event = make_event(**PRINTING_OPEN, players=["Zoë, d'Arc", "Bruno"], tables=1)
    add_roster(player_of(event, "p1"), slot=1)
    add_roster(player_of(event, "p1"), slot=2)
    add_round(event, 1, [("p1", "p2")], status=RoundStatus.PAIRED)
    flat = squash(pages(render(event, PrintKind.SLIPS, round=1)[2])[0])
    assert "☐ Roster 1: Raynor's Raiders" in flat
    assert "☐ Roster 2: Raynor's Raiders" in flat
    assert "Supply Drop, Hold Position · Gauntlet" in flat  # the draft cards each roster brings
    assert "Roster chosen: ☐ 1 ☐ 2" in flat  # Bruno has no roster on file yet


def test_single_list_slips_skip_the_roster_choice():
    event = make_event(
        **{**PRINTING_OPEN, "list_format": ListFormat.SINGLE}, players=["Ana", "Bruno"], tables=1
    )
    add_round(event, 1, [("p1", "p2")])
    flat = squash(pages(render(event, PrintKind.SLIPS, round=1)[2])[0])
    assert "Roster chosen" not in flat
    assert "☐ Roster" not in flat


def test_byes_get_no_slip():
    event = make_event(**PRINTING_OPEN, players=["Ana", "Bruno", "Chloé"], tables=1)
    add_round(event, 1, [("p1", "p2"), ("p3", None)])
    assert len(pages(render(event, PrintKind.SLIPS, round=1)[2])) == 1


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_twenty_rosters_make_twenty_pages(paper, size):
    event = make_event(**PRINTING_OPEN, players=NAMES[:10], tables=0)
    for index in range(1, 11):
        add_roster(player_of(event, f"p{index}"), slot=1)
        add_roster(player_of(event, f"p{index}"), slot=2)
    content = render(event, PrintKind.ROSTERS, viewer=VIEWER_STAFF, paper=paper)[2]
    texts = pages(content)
    assert len(texts) == 20
    assert page_size(content) == size
    first = squash(texts[0])
    assert "Player A (p1) — roster 1" in first
    assert "Minerals 1670 / 2000 · Gas 185 / 200 · Supply 13" in first
    assert "Jim Raynor" in first
    assert "Orbital Command" in first
    assert "Raynor's Raiders \u00d73" in first  # the slot ledger: who granted the Core slots
    assert "Page 1 of 20" in first
    assert "Player A (p1) — roster 2" in squash(texts[1])


def test_the_public_roster_pack_is_empty_until_rosters_are_published():
    event = make_event(**PRINTING_OPEN, players=["Ana"], tables=0)
    add_roster(player_of(event, "p1"))
    flat = squash(pages(render(event, PrintKind.ROSTERS, viewer=VIEWER_PUBLIC)[2])[0])
    assert "No rosters are visible to you yet." in flat


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_standings_sheet(paper, size):
    event = make_event(
        **PRINTING_OPEN, players=["Ana", "Bruno", "Chloé", "Dmitri"], tables=2, planned_rounds=1
    )
    add_round(event, 1, [("p1", "p2"), ("p3", "p4")], status=RoundStatus.CLOSED, results=[(12, 3), (5, 5)])
    content = render(event, PrintKind.STANDINGS, paper=paper)[2]
    assert page_size(content) == size
    flat = squash(pages(content)[0])
    assert "Final — Final standings after round 1 of 1" in flat
    # Place, player, MP, TP, SoS, oTP, games (hand-worked in test_sheets).
    assert "1 Ana 3 4 0.0000 1.0000 1" in flat
    assert "=2 Chloé 1 2 1.0000 2.0000 1" in flat
    assert "=2 Dmitri 1 2 1.0000 2.0000 1" in flat
    assert "4 Bruno 0 1 3.0000 4.0000 1" in flat
    assert "(p1)" not in flat  # a posted sheet names players, not the event's ids
    assert "Printing Open" in flat
    assert "Page 1 of 1" in flat


def test_namesakes_are_told_apart_by_their_ids_on_standings_and_slips():
    event = make_event(**PRINTING_OPEN, players=["Sam Lee", "Bruno", "Sam Lee", "Dmitri"], tables=2)
    add_round(event, 1, [("p1", "p2"), ("p3", "p4")], status=RoundStatus.PUBLISHED)
    for kind, extra in ((PrintKind.STANDINGS, {}), (PrintKind.SLIPS, {"round": 1})):
        flat = squash(" ".join(pages(render(event, kind, **extra)[2])))
        assert "Sam Lee (p1)" in flat, kind
        assert "Sam Lee (p3)" in flat, kind
        assert "(p2)" not in flat, kind


def test_indicative_standings_say_so():
    event = make_event(**PRINTING_OPEN, players=["Ana", "Bruno"], tables=1, planned_rounds=3)
    add_round(event, 1, [("p1", "p2")], results=[(12, 3)])
    flat = squash(pages(render(event, PrintKind.STANDINGS)[2])[0])
    assert "Indicative — Indicative standings after round 1 of 3" in flat


def test_long_standings_number_their_pages():
    names = [f"Player {i:03d}" for i in range(1, 121)]
    event = make_event(**PRINTING_OPEN, players=names, planned_rounds=3, tables=0)
    texts = pages(render(event, PrintKind.STANDINGS)[2])
    assert len(texts) > 2
    assert f"Page 2 of {len(texts)}" in squash(texts[1])
    assert "Printing Open" in texts[1]
    assert "Indicative standings" in texts[1]


def test_pairings_by_table_and_find_your_table():
    event = make_event(
        **PRINTING_OPEN, players=["Zoë, d'Arc", "Bruno", "Álvaro", "Chloé", "Dmitri"], tables=2
    )
    add_round(event, 1, [("p1", "p2"), ("p3", "p4"), ("p5", None)])
    flat = squash(pages(render(event, PrintKind.PAIRINGS, round=1)[2])[0])
    assert "Round 1 pairings" in flat
    assert "1 Zoë, d'Arc Bruno Map 1" in flat
    assert "2 Álvaro Chloé Map 2" in flat
    assert "\u2013 Dmitri Bye" in flat
    flat = squash(pages(render(event, PrintKind.FIND_TABLE, round=1)[2])[0])
    # Alphabetical, accents ignored: name, table, opponent.
    assert flat.index("Álvaro 2 Chloé") < flat.index("Bruno 1 Zoë") < flat.index("Chloé 2 Álvaro")
    assert flat.index("Chloé 2 Álvaro") < flat.index("Dmitri \u2013 Bye") < flat.index("Zoë, d'Arc 1 Bruno")


def test_draft_pairings_are_marked_as_drafts():
    event = make_event(**PRINTING_OPEN, players=["Ana", "Bruno"], tables=1)
    add_round(event, 1, [("p1", "p2")], status=RoundStatus.PAIRED)
    assert "DRAFT — not yet published" in squash(pages(render(event, PrintKind.PAIRINGS, round=1)[2])[0])


def test_player_summary_lists_games_and_the_final_line():
    event = make_event(
        **PRINTING_OPEN, players=["Ana", "Bruno", "Chloé", "Dmitri"], tables=2, planned_rounds=2
    )
    add_round(event, 1, [("p1", "p2"), ("p3", "p4")], status=RoundStatus.CLOSED, results=[(12, 3), (5, 5)])
    add_round(event, 2, [("p1", "p3"), ("p2", "p4")])  # published, no results yet
    content = render(event, PrintKind.PLAYER_SUMMARY, player="p1")[2]
    texts = pages(content)
    assert len(texts) == 1
    flat = squash(texts[0])
    assert "Ana (p1)" in flat
    assert "Place 1 · MP 3 · TP 4 · SoS 0.0000 · oTP 1.0000" in flat
    assert "1 1 Bruno Won — Decisive Victory 12\u20133 3 4" in flat
    assert "Round 2, table 1: v Chloé — Waiting for a result" in flat


def test_every_players_summary_one_per_page():
    event = make_event(**PRINTING_OPEN, players=["Ana", "Bruno", "Chloé"], tables=1)
    add_round(event, 1, [("p1", "p2"), ("p3", None)])
    texts = pages(render(event, PrintKind.PLAYER_SUMMARY)[2])
    assert len(texts) == 3
    assert "Chloé (p3)" in texts[2]
    assert "Bye" in texts[2]


def test_unknown_round_is_a_clear_error():
    event = make_event(**PRINTING_OPEN, players=["Ana"], tables=0)
    with pytest.raises(ServiceError, match="There is no round 4 yet"):
        load_sheet(event, PrintKind.PAIRINGS, PrintParams(round=4))


def test_render_pdf_refuses_an_unknown_paper():
    event = make_event(**PRINTING_OPEN, players=["Ana"], tables=0)
    sheet = load_sheet(event, PrintKind.STANDINGS, PrintParams())
    with pytest.raises(ValueError, match="unknown paper size 'a3'"):
        render_sheet(PrintKind.STANDINGS, sheet, paper="a3")


def test_print_templates_never_fetch_over_the_network():
    with pytest.raises(LocalOnlyError, match="local files only"):
        local_only_fetcher("http://example.org/font.woff")
    with pytest.raises(LocalOnlyError, match="static folder only"):
        local_only_fetcher("file:///etc/passwd")
    fetched = local_only_fetcher((static_root() / "css" / "site.css").as_uri())
    handle = fetched.get("file_obj")
    assert handle is not None or fetched.get("string")
    if handle is not None:
        handle.close()


def test_a_remote_image_in_a_template_is_skipped_not_fetched(monkeypatch):
    from printing import render as render_module

    def no_network(*args, **kwargs):
        raise AssertionError("a print template tried the network")

    monkeypatch.setattr("weasyprint.urls.urlopen", no_network)
    html = '<img src="http://example.org/x.png"><p>Still printed</p>'
    monkeypatch.setattr(render_module, "render_html", lambda name, context: html)
    assert "Still printed" in pages(render_pdf("any.html", {}))[0]


def test_a_players_roster_pack_holds_their_own_and_their_opponents_rosters():
    event = make_event(**PRINTING_OPEN, players=["Ana", "Bruno", "Chloé"], tables=1)
    for external_id in ("p1", "p2", "p3"):
        add_roster(player_of(event, external_id))
    add_round(event, 1, [("p1", "p2"), ("p3", None)])
    texts = pages(render(event, PrintKind.ROSTERS, viewer="player:p1")[2])
    assert [t.split(" — ")[0].split("\n")[-1] for t in texts] == ["Ana (p1)", "Bruno (p2)"]


def test_penalty_log_lists_every_penalty_and_tallies_those_in_force():
    event = make_event(**PRINTING_OPEN, players=["Zoë, d'Arc", "Bruno"], tables=1)
    add_round(event, 1, [("p1", "p2")])
    zoe, bruno = player_of(event, "p1"), player_of(event, "p2")
    add_penalty(zoe, "caution", table_number=1, notes="Mismeasured a charge")
    add_penalty(zoe, "warning", round_number=2, table_number=3, notes="Slow play again", remedy="+2 VP")
    add_penalty(zoe, "warning", round_number=3, category="rules")
    add_penalty(bruno, "disqualification", round_number=3, status="pending-confirmation", category="conduct")
    texts = pages(render(event, PrintKind.PENALTIES)[2])
    flat = squash(" ".join(texts))
    assert "Penalty log" in flat
    assert "R1 · T1 Zoë, d'Arc (p1) Caution Slow play Mismeasured a charge" in flat
    assert "R2 · T3 Zoë, d'Arc (p1) Warning Slow play Slow play again Remedy: +2 VP" in flat
    assert "Disqualification Conduct Proposed: awaiting confirmation" in flat
    # Tally (in force only): Zoë 1 Caution, 2 Warnings; Bruno's proposal does not count yet.
    assert "Zoë, d'Arc (p1) 1 2 0 0" in flat
    assert "Bruno (p2) 0 0 0" not in flat


def test_penalty_log_without_penalties():
    event = make_event(**PRINTING_OPEN, players=["Ana"], tables=0)
    assert "No penalties recorded." in squash(pages(render(event, PrintKind.PENALTIES)[2])[0])


def test_player_summary_lists_penalties_in_force():
    event = make_event(**PRINTING_OPEN, players=["Ana", "Bruno"], tables=1)
    add_round(event, 1, [("p1", "p2")], results=[(12, 3)])
    add_penalty(player_of(event, "p1"), "warning", table_number=1, notes="Slow play")
    add_penalty(player_of(event, "p1"), "game-loss", status="declined")
    flat = squash(pages(render(event, PrintKind.PLAYER_SUMMARY, player="p1")[2])[0])
    assert "Penalties Round 1, table 1: Warning (Slow play) — Slow play" in flat
    assert "Game Loss" not in flat
