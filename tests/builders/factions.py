"""An event for the faction statistics (docs/faction-stats.md): three factions, a mirror
match, byes, a drop, a top cut, and results that must not count (a no-show, a Game Loss, an
unconfirmed result, a round not yet published).

Seven players: p1, p3 and p7 of the Red Host (p7's dual list adds a Gold Host roster: the
first counts), p2 and p5 Blue, p4 and p6 Green. p6 drops after round 1.

Round 1: p1 beats p2 (Red over Blue), p3 beats p4 (Red over Green), p5 and p6 draw 5-5
(Blue, Green), p7 a bye. Round 2: p1 beats p3 (a Red mirror), p2 against p4 a no-show, p7
concedes to p5 (Blue over Red: counts), p6 gone. Round 3, the cut: p1 beats p5 (Red over
Blue), p3 against p2 a Game Loss, p4 against p7 not confirmed yet. Round 4, paired only:
p1 beats p3 on paper.

Counted: Red 4 games (3 won, 1 lost) and 1 mirror; Blue 4 (1 won, 1 drawn, 2 lost); Green
2 (1 drawn, 1 lost). Red met Blue 3 times, Red Green once, Blue Green once.
"""

from __future__ import annotations

from typing import Any

from rosters.models import Roster
from tests.builders.rows import add_round, make_event, player_of
from tournaments.models import Event, EventStatus, Game, Outcome, ResultStatus, RoundStage, RoundStatus

FACTIONS = {"p1": "Red Host", "p2": "Blue Host", "p3": "Red Host", "p4": "Green Host", "p5": "Blue Host"}
FACTIONS |= {"p6": "Green Host", "p7": "Red Host"}


def roster_of(faction: str) -> dict[str, Any]:
    """A roster/1 document naming only its faction: the statistics read nothing else."""
    return {"format": "roster/1", "faction": faction, "units": []}


def faction_event(users: dict[str, Any], *, slug: str = "faction-cup") -> Event:
    event = make_event(
        to=users["alice"], players=7, planned_rounds=2, cut_size=4, slug=slug, name="Faction Cup"
    )
    for player in event.players.all():
        Roster.objects.create(player=player, slot=1, document=roster_of(FACTIONS[player.external_id]))
    Roster.objects.create(player=player_of(event, "p7"), slot=2, document=roster_of("Gold Host"))
    add_round(event, 1, [("p1", "p2"), ("p3", "p4"), ("p5", "p6"), ("p7", None)], RoundStatus.CLOSED,
              results=[(7, 3), (7, 3), (5, 5)])  # fmt: skip
    event.players.filter(external_id="p6").update(dropped_after_round=1)
    two = add_round(
        event, 2, [("p1", "p3"), ("p2", "p4"), ("p7", "p5")], RoundStatus.CLOSED, results=[(7, 3)]
    )
    _decide(two, "p2", Outcome.NO_SHOW, loser="p4")
    _decide(two, "p7", Outcome.CONCESSION, loser="p7")
    cut = add_round(
        event, 3, [("p1", "p5"), ("p3", "p2"), ("p4", "p7")], RoundStatus.PUBLISHED, results=[(7, 3)]
    )
    cut.stage = RoundStage.CUT
    cut.save(update_fields=["stage"])
    _decide(cut, "p3", Outcome.GAME_LOSS, loser="p3")
    _decide(cut, "p4", Outcome.PLAYED, status=ResultStatus.AWAITING, vp=(8, 2))
    add_round(event, 4, [("p1", "p3")], RoundStatus.PAIRED, results=[(7, 3)])
    event.status = EventStatus.RUNNING
    event.save(update_fields=["status"])
    return event


def _decide(
    round_: Any,
    first: str,
    outcome: str,
    *,
    loser: str | None = None,
    status: str = ResultStatus.CONFIRMED,
    vp: tuple[int, int] | None = None,
) -> None:
    game = Game.objects.get(round=round_, player_one__external_id=first)
    game.outcome, game.result_status = outcome, status
    game.loser = player_of(round_.event, loser) if loser else None
    game.vp_one, game.vp_two = vp if vp is not None else (None, None)
    game.details = {"battle_rounds": 4} if vp is not None else {}
    game.save()
