"""The faction charts' geometry: numbers → positions for the SVG the templates draw
(docs/faction-stats.md). Drawn on the server, no script: a bar per faction for its win rate
with the 95% interval as an error bar, and the meeting matrix as a heat grid. The templates
only place what is computed here, so the web page and the PDF draw the same charts.

Sizes are in the SVG's own units; the viewBox is about a phone's width, so the text reads at
its size at 390 px and the chart scales up (never past its CSS max-width) on a wide screen.
"""

from __future__ import annotations

from dataclasses import dataclass

from faction_stats import FactionStats

WIDTH = 360
LABEL_W = 112  # the faction names' column
BAR_X = 118
BAR_W = 170  # 0% .. 100%
ROW_H = 26
TOP = 22  # room for the axis labels
LABEL_CHARS = 17
CELL_MAX = 34
CELL_MIN = 16


def short(name: str, limit: int = LABEL_CHARS) -> str:
    """A name cut to fit the chart's label column (the table beside it has it whole)."""
    return name if len(name) <= limit else name[: limit - 1].rstrip() + "…"


def percent(value: float | None) -> str:
    return "\u2013" if value is None else f"{value * 100:.0f}%"


@dataclass(frozen=True)
class Bar:
    faction: str
    label: str
    y: float  # the row's top
    text_y: float
    bar_y: float
    bar_h: float
    bar_bottom: float
    bar_w: float  # 0 without a game against another faction
    low_x: float | None
    high_x: float | None
    whisker_y: float
    value: str  # "62% · 13 games"
    summary: str  # the row in words, for the bar's <title>


@dataclass(frozen=True)
class BarChart:
    width: int
    height: int
    bars: tuple[Bar, ...]
    axis: tuple[tuple[float, str], ...]  # (x, "50%")
    axis_y: float
    plot_top: float
    plot_bottom: float
    half_x: float
    value_x: float


@dataclass(frozen=True)
class Cell:
    x: float
    y: float
    size: float
    count: int
    fill: str
    light_text: bool
    title: str
    text_x: float
    text_y: float


@dataclass(frozen=True)
class HeatGrid:
    width: int
    height: int
    size: float
    rows: tuple[tuple[float, str, str], ...]  # (text y, "1", label) per faction
    columns: tuple[tuple[float, str], ...]  # (text x, "1")
    cells: tuple[Cell, ...]
    header_y: float


def bar_chart(stats: FactionStats) -> BarChart:
    bars = []
    for i, line in enumerate(stats.lines):
        y = TOP + i * ROW_H
        rate, interval = line.win_rate, line.interval
        games = f"{line.games} game{'s' if line.games != 1 else ''}"
        summary = (
            f"{line.faction}: {percent(rate)} of {games}"
            + (f", 95% interval {percent(interval.low)} to {percent(interval.high)}" if interval else "")
            + (f"; {line.mirrors} mirror" + ("s" if line.mirrors != 1 else "") if line.mirrors else "")
        )
        bars.append(
            Bar(
                faction=line.faction,
                label=short(line.faction),
                y=y,
                text_y=y + ROW_H / 2 + 4,
                bar_y=y + 6,
                bar_h=ROW_H - 12,
                bar_bottom=y + ROW_H - 6,
                bar_w=round((rate or 0.0) * BAR_W, 1),
                low_x=round(BAR_X + interval.low * BAR_W, 1) if interval else None,
                high_x=round(BAR_X + interval.high * BAR_W, 1) if interval else None,
                whisker_y=y + ROW_H / 2,
                value=f"{percent(rate)} · {line.games}",
                summary=summary,
            )
        )
    bottom = TOP + len(bars) * ROW_H
    axis = tuple((BAR_X + f * BAR_W, f"{int(f * 100)}%") for f in (0.0, 0.5, 1.0))
    return BarChart(
        width=WIDTH,
        height=int(bottom + 6),
        bars=tuple(bars),
        axis=axis,
        axis_y=TOP - 8,
        plot_top=TOP - 4,
        plot_bottom=bottom,
        half_x=BAR_X + BAR_W / 2,
        value_x=BAR_X + BAR_W + 6,
    )


