"""The pure sheet builders: what each document says, checked by hand without a database."""

from __future__ import annotations

import datetime as dt

from django.template.loader import render_to_string

from printing.sheets import (
    Heading,
    PairingLine,
    RosterPackSheet,
    find_table_lines,
    ordered_pairings,
    place_labels,
    player_summary,
    roster_page,
    standings_sheet,
)
from rules_engine.registry import get_system
from rules_engine.systems.starcraft_tmg.army import validate_rosters_on
from rules_engine.systems.starcraft_tmg.sheet import StarCraftSheet
from rules_engine.verdict import (
    EventRequirements,
    RosterVerdict,
    roster_rules_for,
    roster_verdict,
    stored_verdict,
)
from standings import compute_standings
from standings.records import EventGame, EventPlayer, EventRound
from tests.builders.documents import example_document
from tests.builders.systems import CASES

SCORING = get_system("starcraft-tmg").scoring_for("standard")


def _standings(games, players=("Ana", "Bruno", "Chloé", "Dmitri"), final=False):
    entrants = [EventPlayer(id=f"p{i}", name=name) for i, name in enumerate(players, start=1)]
    return compute_standings(
        entrants, [EventRound(number=1, games=tuple(games))], SCORING, planned_rounds=3, final=final
    )


def test_pairings_put_tables_in_order_and_byes_last():
    lines = ordered_pairings(
        [
            PairingLine(None, "", "Zed", "p5", None, None),
            PairingLine(2, "Map 2", "Cy", "p3", "Di", "p4"),
            PairingLine(1, "Map 1", "Al", "p1", "Bo", "p2"),
        ]
    )
    assert [line.table for line in lines] == [1, 2, None]


def test_find_your_table_lists_every_player_once_alphabetically():
    lines = find_table_lines(
        [
            PairingLine(1, "", "zoë d'Arc", "p1", "Bruno", "p2"),
            PairingLine(2, "", "Álvaro", "p3", "chloé", "p4"),
            PairingLine(None, "", "Dmitri", "p5", None, None),
        ]
    )
    # Case and accents are ignored: Álvaro files under A, chloé under C.
    assert [(x.name, x.table, x.opponent) for x in lines] == [
        ("Álvaro", 2, "chloé"),
        ("Bruno", 1, "zoë d'Arc"),
        ("chloé", 2, "Álvaro"),
        ("Dmitri", None, None),
        ("zoë d'Arc", 1, "Bruno"),
    ]


def test_standings_sheet_marks_shared_places_and_prints_four_decimals():
    # Ana beats Bruno 12-3 (Decisive Victory: 3 MP 4 TP v 0 MP 1 TP);
    # Chloé and Dmitri draw 5-5 (Stalemate: 1 MP 2 TP each) and tie on all four keys.
    standings = _standings(
        [EventGame(players=("p1", "p2"), vp=(12, 3)), EventGame(players=("p3", "p4"), vp=(5, 5))]
    )
    sheet = standings_sheet("Winter Clash", standings)
    rows = [(line.place, line.name, line.mp, line.tp, line.sos, line.otp) for line in sheet.lines]
    assert rows == [
        ("1", "Ana", 3, 4, "0.0000", "1.0000"),
        ("=2", "Chloé", 1, 2, "1.0000", "2.0000"),
        ("=2", "Dmitri", 1, 2, "1.0000", "2.0000"),
        ("4", "Bruno", 0, 1, "3.0000", "4.0000"),
    ]
    assert sheet.label == "Indicative"
    assert sheet.state == "Indicative standings after round 1 of 3"


def test_final_standings_are_labelled_final():
    standings = _standings(
        [EventGame(players=("p1", "p2"), vp=(12, 3)), EventGame(players=("p3", "p4"), vp=(5, 5))], final=True
    )
    assert standings_sheet("Winter Clash", standings).label == "Final"


def test_place_labels_leave_unplaced_players_without_a_place():
    entrants = [EventPlayer(id="p1", name="Ana"), EventPlayer(id="p2", name="Spare", spare=True)]
    standings = compute_standings(entrants, [], SCORING)
    assert place_labels(standings.rows) == {"p1": "1", "p2": "\u2013"}


def test_roster_page_reads_costs_and_the_slot_ledger_from_the_verdict():
    from rules_engine.systems.starcraft_tmg.roster_json import roster_from_document

    document = example_document()
    verdict = validate_rosters_on([roster_from_document(document)], None)
    stored = RosterVerdict(roster=verdict.rosters[0])
    page = roster_page(
        player="Zoë",
        player_id="p1",
        slot=2,
        document=document,
        verdict=stored,
        game_sheet=get_system("starcraft-tmg").roster_sheet,
    )
    game = page.game
    assert isinstance(game, StarCraftSheet)
    # Part 9.1.7 example: 1670 minerals, 185 gas, 13 supply; 9 units, 6 cards.
    assert (game.minerals, game.gas, game.supply) == (1670, 185, 13)
    assert (game.minerals_limit, game.gas_limit) == (2000, 200)
    assert len(game.units) == 9
    assert game.units[0].name == "Marine"
    assert game.units[0].minerals == 210
    assert game.units[0].slot == "core"
    assert [c.name for c in game.cards][:2] == ["Barracks", "Barracks (Proxy)"]
    core = next(line for line in game.slots if line.kind == "core")
    assert (core.used, core.available) == (8, 8)
    assert "Raynor's Raiders \u00d73" in core.granted_by
    assert page.legal
    assert page.checked
    assert page.problems == ()
    assert page.lines == ()  # StarCraft prints its own sheet
    assert game.missions == ("Supply Drop", "Hold Position")


