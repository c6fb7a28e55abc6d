"""Four decimal places, half away from zero, on the exact value (OP Guide: When to Calculate Them)."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from standings.display import four_dp, four_dp_text, ten_thousandths


def _by_fractions(value: Fraction) -> int:
    """The rule as written: scale, add a half, floor; mirrored below zero."""
    scaled = value * 10_000
    half = Fraction(1, 2)
    return math.floor(scaled + half) if scaled >= 0 else -math.floor(-scaled + half)


@given(st.fractions())
def test_integer_rounding_is_the_fraction_rule(value):
    assert ten_thousandths(value) == _by_fractions(value)


@given(st.integers(-(10**9), 10**9), st.integers(1, 10**6))
def test_integer_rounding_on_sums_over_pool_sizes(total, pool):
    """SoS and oTP are integer sums over a pool size: every such mean rounds by the rule."""
    assert ten_thousandths(Fraction(total, pool)) == _by_fractions(Fraction(total, pool))


def test_halves_go_away_from_zero():
    assert ten_thousandths(Fraction(1, 20_000)) == 1
    assert ten_thousandths(Fraction(-1, 20_000)) == -1
    assert ten_thousandths(Fraction(1, 20_001)) == 0
    assert four_dp_text(Fraction(2, 3)) == "0.6667"
    assert four_dp_text(Fraction(-2, 3)) == "-0.6667"
    assert four_dp_text(Fraction(7)) == "7.0000"


@given(st.fractions(min_value=0, max_value=1000))
def test_four_decimals_round_half_up_exactly(value):
    exact = (Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.0001"), ROUND_HALF_UP)
    assert four_dp(value) == float(exact)


def test_four_decimals_examples():
    # 13/3 = 4.33333… → 4.3333; 7 → 7.0; 1/32 = 0.03125 → 0.0313 (half up, not to even).
    assert (four_dp(Fraction(13, 3)), four_dp(Fraction(7)), four_dp(Fraction(1, 32))) == (4.3333, 7.0, 0.0313)
