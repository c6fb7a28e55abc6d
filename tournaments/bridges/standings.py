"""Standings bridge: the event's rows → `standings.standings_for_event` (OP Guide: Standings)."""

from __future__ import annotations

from standings import Standings, standings_for_event
from tournaments.bridges.record import event_record
from tournaments.models import Event, RoundStatus


def event_standings(event: Event) -> Standings:
    """Standings from confirmed results; final once the last planned round has closed."""
    closed = event.rounds.filter(status=RoundStatus.CLOSED).count()
    final = closed >= event.planned_rounds
    return standings_for_event(event_record(event), planned_rounds=event.planned_rounds, final=final)
