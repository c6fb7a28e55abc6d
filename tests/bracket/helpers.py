"""Event files with a top cut, for any game system: one Swiss round, then the cut rounds given."""

from __future__ import annotations

from typing import Any

from standings.eventfile import parse_event
from standings.records import EventFile

SCALES = {"dropzone-commander": "clash"}


def swiss_game(system: str, a: str, b: str, table: int) -> dict[str, Any]:
    """A Swiss game the first player wins, in the system's result shape."""
    game: dict[str, Any] = {"table": table, "players": [a, b]}
    if system == "warpspawn-starcraft":
        game["winner"] = a
    else:
        game["vp"] = [9, 2]
    if system == "dropzone-commander":
        game["kp"] = [500, 100]
    return game


def cut_doc(
    system: str = "starcraft-tmg",
    *,
    players: int = 8,
    size: int = 8,
    cut_rounds: list[dict[str, Any]] | None = None,
    **player_extra: dict[str, Any],
) -> dict[str, Any]:
    """p1..pN play one Swiss round (p1 beats p2, p3 beats p4, ...); the cut comes after it."""
    ids = [f"p{i}" for i in range(1, players + 1)]
    people = [{"id": pid, "name": f"Player {pid[1:]}", **player_extra.get(pid, {})} for pid in ids]
    games = [swiss_game(system, ids[i], ids[i + 1], i // 2 + 1) for i in range(0, players - 1, 2)]
    if players % 2:
        games.append({"players": [ids[-1]], "outcome": "bye"})
    rounds: list[dict[str, Any]] = [{"number": 1, "games": games}]
    for k, round_ in enumerate(cut_rounds or [], start=2):
        rounds.append({"number": k, "stage": "cut", **round_})
    return {
        "format": "event/1",
        "name": "Cut",
        "game_system": system,
        "scale": SCALES.get(system, "standard"),
        "kind": "competitive",
        "cut": {"size": size, "after_round": 1},
        "players": people,
        "rounds": rounds,
    }


def cut_event(system: str = "starcraft-tmg", **kwargs: Any) -> EventFile:
    return parse_event(cut_doc(system, **kwargs))
