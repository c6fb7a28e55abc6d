"""Pure event/1 records (no database) so each engine test writes its event in a few readable lines."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rules_engine.registry import get_system
from standings import Standings, compute_standings
from standings.records import EventFile, EventGame, EventPlayer, EventRound

DATA = Path(__file__).resolve().parents[1] / "standings" / "data"
WINTER_CLASH = DATA / "winter_clash.json"


def player(pid: str, name: str | None = None, **flags: object) -> EventPlayer:
    return EventPlayer(id=pid, name=name or pid.upper(), **flags)  # type: ignore[arg-type]


def played(a: str, b: str, vp_a: int, vp_b: int, table: int | None = None) -> EventGame:
    return EventGame(players=(a, b), vp=(vp_a, vp_b), table=table)


def concession(a: str, b: str, *, loser: str) -> EventGame:
    return EventGame(players=(a, b), outcome="concession", loser=loser)


def game_loss(a: str, b: str, *, loser: str) -> EventGame:
    return EventGame(players=(a, b), outcome="game-loss", loser=loser)


def no_show(a: str, b: str, *, loser: str) -> EventGame:
    return EventGame(players=(a, b), outcome="no-show", loser=loser)


def double_no_show(a: str, b: str) -> EventGame:
    return EventGame(players=(a, b), outcome="double-no-show")


def bye(a: str) -> EventGame:
    return EventGame(players=(a,), outcome="bye")


def rounds(*games_per_round: Sequence[EventGame]) -> tuple[EventRound, ...]:
    return tuple(EventRound(number=n, games=tuple(g)) for n, g in enumerate(games_per_round, start=1))


def event(
    players: Sequence[EventPlayer], *games_per_round: Sequence[EventGame], scale: str = "standard"
) -> EventFile:
    return EventFile(
        name="Test",
        game_system="starcraft-tmg",
        scale=scale,
        kind="competitive",
        tables=(),
        players=tuple(players),
        rounds=rounds(*games_per_round),
    )


def standings(
    players: Sequence[EventPlayer],
    *games_per_round: Sequence[EventGame],
    scale: str = "standard",
    **kw: object,
) -> Standings:
    scoring = get_system("starcraft-tmg").scoring_for(scale)
    return compute_standings(tuple(players), rounds(*games_per_round), scoring, **kw)  # type: ignore[arg-type]


def ids(rows: Standings) -> list[str]:
    return [row.player for row in rows.rows]


def ranks(rows: Standings) -> dict[str, int | None]:
    return {row.player: row.rank for row in rows.rows}
