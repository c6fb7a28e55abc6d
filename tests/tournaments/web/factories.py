"""Events built straight into the database, so each test states only what it is about."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

from django.utils import timezone

from rosters.models import Roster
from tournaments.models import (
    Event,
    EventKind,
    Game,
    ListFormat,
    Outcome,
    Player,
    ResultStatus,
    Round,
    RoundStatus,
    StaffRole,
    StaffRoleKind,
    Table,
)

EXAMPLES = Path(__file__).resolve().parents[3] / "rules_engine" / "systems" / "starcraft_tmg" / "examples"
TERRAN = EXAMPLES / "terran-starter.json"


def terran_document(player: str = "Example") -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(TERRAN.read_text())
    doc.pop("expected", None)
    doc["player"] = player
    return doc


def terran_text(player: str = "Example") -> str:
    doc = terran_document(player)
    return json.dumps(doc)


def make_event(
    *,
    to: Any = None,
    slug: str = "spring-skirmish",
    players: int = 0,
    planned_rounds: int = 3,
    list_format: str = ListFormat.SINGLE,
    **fields: Any,
) -> Event:
    defaults: dict[str, Any] = {
        "name": "Spring Skirmish",
        "slug": slug,
        "kind": EventKind.COMMUNITY,
        "scale": "skirmish",
        "planned_rounds": planned_rounds,
        "list_format": list_format,
        "venue": "The Dice Hall",
        "starts_on": dt.date.today() + dt.timedelta(days=30),
        "join_code": "let-me-in",
    }
    defaults.update(fields)
    event = Event.objects.create(**defaults)
    if to is not None:
        StaffRole.objects.create(event=event, user=to, role=StaffRoleKind.TO)
    Table.objects.bulk_create(
        Table(event=event, number=n, layout=f"Map {n}") for n in range(1, players // 2 + 2)
    )
    Player.objects.bulk_create(
        Player(event=event, external_id=f"p{i}", name=f"Player {i:03d}") for i in range(1, players + 1)
    )
    return event


def add_player(event: Event, user: Any, name: str) -> Player:
    number = event.players.count() + 1
    return Player.objects.create(event=event, user=user, name=name, external_id=f"p{number}")


def add_staff(event: Event, user: Any, role: str) -> StaffRole:
    return StaffRole.objects.create(event=event, user=user, role=role)


def play_round(event: Event, number: int, *, status: str = RoundStatus.CLOSED, scored: bool = True) -> Round:
    """Pair players in id order (1v2, 3v4, ...), the odd one out on a bye; results 7-3 to the first."""
    round_ = Round.objects.create(event=event, number=number, status=status, published_at=timezone.now())
    players = list(event.players.order_by("id"))
    tables = {t.number: t for t in event.tables.all()}
    games = []
    for index in range(0, len(players) - 1, 2):
        one, two = players[index], players[index + 1]
        game = Game(round=round_, table=tables[index // 2 + 1], player_one=one, player_two=two)
        if scored:
            game.outcome, game.vp_one, game.vp_two = Outcome.PLAYED, 7, 3
            game.result_status, game.battle_rounds = ResultStatus.CONFIRMED, 4
        games.append(game)
    if len(players) % 2:
        games.append(
            Game(
                round=round_,
                player_one=players[-1],
                outcome=Outcome.BYE,
                result_status=ResultStatus.CONFIRMED,
            )
        )
    Game.objects.bulk_create(games)
    return round_


def give_rosters(event: Event, *, legal: bool = True) -> None:
    doc = terran_document()
    report = {"legal": legal, "roster": {"violations": [] if legal else [{"message": "Too many minerals."}]}}
    Roster.objects.bulk_create(
        Roster(player=p, slot=1, document=doc, legal=legal, report=report) for p in event.players.all()
    )
