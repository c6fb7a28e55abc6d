"""The answer to "why am I 4th?": counted opponents, left-out games, the deciding metric."""

from __future__ import annotations

from fractions import Fraction

from standings import CountedOpponent, ExcludedGame, explain, explain_text, explanation_json
from tests.builders.records import played, player, standings
from tests.standings.test_opponent_metrics import worked_example


def test_explanation_lists_counted_opponents_at_final_tally_and_excluded_games():
    # Worked example, Cy (c): R1 drew with Dee (who finishes 4 MP 7 TP), R2 lost to Ann
    # (7 MP 11 TP), R3 bye. Pool: Dee, Ann → SoS (4 + 7) / 2 = 5.5, oTP (7 + 11) / 2 = 9.
    # Cy and Dee both have 4 MP; Dee's 7 TP beats Cy's 6: Cy is 4th below Dee on TP.
    result = worked_example()
    why = explain(result, "c")
    assert why.standing.rank == 4
    assert why.counted == (CountedOpponent(1, "d", "Dee", 4, 7), CountedOpponent(2, "a", "Ann", 7, 11))
    assert why.excluded == (ExcludedGame(3, None, None, "bye"),)
    assert why.above is not None
    assert why.above.player == "d"
    assert why.separated_by == "Tournament Points"
    assert why.standing.sos == Fraction(11, 2)

    text = explain_text(why)
    assert "Cy (c): rank 4. Indicative standings after round 3." in text
    assert "Round 3 bye: Bye, 3 MP 4 TP; not counted (bye)" in text
    assert "SoS = opponents' final MP: (4 + 7) / 2 = 5.5000" in text
    assert "oTP = opponents' final TP: (7 + 11) / 2 = 9.0000" in text
    assert "Below Dee (d) on Tournament Points: 7 against 6" in text


def test_explanation_names_the_no_show_and_the_concession():
    # Fay (f) conceded to Eli in R1 (counts) and didn't show against Dee in R2 (left out).
    why = explain(worked_example(), "f")
    assert why.counted == (CountedOpponent(1, "e", "Eli", 7, 10),)
    assert why.excluded == (ExcludedGame(2, "d", "Dee", "no-show"),)
    text = explain_text(why)
    assert "Round 1 v Eli (e): Concession, 0 MP 0 TP; counts" in text
    assert "Round 2 v Dee (d): No-show, 0 MP 0 TP; not counted (no-show)" in text


def test_explanation_of_a_shared_rank_and_of_the_leader():
    # C and E both beat their opponent 12-3: identical on all four, rank 1 shared.
    result = standings(
        [player("c", "Cy"), player("d"), player("e", "Eli"), player("f")],
        [played("c", "d", 12, 3), played("e", "f", 12, 3)],
    )
    leader = explain(result, "c")
    assert leader.above is None
    assert leader.separated_by is None
    second = explain(result, "e")
    assert second.separated_by == "shared"
    assert "Shares rank 1 with Cy (c)" in explain_text(second)


def test_explanation_says_why_a_player_is_not_placed():
    result = standings(
        [
            player("a"),
            player("hj", "Judge", spare=True),
            player("x", disqualified_after_round=1),
            player("b"),
        ],
        [played("a", "hj", 5, 5), played("x", "b", 5, 5)],
    )
    assert "spare player" in (explain(result, "hj").not_placed_reason or "")
    assert "disqualified" in (explain(result, "x").not_placed_reason or "")
    assert "Not placed:" in explain_text(explain(result, "x"))
    # A's draw with the spare is left out of A's pool, with the reason.
    assert explain(result, "a").excluded == (ExcludedGame(1, "hj", "Judge", "spare"),)
    assert "0 (no game counts, so the pool is empty)" in explain_text(explain(result, "a"))


def test_explanation_as_json_data():
    data = explanation_json(explain(worked_example(), "a"))
    # Ann: pool Ben (3/7), Cy (4/6), Eli (7/10): SoS 14/3 → 4.6667, oTP 23/3 → 7.6667.
    assert (data["rank"], data["mp"], data["tp"], data["sos"], data["otp"]) == (1, 7, 11, 4.6667, 7.6667)
    assert [c["player"] for c in data["counted"]] == ["b", "c", "e"]
    assert data["games"][0] == {
        "round": 1,
        "opponent": "b",
        "outcome": "played",
        "band": "Decisive Victory",
        "vp": [12, 3],
        "mp": 3,
        "tp": 4,
        "counted": True,
        "excluded_reason": None,
    }
