"""A team tournament built through the services (docs/team-matches.md): teams registered by
the TO, members given accounts where a test needs them to sign in, round 1 paired by the
Swiss engine and published. The team pages, the permission table and the page walk share it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tests.builders.rows import make_event
from tests.builders.team_tournaments import member_ids, run_protocol
from tournaments.models import Event, MatchPairing, Player, Round, Squad, TeamMatch
from tournaments.services.reporting import ResultInput, result_set
from tournaments.services.rounds import round_pair, round_publish
from tournaments.services.squads import Member, squad_register
from tournaments.services.team_matches import protocol_choose

# Each team's members, in the team's order: the first is its captain.
MEMBERS = {
    "Red": ["Ann", "Ben", "Cy", "Dee", "Eli", "Flo", "Gil", "Hob"],
    "Blue": ["Fay", "Gus", "Hal", "Ida", "Jo", "Kai", "Lou", "Mo"],
    "Green": ["Ned", "Oli", "Pip", "Quin", "Rex", "Sam", "Tam", "Uma"],
    "Gold": ["Val", "Wes", "Xan", "Yul", "Zed", "Abe", "Bea", "Cal"],
}


def team_tournament(
    to: Any,
    *,
    size: int = 3,
    teams: Sequence[str] = ("Red", "Blue"),
    accounts: Mapping[str, Sequence[Any]] | None = None,
    pairing: str = MatchPairing.PROTOCOL,
    slug: str = "team-cup",
    paired: bool = True,
    published: bool = True,
    **fields: Any,
) -> Event:
    """A team tournament of `teams` of `size`, with `accounts` (team name → the users of its
    members, in order: the first is the captain's) and, unless told otherwise, round 1
    paired and published."""
    fields.setdefault("name", "Team Cup")
    event = make_event(to=to, slug=slug, squad_size=size, match_pairing=pairing, tables=0, **fields)
    for name in teams:
        squad = squad_register(
            event=event, team_name=name, members=[Member(n) for n in MEMBERS[name][:size]], by=to
        )
        users = (accounts or {}).get(name, ())
        for member, user in zip(squad.members.order_by("squad_position"), users, strict=False):
            if user is not None:
                Player.objects.filter(pk=member.pk).update(user=user)
    if paired:
        round_ = round_pair(event=event, by=to, seed=1, confirm=True)
        if published:
            round_publish(round_=round_, by=to, confirm=True)
    event.refresh_from_db()
    return event


def squad(event: Event, name: str) -> Squad:
    return event.squads.get(name=name)


def first_match(event: Event, number: int = 1) -> TeamMatch:
    """The round's first match that is not a bye."""
    round_: Round = event.rounds.get(number=number)
    match = round_.team_matches.filter(team_b__isnull=False).order_by("first_table").first()
    assert match is not None
    return match


def team_day(users: Mapping[str, Any]) -> Event:
    """A team tournament of four teams of five in the middle of round 1 (the page walk's
    and the screenshots'): Red (captain bob) meets the team carol captains and is choosing
    its attackers, the other team having offered its own (hidden from Red); the other match
    is paired and two of its games have results."""
    alice = users["alice"]
    event = team_tournament(
        alice,
        size=5,
        teams=("Red", "Blue", "Green", "Gold"),
        accounts={"Red": [users["bob"]]},
        slug="team-day",
        name="Team Day",
    )
    red = squad(event, "Red")
    for match in event.rounds.get(number=1).team_matches.select_related("team_a", "team_b"):
        assert match.team_b is not None
        if red.pk not in (match.team_a_id, match.team_b_id):
            run_protocol(match, alice)
            for game in match.games.order_by("table__number")[:2]:
                result_set(game=game, result=ResultInput(vp_one=9, vp_two=5), by=alice, reason="slip")
            continue
        them = match.team_b if match.team_a_id == red.pk else match.team_a
        assert them is not None
        assert them.captain_id is not None
        Player.objects.filter(pk=them.captain_id).update(user=users["carol"])
        protocol_choose(match=match, squad=red, choice=[member_ids(red)[0]], by=alice)
        protocol_choose(match=match, squad=them, choice=[member_ids(them)[1]], by=alice)
        protocol_choose(match=match, squad=them, choice=member_ids(them)[2:4], by=alice)
    event.refresh_from_db()
    return event
