"""Standings bridge: the event's rows → `standings.standings_for_event` (OP Guide: Standings)."""

from __future__ import annotations

from standings import Standings
from tournaments.bridges.cut import cut_view
from tournaments.models import Event


def event_standings(event: Event) -> Standings:
    """Standings from confirmed results; final once the last planned (Swiss) round has closed.

    Once a top cut has begun, in the cut's order (docs/standings.md, "With a top cut"): its
    players first by the bracket, each a rank of their own, then everyone else as the Swiss
    standings place them.
    """
    return cut_view(event).standings
