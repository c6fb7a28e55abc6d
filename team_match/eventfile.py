"""A team tournament in an event/1 file (docs/event-files.md, "Team tournaments"): read into
`team_match.record.TeamEvent`, and written back.

A team tournament's file is an ordinary event/1 file whose players are the members, each
game one member against another, so `standings.eventfile` reads it whole; three keys say
who is in which team and which teams met:

- `team_event` (top level): the TO's rules, `{"size", "rule", "draw_margin", "pairing",
  "distinct_factions", "step_minutes"}`;
- `teams` (top level): `[{"id", "name", "captain", "members": [player ids, in the team's
  order], "dropped_after_round", "disqualified_after_round"}]`;
- `matches` (on a round): `[{"teams": [a, b] or [a] for a bye, "first_table", "pairing",
  "protocol"}]`, the protocol being `team_match.protocol`'s JSON, replayed through its rules
  on reading (a state the rules could not reach is refused, never trusted).

Each problem is refused with where it is (`teams[2].members[1]: ...`), as the event/1 reader
does. Pure Python: the `standings` and `pair` commands read team files without a database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from standings.records import EventFile, EventFileError, EventPlayer, EventRound
from team_match import protocol
from team_match.protocol import MAX_TEAM, MIN_TEAM, ProtocolError
from team_match.record import MatchRecord, TeamEvent, TeamEventRules
from team_match.scoring import MatchRule
from team_match.standings import TeamEntry

TEAM_EVENT = "team_event"
TEAMS = "teams"
MATCHES = "matches"
PROTOCOL = "protocol"
ORGANISER = "organiser"
STANDINGS_ORDER = "standings-order"
PAIRINGS = (PROTOCOL, ORGANISER, STANDINGS_ORDER)
STEP_MINUTES = (1, 60)

_RULE_KEYS = ("size", "rule", "draw_margin", "pairing", "distinct_factions", "step_minutes")
_TEAM_KEYS = {"id", "name", "captain", "members", "dropped_after_round", "disqualified_after_round"}
_MATCH_KEYS = {"teams", "first_table", "pairing", "protocol"}


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise EventFileError(message)


def _whole(value: Any, where: str, low: int, high: int | None = None) -> int:
    ok = isinstance(value, int) and not isinstance(value, bool) and value >= low
    ok = ok and (high is None or value <= high)
    span = f"from {low}" if high is None else f"from {low} to {high}"
    _expect(ok, f"{where} must be a whole number {span}, got {value!r}")
    return int(value)


def _text(value: Any, where: str) -> str:
    _expect(isinstance(value, str) and value.strip() != "", f"{where} must be a non-empty string")
    return str(value)


# --- reading -------------------------------------------------------------------------


def is_team_file(event: EventFile) -> bool:
    """Whether the file is a team tournament's (it says how its teams play)."""
    return event.extra.get(TEAM_EVENT) is not None


def read_team_event(event: EventFile) -> TeamEvent | None:
    """The file's team tournament, or None for a file of one player a side.

    Raises EventFileError naming the first problem: the rules, a team, a match, or a game
    between players whose teams did not meet in that round.
    """
    if not is_team_file(event):
        _expect(
            event.extra.get(TEAMS) is None, f"{TEAMS}: a file with teams says how they play in {TEAM_EVENT}"
        )
        for round_ in event.rounds:
            _expect(
                round_.extra.get(MATCHES) is None,
                f"round {round_.number}.{MATCHES}: team matches need {TEAM_EVENT} and {TEAMS}",
            )
        return None
    rules = read_rules(event.extra[TEAM_EVENT])
    _expect(event.cut is None, "cut: a team tournament plays its Swiss rounds only, without a top cut")
    _expect(
        event.extra.get("team_size") is None,
        f"team_size: a team tournament's games are one player a side ({TEAM_EVENT} sets its teams)",
    )
    teams = read_teams(event.extra.get(TEAMS), rules.size, event.players)
    by_id = {team.id: team for team in teams}
    matches: dict[int, tuple[MatchRecord, ...]] = {}
    for round_ in event.rounds:
        raw = round_.extra.get(MATCHES)
        if raw is None:
            found: tuple[MatchRecord, ...] = ()
        else:
            found = read_matches(raw, f"round {round_.number}.{MATCHES}", by_id, rules)
            matches[round_.number] = found
        _check_games(round_, found, by_id)
    return TeamEvent(rules=rules, teams=teams, matches=matches)


