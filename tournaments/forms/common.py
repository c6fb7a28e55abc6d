"""What every web form of the event core shares: labels without a colon, date inputs
that keep ISO values, and a service's error shown on the field it names."""

from __future__ import annotations

from typing import Any

from django import forms

from tournaments import limits
from tournaments.errors import ServiceError
from tournaments.wording import in_players_words


def add_service_error(form: forms.Form, error: ServiceError, *, roster_slot: int | None = None) -> None:
    """Show a service's sentence on the field it names, or above the form; on a roster's
    form (`roster_slot`) in the words the page uses ("Roster 2, line 4: ...")."""
    name = getattr(form, "error_fields", {}).get(error.field, error.field)
    field = name if name in form.fields else None
    message = in_players_words(error.message, roster_slot) if roster_slot is not None else error.message
    form.add_error(field, message)


class Form(forms.Form):
    """Labels without Django's trailing colon: they sit above their inputs."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)


def add_teammate_fields(form: forms.Form, size: int, *, first_help: str = "") -> None:
    """A team game's players, in order (docs/teams.md): "Player 1" to "Player `size`", the
    first's army the team's roster 1. Registering, the team's, the TO's new team alike."""
    for position in range(1, size + 1):
        form.fields[f"teammate_{position}"] = forms.CharField(
            max_length=limits.PLAYER_NAME_LENGTH,
            label=f"Player {position}",
            help_text=first_help if position == 1 else "",
        )


def teammates_of(form: forms.Form, size: int) -> list[str]:
    """The names `add_teammate_fields` asked for, cleaned, in the team's order."""
    return [form.cleaned_data[f"teammate_{position}"] for position in range(1, size + 1)]


class DateInput(forms.DateInput):
    """An ISO value whatever the locale: an `<input type=date>` accepts `2026-12-01` only
    (HTML: a valid date string) and drops `01/12/2026`, so a save would blank the date."""

    input_type = "date"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs, format="%Y-%m-%d")


class DateTimeInput(forms.DateTimeInput):
    """ISO local date and time (`2026-12-01T18:30`), the only value datetime-local accepts."""

    input_type = "datetime-local"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs, format="%Y-%m-%dT%H:%M")


class AnnouncedSelect(forms.NullBooleanSelect):
    """Yes / No / not announced yet, for the OP Guide's Accessibility list."""

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs)
        self.choices = [("unknown", "Not announced"), ("true", "Yes"), ("false", "No")]
