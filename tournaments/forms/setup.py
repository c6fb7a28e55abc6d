"""Joining an event through its self-service link (views/setup.py)."""

from __future__ import annotations

from django import forms

from tournaments import limits
from tournaments.forms.common import Form


class JoinForm(Form):
    name = forms.CharField(
        max_length=limits.PLAYER_NAME_LENGTH, help_text="As it should appear on pairings and standings."
    )
