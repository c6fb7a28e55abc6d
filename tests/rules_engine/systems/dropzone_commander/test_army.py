"""Dropzone Commander army building: rules D1-D32 of the system's DECISIONS.md, on the sample pack."""

from __future__ import annotations

import pytest

from tests.rules_engine.systems.dropzone_commander.conftest import CORE, UCM12, army, judge, pairs


def test_a_legal_clash_army_and_its_figures(legal_clash):
    report = judge(legal_clash)
    assert pairs(report) == []
    out = report.as_json()
    # 140 + (120 + 30) + (60 + 25) + 120 + (70 + 60), plus a level 5 Commander (90, DZC:304-308).
    assert out["totals"] == {"points": 715, "groups": 5}
    assert out["limits"] == {"points": 1500, "groups": 12}
    assert out["categories"] == {
        "standard": 320,
        "vanguard": 130,
        "heavy": 120,
        "support": 0,
        "transport": 55,
    }
    assert {g["root"]: g["points"] for g in out["groups"]} == {
        "mbt": 140,
        "condor": 150,
        "bear": 85,
        "gladius": 120,
        "ferrets": 130,
    }


def test_d1_d3_unknown_faction_unit_and_wrong_faction():
    report = judge(
        army([{"id": "a", "name": "Hunter Drone", "models": 2}], faction="Shaltari", cards=None, points=800)
    )
    assert pairs(report) == [("unknown-faction", "faction")]
    report = judge(
        army(
            [
                {"id": "a", "name": "Main Battle Tank", "models": 2},
                {"id": "b", "name": "Hunter Drone", "models": 2},
                {"id": "c", "name": "Walker X", "models": 1},
            ],
            points=800,
            cards=None,
        )
    )
    assert pairs(report) == [("unit-wrong-faction", "units[1]"), ("unknown-unit", "units[2]")]
    # Neither is counted: one mistake, one violation.
    assert report.points == 70 + 50


def test_d4_squad_size_but_transports_have_none():
    report = judge(army([{"id": "a", "name": "Main Battle Tank", "models": 10}], points=800, cards=None))
    assert pairs(report) == [("invalid-squad-size", "units[0]")]


def test_d5_variants_must_exist_and_add_up():
    ok = army(
        [{"id": "s", "name": "Sabre", "models": 3, "variants": {"Sabre": 2, "Sabre (AA)": 1}}],
        points=800,
        cards=None,
    )
    assert judge(ok).points == 2 * 40 + 45 + 50
    bad = army([{"id": "s", "name": "Sabre", "models": 3, "variants": {"Sabre": 2}}], points=800, cards=None)
    assert pairs(judge(bad)) == [("unknown-variant", "units[0].variants")]
    bad = army(
        [{"id": "s", "name": "Sabre", "models": 3, "variants": {"Sabre": 2, "Sabre (HEAT)": 1}}],
        points=800,
        cards=None,
    )
    assert pairs(judge(bad)) == [("unknown-variant", "units[0].variants")]


def test_d6_upgrades_paid_per_unit_and_checked():
    ok = army(
        [{"id": "s", "name": "Sabre", "models": 3, "upgrades": ["Heavy Railgun"]}], points=800, cards=None
    )
    assert judge(ok).points == 3 * 45 + 50
    per_variant = army(
        [
            {
                "id": "s",
                "name": "Sabre",
                "models": 3,
                "variants": {"Sabre": 2, "Sabre (AA)": 1},
                "upgrades": [{"name": "Heavy Railgun", "variant": "Sabre"}],
            }
        ],
        points=800,
        cards=None,
    )
    assert judge(per_variant).points == 2 * 45 + 45 + 50
    for upgrades, code in [
        (["Plasma Lance"], "unknown-upgrade"),
        ([{"name": "Heavy Railgun", "variant": "Sabre (AA)"}], "upgrade-not-allowed"),
        (["Heavy Railgun", "heavy railgun"], "upgrade-duplicated"),
    ]:
        doc = army([{"id": "s", "name": "Sabre", "models": 3, "upgrades": upgrades}], points=800, cards=None)
        assert [v.code for v in judge(doc).violations] == [code]
    not_for_tanks = army(
        [{"id": "m", "name": "Main Battle Tank", "models": 2, "upgrades": ["Heavy Railgun"]}],
        points=800,
        cards=None,
    )
    assert [v.code for v in judge(not_for_tanks).violations] == ["upgrade-not-allowed"]


