"""Events built through the real services, met by the role-named users of the root conftest.

alice organises (TO), hank is the Head Judge, judy a Floor Judge; bob, carol, dan and erin
play; mallory is an outsider. With `rosters`, every player has a legal roster built from
the rulebook's Raynor's Raiders example (Part 9.1.7: 1670 Minerals, 185 Vespene Gas), and
bob and carol a lighter second one each.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from rosters.models import Roster
from tests.builders.documents import raynor, without_unit
from tests.builders.rows import add_round
from tournaments.models import (
    Event,
    Game,
    Player,
    ResultReport,
    ResultStatus,
    StaffRole,
    StaffRoleKind,
    Table,
)
from tournaments.services.events import event_create, staff_add
from tournaments.services.players import player_register
from tournaments.services.rosters import roster_submit

T0 = dt.datetime(2026, 10, 3, 9, 0, tzinfo=dt.UTC)  # a Saturday morning, round 1 called
ROLES = ("anonymous", "mallory", "bob", "carol", "judy", "hank", "alice")


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
        """A page of the event: /e/<slug>/<tail>."""
        return f"/e/{self.event.slug}/{tail}"

    def api_url(self, tail: str = "") -> str:
        """An API operation of the event: /api/events/<slug>/<tail>."""
        return f"/api/events/{self.event.slug}/{tail}"

    def game(self, player: Player, number: int = 1) -> Game:
        return Game.objects.get(round__event=self.event, round__number=number, player_one=player)


def build_world(
    users: dict[str, Any], *, name: str = "Autumn Assault", rosters: bool = True, **settings: Any
) -> World:
    """A competitive Standard dual-list event a month away: staff in place, four players
    (bob and carol with their accounts), four tables, rosters if `rosters`."""
    alice = users["alice"]
    fields: dict[str, Any] = {
        "starts_on": timezone.localdate() + dt.timedelta(days=30),
        "planned_rounds": 3,
        "conduct_contact": "Hank (Head Judge), judges' table",
        **settings,
    }
    event = event_create(creator=alice, name=name, **fields)
    staff_add(event=event, actor=alice, user=users["hank"], role=StaffRoleKind.HEAD_JUDGE)
    staff_add(event=event, actor=alice, user=users["judy"], role=StaffRoleKind.FLOOR_JUDGE)
    Table.objects.bulk_create([Table(event=event, number=n, layout=f"Map {n}") for n in range(1, 5)])
    players = {}
    for player_name in ("Bob", "Carol", "Dan", "Erin"):
        user = users.get(player_name.lower())
        email = f"{player_name.lower()}@example.org" if user is not None else ""
        players[player_name] = player_register(
            event=event, name=player_name, user=user, email=email, by=alice
        )
    bob, carol = players["Bob"], players["Carol"]
    if rosters:
        for player in players.values():
            roster_submit(player=player, slot=1, content=raynor(player.name), by=alice, as_staff=True)
        second_bob = raynor(
            "Bob", missions=["Frontlines", "Artefact Hunt"], deployments=["Acropolis", "Breach"]
        )
        second_carol = raynor(
            "Carol",
            missions=["Supply Drop", "Divide and Conquer"],
            deployments=["Gauntlet", "Proving Grounds"],
        )
        for owner, second, unit in ((bob, second_bob, "Goliath"), (carol, second_carol, "Medic")):
            roster_submit(player=owner, slot=2, content=without_unit(second, unit), by=alice, as_staff=True)
        assert all(r.legal for r in Roster.objects.filter(player__event=event)), "world rosters must be legal"
    return World(event, users, bob, carol, players["Dan"], players["Erin"])


def big_event(users: dict[str, Any], size: int, slug_suffix: str) -> Event:
    """`size` players with rosters and a published round with reports and results: for query counts."""
    alice = users["alice"]
    event = event_create(
        creator=alice,
        name=f"Big {slug_suffix}",
        starts_on=timezone.localdate() + dt.timedelta(days=30),
        # Rosters shown to each opponent only: a player's list is the filtered one.
        roster_publication="opponent-only",
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
    document = raynor()
    Roster.objects.bulk_create(
        [Roster(player=p, slot=1, document=document, legal=True, report={"legal": True}) for p in players]
    )
    Table.objects.bulk_create([Table(event=event, number=n) for n in range(1, size // 2 + 1)])
    event.status = "running"
    event.save(update_fields=["status"])
    round_ = add_round(event, 1, [(players[i], players[i + 1]) for i in range(0, size, 2)])
    games = list(round_.games.order_by("id"))
    reports = []
    for n, game in enumerate(games):
        first = ResultReport(game=game, reporter=game.player_one, outcome="played", vp_one=10, vp_two=4)
        reports.append(first)
        if n % 2 == 0:  # confirmed; every other one of those too short, so waiting for review
            game.outcome, game.vp_one, game.vp_two = "played", 10, 4
            game.result_status = ResultStatus.CONFIRMED
            game.details = {"battle_rounds": 1 if n % 4 == 0 else 5}
            game.needs_review = n % 4 == 0
        else:  # the two sides disagree
            game.result_status = ResultStatus.DISPUTED
            reports.append(
                ResultReport(game=game, reporter=game.player_two, outcome="played", vp_one=4, vp_two=10)
            )
        game.save()
    ResultReport.objects.bulk_create(reports)
    return event
