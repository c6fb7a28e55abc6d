"""The demo event `make run` loads, so a newcomer sees a populated site at once.

Idempotent: loading twice leaves one demo event, rebuilt from scratch.
"""

from __future__ import annotations

import datetime as dt

from django.db import transaction

from tournaments.models import Event, EventKind, EventStatus, ListFormat, Player, Table

DEMO_SLUG = "demo-winter-clash"
DEMO_PLAYERS = [
    "Alice Moreau",
    "Bruno Keller",
    "Chloé Dubois",
    "Dmitri Volkov",
    "Elena Ruiz",
    "Finn O'Brien",
    "Grace Li",
    "Hamid Rahimi",
    "Ingrid Nilsson",
    "Jonas Weber",
    "Kofi Mensah",
    "Lucía Romero",
    "Marta Nowak",
    "Nils Berg",
    "Olga Petrova",
    "Pavel Novák",
]
LAYOUTS = ["Map 1", "Map 2", "Map 3", "Map 4", "Map 5", "Map 6"]


@transaction.atomic
def load_demo() -> Event:
    Event.objects.filter(slug=DEMO_SLUG).delete()
    event = Event.objects.create(
        name="Demo Winter Clash",
        slug=DEMO_SLUG,
        game_system="starcraft-tmg",
        rules_cutoff=dt.date(2026, 11, 15),
        kind=EventKind.COMPETITIVE,
        scale="standard",
        list_format=ListFormat.DUAL,
        planned_rounds=4,
        starts_on=dt.date(2026, 12, 5),
        ends_on=dt.date(2026, 12, 5),
        venue="The Dice Hall, Main Street",
        status=EventStatus.RUNNING,
    )
    Table.objects.bulk_create(
        Table(event=event, number=n, layout=LAYOUTS[(n - 1) % len(LAYOUTS)]) for n in range(1, 9)
    )
    Player.objects.bulk_create(
        Player(event=event, external_id=f"p{i}", name=name) for i, name in enumerate(DEMO_PLAYERS, start=1)
    )
    return event
