"""The seasons API's bodies (docs/api.md, "Seasons")."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from season_points import FORMULAS


class ProfileSwitchSerializer(serializers.Serializer[Any]):
    public = serializers.BooleanField()


class ProfileEventSerializer(serializers.Serializer[Any]):
    event = serializers.CharField(help_text="The event's slug.")
    name = serializers.CharField()
    starts_on = serializers.DateField(allow_null=True)
    role = serializers.CharField(help_text='"Player", or the staff role.')
    placing = serializers.IntegerField(allow_null=True)
    field = serializers.IntegerField()
    factions = serializers.ListField(child=serializers.CharField())
    record = serializers.ListField(
        child=serializers.IntegerField(), allow_null=True, help_text="Won, drawn, lost."
    )


class RatingStepSerializer(serializers.Serializer[Any]):
    event = serializers.CharField()
    finished = serializers.DateField()
    before = serializers.FloatField(help_text="The shown rating (mu - 3 sigma) before the event.")
    after = serializers.FloatField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()


class RatingSerializer(serializers.Serializer[Any]):
    game_system = serializers.CharField()
    rating = serializers.FloatField(help_text="The shown rating: mu - 3 sigma.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games = serializers.IntegerField()
    steps = RatingStepSerializer(many=True)


class ProfileSerializer(serializers.Serializer[Any]):
    username = serializers.CharField()
    public = serializers.BooleanField()
    events = ProfileEventSerializer(many=True)
    ratings = RatingSerializer(many=True)


class FormulaSerializer(serializers.Serializer[Any]):
    formula = serializers.ChoiceField(choices=FORMULAS)
    table = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=100000),
        required=False,
        default=list,
        max_length=256,
    )
    participation = serializers.IntegerField(min_value=0, max_value=100000, required=False, default=0)
    base = serializers.IntegerField(min_value=1, max_value=100000, required=False, default=100)
    best_of = serializers.IntegerField(
        min_value=1, max_value=1000, required=False, allow_null=True, default=None
    )


class SeriesCreateSerializer(FormulaSerializer):
    name = serializers.CharField(max_length=200)
    game_system = serializers.CharField(max_length=60)
    description = serializers.CharField(max_length=500, required=False, default="", allow_blank=True)


class SeriesEntrySerializer(serializers.Serializer[Any]):
    event = serializers.CharField()
    placing = serializers.IntegerField()
    points = serializers.IntegerField()
    counted = serializers.BooleanField()


class SeriesRowSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField()
    name = serializers.CharField()
    profile = serializers.CharField(allow_null=True)
    points = serializers.IntegerField()
    events = serializers.IntegerField()
    entries = SeriesEntrySerializer(many=True)


class SeriesEventSerializer(serializers.Serializer[Any]):
    slug = serializers.CharField()
    name = serializers.CharField()
    finished = serializers.BooleanField()


class SeriesSerializer(serializers.Serializer[Any]):
    slug = serializers.CharField()
    name = serializers.CharField()
    game_system = serializers.CharField()
    organiser = serializers.CharField()
    description = serializers.CharField()
    formula = FormulaSerializer()
    described = serializers.CharField()
    events = SeriesEventSerializer(many=True)
    standings = SeriesRowSerializer(many=True)


class SeriesSummarySerializer(serializers.Serializer[Any]):
    slug = serializers.CharField()
    name = serializers.CharField()
    game_system = serializers.CharField()
    organiser = serializers.CharField()
    events = serializers.IntegerField()


class AddEventSerializer(serializers.Serializer[Any]):
    event = serializers.CharField(max_length=80, help_text="The event's slug.")


class LeaderboardRowSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField()
    username = serializers.CharField()
    rating = serializers.FloatField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games = serializers.IntegerField()


class LeaderboardSerializer(serializers.Serializer[Any]):
    game_system = serializers.CharField()
    ratings = LeaderboardRowSerializer(many=True)
    hidden = serializers.IntegerField(help_text="Rated players who keep their profile private: not listed.")
