"""OP Guide: Scoring a Game — every band boundary, on both engagement scales.

Each case is one game between A and B; the expected MP/TP are read straight off the
guide's table:

    Result            Standard  Skirmish  Winner       Loser
    Annihilation      10+       8+        3 MP · 5 TP  0 MP · 0 TP
    Decisive Victory  7-9       6-7       3 MP · 4 TP  0 MP · 1 TP
    Breakthrough      3-6       3-5       3 MP · 3 TP  0 MP · 2 TP
    Stalemate         0-2       0-2       1 MP · 2 TP  1 MP · 2 TP
"""

from __future__ import annotations

import pytest

from tests.builders.records import played, player, standings

STANDARD = [
    # (VP difference, band, (winner MP, TP), (loser MP, TP))
    (0, "Stalemate", (1, 2), (1, 2)),
    (2, "Stalemate", (1, 2), (1, 2)),  # top of Stalemate
    (3, "Breakthrough", (3, 3), (0, 2)),  # bottom of Breakthrough
    (6, "Breakthrough", (3, 3), (0, 2)),  # top of Breakthrough
    (7, "Decisive Victory", (3, 4), (0, 1)),  # bottom of Decisive Victory
    (9, "Decisive Victory", (3, 4), (0, 1)),  # top of Decisive Victory
    (10, "Annihilation", (3, 5), (0, 0)),  # bottom of Annihilation
    (25, "Annihilation", (3, 5), (0, 0)),
]
SKIRMISH = [
    (0, "Stalemate", (1, 2), (1, 2)),
    (2, "Stalemate", (1, 2), (1, 2)),
    (3, "Breakthrough", (3, 3), (0, 2)),
    (5, "Breakthrough", (3, 3), (0, 2)),  # Skirmish Breakthrough stops at 5 ...
    (6, "Decisive Victory", (3, 4), (0, 1)),  # ... so 6 is already Decisive
    (7, "Decisive Victory", (3, 4), (0, 1)),
    (8, "Annihilation", (3, 5), (0, 0)),  # Skirmish Annihilation starts at 8
    (9, "Annihilation", (3, 5), (0, 0)),
]


@pytest.mark.parametrize(
    ("scale", "difference", "band", "winner", "loser"),
    [
        *(("standard", *case) for case in STANDARD),
        *(("skirmish", *case) for case in SKIRMISH),
    ],
)
@pytest.mark.parametrize("winner_listed_first", [True, False])
def test_band_boundaries(scale, difference, band, winner, loser, winner_listed_first):
    # A scores 4 + difference VP, B scores 4: A wins by `difference`.
    a_vp, b_vp = 4 + difference, 4
    game = played("a", "b", a_vp, b_vp) if winner_listed_first else played("b", "a", b_vp, a_vp)
    result = standings([player("a"), player("b")], [game], scale=scale)
    assert (result["a"].mp, result["a"].tp) == winner
    assert (result["b"].mp, result["b"].tp) == loser
    assert result["a"].games[0].band == band
    # VP are reported from each player's own side of the table.
    assert result["a"].games[0].vp == (a_vp, b_vp)
    assert result["b"].games[0].vp == (b_vp, a_vp)
    # A played game always enters both pools: each has one opponent.
    assert result["a"].pool == result["b"].pool == 1


def test_a_whole_event_adds_up_game_by_game():
    # Standard. A beats B 12-3 (diff 9: Decisive, 3/4 v 0/1), then A and C draw 8-7
    # (diff 1: Stalemate, 1/2 each). A: 3 + 1 = 4 MP, 4 + 2 = 6 TP.
    result = standings(
        [player("a"), player("b"), player("c"), player("d")],
        [played("a", "b", 12, 3), played("c", "d", 0, 0)],
        [played("a", "c", 8, 7), played("b", "d", 1, 1)],
    )
    assert (result["a"].mp, result["a"].tp) == (4, 6)
    assert [g.band for g in result["a"].games] == ["Decisive Victory", "Stalemate"]
