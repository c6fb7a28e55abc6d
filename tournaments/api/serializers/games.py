"""Games and their results (views/games.py): reports, results set by staff, disputes, the
judges' queue."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from rules_engine.registry import all_systems
from standings import result_rules
from tournaments.api.serializers.common import ErrorSerializer, PlayerRefSerializer, Serializer
from tournaments.limits import REASON_LENGTH
from tournaments.models import Outcome, ResultStatus

DETAILS_HELP = (
    "The extra result numbers the event's game system declares, by key (see "
    'docs/game-systems.md, "Results"); an empty object for most systems.'
)


def _details_field(**kwargs: Any) -> serializers.DictField:
    return serializers.DictField(
        child=serializers.IntegerField(min_value=0), help_text=DETAILS_HELP, **kwargs
    )


def _entry_ranges() -> tuple[int, dict[str, tuple[int, int]]]:
    """What a result entered at an event may hold, over the systems events run: the highest VP,
    and each declared extra's range (the service checks the event's own system)."""
    systems = all_systems(events_only=True)
    extras: dict[str, tuple[int, int]] = {}
    for system in systems:
        for extra in system.result_extras:
            low, high = extras.get(extra.key, (extra.low, extra.high))
            extras[extra.key] = (min(low, extra.low), max(high, extra.high))
    return max(s.vp_range.high for s in systems), extras


ENTRY_VP_HIGH, ENTRY_EXTRAS = _entry_ranges()


@extend_schema_field(
    {
        "type": "array",
        "items": {"type": "integer", "minimum": 0, "maximum": ENTRY_VP_HIGH},
        "minItems": 2,
        "maxItems": 2,
    }
)
class EnteredVictoryPointsField(serializers.ListField):
    """VP as entered: the schema bounds them by the systems' ranges, the service by the event's own
    (400 `out-of-range` with the range named, as on the web)."""


@extend_schema_field(
    {
        "type": "object",
        "properties": {
            key: {"type": "integer", "minimum": low, "maximum": high}
            for key, (low, high) in sorted(ENTRY_EXTRAS.items())
        },
        "additionalProperties": False,
    },
    component_name="ResultDetailsEntry",
)
class EnteredDetailsField(serializers.DictField):
    """The extras as entered: only the keys a system declares, each in its range (the service
    checks them against the event's own system: 400 `unknown-detail` or `out-of-range`)."""


class ReportSerializer(Serializer):
    by = serializers.CharField(allow_null=True, help_text="The reporting player's id; null for staff.")
    outcome = serializers.CharField()
    vp = serializers.ListField(child=serializers.IntegerField(allow_null=True), allow_null=True)
    kp = serializers.ListField(
        child=serializers.IntegerField(allow_null=True), allow_null=True, help_text="Kill Points (Dropzone)."
    )
    loser = serializers.CharField(allow_null=True)
    winner = serializers.CharField(
        allow_null=True,
        help_text="A played game without VP (Warpspawn), or a tied top-cut game's deciding-game winner.",
    )
    details = _details_field()
    created_at = serializers.DateTimeField()


class GameSerializer(Serializer):
    id = serializers.IntegerField()
    round = serializers.IntegerField()
    table = serializers.IntegerField(allow_null=True)
    layout = serializers.CharField(allow_blank=True)
    player_one = PlayerRefSerializer()
    player_two = PlayerRefSerializer(allow_null=True, help_text="null for a bye.")
    outcome = serializers.CharField(allow_blank=True, help_text="Empty until a result is confirmed.")
    vp = serializers.ListField(
        child=serializers.IntegerField(), allow_null=True, help_text="In player order."
    )
    kp = serializers.ListField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text="Kill Points in player order, for the systems that record them (Dropzone).",
    )
    loser = serializers.CharField(allow_null=True)
    winner = serializers.CharField(
        allow_null=True, help_text="The winner's id of a played game without VP (Warpspawn)."
    )
    result_status = serializers.ChoiceField(choices=ResultStatus.choices)
    details = _details_field()
    needs_review = serializers.BooleanField(
        help_text="Held for the Head Judge by the game system's review rule before it counts."
    )
    reviewed = serializers.BooleanField()
    version = serializers.IntegerField(
        help_text="Changes with every change to the game; a judge's correction names the one it corrects."
    )
    reports = ReportSerializer(
        many=True, required=False, help_text="What each side reported (staff, and the game's players)."
    )


