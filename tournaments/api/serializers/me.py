"""The caller's own events and notification switches (views/me.py)."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.api.serializers.common import PlayerRefSerializer, Serializer
from tournaments.api.serializers.events import EventStatusField
from tournaments.api.serializers.games import GameSerializer


class MyEventSerializer(Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    status = EventStatusField()
    starts_on = serializers.DateField(allow_null=True)
    roles = serializers.ListField(child=serializers.CharField())
    player = PlayerRefSerializer(allow_null=True)
    current_game = GameSerializer(
        allow_null=True, help_text="Your game in the published round still being played, if you play."
    )
    table = serializers.IntegerField(allow_null=True, help_text="Your table in that game (null for a bye).")
    opponent = PlayerRefSerializer(allow_null=True, help_text="Your opponent in that game (null for a bye).")


class MeSerializer(Serializer):
    username = serializers.CharField()
    events = MyEventSerializer(many=True)


class NotificationsSerializer(Serializer):
    pairing = serializers.BooleanField(help_text="Mail me my table and opponent when a round is published.")
    report = serializers.BooleanField(
        help_text="Mail me when my opponent's report waits for my confirmation."
    )
    dispute = serializers.BooleanField(
        help_text="Mail me when a result of mine is disputed or a judge sets it."
    )
    judging = serializers.BooleanField(
        help_text="Mail me when a game at an event I judge goes to the judges, or I join its staff."
    )
    has_email = serializers.BooleanField(
        help_text="Whether the account has an e-mail address: without one no mail is sent."
    )


class NotificationsInputSerializer(Serializer):
    """Each switch optional: the ones left out keep their value."""

    pairing = serializers.BooleanField(required=False)
    report = serializers.BooleanField(required=False)
    dispute = serializers.BooleanField(required=False)
    judging = serializers.BooleanField(required=False)
