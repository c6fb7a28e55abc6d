"""Who enters the cut, and in which seed order (the Swiss standings, then a draw for ties)."""

from __future__ import annotations

import pytest

from bracket import CutError, entrants, event_bracket, event_seeds
from standings.engine import standings_for_event
from standings.records import EventCut
from tests.bracket.helpers import cut_event

# In the helpers' Swiss round p1, p3, p5 and p7 win 9-2 and share first place; the
# losers share fifth.
WINNERS = ["p1", "p3", "p5", "p7"]
LOSERS = ["p2", "p4", "p6", "p8"]


def test_shared_places_go_by_id_without_a_draw():
    event = cut_event(size=6)
    assert event_seeds(event) == ("p1", "p3", "p5", "p7", "p2", "p4")


def test_the_same_draw_gives_the_same_seeds_and_draws_differ():
    event = cut_event(size=6)
    seen = {event_seeds(event, draw=seed) for seed in range(12)}
    assert event_seeds(event, draw=3) == event_seeds(event, draw=3)
    assert len(seen) > 1
    for seeds in seen:
        # A draw only orders players who share a place: the winners stay above the losers.
        assert sorted(seeds[:4]) == WINNERS
        assert set(seeds[4:]) < set(LOSERS)


def test_dropped_and_disqualified_players_do_not_enter_nor_does_the_spare():
    event = cut_event(
        size=4,
        p1={"dropped_after_round": 1},
        p3={"disqualified_after_round": 1},
        p5={"spare": True},
    )
    # p6 lost to the spare, who enters no one's SoS: p6 falls below p8.
    assert event_seeds(event) == ("p7", "p2", "p4", "p8")


def test_a_player_dropped_only_later_still_enters():
    swiss = standings_for_event(cut_event(size=4))
    event = cut_event(size=4, p1={"dropped_after_round": 3})
    assert entrants(swiss, event.players, EventCut(4, 1))[0] == "p1"


def test_with_fewer_eligible_players_than_the_cut_all_of_them_enter():
    assert event_seeds(cut_event(players=5, size=8)) == ("p1", "p3", "p5", "p2", "p4")


def test_a_cut_needs_two_players():
    event = cut_event(players=2, size=2, p2={"dropped_after_round": 1})
    with pytest.raises(CutError, match="the cut needs at least two players; 1 can enter"):
        event_bracket(event)


def test_the_seeds_a_file_records_stand():
    seeds = ["p8", "p1", "p2", "p3"]
    games = [
        {"table": 1, "players": ["p8", "p3"], "vp": [1, 0]},
        {"table": 2, "players": ["p1", "p2"], "vp": [1, 0]},
    ]
    event = cut_event(size=4, cut_rounds=[{"seeds": seeds, "games": games}])
    assert event_seeds(event, draw=99) == tuple(seeds)
