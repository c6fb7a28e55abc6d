"""`validate_roster ROSTER [--pack PACK] [--json]` for Dropzone, MORSDEI and Warpspawn, and
`--pack` for StarCraft (docs/interchange.md, "Other game systems"): exit 0/1/2, one-line errors,
the system's own totals and limits."""

from __future__ import annotations

import json
import re
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from rules_engine.systems.dropzone_commander import DATA_DIR as DROPZONE_DATA
from rules_engine.systems.morsdei import DATA_DIR as MORSDEI_DATA
from rules_engine.systems.starcraft_tmg import DATA_DIR as STARCRAFT_DATA
from rules_engine.systems.starcraft_tmg import EXAMPLES_DIR
from tests.rules_engine.systems.dropzone_commander.conftest import CORE, UCM12

DROPZONE = {
    "format": "roster/1",
    "game_system": "dropzone-commander",
    "player": "Alice",
    "faction": "UCM",
    "scale": "clash",
    "points": 1500,
    "units": [
        {"id": "sabres", "name": "Sabre", "models": 3, "upgrades": [], "aboard": "condor"},
        {"id": "condor", "name": "Condor", "models": 1, "upgrades": []},
        {"id": "mbt", "name": "Main Battle Tank", "models": 4, "upgrades": []},
    ],
    "commanders": [{"level": 5, "squad": "mbt"}],
    "cards": CORE + UCM12,
}
MORSDEI = {
    "format": "roster/1",
    "game_system": "morsdei",
    "player": "Bob",
    "faction": "Gutter Kin",
    "units": [{"name": "Kin Boss", "models": 1, "base": "32mm", "upgrades": []}, {"name": "Kin Scrapper"}],
}
WARPSPAWN = {
    "format": "roster/1",
    "game_system": "warpspawn-starcraft",
    "player": "Alice",
    "faction": "Terran",
    "cards": [{"name": "Marine", "copies": 8}, "Command Center"],
}


def _write(tmp_path: Path, name: str, content: str | dict[str, Any]) -> str:
    path = tmp_path / name
    path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return str(path)


def run(*args: str) -> tuple[int, str, str]:
    out, err = StringIO(), StringIO()
    try:
        call_command("validate_roster", *args, stdout=out, stderr=err)
    except SystemExit as exc:
        return int(exc.code or 0), out.getvalue(), err.getvalue()
    except CommandError as exc:
        return exc.returncode, out.getvalue(), str(exc)
    return 0, out.getvalue(), err.getvalue()


def test_warpspawn_legal_with_the_built_in_pack(tmp_path):
    status, out, _ = run(_write(tmp_path, "deck.json", WARPSPAWN), "--json")
    data = json.loads(out)
    assert status == 0
    assert data["legal"] is True
    assert data["violations"] == []
    (roster,) = data["rosters"]
    assert (roster["totals"], roster["limits"]) == ({"cards": 9}, {})
    assert data["pack"]["sample"] is False


def test_warpspawn_illegal_exits_1_with_the_codes(tmp_path):
    deck = {**WARPSPAWN, "cards": [{"name": "Marine", "copies": 9}, "Zerglings", "Marauder"]}
    status, out, _ = run(_write(tmp_path, "deck.json", deck), "--json")
    assert status == 1
    codes = [(v["code"], v["where"]) for v in json.loads(out)["rosters"][0]["violations"]]
    assert codes == [  # in the deck's order
        ("card-copies-exceeded", "cards[0]"),
        ("card-wrong-faction", "cards[1]"),
        ("unknown-card", "cards[2]"),
    ]


def test_a_typed_deck_names_its_game(tmp_path):
    text = "Game: Warpspawn StarCraft card game\nPlayer: Alice\nFaction: Zerg\n8x Zergling\nHatchery\n"
    status, out, _ = run(_write(tmp_path, "deck.txt", text))
    assert status == 0
    assert "deck.txt: LEGAL" in out
    assert "cards: 9" in out


def test_morsdei_without_a_pack_uses_the_labelled_sample(tmp_path):
    status, out, _ = run(_write(tmp_path, "warband.json", MORSDEI))
    assert status == 0
    assert "SAMPLE pack" in out
    status, out, _ = run(_write(tmp_path, "warband.json", MORSDEI), "--json")
    data = json.loads(out)
    assert data["pack"]["sample"] is True
    assert data["rosters"][0]["totals"] == {"fighters": 2}


