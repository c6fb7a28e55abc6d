"""Named hard cases, each worked out by hand from the OP Guide's Pairings and Byes rules."""

from __future__ import annotations

import pytest

from pairings.engine import Objective, PairingError, pair_event, pair_round
from standings.eventfile import parse_event
from tests.pairings.helpers import bye_of, entrant, event, games_of, request


def test_four_players_in_round_three_take_the_only_rematch_free_pairing():
    # R1: A-B, C-D; R2: A-C, B-D. A has 6, B and C 3, D 0. A can only meet D without a rematch,
    # so A v D and B v C (spread 36) beats the closer A v B, C v D (spread 18, two rematches).
    pairing = pair_round(
        request(
            entrant("A", 6, met="B C"),
            entrant("B", 3, met="A D"),
            entrant("C", 3, met="D A"),
            entrant("D", 0, met="C B"),
            number=3,
        )
    )
    assert games_of(pairing) == {frozenset("AD"), frozenset("BC")}
    assert pairing.report.objective == Objective(0, 0, 0, 36, 0)


def test_more_rounds_than_players_forces_minimal_rematches_and_flags_them():
    # Round 4 of a four-player event: everyone has met everyone (a round robin), so every
    # pairing has two rematches; the closest records meet: A(9) v B(6), C(3) v D(0).
    pairing = pair_round(
        request(
            entrant("A", 9, met="B C D"),
            entrant("B", 6, met="A C D"),
            entrant("C", 3, met="A B D"),
            entrant("D", 0, met="A B C"),
            number=4,
        )
    )
    assert games_of(pairing) == {frozenset("AB"), frozenset("CD")}
    assert pairing.report.objective.rematches == 2
    assert pairing.report.objective.mp_spread == 9 + 9
    reasons = {r.players: r.reason for r in pairing.report.rematches}
    assert len(reasons) == 2
    assert all("has played everyone available" in reason for reason in reasons.values())


def test_a_rematch_forced_by_the_bye_rule_says_so():
    # Three players: B and C have had no bye, A has. A has met both B and C already.
    # Giving A the bye would avoid the rematch, but nobody gets a second bye while
    # another player has had none, so B or C takes it and A meets the other again.
    pairing = pair_round(
        request(
            entrant("A", 3, byes=1, met="B C"), entrant("B", 3, met="A"), entrant("C", 0, met="A"), number=3
        )
    )
    assert bye_of(pairing) == "C"
    assert games_of(pairing) == {frozenset("AB")}
    (note,) = pairing.report.rematches
    assert "fewest byes" in note.reason


def test_everyone_has_had_a_bye_so_it_goes_to_the_lowest_with_the_fewest():
    # All have had one bye except E, who has had two: D (3 MP) is the lowest of those with one.
    pairing = pair_round(
        request(
            entrant("A", 12, byes=1),
            entrant("B", 9, byes=1),
            entrant("C", 6, byes=1),
            entrant("D", 3, byes=1),
            entrant("E", 0, byes=2),
            number=6,
        )
    )
    assert bye_of(pairing) == "D"
    assert pairing.report.bye is not None
    assert pairing.report.bye.byes_before == 1
    assert "the fewest" in pairing.report.bye.reason
    # A v B (9) and C v E (36): E floats up rather than taking a second bye.
    assert games_of(pairing) == {frozenset("AB"), frozenset("CE")}


def test_lowest_eligible_player_would_force_a_rematch_so_the_next_one_takes_the_bye():
    # E (0 MP) is lowest, but A has met B, C and D: if E sat out, A would need a rematch.
    # So E must play A, and the bye goes to the lowest of the rest: D (3 MP).
    pairing = pair_round(
        request(
            entrant("A", 6, met="B C D"),
            entrant("B", 6, met="A"),
            entrant("C", 4, met="A"),
            entrant("D", 3, met="A"),
            entrant("E", 0),
        )
    )
    assert bye_of(pairing) == "D"
    assert games_of(pairing) == {frozenset("AE"), frozenset("BC")}
    assert pairing.report.objective == Objective(0, 0, 3, 36 + 4, 0)
    assert pairing.report.bye is not None
    assert "E" in pairing.report.bye.reason
    assert "rematch" in pairing.report.bye.reason


def test_odd_field_with_nobody_on_zero_gives_the_bye_to_the_lowest_record():
    pairing = pair_round(
        request(entrant("A", 9), entrant("B", 6), entrant("C", 6), entrant("D", 3), entrant("E", 3))
    )
    assert bye_of(pairing) in {"D", "E"}
    # The other 3-MP player floats up to a 6: (9-6)^2 + (6-3)^2 = 18.
    assert pairing.report.objective == Objective(0, 0, 3, 18, 0)


