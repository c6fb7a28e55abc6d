"""Warpspawn decks: rules W1-W4 of the system's DECISIONS.md, one mistake one violation."""

from __future__ import annotations

import pytest

from rules_engine.systems.warpspawn_starcraft import builtin_pack
from rules_engine.systems.warpspawn_starcraft.deck import (
    DeckInputError,
    deck_from_document,
    read_deck,
    validate_deck,
)


def _doc(faction="Terran", cards=None):
    return {
        "format": "roster/1",
        "game_system": "warpspawn-starcraft",
        "player": "Alice",
        "faction": faction,
        "cards": cards if cards is not None else [{"name": "Marine", "copies": 8}, "Command Center"],
    }


def _judge(doc):
    return validate_deck(deck_from_document(doc), builtin_pack())


def test_the_contract_example_is_legal():
    report = _judge(_doc())
    assert report.legal
    assert report.as_json()["totals"] == {"cards": 9}
    assert report.as_json()["limits"] == {}
    assert report.as_json()["cards"] == [
        {"name": "Marine", "copies": 8, "allowed": 8},
        {"name": "Command Center", "copies": 1, "allowed": 1},
    ]


def test_the_whole_terran_list_is_a_legal_deck():
    pack = builtin_pack()
    cards = [{"name": c.name, "copies": c.copies} for c in pack.cards_of("Terran")]
    report = _judge(_doc(cards=cards))
    assert report.legal
    assert report.size == 90


def test_w1_unknown_faction_still_checks_cards_exist_but_never_their_faction():
    report = _judge(_doc(faction="Protoss", cards=["Marine", "Zerglings", "Zealot"]))
    assert [(v.code, v.where) for v in report.violations] == [
        ("unknown-faction", "faction"),
        ("unknown-card", "cards[2]"),
    ]


def test_w2_unknown_card():
    report = _judge(_doc(cards=["Marine", "Marauder"]))
    assert [(v.code, v.where) for v in report.violations] == [("unknown-card", "cards[1]")]


def test_w3_a_card_of_the_other_list_is_only_wrong_faction():
    # 9 Zerglings would also exceed the 8 copies: one mistake, one violation.
    report = _judge(_doc(cards=[{"name": "Zerglings", "copies": 9}]))
    assert [(v.code, v.where) for v in report.violations] == [("card-wrong-faction", "cards[0]")]


def test_sarah_kerrigan_is_a_terran_card():
    assert _judge(_doc(cards=["Sarah Kerrigan"])).legal
    assert _judge(_doc(faction="Zerg", cards=["Sarah Kerrigan"])).codes == {"card-wrong-faction"}


def test_w4_copies_add_up_across_entries_and_names():
    report = _judge(_doc(cards=[{"name": "Marine", "copies": 5}, "marine", {"name": "MARINE", "copies": 3}]))
    assert [(v.code, v.where) for v in report.violations] == [("card-copies-exceeded", "cards[2]")]
    assert "9 copies of Marine" in report.violations[0].message
    assert report.cards[0].copies == 9


def test_w4_one_violation_per_card_however_far_over():
    report = _judge(_doc(cards=["Command Center", "Command Center", "Command Center"]))
    assert [v.code for v in report.violations] == ["card-copies-exceeded"]


def test_aliases_and_apostrophes_match():
    report = _judge(_doc(faction="zerg", cards=[{"name": "Zergling", "copies": 8}, "Queen's Nest"]))
    assert report.legal
    assert report.faction == "Zerg"


def test_the_typed_list_reads_every_form():
    deck = read_deck(
        "\ufeffPlayer: Alice\nFaction: Terran\n\nCards:\n"
        "8x Marine\n- Command Center\nBunker x2\n2 Supply Depot\n"
    )
    assert [(e.name, e.copies, e.where) for e in deck.entries] == [
        ("Marine", 8, "line 5"),
        ("Command Center", 1, "line 6"),
        ("Bunker", 2, "line 7"),
        ("Supply Depot", 2, "line 8"),
    ]
    assert validate_deck(deck, builtin_pack()).legal


def test_a_typed_mistake_names_its_line():
    deck = read_deck("Player: Alice\nFaction: Terran\n9x Marine\n")
    report = validate_deck(deck, builtin_pack())
    assert [(v.code, v.where) for v in report.violations] == [("card-copies-exceeded", "line 3")]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the deck is empty"),
        ("{", "line 1, column 2"),
        (
            '{"format": "roster/1", "game_system": "warpspawn-starcraft", "faction": "Terran", "cards": []}',
            "player",
        ),
        ('{"format": "roster/1", "game_system": "starcraft-tmg"}', "game_system"),
        (
            '{"format": "roster/1", "game_system": "warpspawn-starcraft", "player": "A", "faction": "Terran",'
            ' "cards": [{"name": "Marine", "copies": 0}]}',
            "cards[0].copies",
        ),
        ("Faction: Terran\nMarine", "Player:"),
    ],
)
def test_unreadable_input_is_an_input_error(text, message):
    with pytest.raises(DeckInputError, match=message.replace("[", r"\[").replace("]", r"\]")):
        read_deck(text)
