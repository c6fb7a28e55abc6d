"""Where a JSON path's value starts in the text: the line of a pack's problem."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from rules_engine.json_lines import line_of, parse_path, value_starts, with_line

KEYS = st.text(alphabet="abcxyz_", min_size=1, max_size=4)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-99, 99) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=20,
)


def _paths(value: Any, path: tuple[str | int, ...] = ()) -> list[tuple[tuple[str | int, ...], Any]]:
    out = [(path, value)]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += _paths(item, (*path, i))
    return out


@given(JSON, st.sampled_from([None, 1, 2]))
def test_every_value_is_found_where_it_starts(value: Any, indent: int | None) -> None:
    text = json.dumps(value, indent=indent)
    starts = value_starts(text)
    decoder = json.JSONDecoder()
    for path, expected in _paths(value):
        found, _ = decoder.raw_decode(text, starts[path])
        assert found == expected


def test_a_problem_is_given_its_line() -> None:
    text = (
        '{\n  "format": "datapack/1",\n  "units": [\n    {"name": "a"},\n'
        '    {"name": "b",\n     "points": -1}\n  ]\n}'
    )
    assert with_line(text, "units[1].points: must be positive") == "line 6: units[1].points: must be positive"
    # A key the entry lacks: the line of the entry that should hold it.
    assert with_line(text, "units[1].cost: missing") == "line 5: units[1].cost: missing"
    # A label after the path, as the StarCraft pack names its entries.
    assert with_line(text, "units[0] (a): bad") == "line 4: units[0] (a): bad"


def test_a_message_naming_no_path_is_left_alone() -> None:
    text = '{"units": []}'
    assert with_line(text, "the pack must be a JSON object") == "the pack must be a JSON object"
    assert line_of(text, "nothing[3]") is None
    assert parse_path("units[3].points") == ("units", 3, "points")
