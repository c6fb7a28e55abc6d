"""A team tournament (views/teams.py, docs/team-matches.md): its teams, a round's team
matches, a captain's view of the pairing protocol, the TO's pairs, and the team standings."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from team_match.protocol import MAX_TEAM, MIN_TEAM, Step
from team_match.standings import TieBreak
from tournaments import limits
from tournaments.api.schema import NOT_BLANK
from tournaments.api.serializers.common import PlayerRefSerializer, Serializer, StaffOnlyFieldsMixin
from tournaments.models import MatchPairing, MatchRule, ResultStatus
from tournaments.services.squads import TEAM_NAME_LENGTH

TEAM_STATUSES = ["active", "dropped", "disqualified"]
# A player's or a team's event/1 id (Player.external_id, Squad.external_id).
ID_LENGTH = 60


@extend_schema_field({"type": "string", "enum": TEAM_STATUSES}, component_name="TeamStatus")
class TeamStatusField(serializers.ChoiceField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=TEAM_STATUSES, **kwargs)


@extend_schema_field({"type": "string", "enum": MatchPairing.values}, component_name="MatchPairing")
class MatchPairingField(serializers.ChoiceField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=MatchPairing.choices, **kwargs)


@extend_schema_field({"type": "string", "enum": MatchRule.values}, component_name="MatchRule")
class MatchRuleField(serializers.ChoiceField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=MatchRule.choices, **kwargs)


@extend_schema_field({"type": "string", "enum": [s.value for s in Step]}, component_name="ProtocolStep")
class ProtocolStepField(serializers.CharField):
    pass


@extend_schema_field({"type": "string", "enum": [t.value for t in TieBreak]}, component_name="TeamTieBreak")
class TieBreakField(serializers.CharField):
    pass


@extend_schema_field({"type": "string", "maxLength": ID_LENGTH, "pattern": NOT_BLANK})
class PlayerIdField(serializers.CharField):
    """A player's id inside a nested list, where the schema's own text rules (no NUL, not
    blank: tournaments.api.schema) are not added for it, so they are written here."""


class TeamRefSerializer(Serializer):
    id = serializers.CharField(help_text="The team's event/1 id.")
    name = serializers.CharField()


class TeamSerializer(Serializer):
    id = serializers.CharField(help_text="The team's event/1 id (`t1`, ...).")
    name = serializers.CharField()
    captain = PlayerRefSerializer(allow_null=True, help_text="The member who speaks for the team.")
    members = PlayerRefSerializer(
        many=True, help_text="The team's players in its order (the order the protocol's defaults follow)."
    )
    status = TeamStatusField()
    dropped_after_round = serializers.IntegerField(allow_null=True)
    disqualified_after_round = serializers.IntegerField(allow_null=True)


class MemberInputSerializer(Serializer):
    name = serializers.CharField(max_length=limits.PLAYER_NAME_LENGTH)
    email = serializers.EmailField(
        required=False, allow_blank=True, default="", help_text="Mailed the seat's invitation when given."
    )


class TeamCreateSerializer(Serializer):
    """The captain, with the join code: their team, themselves first. The TO, without it."""

    name = serializers.CharField(max_length=TEAM_NAME_LENGTH, help_text="Unique in the event, without case.")
    members = serializers.ListField(
        child=MemberInputSerializer(),
        min_length=MIN_TEAM,
        max_length=MAX_TEAM,
        help_text="The team's players in its order, as many as the event's players per team (400 "
        "`team-size-mismatch`, `teammate-repeated`); the first is the captain.",
    )
    join_code = serializers.CharField(
        required=False,
        allow_blank=True,
        help_text="The registration link's code: the caller registers the team and is its captain, "
        "member 1 (400 `bad-join-code`, `registration-closed`, `already-registered`).",
    )
    username = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        help_text="The TO, without a join code: the account invited to the captain's seat, if any.",
    )


class MatchGameSerializer(Serializer):
    id = serializers.IntegerField(help_text="The game, as the games/<id>/ operations name it.")
    table = serializers.IntegerField(allow_null=True)
    player_a = PlayerRefSerializer(help_text="Team A's player.")
    player_b = PlayerRefSerializer(allow_null=True, help_text="Team B's player.")
    result_status = serializers.ChoiceField(choices=ResultStatus.choices)


class ProtocolProgressSerializer(Serializer):
    """How far a match's protocol has gone, and nothing of any choice not yet revealed."""

    step = ProtocolStepField()
    step_label = serializers.CharField()
    complete = serializers.BooleanField()
    waiting_for = serializers.ListField(
        child=serializers.CharField(), help_text="The teams (ids) still to choose in this step."
    )
    deadline = serializers.DateTimeField(
        allow_null=True,
        help_text="When this step's time runs out and a captain still to choose is given the announced "
        "default (null: the round is not published yet, or the protocol is complete).",
    )
    games_made = serializers.IntegerField(help_text="Games paired so far.")


