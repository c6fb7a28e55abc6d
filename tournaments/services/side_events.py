"""Side events: a short event of its own, linked to a main event (OP Guide: Side Events).

A side event is a full Event — its own players, rounds, pairings, results and standings,
run by the same services as any event. What the link adds, from the guide:

- "Keep the entry barrier at zero. No extra fee, no separate registration if avoidable":
  a player of the main event joins in one tap from the main event's page (no join code,
  their name and e-mail carried over), whether still playing or dropped ("For players who
  have already dropped. They should have somewhere to go."). Anyone else registers the
  usual way, through the side event's own link.
- "Don't schedule anything overlapping a round": the side event's rounds never overlap a
  round of the main event (services.schedules, `overlaps-main-round`).
- It plays the main event's game system, and a side event has no side events of its own.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction

from rosters.models import Roster
from tournaments.errors import ServiceError
from tournaments.models import (
    LISTING_FIELDS,
    Event,
    EventKind,
    Game,
    ListFormat,
    Outcome,
    Player,
    ResultReport,
    RoundStatus,
)
from tournaments.services.audit import audit
from tournaments.services.events import EDITABLE_FIELDS, event_create
from tournaments.services.players import player_register, registration_closed_reason
from tournaments.services.rosters import roster_submit
from tournaments.services.versions import event_touch

# What a side event takes from its main event unless the TO says otherwise: where and when,
# who to tell about conduct, and the listing players read (the access, the accommodations),
# all of it but the side event's own layouts and schedule.
_OWN_LISTING = frozenset({"layouts_in_use", "schedule"})
INHERITED = (
    "starts_on",
    "ends_on",
    "venue",
    "time_zone",  # the same hall, the same clock
    "conduct_contact",
    *(key for key in LISTING_FIELDS if key not in _OWN_LISTING),
)


@transaction.atomic
def side_event_create(*, main: Event, actor: AbstractBaseUser, name: str, **fields: Any) -> Event:
    """A side event of `main`, created by its TO (the caller checked the role); the creator
    is the side event's TO. It plays the main event's game system; a community event unless
    the TO says otherwise (a Skirmish mini-tournament is not played at Standard)."""
    main = Event.objects.select_for_update().get(pk=main.pk)
    if main.side_event_of_id is not None:
        raise ServiceError(
            f"{main.name} is itself a side event; add side events to its main event.",
            code="side-event-of-side-event",
        )
    unknown = set(fields) - set(EDITABLE_FIELDS)
    if unknown:
        raise ServiceError(f"Unknown event settings: {', '.join(sorted(unknown))}.")
    system = fields.pop("game_system", main.game_system)
    if system != main.game_system:
        raise ServiceError(
            f"A side event plays the main event's game ({main.game_system_name}).",
            code="side-event-game-system",
            field="game_system",
        )
    for key in INHERITED:
        fields.setdefault(key, getattr(main, key))
    fields.setdefault("kind", EventKind.COMMUNITY)
    side = event_create(creator=actor, name=name, side_event_of=main, game_system=main.game_system, **fields)
    audit(event=main, actor=actor, action="side-event-created", subject=side.name, data={"slug": side.slug})
    event_touch(main)
    return side


def main_event_player(side: Event, user: AbstractBaseUser | AnonymousUser) -> Player | None:
    """The user's entry in the main event of `side` (None: not a player there, or no main)."""
    if side.side_event_of_id is None or not user.is_authenticated or user.pk is None:
        return None
    return Player.objects.filter(event_id=side.side_event_of_id, user_id=user.pk).first()


