"""Explicit input and output serializers of the awards API (as in tournaments.api.serializers:
inputs check the shape, the rules live in awards.services; outputs document the dicts
built by awards.api.presenters)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from awards.models import AwardKind
from tournaments.api.serializers.common import PlayerRefSerializer
from tournaments.limits import REASON_LENGTH


# Print jobs have a `kind` too; drf-spectacular names enums after the field, so this one
# gets its own component, as tournaments.api.serializers does for the statuses.
@extend_schema_field({"type": "string", "enum": AwardKind.values}, component_name="AwardKind")
class AwardKindField(serializers.ChoiceField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=AwardKind.choices, **kwargs)


class AwardSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    kind = AwardKindField()
    group = serializers.CharField(
        allow_blank=True, help_text="Best in Faction: the game system's group (empty for the others)."
    )
    label = serializers.CharField()  # type: ignore[assignment]  # a field, not Field.label
    winner = PlayerRefSerializer(allow_null=True, help_text="Set once the winners are published.")
    your_vote = PlayerRefSerializer(
        allow_null=True, help_text="The caller's own ballot (players only; nobody sees another's)."
    )


class AwardsSerializer(serializers.Serializer[Any]):
    voting_open = serializers.BooleanField()
    voting_closed_at = serializers.DateTimeField(allow_null=True)
    published_at = serializers.DateTimeField(allow_null=True)
    owner = serializers.CharField(
        allow_null=True, help_text="Who runs the awards (a staff member's username), for the event's people."
    )
    awards = AwardSerializer(many=True)


class OfferSerializer(serializers.Serializer[Any]):
    best_painted = serializers.BooleanField(default=False)
    best_in_faction = serializers.BooleanField(
        default=False, help_text="One award per group of the game system (400 `no-award-groups` without)."
    )
    best_sportsman = serializers.BooleanField(default=False)
    owner = serializers.CharField(
        required=False,
        allow_null=True,
        max_length=150,
        help_text="The username of a member of the event's staff who runs them (400 `owner-not-staff`).",
    )


class VoteSerializer(serializers.Serializer[Any]):
    choice = serializers.CharField(max_length=60, help_text="The player id voted for (never your own).")


class NominateSerializer(serializers.Serializer[Any]):
    player = serializers.CharField(max_length=60, help_text="The player id nominated (never your own).")


class BallotSerializer(serializers.Serializer[Any]):
    award = serializers.IntegerField()
    label = serializers.CharField()  # type: ignore[assignment]  # a field, not Field.label
    choice = PlayerRefSerializer()


class CountSerializer(serializers.Serializer[Any]):
    player = PlayerRefSerializer()
    votes = serializers.IntegerField()


class TallySerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    kind = AwardKindField()
    group = serializers.CharField(allow_blank=True)
    label = serializers.CharField()  # type: ignore[assignment]  # a field, not Field.label
    votes_cast = serializers.IntegerField()
    counts = CountSerializer(many=True, help_text="Votes per player, most first; empty until voting closes.")
    tied = serializers.BooleanField()
    leaders = PlayerRefSerializer(many=True)
    winner = PlayerRefSerializer(allow_null=True, help_text="The leader, or the TO's choice among a tie.")


class TalliesSerializer(serializers.Serializer[Any]):
    voting_open = serializers.BooleanField()
    published_at = serializers.DateTimeField(allow_null=True)
    awards = TallySerializer(many=True)


class TieBreakSerializer(serializers.Serializer[Any]):
    winner = serializers.CharField(max_length=60, help_text="The player id chosen among the tied.")
    reason = serializers.CharField(
        required=False, default="", allow_blank=True, max_length=REASON_LENGTH, help_text="For the audit log."
    )
