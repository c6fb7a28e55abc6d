"""The shipped Warpspawn pack is the two printed lists, card for card (seed 004)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rules_engine.systems.warpspawn_starcraft import DATA_DIR, builtin_pack
from rules_engine.systems.warpspawn_starcraft.pack import PackError, parse_pack, read_pack_text

# The rulebooks live in shared/ beside the checkout (as in CI's fresh clone).
SEED = Path(__file__).resolve().parents[5] / "shared" / "seeds" / "004_1edb5ada3706abe6.txt"


def _printed_rows(title: str, stop: str) -> list[tuple[str, int]]:
    """(name, copies) of every row under a list heading: the name, then the first whole number."""
    lines = SEED.read_text(encoding="utf-8").splitlines()
    start = lines.index(title)
    rows = []
    for line in lines[start + 1 :]:
        if line.startswith(stop):
            break
        if match := re.match(r"^(.+?) (\d+) ", line.strip() + " "):
            rows.append((match.group(1), int(match.group(2))))
    return rows


@pytest.fixture(scope="module")
def seed_rows() -> dict[str, list[tuple[str, int]]]:
    if not SEED.exists():
        pytest.skip(f"the rulebook seed is not beside this checkout ({SEED})")
    return {
        "Terran": _printed_rows("TERRAN DECK CARD LIST", "Notes:"),
        "Zerg": _printed_rows("ZERG DECK CARD LIST", "Detect ="),
    }


def test_each_list_is_transcribed_card_for_card(seed_rows):
    pack = builtin_pack()
    for faction, rows in seed_rows.items():
        assert [(c.name, c.copies) for c in pack.cards_of(faction)] == rows


def test_the_totals_game_systems_md_derived():
    pack = builtin_pack()
    terran, zerg = pack.cards_of("Terran"), pack.cards_of("Zerg")
    assert (len(terran), sum(c.copies for c in terran)) == (56, 90)
    assert (len(zerg), sum(c.copies for c in zerg)) == (55, 90)


def test_stats_are_kept_as_printed_strings():
    pack = builtin_pack()
    marine = pack.card("Marine")
    assert marine is not None
    assert (marine.copies, marine.type, dict(marine.stats)) == (
        8,
        "I",
        {"force": "2", "armor": "2", "move": "2", "range": "5"},
    )
    yamato = pack.card("Yamato Cannon")
    assert yamato is not None
    assert yamato.type == "A"
    assert yamato.text == "Battlecruisers"
    assert yamato.stats["range"] == "+2"
    assert yamato.stats["move"] == ""
    nest = pack.card("Queen's Nest")  # printed with a curly apostrophe
    assert nest is not None
    assert nest.name == "Queen\u2019s Nest"
    assert nest.type == "O"


def test_singular_aliases_find_the_plural_cards():
    pack = builtin_pack()
    assert pack.card("zergling") is pack.card("Zerglings")
    assert pack.card("Mutalisk") is not None


def test_the_pack_records_its_decisions():
    data = json.loads((DATA_DIR / "2000-01-01.json").read_text(encoding="utf-8"))
    assert [d["id"] for d in data["decisions"]] == [f"WS-D0{i}" for i in range(1, 8)]
    assert data["sample"] is False


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="datapack/2"), "format: must be 'datapack/1'"),
        (lambda d: d.update(game_system="morsdei"), "game_system: must be"),
        (lambda d: d["cards"][3].update(copies=0), "cards[3].copies: must be a whole number"),
        (lambda d: d["cards"][0].update(faction="Protoss"), "cards[0].faction: 'Protoss' is not"),
        (lambda d: d["cards"].append(dict(d["cards"][0])), "cards[111]: 'Command Center' clashes"),
    ],
)
def test_a_malformed_pack_names_where(change, message):
    data = json.loads((DATA_DIR / "2000-01-01.json").read_text(encoding="utf-8"))
    change(data)
    with pytest.raises(PackError, match=re.escape(message)):
        parse_pack(data)


def test_a_pack_that_is_not_json_names_the_line():
    with pytest.raises(PackError, match=r"^line 3, column"):
        read_pack_text('{\n "format": "datapack/1",\n oops\n}')
