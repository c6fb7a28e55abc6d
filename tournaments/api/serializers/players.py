"""Players (views/players.py): the roster of entrants, registering, importing, no-shows."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments import limits
from tournaments.api.serializers.common import Serializer, StaffOnlyFieldsMixin
from tournaments.api.serializers.games import GameSerializer
from tournaments.models import CheckInVia
from tournaments.services.players import PLAYERS_CSV_MAX_CHARS

PLAYER_STATUSES = ["active", "dropped", "disqualified", "spare"]


# Several outputs have a `status` with different values; drf-spectacular names enum
# components after the field, so they would collide. Each gets its own named component.
@extend_schema_field({"type": "string", "enum": PLAYER_STATUSES}, component_name="PlayerStatus")
class PlayerStatusField(serializers.ChoiceField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=PLAYER_STATUSES, **kwargs)


class PlayerSerializer(StaffOnlyFieldsMixin, Serializer):
    staff_fields = ("email", "username", "checked_in_at", "checked_in_via")

    external_id = serializers.CharField()
    name = serializers.CharField()
    status = PlayerStatusField()
    dropped_after_round = serializers.IntegerField(allow_null=True)
    disqualified_after_round = serializers.IntegerField(allow_null=True)
    email = serializers.EmailField(allow_blank=True, required=False, help_text="Staff only.")
    username = serializers.CharField(
        allow_null=True, required=False, help_text="Staff only: the linked account."
    )
    checked_in_at = serializers.DateTimeField(allow_null=True, required=False, help_text="Staff only.")
    checked_in_via = serializers.ChoiceField(
        choices=["", *CheckInVia.values],
        required=False,
        help_text="Staff only: how the player checked in: `qr` (scanned the door's code), `staff` "
        "(the TO's tap), `api`; empty while not checked in (docs/venue.md).",
    )
    teammates = serializers.ListField(
        child=serializers.CharField(),
        help_text="A team game's entrant is a team: its players in order, the first's army in roster "
        "slot 1 and so on; empty at an event of one player a side.",
    )


def _teammate_names(**kwargs: Any) -> serializers.ListField:
    return serializers.ListField(
        child=serializers.CharField(max_length=limits.PLAYER_NAME_LENGTH, allow_blank=True),
        max_length=limits.TEAM_SIZE_MAX,
        **kwargs,
    )


class PlayerRegisterSerializer(Serializer):
    """Self-service: `join_code` (and optionally `name`). The TO: `name`, `email`, `username`.
    A team game: `name` is the team's, `teammates` its players."""

    join_code = serializers.CharField(required=False, allow_blank=True)
    name = serializers.CharField(
        max_length=limits.PLAYER_NAME_LENGTH, required=False, allow_blank=True, default=""
    )
    email = serializers.EmailField(required=False, allow_blank=True, default="")
    username = serializers.CharField(required=False, allow_blank=True, default="")
    teammates = _teammate_names(
        required=False,
        help_text="A team game: the team's players, in order, as many as the event's team size "
        "(400 `team-size-mismatch`, `teammate-repeated`); refused elsewhere (400 `not-a-team-game`).",
    )


class TeammatesSerializer(Serializer):
    teammates = _teammate_names(
        help_text="The team's players in order (the first's army is roster slot 1), as many as the "
        "event's team size: the captain's until rosters lock, staff's any time."
    )


@extend_schema_field({"type": "string", "maxLength": PLAYERS_CSV_MAX_CHARS})
class PlayerListField(serializers.CharField):
    """The limit is the service's (413 `too-large` over it), not the field's (a 400)."""


class PlayersImportSerializer(Serializer):
    csv = PlayerListField(
        trim_whitespace=False,
        help_text="A player list: a header row matched by name (Name or First Name/Last Name, "
        "Email, Username; case, spaces and common synonyms aside), or positional rows of "
        "`name[,email[,username]]`. Comma or semicolon separated. Every bad row is named.",
    )


class NoShowSerializer(Serializer):
    player = PlayerSerializer()
    game = GameSerializer(allow_null=True, help_text="The game scored as a no-show, if they were paired.")
