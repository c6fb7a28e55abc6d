"""event/1's top cut: `cut`, a round's `stage` and `seeds`, a cut game's `winner`, read and checked."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from standings.eventfile import event_to_json, parse_event
from standings.records import CUT, EventCut, EventFileError
from tests.bracket.helpers import cut_doc

SEMIS = {
    "seeds": ["p1", "p2", "p3", "p4"],
    "games": [
        {"table": 1, "players": ["p1", "p4"], "vp": [5, 5], "winner": "p4"},
        {"table": 2, "players": ["p2", "p3"], "vp": [7, 2]},
    ],
}


def doc(**changes: Any) -> dict[str, Any]:
    data = cut_doc(players=4, size=4, cut_rounds=[copy.deepcopy(SEMIS)])
    data.update(changes)
    return data


def test_the_cut_fields_are_read_and_written_back():
    data = doc()
    event = parse_event(data)
    assert event.cut == EventCut(size=4, after_round=1)
    first = event.rounds[1]
    assert (first.stage, first.is_cut, first.seeds) == (CUT, True, ("p1", "p2", "p3", "p4"))
    assert first.games[0].winner == "p4"
    assert [r.number for r in event.swiss_rounds] == [1]
    assert [r.number for r in event.cut_rounds] == [2]
    assert event_to_json(event)["cut"] == data["cut"]
    assert event_to_json(event)["rounds"][1] == {"number": 2, "stage": "cut", **SEMIS}


def test_a_file_without_a_cut_reads_as_before():
    data = doc()
    del data["cut"]
    data["rounds"] = data["rounds"][:1]
    event = parse_event(data)
    assert event.cut is None
    assert "cut" not in event_to_json(event)
    assert "stage" not in event_to_json(event)["rounds"][0]


def with_round(number: int, **fields: Any) -> dict[str, Any]:
    data = doc()
    data["rounds"].append({"number": number, "games": [], **fields})
    return data


def round_two(**changes: Any) -> dict[str, Any]:
    data = doc()
    data["rounds"][1].update(changes)
    return data


def game_change(**changes: Any) -> dict[str, Any]:
    data = doc()
    data["rounds"][1]["games"][0].update(changes)
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (doc(cut={"size": 1, "after_round": 1}), "cut.size must be a whole number of at least 2, got 1"),
        (doc(cut={"size": 4}), "cut.after_round must be a whole number of at least 1, got None"),
        (doc(cut=[4, 1]), "cut must be a JSON object"),
        (
            doc(cut={"size": 4, "after_round": 2}),
            "round 2: a cut round must come after round 2 (cut.after_round)",
        ),
        (
            doc(cut={"size": 4, "after_round": 3}),
            "round 2: a cut round must come after round 3 (cut.after_round)",
        ),
        (
            with_round(3),
            'round 3: rounds after round 1 (cut.after_round) are cut rounds, "stage": "cut"',
        ),
        (with_round(4, stage="cut"), "round 4: cut rounds follow one another; round 3 is missing"),
        (round_two(stage="final"), 'rounds[1].stage must be "cut" (a round without stage is a Swiss round)'),
        (round_two(seeds=["p1", "p9"]), "rounds[1].seeds names unknown player 'p9'"),
        (round_two(seeds=["p1", "p1"]), "rounds[1].seeds lists 'p1' twice"),
        (round_two(seeds=["p1"]), "rounds[1].seeds must list at least two players"),
        (
            doc(cut={"size": 3, "after_round": 1}),
            "round 2: the seeds list 4 players, more than cut.size (3)",
        ),
        (with_round(3, stage="cut", seeds=["p1", "p2"]), "round 3: seeds belong to the first cut round (2)"),
        (game_change(winner="p3"), "rounds[1].games[0].winner must be one of the game's players"),
        (
            game_change(outcome="concession", loser="p1", vp=None),
            "rounds[1].games[0]: outcome concession takes no winner",
        ),
    ],
)
def test_what_a_cut_may_not_hold(data, message):
    with pytest.raises(EventFileError) as caught:
        parse_event(data)
    assert str(caught.value).startswith(message)


def test_a_cut_round_needs_the_event_to_have_a_cut():
    data = doc()
    del data["cut"]
    with pytest.raises(EventFileError, match="round 2 is a cut round but the event has no cut"):
        parse_event(data)


def test_the_last_swiss_round_must_be_in_the_file_once_the_cut_has_begun():
    data = doc()
    data["rounds"] = data["rounds"][1:]
    with pytest.raises(EventFileError, match=r"cut\.after_round 1 is not a Swiss round of the file"):
        parse_event(data)


def test_a_swiss_round_keeps_winner_as_an_extra_field_in_a_vp_system():
    data = doc()
    data["rounds"][0]["games"][0]["winner"] = "p2"
    event = parse_event(data)
    assert event.rounds[0].games[0].winner is None
    assert event.rounds[0].games[0].extra == {"winner": "p2"}


def test_a_warpspawn_draw_in_the_cut_may_name_its_winner():
    data = cut_doc("warpspawn-starcraft", players=4, size=4, cut_rounds=[copy.deepcopy(SEMIS)])
    data["rounds"][1]["games"] = [
        {"table": 1, "players": ["p1", "p4"], "outcome": "draw", "winner": "p4"},
        {"table": 2, "players": ["p2", "p3"], "winner": "p2"},
    ]
    assert parse_event(data).rounds[1].games[0].winner == "p4"
    data["rounds"][0]["games"][0] = {"table": 1, "players": ["p1", "p2"], "outcome": "draw", "winner": "p1"}
    with pytest.raises(EventFileError, match="outcome draw takes no winner"):
        parse_event(data)
