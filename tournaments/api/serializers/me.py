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
    push_pairing = serializers.BooleanField(help_text="Push my pairing to my devices (docs/push.md).")
    push_report = serializers.BooleanField(help_text="Push my opponent's report waiting for me.")
    push_dispute = serializers.BooleanField(
        help_text="Push a dispute of my result, or a judge's ruling on it."
    )
    push_judging = serializers.BooleanField(
        help_text="Push a new dispute at an event I judge, or a staff role."
    )
    push_clock = serializers.BooleanField(
        help_text="Push the last-15-minutes call of my round (push only: never mailed)."
    )
    has_email = serializers.BooleanField(
        help_text="Whether the account has an e-mail address: without one no mail is sent."
    )
    push_available = serializers.BooleanField(
        help_text="Whether the site can push (a VAPID key is set): without it everything goes by mail."
    )
    push_devices = serializers.IntegerField(
        help_text="How many devices of yours are notified (me/push-subscriptions/); with none, the mail goes."
    )


class NotificationsInputSerializer(Serializer):
    """Each switch optional: the ones left out keep their value."""

    pairing = serializers.BooleanField(required=False)
    report = serializers.BooleanField(required=False)
    dispute = serializers.BooleanField(required=False)
    judging = serializers.BooleanField(required=False)
    push_pairing = serializers.BooleanField(required=False)
    push_report = serializers.BooleanField(required=False)
    push_dispute = serializers.BooleanField(required=False)
    push_judging = serializers.BooleanField(required=False)
    push_clock = serializers.BooleanField(required=False)


class PushSubscriptionSerializer(Serializer):
    id = serializers.IntegerField()
    endpoint = serializers.URLField(help_text="The push service's URL for this browser (yours only).")
    label = serializers.CharField(  # type: ignore[assignment]  # a field, not Field.label
        help_text='The browser and system, e.g. "Chrome on Android".'
    )
    created_at = serializers.DateTimeField()
    last_sent_at = serializers.DateTimeField(allow_null=True, help_text="The last push it took.")
    failures = serializers.IntegerField(help_text="Pushes failed in a row (it is dropped after a few).")


class PushSubscriptionListSerializer(Serializer):
    push_available = serializers.BooleanField(help_text="Whether the site can push at all.")
    public_key = serializers.CharField(
        allow_null=True,
        help_text="The VAPID public key to pass to pushManager.subscribe (applicationServerKey).",
    )
    subscriptions = PushSubscriptionSerializer(many=True)


class PushKeysSerializer(Serializer):
    p256dh = serializers.CharField(max_length=128, help_text="The browser's P-256 public key, base64url.")
    auth = serializers.CharField(max_length=64, help_text="The browser's 16-byte auth secret, base64url.")


class PushSubscriptionInputSerializer(Serializer):
    """What `PushSubscription.toJSON()` gives, as the browser made it."""

    endpoint = serializers.CharField(max_length=1024, help_text="https, at a known push service.")
    keys = PushKeysSerializer()
