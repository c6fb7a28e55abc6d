# mypy: disable-error-code="comparison-overlap"
# (Fractions are compared with whole numbers on purpose: Fraction(4) == 4.)
"""OP Guide: The Two Opponent Metrics, Which Games Count, and the spare player.

SoS = sum of the counted opponents' FINAL Match Points / number of counted games;
oTP = the same with Tournament Points. Means, not sums; one entry per counted game.
"""

from __future__ import annotations

from fractions import Fraction

from standings import EXCLUDED_BYE, EXCLUDED_NO_SHOW, EXCLUDED_SPARE
from tests.builders.records import bye, concession, no_show, played, player, ranks, standings

SIX = [player(p, name) for p, name in zip("abcdef", ["Ann", "Ben", "Cy", "Dee", "Eli", "Fay"], strict=True)]


def worked_example():
    """The worked example of docs/standings.md (Standard, three rounds, F drops after round 2).

    R1: A v B 12-3 (diff 9, Decisive: A 3/4, B 0/1); C v D 8-8 (Stalemate: 1/2 each);
        F concedes to E (E 3/5, F 0/0).
    R2: A v C 15-4 (diff 11, Annihilation: A 3/5, C 0/0); B v E 6-10 (diff 4,
        Breakthrough: E 3/3, B 0/2); F doesn't show against D (D 3/4, F 0/0, not counted).
    R3: A v E 7-7 (1/2 each); B v D 10-3 (diff 7, Decisive: B 3/4, D 0/1); C has a bye (3/4).
    """
    players = [*SIX[:5], player("f", "Fay", dropped_after_round=2)]
    return standings(
        players,
        [played("a", "b", 12, 3), played("c", "d", 8, 8), concession("e", "f", loser="f")],
        [played("a", "c", 15, 4), played("b", "e", 6, 10), no_show("d", "f", loser="f")],
        [played("a", "e", 7, 7), played("b", "d", 10, 3), bye("c")],
    )


def test_worked_example_tallies():
    # A: 3+3+1 = 7 MP, 4+5+2 = 11 TP.  B: 0+0+3 = 3 MP, 1+2+4 = 7 TP.
    # C: 1+0+3 = 4 MP, 2+0+4 = 6 TP.   D: 1+3+0 = 4 MP, 2+4+1 = 7 TP.
    # E: 3+3+1 = 7 MP, 5+3+2 = 10 TP.  F: 0 MP, 0 TP.
    result = worked_example()
    tallies = {row.player: (row.mp, row.tp) for row in result.rows}
    assert tallies == {"a": (7, 11), "b": (3, 7), "c": (4, 6), "d": (4, 7), "e": (7, 10), "f": (0, 0)}


def test_worked_example_opponent_metrics():
    result = worked_example()
    # A met B (3/7), C (4/6), E (7/10): SoS = 14/3, oTP = 23/3.
    assert (result["a"].sos, result["a"].otp, result["a"].pool) == (Fraction(14, 3), Fraction(23, 3), 3)
    # B met A (7/11), E (7/10), D (4/7): SoS = 18/3 = 6, oTP = 28/3.
    assert (result["b"].sos, result["b"].otp) == (6, Fraction(28, 3))
    # C met D (4/7), A (7/11); the bye is left out: SoS = 11/2, oTP = 18/2 = 9.
    assert (result["c"].sos, result["c"].otp, result["c"].pool) == (Fraction(11, 2), 9, 2)
    # D met C (4/6), B (3/7); F's no-show is left out: SoS = 7/2, oTP = 13/2.
    assert (result["d"].sos, result["d"].otp, result["d"].pool) == (Fraction(7, 2), Fraction(13, 2), 2)
    # E met F (0/0, the concession counts), B (3/7), A (7/11): SoS = 10/3, oTP = 18/3 = 6.
    assert (result["e"].sos, result["e"].otp, result["e"].pool) == (Fraction(10, 3), 6, 3)
    # F met E (7/10); the no-show against D is left out: SoS 7, oTP 10.
    assert (result["f"].sos, result["f"].otp, result["f"].pool) == (7, 10, 1)


def test_worked_example_order():
    # A and E both 7 MP: A 11 TP beats E 10 TP. C and D both 4 MP: D 7 TP beats C 6 TP.
    result = worked_example()
    assert ranks(result) == {"a": 1, "e": 2, "d": 3, "c": 4, "b": 5, "f": 6}


def test_uses_each_opponents_final_tally_not_their_tally_when_met():
    # Round 1: A beats B 10-0 (A 3/5, B 0/0); C v D 5-5 (1/2 each).
    # Round 2: B beats C 10-0 (B 3/5, C 0/0); A v D 5-5 (1/2 each).
    # When A met B, B had 0 MP; B finishes on 3 MP 5 TP, and that is what counts.
    # A's pool: B (3/5), D (2/4): SoS = 5/2, oTP = 9/2.
    result = standings(
        SIX[:4],
        [played("a", "b", 10, 0), played("c", "d", 5, 5)],
        [played("b", "c", 10, 0), played("a", "d", 5, 5)],
    )
    assert (result["a"].sos, result["a"].otp) == (Fraction(5, 2), Fraction(9, 2))


