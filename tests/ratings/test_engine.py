"""The rating engine against hand-worked updates from the model's published description
(Weng and Lin 2011, "A Bayesian Approximation Method for Online Ranking", Algorithm 4,
Plackett-Luce; with OpenSkill's documented dynamics tau added to sigma before each game),
and its properties."""

from __future__ import annotations

import datetime as dt
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ratings import DRAW, FIRST, SECOND, RatedEvent, RatedGame, Rating, RatingsError, rate_events
from ratings.engine import BETA, KAPPA, TAU

DAY = dt.date(2026, 3, 1)


def one_game(result: str, start: dict[str, Rating] | None = None) -> tuple[Rating, Rating]:
    history = rate_events([RatedEvent("e1", DAY, (RatedGame(("ann", "ben"), result),))], start=start)
    return history["ann"].current, history["ben"].current


def hand_update(mu: float, sigma: float, omega_sign: float, p_self: float, c: float) -> tuple[float, float]:
    """One player's update by Algorithm 4 for a two-player game: Omega = sigma^2/c * (s - p),
    Delta = gamma * sigma^2/c^2 * p(1-p), gamma = sigma/c; mu' = mu + Omega,
    sigma' = sigma * sqrt(max(1 - Delta, kappa))."""
    omega = sigma * sigma / c * omega_sign
    delta = (sigma / c) * sigma * sigma / (c * c) * p_self * (1 - p_self)
    return mu + omega, sigma * math.sqrt(max(1 - delta, KAPPA))


def test_two_newcomers_the_winner_gains_what_the_loser_loses():
    ann, ben = one_game(FIRST)
    # By hand: sigma_t^2 = (25/3)^2 + (25/300)^2; c^2 = 2 sigma_t^2 + 2 beta^2; p = 1/2 each.
    sigma_t = math.sqrt((25 / 3) ** 2 + TAU**2)
    c = math.sqrt(2 * sigma_t**2 + 2 * BETA**2)
    mu_a, sigma_a = hand_update(25, sigma_t, 1 - 0.5, 0.5, c)
    mu_b, sigma_b = hand_update(25, sigma_t, -0.5, 0.5, c)
    assert ann.mu == pytest.approx(mu_a, abs=1e-9)
    assert ann.sigma == pytest.approx(sigma_a, abs=1e-9)
    assert ben.mu == pytest.approx(mu_b, abs=1e-9)
    assert ben.sigma == pytest.approx(sigma_b, abs=1e-9)
    # The numbers themselves, to four places.
    assert (round(ann.mu, 4), round(ann.sigma, 4), round(ben.mu, 4)) == (27.6354, 8.0659, 22.3646)


def test_an_upset_moves_the_favourite_down_less_than_the_newcomer_up():
    start = {"ann": Rating(30.0, 4.0), "ben": Rating(20.0, 6.0)}
    ann, ben = one_game(SECOND, start)
    sa, sb = math.sqrt(16 + TAU**2), math.sqrt(36 + TAU**2)
    c = math.sqrt(sa**2 + sb**2 + 2 * BETA**2)
    pa = math.exp(30 / c) / (math.exp(30 / c) + math.exp(20 / c))
    mu_a, sigma_a = hand_update(30, sa, -pa, pa, c)  # the loser: s = 0
    mu_b, sigma_b = hand_update(20, sb, 1 - (1 - pa), 1 - pa, c)  # the winner: s = 1
    assert [ann.mu, ann.sigma] == pytest.approx([mu_a, sigma_a], abs=1e-9)
    assert [ben.mu, ben.sigma] == pytest.approx([mu_b, sigma_b], abs=1e-9)
    assert (round(ann.mu, 4), round(ben.mu, 4)) == (28.719, 22.8815)
    assert 30 - ann.mu < ben.mu - 20  # the surer rating moves less


def test_a_draw_between_equals_changes_no_mean_and_narrows_both():
    ann, ben = one_game(DRAW)
    assert ann.mu == pytest.approx(25)
    assert ben.mu == pytest.approx(25)
    assert ann.sigma < 25 / 3


def test_events_are_rated_in_the_order_they_finished_and_each_is_a_step():
    later = RatedEvent("b", DAY + dt.timedelta(days=7), (RatedGame(("ann", "cy"), SECOND, round=1),))
    first = RatedEvent(
        "a", DAY, (RatedGame(("ann", "ben"), FIRST, round=1), RatedGame(("ann", "cy"), DRAW, round=2))
    )
    history = rate_events([later, first])
    steps = history["ann"].steps
    assert [s.event for s in steps] == ["a", "b"]
    assert (steps[0].wins, steps[0].draws, steps[0].losses, steps[0].games) == (1, 1, 0, 2)
    assert steps[1].before == steps[0].after
    assert history["ann"].games == 3
    assert history["ben"].current.ordinal < 0  # a newcomer who lost: below the start of 0


def test_bad_games_are_refused_with_a_code():
    with pytest.raises(RatingsError) as caught:
        rate_events([RatedEvent("e", DAY, (RatedGame(("ann", "ann"), FIRST),))])
    assert caught.value.code == "bad-game"
    with pytest.raises(RatingsError) as caught:
        rate_events([RatedEvent("e", DAY, (RatedGame(("ann", "ben"), "won"),))])
    assert caught.value.code == "bad-result"
    with pytest.raises(RatingsError) as caught:
        rate_events([RatedEvent("e", DAY, ()), RatedEvent("e", DAY, ())])
    assert caught.value.code == "event-twice"


players = st.sampled_from(["ann", "ben", "cy", "dee"])


@given(st.lists(st.tuples(players, players, st.sampled_from([FIRST, SECOND, DRAW])), max_size=30))
def test_a_winner_never_loses_rating_and_uncertainty_stays_bounded(games):
    events = []
    for i, (a, b, result) in enumerate(games):
        if a == b:
            continue
        events.append(RatedEvent(f"e{i:02}", DAY + dt.timedelta(days=i), (RatedGame((a, b), result),)))
    history = rate_events(events)
    for player in history.values():
        for step in player.steps:
            assert 0 < step.after.sigma <= math.sqrt(step.before.sigma**2 + TAU**2) + 1e-12
            if step.wins == 1:
                assert step.after.mu > step.before.mu
            if step.losses == 1:
                assert step.after.mu < step.before.mu
