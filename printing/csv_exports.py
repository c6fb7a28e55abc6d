"""CSV downloads of standings, pairings and rosters: direct, no worker needed.

UTF-8 with a byte-order mark so spreadsheet programs detect the encoding (accented names
survive), CRLF line ends and minimal quoting from the csv module (commas and quotes in
names survive a round trip). Each function returns (filename, mimetype, bytes), like the
PDF renderers.

Rosters: one row per unit or card ("line" column), with the roster's columns repeated on
each row, so a spreadsheet can filter and count units across the field without a join.

Text cells that a spreadsheet would run as a formula (starting with = + - @, tab or
carriage return) get a leading apostrophe: names are typed in by players, and the TO
opens the file (OWASP "CSV injection"). Numbers are written as numbers.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

from bracket import Placing
from printing.sheets import place_labels, roster_page
from rosters.models import Roster
from standings import four_dp_text
from tournaments.models import Event, ResultStatus, Round
from tournaments.selectors import event_cut_view, round_games
from tournaments.spreadsheet import safe_text

CSV_MIMETYPE = "text/csv; charset=utf-8"
Cell = str | int | None


def to_csv(header: Sequence[str], rows: Iterable[Sequence[Cell]]) -> bytes:
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow(
            ["" if cell is None else safe_text(cell) if isinstance(cell, str) else cell for cell in row]
        )
    return buffer.getvalue().encode("utf-8-sig")


def _cut_cells(place: Placing | None) -> tuple[int | None, int | None]:
    return (place.seed, place.eliminated_in) if place is not None else (None, None)


def standings_csv(event: Event) -> tuple[str, str, bytes]:
    """Rank as a number (empty when not placed) and `shared` = "yes" where the place is shared;
    the printed "=3" would read as a formula in a spreadsheet."""
    view = event_cut_view(event)
    standings = view.standings
    places = place_labels(standings.rows)
    # With a top cut: each player's seed and the round they lost in (as `standings --json`).
    cut: tuple[str, ...] = ("cut", "eliminated_in") if event.cut_size is not None else ()
    seeded = {p.player: p for p in view.places or ()}
    state = "final" if standings.final else "indicative"
    # A system that ranks by Kill Points (Dropzone) adds them as a fifth key, after oTP.
    kp: tuple[str, ...] = ("kp",) if standings.kill_points else ()
    header = (
        "rank",
        "shared",
        "player",
        "name",
        "mp",
        "tp",
        "sos",
        "otp",
        *kp,
        "games",
        "status",
        "standings",
        *cut,
    )
    rows = (
        (
            row.rank,
            "yes" if places[row.player].startswith("=") else "",
            row.player,
            row.name,
            row.mp,
            row.tp,
            four_dp_text(row.sos),
            four_dp_text(row.otp),
            *((row.kp,) if kp else ()),
            row.pool,
            row.status,
            state,
            *(
                (
                    getattr(seeded.get(row.player), "seed", None),
                    getattr(seeded.get(row.player), "eliminated_in", None),
                )
                if cut
                else ()
            ),
        )
        for row in standings.rows
    )
    return f"{event.slug}-standings.csv", CSV_MIMETYPE, to_csv(header, rows)


def pairings_csv(event: Event, round_: Round) -> tuple[str, str, bytes]:
    """One row per game; the result columns are filled once the result is confirmed.

    The result columns are the game system's: VP, then Kill Points where it records them
    (Dropzone), or the winner's id where its games have no VP (Warpspawn).
    """
    shape = event.system.results
    kp = shape.kp
    winner = not shape.vp
    header = (
        "round",
        "table",
        "layout",
        "player_one",
        "player_one_name",
        "player_two",
        "player_two_name",
        "outcome",
        "vp_one",
        "vp_two",
        *(("kp_one", "kp_two") if kp else ()),
        *(("winner",) if winner else ()),
        "result_status",
    )
    rows = []
    games = sorted(
        round_games(round_), key=lambda g: (g.table is None, g.table.number if g.table else 0, g.pk)
    )
    for game in games:
        confirmed = game.result_status == ResultStatus.CONFIRMED
        two = game.player_two
        rows.append(
            (
                round_.number,
                game.table.number if game.table is not None else None,
                game.table.layout if game.table is not None else "",
                game.player_one.external_id,
                game.player_one.name,
                two.external_id if two is not None else "",
                two.name if two is not None else "",
                game.outcome if confirmed else "",
                game.vp_one if confirmed else None,
                game.vp_two if confirmed else None,
                *((game.kp_one, game.kp_two) if kp and confirmed else (None, None) if kp else ()),
                *((game.winner.external_id if confirmed and game.winner else "",) if winner else ()),
                game.result_status,
            )
        )
    return f"{event.slug}-round-{round_.number}-pairings.csv", CSV_MIMETYPE, to_csv(header, rows)


def rosters_csv(event: Event, rosters: Iterable[Roster]) -> tuple[str, str, bytes]:
    """`rosters` is what the caller may see (tournaments.selectors.visible_rosters). The
    columns after the common five are the system's own (`GameSystem.roster_sheet`), else
    the verdict's totals and one line of the roster a row."""
    sheet_maker = event.system.roster_sheet
    own: tuple[str, ...] = (
        sheet_maker.csv_header if sheet_maker is not None else ("totals", "line", "item", "note")
    )
    header = ("player", "name", "roster", "faction", "legal", *own)
    rows: list[Sequence[Cell]] = []
    for roster in rosters:
        page = roster_page(
            player=roster.player.name,
            player_id=roster.player.external_id,
            slot=roster.slot,
            document=roster.document if isinstance(roster.document, dict) else {},
            verdict=roster.verdict,
            game_sheet=sheet_maker,
        )
        legal = ("yes" if page.legal else "no") if page.checked else ""
        common: tuple[Cell, ...] = (page.player_id, page.player, page.slot, page.faction, legal)
        if sheet_maker is not None:
            rows.extend((*common, *tail) for tail in sheet_maker.csv_rows(page.game))
            continue
        totals = "; ".join(
            f"{key} {value}" + (f"/{limit}" if limit is not None else "") for key, value, limit in page.totals
        )
        for number, line in enumerate(page.lines, start=1):
            rows.append((*common, totals, number, line.text, line.note))
    return f"{event.slug}-rosters.csv", CSV_MIMETYPE, to_csv(header, rows)