def test_morsdei_with_the_tos_pack(tmp_path):
    pack = json.loads((MORSDEI_DATA / "2000-01-01.json").read_text(encoding="utf-8"))
    pack["sample"] = False
    pack["units"][3]["base"] = "40mm"  # the TO's Kin Boss stands on a bigger base
    path = _write(tmp_path, "pack.json", pack)
    status, out, _ = run(_write(tmp_path, "warband.json", MORSDEI), "--pack", path, "--json")
    assert status == 1
    assert [v["code"] for v in json.loads(out)["rosters"][0]["violations"]] == ["base-size-mismatch"]


def test_dropzone_totals_and_limits(tmp_path):
    status, out, _ = run(_write(tmp_path, "army.json", DROPZONE), "--json")
    data = json.loads(out)
    assert status == 0, data
    roster = data["rosters"][0]
    assert roster["totals"] == {"points": 120 + 30 + 140 + 90, "groups": 2}
    assert roster["limits"] == {"points": 1500, "groups": 12}


def test_dropzone_with_a_pack_file(tmp_path):
    pack = json.loads((DROPZONE_DATA / "2000-01-01.json").read_text(encoding="utf-8"))
    pack["units"][0]["points"] = 200  # Sabres now cost 600: that Group is over a quarter of 1,500
    status, out, _ = run(
        _write(tmp_path, "army.json", DROPZONE), "--pack", _write(tmp_path, "p.json", pack), "--json"
    )
    assert status == 1
    assert [v["code"] for v in json.loads(out)["rosters"][0]["violations"]] == ["group-over-quarter"]


@pytest.mark.parametrize(
    ("pack", "message"),
    [
        ('{\n  "format": "datapack/1",\n  oops\n}', None),
        (
            {
                "format": "datapack/1",
                "game_system": "dropzone-commander",
                "factions": [{"name": "UCM"}],
                "units": [3],
            },
            "units[0]: must be an object",
        ),
        (
            {"format": "datapack/1", "game_system": "morsdei", "factions": [], "units": []},
            "the pack is for MORSDEI",
        ),
        ({"format": "datapack/1", "factions": []}, "names its game_system"),
    ],
)
def test_a_bad_pack_is_exit_2_with_one_line(tmp_path, pack, message):
    status, out, err = run(
        _write(tmp_path, "army.json", DROPZONE), "--pack", _write(tmp_path, "p.json", pack)
    )
    assert status == 2
    assert out == ""
    assert "\n" not in err.strip()
    if message is None:  # broken JSON without a game_system: the pack cannot say whose it is
        assert "names its game_system" in err
    else:
        assert message in err


def test_a_dropzone_roster_that_cannot_be_read_is_exit_2(tmp_path):
    roster = {k: v for k, v in DROPZONE.items() if k != "points"}
    status, _, err = run(_write(tmp_path, "army.json", roster))
    assert status == 2
    assert err == "points: required, the game's points limit (Preparation → Game Size (3.1))"


def test_systems_without_dual_lists_take_one_roster(tmp_path):
    one = _write(tmp_path, "a.json", WARPSPAWN)
    two = _write(tmp_path, "b.json", WARPSPAWN)
    status, _, err = run(one, two)
    assert (status, err) == (2, "Warpspawn takes one roster per player, not 2")


def test_starcraft_with_the_shipped_pack_as_a_file_agrees_and_a_changed_pack_changes_the_verdict(tmp_path):
    roster = str(EXAMPLES_DIR / "terran-founders.json")
    shipped = sorted(STARCRAFT_DATA.glob("*.json"))[-1]
    plain = run(roster, "--json")
    with_pack = run(roster, "--pack", str(shipped), "--json")
    assert plain[0] == with_pack[0] == 0
    assert json.loads(plain[1])["rosters"][0]["totals"] == json.loads(with_pack[1])["rosters"][0]["totals"]
    pack = json.loads(shipped.read_text(encoding="utf-8"))
    marine = next(u for u in pack["units"] if u["name"] == "Marine")
    for option in marine["compositions"]:
        if isinstance(option, dict) and "minerals" in option:
            option["minerals"] *= 10
    status, out, _ = run(roster, "--pack", _write(tmp_path, "to-pack.json", pack), "--json")
    assert status == 1
    assert "minerals-over-limit" in {v["code"] for v in json.loads(out)["rosters"][0]["violations"]}


def test_a_starcraft_pack_for_a_warpspawn_deck_is_refused(tmp_path):
    shipped = sorted(STARCRAFT_DATA.glob("*.json"))[-1]
    status, _, err = run(_write(tmp_path, "deck.json", WARPSPAWN), "--pack", str(shipped))
    assert status == 2
    assert re.fullmatch(r"the pack is for StarCraft.*, the roster for Warpspawn StarCraft card game", err)
