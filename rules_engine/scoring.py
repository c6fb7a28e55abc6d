"""Turning a game's Victory Points into Match Points and Tournament Points.

The bands are game data: each game system brings its own table per engagement scale,
so the standings engine never hard-codes StarCraft's numbers. A TO may replace a
system's bands or bye score for one event (docs/interchange.md, event/1 `scoring`).

Beyond a VP difference (docs/interchange.md, "Other game systems"): a VP tie won on Kill
Points scores the lowest winning band (Dropzone, DZC:952), and a game without VP scores
its winner the lowest winning band too and a draw the difference-0 band (Warpspawn).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


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

    def score(self, first_vp: int, second_vp: int, *, kp: tuple[int, int] | None = None) -> GameScore:
        """Score a game from both sides' VP (first_vp belongs to the first player).

        With `kp`, a VP tie goes to more Kill Points and scores the lowest winning band;
        equal VP and KP score the difference-0 band (DZC:952).
        """
        if first_vp < 0 or second_vp < 0:
            raise ValueError("Victory Points are never negative")
        if first_vp == second_vp and kp is not None and kp[0] != kp[1]:
            return self.won(first_wins=kp[0] > kp[1])
        band = self.band_for(abs(first_vp - second_vp))
        return self._oriented(band, first_wins=first_vp >= second_vp)

    def won(self, *, first_wins: bool) -> GameScore:
        """A win with no VP margin to go on: the lowest band whose winner outscores its loser."""
        return self._oriented(self.lowest_win, first_wins=first_wins)

    def drawn(self) -> GameScore:
        return self._oriented(self.band_for(0), first_wins=True)

    @staticmethod
    def _oriented(band: ResultBand, *, first_wins: bool) -> GameScore:
        high = SideScore(band.winner_mp, band.winner_tp)
        low = SideScore(band.loser_mp, band.loser_tp)
        return GameScore(band.name, high, low) if first_wins else GameScore(band.name, low, high)

    @property
    def lowest_win(self) -> ResultBand:
        """The band with the smallest margin whose winner MP exceed its loser MP."""
        wins = [band for band in self.bands if band.winner_mp > band.loser_mp]
        if not wins:
            raise ValueError("the scoring bands have no winning band")
        return min(wins, key=lambda band: band.min_difference)

    @property
    def top(self) -> ResultBand:
        """The widest-margin band: what a concession or Game Loss is scored as."""
        return max(self.bands, key=lambda band: band.min_difference)


@dataclass(frozen=True)
class ScoringOverride:
    """A TO's replacement for a system's bands, its bye score, or both (event/1 `scoring`)."""

    bands: tuple[ResultBand, ...] | None = None
    bye: SideScore | None = None

    def apply(self, default: ScoringTable) -> ScoringTable:
        return ScoringTable(self.bands or default.bands, self.bye or default.bye)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.bands is not None:
            out["bands"] = [
                {
                    "name": b.name,
                    "min_difference": b.min_difference,
                    "max_difference": b.max_difference,
                    "winner": [b.winner_mp, b.winner_tp],
                    "loser": [b.loser_mp, b.loser_tp],
                }
                for b in self.bands
            ]
        if self.bye is not None:
            out["bye"] = [self.bye.mp, self.bye.tp]
        return out


def _pair(value: Any, where: str) -> tuple[int, int]:
    if not (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
    ):
        raise ValueError(f"{where} must be [MP, TP], two whole numbers of at least 0")
    return value[0], value[1]


def scoring_from_json(data: Any, where: str = "scoring") -> ScoringOverride:
    """Read event/1 `scoring`; a ValueError names what is wrong and where."""
    if not isinstance(data, Mapping) or not ({"bands", "bye"} & set(data)):
        raise ValueError(f"{where} must be an object with bands, bye or both")
    bands = None
    if "bands" in data:
        raw = data["bands"]
        if not isinstance(raw, list) or not raw:
            raise ValueError(f"{where}.bands must be a non-empty list")
        parsed = []
        for i, band in enumerate(raw):
            at = f"{where}.bands[{i}]"
            if not isinstance(band, Mapping):
                raise ValueError(f"{at} must be an object")
            name, low, high = band.get("name"), band.get("min_difference"), band.get("max_difference")
            if not isinstance(name, str) or not name.strip():
                raise ValueError(f"{at}.name must be a non-empty string")
            if not isinstance(low, int) or isinstance(low, bool) or low < 0:
                raise ValueError(f"{at}.min_difference must be a whole number of at least 0")
            if high is not None and (not isinstance(high, int) or isinstance(high, bool) or high < low):
                raise ValueError(f"{at}.max_difference must be null or at least min_difference")
            win, lose = _pair(band.get("winner"), f"{at}.winner"), _pair(band.get("loser"), f"{at}.loser")
            parsed.append(ResultBand(name, low, high, win[0], win[1], lose[0], lose[1]))
        bands = tuple(parsed)
        try:
            table = ScoringTable(bands)
        except ValueError as exc:
            raise ValueError(f"{where}.bands: {exc}") from None
        zero = table.band_for(0)
        if (zero.winner_mp, zero.winner_tp) != (zero.loser_mp, zero.loser_tp):
            raise ValueError(f"{where}.bands: the band holding a difference of 0 must score both sides alike")
    bye = None
    if "bye" in data:
        mp, tp = _pair(data["bye"], f"{where}.bye")
        bye = SideScore(mp, tp)
    return ScoringOverride(bands, bye)
