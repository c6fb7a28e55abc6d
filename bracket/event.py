"""The top cut of an event/1 file (or any `EventFile`, such as the web's results record).

The one bridge between the event record and the bracket engine: the Swiss standings over
the Swiss rounds, the seeds (the file's own where its first cut round records them), the
game system's rule for who won a game, and the cut rounds recorded so far.
"""

from __future__ import annotations

from bracket.engine import Bracket, CutError, CutRound, entrants, next_round, replay
from rules_engine.registry import UnknownGameSystem, get_system
from standings.engine import Standings, standings_for_event
from standings.records import EventFile


def cut_has_begun(event: EventFile) -> bool:
    """Whether the file holds a cut round: before that, standings and pairing are the Swiss ones."""
    return event.cut is not None and bool(event.cut_rounds)


def event_seeds(
    event: EventFile, swiss: Standings | None = None, *, draw: int | None = None
) -> tuple[str, ...]:
    """The cut's seeds: as the first cut round records them, else drawn from the Swiss standings
    (`draw`: the pairing seed; None, players sharing a place go by id)."""
    if event.cut is None:
        raise CutError("the event has no cut")
    rounds = event.cut_rounds
    if rounds and rounds[0].seeds is not None:
        return rounds[0].seeds
    table = swiss if swiss is not None else standings_for_event(event)
    return entrants(table, event.players, event.cut, draw=draw)


def event_bracket(event: EventFile, swiss: Standings | None = None, *, draw: int | None = None) -> Bracket:
    """The bracket as the file's cut rounds leave it."""
    if event.cut is None:
        raise CutError("the event has no cut")
    try:
        decide_game = get_system(event.game_system).decide_game
    except UnknownGameSystem as exc:
        raise CutError(str(exc).strip("'\"")) from None
    seeds = event_seeds(event, swiss, draw=draw)
    return replay(event.cut, seeds, event.cut_rounds, decide_game)


def pair_cut_round(event: EventFile, *, seed: int = 0) -> CutRound:
    """The next cut round of a file whose Swiss rounds are done.

    The first cut round draws the order of players sharing a place from `seed` and prints
    the seeds; once a cut round is in the file, its seeds stand (or, where it records
    none, those sharing a place go by id), whatever the seed.
    """
    return next_round(event_bracket(event, draw=None if event.cut_rounds else seed))


def is_cut_next(event: EventFile) -> bool:
    """Whether the round to pair next is a cut round (the Swiss rounds up to `after_round` are in)."""
    return event.cut is not None and event.next_round_number > event.cut.after_round
