# mypy: disable-error-code="comparison-overlap"
# (Fractions are compared with whole numbers on purpose: Fraction(4) == 4.)
"""OP Guide: Standings Order and When to Calculate Them.

MP, then TP, then SoS, then oTP, all descending, comparing unrounded values; identical on
all four means a shared placing (1, 2, 2, 4).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_engine.registry import get_system
from standings import StandingsError, compute_standings, four_dp, standings_for_event
from standings.records import EventGame, EventRound
from tests.builders.records import bye, event, ids, played, player, ranks, standings

STANDARD = get_system("starcraft-tmg").scoring_for("standard")


def test_identical_on_all_four_share_a_rank_and_the_next_rank_is_skipped():
    # One round. A annihilates B 15-3 (A 3/5, B 0/0).
    # C beats D 12-3 and E beats F 12-3 (diff 9: winners 3/4, losers 0/1).
    # C and E: 3 MP, 4 TP, SoS 0/1 = 0, oTP 1/1 = 1 → identical: both 2nd.
    # D and F: 0 MP, 1 TP, SoS 3, oTP 4 → identical: both 4th. B: 0/0 → 6th.
    result = standings(
        [player(p) for p in "abcdef"],
        [played("a", "b", 15, 3), played("c", "d", 12, 3), played("e", "f", 12, 3)],
    )
    assert [row.rank for row in result.rows] == [1, 2, 2, 4, 4, 6]
    assert ranks(result) == {"a": 1, "c": 2, "e": 2, "d": 4, "f": 4, "b": 6}


def test_display_order_within_a_shared_rank_is_by_name_then_id():
    # Same games as above, but C is called "Zed" and E "Amy": Amy is listed first,
    # and both still share rank 2. D and F both called "Same": ids decide (d, f).
    names = {"a": "Ann", "b": "Bob", "c": "Zed", "d": "Same", "e": "Amy", "f": "Same"}
    result = standings(
        [player(p, names[p]) for p in "abcdef"],
        [played("a", "b", 15, 3), played("c", "d", 12, 3), played("e", "f", 12, 3)],
    )
    assert ids(result) == ["a", "e", "c", "d", "f", "b"]
    assert result["e"].rank == result["c"].rank == 2


def test_each_metric_breaks_ties_in_turn():
    # Eight players, one round (Standard):
    #   A beats B 10-0: A 3/5, B 0/0.      C beats D 7-0: C 3/4, D 0/1.
    #   E beats F 7-0: E 3/4, F 0/1.      G v H 0-0: 1/2 each.
    # MP: A, C, E on 3, G and H on 1, B, D, F on 0.
    # TP among the 3s: A 5 > C 4 = E 4. C's SoS is D's 0 MP, E's is F's 0 MP; both oTP 1: shared.
    # Among the 0s: D 1 TP = F 1 TP > B 0 TP; D and F: SoS 3, oTP 4: shared.
    result = standings(
        [player(p) for p in "abcdefgh"],
        [played("a", "b", 10, 0), played("c", "d", 7, 0), played("e", "f", 7, 0), played("g", "h", 0, 0)],
    )
    assert ranks(result) == {"a": 1, "c": 2, "e": 2, "g": 4, "h": 4, "d": 6, "f": 6, "b": 8}

    # SoS decides when MP and TP are level: round 2 added so that C's opponent wins.
    # R2: D beats G 7-0 (D 3/4, G 0/1); F v H 0-0 (1/2); A v C 0-0 (1/2 each);
    #     E v B 0-0 (1/2 each).
    # Final: A 4/7, C 4/6, E 4/6, D 3/5, F 1/3, B 1/2, G 1/3, H 2/4.
    # C's pool: D (3), A (4) → SoS 7/2; E's pool: F (1), B (1) → SoS 1: C above E.
    result = standings(
        [player(p) for p in "abcdefgh"],
        [played("a", "b", 10, 0), played("c", "d", 7, 0), played("e", "f", 7, 0), played("g", "h", 0, 0)],
        [played("d", "g", 7, 0), played("f", "h", 0, 0), played("a", "c", 0, 0), played("e", "b", 0, 0)],
    )
    assert (result["c"].mp, result["c"].tp, result["e"].mp, result["e"].tp) == (4, 6, 4, 6)
    assert (result["c"].sos, result["e"].sos) == (Fraction(7, 2), 1)
    assert (result["a"].rank, result["c"].rank, result["e"].rank) == (1, 2, 3)


def test_otp_decides_when_mp_tp_and_sos_are_level():
    # A and C win the same way, then their beaten opponents finish level on MP but not TP.
    # R1: A v B 7-0 (A 3/4, B 0/1); C v D 9-0 (C 3/4, D 0/1); E v F 3-0 (E 3/3, F 0/2).
    # R2: B v E 10-0 (B 3/5, E 0/0); D v F 3-0 (D 3/3, F 0/2); A and C have byes (3/4).
    # Final: A 6/8, C 6/8, B 3/6, D 3/4, E 3/3, F 0/4.
    # A's pool: B (3 MP, 6 TP): SoS 3, oTP 6. C's pool: D (3 MP, 4 TP): SoS 3, oTP 4.
    # A and C are level on MP, TP and SoS; A's oTP 6 beats C's 4.
    result = standings(
        [player(p) for p in "abcdef"],
        [played("a", "b", 7, 0), played("c", "d", 9, 0), played("e", "f", 3, 0)],
        [played("b", "e", 10, 0), played("d", "f", 3, 0), bye("a"), bye("c")],
    )
    assert [(result[p].mp, result[p].tp, result[p].sos) for p in "ac"] == [(6, 8, 3), (6, 8, 3)]
    assert (result["a"].otp, result["c"].otp) == (6, 4)
    assert (result["a"].rank, result["c"].rank) == (1, 2)


def test_compares_unrounded_values_even_when_equal_to_four_decimals():
    # Two players level on MP and TP whose SoS agree to four decimals but not beyond.
    # That takes pools of ~150 games (distinct means with denominators n and m differ by
    # at least 1/(n·m)), so this event is long and made of filler opponents:
    #   X: rounds 1-149 draw (1/2) with fillers x1..x149; round 150 a bye (3/4).
    #      X = 149 + 3 = 152 MP, 298 + 4 = 302 TP.
    #   Y: rounds 1-149 draw with fillers y1..y149; round 150 beats y150 10-3
    #      (diff 7, Decisive: 3/4).  Y = 149 + 3 = 152 MP, 298 + 4 = 302 TP.
    #   x1 also draws with z1 in round 150 → x1 finishes on 2 MP, 4 TP.
    #   y150 draws with z2 (round 1) and z3 (round 2) → 0 + 1 + 1 = 2 MP, 1 + 2 + 2 = 5 TP.
    # X's pool: 148 fillers on 1 MP + x1 on 2 = 150 MP over 149 games: SoS = 150/149 = 1.006711…
    # Y's pool: 149 fillers on 1 MP + y150 on 2 = 151 MP over 150 games: SoS = 151/150 = 1.006667…
    # Both are 1.0067 to four decimals; unrounded, X is ahead.
    # oTP: X = (148·2 + 4) / 149 = 300/149 = 2.0134; Y = (149·2 + 5) / 150 = 303/150 = 2.02.
    # Comparing rounded SoS would tie and hand the place to Y on oTP; the rule puts X first.
    fillers_x = [f"x{i}" for i in range(1, 150)]
    fillers_y = [f"y{i}" for i in range(1, 151)]
    players = [player("X"), player("Y")] + [player(p) for p in fillers_x + fillers_y + ["z1", "z2", "z3"]]
    rounds = []
    for n in range(1, 151):
        games = []
        if n <= 149:
            games += [played("X", fillers_x[n - 1], 5, 5), played("Y", fillers_y[n - 1], 5, 5)]
        else:
            games += [bye("X"), played("Y", "y150", 10, 3), played("x1", "z1", 5, 5)]
        if n == 1:
            games.append(played("y150", "z2", 5, 5))
        if n == 2:
            games.append(played("y150", "z3", 5, 5))
        rounds.append(EventRound(number=n, games=tuple(games)))
    result = compute_standings(players, rounds, STANDARD)
    x, y = result["X"], result["Y"]
    assert (x.mp, x.tp, y.mp, y.tp) == (152, 302, 152, 302)
    assert (x.sos, y.sos) == (Fraction(150, 149), Fraction(151, 150))
    assert (x.otp, y.otp) == (Fraction(300, 149), Fraction(303, 150))
    assert four_dp(x.sos) == four_dp(y.sos) == 1.0067
    assert (x.rank, y.rank) == (1, 2)


def test_players_not_placed_follow_everyone_placed():
    # The spare wins everything, the disqualified player too: both still come last.
    # R1: S beats A 10-0, D beats B 10-0.  R2: S beats B 10-0, D beats A 10-0.
    result = standings(
        [player("a"), player("b"), player("s", spare=True), player("d", disqualified_after_round=2)],
        [played("s", "a", 10, 0), played("d", "b", 10, 0)],
        [played("s", "b", 10, 0), played("d", "a", 10, 0)],
    )
    assert [(row.player, row.rank) for row in result.rows][2:] == [("d", None), ("s", None)]
    assert [row.placed for row in result.rows] == [True, True, False, False]


def test_indicative_until_the_planned_last_round():
    two_rounds = ([played("a", "b", 5, 5)], [played("a", "b", 6, 5)])
    players = [player("a"), player("b")]
    assert standings(players, *two_rounds, planned_rounds=3).final is False
    assert standings(players, *two_rounds, planned_rounds=2).final is True
    assert standings(players, *two_rounds).final is False  # round count unknown
    assert standings(players, *two_rounds, final=True).final is True
    assert standings(players, *two_rounds, planned_rounds=2, final=False).final is False
    assert standings(players, *two_rounds).rounds_played == 2


def test_planned_rounds_are_read_from_the_file():
    from dataclasses import replace

    base = event([player("a"), player("b")], [played("a", "b", 5, 5)])
    assert standings_for_event(base).final is False
    assert standings_for_event(replace(base, extra={"planned_rounds": 1})).final is True
    assert standings_for_event(replace(base, extra={"planned_rounds": 4})).final is False


@pytest.mark.parametrize(
    ("games", "message"),
    [
        ([EventGame(players=("a", "b"))], "has no result"),
        ([played("a", "zz", 1, 1)], "unknown player 'zz'"),
        ([played("a", "b", 1, 1), bye("a")], "has two games in round 1"),
        ([EventGame(players=("a", "b"), outcome="concession")], "needs the loser"),
        ([EventGame(players=("a", "b"), outcome="forfeit")], "unknown outcome"),
        ([EventGame(players=("a",), vp=(1, 1))], "needs 2 different player"),
    ],
)
def test_nothing_unscorable_is_ignored_silently(games, message):
    with pytest.raises(StandingsError, match=message):
        standings([player("a"), player("b")], games)


def test_a_round_listed_twice_is_refused():
    rounds = [EventRound(1, (played("a", "b", 1, 1),)), EventRound(1, ())]
    with pytest.raises(StandingsError, match="round 1 is listed twice"):
        compute_standings([player("a"), player("b")], rounds, STANDARD)


def test_unknown_scale_is_a_clear_error():
    with pytest.raises(StandingsError, match="no engagement scale 'huge'"):
        standings_for_event(event([player("a")], [], scale="huge"))
