"""Round one by a seeding announced in advance (OP Guide: Pairings)."""

from __future__ import annotations

import pytest

from pairings.engine import PairingError, pair_round
from tests.pairings.helpers import bye_of, entrant, games_of, request

SEEDS = ("s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8")


def field(n):
    return [entrant(s) for s in SEEDS[:n]]


def test_slide_pairs_top_half_against_bottom_half():
    pairing = pair_round(request(*field(8), number=1, seeding=SEEDS))
    expected = {frozenset(p) for p in [("s1", "s5"), ("s2", "s6"), ("s3", "s7"), ("s4", "s8")]}
    assert games_of(pairing) == expected
    assert pairing.report.method == "announced seeding, slide"


def test_adjacent_pairs_neighbours_in_the_list():
    pairing = pair_round(request(*field(8), number=1, seeding=SEEDS, seeding_style="adjacent"))
    expected = {frozenset(p) for p in [("s1", "s2"), ("s3", "s4"), ("s5", "s6"), ("s7", "s8")]}
    assert games_of(pairing) == expected


def test_odd_seeded_field_gives_the_bye_to_the_lowest_seed():
    pairing = pair_round(request(*field(7), number=1, seeding=SEEDS[:7]))
    assert bye_of(pairing) == "s7"
    assert games_of(pairing) == {frozenset(p) for p in [("s1", "s4"), ("s2", "s5"), ("s3", "s6")]}


def test_seeding_after_round_one_is_an_error():
    with pytest.raises(PairingError, match="only applies to round one"):
        pair_round(request(entrant("s1", 3), entrant("s2"), seeding=("s1", "s2")))


def test_seeding_must_list_everyone():
    with pytest.raises(PairingError, match="the seeding misses s4"):
        pair_round(request(*field(4), number=1, seeding=("s1", "s2", "s3")))


def test_seeding_with_an_unknown_player_is_an_error():
    with pytest.raises(PairingError, match="unknown player 'zz'"):
        pair_round(request(*field(2), number=1, seeding=("s1", "s2", "zz")))


def test_a_spare_who_steps_in_is_seeded_last_when_not_listed():
    pairing = pair_round(request(*field(3), entrant("hj", spare=True), number=1, seeding=SEEDS[:3]))
    assert games_of(pairing) == {frozenset(("s1", "s3")), frozenset(("s2", "hj"))}
