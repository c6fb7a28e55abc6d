"""Teams of a team tournament (docs/team-matches.md): a captain registers the team through
the event's link, naming its members (the captain first), and each member with an e-mail
address is sent the seat invitation every entered player gets; the TO may enter a team
too. Each member is a `Player` of their own (a seat, a roster, games); the team is the
`Squad` they belong to, in the order given, which the pairing protocol's defaults follow."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from rules_engine.names import person_key
from tournaments import limits
from tournaments.errors import ServiceError
from tournaments.invitation_mails import is_invitable
from tournaments.models import Event, Player, Squad
from tournaments.services.audit import audit
from tournaments.services.invitations import _queue, spend_invitation_mails
from tournaments.services.players import PLAYER_NAME_LENGTH, player_join, player_register
from tournaments.services.versions import event_touch

TEAM_NAME_LENGTH = 120


@dataclass(frozen=True)
class Member:
    """A member as the captain or the TO enters them."""

    name: str
    email: str = ""


def squad_size(event: Event) -> int:
    """The event's players per team; refused where the event is not a team tournament."""
    if event.squad_size is None:
        raise ServiceError(
            "This event is not a team tournament: players enter one by one.",
            code="not-a-team-tournament",
        )
    return event.squad_size


def _checked_team_name(event: Event, name: str) -> str:
    name = name.strip()
    if not name:
        raise ServiceError("A team needs a name.", code="team-name-required", field="name")
    if len(name) > TEAM_NAME_LENGTH:
        raise ServiceError(f"A team's name is at most {TEAM_NAME_LENGTH} characters.", field="name")
    if limits.control_characters_in(name):
        raise ServiceError(
            "A team's name is one line: no line breaks, tabs or other control characters.",
            code="control-characters",
            field="name",
        )
    if event.squads.filter(name__iexact=name).exists():
        raise ServiceError(
            f"A team named {name} is already registered: pick another name.",
            code="team-name-taken",
            field="name",
        )
    return name


def _checked_members(members: Sequence[Member], size: int) -> list[Member]:
    cleaned = [Member(m.name.strip(), m.email.strip()) for m in members]
    if len(cleaned) != size or not all(m.name for m in cleaned):
        raise ServiceError(
            f"A team in this event has {size} players: name each of them.",
            code="team-size-mismatch",
            field="members",
        )
    seen: set[str] = set()
    for member in cleaned:
        if len(member.name) > PLAYER_NAME_LENGTH:
            raise ServiceError(
                f"A player's name is at most {PLAYER_NAME_LENGTH} characters.", field="members"
            )
        if limits.control_characters_in(member.name):
            raise ServiceError(
                "A player's name is one line: no line breaks, tabs or other control characters.",
                code="control-characters",
                field="members",
            )
        key = person_key(member.name)
        if key in seen:
            raise ServiceError(
                f"{member.name} is named twice: each player of a team is a different person.",
                code="teammate-repeated",
                field="members",
            )
        seen.add(key)
    return cleaned


def _next_team_id(event: Event) -> str:
    taken = set(event.squads.values_list("external_id", flat=True))
    n = len(taken) + 1
    while f"t{n}" in taken:
        n += 1
    return f"t{n}"


def _invite(event: Event, seats: list[Player]) -> None:
    """Mail each new member with an address their seat's invitation, within the event's
    hourly budget (those over it are sent from the players page later)."""
    invitable = [seat for seat in seats if is_invitable(seat)]
    if not invitable:
        return
    try:
        allowed = spend_invitation_mails(event, len(invitable), then="send the rest in an hour")
    except ServiceError:
        return  # over budget: the seats stay uninvited, the TO's "Invite" press sends them
    _queue(invitable[:allowed])


def _make_squad(
    event: Event, *, name: str, captain: Player, others: Sequence[Member], by: AbstractBaseUser | None
) -> Squad:
    squad = Squad.objects.create(event=event, external_id=_next_team_id(event), name=name, captain=captain)
    captain.squad = squad
    captain.squad_position = 1
    captain.save(update_fields=["squad", "squad_position"])
    seats = []
    for position, member in enumerate(others, start=2):
        seat = player_register(event=event, name=member.name, email=member.email, by=by, squad_member=True)
        seat.squad = squad
        seat.squad_position = position
        seat.save(update_fields=["squad", "squad_position"])
        seats.append(seat)
    _invite(event, seats)
    audit(
        event=event,
        actor=by,
        action="team-registered",
        subject=name,
        data={"members": [captain.name, *(m.name for m in others)]},
    )
    event_touch(event)
    return squad


@transaction.atomic
def squad_join(
    *,
    event: Event,
    user: AbstractBaseUser,
    join_code: str,
    team_name: str,
    members: Sequence[Member],
) -> Squad:
    """A captain registers a team through the event's link: the first member is the
    captain (this account's seat), the others are entered and invited. Nothing is stored
    unless the team's name and all its members are right."""
    size = squad_size(event)
    cleaned = _checked_members(members, size)
    name = _checked_team_name(event, team_name)
    captain = player_join(
        event=event,
        user=user,
        join_code=join_code,
        name=cleaned[0].name,
        email=cleaned[0].email,
        squad_member=True,
    )
    return _make_squad(event, name=name, captain=captain, others=cleaned[1:], by=user)


@transaction.atomic
def squad_register(
    *,
    event: Event,
    team_name: str,
    members: Sequence[Member],
    by: AbstractBaseUser,
    captain_user: AbstractBaseUser | None = None,
) -> Squad:
    """The TO enters a team; the first member is its captain (`captain_user` names the
    captain's account, which claims the seat as any invited account does)."""
    size = squad_size(event)
    cleaned = _checked_members(members, size)
    name = _checked_team_name(event, team_name)
    captain = player_register(
        event=event,
        name=cleaned[0].name,
        email=cleaned[0].email,
        invited_user=captain_user,
        by=by,
        squad_member=True,
    )
    squad = _make_squad(event, name=name, captain=captain, others=cleaned[1:], by=by)
    _invite(event, [captain])
    return squad


@transaction.atomic
def squad_drop(*, squad: Squad, by: AbstractBaseUser) -> Squad:
    """The team leaves after the last round begun: it keeps its place with the matches it
    played and is not paired again; its members drop with it (OP Guide: Drops)."""
    squad = Squad.objects.select_for_update().select_related("event").get(pk=squad.pk)
    if squad.dropped_after_round is not None:
        raise ServiceError(f"{squad.name} has already dropped.", code="already-dropped")
    last = squad.event.rounds.order_by("-number").values_list("number", flat=True).first() or 0
    squad.dropped_after_round = last
    squad.save(update_fields=["dropped_after_round"])
    squad.members.filter(dropped_after_round__isnull=True).update(dropped_after_round=last)
    audit(event=squad.event, actor=by, action="team-dropped", subject=squad.name, data={"round": last})
    event_touch(squad.event)
    return squad
