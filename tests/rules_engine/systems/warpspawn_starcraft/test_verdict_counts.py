"""A deck's summary count agrees with its lines: "18 cards" above an 18-card deck,
whatever is wrong with some of them."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.systems.warpspawn_starcraft import builtin_pack
from rules_engine.systems.warpspawn_starcraft.deck import deck_from_document, read_deck, validate_deck

# Known, of the other side, and unknown names: some lines draw violations of their own.
CARDS = ["Marine", "Command Center", "Barracks", "Zergling", "Not A Card"]


def test_an_unknown_card_still_counts_among_the_cards_listed():
    text = "Player: A\nFaction: Terran\n8x Marine\n5x Marines\n5x Zergling\n"
    report = validate_deck(read_deck(text), builtin_pack())
    assert not report.legal
    assert report.as_json()["totals"] == {"cards": 18}


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
