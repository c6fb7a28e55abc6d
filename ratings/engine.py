"""Ratings by the Weng-Lin Bayesian approximation (the OpenSkill library's Plackett-Luce
model, docs/ratings.md), per player and game system, from every confirmed one-on-one game.

Why this model: it keeps each player's skill as a mean and an uncertainty (mu, sigma), so a
newcomer's rating moves fast and a regular's slowly, and the uncertainty is shown beside the
rating; it updates game by game in closed form (no iteration to converge, unlike Glicko-2's
volatility step), so re-rating a community's whole history when a result is corrected costs
milliseconds; and the library is typed, maintained and MIT-licensed.

Games are rated in order: events by when they finished, then round by round, then in the
order given. A game between two players rates both from their ratings before it. The shown
rating is the conservative estimate mu - 3 sigma ("ordinal"): a player is at least this
good with about 99.7% confidence, so a newcomer starts at 0 and rises by playing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from openskill.models import PlackettLuce

FIRST = "first"
SECOND = "second"
DRAW = "draw"
_RANKS: dict[str, list[float]] = {FIRST: [1.0, 2.0], SECOND: [2.0, 1.0], DRAW: [1.0, 1.0]}

# The model's published defaults (Weng and Lin 2011; the OpenSkill documentation):
# mu 25, sigma 25/3, beta 25/6, kappa 0.0001, tau 25/300 (the dynamics added each game).
MU = 25.0
SIGMA = 25.0 / 3.0
BETA = 25.0 / 6.0
KAPPA = 0.0001
TAU = 25.0 / 300.0


class RatingsError(ValueError):
    """Games that cannot be rated as given: a stable `code` and one sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative rating shown: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


def initial_rating() -> Rating:
    return Rating(MU, SIGMA)


@dataclass(frozen=True)
class RatedGame:
    """A confirmed one-on-one game: the two players' keys and who won (FIRST, SECOND or DRAW)."""

    players: tuple[str, str]
    result: str
    round: int = 0


@dataclass(frozen=True)
class RatedEvent:
    """An event's games, rated together when the event finishes."""

    id: str
    finished: dt.date
    games: tuple[RatedGame, ...]
    name: str = ""


@dataclass(frozen=True)
class RatingStep:
    """How one event moved one player's rating."""

    event: str
    finished: dt.date
    before: Rating
    after: Rating
    games: int
    wins: int
    draws: int
    losses: int


@dataclass(frozen=True)
class RatingHistory:
    player: str
    steps: tuple[RatingStep, ...]

    @property
    def current(self) -> Rating:
        return self.steps[-1].after if self.steps else initial_rating()

    @property
    def games(self) -> int:
        return sum(step.games for step in self.steps)


def _model() -> PlackettLuce:
    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, kappa=KAPPA, tau=TAU)


def _checked(game: RatedGame, event: str) -> None:
    if len(game.players) != 2 or game.players[0] == game.players[1]:
        raise RatingsError("bad-game", f"{event}: a rated game is between two different players.")
    if game.result not in _RANKS:
        raise RatingsError(
            "bad-result", f"{event}: a game's result is {FIRST}, {SECOND} or {DRAW}, not {game.result!r}."
        )


def rate_events(
    events: Iterable[RatedEvent], *, start: Mapping[str, Rating] | None = None
) -> dict[str, RatingHistory]:
    """Every player's rating history over `events` (any order: rated by finish date, then id)."""
    model = _model()
    current: dict[str, Rating] = dict(start or {})
    steps: dict[str, list[RatingStep]] = {}
    ordered = sorted(events, key=lambda e: (e.finished, e.id))
    ids = [e.id for e in ordered]
    if len(set(ids)) != len(ids):
        raise RatingsError("event-twice", "An event is listed twice.")
    for event in ordered:
        before: dict[str, Rating] = {}
        tally: dict[str, list[int]] = {}
        for game in sorted(event.games, key=lambda g: g.round):
            _checked(game, event.name or event.id)
            a, b = game.players
            for p in (a, b):
                before.setdefault(p, current.get(p, initial_rating()))
                tally.setdefault(p, [0, 0, 0])
            ra = current.get(a, initial_rating())
            rb = current.get(b, initial_rating())
            new_a, new_b = model.rate(
                [[model.rating(mu=ra.mu, sigma=ra.sigma)], [model.rating(mu=rb.mu, sigma=rb.sigma)]],
                ranks=_RANKS[game.result],
            )
            current[a] = Rating(new_a[0].mu, new_a[0].sigma)
            current[b] = Rating(new_b[0].mu, new_b[0].sigma)
            outcome_a = {FIRST: 0, DRAW: 1, SECOND: 2}[game.result]
            tally[a][outcome_a] += 1
            tally[b][2 - outcome_a] += 1
        for player, was in before.items():
            w, d, lo = tally[player]
            steps.setdefault(player, []).append(
                RatingStep(event.id, event.finished, was, current[player], w + d + lo, w, d, lo)
            )
    return {p: RatingHistory(p, tuple(s)) for p, s in steps.items()}
