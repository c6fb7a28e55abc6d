"""The bracket's shape: the standard seed order, byes, and who can meet whom."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bracket import bracket_order, bracket_size, next_round, replay, slots
from rules_engine.deciding import more_vp
from standings.records import CUT, EventCut, EventGame, EventRound, PairedGame


@pytest.mark.parametrize(
    ("size", "order"),
    [
        (2, (1, 2)),
        (4, (1, 4, 2, 3)),
        (8, (1, 8, 4, 5, 2, 7, 3, 6)),
        (16, (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11)),
    ],
)
def test_the_standard_bracket_order(size, order):
    assert bracket_order(size) == order


@pytest.mark.parametrize("size", [0, 3, 6, 12])
def test_a_bracket_holds_a_power_of_two(size):
    with pytest.raises(ValueError, match="power of two"):
        bracket_order(size)


@pytest.mark.parametrize(("entrants", "size"), [(2, 2), (3, 4), (4, 4), (5, 8), (8, 8), (9, 16), (16, 16)])
def test_the_bracket_is_the_smallest_power_of_two_holding_everyone(entrants, size):
    assert bracket_size(entrants) == size


def test_six_entrants_give_the_two_best_seeds_a_bye():
    seeds = [f"s{i}" for i in range(1, 7)]
    assert slots(seeds) == ("s1", None, "s4", "s5", "s2", None, "s3", "s6")
    first = next_round(replay(EventCut(6, 3), seeds, (), more_vp))
    assert first.number == 4
    assert first.seeds == tuple(seeds)
    assert first.games == (
        PairedGame(("s1",)),
        PairedGame(("s4", "s5"), 1),
        PairedGame(("s2",)),
        PairedGame(("s3", "s6"), 2),
    )


def _play_out(entrants: int, rng: random.Random) -> list[EventRound]:
    """Every round of a bracket of `entrants` seeds, each game won by a coin toss (on VP)."""
    seeds = [f"s{i}" for i in range(1, entrants + 1)]
    cut = EventCut(entrants, 1)
    rounds: list[EventRound] = []
    while True:
        bracket = replay(cut, seeds, rounds, more_vp)
        if bracket.complete:
            return rounds
        planned = next_round(bracket)
        games = []
        for game in planned.games:
            if game.is_bye:
                games.append(EventGame(game.players, outcome="bye"))
            else:
                games.append(
                    EventGame(game.players, vp=(rng.randint(0, 1), rng.randint(0, 1)), table=game.table)
                )
        rounds.append(EventRound(planned.number, tuple(games), stage=CUT, seeds=planned.seeds))


@given(entrants=st.integers(min_value=2, max_value=40), toss=st.integers(min_value=0, max_value=2**32))
def test_seeds_one_and_two_meet_only_in_the_final(entrants, toss):
    rounds = _play_out(entrants, random.Random(toss))
    final = rounds[-1].number
    for round_ in rounds:
        for game in round_.games:
            if set(game.players) == {"s1", "s2"}:
                assert round_.number == final


@given(entrants=st.integers(min_value=2, max_value=40), toss=st.integers(min_value=0, max_value=2**32))
def test_every_entrant_is_in_the_bracket_once_and_plays_once_a_round_until_out(entrants, toss):
    seeds = [f"s{i}" for i in range(1, entrants + 1)]
    placed = [s for s in slots(seeds) if s is not None]
    assert sorted(placed) == sorted(seeds)
    rounds = _play_out(entrants, random.Random(toss))
    bracket = replay(EventCut(entrants, 1), seeds, rounds, more_vp)
    for round_ in rounds:
        players = [p for g in round_.games for p in g.players]
        assert len(players) == len(set(players))
        in_before = {p for p in seeds if bracket.eliminated.get(p, 10**6) >= round_.number}
        assert set(players) == in_before
    assert bracket.champion is not None
    assert len(bracket.eliminated) == entrants - 1
    assert len(rounds) == bracket_size(entrants).bit_length() - 1


@given(entrants=st.integers(min_value=2, max_value=64))
def test_byes_go_to_the_top_seeds_only(entrants):
    seeds = [f"s{i}" for i in range(1, entrants + 1)]
    first = next_round(replay(EventCut(entrants, 1), seeds, (), more_vp))
    byes = [game.players[0] for game in first.games if game.is_bye]
    top = [f"s{i}" for i in range(1, bracket_size(entrants) - entrants + 1)]
    assert sorted(byes, key=lambda s: int(s[1:])) == top
    assert all(game.table is None for game in first.games if game.is_bye)
    tables = [game.table for game in first.games if not game.is_bye]
    assert tables == list(range(1, len(tables) + 1))
    for game in first.games:
        if not game.is_bye:
            better, worse = (int(p[1:]) for p in game.players)
            assert better < worse
