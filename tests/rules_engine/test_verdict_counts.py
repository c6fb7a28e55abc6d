"""A verdict's summary counts agree with the roster's lines: "8 fighters" above eight
fighters listed, "18 cards" above an 18-card deck, whatever is wrong with some of them."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.systems.morsdei import sample_pack
from rules_engine.systems.morsdei.warband import read_warband, validate_warband, warband_from_document
from rules_engine.systems.warpspawn_starcraft import builtin_pack
from rules_engine.systems.warpspawn_starcraft.deck import deck_from_document, read_deck, validate_deck

# Known, of the other side, and unknown names: some lines draw violations of their own.
FIGHTERS = ["Warden Sergeant", "Warden Rifleman", "Warden Hound", "Kin Boss", "Nobody Atall"]
CARDS = ["Marine", "Command Center", "Barracks", "Zergling", "Not A Card"]


def test_an_unknown_fighter_still_counts_among_the_fighters_listed():
    text = "Player: A\nWarband: Ashen Wardens\n7x Warden Rifleman\nWarden Sargent\n"
    report = validate_warband(read_warband(text), sample_pack())
    assert not report.legal
    assert report.as_json()["totals"] == {"fighters": 8}


def test_an_unknown_card_still_counts_among_the_cards_listed():
    text = "Player: A\nFaction: Terran\n8x Marine\n5x Marines\n5x Zergling\n"
    report = validate_deck(read_deck(text), builtin_pack())
    assert not report.legal
    assert report.as_json()["totals"] == {"cards": 18}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(FIGHTERS), st.integers(1, 3)), max_size=8))
def test_the_fighter_count_is_the_sum_of_the_listed_models(lines):
    units = [{"name": name, "models": models} for name, models in lines]
    doc = {
        "format": "roster/1",
        "game_system": "morsdei",
        "player": "A",
        "faction": "Ashen Wardens",
        "units": units,
    }
    report = validate_warband(warband_from_document(doc), sample_pack()).as_json()
    assert report["totals"]["fighters"] == sum(models for _, models in lines)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(CARDS), st.integers(1, 9)), max_size=8))
def test_the_card_count_is_the_sum_of_the_listed_copies(lines):
    doc = {
        "format": "roster/1",
        "game_system": "warpspawn-starcraft",
        "player": "A",
        "faction": "Terran",
        "cards": [{"name": name, "copies": copies} for name, copies in lines],
    }
    report = validate_deck(deck_from_document(doc), builtin_pack()).as_json()
    assert report["totals"]["cards"] == sum(copies for _, copies in lines)
