"""The stored pairing report is typed: `PairingReport.to_dict` / `from_dict` round-trip,
and `Round.pairing` reads what the rounds service stored (and the empty default)."""

from __future__ import annotations

import json

from hypothesis import given, settings

from pairings.engine import PairingError, pair_round
from pairings.engine.report import PairingReport
from tests.pairings.strategies import fields

# Written by `PairingReport.to_dict` as the rounds service has stored it since the
# engine first shipped (3ed071b): a bye, a forced rematch, floats and a table repeat.
STORED = {
    "round": 3,
    "seed": 7,
    "method": "maximum-weight matching (rustworkx)",
    "objective": {"bye_byes": 0, "rematches": 1, "bye_mp": 3, "mp_spread": 9, "table_repeats": 1},
    "bye": {"player": "p5", "mp": 3, "byes_before": 0, "reason": "lowest MP without a bye"},
    "spares": [],
    "rematches": [{"players": ["p1", "p2"], "reason": "every other pairing is worse"}],
    "table_repeats": [{"player": "p3", "table": 2, "reason": "no free table left"}],
    "floats": [
        {"player": "p1", "mp": 6, "direction": "down", "opponent": "p4", "opponent_mp": 3},
        {"player": "p4", "mp": 3, "direction": "up", "opponent": "p1", "opponent_mp": 6},
    ],
    "notes": ["Round 3 of 3."],
    "not_paired": [{"player": "p9", "reason": "dropped after round 2"}],
    "candidate_graph": "complete",
}


def test_a_stored_report_reads_back_exactly():
    report = PairingReport.from_dict(STORED)
    assert report.bye is not None
    assert report.bye.player == "p5"
    assert report.rematches[0].players == ("p1", "p2")
    assert report.objective.mp_spread == 9
    assert report.absent[0].player == "p9"
    assert report.pruned is False
    assert report.to_dict() == STORED


@settings(max_examples=60, deadline=None)
@given(fields())
def test_every_engine_report_round_trips(request):
    try:
        report = pair_round(request).report
    except PairingError:
        return
    assert PairingReport.from_dict(json.loads(json.dumps(report.to_dict()))) == report


def test_a_report_with_missing_keys_reads_with_defaults():
    report = PairingReport.from_dict({"seed": 4, "rematches": [{"players": ["a"]}], "bye": None})
    assert (report.seed, report.method, report.bye) == (4, "", None)
    assert report.rematches[0].players == ("a", "")
    assert report.objective.rematches == 0
    assert report.notes == ()