class TeamMatchSerializer(StaffOnlyFieldsMixin, Serializer):
    staff_fields = ("protocol",)

    id = serializers.IntegerField(help_text="The team match, as the matches/<id>/ operations name it.")
    round = serializers.IntegerField()
    team_a = TeamRefSerializer()
    team_b = TeamRefSerializer(allow_null=True, help_text="Null: team A's bye.")
    first_table = serializers.IntegerField(allow_null=True, help_text="The first of its block of tables.")
    tables = serializers.ListField(
        child=serializers.IntegerField(), help_text="Its block of adjacent tables."
    )
    pairing = MatchPairingField(help_text="How its players are paired.")
    games = MatchGameSerializer(many=True, help_text="Its games made so far, in table order.")
    pairs_complete = serializers.BooleanField(help_text="Every game of the match is made.")
    results_in = serializers.IntegerField(help_text="Its games with a confirmed result.")
    protocol = ProtocolProgressSerializer(
        allow_null=True,
        required=False,
        help_text="Staff only: the protocol's progress (null: not paired by it).",
    )


class TeamMatchesSerializer(Serializer):
    round = serializers.IntegerField()
    matches = TeamMatchSerializer(many=True, help_text="By table block, top match first; byes last.")


class ChoiceOptionSerializer(Serializer):
    players = serializers.ListField(child=serializers.CharField(), help_text="The players' ids to send.")
    label = serializers.CharField()  # type: ignore[assignment]  # a field, not Field.label


class MatchPairSerializer(Serializer):
    player_a = PlayerRefSerializer()
    player_b = PlayerRefSerializer()


class CaptainPanelSerializer(Serializer):
    """What one captain sees: their options, their own choice, whether the other captain has
    chosen (never what), every step revealed to both, and when time runs out."""

    team = TeamRefSerializer()
    side = serializers.ChoiceField(choices=[("a", "Team A"), ("b", "Team B")])
    options = ChoiceOptionSerializer(many=True, help_text="The choices open now (empty once chosen).")
    my_choice = serializers.CharField(allow_null=True, help_text="The captain's own choice in this step.")
    they_have_chosen = serializers.BooleanField()
    revealed = serializers.ListField(
        child=serializers.CharField(), help_text="Each revealed step, a sentence."
    )
    default = serializers.CharField(
        allow_null=True, help_text="What the captain is given if time runs out before they choose."
    )
    my_unpaired = PlayerRefSerializer(many=True)
    their_unpaired = PlayerRefSerializer(many=True)
    games = MatchPairSerializer(many=True, help_text="The games paired so far (team A's player first).")


class ProtocolSerializer(Serializer):
    match = serializers.IntegerField()
    progress = ProtocolProgressSerializer()
    captain = CaptainPanelSerializer(
        allow_null=True,
        help_text="The caller's own view, when they captain a team of the match (null for staff).",
    )


class ProtocolChoiceSerializer(Serializer):
    players = serializers.ListField(
        child=serializers.CharField(max_length=ID_LENGTH),
        min_length=1,
        max_length=2,
        help_text="One player (a defender, a pick) or two (the attackers offered), by id; final once made "
        "(400 `already-chosen`, `wrong-count`, `not-in-pool`, `not-offered`, `protocol-over`, "
        "`round-not-published`, `not-protocol`, `round-closed`).",
    )


class MatchPairsSerializer(Serializer):
    pairs = serializers.ListField(
        child=serializers.ListField(child=PlayerIdField(max_length=ID_LENGTH), min_length=2, max_length=2),
        min_length=MIN_TEAM,
        max_length=MAX_TEAM,
        help_text="Each game as [team A's player, team B's player], by id: every player of each team once "
        "(400 `wrong-count`, `not-in-pool`, `not-a-matching`, `not-organiser-pairing`, `has-results`).",
    )


class CallTimeSerializer(Serializer):
    match = TeamMatchSerializer()
    defaulted = serializers.BooleanField(help_text="Whether a captain still to choose was given the default.")


class TeamStandingRowSerializer(Serializer):
    rank = serializers.IntegerField(allow_null=True, help_text="Null for a disqualified team.")
    team = serializers.CharField()
    name = serializers.CharField()
    mp = serializers.IntegerField(help_text="Team match points: 3 a win, 1 a draw.")
    games_won = serializers.IntegerField()
    game_points = serializers.IntegerField()
    tiebreak = serializers.IntegerField(help_text="Games won or game points, as the TO chose.")
    sos = serializers.FloatField(help_text="Four decimals; ordering used the exact value.")
    otp = serializers.FloatField(help_text="Four decimals; ordering used the exact value.")
    matches = serializers.IntegerField(help_text="Matches decided so far, a bye included.")
    placed = serializers.BooleanField()
    status = TeamStatusField()


class TeamStandingsSerializer(Serializer):
    tiebreak = TieBreakField(help_text="The second key, after team match points.")
    rounds_played = serializers.IntegerField()
    standings = TeamStandingRowSerializer(many=True)
