"""Copy this event (views/settings.py `event_copy_view`): the new event's name and dates;
everything else comes from the event copied (docs/features.md, "Copying an event")."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.utils import timezone

from tournaments import limits
from tournaments.forms.common import DateInput, Form
from tournaments.models import Event

# The default new start: four weeks on, so the copy falls on the same weekday.
STEP = dt.timedelta(weeks=4)


def default_start(event: Event, today: dt.date) -> dt.date:
    """The first date four, eight, ... weeks after the event's start that is still ahead
    (the same weekday: a Saturday event's copy is on a Saturday); four weeks from today
    for an event without a start date."""
    if event.starts_on is None:
        return today + STEP
    start = event.starts_on + STEP
    if start <= today:
        start += STEP * ((today - start) // STEP + 1)
    return start


class EventCopyForm(Form):
    name = forms.CharField(max_length=limits.EVENT_NAME_LENGTH, label="The new event's name")
    starts_on = forms.DateField(widget=DateInput, label="Starts on")
    ends_on = forms.DateField(required=False, widget=DateInput, label="Ends on")

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["name"].initial = f"{event.name} (copy)"[: limits.EVENT_NAME_LENGTH]
        self.fields["starts_on"].initial = default_start(event, timezone.localdate())
        if event.starts_on is not None and event.ends_on is not None:
            days = (event.ends_on - event.starts_on).days + 1
            self.fields[
                "ends_on"
            ].help_text = f"Empty: {days} day{'s' if days != 1 else ''}, as long as {event.name}."
        else:
            self.fields["ends_on"].help_text = "Empty: no end date, as for " + event.name + "."
