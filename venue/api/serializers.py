"""Explicit input and output serializers of the announcements API (as in
tournaments.api.serializers: inputs check the shape, the rules live in venue.services)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from venue.models import ANNOUNCEMENT_LENGTH


class AnnouncementSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    text = serializers.CharField()
    created_by = serializers.CharField(allow_null=True, help_text="The username of who posted it.")
    created_at = serializers.DateTimeField()
    withdrawn_at = serializers.DateTimeField(
        allow_null=True, help_text="Set once withdrawn (no longer shown)."
    )


class AnnouncementWriteSerializer(serializers.Serializer[Any]):
    # The length is checked by the service, so the API and the web page say the same thing
    # (`announcement-empty`, `announcement-too-long`); the bound here only stops a huge body.
    text = serializers.CharField(
        allow_blank=True,
        trim_whitespace=False,
        max_length=10 * ANNOUNCEMENT_LENGTH,
        help_text=f"At most {ANNOUNCEMENT_LENGTH} characters once runs of spaces are folded to one.",
    )


# --- the round's featured table (docs/venue.md, "Featured table and stream overlay") ---


class FeaturedTableInSerializer(serializers.Serializer[Any]):
    table = serializers.IntegerField(min_value=1, max_value=32767, help_text="The table's number.")


class FeaturedTableSerializer(serializers.Serializer[Any]):
    round = serializers.IntegerField()
    table = serializers.IntegerField(allow_null=True, help_text="The featured table; null: none.")
