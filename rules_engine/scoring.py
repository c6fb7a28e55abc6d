"""Turning a game's Victory Points into Match Points and Tournament Points.

The bands are game data: each game system brings its own table per engagement scale,
so the standings engine never hard-codes StarCraft's numbers.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ResultBand:
    """One row of a scoring table: a VP-difference range and what each side earns."""

    name: str
    min_difference: int
    max_difference: int | None  # None: no upper bound
    winner_mp: int
    winner_tp: int
    loser_mp: int
    loser_tp: int

    def contains(self, difference: int) -> bool:
        return difference >= self.min_difference and (
            self.max_difference is None or difference <= self.max_difference
        )


@dataclass(frozen=True)
class SideScore:
    mp: int
    tp: int


@dataclass(frozen=True)
class GameScore:
    band: str
    first: SideScore
    second: SideScore


@dataclass(frozen=True)
class ScoringTable:
    """A complete, gap-free set of bands covering every VP difference from 0 upwards."""

    bands: tuple[ResultBand, ...]
    # OP Guide: a bye (and the opponent of a no-show) scores 3 MP and 4 TP.
    bye: SideScore = SideScore(3, 4)

    def __post_init__(self) -> None:
        ordered = sorted(self.bands, key=lambda band: band.min_difference)
        expected = 0
        for band in ordered:
            if band.min_difference != expected:
                raise ValueError(f"scoring bands leave a gap or overlap at VP difference {expected}")
            if band.max_difference is None:
                break
            expected = band.max_difference + 1
        else:
            raise ValueError("scoring bands must end with an open-ended band")

    def band_for(self, difference: int) -> ResultBand:
        if difference < 0:
            raise ValueError("a VP difference is never negative")
        for band in self.bands:
            if band.contains(difference):
                return band
        raise AssertionError("unreachable: the table is gap-free")  # pragma: no cover

    def score(self, first_vp: int, second_vp: int) -> GameScore:
        """Score a game from both sides' VP (first_vp belongs to the first player)."""
        if first_vp < 0 or second_vp < 0:
            raise ValueError("Victory Points are never negative")
        band = self.band_for(abs(first_vp - second_vp))
        high = SideScore(band.winner_mp, band.winner_tp)
        low = SideScore(band.loser_mp, band.loser_tp)
        if first_vp >= second_vp:
            return GameScore(band.name, high, low)
        return GameScore(band.name, low, high)

    @property
    def top(self) -> ResultBand:
        """The widest-margin band: what a concession or Game Loss is scored as."""
        return max(self.bands, key=lambda band: band.min_difference)
