"""A team tournament's teams and team matches in the event/1 export and import
(docs/event-files.md, "Team tournaments").

The file's shape and its checks are `team_match.eventfile`'s (pure, so the commands read it
too); this module turns the rows into that shape and back. The members are ordinary players
and their games ordinary games: what is added is the event's `team_event` settings, its
`teams` and each round's `matches`, and on import the link from each game to its match
(`Game.team_match`), which follows from who played whom.

The full export is the TO's and carries each protocol as stored, the choices a captain has
made but the other has not yet seen included (a round still running keeps its state through
export and import); the public export carries only what both captains have seen
(`team_match.eventfile.revealed_only`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from interchange.values import EventImportError, field_value, json_value, take_fields
from standings.records import EventFile, EventFileError, EventPlayer
from team_match.eventfile import (
    MATCHES,
    TEAM_EVENT,
    TEAMS,
    match_to_json,
    read_team_event,
    revealed_only,
    rules_to_json,
    team_to_json,
)
from team_match.protocol import ProtocolError
from team_match.record import MatchRecord, TeamEvent
from team_match.standings import TeamEntry
from tournaments.bridges.team_record import team_rules
from tournaments.models import Event, Game, Player, Round, Squad, TeamMatch

# `team_event`'s keys and the Event fields that hold them.
RULE_FIELDS = {
    "size": "squad_size",
    "rule": "match_rule",
    "draw_margin": "match_draw_margin",
    "pairing": "match_pairing",
    "distinct_factions": "distinct_factions",
    "step_minutes": "protocol_step_minutes",
}
# Written by `team_event` (and each team's `members`), never as event or player fields.
EVENT_TEAM_FIELDS = frozenset(RULE_FIELDS.values())
PLAYER_TEAM_FIELDS = frozenset({"squad_position"})
# A team's and a match's own columns beyond the file's keys, written when off their default.
SQUAD_FIELDS = ("registered_at",)
SQUAD_FIELDS_NOT_PUBLIC = ("registered_at",)
MATCH_FIELDS: dict[str, Any] = {"step_started_at": None, "version": 0}  # with their defaults
STASH_TEAMS = "teams"  # Event.extra["_stash"] keys: a team's or a match's unknown keys
STASH_MATCHES = "matches"


def _match_key(round_number: int, teams: Sequence[str]) -> str:
    return f"{round_number}:{'/'.join(teams)}"


# --- export --------------------------------------------------------------------------


def team_keys(
    event: Event, players: Sequence[Player], stash: Mapping[str, Any], *, public: bool
) -> dict[str, Any]:
    """The top-level `team_event` and `teams` of a team tournament's export (one query)."""
    ext = {p.id: p.external_id for p in players}
    members: dict[int, list[Player]] = {}
    for player in sorted(players, key=lambda p: (p.squad_position or 0, p.id)):
        if player.squad_id is not None:
            members.setdefault(player.squad_id, []).append(player)
    kept = stash.get(STASH_TEAMS, {})
    teams = []
    for squad in Squad.objects.filter(event=event).order_by("id"):
        extra: dict[str, Any] = {}
        for name in SQUAD_FIELDS:
            if not (public and name in SQUAD_FIELDS_NOT_PUBLIC):
                extra[name] = json_value(getattr(squad, name))
        if isinstance(kept, dict) and isinstance(kept.get(squad.external_id), dict):
            extra.update(kept[squad.external_id])
        team = TeamEntry(
            id=squad.external_id,
            name=squad.name,
            members=tuple(EventPlayer(p.external_id, p.name) for p in members.get(squad.pk, [])),
            dropped_after_round=squad.dropped_after_round,
            disqualified_after_round=squad.disqualified_after_round,
            captain=ext.get(squad.captain_id) if squad.captain_id is not None else None,
            extra=extra,
        )
        teams.append(team_to_json(team))
    return {TEAM_EVENT: rules_to_json(team_rules(event)), TEAMS: teams}


def round_matches(
    rounds: Sequence[Round], stash: Mapping[str, Any], *, public: bool
) -> dict[int, list[dict[str, Any]]]:
    """Each round's `matches`, by round id (one query): byes after the matches, as paired."""
    out: dict[int, list[dict[str, Any]]] = {r.id: [] for r in rounds}
    number = {r.id: r.number for r in rounds}
    kept = stash.get(STASH_MATCHES, {})
    rows = sorted(
        TeamMatch.objects.filter(round__in=[r.id for r in rounds]).select_related("team_a", "team_b"),
        key=lambda m: (number[m.round_id], m.team_b_id is None, m.first_table or 0, m.pk),
    )
    for match in rows:
        teams = (match.team_a.external_id,) + ((match.team_b.external_id,) if match.team_b else ())
        extra: dict[str, Any] = {}
        for name, default in MATCH_FIELDS.items():
            value = getattr(match, name)
            if value != default:
                extra[name] = json_value(value)
        key = _match_key(number[match.round_id], teams)
        if isinstance(kept, dict) and isinstance(kept.get(key), dict):
            extra.update(kept[key])
        state: Mapping[str, Any] | None = match.protocol or None
        if state is not None and public:
            state = _public_protocol(state)
        record = MatchRecord(
            teams=teams, first_table=match.first_table, pairing=match.pairing, protocol=state, extra=extra
        )
        out[match.round_id].append(match_to_json(record))
    return out


