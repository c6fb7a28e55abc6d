"""A warband's summary count agrees with its lines: "8 fighters" above eight fighters
listed, whatever is wrong with some of them."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.systems.morsdei import sample_pack
from rules_engine.systems.morsdei.warband import read_warband, validate_warband, warband_from_document

# Known, of the other side, and unknown names: some lines draw violations of their own.
FIGHTERS = ["Warden Sergeant", "Warden Rifleman", "Warden Hound", "Kin Boss", "Nobody Atall"]


def test_an_unknown_fighter_still_counts_among_the_fighters_listed():
    text = "Player: A\nWarband: Ashen Wardens\n7x Warden Rifleman\nWarden Sargent\n"
    report = validate_warband(read_warband(text), sample_pack())
    assert not report.legal
    assert report.as_json()["totals"] == {"fighters": 8}


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
