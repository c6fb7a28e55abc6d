"""rules_engine.strict_json: standard JSON only, finite numbers, bounded nesting."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine import strict_json

finite_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(), children, max_size=4),
    max_leaves=30,
)


@given(finite_json)
def test_standard_json_reads_as_json_loads_reads_it(data: Any):
    text = json.dumps(data)
    assert strict_json.loads(text) == json.loads(text)


@pytest.mark.parametrize("token", ["NaN", "Infinity", "-Infinity"])
def test_non_numbers_are_refused_with_their_place(token: str):
    text = '{\n  "points": 10,\n  "units": [' + token + "]\n}"
    with pytest.raises(json.JSONDecodeError) as caught:
        strict_json.loads(text)
    assert token in caught.value.msg
    assert caught.value.lineno == 3


def test_a_number_too_large_for_a_float_is_refused():
    with pytest.raises(json.JSONDecodeError, match="too large"):
        strict_json.loads('{"vp": 1e999}')


def test_an_integer_of_too_many_digits_is_refused():
    with pytest.raises(json.JSONDecodeError):
        strict_json.loads("1" * 5000)


@pytest.mark.parametrize("depth", [strict_json.MAX_DEPTH + 1, 2_000, 100_000])
def test_deep_nesting_is_refused_whatever_the_depth(depth: int):
    with pytest.raises(json.JSONDecodeError, match="nested deeper than"):
        strict_json.loads("[" * depth + "]" * depth)
    with pytest.raises(json.JSONDecodeError, match="nested deeper than"):
        strict_json.loads('{"a":' * depth + "1" + "}" * depth)


def test_nesting_up_to_the_limit_is_read():
    depth = strict_json.MAX_DEPTH
    assert strict_json.loads("[" * depth + "]" * depth) is not None


def test_bytes_are_read_too():
    assert strict_json.loads(b'{"a": [1, 2.5]}') == {"a": [1, 2.5]}