def test_d8_points_over_the_limit():
    report = judge(
        army(
            [
                {"id": "m", "name": "Main Battle Tank", "models": 9},
                {"id": "n", "name": "Main Battle Tank", "models": 9},
            ],
            points=600,
            cards=None,
        )
    )
    assert ("points-over-limit", "points") in pairs(report)


def test_d9_groups_over_the_limit():
    units = [{"id": f"m{i}", "name": "Main Battle Tank", "models": 2} for i in range(10)]
    report = judge(army(units, points=1000, cards=None))
    assert pairs(report) == [("groups-over-limit", "units")]
    assert pairs(judge(army(units[:9], points=1000, cards=None))) == []


def test_d10_each_category_against_standard_equal_allowed():
    units = [
        {"id": "m", "name": "Main Battle Tank", "models": 4},
        {"id": "g", "name": "Gladius", "models": 2},
    ]
    assert pairs(judge(army(units, points=800, cards=None))) == []  # 120 heavy vs 140 standard
    units[0]["models"] = 3  # 105 standard: heavy is over
    report = judge(army(units, points=800, cards=None))
    assert pairs(report) == [("category-over-standard", "heavy")]


def test_d11_no_group_over_a_quarter():
    # 4 x 35 = 140 in a 560 game is exactly a quarter; in 559 it is over.
    units = [{"id": "m", "name": "Main Battle Tank", "models": 4}]
    assert "group-over-quarter" not in judge(army(units, points=560, cards=None)).codes
    assert "group-over-quarter" in judge(army(units, points=559, cards=None)).codes


def test_d12_rare_squads_per_size():
    units = [
        {"id": "m", "name": "Main Battle Tank", "models": 9},
        {"id": "a1", "name": "Archangel", "models": 1},
        {"id": "a2", "name": "Archangel", "models": 1},
    ]
    skirmish = judge(army(units, points=1000, cards=None))
    assert ("rare-over-limit", "units[2]") in pairs(skirmish)
    assert "rare-over-limit" not in judge(army(units, points=2000)).codes


def test_d13_unique_squads():
    units = [
        {"id": "m", "name": "Main Battle Tank", "models": 9},
        {"id": "h1", "name": "Seraph Hulk", "models": 1},
        {"id": "h2", "name": "Seraph Hulk", "models": 1},
    ]
    assert ("unique-duplicated", "units[2]") in pairs(judge(army(units, points=3000)))


def test_d21_d26_commanders():
    tanks = [
        {"id": "m", "name": "Main Battle Tank", "models": 4},
        {"id": "n", "name": "Main Battle Tank", "models": 2},
    ]
    cases = [
        ([], points_of(1000), [("commander-required", "commanders")]),
        ([{"level": 6, "squad": "m"}], points_of(1000), [("commander-level-not-allowed", "commanders[0]")]),
        ([{"level": 7, "squad": "m"}], points_of(2000), [("commander-level-not-allowed", "commanders[0]")]),
        ([{"level": 8, "squad": "m"}], points_of(3000), [("commander-level-not-allowed", "commanders[0]")]),
        ([{"level": 4}], points_of(1000), [("commander-unassigned", "commanders[0]")]),
        (
            [{"level": 4, "squad": "m"}, {"level": 5, "squad": "m"}],
            points_of(1000),
            [("commanders-in-one-squad", "commanders[1]")],
        ),
        (
            [{"name": "General Nobody", "squad": "m"}],
            points_of(1000),
            [("unknown-commander", "commanders[0]")],
        ),
        (
            [{"name": "Colonel Sample", "squad": "m"}],
            points_of(2000),
            [("commander-not-allowed-on-unit", "commanders[0]")],
        ),
    ]
    for commanders, points, expected in cases:
        doc = army(
            tanks, commanders=commanders, points=points, cards=None if points <= 1000 else CORE + UCM12
        )
        assert pairs(judge(doc)) == expected, commanders


