"""A side event added to a main event (views/side_events.py)."""

from __future__ import annotations

from typing import Any

from django import forms

from rules_engine.game_system import GameSystem
from rules_engine.registry import get_system
from tournaments import limits
from tournaments.forms.common import Form
from tournaments.forms.settings import (
    ScheduleField,
    ScheduleWidget,
    check_schedule_rounds,
    default_system,
    fit_scale_budget_length,
    schedule_rounds,
)
from tournaments.models import EventKind


class SideEventForm(Form):
    """A side event of the event on the page (OP Guide: Side Events — e.g. a two- or
    three-round Skirmish mini-tournament); the rest is set on its own settings page."""

    name = forms.CharField(max_length=limits.EVENT_NAME_LENGTH, help_text="E.g. “Friday night Skirmish”.")
    kind = forms.ChoiceField(choices=EventKind.choices, initial=EventKind.COMMUNITY, label="Event kind")
    scale = forms.ChoiceField(label="Engagement scale")  # the game system's (fit_scale_budget_length)
    points_limit = forms.IntegerField(
        required=False, min_value=0, label="Points limit", help_text="Only where the scale leaves it open."
    )
    planned_rounds = forms.IntegerField(
        min_value=limits.PLANNED_ROUNDS.low, max_value=limits.PLANNED_ROUNDS.high, initial=2
    )
    round_minutes = forms.IntegerField(
        min_value=limits.ROUND_MINUTES.low,
        max_value=limits.ROUND_MINUTES.high,
        required=False,
        help_text="Empty: the game system's round length.",
    )
    schedule = ScheduleField(
        required=False,
        label="Round start times",
        help_text="Local time, one for each planned round in order, or none yet. Never over a round of "
        "the main event.",
    )

    def __init__(self, *args: Any, system: GameSystem | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # A side event plays its main event's game (OP Guide: Side Events): that game's scales.
        fit_scale_budget_length(self, system or get_system(default_system()))
        schedule = self.fields["schedule"].widget
        assert isinstance(schedule, ScheduleWidget)
        schedule.rounds = schedule_rounds(self, 2)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        check_schedule_rounds(self)
        return cleaned

    def event_fields(self) -> dict[str, Any]:
        """The cleaned data as side_event_create keywords."""
        data = dict(self.cleaned_data)
        data.pop("name", None)
        if data.get("round_minutes") is None:
            data.pop("round_minutes", None)
        return data
