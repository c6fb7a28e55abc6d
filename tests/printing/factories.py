"""Builders that write an event straight into the database, so each test reads in a few lines."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from django.utils import timezone

from rosters.models import Roster
from rules_engine.registry import get_system
from rules_engine.roster_json import roster_from_document
from tournaments.models import (
    Event,
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

EXAMPLES = Path(__file__).resolve().parents[2] / "rules_engine" / "systems" / "starcraft_tmg" / "examples"


def make_event(
    *,
    names: Sequence[str],
    slug: str = "printing-open",
    name: str = "Printing Open",
    tables: int = 0,
    planned_rounds: int = 3,
    list_format: str = ListFormat.DUAL,
) -> Event:
    event = Event.objects.create(
        name=name, slug=slug, planned_rounds=planned_rounds, list_format=list_format, venue="The Dice Hall"
    )
    Table.objects.bulk_create(Table(event=event, number=n, layout=f"Map {n}") for n in range(1, tables + 1))
    Player.objects.bulk_create(
        Player(event=event, external_id=f"p{i}", name=player_name)
        for i, player_name in enumerate(names, start=1)
    )
    return event


def staff(event: Event, user: Any, role: str = StaffRoleKind.TO) -> StaffRole:
    return StaffRole.objects.create(event=event, user=user, role=role)


def player(event: Event, external_id: str) -> Player:
    return event.players.get(external_id=external_id)


def add_round(
    event: Event,
    number: int,
    pairs: Sequence[tuple[str, str | None]],
    *,
    status: str = RoundStatus.PUBLISHED,
    results: Sequence[tuple[int, int] | None] = (),
) -> Round:
    """Pairs of external ids (None = bye), seated at tables 1, 2, ... in order; optional VP per pair."""
    round_ = Round.objects.create(event=event, number=number, status=status, published_at=timezone.now())
    players = {p.external_id: p for p in event.players.all()}
    tables = {t.number: t for t in event.tables.all()}
    games = []
    table_number = 0
    for index, (one, two) in enumerate(pairs):
        result = results[index] if index < len(results) else None
        game = Game(round=round_, player_one=players[one], player_two=players[two] if two else None)
        if two is None:
            game.outcome, game.result_status = Outcome.BYE, ResultStatus.CONFIRMED
        else:
            table_number += 1
            game.table = tables.get(table_number) or Table.objects.create(event=event, number=table_number)
            if result is not None:
                game.outcome, game.vp_one, game.vp_two = Outcome.PLAYED, result[0], result[1]
                game.result_status = ResultStatus.CONFIRMED
                game.battle_rounds = 4
        games.append(game)
    Game.objects.bulk_create(games)
    return round_


def example_document(name: str = "raynors-raiders-9-1-7.json") -> dict[str, Any]:
    document: dict[str, Any] = json.loads((EXAMPLES / name).read_text())
    document.pop("expected", None)
    return document


def add_roster(owner: Player, slot: int = 1, document: dict[str, Any] | None = None) -> Roster:
    """A roster with the verdict `tournaments.services.rosters.roster_submit` would store."""
    document = document or example_document()
    verdict = get_system("starcraft-tmg").validate_rosters([roster_from_document(document)], None)
    mine = verdict.rosters[0].as_json()
    report = {"legal": verdict.legal, "roster": mine, "dual_list": []}
    return Roster.objects.create(
        player=owner, slot=slot, document=document, legal=verdict.legal, report=report
    )


def add_penalty(
    owner: Player, level: str, *, round_number: int = 1, status: str = "issued", **fields: Any
) -> Any:
    """A penalty as the judging app records it (issue 7)."""
    from judging.models import Infraction, Penalty

    fields.setdefault("category", Infraction.SLOW_PLAY)
    return Penalty.objects.create(
        event=owner.event, player=owner, level=level, round_number=round_number, status=status, **fields
    )