def test_a_lone_leader_floats_down():
    pairing = pair_round(request(entrant("A", 9), entrant("B", 6), entrant("C", 6), entrant("D", 3)))
    opponent = next(iter(g - {"A"} for g in games_of(pairing) if "A" in g))
    assert opponent <= {"B", "C"}
    floats = {(f.player, f.direction) for f in pairing.report.floats}
    assert ("A", "down") in floats
    assert ("D", "up") in floats
    assert pairing.report.objective.mp_spread == 18


def test_drops_mid_event_are_not_paired_but_their_games_stand():
    doc = event(
        [
            {"id": "a", "name": "Alice"},
            {"id": "b", "name": "Bob"},
            {"id": "c", "name": "Carol", "dropped_after_round": 1},
            {"id": "d", "name": "Dan"},
            {"id": "e", "name": "Eve", "disqualified_after_round": 1},
            {"id": "f", "name": "Fay"},
        ],
        [
            {
                "number": 1,
                "games": [
                    {"table": 1, "players": ["a", "c"], "vp": [3, 12]},
                    {"table": 2, "players": ["b", "d"], "vp": [10, 0]},
                    {"table": 3, "players": ["e", "f"], "vp": [10, 0]},
                ],
            }
        ],
    )
    pairing = pair_event(parse_event(doc), seed=1)
    placed = {p for g in pairing.games for p in g.players}
    assert placed == {"a", "b", "d", "f"}
    assert {a.player for a in pairing.report.absent} == {"c", "e"}
    # a and f both lost to a player who has now left; b (3 MP) meets one of them, d the other.
    assert frozenset({"b", "d"}) not in games_of(pairing)


def test_two_players_play_each_other():
    pairing = pair_round(request(entrant("A"), entrant("B"), number=1))
    assert games_of(pairing) == {frozenset("AB")}
    assert bye_of(pairing) is None


def test_three_players_in_round_two():
    # R1: A beat B, C had the bye. C may not take a second bye; A and B may not meet again.
    pairing = pair_round(request(entrant("A", 3, met="B"), entrant("B", 0, met="A"), entrant("C", 3, byes=1)))
    assert bye_of(pairing) == "B"
    assert games_of(pairing) == {frozenset("AC")}


def test_spare_steps_in_when_attendance_is_odd():
    pairing = pair_round(
        request(
            entrant("A", 3),
            entrant("B", 3),
            entrant("C", 0),
            entrant("D", 0),
            entrant("E", 0),
            entrant("hj", 3, spare=True),
        )
    )
    assert bye_of(pairing) is None
    assert any("hj" in g for g in games_of(pairing))
    (note,) = pairing.report.spares
    assert note.plays
    assert "odd" in note.reason


def test_spare_sits_out_when_attendance_is_even():
    pairing = pair_round(
        request(entrant("A", 3), entrant("B", 3), entrant("C"), entrant("D"), entrant("hj", 3, spare=True))
    )
    assert bye_of(pairing) is None
    assert all("hj" not in g for g in games_of(pairing))
    (note,) = pairing.report.spares
    assert not note.plays
    assert "even" in note.reason


def test_two_spares_only_one_steps_in():
    pairing = pair_round(
        request(
            entrant("A"), entrant("B"), entrant("C"), entrant("hj", spare=True), entrant("to", spare=True)
        )
    )
    placed = [p for g in pairing.games for p in g.players]
    assert sorted(p for p in placed if p in {"hj", "to"}) in (["hj"], ["to"])
    assert bye_of(pairing) is None


def test_fewer_tables_than_games_is_an_error():
    players = [entrant(f"p{i}") for i in range(14)]
    with pytest.raises(PairingError, match="7 games need 7 tables; the event has 6"):
        pair_round(request(*players, tables=6))


def test_event_without_tables_numbers_them_from_one():
    pairing = pair_round(request(*(entrant(f"p{i}") for i in range(9)), number=1))
    assert sorted(g.table or 0 for g in pairing.games if not g.is_bye) == [1, 2, 3, 4]
    assert pairing.games[-1].is_bye


def test_same_seed_same_pairing():
    players = [entrant(f"p{i}") for i in range(16)]
    first = pair_round(request(*players, number=1, seed=42))
    again = pair_round(request(*players, number=1, seed=42))
    assert first.to_json() == again.to_json()


def test_different_seeds_may_differ():
    players = [entrant(f"p{i}") for i in range(16)]
    seen = {str(pair_round(request(*players, number=1, seed=s)).to_json()) for s in range(8)}
    assert len(seen) > 1


def test_round_one_random_pairing_places_everyone():
    pairing = pair_round(request(*(entrant(f"p{i}") for i in range(11)), number=1, seed=3))
    placed = [p for g in pairing.games for p in g.players]
    assert sorted(placed) == sorted(f"p{i}" for i in range(11))
    assert pairing.report.method == "random round one"


def test_nobody_left_to_pair_is_an_error():
    with pytest.raises(PairingError, match="nobody is left to pair"):
        pair_round(request(entrant("hj", spare=True)))
