"""Who goes on from each cut game, in every game system, and the placing that follows.

The seeds are given in the first cut round (`seeds`), so each test reads as a bracket:
p1 is seed 1, p2 seed 2, and so on, whatever the Swiss round said.
"""

from __future__ import annotations

from typing import Any

import pytest

from bracket import (
    BETTER_SEED,
    BYE_WON,
    NOBODY,
    RESULT,
    CutError,
    event_bracket,
    next_round,
    placing,
)
from standings.engine import standings_for_event
from standings.records import PairedGame
from tests.bracket.helpers import cut_event

SEEDS = [f"p{i}" for i in range(1, 9)]
# The first round of eight: 1 v 8, 4 v 5, 2 v 7, 3 v 6.
FIRST = [("p1", "p8"), ("p4", "p5"), ("p2", "p7"), ("p3", "p6")]
SYSTEMS = ["starcraft-tmg", "dropzone-commander", "morsdei", "warpspawn-starcraft"]


def won_by_first(system: str, a: str, b: str) -> dict[str, Any]:
    if system == "warpspawn-starcraft":
        return {"players": [a, b], "winner": a}
    game: dict[str, Any] = {"players": [a, b], "vp": [8, 3]}
    if system == "dropzone-commander":
        game["kp"] = [400, 200]
    return game


def tied(system: str, a: str, b: str) -> dict[str, Any]:
    """A game the system's own rule leaves level."""
    if system == "warpspawn-starcraft":
        return {"players": [a, b], "outcome": "draw"}
    game: dict[str, Any] = {"players": [a, b], "vp": [5, 5]}
    if system == "dropzone-commander":
        game["kp"] = [300, 300]
    return game


def first_round(system: str, **special: dict[str, Any]) -> dict[str, Any]:
    """Round 2 (the first cut round): the better seed wins, except the games in `special`."""
    games = []
    for table, (a, b) in enumerate(FIRST, start=1):
        game = special.get(a) or won_by_first(system, a, b)
        games.append({"table": table, **game})
    return {"seeds": SEEDS, "games": games}


def decision_for(bracket, player):
    return next(d for d in bracket.decisions if player in d.players)


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_tied_game_goes_to_the_better_seed(system):
    # p5 is listed first, but p4 is the better seed.
    event = cut_event(system, cut_rounds=[first_round(system, p4=tied(system, "p5", "p4"))])
    bracket = event_bracket(event)
    decision = decision_for(bracket, "p4")
    assert (decision.winner, decision.how) == ("p4", BETTER_SEED)
    assert bracket.eliminated["p5"] == 2


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_named_winner_stands_even_against_the_result(system):
    game = {**tied(system, "p4", "p5"), "winner": "p5"}
    if system != "warpspawn-starcraft":
        game = {**won_by_first(system, "p4", "p5"), "winner": "p5"}
    event = cut_event(system, cut_rounds=[first_round(system, p4=game)])
    bracket = event_bracket(event)
    assert decision_for(bracket, "p4").winner == "p5"
    assert bracket.eliminated["p4"] == 2


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("outcome", ["concession", "no-show", "game-loss"])
def test_a_concession_no_show_or_game_loss_sends_the_other_player_on(system, outcome):
    game = {"players": ["p1", "p8"], "outcome": outcome, "loser": "p1"}
    event = cut_event(system, cut_rounds=[first_round(system, p1=game)])
    bracket = event_bracket(event)
    assert (decision_for(bracket, "p1").winner, decision_for(bracket, "p1").how) == ("p8", RESULT)
    assert next_round(bracket).games[0] == PairedGame(("p4", "p8"), 1)


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_double_no_show_gives_the_next_opponent_a_bye(system):
    game = {"players": ["p4", "p5"], "outcome": "double-no-show"}
    event = cut_event(system, cut_rounds=[first_round(system, p4=game)])
    bracket = event_bracket(event)
    assert decision_for(bracket, "p4").how == NOBODY
    assert bracket.eliminated["p4"] == bracket.eliminated["p5"] == 2
    semis = next_round(bracket)
    assert semis.number == 3
    assert semis.seeds is None
    assert semis.games == (PairedGame(("p1",)), PairedGame(("p2", "p3"), 1))


def test_kill_points_break_a_vp_tie_in_dropzone():
    # Equal VP; p5, the worse seed, destroyed more.
    game = {"players": ["p4", "p5"], "vp": [6, 6], "kp": [250, 900]}
    event = cut_event("dropzone-commander", cut_rounds=[first_round("dropzone-commander", p4=game)])
    decision = decision_for(event_bracket(event), "p4")
    assert (decision.winner, decision.how) == ("p5", RESULT)


