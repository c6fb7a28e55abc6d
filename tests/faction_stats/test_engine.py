"""The pure faction statistics (docs/faction-stats.md): counting, mirrors, the Wilson
interval against hand numbers, and properties over random fields of games."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from faction_stats import A_WON, B_WON, DRAW, FactionGame, FactionStats, faction_stats, wilson_interval
from faction_stats.engine import FactionStatsError, Result


def test_counts_wins_draws_losses_for_both_sides() -> None:
    stats = faction_stats(
        [
            FactionGame("Red", "Blue", A_WON),
            FactionGame("Blue", "Red", A_WON),
            FactionGame("Red", "Green", DRAW),
            FactionGame("Green", "Blue", B_WON),
        ]
    )
    red, blue, green = stats.line("Red"), stats.line("Blue"), stats.line("Green")
    assert (red.games, red.wins, red.draws, red.losses) == (3, 1, 1, 1)
    assert (blue.games, blue.wins, blue.draws, blue.losses) == (3, 2, 0, 1)
    assert (green.games, green.wins, green.draws, green.losses) == (2, 0, 1, 1)
    assert red.win_rate == pytest.approx(1.5 / 3)
    assert blue.win_rate == pytest.approx(2 / 3)
    assert green.win_rate == pytest.approx(0.25)
    # Best win rate first.
    assert [line.faction for line in stats.lines] == ["Blue", "Red", "Green"]
    assert stats.games == 4
    assert stats.mirrors == 0


def test_mirror_matches_are_counted_apart() -> None:
    stats = faction_stats(
        [
            FactionGame("Red", "Red", A_WON),
            FactionGame("Red", "Red", DRAW),
            FactionGame("Red", "Blue", B_WON),
            FactionGame("Gold", "Gold", B_WON),
        ]
    )
    red = stats.line("Red")
    assert (red.games, red.wins, red.draws, red.losses, red.mirrors) == (1, 0, 0, 1, 2)
    assert red.win_rate == 0.0
    gold = stats.line("Gold")
    # A faction that only met itself has no win rate, but is listed with its mirrors.
    assert (gold.games, gold.mirrors, gold.win_rate, gold.interval) == (0, 1, None, None)
    assert stats.lines[-1].faction == "Gold"
    assert stats.factions == ("Blue", "Gold", "Red")
    assert stats.met("Red", "Red") == 2
    assert stats.met("Red", "Blue") == stats.met("Blue", "Red") == 1
    assert stats.met("Gold", "Blue") == 0
    assert stats.games == 4
    assert stats.mirrors == 3


def test_no_games_no_lines() -> None:
    assert faction_stats([]) == FactionStats(lines=(), factions=(), matrix=(), games=0, mirrors=0)


def test_the_worked_example_of_the_docs() -> None:
    """docs/faction-stats.md: 7 wins, 2 draws, 1 loss: 8 of 10, p = 0.8, z = 1.96:
    centre 0.99208 / 1.38416 = 0.71673, half-width 1.96 · √0.025604 / 1.38416 = 0.22658."""
    interval = wilson_interval(8, 10, 1.96)
    assert interval.low == pytest.approx(0.49016, abs=5e-6)
    assert interval.high == pytest.approx(0.94332, abs=5e-6)
    line = faction_stats(
        [FactionGame("Red", "Blue", A_WON)] * 7
        + [FactionGame("Blue", "Red", DRAW)] * 2
        + [FactionGame("Blue", "Red", A_WON)]
    ).line("Red")
    assert line.win_rate == pytest.approx(0.8)
    assert line.interval is not None
    assert line.interval.low == pytest.approx(0.4902, abs=5e-4)
    assert line.interval.high == pytest.approx(0.9433, abs=5e-4)


@pytest.mark.parametrize(
    ("successes", "n", "low", "high"),
    [
        (0, 5, 0.0, 0.43449),  # no wins: the interval still reaches past 40%
        (5, 5, 0.56551, 1.0),
        (3, 4, 0.30064, 0.95441),
        (50, 100, 0.40383, 0.59617),
    ],
)
def test_wilson_against_hand_numbers(successes: float, n: int, low: float, high: float) -> None:
    interval = wilson_interval(successes, n, 1.96)
    assert interval.low == pytest.approx(low, abs=1e-5)
    assert interval.high == pytest.approx(high, abs=1e-5)


def test_wilson_refuses_what_is_no_proportion() -> None:
    with pytest.raises(FactionStatsError):
        wilson_interval(1, 0)
    with pytest.raises(FactionStatsError):
        wilson_interval(3, 2)


def test_a_game_names_both_factions_and_a_known_result() -> None:
    with pytest.raises(FactionStatsError):
        FactionGame("", "Blue", A_WON)
    with pytest.raises(FactionStatsError):
        FactionGame("Red", "Blue", "won")  # type: ignore[arg-type]


FACTIONS = st.sampled_from(["Red", "Blue", "Green", "Gold"])
RESULTS: st.SearchStrategy[Result] = st.sampled_from([A_WON, DRAW, B_WON])
GAMES = st.lists(st.builds(FactionGame, FACTIONS, FACTIONS, RESULTS), max_size=60)


@given(GAMES)
def test_every_win_is_someone_s_loss(games: list[FactionGame]) -> None:
    stats = faction_stats(games)
    assert sum(line.wins for line in stats.lines) == sum(line.losses for line in stats.lines)
    assert sum(line.draws for line in stats.lines) % 2 == 0
    non_mirrors = sum(1 for g in games if g.faction_a != g.faction_b)
    assert sum(line.games for line in stats.lines) == 2 * non_mirrors
    assert sum(line.mirrors for line in stats.lines) == stats.mirrors == len(games) - non_mirrors
    assert stats.games == len(games)


@given(GAMES)
def test_the_matrix_is_symmetric_and_adds_up(games: list[FactionGame]) -> None:
    stats = faction_stats(games)
    size = len(stats.factions)
    assert all(stats.matrix[i][j] == stats.matrix[j][i] for i in range(size) for j in range(size))
    for i, faction in enumerate(stats.factions):
        line = stats.line(faction)
        assert stats.matrix[i][i] == line.mirrors
        assert sum(stats.matrix[i]) - stats.matrix[i][i] == line.games
    upper = sum(stats.matrix[i][j] for i in range(size) for j in range(i, size))
    assert upper == len(games)


@given(GAMES)
def test_the_rate_lies_inside_its_interval(games: list[FactionGame]) -> None:
    for line in faction_stats(games).lines:
        assert line.games == line.wins + line.draws + line.losses
        if line.win_rate is None:
            assert line.games == 0
            continue
        assert line.interval is not None
        assert 0 <= line.interval.low <= line.win_rate <= line.interval.high <= 1
        assert math.isclose(line.win_rate, (line.wins + line.draws / 2) / line.games)


@given(GAMES)
def test_swapping_sides_changes_nothing(games: list[FactionGame]) -> None:
    flipped = {A_WON: B_WON, B_WON: A_WON, DRAW: DRAW}
    swapped = [FactionGame(g.faction_b, g.faction_a, flipped[g.result]) for g in games]
    assert faction_stats(swapped) == faction_stats(games)


@pytest.mark.parametrize("n", range(1, 200))
def test_no_wins_start_the_interval_at_zero_and_all_wins_end_it_at_one(n: int) -> None:
    """Exactly, not within 1e-17: a rate of 0 must lie inside its own interval."""
    assert wilson_interval(0, n).low == 0.0
    assert wilson_interval(n, n).high == 1.0