@transaction.atomic
def side_event_join(*, side: Event, user: AbstractBaseUser) -> Player:
    """Enter a main-event player in `side`, in one tap: no join code, no form.

    Dropped players of the main event may join (OP Guide: Side Events, "For players who
    have already dropped"); a player disqualified from the main event may not. Anyone else
    is refused with the way in: the side event's own registration link.
    """
    if side.side_event_of_id is None:
        raise ServiceError(f"{side.name} is not a side event.", code="not-a-side-event")
    main = Event.objects.get(pk=side.side_event_of_id)
    entry = main_event_player(side, user)
    if entry is None:
        raise ServiceError(
            f"Joining in one tap is for the players of {main.name}; register for {side.name} "
            "with its registration link from the TO.",
            code="not-a-main-event-player",
        )
    if entry.disqualified_after_round is not None:
        raise ServiceError(
            f"A player disqualified from {main.name} cannot join its side events.",
            code="disqualified",
        )
    if Player.objects.filter(event=side, user_id=user.pk).exists():
        raise ServiceError(f"You are already playing in {side.name}.", code="already-registered")
    closed = registration_closed_reason(side)
    if closed is not None:
        raise ServiceError(closed, code="registration-closed")
    player = player_register(event=side, name=entry.name, user=user, email=entry.email, by=user)
    _carry_rosters(entry, player, user)
    event_touch(main)  # the main event's page shows who is in
    return player


def _carry_rosters(entry: Player, player: Player, user: AbstractBaseUser) -> None:
    """The main event's rosters come along (a side event plays the same game system), each
    judged again by the side event's own rules; the player may replace them as usual. A
    roster the side event cannot read is left behind rather than refusing the join."""
    slots = (1, 2) if player.event.list_format == ListFormat.DUAL else (1,)
    for roster in Roster.objects.filter(player=entry, slot__in=slots).order_by("slot"):
        content = roster.source or roster.document
        try:
            roster_submit(player=player, slot=roster.slot, content=content, by=user, as_staff=True)
        except ServiceError:
            continue


@transaction.atomic
def side_event_delete(*, main: Event, side: Event, actor: AbstractBaseUser) -> None:
    """Delete a side event of `main` that has not been played, by the main event's TO (the
    caller checked the role). Its players' entries, rosters, tables, staff and own log go
    with it; the main event is untouched but for the audit entry saying so.

    Once a side event has a round (paired, so its players have been told who they meet) or
    anything a judge recorded about its players, it is a record of play (OP Guide: Side
    Events runs them as events of their own, with their own results and standings): refused
    with `side-event-started` or `side-event-has-records`, saying what to do instead.
    """
    main = Event.objects.select_for_update().get(pk=main.pk)
    locked = Event.objects.select_for_update().filter(pk=side.pk).first()
    if locked is None:
        raise ServiceError(f"{side.name} has already been deleted.", code="not-found")
    side = locked
    if side.side_event_of_id != main.pk:
        raise ServiceError(f"{side.name} is not a side event of {main.name}.", code="not-a-side-event")
    first = side.rounds.order_by("number").first()
    if first is not None:
        played = (
            side.rounds.filter(status=RoundStatus.CLOSED).exists()
            or ResultReport.objects.filter(game__round__event=side).exists()
            or Game.objects.filter(round__event=side).exclude(outcome__in=["", Outcome.BYE]).exists()
        )
        instead = (
            "it has results, which stay on record: leave it as it stands (it ends when no more "
            "rounds are paired)"
            if played
            else "undo its rounds first (Undo on each round page, latest first), then delete it"
        )
        raise ServiceError(
            f"{side.name} has been paired (round {first.number}), so it cannot be deleted: {instead}.",
            code="side-event-started",
        )
    if side.penalties.exists() or side.conduct_reports.exists():
        raise ServiceError(
            f"Judges have recorded penalties or conduct reports at {side.name}, so it cannot be deleted: "
            "those records stay. Leave the side event as it stands.",
            code="side-event-has-records",
        )
    players = side.players.count()
    name, slug = side.name, side.slug
    side.delete()
    audit(
        event=main,
        actor=actor,
        action="side-event-deleted",
        subject=name,
        data={"slug": slug, "players": players},
    )
    event_touch(main)
