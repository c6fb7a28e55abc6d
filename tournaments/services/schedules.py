"""The event schedule's rules, for the event and side-event services.

The arithmetic is pure (tournaments.schedule); this module reads the events it is checked
against. OP Guide, "Side Events" (One Rule): "A side event must never be a reason to leave
the main tournament early. Don't schedule anything overlapping a round" — so a side
event's rounds may not overlap a round of its main event, checked both ways: when the side
event is scheduled, and when the main event's schedule or round length changes.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.utils import timezone

from tournaments.errors import ServiceError
from tournaments.models import Event
from tournaments.schedule import (
    RoundSlot,
    ScheduleError,
    consecutive_overlap,
    overlapping_rounds,
    parse_schedule,
    round_slots,
    schedule_json,
)

OVERLAPS_MAIN_ROUND = "overlaps-main-round"


def normalised_schedule(raw: Any) -> list[dict[str, Any]]:
    """A schedule as a service receives it (datetimes or ISO strings) in its stored form."""
    try:
        return schedule_json(parse_schedule(raw))
    except ScheduleError as exc:
        raise ServiceError(str(exc), code="invalid-schedule", field="schedule") from None


def event_slots(event: Event) -> list[RoundSlot]:
    """The intervals the event's scheduled rounds occupy (its stored schedule is valid)."""
    try:
        entries = parse_schedule(event.schedule)
    except ScheduleError:
        return []  # only a row written around the services; the checks below refuse it on save
    return round_slots(
        entries, round_minutes=event.round_minutes, first_round_extra_minutes=event.first_round_extra_minutes
    )


def _when(moment: dt.datetime) -> str:
    return timezone.localtime(moment).strftime("%a %d %b %Y %H:%M")


def _span(slot: RoundSlot) -> str:
    end = timezone.localtime(slot.ends_at)
    return f"{_when(slot.starts_at)} to {end.strftime('%H:%M')}"


def _overlap_error(main: Event, side: Event, side_slot: RoundSlot, main_slot: RoundSlot) -> ServiceError:
    return ServiceError(
        f"Round {side_slot.number} of the side event {side.name} ({_span(side_slot)}) overlaps round "
        f"{main_slot.number} of {main.name} ({_span(main_slot)}): a side event is never scheduled over "
        "a round of the main event (OP Guide: Side Events).",
        code=OVERLAPS_MAIN_ROUND,
        field="schedule",
    )


def check_side_event_game(event: Event) -> None:
    """A side event plays its main event's game system (OP Guide: Side Events — a Skirmish
    mini-tournament of the same game), so neither may change it alone."""
    if event.side_event_of_id is not None:
        main = Event.objects.get(pk=event.side_event_of_id)
        if main.game_system != event.game_system:
            raise ServiceError(
                f"A side event plays its main event's game ({main.game_system_name}).",
                code="side-event-game-system",
                field="game_system",
            )
    if event.pk is not None:
        other = Event.objects.filter(side_event_of=event.pk).exclude(game_system=event.game_system).first()
        if other is not None:
            raise ServiceError(
                f"The side event {other.name} plays {other.game_system_name}: the main event keeps its game.",
                code="side-event-game-system",
                field="game_system",
            )


def check_schedule(event: Event) -> None:
    """The event's own schedule is well formed, and clear of its main event's or side events' rounds.

    `event` holds the values about to be saved (the service set them); the others are read
    as stored.
    """
    round_minutes = event.round_minutes
    if round_minutes is None:
        return  # set from the game system on save; checked by the caller's bounds first
    try:
        entries = parse_schedule(event.schedule, planned_rounds=event.planned_rounds)
    except ScheduleError as exc:
        raise ServiceError(str(exc), code="invalid-schedule", field="schedule") from None
    slots = round_slots(
        entries, round_minutes=round_minutes, first_round_extra_minutes=event.first_round_extra_minutes
    )
    clash = consecutive_overlap(slots)
    if clash is not None:
        before, after = clash
        raise ServiceError(
            f"Round {after.number} starts at {_when(after.starts_at)}, before round {before.number} ends "
            f"({_span(before)}).",
            code="invalid-schedule",
            field="schedule",
        )
    if event.side_event_of_id is not None:
        # The main event's row lock orders this against a change to the main schedule.
        main = Event.objects.select_for_update().get(pk=event.side_event_of_id)
        for side_slot, main_slot in overlapping_rounds(slots, event_slots(main)):
            raise _overlap_error(main, event, side_slot, main_slot)
    if event.pk is not None:
        for side in Event.objects.filter(side_event_of=event.pk).order_by("name"):
            for side_slot, main_slot in overlapping_rounds(event_slots(side), slots):
                raise _overlap_error(event, side, side_slot, main_slot)
