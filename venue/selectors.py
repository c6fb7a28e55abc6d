"""The venue's reads: what a hall screen shows and the announcements in force (docs/venue.md).

The hall screen shows what the public pages show, read through the same selectors and
helpers (the published round's games by table and by name, the standings with their rank
labels, a team tournament's matches and team standings, byes and cut rounds as the pages
say them), never derived again here: only put into plain rows a screen's script lays out.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404

from standings import four_dp_text
from standings.display import standings_state
from tournaments.access import EventAccess
from tournaments.bridges.team_record import event_team_standings
from tournaments.models import Event, EventStatus, Round, RoundStatus
from tournaments.public_rows import (
    STANDINGS_COLUMNS,
    TEAM_TIEBREAK,
    cut_notes,
    rank_labels,
    seats,
    standings_figure,
    team_matches,
)
from tournaments.selectors import round_games, round_progress, standings_cached
from tournaments.views.common import by_table
from venue.models import Announcement

# What one hall screen may show, in the order it rotates through them.
VIEWS = ("pairings", "names", "standings", "announcements")
SHOWABLE = (*VIEWS, "clock")


def announcement_or_404(access: EventAccess, pk: int) -> Announcement:
    """An announcement of the caller's event (the pages and the API load it this way only:
    another event's is a 404, like one that does not exist)."""
    found = Announcement.objects.filter(event=access.event, pk=pk).select_related("event").first()
    if found is None:
        raise Http404("No such announcement.")
    return found


def active_announcements(event: Event, *, with_authors: bool = False) -> list[Announcement]:
    """The announcements in force, newest first (one query, with who posted each if asked)."""
    rows = Announcement.objects.filter(event=event, withdrawn_at__isnull=True).order_by("-created_at", "-pk")
    return list(rows.select_related("created_by") if with_authors else rows)


def recent_announcements(event: Event, limit: int = 20) -> list[Announcement]:
    """The TO's list: the newest announcements, withdrawn ones too (one query)."""
    rows = Announcement.objects.filter(event=event).select_related("created_by", "withdrawn_by")
    return list(rows.order_by("-created_at", "-pk")[:limit])


def screen_data(event: Event) -> dict[str, Any]:
    """Everything a hall screen shows at the event's version, as plain JSON values."""
    published = list(event.rounds.exclude(status=RoundStatus.PAIRED).order_by("number"))
    round_ = published[-1] if published else None
    return {
        "event": event.name,
        "version": event.version,
        "player_word": "Team" if event.team_size else "Player",
        "round": _round_heading(round_),
        **_pairings(event, round_),
        "standings": _team_standings(event) if event.is_team_tournament else _standings(event),
        "announcements": [{"id": a.pk, "text": a.text} for a in active_announcements(event)],
    }


def _round_heading(round_: Round | None) -> dict[str, Any] | None:
    if round_ is None:
        return None
    return {
        "number": round_.number,
        "title": f"Round {round_.number}" + (" · top cut" if round_.is_cut else ""),
        "scenario": round_.scenario_to_play,
        "closed": round_.status == RoundStatus.CLOSED,
    }


def _pairings(event: Event, round_: Round | None) -> dict[str, Any]:
    """The round's games by table (a team tournament: match by match, its block of tables
    with the games so far and the tables still to be paired) and by name."""
    if round_ is None:
        return {"pairings": [], "names": []}
    games = by_table(round_games(round_))
    rows: list[dict[str, Any]] = []
    if event.is_team_tournament:
        for match in team_matches(event, round_, {}):
            row = match["row"]
            if row.team_b is None:
                rows.append(
                    {"kind": "note", "text": f"{row.team_a} has the bye: each of its players scores a bye."}
                )
                continue
            span = f"Tables {row.tables[0]}\N{EN DASH}{row.tables[-1]}: " if row.tables else ""
            rows.append(
                {"kind": "heading", "text": f"{span}{row.team_a} v {row.team_b}", "note": match["result"]}
            )
            rows += [_game_row(line.game) for line in match["lines"]]
            rows += [
                {"kind": "game", "table": str(t), "one": "To be paired", "two": ""} for t in match["unpaired"]
            ]
    else:
        rows = [_game_row(game) for game in games]
    names = [{"name": s.name, "table": s.table, "opponent": s.opponent} for s in seats(games)]
    return {"pairings": rows, "names": names}


def _game_row(game: Any) -> dict[str, Any]:
    return {
        "kind": "game",
        "table": str(game.table.number) if game.table is not None else "—",
        "one": game.player_one.name,
        "two": game.player_two.name if game.player_two is not None else None,  # None: the bye
    }


def _standings(event: Event) -> dict[str, Any]:
    table = standings_cached(event)
    keys = [key for key in event.system.standings_keys if key in STANDINGS_COLUMNS]
    notes = cut_notes(event)
    labels = rank_labels([row.rank for row in table.rows])
    progress = round_progress(event)
    final = table.final and (progress is None or progress.complete)
    return {
        "title": "Standings",
        "final": final,
        "state": standings_state(table, progress),
        "columns": [STANDINGS_COLUMNS[key][0] for key in keys],
        "rows": [
            {
                "rank": label,
                "name": row.name,
                "note": notes.get(row.player, "") or ("" if row.status == "active" else row.status),
                "figures": [standings_figure(row, key) for key in keys],
            }
            for label, row in zip(labels, table.rows, strict=True)
        ],
    }


def _team_standings(event: Event) -> dict[str, Any]:
    table = event_team_standings(event)
    labels = rank_labels([row.rank for row in table.rows])
    final = event.status == EventStatus.FINISHED
    abbr = TEAM_TIEBREAK[table.tiebreak][0]
    return {
        "title": "Team standings",
        "final": final,
        "state": f"{'Final' if final else 'Indicative'} standings after round {table.rounds_played}",
        "columns": ["Points", abbr, "SoS", "oTP"],
        "rows": [
            {
                "rank": label,
                "name": row.name,
                "note": "" if row.status == "active" else row.status,
                "figures": [
                    str(row.match_points),
                    str(row.tiebreak),
                    four_dp_text(row.sos),
                    four_dp_text(row.otp),
                ],
            }
            for label, row in zip(labels, table.rows, strict=True)
        ],
    }
