"""Random team tournaments for the team pairing's tests: teams of 3 to 8, rounds of matches
(some decided, some left with a game missing), byes, drops and disqualifications, as an
event/1 record (the members' games) and its `TeamEvent` (who met whom)."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

from standings.records import BYE, EventFile, EventGame, EventPlayer, EventRound
from team_match.record import MatchRecord, TeamEvent, TeamEventRules
from team_match.standings import TeamEntry

VP = {"win": (10, 2), "draw": (6, 6), "loss": (2, 10)}  # team A's member's result first


@dataclass(frozen=True)
class History:
    record: EventFile
    teams: TeamEvent
    number: int  # the round to pair
    seed: int
    # What the history says, restated without the engines: each team's team match points
    # (games won decide a match), byes, and every team it was paired with.
    points: dict[str, int]
    byes: dict[str, int]
    met: dict[str, set[str]]


def members(team: str, size: int) -> tuple[str, ...]:
    return tuple(f"{team}m{k}" for k in range(size))


@st.composite
def team_histories(draw: st.DrawFn, *, max_teams: int = 9, max_rounds: int = 3) -> History:
    n = draw(st.integers(1, max_teams))
    size = draw(st.integers(3, 8))
    ids = [f"t{i}" for i in range(n)]
    played = draw(st.integers(0, max_rounds))
    leaves = {
        t: draw(st.one_of(st.none(), st.none(), st.tuples(st.booleans(), st.integers(0, max(played, 0)))))
        for t in ids
    }
    entries = []
    for t in ids:
        leave = leaves[t]
        dropped = leave[1] if leave is not None and not leave[0] else None
        disqualified = leave[1] if leave is not None and leave[0] else None
        entries.append(
            TeamEntry(
                id=t,
                name=t.upper(),
                members=tuple(EventPlayer(m, m.upper()) for m in members(t, size)),
                dropped_after_round=dropped,
                disqualified_after_round=disqualified,
            )
        )
    points = dict.fromkeys(ids, 0)
    byes = dict.fromkeys(ids, 0)
    met: dict[str, set[str]] = {t: set() for t in ids}
    rounds: list[EventRound] = []
    matches: dict[int, tuple[MatchRecord, ...]] = {}
    for number in range(1, played + 1):
        active = [
            t.id
            for t in entries
            if (t.dropped_after_round is None or t.dropped_after_round >= number)
            and (t.disqualified_after_round is None or t.disqualified_after_round >= number)
        ]
        order = draw(st.permutations(active))
        games: list[EventGame] = []
        found: list[MatchRecord] = []
        for k in range(0, len(order) - 1, 2):
            a, b = order[k], order[k + 1]
            met[a].add(b)
            met[b].add(a)
            results = draw(st.lists(st.sampled_from(sorted(VP)), min_size=size, max_size=size))
            missing = draw(st.one_of(st.just(0), st.just(0), st.integers(1, size)))
            for i, result in enumerate(results[: size - missing]):
                x, y = members(a, size)[i], members(b, size)[i]
                vp = VP[result]
                if draw(st.booleans()):  # team B's member named first: the same game
                    games.append(EventGame(players=(y, x), vp=(vp[1], vp[0])))
                else:
                    games.append(EventGame(players=(x, y), vp=vp))
            if not missing:
                won, lost = results.count("win"), results.count("loss")
                points[a] += 3 if won > lost else 1 if won == lost else 0
                points[b] += 3 if lost > won else 1 if won == lost else 0
            found.append(MatchRecord(teams=(a, b), first_table=k // 2 * size + 1))
        if len(order) % 2:
            team = order[-1]
            points[team] += 3
            byes[team] += 1
            games += [EventGame(players=(m,), outcome=BYE) for m in members(team, size)]
            found.append(MatchRecord(teams=(team,)))
        rounds.append(EventRound(number=number, games=tuple(games)))
        matches[number] = tuple(found)
    record = EventFile(
        name="Random teams",
        game_system="starcraft-tmg",
        scale="standard",
        kind="competitive",
        tables=(),
        players=tuple(m for t in entries for m in t.members),
        rounds=tuple(rounds),
    )
    teams = TeamEvent(rules=TeamEventRules(size=size), teams=tuple(entries), matches=matches)
    return History(record, teams, played + 1, draw(st.integers(0, 2**32)), points, byes, met)
