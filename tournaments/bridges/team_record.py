"""Team tournament bridge: the event's teams and team matches → `team_match.record.TeamEvent`,
read beside the members' games (`event_record`), for the team standings and the team
pairing (docs/team-matches.md). Three queries: teams, members, matches."""

from __future__ import annotations

from collections import defaultdict

from pairings.engine import Pairing
from pairings.engine.teams import pair_teams, team_round_request
from rules_engine.scoring import ScoringTable
from standings import Standings
from standings.engine import scoring_for_event
from standings.records import EventFile, EventPlayer
from team_match.record import MatchRecord, TeamEvent, TeamEventRules, team_event_standings
from team_match.scoring import MatchRule
from team_match.standings import TeamEntry, TeamStandings, individual_standings
from tournaments.bridges.record import event_record
from tournaments.models import Event, TeamMatch


def team_rules(event: Event) -> TeamEventRules:
    if event.squad_size is None:
        raise ValueError("not a team tournament")
    return TeamEventRules(
        size=event.squad_size,
        rule=MatchRule(event.match_rule),
        draw_margin=event.match_draw_margin,
        pairing=event.match_pairing,
        distinct_factions=event.distinct_factions,
        step_minutes=event.protocol_step_minutes,
    )


def team_event(event: Event, *, before_round: int | None = None) -> TeamEvent:
    """The event's teams (members in team order) and matches (before `before_round`)."""
    members: dict[int, list[EventPlayer]] = defaultdict(list)
    rows = event.players.filter(squad__isnull=False).order_by("squad_id", "squad_position", "id")
    for squad_id, external_id, name, dropped, disqualified in rows.values_list(
        "squad_id", "external_id", "name", "dropped_after_round", "disqualified_after_round"
    ):
        members[squad_id].append(
            EventPlayer(
                id=external_id,
                name=name,
                dropped_after_round=dropped,
                disqualified_after_round=disqualified,
            )
        )
    teams: list[TeamEntry] = []
    ids: dict[int, str] = {}
    for pk, external_id, name, dropped, disqualified in event.squads.order_by("id").values_list(
        "id", "external_id", "name", "dropped_after_round", "disqualified_after_round"
    ):
        ids[pk] = external_id
        teams.append(
            TeamEntry(
                id=external_id,
                name=name,
                members=tuple(members[pk]),
                dropped_after_round=dropped,
                disqualified_after_round=disqualified,
            )
        )
    matches: dict[int, list[MatchRecord]] = defaultdict(list)
    qs = TeamMatch.objects.filter(round__event=event)
    if before_round is not None:
        qs = qs.filter(round__number__lt=before_round)
    for number, a, b, first, pairing, protocol in qs.order_by(
        "round__number", "first_table", "id"
    ).values_list("round__number", "team_a_id", "team_b_id", "first_table", "pairing", "protocol"):
        teams_of = (ids[a],) if b is None else (ids[a], ids[b])
        matches[number].append(
            MatchRecord(teams=teams_of, first_table=first, pairing=pairing, protocol=protocol or None)
        )
    return TeamEvent(
        rules=team_rules(event),
        teams=tuple(teams),
        matches={n: tuple(found) for n, found in matches.items()},
    )


def _scoring(record: EventFile) -> ScoringTable:
    return scoring_for_event(record)


def event_team_standings(event: Event) -> TeamStandings:
    """The team standings of the matches decided so far (docs/team-matches.md)."""
    record = event_record(event)
    return team_event_standings(record, team_event(event), _scoring(record))


def event_individual_standings(event: Event) -> Standings:
    """The best players of the event, from the members' own games."""
    record = event_record(event)
    teams = team_event(event).teams
    return individual_standings(teams, record.rounds, _scoring(record), planned_rounds=event.planned_rounds)


def pair_team_round(event: Event, *, number: int, seed: int) -> Pairing:
    """Pair round `number`'s teams by the Swiss engine (raises `PairingError`)."""
    record = event_record(event, before_round=number)
    return pair_teams(
        team_round_request(record, team_event(event, before_round=number), number=number, seed=seed)
    )