def test_an_opponent_met_twice_counts_twice():
    # R1: A v B 12-3 (diff 9: A 3/4, B 0/1);   C v D 10-10 (1/2 each).
    # R2: A v C 13-3 (diff 10: A 3/5, C 0/0);  B v D 10-2 (diff 8: B 3/4, D 0/1).
    # R3: A v B 9-9 (rematch: 1/2 each);        C v D 4-11 (diff 7: D 3/4, C 0/1).
    # Final: A 7/11, B 4/7, C 1/3, D 4/7.
    # A's pool is B, C, B: SoS = (4 + 1 + 4) / 3 = 3, oTP = (7 + 3 + 7) / 3 = 17/3.
    # (Counting B once would give SoS (4 + 1) / 2 = 2.5.)
    result = standings(
        SIX[:4],
        [played("a", "b", 12, 3), played("c", "d", 10, 10)],
        [played("a", "c", 13, 3), played("b", "d", 10, 2)],
        [played("a", "b", 9, 9), played("c", "d", 4, 11)],
    )
    assert (result["a"].mp, result["a"].tp) == (7, 11)
    assert (result["a"].sos, result["a"].otp, result["a"].pool) == (3, Fraction(17, 3), 3)


def test_dropped_player_stays_placed_and_counts_at_final_tally():
    # G drops after round 1.
    # R1: A v G 5-5 (1/2 each); B beats C 12-3 (diff 9: B 3/4, C 0/1).
    # R2: B beats A 13-3 (diff 10: B 3/5, A 0/0); C has a bye (3/4).
    # Final: A 1/2, G 1/2, B 6/9, C 3/5.
    # A's pool: G (1/2) and B (6/9): SoS = 7/2, oTP = 11/2. G's pool: A (1/2): SoS 1, oTP 2.
    # Order: B 6, C 3, then A and G on 1/2: A's SoS 3.5 beats G's 1.
    result = standings(
        [player("a"), player("b"), player("c"), player("g", dropped_after_round=1)],
        [played("a", "g", 5, 5), played("b", "c", 12, 3)],
        [played("b", "a", 13, 3), bye("c")],
    )
    assert (result["a"].sos, result["a"].otp) == (Fraction(7, 2), Fraction(11, 2))
    assert (result["g"].sos, result["g"].otp) == (1, 2)
    assert ranks(result) == {"b": 1, "c": 2, "a": 3, "g": 4}
    assert result["g"].placed
    assert result["g"].status == "dropped"


def test_spare_player_is_never_placed_nor_in_anyones_pool():
    # HJ is a playing Head Judge (spare). The OP Guide: "their results don't go into
    # anyone's SoS or oTP pool". Their opponents keep the MP/TP the game earned them.
    # R1: A beats B 12-3 (diff 9: A 3/4, B 0/1); C beats HJ 10-3 (diff 7: C 3/4, HJ 0/1).
    # R2: A v C 8-8 (1/2 each); HJ beats B 13-3 (diff 10: HJ 3/5, B 0/0).
    # Final: A 4/6, B 0/1, C 4/6, HJ 3/6.
    # A's pool: B (0/1), C (4/6): SoS 2, oTP 7/2.
    # C's pool: A only (HJ left out): SoS 4, oTP 6. With HJ it would be (3 + 4) / 2.
    # B's pool: A only: SoS 4, oTP 6.
    result = standings(
        [player("a"), player("b"), player("c"), player("hj", spare=True)],
        [played("a", "b", 12, 3), played("c", "hj", 10, 3)],
        [played("a", "c", 8, 8), played("hj", "b", 13, 3)],
    )
    assert (result["c"].mp, result["c"].tp) == (4, 6)  # the win over HJ still scores
    assert (result["c"].sos, result["c"].otp, result["c"].pool) == (4, 6, 1)
    assert (result["b"].sos, result["b"].otp, result["b"].pool) == (4, 6, 1)
    assert (result["a"].sos, result["a"].otp) == (2, Fraction(7, 2))
    assert result["c"].games[0].excluded_reason == EXCLUDED_SPARE
    # C (SoS 4) above A (SoS 2) on 4/6; HJ last with no rank.
    assert [(row.player, row.rank, row.placed) for row in result.rows] == [
        ("c", 1, True),
        ("a", 2, True),
        ("b", 3, True),
        ("hj", None, False),
    ]


def test_disqualified_player_is_not_placed_but_their_games_count():
    # D is disqualified after round 1. "Completed games stand and keep counting toward
    # opponents' standings, but they ... aren't eligible for placings."
    # R1: A beats B 12-3 (A 3/4, B 0/1); C v D 8-8 (1/2 each).
    # R2: A v C 10-10 (1/2 each); B has a bye (3/4).
    # Final: A 4/6, B 3/5, C 2/4, D 1/2.
    # C's pool: D (1/2) and A (4/6): SoS 5/2, oTP 4.
    # B's pool: A only (bye left out): SoS 4, oTP 6.
    result = standings(
        [player("a"), player("b"), player("c"), player("d", disqualified_after_round=1)],
        [played("a", "b", 12, 3), played("c", "d", 8, 8)],
        [played("a", "c", 10, 10), bye("b")],
    )
    assert (result["c"].sos, result["c"].otp, result["c"].pool) == (Fraction(5, 2), 4, 2)
    assert (result["b"].sos, result["b"].otp) == (4, 6)
    assert result["b"].games[1].excluded_reason == EXCLUDED_BYE
    assert ranks(result) == {"a": 1, "b": 2, "c": 3, "d": None}
    assert result["d"].status == "disqualified"
    assert not result["d"].placed


def test_no_show_reason_wins_over_spare_reason():
    # A no-show against the spare is excluded as a no-show (it would be in any case).
    result = standings(
        [player("a"), player("hj", spare=True)],
        [no_show("a", "hj", loser="hj")],
    )
    assert result["a"].games[0].excluded_reason == EXCLUDED_NO_SHOW
    assert (result["a"].mp, result["a"].tp, result["a"].pool) == (3, 4, 0)
