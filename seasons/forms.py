"""Forms of the seasons pages: the profile switch, a series and its formula, adding events."""

from __future__ import annotations

from typing import Any

from django import forms

from rules_engine.registry import all_systems
from seasons.models import Formula
from tournaments.models import Event


def _systems() -> list[tuple[str, str]]:
    return [(s.slug, s.name) for s in all_systems(events_only=True)]


class ProfileForm(forms.Form):
    public = forms.BooleanField(
        required=False,
        label="Show my profile to everyone",
        help_text="Your events, placings, factions and ratings on one page, linked from standings. "
        "Off: only you see it.",
    )


def parse_table(text: str) -> list[int]:
    """ "10, 6, 4" -> [10, 6, 4]; a clear error for anything else."""
    parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
    if not all(p.isdigit() for p in parts):
        raise forms.ValidationError("List whole numbers separated by commas, e.g. 10, 6, 4, 2, 1.")
    return [int(p) for p in parts]


class FormulaForm(forms.Form):
    formula = forms.ChoiceField(choices=Formula.choices, label="Season points")
    table = forms.CharField(
        required=False,
        label="Points for 1st, 2nd, 3rd …",
        help_text="Placing table only: whole numbers separated by commas, e.g. 10, 6, 4, 2, 1.",
        max_length=500,
    )
    participation = forms.IntegerField(
        min_value=0, initial=0, label="Points for any other placing", help_text="Placing table only."
    )
    base = forms.IntegerField(
        min_value=1, initial=100, label="The winner's points", help_text="Field-scaled only."
    )
    best_of = forms.IntegerField(
        min_value=1,
        required=False,
        label="Count each player's best … events",
        help_text="Empty: every event.",
    )

    def clean_table(self) -> list[int]:
        return parse_table(self.cleaned_data.get("table") or "")

    def service_args(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "formula": data["formula"],
            "table": data["table"],
            "participation": data["participation"],
            "base": data["base"],
            "best_of": data["best_of"],
        }


class SeriesForm(FormulaForm):
    name = forms.CharField(max_length=200, label="Name")
    # A new series starts on the site's default game system, as a new event does.
    game_system = forms.ChoiceField(
        choices=(), label="Game system", initial=lambda: Event._meta.get_field("game_system").get_default()
    )
    description = forms.CharField(max_length=500, required=False, label="Description")
    field_order = [
        "name",
        "game_system",
        "description",
        "formula",
        "table",
        "participation",
        "base",
        "best_of",
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["game_system"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = _systems()


class AddEventForm(forms.Form):
    event = forms.ChoiceField(choices=(), label="Your event to add")

    def __init__(self, *args: Any, choices: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["event"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = choices
