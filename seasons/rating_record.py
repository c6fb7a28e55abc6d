"""Ratings bridge: the site's finished events of one game system → `ratings.RatedEvent`s,
keyed by account (docs/ratings.md, "What is rated")."""

from __future__ import annotations

import datetime as dt

from django.db.models import Max
from django.utils import timezone

from ratings import DRAW, FIRST, SECOND, RatedEvent, RatedGame
from standings.engine import scoring_for_event
from standings.game_scores import score_game
from standings.records import COMPLETE_VICTORY, CONCESSION, PLAYED
from standings.records import DRAW as DRAWN
from tournaments.bridges.record import event_record
from tournaments.models import Event, EventStatus

# Games played to an end: a no-show, a double no-show, a Game Loss penalty or a bye is not
# a game two players played, and rates nobody.
RATED_OUTCOMES = frozenset({PLAYED, CONCESSION, COMPLETE_VICTORY, DRAWN})


def account_key(user_id: int) -> str:
    return f"u{user_id}"


def account_of(key: str) -> int | None:
    """The account behind an `account_key` (None for a one-off seat's key, "<event>:<id>")."""
    return int(key[1:]) if key.startswith("u") and key[1:].isdigit() else None


def finished_on(event: Event) -> dt.date:
    """When the event finished: its last round's close, else its last day."""
    closed: dt.datetime | None = event.rounds.aggregate(last=Max("closed_at"))["last"]
    if closed is not None:
        return timezone.localdate(closed)
    day: dt.date = event.ends_on or event.starts_on or event.created_at.date()
    return day


def rated_event(event: Event) -> RatedEvent:
    """The event's rated games between two accounts, by round."""
    record = event_record(event)
    scoring = scoring_for_event(record)
    accounts = {
        external_id: account_key(user_id)
        for external_id, user_id in event.players.filter(user__isnull=False).values_list(
            "external_id", "user_id"
        )
    }
    games = []
    for round_ in record.rounds:
        for game in round_.games:
            if game.outcome not in RATED_OUTCOMES or len(game.players) != 2:
                continue
            a, b = (accounts.get(p) for p in game.players)
            if a is None or b is None or a == b:
                continue
            first, second = score_game(game, scoring)
            result = FIRST if first.mp > second.mp else SECOND if first.mp < second.mp else DRAW
            games.append(RatedGame((a, b), result, round=round_.number))
    return RatedEvent(id=str(event.pk), finished=finished_on(event), games=tuple(games), name=event.name)


def rated_events(game_system: str) -> list[RatedEvent]:
    """Every finished event of the system, as the rating engine reads them."""
    events = Event.objects.filter(game_system=game_system, status=EventStatus.FINISHED).order_by("pk")
    return [rated_event(event) for event in events]
