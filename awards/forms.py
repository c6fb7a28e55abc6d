"""Web forms of the awards pages: they parse input into service arguments, nothing more."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser

from tournaments.errors import ServiceError
from tournaments.limits import REASON_LENGTH
from tournaments.models import Event, Player, StaffRole


def add_service_error(form: forms.Form, error: ServiceError) -> None:
    field = error.field if error.field in form.fields else None
    form.add_error(field, error.message)


class OfferForm(forms.Form):
    """Which awards the event offers (OP Guide: Hobby Awards) and who runs them."""

    best_painted = forms.BooleanField(required=False, label="Best Painted (player vote)")
    best_in_faction = forms.BooleanField(required=False, label="Best in Faction (one per group, player vote)")
    best_sportsman = forms.BooleanField(
        required=False, label="Best Sportsman (one nomination per player, with their last result)"
    )
    owner = forms.ChoiceField(
        required=False,
        label="Run by",
        help_text="OP Guide: “Give somebody the job.” A member of staff, named on the event page.",
    )

    def __init__(self, *args: Any, event: Event, groups: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        staff = StaffRole.objects.filter(event=event).select_related("user").order_by("user__username")
        seen: dict[int, str] = {}
        for role in staff:
            seen.setdefault(role.user_id, role.user.get_username())
        owner = self.fields["owner"]
        assert isinstance(owner, forms.ChoiceField)
        owner.choices = [("", "Nobody named"), *((str(pk), name) for pk, name in seen.items())]
        faction = self.fields["best_in_faction"]
        if groups:
            faction.help_text = f"One award each: {groups}."
        else:
            faction.disabled = True
            faction.help_text = "This game system has no faction groups."

    def owner_user(self) -> AbstractBaseUser | None:
        value = self.cleaned_data.get("owner")
        if not value:
            return None
        user: AbstractBaseUser | None = get_user_model().objects.filter(pk=int(value)).first()
        return user


class BallotForm(forms.Form):
    """One ballot: the candidates the voter may choose from (never themselves)."""

    choice = forms.ChoiceField(label="Your vote")

    def __init__(self, *args: Any, candidates: tuple[Player, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice = self.fields["choice"]
        assert isinstance(choice, forms.ChoiceField)
        choice.choices = [("", "Choose a player"), *((str(p.pk), p.name) for p in candidates)]


class TieBreakForm(forms.Form):
    winner = forms.ChoiceField(label="Winner among the tied players")
    reason = forms.CharField(required=False, max_length=REASON_LENGTH, label="Why (for the audit log)")

    def __init__(self, *args: Any, leaders: tuple[Player, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        winner = self.fields["winner"]
        assert isinstance(winner, forms.ChoiceField)
        winner.choices = [(str(p.pk), p.name) for p in leaders]
