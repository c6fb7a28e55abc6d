"""Standings, each player's explanation, and the audit log (views/standings.py)."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.api.serializers.common import Serializer
from tournaments.api.serializers.players import PlayerStatusField
from tournaments.api.serializers.rounds import FACTION_HELP


class StandingRowSerializer(Serializer):
    rank = serializers.IntegerField(allow_null=True)
    player = serializers.CharField()
    name = serializers.CharField()
    mp = serializers.IntegerField()
    tp = serializers.IntegerField()
    sos = serializers.FloatField(help_text="Four decimals; ordering used the exact value.")
    otp = serializers.FloatField(help_text="Four decimals; ordering used the exact value.")
    kp = serializers.IntegerField(
        required=False,
        help_text=(
            "Kill Points scored in played games: a fifth key, only in systems that rank by them "
            '(Dropzone; docs/interchange.md, "Other game systems").'
        ),
    )
    placed = serializers.BooleanField()
    status = PlayerStatusField()
    faction = serializers.CharField(
        allow_null=True, allow_blank=True, help_text=f"The player's faction {FACTION_HELP}"
    )
    cut = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="Events with a top cut only: the player's cut seed once the cut has begun (null: did "
        "not enter, or not yet).",
    )
    eliminated_in = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="Events with a top cut only: the round the player lost in (null while still in, for the "
        "champion and for players outside the cut).",
    )


class StandingsSerializer(Serializer):
    champion = serializers.CharField(
        allow_null=True, help_text="The player id of the top cut's winner, once its final is played."
    )
    standings = StandingRowSerializer(many=True)
    final = serializers.BooleanField(help_text="False while indicative (OP Guide: When to Calculate Them).")
    rounds_played = serializers.IntegerField()
    planned_rounds = serializers.IntegerField(allow_null=True)
    state = serializers.CharField()


class ExplanationGameSerializer(Serializer):
    round = serializers.IntegerField()
    opponent = serializers.CharField(allow_null=True)
    outcome = serializers.CharField()
    band = serializers.CharField()
    vp = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    mp = serializers.IntegerField()
    tp = serializers.IntegerField()
    counted = serializers.BooleanField()
    excluded_reason = serializers.CharField(allow_null=True)


class CountedOpponentSerializer(Serializer):
    round = serializers.IntegerField()
    player = serializers.CharField()
    name = serializers.CharField()
    mp = serializers.IntegerField()
    tp = serializers.IntegerField()


class ExcludedGameSerializer(Serializer):
    round = serializers.IntegerField()
    opponent = serializers.CharField(allow_null=True)
    reason = serializers.CharField()


class ExplanationSerializer(Serializer):
    player = serializers.CharField()
    name = serializers.CharField()
    rank = serializers.IntegerField(allow_null=True)
    placed = serializers.BooleanField()
    status = serializers.CharField()
    mp = serializers.IntegerField()
    tp = serializers.IntegerField()
    sos = serializers.FloatField()
    otp = serializers.FloatField()
    state = serializers.CharField()
    games = ExplanationGameSerializer(many=True)
    counted = CountedOpponentSerializer(many=True)
    excluded = ExcludedGameSerializer(many=True)
    above = serializers.CharField(allow_null=True)
    separated_by = serializers.CharField(allow_null=True)
    not_placed_reason = serializers.CharField(allow_null=True)
    text = serializers.CharField(help_text="The same explanation as a few lines to read out.")


class AuditEntrySerializer(Serializer):
    created_at = serializers.DateTimeField()
    actor = serializers.CharField(allow_null=True)
    action = serializers.CharField()
    subject = serializers.CharField()
    reason = serializers.CharField()
    data = serializers.DictField()  # type: ignore[assignment]  # a field, not Serializer.data
