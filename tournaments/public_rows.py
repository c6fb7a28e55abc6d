"""The rows the public pages show of a round and of the standings, in words and figures:
who sits where, each table's game, a team tournament's matches, shared placements, the
standings' columns and the top cut's notes. The pairings and standings pages and the hall
screen (venue/) show the same rows, so they are made here, once."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from rules_engine.names import name_key
from standings import four_dp_text
from standings.engine import Standing
from team_match.standings import TieBreak
from tournaments.bridges.team_record import event_team_standings
from tournaments.models import Event, Game, Round
from tournaments.selectors import event_cut_view
from tournaments.team_selectors import public_matches

# A team tournament's tie-break after match points, as its standings' column (docs/team-matches.md).
TEAM_TIEBREAK = {
    TieBreak.GAMES_WON: ("GW", "Games won"),
    TieBreak.GAME_POINTS: ("GP", "Game points"),
}


@dataclass(frozen=True)
class Seat:
    """One line of the "find your table" list: a player, where they sit and against whom."""

    name: str
    table: str
    layout: str
    opponent: str
    player: str = ""  # external id: the page's script marks the caller's own row by it
    faction: str = ""  # empty until rosters are public (selectors.public_factions)


@dataclass(frozen=True)
class PairingRow:
    """One table of the "by table" list: the game and each side's faction (empty until
    rosters are public, OP Guide: Submission and Publication)."""

    game: Game
    faction_one: str
    faction_two: str


def pairing_rows(games: list[Game], factions: dict[str, str]) -> list[PairingRow]:
    return [
        PairingRow(
            game,
            factions.get(game.player_one.external_id, ""),
            factions.get(game.player_two.external_id, "") if game.player_two is not None else "",
        )
        for game in games
    ]


def seats(games: list[Game], factions: dict[str, str] | None = None) -> list[Seat]:
    factions = factions or {}
    out = []
    for game in games:
        table = str(game.table.number) if game.table is not None else "—"
        layout = game.table.layout if game.table is not None else ""
        one, two = game.player_one, game.player_two
        mine = factions.get(one.external_id, "")
        if two is None:
            out.append(Seat(one.name, table, layout, "Bye", one.external_id, mine))
            continue
        theirs = factions.get(two.external_id, "")
        out.append(Seat(one.name, table, layout, two.name, one.external_id, mine))
        out.append(Seat(two.name, table, layout, one.name, two.external_id, theirs))
    # Alphabetical as people read a list: accents and case ignored (Álvaro with the A's).
    return sorted(out, key=lambda seat: (name_key(seat.name), seat.name))


def team_matches(event: Event, round_: Round, factions: dict[str, str]) -> list[dict[str, Any]]:
    """Each match of a team tournament's round: its games so far as pairing rows, the
    tables of its block still to be paired, and its result once decided."""
    out = []
    for match in public_matches(round_, event_team_standings(event)):
        row = match.row
        out.append(
            {
                "row": row,
                "result": match.result,
                "lines": pairing_rows([g.game for g in row.games], factions),
                "unpaired": row.tables[len(row.games) :],
            }
        )
    return out


def rank_labels(ranks: list[int | None]) -> list[str]:
    """Shared placements read "=3" (OP Guide: Standings Order — identical on all four, shared)."""
    counts = Counter(r for r in ranks if r is not None)
    return ["—" if r is None else (f"={r}" if counts[r] > 1 else str(r)) for r in ranks]


# Each standings key: its heading and what the heading stands for.
STANDINGS_COLUMNS = {
    "mp": ("MP", "Match Points"),
    "tp": ("TP", "Tournament Points"),
    "sos": ("SoS", "Strength of Schedule"),
    "otp": ("oTP", "Opponents' Tournament Points"),
}


def standings_figure(row: Standing, key: str) -> str:
    value = getattr(row, key)
    return four_dp_text(value) if key in ("sos", "otp") else str(value)


def indicative_note(settled_last: list[str]) -> str:
    """What only the final tallies settle (OP Guide: When to Calculate Them), in the columns shown."""
    if not settled_last:
        return ""
    one = len(settled_last) == 1
    names = " and ".join(settled_last)
    return (
        f"{names} {'is' if one else 'are'} worked out from final tallies after the last round; "
        f"until then {'it is' if one else 'they are'} indicative only."
    )


def cut_notes(event: Event) -> dict[str, str]:
    """Each cut player's line under their name once the cut has begun: their seed and how far
    they went (docs/standings.md, "With a top cut")."""
    view = event_cut_view(event)
    if view.places is None or view.bracket is None:
        return {}
    champion = view.champion
    notes = {}
    for place in view.places:
        if place.seed is None:
            continue
        if place.player == champion:
            how = "champion"
        elif place.eliminated_in is not None:
            how = f"out in round {place.eliminated_in}"
        else:
            how = "still in"
        notes[place.player] = f"Top cut seed {place.seed}, {how}"
    return notes
