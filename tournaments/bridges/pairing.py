"""Pairing bridge: the event's rows → `PairingRequest` → the engine → `Game` rows.

The round being (re)paired is not history, so the request is built from the rounds
before it only (docs/pairing.md).
"""

from __future__ import annotations

from pairings.engine import Pairing, PairingRequest, pair_round, request_from_event
from tournaments.bridges.record import event_record
from tournaments.models import Event, Game, Round


def pairing_request(event: Event, *, number: int, seed: int) -> PairingRequest:
    """What the engine needs to pair round `number`: everyone's MP, byes, opponents, tables."""
    return request_from_event(event_record(event, before_round=number), seed=seed)


def pair_and_save(event: Event, round_: Round, *, seed: int) -> Pairing:
    """Pair `round_` and create its games; raises `PairingError` when no pairing exists."""
    paired = pair_round(pairing_request(event, number=round_.number, seed=seed))
    players = {p.external_id: p for p in event.players.all()}
    tables = {t.number: t for t in event.tables.all()}
    games = []
    for game in paired.games:
        one = players[game.players[0]]
        two = players[game.players[1]] if len(game.players) > 1 else None
        table = tables.get(game.table) if game.table is not None else None
        if game.table is not None and table is None:
            table = event.tables.create(number=game.table)
            tables[game.table] = table
        games.append(Game(round=round_, table=table, player_one=one, player_two=two))
    Game.objects.bulk_create(games)
    return paired