def read_rules(raw: Any) -> TeamEventRules:
    """`team_event`: the TO's choices, each checked as the event settings check them."""
    where = TEAM_EVENT
    _expect(isinstance(raw, dict), f"{where} must be a JSON object")
    strays = sorted(set(raw) - set(_RULE_KEYS))
    _expect(not strays, f"{where}.{strays[0] if strays else ''} is not a team tournament setting")
    _expect("size" in raw, f"{where}.size (the players per team, {MIN_TEAM} to {MAX_TEAM}) is missing")
    size = _whole(raw["size"], f"{where}.size", MIN_TEAM, MAX_TEAM)
    rule_value = raw.get("rule", MatchRule.GAMES_WON.value)
    rules = [r.value for r in MatchRule]
    _expect(rule_value in rules, f"{where}.rule must be one of {', '.join(rules)}, got {rule_value!r}")
    rule = MatchRule(rule_value)
    margin = _whole(raw.get("draw_margin", 0), f"{where}.draw_margin", 0)
    _expect(
        margin == 0 or rule is MatchRule.GAME_POINTS,
        f"{where}.draw_margin applies only to matches decided by game points",
    )
    pairing = raw.get("pairing", PROTOCOL)
    _expect(pairing in PAIRINGS, f"{where}.pairing must be one of {', '.join(PAIRINGS)}, got {pairing!r}")
    distinct = raw.get("distinct_factions", False)
    _expect(isinstance(distinct, bool), f"{where}.distinct_factions must be true or false")
    minutes = _whole(raw.get("step_minutes", 3), f"{where}.step_minutes", *STEP_MINUTES)
    return TeamEventRules(
        size=size,
        rule=rule,
        draw_margin=margin,
        pairing=str(pairing),
        distinct_factions=distinct,
        step_minutes=minutes,
    )


def _optional_round(raw: Mapping[str, Any], key: str, where: str) -> int | None:
    value = raw.get(key)
    return None if value is None else _whole(value, f"{where}.{key}", 0)


def read_teams(raw: Any, size: int, players: Sequence[EventPlayer]) -> tuple[TeamEntry, ...]:
    """`teams`: each with a unique id and name, exactly `size` members of the file's
    players in the team's order (no player in two teams), and its captain among them."""
    _expect(isinstance(raw, list), f"{TEAMS} must be a JSON array of teams")
    known = {p.id: p for p in players}
    ids: set[str] = set()
    names: dict[str, str] = {}
    team_of: dict[str, str] = {}
    teams = []
    for i, item in enumerate(raw):
        where = f"{TEAMS}[{i}]"
        _expect(isinstance(item, dict), f"{where} must be a JSON object")
        team_id = _text(item.get("id"), f"{where}.id")
        _expect(team_id not in ids, f"{where}.id: team {team_id!r} is listed twice")
        ids.add(team_id)
        name = _text(item.get("name"), f"{where}.name")
        _expect(
            name.casefold() not in names,
            f"{where}.name: {name!r} is already the name of team {names.get(name.casefold())!r}",
        )
        names[name.casefold()] = team_id
        members = item.get("members")
        _expect(
            isinstance(members, list) and len(members) == size,
            f"{where}.members must list the team's {size} players (their ids), in the team's order",
        )
        for k, member in enumerate(members):
            at = f"{where}.members[{k}]"
            _expect(isinstance(member, str) and member in known, f"{at} must name one of the file's players")
            _expect(
                member not in team_of,
                f"{at}: player {member!r} is already in team {team_of.get(member)!r}",
            )
            team_of[member] = team_id
        captain = item.get("captain", members[0])
        _expect(
            isinstance(captain, str) and captain in members,
            f"{where}.captain must be one of the team's members, got {captain!r}",
        )
        teams.append(
            TeamEntry(
                id=team_id,
                name=name,
                members=tuple(known[m] for m in members),
                dropped_after_round=_optional_round(item, "dropped_after_round", where),
                disqualified_after_round=_optional_round(item, "disqualified_after_round", where),
                captain=captain,
                extra={k: v for k, v in item.items() if k not in _TEAM_KEYS},
            )
        )
    return tuple(teams)


def read_matches(
    raw: Any, where: str, teams: Mapping[str, TeamEntry], rules: TeamEventRules
) -> tuple[MatchRecord, ...]:
    """A round's `matches`: two teams (team A first) or one for its bye, each team once."""
    _expect(isinstance(raw, list), f"{where} must be a JSON array of team matches")
    seen: set[str] = set()
    found = []
    for i, item in enumerate(raw):
        at = f"{where}[{i}]"
        _expect(isinstance(item, dict), f"{at} must be a JSON object")
        sides = item.get("teams")
        _expect(
            isinstance(sides, list) and len(sides) in (1, 2),
            f"{at}.teams must name two teams, or one for a bye",
        )
        for k, team_id in enumerate(sides):
            _expect(
                isinstance(team_id, str) and team_id in teams, f"{at}.teams[{k}] must name one of {TEAMS}"
            )
            _expect(team_id not in seen, f"{at}.teams[{k}]: team {team_id!r} plays twice in the round")
            seen.add(team_id)
        bye = len(sides) == 1
        first = item.get("first_table")
        if first is not None:
            _expect(not bye, f"{at}.first_table: a bye has no tables")
            first = _whole(first, f"{at}.first_table", 1)
        pairing = item.get("pairing", rules.pairing)
        _expect(pairing in PAIRINGS, f"{at}.pairing must be one of {', '.join(PAIRINGS)}, got {pairing!r}")
        state = item.get("protocol")
        if state is not None:
            _expect(not bye, f"{at}.protocol: a bye has no pairing protocol")
            _expect(
                pairing == PROTOCOL, f"{at}.protocol: only a match paired by the captains' protocol has one"
            )
            _check_protocol(state, f"{at}.protocol", teams[sides[0]], teams[sides[1]])
        found.append(
            MatchRecord(
                teams=tuple(sides),
                first_table=first,
                pairing=str(pairing),
                protocol=state,
                extra={k: v for k, v in item.items() if k not in _MATCH_KEYS},
            )
        )
    return tuple(found)


