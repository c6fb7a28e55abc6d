"""The event's scoring bands and bye score (views/scoring.py)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from tournaments.api.serializers.common import Serializer


def _mp_tp(help_text: str, **kwargs: Any) -> serializers.ListField:
    return serializers.ListField(
        child=serializers.IntegerField(min_value=0), min_length=2, max_length=2, help_text=help_text, **kwargs
    )


class ScoringBandSerializer(Serializer):
    name = serializers.CharField(max_length=80)
    min_difference = serializers.IntegerField(min_value=0, help_text="The smallest VP difference it holds.")
    max_difference = serializers.IntegerField(
        min_value=0, allow_null=True, help_text="The largest, inclusive; null for the open-ended top band."
    )
    winner = _mp_tp("[MP, TP] for the side with more VP.")
    loser = _mp_tp("[MP, TP] for the other side.")


class ScoringInputSerializer(Serializer):
    """event/1 `scoring` (docs/interchange.md): either key may come alone; `{}` restores the defaults."""

    bands = ScoringBandSerializer(
        many=True,
        required=False,
        help_text=(
            "Gap-free from a VP difference of 0 with an open-ended top; the band holding 0 scores "
            "both sides alike."
        ),
    )
    bye = _mp_tp("[MP, TP] for a bye (and the opponent of a no-show).", required=False)


class ScoringTableSerializer(Serializer):
    bands = ScoringBandSerializer(many=True)
    bye = _mp_tp("[MP, TP] for a bye (and the opponent of a no-show).")


class EventScoringSerializer(ScoringTableSerializer):
    custom = serializers.BooleanField(help_text="Whether the TO replaced the system's bands or bye.")
    defaults = ScoringTableSerializer(help_text="The game system's own bands and bye for the event's scale.")
