"""Events written straight to the database, cheap enough to build one per trial."""

from __future__ import annotations

import itertools
from typing import Any

from django.utils import timezone

from tournaments.models import (
    Event,
    EventStatus,
    Game,
    Player,
    ResultReport,
    ResultStatus,
    Round,
    RoundStatus,
    StaffRole,
    StaffRoleKind,
    Table,
)

_serial = itertools.count(1)


def race_event(users: dict[str, Any], players: int = 8) -> tuple[Event, list[Player]]:
    """A running event: alice the TO, hank Head Judge, judy Floor Judge, `players` players, tables."""
    n = next(_serial)
    event = Event.objects.create(name=f"Race {n}", slug=f"race-{n}", status=EventStatus.RUNNING)
    StaffRole.objects.bulk_create(
        [
            StaffRole(event=event, user=users["alice"], role=StaffRoleKind.TO),
            StaffRole(event=event, user=users["hank"], role=StaffRoleKind.HEAD_JUDGE),
            StaffRole(event=event, user=users["judy"], role=StaffRoleKind.FLOOR_JUDGE),
        ]
    )
    rows = Player.objects.bulk_create(
        [Player(event=event, external_id=f"p{i}", name=f"Player {i}") for i in range(1, players + 1)]
    )
    for player, who in zip(rows, ("bob", "carol"), strict=False):
        player.user = users[who]
        player.save(update_fields=["user"])
    Table.objects.bulk_create([Table(event=event, number=t) for t in range(1, players // 2 + 1)])
    return event, rows


def race_round(event: Event, players: list[Player], status: str, number: int = 1) -> Round:
    """Players paired in order (1 v 2 at table 1, 3 v 4 at table 2, ...)."""
    round_ = Round.objects.create(event=event, number=number, status=status)
    if status != RoundStatus.PAIRED:
        round_.published_at = timezone.now()
        round_.save(update_fields=["published_at"])
    tables = list(event.tables.order_by("number"))
    Game.objects.bulk_create(
        [
            Game(round=round_, player_one=players[i], player_two=players[i + 1], table=tables[i // 2])
            for i in range(0, len(players) - 1, 2)
        ]
    )
    return round_


def reset_game(game: Game) -> None:
    """Back to waiting for a result, every report gone."""
    ResultReport.objects.filter(game=game).delete()
    Game.objects.filter(pk=game.pk).update(
        outcome="", vp_one=None, vp_two=None, loser=None, result_status=ResultStatus.PENDING
    )
    Round.objects.filter(pk=game.round_id).update(status=RoundStatus.PUBLISHED, closed_at=None)
