"""Rounds (views/rounds.py): the round and its pairing, and the TO's round tools."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments import limits
from tournaments.api.documents import PairingReportField
from tournaments.api.serializers.common import ErrorSerializer, Serializer, StaffOnlyFieldsMixin
from tournaments.api.serializers.games import GameSerializer
from tournaments.models import RoundStage, RoundStatus


@extend_schema_field({"type": "string", "enum": RoundStatus.values}, component_name="RoundStatus")
class RoundStatusField(serializers.ChoiceField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=RoundStatus.choices, **kwargs)


class RoundSummarySerializer(Serializer):
    number = serializers.IntegerField()
    status = RoundStatusField()
    published_at = serializers.DateTimeField(allow_null=True)
    closed_at = serializers.DateTimeField(allow_null=True)
    games = serializers.IntegerField()
    confirmed = serializers.IntegerField(help_text="Games with a confirmed result.")
    stage = serializers.ChoiceField(
        choices=RoundStage.choices, help_text="A Swiss round, or a round of the top cut (single elimination)."
    )
    scenario = serializers.CharField(
        allow_blank=True, help_text="The scenario this round plays (empty: none, or not chosen yet)."
    )


FACTION_HELP = (
    "once rosters are public (the event's roster publication policy, OP Guide: Submission and "
    "Publication): the faction(s) of the player's roster(s) as the game system names them, "
    "'A / B' for a dual list of two; empty for a player without a roster; null before."
)


class PairedGameSerializer(GameSerializer):
    factions = serializers.ListField(
        child=serializers.CharField(allow_null=True, allow_blank=True),
        allow_null=True,
        min_length=2,
        max_length=2,
        help_text=f"Each player's faction in player order (null for a bye's empty side), {FACTION_HELP}",
    )


class RoundDetailSerializer(StaffOnlyFieldsMixin, Serializer):
    staff_fields = ("seed", "pairing_report")

    number = serializers.IntegerField()
    status = RoundStatusField()
    published_at = serializers.DateTimeField(allow_null=True)
    closed_at = serializers.DateTimeField(allow_null=True)
    scenario = serializers.CharField(
        allow_blank=True, help_text="The scenario this round plays (empty: none, or not chosen yet)."
    )
    stage = serializers.ChoiceField(
        choices=RoundStage.choices, help_text="A Swiss round, or a round of the top cut (single elimination)."
    )
    seeds = serializers.ListField(
        child=serializers.CharField(),
        allow_null=True,
        help_text="The first top-cut round's entrants (player ids), best seed first; null on other rounds.",
    )
    games = PairedGameSerializer(many=True)
    seed = serializers.IntegerField(required=False, help_text="Staff only.")
    pairing_report = PairingReportField(
        required=False, help_text="Staff only: why the engine paired as it did."
    )


class ScenarioSerializer(Serializer):
    scenario = serializers.CharField(max_length=120, help_text="One of the game system's scenarios, by name.")


class SeedSerializer(Serializer):
    seed = serializers.IntegerField(
        required=False, allow_null=True, min_value=0, max_value=2**62, help_text="Same seed, same pairing."
    )


CONFIRM_NOT_READY = (
    "Pair (publish) even though players are not ready: without it the answer is 409 `not-ready` "
    "with the list of problems, and nothing changes."
)


class PairSerializer(SeedSerializer):
    confirm = serializers.BooleanField(required=False, default=False, help_text=CONFIRM_NOT_READY)


class PublishSerializer(Serializer):
    confirm = serializers.BooleanField(required=False, default=False, help_text=CONFIRM_NOT_READY)


class NotReadyProblemSerializer(Serializer):
    player = serializers.CharField(help_text="The player's id in the event.")
    name = serializers.CharField()
    code = serializers.ChoiceField(
        choices=["no-roster", "illegal-roster", "not-checked-in", "results-missing", "in-main-round"],
        help_text="Why they are not ready.",
    )
    message = serializers.CharField(help_text="The same, as a sentence.")


class NotReadySerializer(ErrorSerializer):
    problems = NotReadyProblemSerializer(many=True, help_text="Every player not ready, and why.")


class RepairSerializer(SeedSerializer):
    confirm = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Required (true) to re-pair a published round: players lose their tables and drafts.",
    )


class SwapPlayersSerializer(Serializer):
    players = serializers.ListField(child=serializers.CharField(), min_length=2, max_length=2)


class SwapTablesSerializer(Serializer):
    tables = serializers.ListField(
        child=serializers.IntegerField(
            min_value=limits.TABLE_NUMBERS.low, max_value=limits.TABLE_NUMBERS.high
        ),
        min_length=2,
        max_length=2,
    )
