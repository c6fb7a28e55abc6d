# mypy: disable-error-code="comparison-overlap"
# (Fractions are compared with whole numbers on purpose: Fraction(4) == 4.)
"""OP Guide: Games That Don't End Normally, and Which Games Count.

Situation                 The player    Their opponent   Counts toward SoS / oTP
Concedes a game           0 MP · 0 TP   3 MP · 5 TP      Yes
Receives a bye            3 MP · 4 TP   —                No
Doesn't appear (no-show)  0 MP · 0 TP   3 MP · 4 TP      No
Game Loss penalty         scored as an Annihilation against the penalised player
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from standings import EXCLUDED_BYE, EXCLUDED_DOUBLE_NO_SHOW, EXCLUDED_NO_SHOW
from tests.builders.records import (
    bye,
    concession,
    double_no_show,
    game_loss,
    no_show,
    played,
    player,
    standings,
)

FOUR = [player("a"), player("b"), player("c"), player("d")]


@pytest.mark.parametrize("scale", ["standard", "skirmish"])
def test_concession_scores_an_annihilation_and_counts(scale):
    # Round 1: B concedes to A: A 3 MP 5 TP, B 0 MP 0 TP (on either scale).
    #          C beats D 10-3 standard (diff 7: Decisive, 3/4 v 0/1);
    #          on skirmish diff 7 is also Decisive (6-7), same points.
    result = standings(FOUR, [concession("a", "b", loser="b"), played("c", "d", 10, 3)], scale=scale)
    assert (result["a"].mp, result["a"].tp) == (3, 5)
    assert (result["b"].mp, result["b"].tp) == (0, 0)
    # "A conceded game is a played game": both pools hold the other player.
    # A's SoS = B's 0 MP / 1 = 0; B's SoS = A's 3 MP / 1 = 3; B's oTP = 5 / 1.
    assert result["a"].pool == result["b"].pool == 1
    assert (result["a"].sos, result["a"].otp) == (0, 0)
    assert (result["b"].sos, result["b"].otp) == (3, 5)
    assert result["a"].games[0].band == "Concession"


def test_concession_pulls_down_the_winners_sos_instead_of_vanishing():
    # Round 1: B concedes to A (A 3/5, B 0/0). C v D 10-10 (1/2 each).
    # Round 2: A beats C 13-3 (diff 10: A 3/5, C 0/0). B v D 5-5 (1/2 each).
    # Final: A 6/10, B 1/2, C 1/2, D 2/4.
    # A's pool: B (1 MP, 2 TP) and C (1 MP, 2 TP): SoS = (1 + 1) / 2 = 1, oTP = (2 + 2) / 2 = 2.
    # B's pool keeps A (6/10) beside D (2/4): SoS = (6 + 2) / 2 = 4, oTP = (10 + 4) / 2 = 7.
    # Had the concession vanished, B's pool would be D alone: SoS 2, oTP 4.
    result = standings(
        FOUR,
        [concession("a", "b", loser="b"), played("c", "d", 10, 10)],
        [played("a", "c", 13, 3), played("b", "d", 5, 5)],
    )
    assert (result["a"].mp, result["a"].tp) == (6, 10)
    assert (result["a"].sos, result["a"].otp) == (1, 2)
    assert (result["b"].sos, result["b"].otp, result["b"].pool) == (4, 7, 2)


def test_game_loss_is_an_annihilation_against_the_penalised_player_and_counts():
    # Round 1: B takes a Game Loss against A: A 3 MP 5 TP, B 0/0, counted like a
    # played game. C beats D 12-3 (diff 9: Decisive, C 3/4, D 0/1).
    result = standings(FOUR, [game_loss("a", "b", loser="b"), played("c", "d", 12, 3)])
    assert (result["a"].mp, result["a"].tp, result["b"].mp, result["b"].tp) == (3, 5, 0, 0)
    assert result["a"].pool == result["b"].pool == 1
    assert result["b"].sos == 3
    assert result["b"].otp == 5
    assert result["b"].games[0].band == "Game Loss"
    # The penalty listed first or second makes no difference.
    flipped = standings(FOUR, [game_loss("b", "a", loser="b"), played("c", "d", 12, 3)])
    assert (flipped["a"].mp, flipped["a"].tp, flipped["b"].mp, flipped["b"].tp) == (3, 5, 0, 0)


def test_bye_scores_3_mp_4_tp_and_is_left_out_of_the_pool():
    # Three players. Round 1: A beats B 13-3 (diff 10: A 3/5, B 0/0); C has a bye (3/4).
    # Round 2: C beats A 9-6 (diff 3: Breakthrough, C 3/3, A 0/2); B has a bye (3/4).
    # Final: A 3/7, B 3/4, C 6/7.
    # C's pool: A only (the bye is neither numerator nor denominator): SoS 3/1, oTP 7/1.
    # Were the bye entered as a zero, C's SoS would be (0 + 3) / 2 = 1.5.
    result = standings(
        [player("a"), player("b"), player("c")],
        [played("a", "b", 13, 3), bye("c")],
        [played("c", "a", 9, 6), bye("b")],
    )
    assert (result["c"].mp, result["c"].tp) == (6, 7)
    assert (result["c"].sos, result["c"].otp, result["c"].pool) == (3, 7, 1)
    assert (result["b"].mp, result["b"].tp) == (3, 4)
    # B's pool: A (3 MP, 7 TP), the bye left out.
    assert (result["b"].sos, result["b"].otp, result["b"].pool) == (3, 7, 1)
    bye_line = result["c"].games[0]
    assert (bye_line.opponent, bye_line.mp, bye_line.tp, bye_line.counted) == (None, 3, 4, False)
    assert bye_line.excluded_reason == EXCLUDED_BYE


def test_no_show_scores_0_0_against_3_4_and_neither_pool_counts_it():
    # Round 1: B doesn't appear: A is scored as for a bye (3 MP 4 TP), B 0/0.
    #          C beats D 10-7 (diff 3: C 3/3, D 0/2).
    # Round 2: A beats C 10-4 (diff 6: Breakthrough, A 3/3, C 0/2); B v D 3-3 (1/2 each).
    # Final: A 6/7, B 1/2, C 3/5, D 1/4.
    # A's pool: C only: SoS 3/1, oTP 5/1. B's pool: D only: SoS 1/1, oTP 4/1.
    result = standings(
        FOUR,
        [no_show("a", "b", loser="b"), played("c", "d", 10, 7)],
        [played("a", "c", 10, 4), played("b", "d", 3, 3)],
    )
    assert (result["a"].mp, result["a"].tp, result["b"].mp, result["b"].tp) == (6, 7, 1, 2)
    assert (result["a"].sos, result["a"].otp, result["a"].pool) == (3, 5, 1)
    assert (result["b"].sos, result["b"].otp, result["b"].pool) == (1, 4, 1)
    assert result["a"].games[0].excluded_reason == EXCLUDED_NO_SHOW
    assert result["b"].games[0].excluded_reason == EXCLUDED_NO_SHOW


def test_double_no_show_scores_nothing_and_counts_for_nobody():
    # Round 1: neither A nor B appears: 0/0 each, not counted. C v D 6-6 (1/2 each).
    # Round 2: A v C 10-0 (A 3/5, C 0/0); B v D 0-10 (D 3/5, B 0/0).
    # Final: A 3/5, B 0/0, C 1/2, D 4/7.
    # A's pool: C (1/2) → SoS 1, oTP 2. B's pool: D (4/7) → SoS 4, oTP 7.
    result = standings(
        FOUR,
        [double_no_show("a", "b"), played("c", "d", 6, 6)],
        [played("a", "c", 10, 0), played("b", "d", 0, 10)],
    )
    assert (result["a"].mp, result["a"].tp, result["b"].mp, result["b"].tp) == (3, 5, 0, 0)
    assert (result["a"].sos, result["a"].otp, result["a"].pool) == (1, 2, 1)
    assert (result["b"].sos, result["b"].otp, result["b"].pool) == (4, 7, 1)
    assert result["a"].games[0].excluded_reason == EXCLUDED_DOUBLE_NO_SHOW


def test_empty_pool_gives_sos_and_otp_zero():
    # A's only games are a bye and a no-show win: nothing enters the pool, so
    # "record SoS and oTP as 0" (OP Guide: Which Games Count).
    result = standings(
        [player("a"), player("b"), player("c")],
        [bye("a"), played("b", "c", 10, 0)],
        [no_show("a", "b", loser="b"), bye("c")],
    )
    assert (result["a"].mp, result["a"].tp) == (6, 8)
    assert result["a"].pool == 0
    assert result["a"].sos == Fraction(0)
    assert result["a"].otp == Fraction(0)