def test_roster_page_without_a_verdict_prints_the_document_unpriced():
    document = example_document()
    page = roster_page(
        player="Zoë",
        player_id="p1",
        slot=1,
        document=document,
        verdict=stored_verdict({}, game_system="starcraft-tmg"),
        game_sheet=get_system("starcraft-tmg").roster_sheet,
    )
    assert not page.checked
    game = page.game
    assert isinstance(game, StarCraftSheet)
    assert [u.name for u in game.units][:3] == ["Marine", "Marine", "Marine"]
    assert game.units[0].minerals is None
    assert game.cards[0].name == "Barracks"


def test_a_system_without_its_own_sheet_prints_totals_and_the_rosters_lines_by_what_they_ride_in():
    case = CASES[0]  # Dropzone: Squads aboard Transports, a Commander, a deck
    rules = roster_rules_for(case.slug)
    roster = rules.read(case.legal())
    requirements = EventRequirements(case.slug, dt.date(2026, 12, 1), case.scale, case.points_limit)
    verdict = roster_verdict(roster, requirements)
    page = roster_page(player="Bob", player_id="p1", slot=1, document=rules.document(roster), verdict=verdict)
    assert page.game is None
    assert page.faction == "UCM"
    assert page.scale == "clash"
    assert page.totals == (("points", 715, 1500), ("groups", 5, 12))
    texts = [(line.text, line.depth) for line in page.lines]
    assert texts[:4] == [
        ("4\u00d7 Main Battle Tank", 0),
        ("1\u00d7 Condor", 0),
        ("3\u00d7 Sabre", 1),
        ("1\u00d7 Bear APC", 0),
    ]
    assert ("Level 5 Commander", 0) in texts
    assert (
        next(line for line in page.lines if line.text == "Level 5 Commander").note == "with Main Battle Tank"
    )
    assert ("3\u00d7 Core Card 01", 0) in texts
    html = render_to_string(
        "print/rosters.html",
        {
            "sheet": RosterPackSheet(
                Heading("Open", "Roster pack", "1 roster"),
                (page,),
                parts=("games/dropzone_commander/roster_sheet.html", "games/_default/roster_sheet.html"),
            )
        },
    )
    assert "Points <b>715</b> / 1500" in html
    assert "Groups <b>5</b> / 12" in html
    assert '<span class="aboard">\u2003\u21b3 </span>3\u00d7 Sabre' in html
    assert "Minerals" not in html


def test_a_warpspawn_deck_prints_its_cards_with_copies():
    case = CASES[2]
    rules = roster_rules_for(case.slug)
    roster = rules.read(case.mistakes())
    requirements = EventRequirements(case.slug, dt.date(2026, 12, 1), case.scale)
    page = roster_page(
        player="Bob",
        player_id="p1",
        slot=1,
        document=rules.document(roster),
        verdict=roster_verdict(roster, requirements),
    )
    assert [line.text for line in page.lines] == ["9\u00d7 Marine", "1\u00d7 Zerglings"]
    assert page.totals == (("cards", 10, None),)  # as listed: the Zerglings in error count too
    assert not page.legal
    assert len(page.problems) == 2


def test_player_summary_reads_a_stalemate_with_unequal_vp_as_a_draw():
    # 8-6 is inside the Stalemate band: both take 1 MP, so it is a draw, not a win.
    standings = _standings(
        [EventGame(players=("p1", "p2"), vp=(8, 6)), EventGame(players=("p3", "p4"), vp=(2, 14))],
    )
    ana = player_summary(standings["p1"], standings, tables={1: 3})
    (game,) = ana.games
    assert (game.round, game.table, game.opponent, game.result, game.how, game.vp) == (
        1,
        3,
        "Bruno",
        "Drew",
        "Stalemate",
        "8\u20136",
    )
    chloe = player_summary(standings["p3"], standings, tables={})
    assert chloe.games[0].result == "Lost"
    dmitri = player_summary(standings["p4"], standings, tables={})
    assert dmitri.games[0].result == "Won"
    assert dmitri.place == "1"


def test_player_summary_of_a_bye():
    entrants = [EventPlayer(id="p1", name="Ana")]
    standings = compute_standings(
        entrants, [EventRound(1, (EventGame(players=("p1",), outcome="bye"),))], SCORING
    )
    summary = player_summary(standings["p1"], standings, tables={1: None})
    assert summary.games[0].opponent == "Bye"
    assert summary.games[0].result == "Bye"
    assert "not in SoS/oTP" in summary.games[0].note
