"""Web forms of the venue's pages: they parse input into service arguments, nothing more."""

from __future__ import annotations

from django import forms

from tournaments.errors import ServiceError
from venue.models import ANNOUNCEMENT_LENGTH

VIEW_LABELS = {
    "pairings": "Pairings by table",
    "names": "Find your table (names A to Z)",
    "standings": "Standings",
    "announcements": "Announcements",
    "clock": "The round clock alone, full screen",
}


class ScreenForm(forms.Form):
    """What one hall screen shows: the choices become its link (a GET, nothing stored)."""

    show = forms.MultipleChoiceField(
        choices=list(VIEW_LABELS.items()),
        widget=forms.CheckboxSelectMultiple,
        label="This screen shows",
        help_text="Every screen has the round clock in a corner; choose the clock alone for a big clock.",
    )


class AnnouncementForm(forms.Form):
    text = forms.CharField(
        label="Announcement",
        # The service says what is wrong with the text (empty, too long) in one place.
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 2, "maxlength": ANNOUNCEMENT_LENGTH}),
        help_text=f"Up to {ANNOUNCEMENT_LENGTH} characters, shown on every hall screen and the event's page.",
    )


def add_service_error(form: forms.Form, error: ServiceError) -> None:
    field = error.field if error.field in form.fields else None
    form.add_error(field, error.message)
