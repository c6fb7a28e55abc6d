"""A TO's pack is checked by its system's reader, errors name the line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules_engine.datapack import PackError
from rules_engine.registry import get_system
from rules_engine.supplied_pack import MAX_BYTES, fingerprint, read_supplied_pack

SYSTEMS = Path(__file__).parents[2] / "rules_engine" / "systems"
PACKS = {
    "starcraft-tmg": SYSTEMS / "starcraft_tmg" / "data" / "2026-09-25.json",
    "dropzone-commander": SYSTEMS / "dropzone_commander" / "data" / "2000-01-01.json",
    "morsdei": SYSTEMS / "morsdei" / "data" / "2000-01-01.json",
    "warpspawn-starcraft": SYSTEMS / "warpspawn_starcraft" / "data" / "2000-01-01.json",
}


@pytest.mark.parametrize("slug", sorted(PACKS))
def test_each_systems_own_pack_reads_as_a_supplied_pack(slug: str) -> None:
    text = PACKS[slug].read_text(encoding="utf-8")
    pack = read_supplied_pack(get_system(slug), text.encode("utf-8"))
    assert pack.label.game_system == slug
    assert pack.document == json.loads(text)
    assert pack.fingerprint.startswith("sha256:")
    assert len(pack.fingerprint) == 71


def test_the_fingerprint_ignores_layout_but_not_content() -> None:
    data = json.loads(PACKS["morsdei"].read_text(encoding="utf-8"))
    again = json.loads(json.dumps(data, indent=4, sort_keys=True))
    assert fingerprint(data) == fingerprint(again)
    again["source"] += " (changed)"
    assert fingerprint(data) != fingerprint(again)


def test_a_malformed_entry_is_reported_on_its_line() -> None:
    data = json.loads(PACKS["morsdei"].read_text(encoding="utf-8"))
    data["units"][1]["base"] = 5
    text = json.dumps(data, indent=2)
    line = next(i for i, row in enumerate(text.splitlines(), start=1) if '"base": 5' in row)
    with pytest.raises(PackError, match=rf"^line {line}: units\[1\]\.base: "):
        read_supplied_pack(get_system("morsdei"), text)


def test_broken_json_names_line_and_column() -> None:
    with pytest.raises(PackError, match=r"^line 2, column 9: "):
        read_supplied_pack(get_system("dropzone-commander"), '{\n "a": 1,,\n}')


def test_a_pack_for_another_system_is_refused() -> None:
    text = PACKS["morsdei"].read_text(encoding="utf-8")
    with pytest.raises(PackError, match="game_system"):
        read_supplied_pack(get_system("dropzone-commander"), text)


@pytest.mark.parametrize(
    ("content", "problem"),
    [(b"\xff\xfe{}", "not UTF-8"), (b"[1, 2]", "JSON object"), (b" " * (MAX_BYTES + 1), "at most")],
)
def test_what_is_not_a_pack_is_refused(content: bytes, problem: str) -> None:
    with pytest.raises(PackError, match=problem):
        read_supplied_pack(get_system("warpspawn-starcraft"), content)
