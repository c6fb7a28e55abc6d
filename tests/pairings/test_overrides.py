"""TO overrides: fixed pairs, a fixed table for a player, a pre-assigned bye; and their validation."""

from __future__ import annotations

import pytest

from pairings.engine import Absence, Overrides, PairingError, pair_round
from tests.pairings.helpers import bye_of, entrant, games_of, request

FIELD = (
    entrant("A", 6),
    entrant("B", 6),
    entrant("C", 3),
    entrant("D", 3),
    entrant("E", 0),
    entrant("F", 0),
)


def test_fixed_pair_is_honoured_and_the_rest_optimised_around_it():
    pairing = pair_round(request(*FIELD, overrides=Overrides(pairs=(("A", "F"),))))
    assert frozenset("AF") in games_of(pairing)
    # A v F costs 36; the best of the rest (B 6, C 3, D 3, E 0) is two 3-point gaps: 9 + 9.
    assert pairing.report.objective.mp_spread == 36 + 18
    assert "A v F paired by the TO" in pairing.report.notes


def test_fixed_rematch_is_reported_as_the_tos_choice():
    field = (entrant("A", 6, met="B"), entrant("B", 6, met="A"), entrant("C"), entrant("D"))
    pairing = pair_round(request(*field, overrides=Overrides(pairs=(("A", "B"),))))
    (note,) = pairing.report.rematches
    assert note.reason == "paired by the TO"


def test_pre_assigned_bye_is_honoured():
    pairing = pair_round(request(*FIELD[:5], overrides=Overrides(bye="A")))
    assert bye_of(pairing) == "A"
    assert pairing.report.bye is not None
    assert pairing.report.bye.reason == "pre-assigned by the TO"


def test_fixed_table_for_a_player_is_honoured():
    pairing = pair_round(request(*FIELD, tables=4, overrides=Overrides(tables={"E": 1})))
    (game,) = [g for g in pairing.games if "E" in g.players]
    assert game.table == 1


def test_pre_assigned_bye_sends_the_spare_home():
    pairing = pair_round(request(*FIELD[:5], entrant("hj", spare=True), overrides=Overrides(bye="E")))
    assert bye_of(pairing) == "E"
    assert all("hj" not in g for g in games_of(pairing))


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        (Overrides(pairs=(("A", "Z"),)), "unknown player 'Z'"),
        (Overrides(pairs=(("A", "B"), ("B", "C"))), "B is in two fixed pairs"),
        (Overrides(pairs=(("A", "A"),)), "names A twice"),
        (Overrides(tables={"A": 9}), "A is fixed to table 9, but the tables are 1-4"),
        (Overrides(tables={"A": 1, "C": 1}), "A and C are both fixed to table 1"),
        (Overrides(pairs=(("A", "B"),), tables={"A": 1, "B": 2}), "fixed to different tables"),
        (Overrides(bye="A"), "a bye is only given when an odd number of players are paired; 6 are paired"),
        (Overrides(bye="G"), "G, who is not paired this round (dropped after round 1)"),
        (Overrides(pairs=(("A", "G"),)), "G, who is not paired this round"),
        (Overrides(bye="A", pairs=(("A", "B"),)), "given the bye and also fixed in a pair"),
    ],
)
def test_invalid_overrides_are_clear_errors(overrides, message):
    req = request(*FIELD, tables=4, overrides=overrides, absent=(Absence("G", "dropped after round 1"),))
    with pytest.raises(PairingError, match=message.replace("(", r"\(").replace(")", r"\)")):
        pair_round(req)


def test_spare_fixed_in_a_pair_when_attendance_is_even_is_an_error():
    req = request(*FIELD, entrant("hj", spare=True), overrides=Overrides(pairs=(("hj", "A"),)))
    with pytest.raises(PairingError, match="hj is a spare player and sits out this round"):
        pair_round(req)


def test_spare_never_takes_a_bye():
    req = request(*FIELD[:5], entrant("hj", spare=True), overrides=Overrides(bye="hj"))
    with pytest.raises(PairingError, match="never takes a bye"):
        pair_round(req)


def test_fixed_tables_that_leave_nobody_to_meet_are_an_error():
    # Two players, each held to a different table: they cannot play each other.
    req = request(entrant("A"), entrant("B"), tables=2, overrides=Overrides(tables={"A": 1, "B": 2}))
    with pytest.raises(PairingError, match="fixed tables"):
        pair_round(req)
