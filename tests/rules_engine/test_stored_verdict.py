"""The stored roster verdict is typed: `RosterVerdict.to_dict` / `from_dict` round-trip,
and reports stored by the earlier code (no `race`, event violations without a `section`,
an empty or bare report) read back without any caller re-parsing JSON."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from hypothesis import given, settings

from rules_engine.systems.starcraft_tmg import EXAMPLES_DIR
from rules_engine.systems.starcraft_tmg.report import RosterReport, starcraft_report
from rules_engine.systems.starcraft_tmg.roster_json import roster_from_document
from rules_engine.verdict import EventRequirements, RosterVerdict, roster_verdict
from tests.rules_engine.systems.starcraft_tmg.test_properties import any_rosters

STANDARD = EventRequirements(game_system="starcraft-tmg", scale="standard", rules_date=dt.date(2026, 11, 15))


def _examples():
    for path in sorted(EXAMPLES_DIR.glob("*.json")):
        yield roster_from_document({k: v for k, v in json.loads(path.read_text()).items() if k != "expected"})


def test_every_book_army_verdict_round_trips():
    rosters = list(_examples())
    assert len(rosters) >= 7
    for roster in rosters:
        verdict = roster_verdict(roster, STANDARD)
        assert verdict.roster is not None
        assert RosterVerdict.from_dict(verdict.to_dict(), game_system="starcraft-tmg") == verdict
        assert (
            RosterVerdict.from_dict(json.loads(json.dumps(verdict.to_dict())), game_system="starcraft-tmg")
            == verdict
        )


def test_a_dual_list_verdict_round_trips_with_its_pair_problems():
    terran, zerg = (r for r in _examples() if r.faction_card in ("Terran Armed Forces", "Zerg Swarm"))
    verdict = roster_verdict(zerg, STANDARD, others=[terran], slot=2)
    assert "dual-list-faction-mismatch" in verdict.codes
    assert not verdict.legal
    assert RosterVerdict.from_dict(verdict.to_dict(), game_system="starcraft-tmg") == verdict


@settings(max_examples=60, deadline=None)
@given(any_rosters())
def test_any_verdict_round_trips(roster):
    verdict = roster_verdict(roster, STANDARD)
    again = RosterVerdict.from_dict(json.loads(json.dumps(verdict.to_dict())), game_system="starcraft-tmg")
    assert again == verdict
    assert again.legal == verdict.legal


def _stored_by_the_old_code(verdict: RosterVerdict) -> dict[str, Any]:
    """What `roster_submit` wrote before the verdict was typed: no `race`, and the event's
    own violations as bare code/message/where dicts."""
    assert verdict.roster is not None
    mine = verdict.roster.as_json()
    del mine["race"]
    event = [v for v in mine["violations"] if v["code"].startswith("wrong-")]
    for v in event:
        del v["section"]
    return {"legal": verdict.legal, "roster": mine, "dual_list": [v.as_json() for v in verdict.dual_list]}


def test_a_report_stored_by_the_old_code_reads_back():
    skirmish = next(r for r in _examples() if r.scale == "skirmish")
    verdict = roster_verdict(skirmish, STANDARD)
    assert verdict.roster is not None
    old = _stored_by_the_old_code(verdict)
    read = RosterVerdict.from_dict(old, game_system="starcraft-tmg")
    assert read.roster is not None
    assert read.legal is False
    assert [v.code for v in read.violations] == [v.code for v in verdict.violations]
    assert read.violations[0].code == "wrong-scale"
    assert read.violations[0].section == ""
    mine, again = starcraft_report(verdict.roster), starcraft_report(read.roster)
    assert mine is not None
    assert again is not None
    assert again.race is None
    assert again.totals == mine.totals
    assert again.slots == mine.slots
    assert again.units == mine.units
    # What it reads is what it writes: reading its own output gives the same verdict.
    assert RosterVerdict.from_dict(read.to_dict(), game_system="starcraft-tmg") == read


def test_an_empty_or_bare_report_is_a_roster_never_judged():
    stored: Any
    for stored in ({}, {"legal": True}, {"legal": False, "dual_list": []}, {"roster": "garbled"}, None, []):
        verdict = RosterVerdict.from_dict(stored, game_system="starcraft-tmg")
        assert verdict.roster is None
        assert verdict.legal is False
        assert verdict.violations == ()
        assert RosterVerdict.from_dict(verdict.to_dict(), game_system="starcraft-tmg") == verdict


def test_a_report_with_missing_keys_reads_with_defaults():
    report = RosterReport.from_json({"player": "Bob", "violations": [{"code": "unknown-unit"}]})
    assert report.player == "Bob"
    assert report.totals.minerals == 0
    assert report.slots == ()
    assert [(v.code, v.message, v.section) for v in report.violations] == [("unknown-unit", "", "")]
    assert not report.legal
