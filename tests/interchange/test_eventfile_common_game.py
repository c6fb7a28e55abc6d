"""The event/1 reader's quick path for common games agrees with the careful one.

`standings.eventfile._common_game` reads played games and byes without composing the
messages `_read_game` would print (that was a third of `pair`'s run at 4,096
players). It must accept only what `_read_game` accepts and build the same game; on
anything else it returns None and `_read_game` names the problem.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.game_system import ResultShape, ScoreRange
from standings.eventfile import EventFileError, _common_game, _read_game
from standings.records import OUTCOMES
from standings.result_rules import ResultRules

KNOWN = {"p1", "p2", "p3"}
# Scores up to 12 a side, so the generated games (up to 20) fall outside the range too.
SHAPES = [
    ResultRules("Test", ResultShape(), ScoreRange(0, 12)),
    ResultRules("Test", ResultShape(kp=True), ScoreRange(0, 12), ScoreRange(0, 12)),
    ResultRules("Test", ResultShape(complete_victory=True), ScoreRange(0, 12)),
    ResultRules("Test", ResultShape(vp=False)),
]

values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-2, max_value=30),
    st.sampled_from(["", " ", "p1", "p2", "p9", *OUTCOMES]),
    st.floats(allow_nan=False, max_value=5, min_value=-1),
)
scores = st.one_of(
    st.none(),
    st.lists(st.one_of(st.integers(min_value=-1, max_value=20), st.booleans(), st.just("3")), max_size=3),
    values,
)
players = st.one_of(
    st.lists(st.sampled_from(["p1", "p2", "p3", "p9", "", 7]), max_size=3),
    values,
)
games = st.fixed_dictionaries(
    {},
    optional={
        "players": players,
        "outcome": st.sampled_from([*OUTCOMES, "won", None]),
        "vp": scores,
        "kp": scores,
        "loser": st.sampled_from(["p1", "p2", "p9", None]),
        "winner": st.sampled_from(["p1", "p2", None]),
        "table": values,
        "note": values,
    },
)


def _careful(raw: Any, shape: ResultRules) -> Any:
    try:
        return _read_game(raw, "rounds[0].games[0]", KNOWN, shape)
    except EventFileError:
        return EventFileError


@pytest.mark.parametrize("shape", SHAPES, ids=["vp", "vp-kp", "vp-complete", "no-vp"])
@settings(max_examples=400)
@given(raw=st.one_of(games, values))
def test_the_quick_path_reads_what_the_careful_path_reads_and_the_same(raw: Any, shape: ResultRules) -> None:
    quick = _common_game(raw, KNOWN, shape)
    careful = _careful(raw, shape)
    if quick is not None:
        assert careful == quick


@pytest.mark.parametrize(
    ("raw", "shape"),
    [
        ({"players": ["p1", "p2"], "vp": [7, 3], "table": 4}, ResultShape()),
        ({"players": ["p1", "p2"], "vp": [0, 0]}, ResultShape()),
        ({"players": ["p1"], "outcome": "bye"}, ResultShape()),
        ({"players": ["p1", "p2"], "vp": [7, 3], "kp": [2, 1], "table": 1}, ResultShape(kp=True)),
        ({"players": ["p2", "p3"], "outcome": "played", "vp": [1, 9]}, ResultShape(complete_victory=True)),
    ],
)
def test_the_common_games_take_the_quick_path(raw: dict[str, Any], shape: ResultShape) -> None:
    rules = ResultRules("Test", shape, ScoreRange(0, 12), ScoreRange(0, 12))
    quick = _common_game(raw, KNOWN, rules)
    assert quick is not None
    assert quick == _careful(raw, rules)


@pytest.mark.parametrize(
    "raw",
    [
        {"players": ["p1", "p2"], "vp": [7, 3], "note": "kept in extra"},
        {"players": ["p1", "p2"], "outcome": "concession", "loser": "p1"},
        {"players": ["p1", "p9"], "vp": [7, 3]},
        {"players": ["p1", "p2"], "vp": [7, True]},
        {"players": ["p1", "p2"], "vp": [7, 3], "table": 0},
        {"players": ["p1", "p2"], "vp": [13, 3]},
    ],
)
def test_anything_else_is_left_to_the_careful_path(raw: dict[str, Any]) -> None:
    assert _common_game(raw, KNOWN, ResultRules("Test", ResultShape(), ScoreRange(0, 12))) is None
