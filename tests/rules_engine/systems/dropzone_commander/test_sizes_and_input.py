"""Game sizes (DZC:225-230) and what makes a roster unreadable (exit 2, docs/interchange.md)."""

from __future__ import annotations

import json
import re

import pytest

from rules_engine.systems.dropzone_commander import DATA_DIR
from rules_engine.systems.dropzone_commander.pack import PackError, parse_pack
from rules_engine.systems.dropzone_commander.roster import RosterInputError, read_roster, roster_from_document
from rules_engine.systems.dropzone_commander.sizes import size_for
from tests.rules_engine.systems.dropzone_commander.conftest import army


@pytest.mark.parametrize(
    ("points", "size", "groups"),
    [
        (501, "skirmish", 9),
        (1000, "skirmish", 9),
        (1001, "clash", 12),
        (2000, "clash", 12),
        (2001, "battle", 16),
        (3000, "battle", 16),
        (3001, "reconquest", 20),
        (3999, "reconquest", 20),
        (4000, "reconquest", 24),
        (5999, "reconquest", 28),
        (6000, "reconquest", 32),
    ],
)
def test_sizes_and_groups(points, size, groups):
    found = size_for(points)
    assert found is not None
    assert (found.slug, found.max_groups(points)) == (size, groups)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("points"), "points: required"),
        (lambda d: d.update(points=500), "points: must be a whole number of at least 501"),
        (lambda d: d.update(scale="battle"), "scale: 1500 points is a Clash game, not Battle"),
        (lambda d: d.update(scale="huge"), "scale: 'huge' is not a game size"),
        (lambda d: d["units"].append(dict(d["units"][0])), "units[1].id: 'm' is used by two Squads"),
        (lambda d: d["units"][0].update(models=0), "units[0].models"),
        (lambda d: d["units"][0].update(aboard="m"), "units[0].aboard: a Squad cannot ride in itself"),
        (lambda d: d["units"][0].update(aboard="zz"), "units[0].aboard: no Squad has the id 'zz'"),
        (lambda d: d["commanders"][0].update(squad="zz"), "commanders[0].squad: no Squad has the id 'zz'"),
        (lambda d: d["commanders"][0].update(name="X"), "commanders[0]: give a Commander's level or"),
    ],
)
def test_input_errors(change, message):
    doc = army([{"id": "m", "name": "Main Battle Tank", "models": 4}])
    change(doc)
    with pytest.raises(RosterInputError, match=re.escape(message)):
        roster_from_document(doc)


def test_aboard_cycles_are_input_errors():
    doc = army(
        [
            {"id": "a", "name": "Condor", "models": 1, "aboard": "b"},
            {"id": "b", "name": "Condor", "models": 1, "aboard": "a"},
        ]
    )
    with pytest.raises(RosterInputError, match="in a circle"):
        roster_from_document(doc)


def test_scale_agreeing_with_points_is_fine_and_json_with_a_bom_reads():
    doc = army([{"id": "m", "name": "Main Battle Tank", "models": 4}], scale="clash")
    assert read_roster("\ufeff" + json.dumps(doc)).size.slug == "clash"


def test_the_sample_pack_is_labelled_and_clean():
    data = json.loads((DATA_DIR / "2000-01-01.json").read_text(encoding="utf-8"))
    assert data["sample"] is True
    pack = parse_pack(data)
    assert pack.lints == ()
    assert [d["id"] for d in pack.decisions] == [f"DZ-D{i:02d}" for i in range(1, 13)]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["units"][0].update(category="elite"), "units[0].category: 'elite' is not a category"),
        (lambda d: d["units"][0].update(squad_size=[3, 1]), "units[0].squad_size"),
        (lambda d: d["units"][1].update(transport={"holds": []}), "units[1].transport"),
        (lambda d: d["famous_commanders"][0].update(unit="Nope"), "famous_commanders[0].unit"),
        (lambda d: d["command_cards"][0].update(set="bonus"), "command_cards[0].set"),
        (lambda d: d["units"][0]["variants"].append({"name": 3}), "units[0].variants[2].name"),
    ],
)
def test_a_malformed_pack_names_where(change, message):
    data = json.loads((DATA_DIR / "2000-01-01.json").read_text(encoding="utf-8"))
    change(data)
    with pytest.raises(PackError, match=re.escape(message)):
        parse_pack(data)


def test_set_sizes_other_than_33_are_only_a_lint():
    data = json.loads((DATA_DIR / "2000-01-01.json").read_text(encoding="utf-8"))
    data["command_cards"] = data["command_cards"][1:]
    pack = parse_pack(data)
    deck = "Preparation → Build Command Card Deck (3.2.6)"
    assert pack.lints == (f"command_cards: the Core Set holds 30 cards, not the 33 of {deck}",)
