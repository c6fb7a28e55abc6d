"""The waitlist of a full event (views/waitlist.py, docs/waitlist.md)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments import limits
from tournaments.api.serializers.common import Serializer, StaffOnlyFieldsMixin
from tournaments.models import WaitlistState

WAITLIST_STATES = [state.value for state in WaitlistState]


@extend_schema_field({"type": "string", "enum": WAITLIST_STATES}, component_name="WaitlistState")
class WaitlistStateField(serializers.ChoiceField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=WAITLIST_STATES, **kwargs)


class WaitlistEntrySerializer(StaffOnlyFieldsMixin, Serializer):
    staff_fields = ("username", "email")

    id = serializers.IntegerField()
    name = serializers.CharField()
    state = WaitlistStateField()
    place = serializers.IntegerField(
        allow_null=True, help_text="Place among those waiting (1 = next offered); null unless waiting."
    )
    joined_at = serializers.DateTimeField()
    offered_at = serializers.DateTimeField(allow_null=True)
    offer_expires_at = serializers.DateTimeField(
        allow_null=True, help_text="An offered seat: accept before this, or it passes to the next person."
    )
    username = serializers.CharField(required=False, help_text="The TO only.")
    email = serializers.EmailField(allow_blank=True, required=False, help_text="The TO only.")


class WaitlistJoinSerializer(Serializer):
    join_code = serializers.CharField(help_text="The event's registration code, as for registering.")
    name = serializers.CharField(
        max_length=limits.PLAYER_NAME_LENGTH,
        required=False,
        allow_blank=True,
        default="",
        help_text="The name to play under (a team game: the team's); default: the account's name.",
    )
    email = serializers.EmailField(required=False, allow_blank=True, default="")


class WaitlistMoveSerializer(Serializer):
    place = serializers.IntegerField(min_value=1, help_text="The new place among those waiting (1 = next).")