# Who may enter which outcome is the one rule for results (standings.result_rules); the schema
# lists every system's, and the service refuses what the event's own system lacks.
PLAYER_OUTCOMES = [Outcome(o) for o in result_rules.PLAYER_OUTCOMES]
JUDGE_OUTCOMES = [Outcome(o) for o in result_rules.STAFF_OUTCOMES]
PLAYER_OUTCOME_CHOICES = [(o.value, o.label) for o in PLAYER_OUTCOMES]


class ResultReportSerializer(Serializer):
    outcome = serializers.ChoiceField(
        choices=PLAYER_OUTCOME_CHOICES,
        default="played",
        help_text=(
            "`complete-victory` only where the game system has it (MORSDEI), `draw` only in a "
            "system without VP (Warpspawn; elsewhere a draw is a played game with equal VP)."
        ),
    )
    vp = EnteredVictoryPointsField(
        child=serializers.IntegerField(min_value=0),
        min_length=2,
        max_length=2,
        required=False,
        help_text=(
            "Victory Points in the game's player order (played games and complete victories, "
            "in systems with VP), within the system's range."
        ),
    )
    kp = serializers.ListField(
        child=serializers.IntegerField(min_value=0),
        min_length=2,
        max_length=2,
        required=False,
        help_text="Kill Points in the game's player order (played games, in systems with KP: Dropzone).",
    )
    loser = serializers.CharField(
        required=False,
        help_text=(
            "Player id of who conceded, did not show, took the Game Loss or lost the complete victory."
        ),
    )
    winner = serializers.CharField(
        required=False,
        help_text="Player id of who won a played game in a system without VP (Warpspawn). In a top-cut "
        "game whose result is a tie the system's rule does not break: who won the deciding game, required "
        "where the event plays one (400 `cut-needs-winner`), refused where the better seed goes on "
        "(400 `cut-tie-to-better-seed`); beside a result that decides, it must name that winner "
        "(400 `cut-winner-contradicts`).",
    )
    details = EnteredDetailsField(
        child=serializers.IntegerField(min_value=0), help_text=DETAILS_HELP, required=False
    )
    nominate = serializers.CharField(
        required=False,
        max_length=60,
        help_text=(
            "Your Best Sportsman nomination, sent with your result (OP Guide: Hobby Awards): "
            "the player id of another player of the event, where the event offers the award "
            "and voting is open (400 `not-offered`, `voting-closed`, `own-vote`). Stored with "
            "the report or not at all."
        ),
    )


class ResultSetSerializer(ResultReportSerializer):
    outcome = serializers.ChoiceField(choices=[(o.value, o.label) for o in JUDGE_OUTCOMES], default="played")
    nominate = None  # type: ignore[assignment]  # a player's own nomination: never part of a judge's ruling
    reason = serializers.CharField(
        allow_blank=True, max_length=REASON_LENGTH, help_text="Kept in the audit log."
    )
    version = serializers.IntegerField(
        min_value=0,
        help_text=(
            "The game's `version` this ruling corrects (from the game as you read it). If the game "
            "has changed since, nothing is applied and the answer is 409 `stale-version` with the "
            "game as it now stands in `current`."
        ),
    )


class ClaimSerializer(ResultReportSerializer):
    """The result a disputing player says was played: a report's fields, without a nomination."""

    nominate = None  # type: ignore[assignment]  # a nomination goes with a report, not a dispute


class DisputeSerializer(Serializer):
    note = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=REASON_LENGTH,
        help_text="A note for the judges (optional).",
    )
    claim = ClaimSerializer(
        required=False,
        help_text=(
            "The result you say was played (optional), stored as your report for the judges to "
            "accept as it stands. Your opponent's report is no claim: 400 `claim-agrees`."
        ),
    )


class StaleGameSerializer(ErrorSerializer):
    current = GameSerializer(help_text="The game as it now stands.")


class ReviewSerializer(Serializer):
    stands = serializers.BooleanField()
    reason = serializers.CharField(allow_blank=True, max_length=REASON_LENGTH)


class JudgeQueueItemSerializer(Serializer):
    why = serializers.ChoiceField(choices=["disputed", "needs-review"])
    game = GameSerializer()
    disputed_by = serializers.CharField(
        allow_null=True, help_text="Player id of who disputed the result (null: not disputed)."
    )
    note = serializers.CharField(allow_blank=True, help_text="The disputing player's note for the judges.")
