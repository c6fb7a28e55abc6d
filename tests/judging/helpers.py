"""An event for the judging tests, built through the services.

alice organises (TO), hank is the Head Judge, judy a Floor Judge; bob, carol, dan and erin
play (bob v carol at table 1, dan v erin at table 2 in round 1); mallory is an outsider.
Every player has two legal rosters built from the rulebook's Raynor's Raiders example
(Part 9.1.7: 1670 Minerals, 185 Vespene Gas): "full", and one lighter variant each.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from rosters.models import Roster
from tournaments.models import Event, Game, Player, Round, RoundStatus, StaffRoleKind, Table
from tournaments.services.events import event_create, staff_add
from tournaments.services.players import player_register
from tournaments.services.rosters import roster_submit

EXAMPLES = Path(__file__).resolve().parents[2] / "rules_engine" / "systems" / "starcraft_tmg" / "examples"
T0 = dt.datetime(2026, 10, 3, 9, 0, tzinfo=dt.UTC)  # a Saturday morning, round 1 called


def raynor(player: str, **changes: Any) -> dict[str, Any]:
    """The 9.1.7 example (1670 Minerals, 185 Gas) with `changes` applied to its top-level keys."""
    document: dict[str, Any] = json.loads((EXAMPLES / "raynors-raiders-9-1-7.json").read_text())
    document.pop("expected", None)
    document["player"] = player
    document.update(copy.deepcopy(changes))
    return document


def without_unit(document: dict[str, Any], name: str) -> dict[str, Any]:
    """The roster minus the last unit called `name`."""
    units = list(document["units"])
    last = max(i for i, u in enumerate(units) if u["name"] == name)
    return {**document, "units": units[:last] + units[last + 1 :]}


# Hand-worked from the 9.1.7 line items: Goliath 190, Medic (3) 110 Minerals.
FULL_MINERALS = 1670
NO_GOLIATH_MINERALS = 1670 - 190  # 1480
NO_MEDIC_MINERALS = 1670 - 110  # 1560


@dataclass
class World:
    event: Event
    users: dict[str, Any]
    bob: Player
    carol: Player
    dan: Player
    erin: Player

    def client(self, who: str) -> Client:
        client = Client()
        if who != "anonymous":
            client.force_login(self.users[who])
        return client

    def api(self, who: str) -> APIClient:
        client = APIClient()
        if who != "anonymous":
            client.force_authenticate(self.users[who])
        return client

    def url(self, tail: str = "") -> str:
        return f"/e/{self.event.slug}/{tail}"

    def api_url(self, tail: str = "") -> str:
        return f"/api/events/{self.event.slug}/{tail}"

    def game(self, player: Player, number: int = 1) -> Game:
        return Game.objects.get(round__event=self.event, round__number=number, player_one=player)


def build_world(users: dict[str, Any], **settings: Any) -> World:
    alice = users["alice"]
    fields: dict[str, Any] = {
        "starts_on": timezone.localdate() + dt.timedelta(days=30),
        "planned_rounds": 3,
        "conduct_contact": "Hank (Head Judge), judges' table",
        **settings,
    }
    event = event_create(creator=alice, name="Autumn Assault", **fields)
    staff_add(event=event, actor=alice, user=users["hank"], role=StaffRoleKind.HEAD_JUDGE)
    staff_add(event=event, actor=alice, user=users["judy"], role=StaffRoleKind.FLOOR_JUDGE)
    Table.objects.bulk_create([Table(event=event, number=n, layout=f"Map {n}") for n in range(1, 5)])
    players = {}
    for name in ("Bob", "Carol", "Dan", "Erin"):
        user = users.get(name.lower())
        players[name] = player_register(event=event, name=name, user=user, by=alice)
    bob, carol = players["Bob"], players["Carol"]
    for player in players.values():
        roster_submit(player=player, slot=1, content=raynor(player.name), by=alice, as_staff=True)
    roster_submit(
        player=bob,
        slot=2,
        content=without_unit(
            raynor("Bob", missions=["Frontlines", "Artefact Hunt"], deployments=["Acropolis", "Breach"]),
            "Goliath",
        ),
        by=alice,
        as_staff=True,
    )
    roster_submit(
        player=carol,
        slot=2,
        content=without_unit(
            raynor(
                "Carol",
                missions=["Supply Drop", "Divide and Conquer"],
                deployments=["Gauntlet", "Proving Grounds"],
            ),
            "Medic",
        ),
        by=alice,
        as_staff=True,
    )
    assert all(r.legal for r in Roster.objects.filter(player__event=event)), "fixture rosters must be legal"
    return World(event, users, bob, carol, players["Dan"], players["Erin"])


def add_round(event: Event, number: int, pairs: list[tuple[Player, Player | None]], status: str) -> Round:
    """A round written straight to the database: games at tables 1, 2, ... in order."""
    round_ = Round.objects.create(event=event, number=number, status=status)
    if status != RoundStatus.PAIRED:
        round_.published_at = timezone.now()
        round_.save(update_fields=["published_at"])
    tables = {t.number: t for t in event.tables.all()}
    games = []
    for n, (one, two) in enumerate(pairs, start=1):
        if two is None:
            games.append(Game(round=round_, player_one=one, outcome="bye", result_status="confirmed"))
        else:
            games.append(Game(round=round_, player_one=one, player_two=two, table=tables[n]))
    Game.objects.bulk_create(games)
    event.status = "running"
    event.save(update_fields=["status"])
    return round_
