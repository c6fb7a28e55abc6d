"""Pairing bridge: the event's rows → `PairingRequest` → the engine → `Game` rows.

The round being (re)paired is not history, so the request is built from the rounds
before it only (docs/pairing.md). A round of the top cut is the bracket's
(`bracket.pair_cut_round`), never the Swiss engine's.
"""

from __future__ import annotations

from dataclasses import replace

from bracket import CutRound, pair_cut_round
from pairings.engine import Pairing, PairingRequest, pair_round, request_from_event
from tournaments.bridges.record import event_record
from tournaments.models import Event, Game, Player, Round, RoundStage, Table
from tournaments.season_hooks import rating_seeding


def pairing_request(event: Event, *, number: int, seed: int) -> PairingRequest:
    """What the engine needs to pair round `number`: everyone's MP, byes, opponents, tables;
    round one seeded by rating where the TO chose it (docs/ratings.md)."""
    request = request_from_event(event_record(event, before_round=number), seed=seed)
    if number == 1 and event.seed_by_rating:
        order = rating_seeding(event, [e.id for e in request.entrants], seed)
        request = replace(request, seeding=order)
    return request


def _save_games(event: Event, round_: Round, paired: list[tuple[tuple[str, ...], int | None]]) -> None:
    players = {p.external_id: p for p in event.players.all()}
    tables: dict[int, Table] = {t.number: t for t in event.tables.all()}
    games = []
    for ids, number in paired:
        one = players[ids[0]]
        two: Player | None = players[ids[1]] if len(ids) > 1 else None
        table = tables.get(number) if number is not None else None
        if number is not None and table is None:
            table = event.tables.create(number=number)
            tables[number] = table
        games.append(Game(round=round_, table=table, player_one=one, player_two=two))
    Game.objects.bulk_create(games)


def pair_and_save(event: Event, round_: Round, *, seed: int) -> Pairing:
    """Pair `round_` and create its games; raises `PairingError` when no pairing exists."""
    paired = pair_round(pairing_request(event, number=round_.number, seed=seed))
    _save_games(event, round_, [(game.players, game.table) for game in paired.games])
    return paired


def pair_cut_and_save(event: Event, round_: Round, *, seed: int) -> CutRound:
    """Pair `round_` as the next round of the top cut and create its games, byes without a
    table; the first cut round keeps its seeds (drawn from `seed` among players sharing a
    Swiss place). Raises `bracket.CutError` when the cut cannot go on (it is over, or
    fewer than two players can enter)."""
    cut_round = pair_cut_round(event_record(event, before_round=round_.number), seed=seed)
    round_.stage = RoundStage.CUT
    round_.seeds = list(cut_round.seeds) if cut_round.seeds is not None else None
    round_.save(update_fields=["stage", "seeds"])
    _save_games(event, round_, [(game.players, game.table) for game in cut_round.games])
    return cut_round
