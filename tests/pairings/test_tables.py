"""Table assignment: a table each player has not played on (criterion 6), then layouts, then top tables."""

from __future__ import annotations

from pairings.engine import Entrant, PairingRequest, TableSpec, pair_round
from tests.pairings.helpers import entrant, request


def seat(pairing, player):
    return next(g.table for g in pairing.games if player in g.players)


def test_players_avoid_tables_they_played_on():
    # A v B would cosmetically go to table 1, but both played there; C and D played table 2.
    pairing = pair_round(
        request(
            entrant("A", 6, tables="1"),
            entrant("B", 6, tables="1"),
            entrant("C", 3, tables="2"),
            entrant("D", 3, tables="2"),
            tables=3,
        )
    )
    assert pairing.report.objective.table_repeats == 0
    assert seat(pairing, "A") == 2
    assert seat(pairing, "C") in {1, 3}


def test_top_game_gets_table_one_when_nothing_else_matters():
    pairing = pair_round(
        request(
            entrant("A", 9), entrant("B", 9), entrant("C", 3), entrant("D", 3), entrant("E"), entrant("F")
        )
    )
    assert [set(g.players) for g in pairing.games] == [{"A", "B"}, {"C", "D"}, {"E", "F"}]
    assert [g.table for g in pairing.games] == [1, 2, 3]


def test_a_player_who_has_played_every_table_repeats_and_is_told_why():
    pairing = pair_round(
        request(entrant("A", 3, tables="1 2"), entrant("B", 3), entrant("C"), entrant("D"), tables=2)
    )
    repeats = [t for t in pairing.report.table_repeats if t.player == "A"]
    assert len(repeats) == 1
    assert repeats[0].reason == "A has played on every table"
    assert pairing.report.objective.table_repeats == 1


def test_a_layout_already_played_is_avoided_too():
    # Tables 1 and 2 both carry Map 3; A and B played Map 3 on table 1. Table 3 is Map 5.
    a = Entrant("A", 3, tables=frozenset({1}), layouts=frozenset({"Map 3"}))
    b = Entrant("B", 3, tables=frozenset({1}), layouts=frozenset({"Map 3"}))
    tables = (TableSpec(1, "Map 3"), TableSpec(2, "Map 3"), TableSpec(3, "Map 5"))
    pairing = pair_round(PairingRequest(2, (a, b, Entrant("C"), Entrant("D")), tables=tables))
    assert seat(pairing, "A") == 3


def test_output_is_in_table_order_with_the_bye_last_and_numbers_kept():
    tables = (TableSpec(9), TableSpec(5), TableSpec(7))
    players = tuple(Entrant(f"p{i}", mp=i) for i in range(7))
    pairing = pair_round(PairingRequest(2, players, tables=tables))
    assert [g.table for g in pairing.games] == [5, 7, 9, None]
    assert pairing.games[-1].is_bye
