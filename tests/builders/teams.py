"""A team tournament built through the services (docs/team-matches.md): teams registered by
the TO, members given accounts where a test needs them to sign in, round 1 paired by the
Swiss engine and published. The team pages, the permission table and the page walk share it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tests.builders.rows import make_event
from tournaments.models import Event, MatchPairing, Player, Round, Squad, TeamMatch
from tournaments.services.rounds import round_pair, round_publish
from tournaments.services.squads import Member, squad_register

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
    event = make_event(
        to=to, slug=slug, name="Team Cup", squad_size=size, match_pairing=pairing, tables=0, **fields
    )
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


def member_ids(team: Squad) -> list[str]:
    return [p.external_id for p in team.members.order_by("squad_position")]


def first_match(event: Event, number: int = 1) -> TeamMatch:
    """The round's first match that is not a bye."""
    round_: Round = event.rounds.get(number=number)
    match = round_.team_matches.filter(team_b__isnull=False).order_by("first_table").first()
    assert match is not None
    return match
