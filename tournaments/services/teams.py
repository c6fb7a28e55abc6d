"""Teams of a team game (docs/teams.md): the entrant is a team, a `Player` row named for it
and held by its captain, and each of its players is a `Teammate` whose army is the team's
roster in the slot of the teammate's position."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from rules_engine.names import person_key
from tournaments import limits
from tournaments.errors import ServiceError
from tournaments.models import Event, Player, Teammate
from tournaments.selectors import roster_lock
from tournaments.services.audit import audit
from tournaments.services.players import PLAYER_NAME_LENGTH, player_join, player_register
from tournaments.services.versions import event_touch


def _team_size(event: Event) -> int:
    """The event's players per team; refused where the event is one player a side."""
    if event.team_size is None:
        raise ServiceError(
            "This event is one player a side: it has no teams.", code="not-a-team-game", field="teammates"
        )
    return event.team_size


def _checked_names(names: Sequence[str], size: int) -> list[str]:
    cleaned = [name.strip() for name in names]
    if len(cleaned) != size or not all(cleaned):
        raise ServiceError(
            f"A team in this event has {size} players: name each of them.",
            code="team-size-mismatch",
            field="teammates",
        )
    seen: set[str] = set()
    for name in cleaned:
        if len(name) > PLAYER_NAME_LENGTH:
            raise ServiceError(
                f"A player's name is at most {PLAYER_NAME_LENGTH} characters; {name[:20]}… has {len(name)}.",
                field="teammates",
            )
        if limits.control_characters_in(name):
            raise ServiceError(
                "A player's name is one line: no line breaks, tabs or other control characters.",
                code="control-characters",
                field="teammates",
            )
        key = person_key(name)
        if key in seen:
            raise ServiceError(
                f"{name} is named twice: each player of a team is a different person.",
                code="teammate-repeated",
                field="teammates",
            )
        seen.add(key)
    return cleaned


@transaction.atomic
def teammates_set(
    *, team: Player, names: Sequence[str], by: AbstractBaseUser | None, as_staff: bool = False
) -> list[Teammate]:
    """Name the team's players, in order: the first's army is the team's roster 1, and so on.

    The captain's until rosters lock (a teammate's name goes with their army); the TO or a
    judge may correct a name at any time. Audited; the team's row is locked so two saves
    apply in turn.
    """
    team = Player.objects.select_for_update().select_related("event").get(pk=team.pk)
    event = team.event
    size = _team_size(event)
    cleaned = _checked_names(names, size)
    if not as_staff:
        locked = roster_lock(event)
        if locked is not None:
            raise ServiceError(
                "Rosters are locked, and the team's players with them; a judge can make changes for you.",
                code=locked,
            )
    before = list(team.teammates.order_by("position").values_list("name", flat=True))
    team.teammates.filter(position__gt=size).delete()
    mates = [
        Teammate.objects.update_or_create(team=team, position=i, defaults={"name": name})[0]
        for i, name in enumerate(cleaned, start=1)
    ]
    if before != cleaned:
        audit(
            event=event,
            actor=by,
            action="teammates-set" if not as_staff else "teammates-set-by-staff",
            subject=team.name,
            data={"old": before, "new": cleaned},
        )
        event_touch(event)
    return mates


@transaction.atomic
def team_join(
    *,
    event: Event,
    user: AbstractBaseUser,
    join_code: str,
    team_name: str,
    teammates: Sequence[str],
    email: str = "",
    stream_consent: bool = False,
) -> Player:
    """A captain registers a team through the event's link: the team, named, with its
    players (docs/teams.md); nothing is stored unless both are right. `stream_consent`:
    the captain, who holds the team's entry, agrees to its table being streamed
    (docs/venue.md)."""
    size = _team_size(event)
    _checked_names(teammates, size)  # before the team exists: one clear refusal
    if not team_name.strip():
        raise ServiceError("A team needs a name.", field="name")
    team = player_join(
        event=event,
        user=user,
        join_code=join_code,
        name=team_name,
        email=email,
        stream_consent=stream_consent,
    )
    teammates_set(team=team, names=teammates, by=user)
    return team


@transaction.atomic
def team_register(
    *,
    event: Event,
    name: str,
    teammates: Sequence[str],
    by: AbstractBaseUser,
    email: str = "",
    invited_user: AbstractBaseUser | None = None,
) -> Player:
    """The TO enters a team (its name, its players), optionally inviting the captain's
    account; nothing is stored unless both are right."""
    size = _team_size(event)
    _checked_names(teammates, size)
    team = player_register(event=event, name=name, email=email, invited_user=invited_user, by=by)
    teammates_set(team=team, names=teammates, by=by, as_staff=True)
    return team