def _public_protocol(state: Mapping[str, Any]) -> dict[str, Any] | None:
    try:
        return revealed_only(state)
    except ProtocolError:
        return None  # a state the rules cannot read is nobody's to publish


# --- import --------------------------------------------------------------------------


def read_file_teams(data: EventFile) -> TeamEvent | None:
    """The file's team tournament, checked (`team_match.eventfile`), or None."""
    try:
        return read_team_event(data)
    except EventFileError as exc:
        raise EventImportError(str(exc)) from None


def pop_team_keys(extra: dict[str, Any]) -> None:
    """The team keys are rows, not event settings: never kept among the event's extra fields."""
    extra.pop(TEAM_EVENT, None)
    extra.pop(TEAMS, None)


def pop_round_matches(rest: dict[str, Any]) -> None:
    rest.pop(MATCHES, None)


def event_settings(team: TeamEvent | None) -> dict[str, Any]:
    """The Event fields `team_event` sets (none for a file of one player a side)."""
    if team is None:
        return {}
    rules = rules_to_json(team.rules)
    return {field: rules[key] for key, field in RULE_FIELDS.items()}


def restore_teams(
    event: Event,
    team: TeamEvent,
    players: Mapping[str, Player],
    rounds: Mapping[int, Round],
    games: Sequence[Game],
    stash: dict[str, Any],
) -> None:
    """The teams, their members' places, the matches, and each game's match."""
    squads: dict[str, Squad] = {}
    kept_teams: dict[str, Any] = {}
    times = []
    for entry in team.teams:
        rest = dict(entry.extra)
        where = f"{TEAMS} ({entry.id})"
        fields = take_fields(Squad, SQUAD_FIELDS, rest, where)
        times.append(fields)
        if rest:
            kept_teams[entry.id] = rest
        squads[entry.id] = Squad(
            event=event,
            external_id=entry.id,
            name=entry.name,
            captain=players[entry.captain or entry.members[0].id],
            dropped_after_round=entry.dropped_after_round,
            disqualified_after_round=entry.disqualified_after_round,
        )
    created = Squad.objects.bulk_create(squads.values())
    for row, stamp in zip(created, times, strict=True):
        for name, value in stamp.items():
            setattr(row, name, value)
    if any(times):
        Squad.objects.bulk_update(created, list(SQUAD_FIELDS))
    placed = []
    for entry in team.teams:
        for position, member in enumerate(entry.members, start=1):
            player = players[member.id]
            player.squad = squads[entry.id]
            player.squad_position = position
            placed.append(player)
    Player.objects.bulk_update(placed, ["squad", "squad_position"])
    matches, kept_matches = _matches(team, squads, rounds)
    _link_games(team, matches, games, rounds)
    if kept_teams:
        stash[STASH_TEAMS] = kept_teams
    if kept_matches:
        stash[STASH_MATCHES] = kept_matches


def _matches(
    team: TeamEvent, squads: Mapping[str, Squad], rounds: Mapping[int, Round]
) -> tuple[dict[tuple[int, frozenset[str]], TeamMatch], dict[str, Any]]:
    rows: list[TeamMatch] = []
    keys: list[tuple[int, frozenset[str]]] = []
    kept: dict[str, Any] = {}
    for number in sorted(team.matches):
        for i, record in enumerate(team.matches[number]):
            rest = dict(record.extra)
            where = f"round {number}.{MATCHES}[{i}]"
            fields = {
                name: field_value(TeamMatch, name, rest.pop(name), where)
                for name in MATCH_FIELDS
                if name in rest
            }
            if rest:
                kept[_match_key(number, record.teams)] = rest
            rows.append(
                TeamMatch(
                    round=rounds[number],
                    team_a=squads[record.teams[0]],
                    team_b=squads[record.teams[1]] if not record.is_bye else None,
                    first_table=record.first_table,
                    pairing=record.pairing or team.rules.pairing,
                    protocol=dict(record.protocol) if record.protocol else {},
                    **fields,
                )
            )
            keys.append((number, frozenset(record.teams)))
    TeamMatch.objects.bulk_create(rows)
    return dict(zip(keys, rows, strict=True)), kept


def _link_games(
    team: TeamEvent,
    matches: Mapping[tuple[int, frozenset[str]], TeamMatch],
    games: Sequence[Game],
    rounds: Mapping[int, Round],
) -> None:
    """Each game between two members points at their teams' match in its round (byes, as
    the web makes them, at none)."""
    team_of = team.team_of()
    number = {r.pk: n for n, r in rounds.items()}
    linked = []
    for game in games:
        if game.player_two is None:
            continue
        one, two = team_of.get(game.player_one.external_id), team_of.get(game.player_two.external_id)
        match = matches.get((number[game.round_id], frozenset((one or "", two or ""))))
        if match is not None:
            game.team_match = match
            linked.append(game)
    Game.objects.bulk_update(linked, ["team_match"])
