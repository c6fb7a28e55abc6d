"""docs/violations.md and docs/rosters.md say what the code does, word for word."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

from rules_engine.names import name_key
from rules_engine.roster_report import TEAM_EVENT_CODES, team_faction_violation
from rules_engine.systems.starcraft_tmg import EXAMPLES_DIR, rules_pack
from rules_engine.systems.starcraft_tmg.army import CODES, validate_roster, validate_rosters
from rules_engine.systems.starcraft_tmg.roster_json import roster_from_document
from rules_engine.systems.starcraft_tmg.roster_text import read_roster_text
from rules_engine.systems.starcraft_tmg.team import TEAM_CODES, validate_team
from rules_engine.verdict import EVENT_CODES, Declared, EventRequirements, event_violations
from tests.rules_engine.systems.starcraft_tmg.minipack import MINI, base_document, with_unit
from tests.rules_engine.systems.starcraft_tmg.test_book_armies import REAL_MISTAKES, _mutated

DOCS = Path(__file__).resolve().parents[4] / "docs"
VIOLATIONS = (DOCS / "violations.md").read_text(encoding="utf-8")
ROSTERS = (DOCS / "rosters.md").read_text(encoding="utf-8")

# docs/interchange.md's table, verbatim.
INTERCHANGE_CODES = {
    "unknown-faction",
    "unknown-unit",
    "unknown-card",
    "unknown-upgrade",
    "unknown-mission",
    "unknown-deployment",
    "faction-tag-mismatch",
    "invalid-composition",
    "summoned-unit",
    "minerals-over-limit",
    "gas-over-limit",
    "slots-exceeded",
    "unique-duplicated",
    "upgrade-not-allowed",
    "upgrade-duplicated",
    "creep-card-required",
    "missions-count",
    "deployments-count",
    "deployment-wrong-scale",
    "duplicate-mission",
    "duplicate-deployment",
    "dual-list-too-many",
    "dual-list-faction-mismatch",
}


def _documented_violations() -> dict[str, dict[str, str]]:
    blocks = re.findall(r"```json\n(.*?)\n```", VIOLATIONS, flags=re.DOTALL)
    found = {}
    for block in blocks:
        data = json.loads(block)
        if "code" in data and "section" in data:
            found[data["code"]] = data
    return found


def _example(stem: str):
    return roster_from_document(json.loads((EXAMPLES_DIR / f"{stem}.json").read_text(encoding="utf-8")))


def test_every_interchange_code_is_produced_and_documented():
    assert set(CODES) >= INTERCHANGE_CODES
    for code in CODES:
        assert f"### `{code}`" in VIOLATIONS, code


def _teammate(stem: str, player: str):
    return roster_from_document(
        {**json.loads((EXAMPLES_DIR / f"{stem}.json").read_text(encoding="utf-8")), "player": player}
    )


def test_team_codes_are_documented_as_the_engine_says_them():
    # docs/violations.md "Team games": the Terran and Zerg Starters against 1,700 Minerals,
    # then the Terran and Protoss Starters both of Ann's.
    documented = _documented_violations()
    pack = rules_pack()
    over = validate_team(
        [_teammate("terran-starter", "Ann"), _teammate("zerg-starter", "Ben")], pack, budget=1700
    )
    twice = validate_team(
        [_teammate("terran-starter", "Ann"), _teammate("protoss-starter", "ann ")], pack, budget=3000
    )
    produced = {v.code: v for v in (*over.violations, *twice.violations)}
    assert set(produced) == set(TEAM_CODES)
    for code, violation in produced.items():
        assert f"### `{code}`" in VIOLATIONS, code
        assert documented[code] == violation.as_json(), code


def test_documented_messages_are_what_the_engine_says():
    documented = {code: v for code, v in _documented_violations().items() if code not in TEAM_CODES}
    assert set(documented) == {*CODES, *EVENT_CODES, *TEAM_EVENT_CODES}
    pack = rules_pack()
    produced = {}
    for code, (stem, change) in REAL_MISTAKES.items():
        (violation,) = validate_roster(roster_from_document(_mutated(stem, change)), pack).violations
        produced[code] = violation
    founders, zerg, starter = (
        _example("terran-founders"),
        _example("zerg-starter"),
        _example("terran-starter"),
    )
    bob = roster_from_document(
        {**json.loads((EXAMPLES_DIR / "terran-starter.json").read_text()), "player": "Bob"}
    )
    for rosters in ([founders, zerg], [founders, starter, founders], [founders, bob]):
        for violation in validate_rosters(rosters, pack).violations:
            produced[violation.code] = violation
    for doc in (
        with_unit(base_document(), "Sniper", 1, ["Scope", "Silencer"]),
        base_document("skirmish", missions=["Supply Drop", "Siege"]),
    ):
        for violation in validate_roster(roster_from_document(doc), MINI).violations:
            produced[violation.code] = violation
    assert set(produced) == set(CODES)
    elsewhere = EventRequirements(game_system="starcraft-tmg", scale="standard", rules_date=pack.effective)
    other_game = roster_from_document(base_document("skirmish"))
    other_game = dataclasses.replace(other_game, game_system="dropzone-commander")
    declared = Declared(other_game.game_system, other_game.scale)
    for violation in event_violations(declared, elsewhere):
        produced[violation.code] = violation
    produced["team-faction-repeated"] = team_faction_violation("Terran", "Ben")
    assert set(produced) == {*CODES, *EVENT_CODES, *TEAM_EVENT_CODES}
    for code, violation in produced.items():
        assert documented[code] == violation.as_json(), code


def test_example_rosters_in_the_docs_are_readable_and_legal():
    examples = [b for b in re.findall(r"```text\n(.*?)```", ROSTERS, flags=re.DOTALL) if "layer:" in b]
    assert len(examples) == 3
    pack = rules_pack()
    for text in examples:
        report = validate_roster(read_roster_text(text), pack)
        assert report.legal, [v.message for v in report.violations]
    assert validate_roster(read_roster_text(examples[0]), pack).totals.minerals == 1000


def test_forgiving_variations_read_the_same_unit():
    block = ROSTERS.split("All of these read the same unit:")[1].split("```text\n")[1].split("```")[0]
    lines = block.splitlines()
    assert len(lines) == 5
    for line in lines:
        (unit,) = read_roster_text(f"Player: p\nFaction: f\nScale: standard\nUnits:\n{line}\n").units
        assert (unit.name, unit.models) == ("Marine", 6)
        assert [name_key(u) for u in unit.upgrades] == ["agg12", "rocketlauncher"]