def _check_protocol(state: Any, where: str, team_a: TeamEntry, team_b: TeamEntry) -> None:
    """The protocol's stored state, replayed through its rules, between these two teams."""
    _expect(isinstance(state, dict), f"{where} must be a JSON object (the protocol's state)")
    try:
        replayed = protocol.from_json(state)
    except ProtocolError as exc:
        raise EventFileError(f"{where}: {exc.message} ({exc.code})") from None
    for key, stored, team in (("team_a", replayed.team_a, team_a), ("team_b", replayed.team_b, team_b)):
        _expect(
            stored == tuple(m.id for m in team.members),
            f"{where}.{key} must be team {team.id!r}'s members in the team's order",
        )


def _check_games(round_: EventRound, matches: Sequence[MatchRecord], teams: Mapping[str, TeamEntry]) -> None:
    """Every game of the round is one member against a member of the team their team meets,
    and every bye is a member's whose team has the round's bye."""
    team_of = {m.id: team.id for team in teams.values() for m in team.members}
    meets: dict[str, str | None] = {}
    for match in matches:
        if match.is_bye:
            meets[match.teams[0]] = None
        else:
            a, b = match.teams
            meets[a], meets[b] = b, a
    for i, game in enumerate(round_.games):
        where = f"round {round_.number}.games[{i}]"
        for player in game.players:
            _expect(player in team_of, f"{where}: player {player!r} is in no team")
        if len(game.players) == 1:
            team = team_of[game.players[0]]
            _expect(
                team in meets and meets[team] is None,
                f"{where}: a member's bye comes with their team's bye; team {team!r} has none in round "
                f"{round_.number}",
            )
            continue
        one, two = (team_of[p] for p in game.players)
        _expect(one != two, f"{where}: {game.players[0]!r} and {game.players[1]!r} are teammates")
        _expect(
            meets.get(one, "") == two,
            f"{where}: teams {one!r} and {two!r} do not meet in round {round_.number}'s {MATCHES}",
        )


# --- writing -------------------------------------------------------------------------


def rules_to_json(rules: TeamEventRules) -> dict[str, Any]:
    return {
        "size": rules.size,
        "rule": rules.rule.value,
        "draw_margin": rules.draw_margin,
        "pairing": rules.pairing,
        "distinct_factions": rules.distinct_factions,
        "step_minutes": rules.step_minutes,
    }


def team_to_json(team: TeamEntry) -> dict[str, Any]:
    members = [m.id for m in team.members]
    return {
        "id": team.id,
        "name": team.name,
        "captain": team.captain if team.captain is not None else (members[0] if members else None),
        "members": members,
        "dropped_after_round": team.dropped_after_round,
        "disqualified_after_round": team.disqualified_after_round,
        **team.extra,
    }


def match_to_json(match: MatchRecord) -> dict[str, Any]:
    out: dict[str, Any] = {"teams": list(match.teams)}
    if match.first_table is not None:
        out["first_table"] = match.first_table
    if match.pairing:
        out["pairing"] = match.pairing
    if match.protocol:
        out["protocol"] = dict(match.protocol)
    out.update(match.extra)
    return out


def team_event_to_json(team_event: TeamEvent) -> dict[str, Any]:
    """The top-level keys: `team_event` and `teams` (each round's `matches` is `match_to_json`)."""
    return {
        TEAM_EVENT: rules_to_json(team_event.rules),
        TEAMS: [team_to_json(t) for t in team_event.teams],
    }


def revealed_only(state: Mapping[str, Any]) -> dict[str, Any]:
    """A protocol's state without the choices not yet revealed (what a public file may hold):
    the same state as if neither captain had chosen in the current step, which the rules
    reach too, so it reads back like any other."""
    replayed = protocol.from_json(state)
    if replayed.complete or replayed.pending == (None, None):
        return dict(state)
    return protocol.to_json(replace(replayed, pending=(None, None)))
