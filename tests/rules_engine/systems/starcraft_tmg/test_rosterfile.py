"""roster/1 reading: unreadable input is a RosterFileError, distinct from rule violations."""

from __future__ import annotations

import json

import pytest

from rules_engine.systems.starcraft_tmg.roster_json import (
    RosterFileError,
    read_roster_json,
    roster_from_document,
    roster_to_document,
    write_roster_json,
)
from rules_engine.systems.starcraft_tmg.roster_reader import load_roster, read_roster
from tests.rules_engine.systems.starcraft_tmg.minipack import base_document


def _error(doc) -> str:
    with pytest.raises(RosterFileError) as info:
        roster_from_document(doc, origin="list.json")
    return str(info.value)


def test_reads_the_document():
    roster = roster_from_document(base_document())
    assert roster.player == "alice"
    assert roster.units[0].name == "Marine"
    assert roster.units[0].upgrades == ("AGG-12",)
    assert roster.mineral_limit == 2000
    assert roster.gas_limit == 200


def test_malformed_json_names_line_and_column():
    with pytest.raises(RosterFileError, match=r"list.json: malformed JSON at line 2, column 1"):
        read_roster_json('{"format": "roster/1",\n}', origin="list.json")


def test_wrong_format_tag():
    assert _error(base_document(format="event/1")) == 'list.json: format is "event/1", expected "roster/1"'


@pytest.mark.parametrize(
    "field",
    ["format", "game_system", "player", "scale", "faction_card", "cards", "units", "missions", "deployments"],
)
def test_missing_required_field(field):
    doc = base_document()
    del doc[field]
    assert f"missing required field {field!r}" in _error(doc)


def test_unit_needs_name_and_models():
    doc = base_document()
    del doc["units"][1]["models"]
    assert _error(doc) == "list.json: units[1]: missing required field 'models'"


def test_upgrades_may_be_left_out():
    doc = base_document()
    del doc["units"][1]["upgrades"]
    assert roster_from_document(doc).units[1].upgrades == ()


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"units": {"name": "Marine"}}, "units must be a list"),
        ({"cards": "Barracks"}, "cards must be a list of names"),
        ({"missions": ["Supply Drop", 3]}, "missions[1] must be a string"),
        ({"scale": "huge"}, "no engagement scale 'huge'"),
        ({"game_system": "chess"}, "unknown game system 'chess'"),
        ({"minerals": 1500}, "fixed at 2000 minerals"),
    ],
)
def test_wrong_types_and_values_are_unreadable(change, fragment):
    assert fragment in _error(base_document(**change))


def test_model_count_must_be_a_whole_number():
    doc = base_document()
    doc["units"][0]["models"] = "six"
    assert 'units[0].models must be a whole number, not "six"' in _error(doc)
    doc["units"][0]["models"] = True
    assert "must be a whole number" in _error(doc)


def test_grand_offensive_needs_a_budget_above_2000():
    doc = base_document("grand-offensive")
    del doc["minerals"]
    assert "missing required field 'minerals'" in _error(doc)
    assert "at least 2001" in _error(base_document("grand-offensive", minerals=2000))
    roster = roster_from_document(base_document("grand-offensive", minerals=3000))
    assert (roster.mineral_limit, roster.gas_limit) == (3000, 300)


def test_a_not_an_object_document():
    assert "is a JSON object, not list" in _error([])


def test_zero_or_negative_models_are_readable_and_left_to_the_rules():
    doc = base_document()
    doc["units"][0]["models"] = 0
    assert roster_from_document(doc).units[0].models == 0


def test_document_round_trip_keeps_extra_keys():
    doc = base_document(notes="bring dice")
    doc["units"][0]["painted"] = True
    doc["units"][1] = {"name": "Marine", "models": 9, "note": "no upgrades key"}
    roster = roster_from_document(doc)
    assert roster.units[1].extra == {"note": "no upgrades key"}
    written = roster_to_document(roster)
    assert written == {
        **doc,
        "units": [doc["units"][0], {**doc["units"][1], "upgrades": []}, doc["units"][2]],
    }
    assert read_roster_json(write_roster_json(roster)) == roster


def test_read_roster_sniffs_json_and_text():
    as_json = json.dumps(base_document())
    assert read_roster("\ufeff  " + as_json) == roster_from_document(base_document())
    text = "Player: alice\nFaction: Test Raiders\nScale: standard\n"
    assert read_roster(text).faction_card == "Test Raiders"
    with pytest.raises(RosterFileError, match="the roster is empty"):
        read_roster("  \n")


def test_load_roster_reports_file_problems(tmp_path):
    with pytest.raises(RosterFileError, match="no such file"):
        load_roster(tmp_path / "missing.json")
    with pytest.raises(RosterFileError, match="is a directory"):
        load_roster(tmp_path)
    binary = tmp_path / "list.json"
    binary.write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(RosterFileError, match="not UTF-8"):
        load_roster(binary)
