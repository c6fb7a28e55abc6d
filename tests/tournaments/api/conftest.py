"""Role-named users and event builders for the API tests.

alice organises (TO), hank is the Head Judge, judy a Floor Judge, bob and carol play
(paired against each other in round 1), mallory is a logged-in outsider.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from rosters.models import Roster
from tournaments.models import (
    Event,
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
from tournaments.services.events import event_create, staff_add
from tournaments.services.players import player_register

EXAMPLES = Path(__file__).resolve().parents[3] / "rules_engine" / "systems" / "starcraft_tmg" / "examples"
ROLES = ("anonymous", "mallory", "bob", "carol", "judy", "hank", "alice")


def legal_roster(player: str = "Bob") -> dict[str, Any]:
    """The rulebook's Raynor's Raiders example: a legal Standard roster."""
    document: dict[str, Any] = json.loads((EXAMPLES / "raynors-raiders-9-1-7.json").read_text())
    document.pop("expected", None)
    document["player"] = player
    return document


def illegal_roster(player: str = "Bob") -> dict[str, Any]:
    """The same roster with one mission missing and a unit that does not exist."""
    document = legal_roster(player)
    document["missions"] = document["missions"][:1]
    document["units"] = [*document["units"], {"name": "Death Star", "models": 1, "upgrades": []}]
    return document


@pytest.fixture
def api(users) -> Callable[[str], APIClient]:
    """`api("bob")` is an API client logged in as bob; `api("anonymous")` has no login."""

    def client_for(role: str) -> APIClient:
        client = APIClient()
        if role != "anonymous":
            client.force_authenticate(users[role])
        return client

    return client_for


@dataclass
class World:
    event: Event
    bob: Player
    carol: Player
    dan: Player
    erin: Player

    @property
    def url(self) -> str:
        return f"/api/events/{self.event.slug}/"


def build_event(users: dict[str, Any], **settings: Any) -> World:
    """A competitive Standard dual-list event: staff in place, four players, four tables."""
    alice = users["alice"]
    fields: dict[str, Any] = {
        "starts_on": timezone.localdate() + dt.timedelta(days=30),
        "planned_rounds": 3,
        **settings,
    }
    event = event_create(creator=alice, name="Winter Clash", **fields)
    staff_add(event=event, actor=alice, user=users["hank"], role=StaffRoleKind.HEAD_JUDGE)
    staff_add(event=event, actor=alice, user=users["judy"], role=StaffRoleKind.FLOOR_JUDGE)
    Table.objects.bulk_create([Table(event=event, number=n, layout=f"Map {n}") for n in range(1, 5)])
    bob = player_register(event=event, name="Bob", user=users["bob"], email="bob@example.org", by=alice)
    carol = player_register(
        event=event, name="Carol", user=users["carol"], email="carol@example.org", by=alice
    )
    dan = player_register(event=event, name="Dan", by=alice)
    erin = player_register(event=event, name="Erin", by=alice)
    return World(event, bob, carol, dan, erin)


@pytest.fixture
def world(users) -> World:
    return build_event(users)


def add_round(event: Event, number: int, pairs: list[tuple[Player, Player | None]], status: str) -> Round:
    """A round written straight to the database (no pairing engine): games at tables 1, 2, ..."""
    round_ = Round.objects.create(event=event, number=number, status=status)
    if status != RoundStatus.PAIRED:
        round_.published_at = timezone.now()
        round_.save(update_fields=["published_at"])
    tables = {t.number: t for t in event.tables.all()}
    games = []
    for n, (one, two) in enumerate(pairs, start=1):
        if two is None:
            games.append(
                Game(round=round_, player_one=one, outcome="bye", result_status=ResultStatus.CONFIRMED)
            )
        else:
            table = tables.get(n) or Table.objects.create(event=event, number=n)
            games.append(Game(round=round_, player_one=one, player_two=two, table=table))
    Game.objects.bulk_create(games)
    return round_


@pytest.fixture
def round_one(world: World) -> Round:
    """Round 1 published: bob v carol at table 1, dan v erin at table 2, no results yet."""
    event = world.event
    event.status = "running"
    event.save(update_fields=["status"])
    return add_round(event, 1, [(world.bob, world.carol), (world.dan, world.erin)], RoundStatus.PUBLISHED)


def game_of(world: World, player: Player, number: int = 1) -> Game:
    return Game.objects.get(round__event=world.event, round__number=number, player_one=player)


def big_event(users: dict[str, Any], size: int, slug_suffix: str) -> Event:
    """`size` players with rosters and a published round with reports and results: for query counts."""
    alice = users["alice"]
    event = event_create(
        creator=alice, name=f"Big {slug_suffix}", starts_on=timezone.localdate() + dt.timedelta(days=30)
    )
    StaffRole.objects.create(event=event, user=users["judy"], role=StaffRoleKind.FLOOR_JUDGE)
    players = Player.objects.bulk_create(
        [
            Player(event=event, external_id=f"p{i}", name=f"Player {i:02d}", email=f"p{i}@x.org")
            for i in range(size)
        ]
    )
    players[0].user = users["bob"]
    players[0].save(update_fields=["user"])
    document = legal_roster()
    Roster.objects.bulk_create(
        [Roster(player=p, slot=1, document=document, legal=True, report={"legal": True}) for p in players]
    )
    Table.objects.bulk_create([Table(event=event, number=n) for n in range(1, size // 2 + 1)])
    event.status = "running"
    event.save(update_fields=["status"])
    round_ = add_round(
        event, 1, [(players[i], players[i + 1]) for i in range(0, size, 2)], RoundStatus.PUBLISHED
    )
    games = list(round_.games.order_by("id"))
    reports = []
    for n, game in enumerate(games):
        first = ResultReport(game=game, reporter=game.player_one, outcome="played", vp_one=10, vp_two=4)
        reports.append(first)
        if n % 2 == 0:  # confirmed; every other one of those too short, so waiting for review
            game.outcome, game.vp_one, game.vp_two = "played", 10, 4
            game.result_status = ResultStatus.CONFIRMED
            game.battle_rounds = 1 if n % 4 == 0 else 5
            game.needs_review = n % 4 == 0
        else:  # the two sides disagree
            game.result_status = ResultStatus.DISPUTED
            reports.append(
                ResultReport(game=game, reporter=game.player_two, outcome="played", vp_one=4, vp_two=10)
            )
        game.save()
    ResultReport.objects.bulk_create(reports)
    return event
