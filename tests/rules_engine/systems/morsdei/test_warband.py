"""MORSDEI warbands: M1-M6 of rules_engine/systems/morsdei/DECISIONS.md, one mistake one violation."""

from __future__ import annotations

import copy
import json
import re

import pytest

from rules_engine.systems.morsdei import DATA_DIR, sample_pack
from rules_engine.systems.morsdei.pack import PackError, base_key, parse_pack
from rules_engine.systems.morsdei.warband import (
    WarbandInputError,
    read_warband,
    validate_warband,
    warband_from_document,
    warband_to_document,
)


def _doc(faction="Ashen Wardens", units=None):
    return {
        "format": "roster/1",
        "game_system": "morsdei",
        "player": "Alice",
        "faction": faction,
        "units": units
        if units is not None
        else [
            {"name": "Warden Sergeant", "models": 1, "base": "32mm", "upgrades": []},
            {"name": "Warden Hound"},
        ],
    }


def _judge(doc, pack=None):
    return validate_warband(warband_from_document(doc), pack or sample_pack())


def _pairs(report):
    return [(v.code, v.where) for v in report.violations]


def test_a_legal_warband():
    report = _judge(_doc())
    assert report.legal
    assert report.as_json()["totals"] == {"fighters": 2}


def test_the_sample_pack_says_it_is_a_sample():
    pack = sample_pack()
    assert pack.sample is True
    assert pack.factions == ("Ashen Wardens", "Gutter Kin")
    assert pack.lints == ()


def test_m1_unknown_warband_still_checks_the_cards_exist():
    report = _judge(_doc(faction="Red Hand", units=[{"name": "Kin Boss"}, {"name": "Nobody"}]))
    assert _pairs(report) == [("unknown-faction", "faction"), ("unknown-unit", "units[1]")]


def test_m2_m3_unknown_and_wrong_warband_are_not_also_judged_for_base():
    report = _judge(_doc(units=[{"name": "Nobody", "base": "25mm"}, {"name": "Kin Boss", "base": "60x35mm"}]))
    assert _pairs(report) == [("unknown-unit", "units[0]"), ("unit-wrong-faction", "units[1]")]


def test_m4_a_fighter_is_one_model():
    report = _judge(_doc(units=[{"name": "Warden Rifleman", "models": 3}]))
    assert _pairs(report) == [("invalid-composition", "units[0]")]


def test_m5_a_declared_base_must_match_after_normalising():
    assert _judge(_doc(units=[{"name": "Warden Hound", "base": "60 \u00d7 35 mm"}])).legal
    report = _judge(_doc(units=[{"name": "Warden Hound", "base": "32mm"}]))
    assert _pairs(report) == [("base-size-mismatch", "units[0]")]
    assert "60x35mm" in report.violations[0].message


def test_m6_an_empty_warband():
    assert _pairs(_judge(_doc(units=[]))) == [("warband-empty", "units")]


def test_m7_a_fighter_carries_only_what_its_card_holds():
    """An item on no card is one violation, never dropped in silence (MOR:96)."""
    carried = [{"name": "Warden Sergeant", "upgrades": ["Rifle", {"name": "knife"}, "Rally"]}]
    assert _judge(_doc(units=carried)).legal  # its own weapons and special action: redundant
    report = _judge(_doc(units=[{"name": "Warden Sergeant", "upgrades": ["Rifle", "Plasma Gun"]}]))
    assert _pairs(report) == [("unknown-upgrade", "units[0]")]
    assert "Plasma Gun" in report.violations[0].message
    assert "Rifle, Knife, Rally" in report.violations[0].message
    # What the player listed stays on the report, with the fighter.
    assert report.as_json()["units"][0]["upgrades"] == ["Rifle", "Plasma Gun"]
    # A fighter already refused for its card is not also judged for what it carries.
    assert _pairs(_judge(_doc(units=[{"name": "Kin Boss", "upgrades": ["Plasma Gun"]}]))) == [
        ("unit-wrong-faction", "units[0]")
    ]


