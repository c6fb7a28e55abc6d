"""The event's results record (`standings.records.EventFile`) straight from its rows.

Both engines read the same record: who plays, which tables there are, every game that
has a result, and a championship's top cut (each round's stage, the first cut round's
seeds). Four queries whatever the event's size (tables, players, rounds,
games), reading only the columns the engines use, so neither the standings page nor
pairing pays for the export's rosters, reports and extras.
"""

from __future__ import annotations

from typing import Any

from rules_engine.scoring import ScoringOverride, scoring_from_json
from standings.records import (
    BYE,
    CUT,
    OUTCOMES,
    OUTCOMES_WITH_LOSER,
    PLAYED,
    SWISS,
    EventCut,
    EventFile,
    EventGame,
    EventPlayer,
    EventRound,
    EventTable,
)
from tournaments.models import Event, Game


def is_scored(
    *,
    outcome: str,
    has_opponent: bool,
    vp_one: int | None,
    vp_two: int | None,
    has_loser: bool,
    has_winner: bool = False,
) -> bool:
    """Does this game have a result the engines count? (event/1 `games` hold only those.)

    A played game counts with both sides' VP, or, in a system without VP, with its winner.
    """
    if outcome not in OUTCOMES:
        return False
    if (outcome == BYE) == has_opponent:
        return False
    if outcome == PLAYED and (vp_one is None or vp_two is None) and not has_winner:
        return False
    return (outcome in OUTCOMES_WITH_LOSER) == has_loser


SCORING = "scoring"  # Event.extra key of the TO's bands and bye (event/1 `scoring`)


def event_scoring(event: Event) -> ScoringOverride | None:
    """The TO's bands and bye for this event, kept in `Event.extra["scoring"]` (event/1 `scoring`)."""
    raw = event.extra.get(SCORING) if isinstance(event.extra, dict) else None
    if raw is None:
        return None
    try:
        return scoring_from_json(raw)
    except ValueError:
        return None  # stored by an import that checked it; a hand edit that broke it scores by default


def event_cut(event: Event) -> EventCut | None:
    """The event's top cut as the engines read it: `cut_size` players after round
    `planned_rounds`, the last Swiss round (None: no cut)."""
    if event.cut_size is None:
        return None
    return EventCut(size=event.cut_size, after_round=event.planned_rounds)


def event_record(event: Event, *, before_round: int | None = None) -> EventFile:
    """Players, tables and scored games of `event`; with `before_round`, only earlier rounds."""
    tables = list(event.tables.order_by("number").values_list("id", "number", "layout"))
    players = list(
        event.players.order_by("id").values_list(
            "id", "external_id", "name", "spare", "dropped_after_round", "disqualified_after_round"
        )
    )
    rounds_qs = event.rounds.order_by("number")
    games_qs = Game.objects.filter(round__event=event)
    if before_round is not None:
        rounds_qs = rounds_qs.filter(number__lt=before_round)
        games_qs = games_qs.filter(round__number__lt=before_round)
    rounds = list(rounds_qs.values_list("id", "number", "stage", "seeds"))
    games = games_qs.order_by("id").values_list(
        "round_id",
        "player_one_id",
        "player_two_id",
        "outcome",
        "vp_one",
        "vp_two",
        "loser_id",
        "table_id",
        "kp_one",
        "kp_two",
        "winner_id",
    )

    ext = {row[0]: row[1] for row in players}
    number = {row[0]: row[1] for row in tables}
    by_round: dict[int, list[EventGame]] = {row[0]: [] for row in rounds}
    for round_id, one, two, outcome, vp_one, vp_two, loser, table, kp_one, kp_two, winner in games:
        if not is_scored(
            outcome=outcome,
            has_opponent=two is not None,
            vp_one=vp_one,
            vp_two=vp_two,
            has_loser=loser is not None,
            has_winner=winner is not None,
        ):
            continue
        by_round[round_id].append(
            EventGame(
                players=(ext[one],) + ((ext[two],) if two is not None else ()),
                outcome=outcome,
                vp=(vp_one, vp_two) if vp_one is not None and vp_two is not None else None,
                loser=ext[loser] if loser is not None else None,
                table=number[table] if table is not None else None,
                kp=(kp_one, kp_two) if kp_one is not None and kp_two is not None else None,
                winner=ext[winner] if winner is not None else None,
            )
        )
    extra: dict[str, Any] = {}
    return EventFile(
        scoring=event_scoring(event),
        name=event.name,
        game_system=event.game_system,
        scale=event.scale,
        kind=event.kind,
        tables=tuple(EventTable(number=n, layout=layout) for _, n, layout in tables),
        players=tuple(
            EventPlayer(
                id=external_id,
                name=name,
                spare=spare,
                dropped_after_round=dropped,
                disqualified_after_round=disqualified,
            )
            for _, external_id, name, spare, dropped, disqualified in players
        ),
        rounds=tuple(
            EventRound(
                number=n,
                games=tuple(by_round[rid]),
                stage=CUT if stage == CUT else SWISS,
                seeds=tuple(seeds) if isinstance(seeds, list) else None,
            )
            for rid, n, stage, seeds in rounds
        ),
        extra=extra,
        cut=event_cut(event),
    )