def points_of(n):
    return n


def test_d26_no_commander_on_fast_movers_or_living_weapons():
    for name in ("Archangel", "Seraph Hulk"):
        units = [{"id": "m", "name": "Main Battle Tank", "models": 9}, {"id": "x", "name": name, "models": 1}]
        doc = army(units, commanders=[{"level": 4, "squad": "x"}], points=2000)
        assert pairs(judge(doc)) == [("commander-not-allowed-on-unit", "commanders[0]")]


def test_commander_points_count_in_the_total_but_not_the_quarter():
    units = [{"id": "m", "name": "Main Battle Tank", "models": 4}]
    report = judge(army(units, commanders=[{"level": 5, "squad": "m"}], points=560, cards=None))
    assert report.points == 140 + 90
    assert "group-over-quarter" not in report.codes


def test_d27_d28_the_deck(legal_clash):
    no_deck = dict(legal_clash)
    del no_deck["cards"]
    assert pairs(judge(no_deck)) == [("deck-required", "cards")]
    short = dict(legal_clash, cards=[*CORE, *UCM12[:-1]])
    assert pairs(judge(short)) == [("deck-size", "cards")]
    skirmish = army([{"id": "m", "name": "Main Battle Tank", "models": 4}], points=900, cards=None)
    assert pairs(judge(skirmish)) == []
    brought = army([{"id": "m", "name": "Main Battle Tank", "models": 4}], points=900, cards=CORE)
    assert pairs(judge(brought)) == [("deck-size", "cards")]  # a brought deck is judged (DZ-D10)


def test_d28_other_deck_modes(legal_clash):
    core_only = dict(legal_clash, cards=CORE)
    assert pairs(judge(core_only, deck_mode="core-set")) == []
    assert pairs(judge(legal_clash, deck_mode="core-set")) == [("deck-size", "cards")]
    ucm_all = [{"name": f"UCM Card {i:02d}", "copies": 3 if i <= 3 else 2} for i in range(1, 16)]
    assert pairs(judge(dict(legal_clash, cards=CORE + ucm_all), deck_mode="combined")) == []
    with pytest.raises(ValueError, match="deck mode"):
        judge(legal_clash, deck_mode="draft")


def test_d29_d31_cards(legal_clash):
    cards = [*CORE[:-1], {"name": "Core Card 15", "copies": 1}, *UCM12, "Scourge Card 01", "Mystery Card"]
    report = judge(dict(legal_clash, cards=cards))
    assert pairs(report) == [
        ("card-wrong-faction", "cards[21]"),
        ("unknown-card", "cards[22]"),
        ("deck-size", "cards"),
    ]
    over = [*CORE, *UCM12[:-1], {"name": "Core Card 01", "copies": 2}]
    assert pairs(judge(dict(legal_clash, cards=over))) == [("card-copies-exceeded", "cards[20]")]


def test_d32_special_cards_come_with_their_source(legal_clash):
    cards = [*CORE, *UCM12[:-1], {"name": "UCM Card 09", "copies": 1}, "Sample Special Orders"]
    report = judge(dict(legal_clash, cards=cards))
    assert pairs(report) == [("special-card-not-available", "cards[21]")]
    with_colonel = dict(
        legal_clash,
        cards=cards,
        commanders=[{"level": 5, "squad": "mbt"}, {"name": "Colonel Sample", "squad": "sabres"}],
    )
    assert pairs(judge(with_colonel)) == []
