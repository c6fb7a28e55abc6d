"""Rosters and events of the three other game systems (Dropzone Commander, MORSDEI,
Warpspawn) for the roster pipeline's tests: each system's legal roster typed as a player
would, the same with mistakes (and where each one is), its roster/1 document, and an
event of it built through the real services.

The packs are the built-in ones: Dropzone's and MORSDEI's labelled samples, Warpspawn's
transcription of 004.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from tournaments.models import Event, Player, Table
from tournaments.services.events import event_create
from tournaments.services.players import player_register

# The sample UCM pack's 33-card Core Set and 12 UCM Faction cards: a 45-card deck (DZC:318).
DECK_LINES = "".join(f"{3 if i <= 3 else 2}x Core Card {i:02d}\n" for i in range(1, 16)) + "".join(
    f"2x UCM Card {i:02d}\n" for i in range(4, 10)
)

DROPZONE_TEXT = (
    "Player: {player}\n"
    "Faction: UCM\n"
    "Points: 1500\n"
    "Squads:\n"
    "4x Main Battle Tank\n"
    "1x Condor\n"
    "  3x Sabre\n"
    "1x Bear APC\n"
    "  3x Legionnaires\n"
    "2x Gladius\n"
    "2x Ferret\n"
    "  2x Hazard Suits\n"
    "Commanders:\n"
    "Level 5 with Main Battle Tank\n"
    "Command deck:\n" + DECK_LINES
)
# Line 5: 12 Main Battle Tanks is no Squad size; line 8: a Bear APC carries infantry, not
# a second Squad of Sabres (the Condor is full already); line 14: level 7 is beyond a Clash.
DROPZONE_MISTAKES = (
    DROPZONE_TEXT.replace("4x Main Battle Tank", "12x Main Battle Tank")
    .replace("  3x Legionnaires", "  3x Sabre")
    .replace("Level 5 with", "Level 7 with")
)
DROPZONE_MISTAKE_LINES = [
    ("invalid-squad-size", "line 5"),
    ("transport-incompatible", "line 9.aboard"),
    ("commander-level-not-allowed", "line 14"),
]

MORSDEI_TEXT = "Player: {player}\nWarband: Ashen Wardens\nFighters:\nWarden Sergeant (32mm)\nWarden Hound\n"
MORSDEI_MISTAKES = (
    "Player: {player}\nWarband: Ashen Wardens\nFighters:\nWarden Sergeant (50mm)\nKin Boss\nNobody\n"
)
MORSDEI_MISTAKE_LINES = [
    ("base-size-mismatch", "line 4"),
    ("unit-wrong-faction", "line 5"),
    ("unknown-unit", "line 6"),
]

WARPSPAWN_TEXT = "Player: {player}\nFaction: Terran\nDeck:\n8x Marine\n1x Command Center\n"
WARPSPAWN_MISTAKES = "Player: {player}\nFaction: Terran\nDeck:\n9x Marine\n1x Zerglings\n"
WARPSPAWN_MISTAKE_LINES = [("card-copies-exceeded", "line 4"), ("card-wrong-faction", "line 5")]


@dataclass(frozen=True)
class SystemCase:
    """One game system as its rosters' tests need it."""

    slug: str
    scale: str
    points_limit: int | None
    legal_text: str
    mistakes_text: str
    mistake_lines: list[tuple[str, str]]
    document: dict[str, Any]
    # What the roster card shows of the legal roster (its own template's words).
    shown: tuple[str, ...]

    def legal(self, player: str = "Bob") -> str:
        return self.legal_text.format(player=player)

    def mistakes(self, player: str = "Bob") -> str:
        return self.mistakes_text.format(player=player)

    def doc(self, player: str = "Bob") -> dict[str, Any]:
        return {**self.document, "player": player}


CASES = (
    SystemCase(
        "dropzone-commander",
        "clash",
        1500,
        DROPZONE_TEXT,
        DROPZONE_MISTAKES,
        DROPZONE_MISTAKE_LINES,
        {
            "format": "roster/1",
            "game_system": "dropzone-commander",
            "player": "Bob",
            "faction": "UCM",
            "points": 1500,
            "units": [
                {"id": "mbt", "name": "Main Battle Tank", "models": 4},
                {"id": "condor", "name": "Condor", "models": 1},
                {"id": "sabres", "name": "Sabre", "models": 3, "aboard": "condor"},
                {"id": "gladius", "name": "Gladius", "models": 2},
            ],
            "commanders": [{"level": 4, "squad": "mbt"}],
            "cards": [{"name": f"Core Card {i:02d}", "copies": 3 if i <= 3 else 2} for i in range(1, 16)]
            + [{"name": f"UCM Card {i:02d}", "copies": 2} for i in range(4, 10)],
        },
        ("Groups", "3\u00d7 Sabre", "aboard", "Level 5 with Main Battle Tank"),
    ),
    SystemCase(
        "morsdei",
        "standard",
        None,
        MORSDEI_TEXT,
        MORSDEI_MISTAKES,
        MORSDEI_MISTAKE_LINES,
        {
            "format": "roster/1",
            "game_system": "morsdei",
            "player": "Bob",
            "faction": "Ashen Wardens",
            "units": [{"name": "Warden Sergeant", "base": "32mm"}, {"name": "Warden Hound"}],
        },
        ("2 fighters", "Warden Sergeant <small>(32mm)</small>"),
    ),
    SystemCase(
        "warpspawn-starcraft",
        "standard",
        None,
        WARPSPAWN_TEXT,
        WARPSPAWN_MISTAKES,
        WARPSPAWN_MISTAKE_LINES,
        {
            "format": "roster/1",
            "game_system": "warpspawn-starcraft",
            "player": "Bob",
            "faction": "Terran",
            "cards": [{"name": "Marine", "copies": 8}, "Command Center"],
        },
        ("9 cards", "8\u00d7 Marine"),
    ),
)
CASE_IDS = [case.slug for case in CASES]


@dataclass(frozen=True)
class SystemWorld:
    event: Event
    bob: Player
    carol: Player

    def url(self, tail: str = "") -> str:
        return f"/e/{self.event.slug}/{tail}"

    def api_url(self, tail: str = "") -> str:
        return f"/api/events/{self.event.slug}/{tail}"


def system_world(users: dict[str, Any], case: SystemCase) -> SystemWorld:
    """A community event of the case's system a month away, through the services: alice the
    TO, bob and carol playing (with their accounts), two tables, no rosters."""
    event = event_create(
        creator=users["alice"],
        name=f"{case.slug} open",
        game_system=case.slug,
        kind="community",
        scale=case.scale,
        points_limit=case.points_limit,
        starts_on=timezone.localdate() + dt.timedelta(days=30),
    )
    Table.objects.bulk_create([Table(event=event, number=n, layout=f"Map {n}") for n in (1, 2)])
    alice = users["alice"]
    bob = player_register(event=event, name="Bob", user=users["bob"], email="bob@example.org", by=alice)
    carol = player_register(
        event=event, name="Carol", user=users["carol"], email="carol@example.org", by=alice
    )
    return SystemWorld(event, bob, carol)
