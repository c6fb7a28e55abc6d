"""Events written straight into the database, so each test states only what it is about.

No services, no pairing engine: rows as a test needs them. `worlds` builds events through
the services instead, when the path there is what a test is about. Each helper that
changes what a page shows stands in for a service, so like one it bumps the event's
version last (tournaments.services.versions): pages cached by version then show it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from django.utils import timezone

from rosters.models import Roster
from rules_engine.systems.starcraft_tmg.army import validate_rosters_on
from rules_engine.systems.starcraft_tmg.roster_json import roster_from_document
from rules_engine.verdict import RosterVerdict
from tests.builders.documents import example_document, terran_document
from tournaments.models import (
    Event,
    EventKind,
    Game,
    ListFormat,
    Outcome,
    Player,
    ResultStatus,
    RosterPublication,
    Round,
    RoundStatus,
    StaffRole,
    StaffRoleKind,
    Table,
)
from tournaments.services.versions import event_touch

# What the printing tests' event is: a competitive Standard dual-list event, no date, no
# join code (the model's defaults), named for the files it prints.
PRINTING_OPEN: dict[str, Any] = {
    "name": "Printing Open",
    "slug": "printing-open",
    "kind": EventKind.COMPETITIVE,
    "scale": "standard",
    "list_format": ListFormat.DUAL,
    "starts_on": None,
    "join_code": "",
    # Rosters shown to each opponent only, so they stay private once play begins.
    "roster_publication": RosterPublication.OPPONENT_ONLY,
}


def make_event(
    *,
    to: Any = None,
    players: int | Sequence[str] = 0,
    tables: int | None = None,
    slug: str = "spring-skirmish",
    planned_rounds: int = 3,
    list_format: str = ListFormat.SINGLE,
    **fields: Any,
) -> Event:
    """A community Skirmish event a month away, with `players` (a count, named "Player 001"
    on, or the names) as p1, p2, ... and `tables` tables (default: enough for everyone)."""
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
        add_staff(event, to)
    names = [f"Player {i:03d}" for i in range(1, players + 1)] if isinstance(players, int) else players
    if tables is None:
        tables = len(names) // 2 + 1
    Table.objects.bulk_create(Table(event=event, number=n, layout=f"Map {n}") for n in range(1, tables + 1))
    Player.objects.bulk_create(
        Player(event=event, external_id=f"p{i}", name=name) for i, name in enumerate(names, start=1)
    )
    return event


def add_player(event: Event, user: Any, name: str) -> Player:
    number = event.players.count() + 1
    player = Player.objects.create(event=event, user=user, name=name, external_id=f"p{number}")
    event_touch(event)
    return player


def add_staff(event: Event, user: Any, role: str = StaffRoleKind.TO) -> StaffRole:
    staff = StaffRole.objects.create(event=event, user=user, role=role)
    event_touch(event)
    return staff


def player_of(event: Event, external_id: str) -> Player:
    return event.players.get(external_id=external_id)


def add_round(
    event: Event,
    number: int,
    pairs: Sequence[tuple[Player | str, Player | str | None]],
    status: str = RoundStatus.PUBLISHED,
    *,
    results: Sequence[tuple[int, int] | None] = (),
    published: bool | None = None,
    running: bool = False,
) -> Round:
    """A round written straight to the database (no pairing engine).

    `pairs` are players or external ids (None: a bye), seated at tables 1, 2, ... in order
    (a table is added when the event has too few); `results` optionally gives each pair's
    VP, a confirmed 4-Battle-Round game. Published (`published_at` set) unless it is still
    PAIRED; `running` also marks the event running.
    """
    round_ = Round.objects.create(event=event, number=number, status=status)
    if published if published is not None else status != RoundStatus.PAIRED:
        round_.published_at = timezone.now()
        round_.save(update_fields=["published_at"])
    by_id = {p.external_id: p for p in event.players.all()}

    def resolve(who: Player | str) -> Player:
        return by_id[who] if isinstance(who, str) else who

    tables = {t.number: t for t in event.tables.all()}
    games = []
    table_number = 0
    for index, (one, two) in enumerate(pairs):
        game = Game(round=round_, player_one=resolve(one), player_two=resolve(two) if two else None)
        if two is None:
            game.outcome, game.result_status = Outcome.BYE, ResultStatus.CONFIRMED
        else:
            table_number += 1
            game.table = tables.get(table_number) or Table.objects.create(event=event, number=table_number)
            result = results[index] if index < len(results) else None
            if result is not None:
                game.outcome, game.vp_one, game.vp_two = Outcome.PLAYED, result[0], result[1]
                game.result_status, game.details = ResultStatus.CONFIRMED, {"battle_rounds": 4}
        games.append(game)
    Game.objects.bulk_create(games)
    if running:
        event.status = "running"
        event.save(update_fields=["status"])
    event_touch(event)
    return round_


def play_round(event: Event, number: int, *, status: str = RoundStatus.CLOSED, scored: bool = True) -> Round:
    """Pair players in id order (1v2, 3v4, ...), the odd one out on a bye; results 7-3 to the first."""
    players = list(event.players.order_by("id"))
    pairs: list[tuple[Player | str, Player | str | None]] = [
        (players[i], players[i + 1]) for i in range(0, len(players) - 1, 2)
    ]
    if len(players) % 2:
        pairs.append((players[-1], None))
    results = [(7, 3)] * len(pairs) if scored else []
    return add_round(event, number, pairs, status, results=results, published=True)


def give_rosters(event: Event, *, legal: bool = True) -> None:
    """Every player gets the Terran starter roster with a stored verdict (`legal` or not),
    written in one query: for pages that only show rosters."""
    doc = terran_document()
    report = {"legal": legal, "roster": {"violations": [] if legal else [{"message": "Too many minerals."}]}}
    Roster.objects.bulk_create(
        Roster(player=p, slot=1, document=doc, legal=legal, report=report) for p in event.players.all()
    )
    event_touch(event)


def add_roster(owner: Player, slot: int = 1, document: dict[str, Any] | None = None) -> Roster:
    """A roster with the verdict `tournaments.services.rosters.roster_submit` would store."""
    document = document or example_document()
    verdict = validate_rosters_on([roster_from_document(document)], None)
    report = RosterVerdict(roster=verdict.rosters[0], dual_list=verdict.violations).to_dict()
    roster = Roster.objects.create(
        player=owner, slot=slot, document=document, legal=verdict.legal, report=report
    )
    event_touch(owner.event_id)
    return roster


def add_penalty(
    owner: Player, level: str, *, round_number: int = 1, status: str = "issued", **fields: Any
) -> Any:
    """A penalty as the judging app records it."""
    from judging.models import Infraction, Penalty

    fields.setdefault("category", Infraction.SLOW_PLAY)
    return Penalty.objects.create(
        event=owner.event, player=owner, level=level, round_number=round_number, status=status, **fields
    )


def version_of(game_id: int) -> int:
    """The game's version as it now stands: what a judge's correction names."""
    return Game.objects.values_list("version", flat=True).get(pk=game_id)
