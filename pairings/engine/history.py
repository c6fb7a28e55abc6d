"""From an event/1 file to a pairing request: everyone's MP, byes, opponents and tables so far.

MP come from the event's own scoring table through `standings.game_scores.score_game`, so a
concession, a no-show or a Game Loss is worth exactly what the standings say it is.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from pairings.engine.model import Absence, Entrant, Overrides, PairingRequest, TableSpec
from rules_engine.registry import get_system
from rules_engine.scoring import ScoringTable
from standings.game_scores import GameShape, game_shape, score_game
from standings.records import BYE, DOUBLE_NO_SHOW, NO_SHOW, EventFile, EventFileError, EventGame


def scoring_for(event: EventFile) -> ScoringTable:
    try:
        return event.scored_by(get_system(event.game_system).scoring_for(event.scale))
    except (LookupError, ValueError) as exc:
        raise EventFileError(str(exc).strip("'\"")) from None


def _absentees(game: EventGame) -> tuple[str, ...]:
    if game.outcome == NO_SHOW and game.loser is not None:
        return (game.loser,)
    if game.outcome == DOUBLE_NO_SHOW:
        return game.players
    return ()


def request_from_event(
    event: EventFile,
    *,
    seed: int = 0,
    overrides: Overrides | None = None,
    seeding: Sequence[str] | None = None,
    seeding_style: str = "slide",
    prune: bool | None = None,
) -> PairingRequest:
    """The request for the round after the last one in `event.rounds`."""
    scoring = scoring_for(event)
    number = event.next_round_number
    last = number - 1
    mp: dict[str, int] = defaultdict(int)
    byes: dict[str, int] = defaultdict(int)
    opponents: dict[str, set[str]] = defaultdict(set)
    tables: dict[str, set[int]] = defaultdict(set)
    layouts: dict[str, set[str]] = defaultdict(set)
    no_show: dict[str, int] = {}
    layout_of = {t.number: t.layout for t in event.tables}
    # Each distinct result is scored once (standings.game_scores.game_shape): a 4,096-player
    # event has tens of thousands of games and a few hundred shapes.
    worth: dict[GameShape, tuple[int, ...]] = {}
    for round_ in event.rounds:
        for game in round_.games:
            shape = game_shape(game)
            points = worth.get(shape)
            if points is None:
                points = worth[shape] = tuple(result.mp for result in score_game(game, scoring))
            for pid, points_won in zip(game.players, points, strict=True):
                mp[pid] += points_won
            absentees = _absentees(game)
            for pid in game.players:
                if pid in absentees:
                    no_show[pid] = round_.number
                else:
                    # Played on after a no-show: the TO let them back in, so they are not dropped.
                    no_show.pop(pid, None)
            if game.outcome == BYE:
                byes[game.players[0]] += 1
                continue
            a, b = game.players
            # Any two players who were paired count as having met, however the game ended.
            opponents[a].add(b)
            opponents[b].add(a)
            if game.table is not None:
                for pid in game.players:
                    tables[pid].add(game.table)
                    if layout_of.get(game.table):
                        layouts[pid].add(layout_of[game.table])

    entrants: list[Entrant] = []
    absent: list[Absence] = []
    for player in event.players:
        # OP Guide: Drops. Results stand, but a dropped or disqualified player is not paired,
        # and a player who doesn't appear without notice is dropped.
        if player.disqualified_after_round is not None and player.disqualified_after_round <= last:
            absent.append(Absence(player.id, f"disqualified after round {player.disqualified_after_round}"))
        elif player.dropped_after_round is not None and player.dropped_after_round <= last:
            absent.append(Absence(player.id, f"dropped after round {player.dropped_after_round}"))
        elif player.id in no_show:
            absent.append(Absence(player.id, f"dropped: did not appear in round {no_show[player.id]}"))
        else:
            entrants.append(
                Entrant(
                    id=player.id,
                    mp=mp[player.id],
                    byes=byes[player.id],
                    opponents=frozenset(opponents[player.id]),
                    tables=frozenset(tables[player.id]),
                    layouts=frozenset(layouts[player.id]),
                    spare=player.spare,
                    name=player.name,
                )
            )
    return PairingRequest(
        number=number,
        entrants=tuple(entrants),
        tables=tuple(TableSpec(t.number, t.layout) for t in event.tables) if event.tables else None,
        seed=seed,
        seeding=None if seeding is None else tuple(seeding),
        seeding_style=seeding_style,
        overrides=overrides or Overrides(),
        absent=tuple(absent),
        competitive=event.kind == "competitive",
        prune=prune,
    )
