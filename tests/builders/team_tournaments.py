"""Team tournaments built through the services (docs/team-matches.md), for the tests of the
API, the event/1 files and the commands: teams registered by the TO, rounds paired and
published, the captains' protocol run to the end by each side's default, the TO's pairs
entered, results set by the TO."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from team_match import protocol
from tests.builders.rows import make_event
from tournaments.models import Event, Game, MatchPairing, Round, Squad, TeamMatch
from tournaments.services.events import event_update
from tournaments.services.reporting import ResultInput, result_set
from tournaments.services.rounds import round_pair, round_publish
from tournaments.services.squads import Member, squad_register
from tournaments.services.team_matches import match_pairs_set, match_state, protocol_choose

TEAMS = {
    "Red": ["Ann", "Ben", "Cy"],
    "Blue": ["Fay", "Gus", "Hal"],
    "Green": ["Ida", "Jo", "Kim"],
    "Gold": ["Lee", "Max", "Ned"],
    "White": ["Ola", "Pia", "Quin"],
}
# Each match's games in table order: a win for the first player, a loss, a draw.
SCORES = ((10, 2), (3, 9), (6, 6))


def team_event(to: Any, *, size: int = 3, pairing: str = MatchPairing.PROTOCOL, **fields: Any) -> Event:
    return make_event(to=to, squad_size=size, match_pairing=pairing, **fields)


def register(event: Event, to: Any, teams: Sequence[str] = tuple(TEAMS)) -> dict[str, Squad]:
    return {
        name: squad_register(event=event, team_name=name, members=[Member(n) for n in TEAMS[name]], by=to)
        for name in teams
    }


def member_ids(squad: Squad) -> list[str]:
    return [p.external_id for p in squad.members.order_by("squad_position")]


def run_protocol(match: TeamMatch, by: Any) -> None:
    """Both captains choose their default at every step until each game is made."""
    while True:
        match.refresh_from_db()
        state = match_state(match)
        if state.complete:
            return
        for side in protocol.waiting_for(state):
            squad = match.team_a if side == "a" else match.team_b
            assert squad is not None
            choice = protocol.default_choice(state, side)
            players = [choice] if isinstance(choice, str) else list(choice)
            protocol_choose(match=match, squad=squad, choice=players, by=by)
            match.refresh_from_db()
            state = match_state(match)


def score_match(match: TeamMatch, by: Any, scores: Sequence[tuple[int, int]] = SCORES) -> None:
    games: list[Game] = list(match.games.order_by("table__number"))
    for game, (one, two) in zip(games, scores, strict=False):
        result_set(game=game, result=ResultInput(vp_one=one, vp_two=two), by=by, reason="entered")


def played_team_event(to: Any, **fields: Any) -> Event:
    """Five teams of three. Round 1 (closed): two matches paired by the captains' protocol,
    all games scored, and a bye. Round 2 (published, running): the TO's pairs, entered for
    one match with its games scored, the other match still waiting for its pairs; a bye."""
    event = team_event(to, planned_rounds=3, **fields)
    register(event, to)
    first = round_pair(event=event, by=to, seed=1, confirm=True)
    round_publish(round_=first, by=to, confirm=True)
    for match in first.team_matches.filter(team_b__isnull=False):
        run_protocol(match, to)
        score_match(match, to)
    event_update(event=event, actor=to, match_pairing=MatchPairing.ORGANISER)
    second = round_pair(event=event, by=to, seed=2, confirm=True)
    round_publish(round_=second, by=to, confirm=True)
    paired = second.team_matches.filter(team_b__isnull=False).order_by("first_table").first()
    assert paired is not None
    assert paired.team_b is not None
    pairs = list(zip(member_ids(paired.team_a), reversed(member_ids(paired.team_b)), strict=True))
    match_pairs_set(match=paired, pairs=pairs, by=to)
    score_match(paired, to)
    event.refresh_from_db()
    return event


def round_of(event: Event, number: int) -> Round:
    return event.rounds.get(number=number)