def _shade(share: float) -> tuple[str, bool]:
    """A blue from pale (few meetings) to deep (the most): the fill, and whether its number
    is written light (the darker half) to keep 4.5:1 contrast."""
    pale, deep = (0xE8, 0xF0, 0xFE), (0x0B, 0x3D, 0x91)
    rgb = tuple(round(p + (d - p) * share) for p, d in zip(pale, deep, strict=True))
    return "#{:02x}{:02x}{:02x}".format(*rgb), share >= 0.45


def heat_grid(stats: FactionStats) -> HeatGrid:
    count = len(stats.factions)
    size = max(CELL_MIN, min(CELL_MAX, (WIDTH - LABEL_W - 8) / max(count, 1)))
    top = 20
    most = max((n for row in stats.matrix for n in row), default=0) or 1
    cells = []
    for i, one in enumerate(stats.factions):
        for j, other in enumerate(stats.factions):
            n = stats.matrix[i][j]
            fill, light = _shade(n / most) if n else ("#ffffff", False)
            x, y = LABEL_W + j * size, top + i * size
            what = "mirror game" if i == j else f"game{'' if n == 1 else 's'} against {other}"
            title = f"{one}: {n} mirror game{'' if n == 1 else 's'}" if i == j else f"{one}: {n} {what}"
            cells.append(
                Cell(
                    x=round(x, 1),
                    y=round(y, 1),
                    size=round(size, 1),
                    count=n,
                    fill=fill,
                    light_text=light,
                    title=title,
                    text_x=round(x + size / 2, 1),
                    text_y=round(y + size / 2 + 4, 1),
                )
            )
    return HeatGrid(
        width=int(max(WIDTH, LABEL_W + count * size + 2)),
        height=int(top + count * size + 4),
        size=round(size, 1),
        rows=tuple(
            (round(top + i * size + size / 2 + 4, 1), str(i + 1), short(f"{i + 1} {name}", LABEL_CHARS + 2))
            for i, name in enumerate(stats.factions)
        ),
        columns=tuple((round(LABEL_W + j * size + size / 2, 1), str(j + 1)) for j in range(count)),
        cells=tuple(cells),
        header_y=top - 6,
    )


@dataclass(frozen=True)
class TableRow:
    faction: str
    games: int
    wins: int
    draws: int
    losses: int
    mirrors: int
    rate: str
    low: str
    high: str


@dataclass(frozen=True)
class MatrixRow:
    number: int
    faction: str
    counts: tuple[int, ...]


@dataclass(frozen=True)
class FactionCharts:
    """Everything the charts' template draws (the web page's and the PDF's alike)."""

    stats: FactionStats
    rows: tuple[TableRow, ...]
    matrix: tuple[MatrixRow, ...]
    bars: BarChart
    grid: HeatGrid
    unknown: int  # games left out: a side without a faction


def faction_charts(stats: FactionStats, *, unknown: int = 0) -> FactionCharts:
    dash = "\u2013"
    rows = tuple(
        TableRow(
            faction=line.faction,
            games=line.games,
            wins=line.wins,
            draws=line.draws,
            losses=line.losses,
            mirrors=line.mirrors,
            rate=percent(line.win_rate),
            low=percent(line.interval.low) if line.interval else dash,
            high=percent(line.interval.high) if line.interval else dash,
        )
        for line in stats.lines
    )
    matrix = tuple(
        MatrixRow(number=i + 1, faction=faction, counts=stats.matrix[i])
        for i, faction in enumerate(stats.factions)
    )
    return FactionCharts(stats, rows, matrix, bar_chart(stats), heat_grid(stats), unknown)
