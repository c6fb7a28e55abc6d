"""The team standings as JSON and as a plain-text table, for `manage.py standings` on a team
tournament's file and for the API (docs/team-matches.md, "Team standings").

The JSON mirrors the player standings' (docs/interchange.md, `standings --json`): placed
teams in standings order, shared ranks written 1, 2, 2, 4, then the disqualified teams with
`"rank": null`; SoS and oTP to four decimals, compared unrounded.
"""

from __future__ import annotations

from typing import Any

from standings.display import four_dp, four_dp_text
from team_match.standings import TeamStandings, TieBreak

TIEBREAK_LABELS = {TieBreak.GAMES_WON: "games won", TieBreak.GAME_POINTS: "game points"}


def team_standings_rows(standings: TeamStandings) -> list[dict[str, Any]]:
    """One object per team: `rank`, `team`, `name`, `mp` (team match points), `games_won`,
    `game_points`, `tiebreak` (the one of the two the TO ranks by), `sos`, `otp`, `matches`
    (decided so far, a bye included), `placed` and `status`."""
    return [
        {
            "rank": row.rank,
            "team": row.team,
            "name": row.name,
            "mp": row.match_points,
            "games_won": row.games_won,
            "game_points": row.game_points,
            "tiebreak": row.tiebreak,
            "sos": four_dp(row.sos),
            "otp": four_dp(row.otp),
            "matches": len(row.matches),
            "placed": row.placed,
            "status": row.status,
        }
        for row in standings.rows
    ]


def team_standings_table(standings: TeamStandings, title: str = "") -> str:
    """A plain-text table a TO can read aloud: rank, team, match points, the tie-break, SoS, oTP."""
    second = TIEBREAK_LABELS[standings.tiebreak]
    header = ("Rank", "Team", "MP", second.capitalize(), "SoS", "oTP", "Matches", "")
    body = [
        (
            "-" if row.rank is None else str(row.rank),
            f"{row.name} ({row.team})",
            str(row.match_points),
            str(row.tiebreak),
            four_dp_text(row.sos),
            four_dp_text(row.otp),
            str(len(row.matches)),
            "" if row.status == "active" else row.status,
        )
        for row in standings.rows
    ]
    widths = [max(len(r[c]) for r in [header, *body]) for c in range(len(header))]
    right = set(range(len(header) - 1)) - {1}

    def render(cells: tuple[str, ...]) -> str:
        pairs = enumerate(zip(cells, widths, strict=True))
        return "  ".join(cell.rjust(w) if c in right else cell.ljust(w) for c, (cell, w) in pairs).rstrip()

    heading = title or "Team standings"
    lines = [heading, "", render(header), render((*("-" * w for w in widths[:-1]), ""))]
    lines += [render(r) for r in body]
    lines += [
        "",
        f"MP: team match points (3 a win, 1 a draw); then {second}, SoS and oTP over the matches "
        "decided so far (a match counts once all its games have a result; byes count for neither).",
    ]
    return "\n".join(lines)