def test_kill_points_do_not_outweigh_victory_points():
    game = {"players": ["p4", "p5"], "vp": [7, 6], "kp": [0, 900]}
    event = cut_event("dropzone-commander", cut_rounds=[first_round("dropzone-commander", p4=game)])
    assert decision_for(event_bracket(event), "p4").winner == "p4"


def test_a_complete_victory_sends_the_other_player_on_whatever_the_vp():
    game = {"players": ["p1", "p8"], "outcome": "complete-victory", "loser": "p1", "vp": [9, 1]}
    event = cut_event("morsdei", cut_rounds=[first_round("morsdei", p1=game)])
    assert decision_for(event_bracket(event), "p1").winner == "p8"


def test_the_whole_cut_to_the_champion_and_its_placing():
    system = "starcraft-tmg"
    semis = {
        "games": [{"table": 1, **won_by_first(system, "p1", "p4")}, {"table": 2, **tied(system, "p3", "p2")}]
    }
    final = {"games": [{"table": 1, **won_by_first(system, "p2", "p1")}]}
    event = cut_event(system, players=10, cut_rounds=[first_round(system), semis, final])
    swiss = standings_for_event(event)
    bracket = event_bracket(event, swiss)
    assert bracket.complete
    assert bracket.champion == "p2"  # won the tied semi-final as seed 2, then the final
    with pytest.raises(CutError, match="the cut is over: its final was round 4"):
        next_round(bracket)
    places = placing(swiss, bracket)
    assert [(p.player, p.rank, p.seed, p.eliminated_in) for p in places[:8]] == [
        ("p2", 1, 2, None),
        ("p1", 2, 1, 4),
        ("p3", 3, 3, 3),
        ("p4", 4, 4, 3),
        ("p5", 5, 5, 2),
        ("p6", 6, 6, 2),
        ("p7", 7, 7, 2),
        ("p8", 8, 8, 2),
    ]
    # p9 and p10 did not enter: they follow in Swiss order, ranked after the cut.
    assert [(p.player, p.rank, p.seed, p.eliminated_in) for p in places[8:]] == [
        ("p9", 9, None, None),
        ("p10", 10, None, None),
    ]


@pytest.mark.parametrize("written", [True, False])
def test_a_bye_advances_whether_or_not_the_file_writes_it(written):
    seeds = SEEDS[:6]  # seeds 1 and 2 have byes: 1 -, 4 v 5, 2 -, 3 v 6
    games: list[dict[str, Any]] = [{"players": ["p1"], "outcome": "bye"}] if written else []
    games += [
        {"table": 1, **tied("starcraft-tmg", "p4", "p5")},
        {"table": 2, **tied("starcraft-tmg", "p3", "p6")},
    ]
    games += [{"players": ["p2"], "outcome": "bye"}] if written else []
    event = cut_event(players=6, size=6, cut_rounds=[{"seeds": seeds, "games": games}])
    bracket = event_bracket(event)
    assert [(d.winner, d.how) for d in bracket.decisions if d.how == BYE_WON] == [
        ("p1", BYE_WON),
        ("p2", BYE_WON),
    ]
    assert next_round(bracket).games == (PairedGame(("p1", "p4"), 1), PairedGame(("p2", "p3"), 2))


def test_a_game_the_bracket_does_not_call_for_is_refused():
    cut_round = first_round("starcraft-tmg")
    cut_round["games"][0] = {"table": 1, "players": ["p1", "p7"], "vp": [3, 1]}
    cut_round["games"][2] = {"table": 3, "players": ["p2", "p8"], "vp": [3, 1]}
    with pytest.raises(CutError, match=r"round 2 \(cut\): p1 v p7 is not a game of the bracket"):
        event_bracket(cut_event(cut_rounds=[cut_round]))


def test_a_round_still_missing_a_result_cannot_be_followed():
    cut_round = first_round("starcraft-tmg")
    del cut_round["games"][1]
    bracket = event_bracket(cut_event(cut_rounds=[cut_round]))
    assert bracket.pending == (PairedGame(("p4", "p5"), 2),)
    assert {"p4", "p5"} <= set(bracket.alive)
    with pytest.raises(CutError, match=r"round 2 \(cut\) has no result for p4 v p5"):
        next_round(bracket)