def test_m7_in_the_typed_list_and_back_to_roster_1():
    warband = read_warband(
        "Player: Bob\nWarband: Ashen Wardens\nWarden Sergeant (32mm) with Rifle, Plasma Gun\n"
    )
    [fighter] = warband.fighters
    assert (fighter.name, fighter.base, fighter.upgrades) == (
        "Warden Sergeant",
        "32mm",
        ("Rifle", "Plasma Gun"),
    )
    report = validate_warband(warband, sample_pack())
    assert _pairs(report) == [("unknown-upgrade", "line 3")]
    document = warband_to_document(warband)
    assert document["units"][0]["upgrades"] == ["Rifle", "Plasma Gun"]
    assert warband_from_document(document).fighters == tuple(
        type(fighter)(fighter.name, 1, fighter.base, "units[0]", fighter.upgrades) for fighter in [fighter]
    )


def test_the_packs_own_limits_apply_only_when_set():
    data = json.loads((DATA_DIR / "2000-01-01.json").read_text(encoding="utf-8"))
    limited = copy.deepcopy(data)
    limited["units"][1]["max_copies"] = 2
    limited["warband_rules"] = {"min_fighters": 2, "max_fighters": 3}
    pack = parse_pack(limited)
    riflemen = [{"name": "Warden Rifleman"}] * 4
    assert _pairs(_judge(_doc(units=riflemen))) == []
    assert _pairs(_judge(_doc(units=riflemen), pack)) == [
        ("card-copies-exceeded", "units[2]"),
        ("warband-size", "units"),
    ]
    assert _pairs(_judge(_doc(units=riflemen[:1]), pack)) == [("warband-size", "units")]


def test_the_typed_list():
    warband = read_warband(
        "Player: Bob\nWarband: Gutter Kin\n\nFighters:\n- Kin Boss (32mm)\n2x Kin Scrapper\n"
    )
    assert [(f.name, f.base, f.where) for f in warband.fighters] == [
        ("Kin Boss", "32mm", "line 5"),
        ("Kin Scrapper", None, "line 6"),
        ("Kin Scrapper", None, "line 6"),
    ]
    assert validate_warband(warband, sample_pack()).legal


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the warband is empty"),
        (
            '{"format": "roster/1", "game_system": "morsdei", "player": "A", "faction": "X"}',
            "units: required",
        ),
        (
            '{"format": "roster/1", "game_system": "morsdei", "player": "A", "faction": "X", "units": [3]}',
            "units[0]",
        ),
        ("Player: A\nKin Boss", "Warband:"),
    ],
)
def test_unreadable_input_is_an_input_error(text, message):
    with pytest.raises(WarbandInputError, match=re.escape(message)):
        read_warband(text)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["units"][0].pop("base"), "units[0].base: must be a non-empty string"),
        (lambda d: d["units"][0].update(base="huge"), "units[0].base: 'huge' is not a base size"),
        (lambda d: d["units"][2].update(faction="Nobody"), "units[2].faction: 'Nobody' is not"),
        (lambda d: d.update(warband_rules={"max_fighters": 0}), "warband_rules.max_fighters"),
    ],
)
def test_a_malformed_pack_names_where(change, message):
    data = json.loads((DATA_DIR / "2000-01-01.json").read_text(encoding="utf-8"))
    change(data)
    with pytest.raises(PackError, match=re.escape(message)):
        parse_pack(data)


def test_lints_never_reject_but_are_reported():
    data = json.loads((DATA_DIR / "2000-01-01.json").read_text(encoding="utf-8"))
    data["units"][0]["apl"] = 5
    data["units"][0]["weapons"][0]["hit"] = 1
    pack = parse_pack(data)
    assert pack.lints == (
        "units[0].apl: 5 is outside 0-4, the limit of an APL pool (MOR:131)",
        "units[0].weapons[0].hit: 1+ is outside 2+ to 6+ (MOR:70)",
    )
    assert _judge(_doc(), pack).legal


@pytest.mark.parametrize(
    ("printed", "key"),
    [
        ("32mm", "32mm"),
        ("32 mm", "32mm"),
        ("32", "32mm"),
        ("60x35mm", "60x35mm"),
        ("60 \u00d7 35 MM", "60x35mm"),
    ],
)
def test_base_notation(printed, key):
    assert base_key(printed) == key
