"""The bracket drawn as far as it is known: every round's matches from the top, byes,
decided games with who went on and how, paired games waiting for a result, and the
sides still open ("the winner of ...")."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from bracket import event_bracket
from bracket.display import GameFacts, bracket_view
from bracket.layout import MatchState, Side, layout, round_title
from tests.bracket.helpers import cut_event

SEEDS8 = [f"p{i}" for i in range(1, 9)]


def _won(a: str, b: str, table: int) -> dict[str, Any]:
    return {"table": table, "players": [a, b], "vp": [8, 3]}


def test_before_the_results_every_later_side_is_open():
    # The first cut round is paired; one result is in (a game without one is not in the record).
    event = cut_event(cut_rounds=[{"seeds": SEEDS8, "games": [_won("p4", "p5", 2)]}])
    drawn = layout(event_bracket(event))
    assert [r.title for r in drawn.rounds] == ["Quarter-finals", "Semi-finals", "Final"]
    assert [r.number for r in drawn.rounds] == [2, 3, 4]
    quarter = drawn.rounds[0].matches
    assert [m.players for m in quarter] == [("p1", "p8"), ("p4", "p5"), ("p2", "p7"), ("p3", "p6")]
    assert [m.state for m in quarter] == [
        MatchState.PAIRED,
        MatchState.PLAYED,
        MatchState.PAIRED,
        MatchState.PAIRED,
    ]
    assert [m.feeds for m in quarter] == [1, 1, 2, 2]
    semis = drawn.rounds[1].matches
    assert all(m.state is MatchState.WAITING for m in semis)
    assert semis[0].top.side is Side.OPEN  # p1 v p8 has no result yet
    assert semis[0].bottom.player == "p4"  # p4 won theirs and waits there
    assert all(s.side is Side.OPEN for s in (semis[1].top, semis[1].bottom))
    assert drawn.rounds[2].matches[0].feeds is None
    assert drawn.champion is None


def test_results_carry_the_winners_on_and_the_champion_shows():
    quarter = {"seeds": SEEDS8, "games": [
        _won("p1", "p8", 1), _won("p4", "p5", 2),
        {"table": 3, "players": ["p2", "p7"], "vp": [5, 5]},  # tied: the better seed
        {"table": 4, "players": ["p3", "p6"], "vp": [2, 9]},
    ]}  # fmt: skip
    semi = {"games": [_won("p1", "p4", 1), _won("p2", "p6", 2)]}
    final = {"games": [{"table": 1, "players": ["p1", "p2"], "vp": [3, 10]}]}
    drawn = layout(event_bracket(cut_event(cut_rounds=[quarter, semi, final])))
    q = drawn.rounds[0].matches
    assert [m.winner for m in q] == ["p1", "p4", "p2", "p6"]
    assert q[2].decided_by_seed
    assert [m.players for m in drawn.rounds[1].matches] == [("p1", "p4"), ("p2", "p6")]
    assert drawn.rounds[1].matches[1].top.seed == 2
    assert drawn.rounds[1].matches[1].bottom.seed == 6
    assert drawn.rounds[2].matches[0].winner == "p2"
    assert drawn.champion == "p2"


def test_byes_for_the_top_seeds_of_a_bracket_not_full():
    seeds = SEEDS8[:6]
    event = cut_event(players=8, size=6)
    drawn = layout(event_bracket(event))
    first = drawn.rounds[0].matches
    byes = [m for m in first if m.state is MatchState.BYE]
    assert [m.winner for m in byes] == [drawn.rounds[0].matches[0].top.player, first[2].top.player]
    assert [m.top.seed for m in byes] == [1, 2]
    assert all(m.bottom.side is Side.EMPTY for m in byes)
    assert drawn.entrants == len(seeds)
    # The bye's player already stands in the semi-final; the other side waits.
    assert drawn.rounds[1].matches[0].top.seed == 1
    assert drawn.rounds[1].matches[0].bottom.side is Side.OPEN


def test_a_double_no_show_gives_the_next_opponent_a_bye():
    quarter = {"seeds": SEEDS8, "games": [
        _won("p1", "p8", 1),
        {"table": 2, "players": ["p4", "p5"], "outcome": "double-no-show"},
        _won("p2", "p7", 3), _won("p3", "p6", 4),
    ]}  # fmt: skip
    drawn = layout(event_bracket(cut_event(cut_rounds=[quarter])))
    assert drawn.rounds[0].matches[1].nobody_came
    semi = drawn.rounds[1].matches[0]
    assert semi.state is MatchState.BYE
    assert semi.winner == "p1"
    assert semi.bottom.side is Side.EMPTY


def test_round_titles():
    assert [round_title(n) for n in (1, 2, 4, 8, 16)] == [
        "Final",
        "Semi-finals",
        "Quarter-finals",
        "Round of 16",
        "Round of 32",
    ]


@given(st.integers(min_value=2, max_value=32))
def test_every_entrant_is_drawn_once_in_the_first_round_and_byes_are_the_top_seeds(entrants: int):
    event = cut_event(players=max(entrants, 2) + (entrants % 2), size=entrants)
    drawn = layout(event_bracket(event))
    first = drawn.rounds[0].matches
    named = [p for m in first for p in m.players]
    assert sorted(named) == sorted(event_bracket(event).seeds)
    assert len(first) == drawn.size // 2
    bye_seeds = sorted(m.top.seed or m.bottom.seed or 0 for m in first if m.state is MatchState.BYE)
    assert bye_seeds == list(range(1, drawn.size - entrants + 1))
    assert len(drawn.rounds) == drawn.size.bit_length() - 1


def test_the_bracket_in_words():
    quarter = {"seeds": SEEDS8, "games": [
        _won("p1", "p8", 1), _won("p4", "p5", 2),
        {"table": 3, "players": ["p2", "p7"], "vp": [5, 5]},
    ]}  # fmt: skip
    drawn = layout(event_bracket(cut_event(cut_rounds=[quarter])))
    names = {p: f"Player {p[1:]}" for p in SEEDS8}
    facts = {(2, frozenset({"p1", "p8"})): GameFacts(1, {"p1": "8", "p8": "3"})}
    view = bracket_view(drawn, names, facts)
    q1, q2, q3, q4 = view.rounds[0].matches
    assert q2.top.went_on
    assert (q1.title, q1.table, q1.state) == ("Quarter-final 1", 1, "played")
    assert (q1.top.label, q1.top.seed, q1.top.score, q1.top.went_on) == ("Player 1", 1, "8", True)
    assert (q1.bottom.label, q1.bottom.out) == ("Player 8", True)
    assert q3.note == "Tied: the better seed goes on"
    assert q4.state == "paired"
    assert not q4.top.went_on
    assert not q4.top.out
    s1, s2 = view.rounds[1].matches
    assert (s1.top.label, s1.bottom.label) == ("Player 1", "Player 4")
    assert (s2.top.label, s2.bottom.label) == ("Player 2", "Winner of Quarter-final 4")
    [final] = view.rounds[2].matches
    assert (final.title, final.top.label, final.bottom.label) == (
        "Final",
        "Winner of Semi-final 1",
        "Winner of Semi-final 2",
    )
    assert view.champion is None


def test_a_bye_is_said_so():
    drawn = layout(event_bracket(cut_event(players=8, size=6)))
    view = bracket_view(drawn, {})
    first = view.rounds[0].matches[0]
    assert first.state == "bye"
    assert first.bottom.label == "Bye"
    assert first.top.went_on
