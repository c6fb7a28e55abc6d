"""The pairing report: JSON-able, readable, and honest about every compromise."""

from __future__ import annotations

import json

from pairings.engine import pair_round
from tests.pairings.helpers import entrant, request


def forced_field():
    # A, B and C have all met. If E (lowest, no bye) sat out, B v C or A v B/C would be a rematch,
    # so the bye goes to B or C (6 MP): the report must say why E did not get it.
    return request(
        entrant("A", 9, met="B C", tables="1"),
        entrant("B", 6, met="A C", tables="1"),
        entrant("C", 6, met="A B"),
        entrant("D", 3, byes=1),
        entrant("E", 0),
        tables=3,
        seed=5,
    )


def test_report_dict_is_json_and_names_the_bye_and_floats():
    pairing = pair_round(forced_field())
    data = pairing.report.to_dict()
    json.dumps(data)
    assert data["seed"] == 5
    assert data["round"] == 2
    assert data["bye"]["player"] in {"B", "C"}
    assert data["bye"]["reason"] == (
        "has had no bye; players on fewer MP (E) could not take the bye without a rematch"
    )
    assert {f["direction"] for f in data["floats"]} == {"up", "down"}
    assert set(data["objective"]) == {"bye_byes", "rematches", "bye_mp", "mp_spread", "table_repeats"}


def test_report_text_lists_every_section():
    text = pair_round(forced_field()).report.to_text()
    assert text.startswith("Round 2 pairing report (seed 5, Swiss matching)")
    for heading in ("Bye: ", "(6 MP, 0 earlier bye(s))", "Rematches: none", "Table repeats: none", "Floats:"):
        assert heading in text


def test_pairing_json_is_exactly_the_round_shape():
    pairing = pair_round(forced_field())
    out = pairing.to_json()
    assert set(out) == {"number", "games"}
    assert out["games"][-1]["outcome"] == "bye"
    assert set(out["games"][-1]) == {"players", "outcome"}
    assert all(set(g) == {"table", "players"} for g in out["games"][:-1])
