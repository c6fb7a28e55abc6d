"""Top-cut bridge: the event's rows → `bracket` (docs/pairing.md, "The top cut").

The bracket is never stored: it is replayed from the seeds the first cut round keeps and
the cut games recorded so far, on the same results record the standings read
(`bridges.record.event_record`), so the web, the API, the sheets and `manage.py
standings` on an export agree.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from bracket import Bracket, CutError, Placing, cut_has_begun, event_bracket, in_cut_order, placing
from standings import Standings, standings_for_event
from standings.records import EventFile
from tournaments.bridges.record import event_record
from tournaments.models import Event, RoundStatus

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class CutView:
    """The event's results as the pages read them: the Swiss standings, and once the cut has
    begun its bracket, everyone's place and the standings in the cut's order."""

    swiss: Standings
    bracket: Bracket | None = None
    places: tuple[Placing, ...] | None = None

    @property
    def standings(self) -> Standings:
        """What every standings view shows: the cut's order once it has begun, else the Swiss one."""
        return in_cut_order(self.swiss, self.places) if self.places is not None else self.swiss

    @property
    def champion(self) -> str | None:
        """The winner of the final (an event/1 player id), once it is played."""
        return self.bracket.champion if self.bracket is not None else None


def swiss_standings(event: Event, record: EventFile) -> Standings:
    """Standings of the Swiss rounds: final once the last planned (Swiss) round has closed."""
    closed = event.rounds.filter(status=RoundStatus.CLOSED).count()
    final = closed >= event.planned_rounds
    return standings_for_event(record, planned_rounds=event.planned_rounds, final=final)


def cut_view(event: Event) -> CutView:
    """The Swiss standings and, once a cut round is paired, the bracket and the placing.

    A paired cut round with no result yet already puts the cut's players first (they are
    seeded); a record the bracket cannot replay (an import edited by hand) shows the Swiss
    standings, and the fault is logged for the TO's administrator.
    """
    record = event_record(event)
    swiss = swiss_standings(event, record)
    if not cut_has_begun(record):
        return CutView(swiss)
    try:
        bracket = event_bracket(record, swiss)
    except CutError as exc:
        logger.warning("event %s: the top cut cannot be replayed: %s", event.slug, exc)
        return CutView(swiss)
    return CutView(swiss, bracket, placing(swiss, bracket))
