"""Web forms of the judging pages: they parse input into service arguments, nothing more."""

from __future__ import annotations

import json
from typing import Any

from django import forms

from judging.models import (
    HANDLED_NOTE_LENGTH,
    ConductCategory,
    GamesDecision,
    Infraction,
    PenaltyLevel,
    PenaltyStatus,
)
from rules_engine import strict_json
from tournaments.errors import ServiceError
from tournaments.limits import NOTES_LENGTH
from tournaments.models import Event, Game, Player, RoundStatus


def add_service_error(form: forms.Form, error: ServiceError) -> None:
    field = error.field if error.field in form.fields else None
    form.add_error(field, error.message)


def _game_label(game: Game) -> str:
    table = f"table {game.table.number}" if game.table is not None else "bye"
    two = game.player_two.name if game.player_two is not None else "bye"
    return f"Round {game.round.number}, {table}: {game.player_one.name} v {two}"


class GameChoiceField(forms.ModelChoiceField):  # type: ignore[type-arg]
    def label_from_instance(self, obj: Any) -> str:
        return _game_label(obj)


class PenaltyForm(forms.Form):
    player = forms.ModelChoiceField(queryset=Player.objects.none())
    level = forms.ChoiceField(choices=PenaltyLevel.choices)
    category = forms.ChoiceField(choices=Infraction.choices, label="Infraction")
    game = GameChoiceField(
        queryset=Game.objects.none(),
        required=False,
        help_text="Leave empty for the player's game in the current round.",
    )
    notes = forms.CharField(
        max_length=NOTES_LENGTH, widget=forms.Textarea(attrs={"rows": 3}), help_text="What happened."
    )
    remedy = forms.CharField(
        required=False,
        max_length=200,
        help_text="Slow-play Warning only: what the opponent is awarded (OP Guide: Pace of Play).",
    )

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = event.players.order_by("name")  # type: ignore[attr-defined]
        self.fields["game"].queryset = (  # type: ignore[attr-defined]
            Game.objects.filter(round__event=event, player_two__isnull=False)
            .exclude(round__status=RoundStatus.PAIRED)
            .select_related("round", "table", "player_one", "player_two")
            .order_by("-round__number", "table__number")
        )


class TimeLimitForm(forms.Form):
    player = forms.ModelChoiceField(queryset=Player.objects.none())
    seconds_per_activation = forms.IntegerField(required=False, min_value=1, label="Seconds per activation")
    notes = forms.CharField(required=False, max_length=NOTES_LENGTH, widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = event.players.order_by("name")  # type: ignore[attr-defined]


class DecisionForm(forms.Form):
    note = forms.CharField(required=False, max_length=500)


class PenaltyFilterForm(forms.Form):
    player = forms.ModelChoiceField(queryset=Player.objects.none(), required=False)
    level = forms.ChoiceField(choices=[("", "Any level"), *PenaltyLevel.choices], required=False)
    category = forms.ChoiceField(choices=[("", "Any infraction"), *Infraction.choices], required=False)
    status = forms.ChoiceField(choices=[("", "Any status"), *PenaltyStatus.choices], required=False)
    round = forms.IntegerField(required=False, min_value=0)

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = event.players.order_by("name")  # type: ignore[attr-defined]

    def filters(self) -> dict[str, Any]:
        if not self.is_valid():
            return {}
        data = self.cleaned_data
        return {
            "player": data["player"].pk if data.get("player") else None,
            "level": data.get("level") or "",
            "category": data.get("category") or "",
            "status": data.get("status") or "",
            "round_number": data.get("round"),
        }


class ConductForm(forms.Form):
    category = forms.ChoiceField(choices=ConductCategory.choices)
    description = forms.CharField(
        max_length=NOTES_LENGTH, widget=forms.Textarea(attrs={"rows": 5}), label="What happened"
    )
    people_involved = forms.CharField(required=False, max_length=300, label="People involved (optional)")


class ConductHandleForm(forms.Form):
    note = forms.CharField(
        max_length=HANDLED_NOTE_LENGTH,
        label="What was done",
        help_text="A short note, kept with the report; the reporter only sees that it was handled.",
    )


class FindingForm(forms.Form):
    games_decision = forms.ChoiceField(choices=GamesDecision.choices, widget=forms.RadioSelect)
    decision_note = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Required when the Head Judge adjusted the completed games.",
    )
    small_mistake = forms.BooleanField(required=False, label="The mistake is small")
    players_agree = forms.BooleanField(required=False, label="Both players agree to continue")
    advantage_gained = forms.BooleanField(required=False, label="The roster carried an advantage")


class CorrectionForm(forms.Form):
    content = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 16}), label="Corrected roster (roster/1 JSON)"
    )

    def clean_content(self) -> str | dict[str, Any]:
        text = str(self.cleaned_data["content"]).strip()
        if text.startswith("{"):
            try:
                data: dict[str, Any] = strict_json.loads(text)
            except json.JSONDecodeError as exc:
                raise forms.ValidationError(f"Not valid JSON: {exc.msg} at line {exc.lineno}.") from None
            return data
        return text
