"""Joining an event through its self-service link, and a team game's team: registering one
(views/setup.py) and its players on the captain's page (views/player.py)."""

from __future__ import annotations

from typing import Any

from django import forms

from tournaments import limits
from tournaments.forms.common import Form, add_teammate_fields, teammates_of


class JoinForm(Form):
    name = forms.CharField(
        max_length=limits.PLAYER_NAME_LENGTH, help_text="As it should appear on pairings and standings."
    )


class RegisterForm(JoinForm):
    """Joining through the event's link: the name, and the consent to be streamed (off
    unless ticked; docs/venue.md, "Featured table and stream overlay")."""

    stream_consent = forms.BooleanField(
        required=False,
        label="Show me on the event's stream",
        help_text="If the TO streams a table, yours may be featured only if you and your opponent "
        "agree. You can change this later on your own page.",
    )


def stream_consent_field(label: str) -> forms.BooleanField:
    """The same consent on another registration form (a team game's captain, for the team)."""
    field = RegisterForm.base_fields["stream_consent"]
    assert isinstance(field, forms.BooleanField)
    return forms.BooleanField(required=False, label=label, help_text=field.help_text)


class TeamForm(Form):
    """A team of a team game (docs/teams.md): its players, in order; the first's army is the
    team's roster 1, and so on. `with_name`: the team's name too (registering)."""

    def __init__(self, *args: Any, size: int, with_name: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if with_name:
            self.fields["name"] = forms.CharField(
                max_length=limits.PLAYER_NAME_LENGTH,
                label="Team name",
                help_text="As it should appear on pairings and standings.",
            )
        add_teammate_fields(self, size, first_help="You, the captain." if with_name else "")
        self.size = size

    def teammates(self) -> list[str]:
        return teammates_of(self, self.size)
