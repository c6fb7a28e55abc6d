"""Explicit input and output serializers of the judging API, one per operation shape.

As in `tournaments.api.serializers`: inputs only check the shape of a request (the rules
live in `judging.services`); outputs render the plain dicts built by
`judging.api.presenters` and document them for the schema.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from judging.models import (
    HANDLED_NOTE_LENGTH,
    ConductCategory,
    Infraction,
    PenaltyLevel,
    PenaltyStatus,
)
from tournaments.limits import NOTES_LENGTH, REASON_LENGTH


class PenaltySerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    player = serializers.CharField(help_text="The player's external id.")
    player_name = serializers.CharField()
    level = serializers.ChoiceField(choices=PenaltyLevel.choices)
    infraction = serializers.ChoiceField(choices=Infraction.choices)
    status = serializers.ChoiceField(choices=PenaltyStatus.choices)
    round = serializers.IntegerField(help_text="0: before the first round.")
    table = serializers.IntegerField(allow_null=True)
    game = serializers.IntegerField(allow_null=True)
    notes = serializers.CharField()
    remedy = serializers.CharField()
    issued_by = serializers.CharField()
    issued_at = serializers.DateTimeField()
    decided_by = serializers.CharField()
    decided_at = serializers.DateTimeField(allow_null=True)
    decision_note = serializers.CharField()


class PenaltyIssueSerializer(serializers.Serializer[Any]):
    player = serializers.CharField(help_text="The penalised player's external id.")
    level = serializers.ChoiceField(choices=PenaltyLevel.choices)
    infraction = serializers.ChoiceField(choices=Infraction.choices, help_text="The infraction category.")
    notes = serializers.CharField(max_length=NOTES_LENGTH, help_text="What happened: the written record.")
    game = serializers.IntegerField(required=False, help_text="The game; default: the player's current game.")
    round = serializers.IntegerField(required=False, min_value=0)
    remedy = serializers.CharField(required=False, default="", allow_blank=True, max_length=200)


class DecisionSerializer(serializers.Serializer[Any]):
    note = serializers.CharField(required=False, default="", allow_blank=True, max_length=REASON_LENGTH)


class AdviceSerializer(serializers.Serializer[Any]):
    level = serializers.CharField()
    applied_by = serializers.CharField()
    text = serializers.CharField()


class SlowPlaySerializer(serializers.Serializer[Any]):
    step = serializers.CharField()
    applied_by = serializers.CharField()
    text = serializers.CharField()
    remedy_allowed = serializers.BooleanField()


class PenaltyAdviceSerializer(serializers.Serializer[Any]):
    player = serializers.CharField()
    escalation = AdviceSerializer(many=True)
    slow_play = SlowPlaySerializer()
    suggested = serializers.DictField(
        child=serializers.CharField(), help_text="Infraction -> suggested level."
    )
    penalties = PenaltySerializer(many=True)


class ConductFileSerializer(serializers.Serializer[Any]):
    category = serializers.ChoiceField(choices=ConductCategory.choices)
    description = serializers.CharField(max_length=NOTES_LENGTH)
    people_involved = serializers.CharField(required=False, default="", allow_blank=True, max_length=300)


class ConductReceivedSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    received = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    contact = serializers.CharField(help_text="Who receives it: the event's conduct contact.")


class ConductReportSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    category = serializers.ChoiceField(choices=ConductCategory.choices)
    description = serializers.CharField()
    people_involved = serializers.CharField()
    reporter = serializers.CharField()
    created_at = serializers.DateTimeField()
    handled = serializers.BooleanField()
    handled_at = serializers.DateTimeField(allow_null=True)
    handled_by = serializers.CharField(help_text="Empty until handled.")
    handled_note = serializers.CharField(help_text="What was done; empty until handled.")


class ConductHandleSerializer(serializers.Serializer[Any]):
    note = serializers.CharField(
        max_length=HANDLED_NOTE_LENGTH, help_text="A short note of what was done (kept with the report)."
    )


class MyConductReportSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    category = serializers.ChoiceField(choices=ConductCategory.choices)
    created_at = serializers.DateTimeField()
    status = serializers.ChoiceField(
        choices=[("received", "Received"), ("handled", "Handled")],
        help_text="All a reporter is told: received, then handled.",
    )


class DraftPlayerSerializer(serializers.Serializer[Any]):
    seat = serializers.CharField()
    name = serializers.CharField()
    me = serializers.BooleanField()
    roster = serializers.CharField(allow_null=True, help_text="Null while a blind choice is hidden from you.")
    has_chosen = serializers.BooleanField()
    colour = serializers.CharField(allow_null=True)


class DraftCardSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    owner = serializers.CharField()
    status = serializers.CharField()


class DraftRowSerializer(serializers.Serializer[Any]):
    kind = serializers.CharField()
    title = serializers.CharField()
    controller = serializers.CharField(allow_null=True)
    cards = DraftCardSerializer(many=True)


class DraftActionOptionSerializer(serializers.Serializer[Any]):
    label = serializers.CharField()  # type: ignore[assignment]
    payload = serializers.DictField(help_text="Post this back as `action`.")


class DraftJudgeRosterSerializer(serializers.Serializer[Any]):
    seat = serializers.CharField()
    name = serializers.CharField()
    options = serializers.ListField(child=serializers.CharField(), help_text="The rosters they may play.")


class DraftJudgeSeatSerializer(serializers.Serializer[Any]):
    seat = serializers.CharField()
    name = serializers.CharField()


class DraftJudgeEntriesSerializer(serializers.Serializer[Any]):
    rosters = DraftJudgeRosterSerializer(many=True, help_text="Blind roster choices still to be made.")
    roll_off = DraftJudgeSeatSerializer(many=True, help_text="Who may be entered as the Roll-Off's winner.")


class DraftSerializer(serializers.Serializer[Any]):
    game = serializers.IntegerField()
    step = serializers.CharField()
    step_text = serializers.CharField()
    complete = serializers.BooleanField()
    at_random = serializers.BooleanField()
    seat = serializers.CharField(allow_null=True, help_text="Your seat; null for a judge.")
    players = DraftPlayerSerializer(many=True)
    waiting_for = serializers.ListField(child=serializers.CharField())
    my_turn = serializers.BooleanField()
    priority = serializers.DictField(allow_null=True)
    perspective = serializers.CharField(allow_null=True)
    rows = DraftRowSerializer(many=True)
    actions = DraftActionOptionSerializer(many=True)
    history = serializers.ListField(child=serializers.CharField())
    result = serializers.DictField(allow_null=True)
    judge_entries = DraftJudgeEntriesSerializer(
        allow_null=True,
        help_text="For a judge (not playing in the game): what they may enter for the players now.",
    )


class DraftActSerializer(serializers.Serializer[Any]):
    action = serializers.DictField(help_text="One of the `payload`s listed in the draft's `actions`.")


SEAT_HELP = "A: the game's player one, B: player two (as in the draft's `players`)."
# The two sides of a table, one enum in the schema (config.settings ENUM_NAME_OVERRIDES).
SEATS = [("A", "Player one"), ("B", "Player two")]
WAITING_KINDS = [("absent-start", "Start on an absent player's time"), ("judge-call", "Judge call")]


class DraftEnterRosterSerializer(serializers.Serializer[Any]):
    seat = serializers.ChoiceField(choices=SEATS, help_text=SEAT_HELP)
    roster = serializers.CharField(help_text="The roster's label, one of the seat's `judge_entries` options.")


class DraftEnterRollOffSerializer(serializers.Serializer[Any]):
    winner = serializers.ChoiceField(
        choices=[("A", "Player one won"), ("B", "Player two won")], help_text=SEAT_HELP
    )
    totals = serializers.ListField(
        child=serializers.ListField(
            child=serializers.IntegerField(min_value=2, max_value=12), min_length=2, max_length=2
        ),
        required=False,
        default=list,
        help_text="Optional: the 2D6 totals thrown, [player one's, player two's], ties first (Part 3.2).",
    )


class CallSerializer(serializers.Serializer[Any]):
    key = serializers.CharField()
    call = serializers.CharField()


class NextCallSerializer(CallSerializer):
    seconds_to_go = serializers.IntegerField()


class ClosingSerializer(serializers.Serializer[Any]):
    seconds = serializers.IntegerField(help_text="The closing period's length, counted back from the end.")
    text = serializers.CharField(help_text="What the game system forbids in it, as the clock shows it.")


class ClockSerializer(serializers.Serializer[Any]):
    event = serializers.CharField()
    slug = serializers.CharField()
    round = serializers.IntegerField(allow_null=True)
    state = serializers.ChoiceField(
        choices=["not-started", "running", "paused", "last-fifteen", "time-called", "round-closed"],
        help_text="round-closed: the round is over; the clock stands where it was when it closed.",
    )
    elapsed_seconds = serializers.IntegerField()
    remaining_seconds = serializers.IntegerField()
    total_seconds = serializers.IntegerField()
    server_now = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    ends_at = serializers.DateTimeField(allow_null=True, help_text="Null before the start and while paused.")
    current_call = CallSerializer(allow_null=True)
    next_call = NextCallSerializer(allow_null=True)
    closing = ClosingSerializer(
        allow_null=True,
        help_text="The game system's closing period (state `last-fifteen` inside it); null: it has none.",
    )


# --- the chess clock of a table (OP Guide: Chess Clocks) ------------------------------------

CHESS_SEATS = SEATS
ACTION_ID_HELP = (
    "An id the device makes up for this one tap (a UUID): the same id again is the same tap, recorded once."
)


class ChessClockSeatSerializer(serializers.Serializer[Any]):
    seat = serializers.ChoiceField(choices=CHESS_SEATS, help_text=SEAT_HELP)
    player = serializers.CharField(help_text="The player's event/1 id.")
    name = serializers.CharField()
    remaining_ms = serializers.IntegerField(min_value=0, help_text="Their own pool, as of `server_now`.")
    run_out = serializers.BooleanField(
        help_text="At zero with no minutes lent: they lose active decisions (Running Out of Time)."
    )


class ChessClockWaitingSerializer(serializers.Serializer[Any]):
    reason = serializers.ChoiceField(choices=WAITING_KINDS)
    since = serializers.DateTimeField()
    by = serializers.CharField(help_text="Who asked.")


class ChessClockRulingSerializer(serializers.Serializer[Any]):
    at = serializers.DateTimeField()
    by = serializers.CharField()
    text = serializers.CharField()


class ChessClockSerializer(serializers.Serializer[Any]):
    game = serializers.IntegerField()
    round = serializers.IntegerField()
    table = serializers.IntegerField(allow_null=True)
    status = serializers.ChoiceField(
        choices=["not-started", "awaiting-judge", "running", "paused", "time-called"],
        help_text="awaiting-judge: asked to start on an absent opponent's time, a judge must acknowledge; "
        "paused: a judge was called, time is held until the ruling; time-called: the round's time was "
        "called (OP Guide: When Time Is Called), the clock stopped at `time_called_at` for good.",
    )
    version = serializers.IntegerField(min_value=0, help_text="Moves with every recorded action.")
    server_now = serializers.DateTimeField()
    running = serializers.ChoiceField(
        choices=CHESS_SEATS,
        allow_null=True,
        help_text="Whose time runs (while paused: whose time was running).",
    )
    lender = serializers.ChoiceField(
        choices=CHESS_SEATS, allow_null=True, help_text="Who lets the opponent use their remaining minutes."
    )
    zero_at = serializers.DateTimeField(
        allow_null=True, help_text="When the running side's own pool reaches zero if nobody switches."
    )
    time_called_at = serializers.DateTimeField(
        allow_null=True,
        help_text="When the round's time was called and the clock stopped (status `time-called`), else null.",
    )
    seats = ChessClockSeatSerializer(many=True)
    you = serializers.ChoiceField(
        choices=CHESS_SEATS, allow_null=True, help_text="Your side; null for a judge."
    )
    waiting = ChessClockWaitingSerializer(
        allow_null=True, help_text="What the judges are wanted for, if anything."
    )
    last_ruling = ChessClockRulingSerializer(allow_null=True)


class ChessClockStartSerializer(serializers.Serializer[Any]):
    on_opponents_time = serializers.BooleanField(
        required=False,
        default=False,
        help_text="The opponent is absent: the judges are told, and the clock starts on the opponent's "
        "time once a judge acknowledges.",
    )


class ChessClockSwitchSerializer(serializers.Serializer[Any]):
    # `from` is a Python keyword, so the field is declared under another name and renamed.
    from_seat = serializers.ChoiceField(
        choices=CHESS_SEATS, help_text="The side whose time runs now, as the device shows it."
    )
    action_id = serializers.CharField(max_length=64, help_text=ACTION_ID_HELP)


class ChessClockCallSerializer(serializers.Serializer[Any]):
    action_id = serializers.CharField(max_length=64, help_text=ACTION_ID_HELP)


class ChessClockRuleSerializer(serializers.Serializer[Any]):
    ruling = serializers.CharField(max_length=500, help_text="The ruling, in a few words.")


class ChessClockLendSerializer(serializers.Serializer[Any]):
    on = serializers.BooleanField(
        help_text="true: the opponent may use your remaining minutes; false: withdraw it (at any moment)."
    )
