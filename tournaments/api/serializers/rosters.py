"""Rosters (views/rosters.py): submitting, checking, the verdicts and the roster board."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments.api.documents import (
    RosterDocumentField,
    RosterReportField,
    RosterVerdictField,
    ViolationSerializer,
)
from tournaments.api.serializers.common import PlayerRefSerializer, Serializer
from tournaments.services.rosters import ROSTER_MAX_BYTES


@extend_schema_field(
    {
        "oneOf": [
            {"type": "object", "additionalProperties": {}},
            # A longer text is always over the byte limit; one within it may still be over
            # in bytes (a character takes up to four): 413 `too-large` either way.
            {"type": "string", "maxLength": ROSTER_MAX_BYTES},
        ],
        "description": (
            f"A roster/1 object or the roster as text, at most {ROSTER_MAX_BYTES // 1024} KB as "
            "UTF-8 JSON or text (413 `too-large`, nothing changed)."
        ),
    }
)
class RosterContentField(serializers.JSONField):
    """A roster/1 object, or the plain-text roster a player would type or paste."""

    def to_internal_value(self, data: Any) -> Any:
        value = super().to_internal_value(data)
        if not isinstance(value, dict | str):
            raise serializers.ValidationError("Send a roster/1 object or the roster as text.")
        return value


class RosterSubmitSerializer(Serializer):
    slot = serializers.ChoiceField(
        choices=[1, 2, 3],
        default=1,
        help_text="1, or 2 under dual list; in a team game the teammate's position (400 `team-slot`).",
    )
    content = RosterContentField()
    player = serializers.CharField(
        required=False, help_text="Staff only: the player id to submit for (allowed after the deadline)."
    )


class RosterCheckSerializer(Serializer):
    slot = serializers.ChoiceField(
        choices=[1, 2, 3],
        default=1,
        help_text="Under dual list, checked together with the other slot's roster; in a team game, the "
        "teammate's position, checked with the teammates' armies against the team's budget.",
    )
    content = RosterContentField()
    player = serializers.CharField(
        required=False, help_text="Staff only: the player id whose other roster the check pairs it with."
    )


class VerdictSerializer(Serializer):
    """The rules engine's verdict, as `validate_roster --json` prints it (docs/interchange.md)."""

    legal = serializers.BooleanField()
    rosters = serializers.ListField(child=RosterReportField())
    violations = ViolationSerializer(many=True)


class RosterSerializer(Serializer):
    player = PlayerRefSerializer()
    slot = serializers.IntegerField()
    legal = serializers.BooleanField()
    document = RosterDocumentField(help_text="The roster as a roster/1 document.")
    submitted_at = serializers.DateTimeField()
    report = RosterVerdictField(
        required=False, help_text="The stored verdict; for staff and the roster's owner only."
    )


class RosterBoardRosterSerializer(Serializer):
    slot = serializers.IntegerField()
    legal = serializers.BooleanField()
    submitted_at = serializers.DateTimeField()
    violations = ViolationSerializer(many=True)


class RosterBoardRowSerializer(Serializer):
    player = PlayerRefSerializer()
    status = serializers.CharField()
    rosters = RosterBoardRosterSerializer(many=True)
    submitted = serializers.BooleanField(help_text="At least one roster is in.")
    ready = serializers.BooleanField(help_text="Submitted, and every roster is legal.")
