"""Explicit input and output serializers, one per operation shape (HackSoft style).

Inputs only check the shape of a request; the rules live in the services. Outputs render
plain dicts built by `tournaments.api.presenters`, so what each role sees is decided
there, in one place, and these classes document it for the schema.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from rules_engine.registry import all_systems
from tournaments import limits
from tournaments.api.documents import (
    PairingReportField,
    RosterDocumentField,
    RosterReportField,
    RosterVerdictField,
    ViolationSerializer,
)
from tournaments.limits import REASON_LENGTH
from tournaments.models import (
    CutTies,
    EventKind,
    EventStatus,
    ListFormat,
    Outcome,
    ResultStatus,
    RosterPublication,
    RoundStage,
    RoundStatus,
    StaffRoleKind,
    TableSeating,
)
from tournaments.services.players import PLAYERS_CSV_MAX_CHARS
from tournaments.services.rosters import ROSTER_MAX_BYTES

if TYPE_CHECKING:
    Serializer = serializers.Serializer[Any]
else:
    Serializer = serializers.Serializer


class StaffOnlyFieldsMixin(Serializer):
    """Output fields named in `staff_fields` are left out unless the context says `staff`.

    Declare those fields with `required=False`, so a source without them is fine too.
    """

    staff_fields: tuple[str, ...] = ()

    def to_representation(self, instance: Any) -> Any:
        data = super().to_representation(instance)
        if not self.context.get("staff", False):
            for name in self.staff_fields:
                data.pop(name, None)
        return data


PLAYER_STATUSES = ["active", "dropped", "disqualified", "spare"]


# Several outputs have a `status` with different values; drf-spectacular names enum
# components after the field, so they would collide. Each gets its own named component.
@extend_schema_field({"type": "string", "enum": PLAYER_STATUSES}, component_name="PlayerStatus")
class PlayerStatusField(serializers.ChoiceField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=PLAYER_STATUSES, **kwargs)


@extend_schema_field({"type": "string", "enum": RoundStatus.values}, component_name="RoundStatus")
class RoundStatusField(serializers.ChoiceField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=RoundStatus.choices, **kwargs)


@extend_schema_field({"type": "string", "enum": EventStatus.values}, component_name="EventStatus")
class EventStatusField(serializers.ChoiceField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=EventStatus.choices, **kwargs)


# What an event may be created for: the game systems the web app runs, and their scales. The
# fields stay text (the service says which systems exist and which are not ready yet); the
# schema lists the values the service accepts.
EVENT_SYSTEMS = [s.slug for s in all_systems(events_only=True)]
EVENT_SCALES = sorted({scale for s in all_systems(events_only=True) for scale in s.scales})


@extend_schema_field({"type": "string", "enum": EVENT_SYSTEMS}, component_name="EventGameSystem")
class EventGameSystemField(serializers.CharField):
    pass


@extend_schema_field({"type": "string", "enum": EVENT_SCALES}, component_name="EventScale")
class EventScaleField(serializers.CharField):
    pass


# --- errors ------------------------------------------------------------------------------


class ErrorSerializer(Serializer):
    code = serializers.CharField(help_text="Stable machine-readable code, e.g. `deadline-passed`.")
    message = serializers.CharField(help_text="A sentence a person can act on.")
    field = serializers.CharField(required=False, help_text="The input field at fault, when there is one.")
    errors = serializers.JSONField(  # type: ignore[assignment]  # a field, not Serializer.errors
        required=False, help_text="Every input problem, by field (bad input only)."
    )


# --- auth --------------------------------------------------------------------------------


class TokenInputSerializer(Serializer):
    username = serializers.CharField()
    password = serializers.CharField(style={"input_type": "password"}, trim_whitespace=False)


class TokenSerializer(Serializer):
    key = serializers.CharField(help_text="The token's first characters: how the list names it.")
    created = serializers.DateTimeField()
    expiry = serializers.DateTimeField(help_text="After this the token no longer works.")
    current = serializers.BooleanField(help_text="The token this request was made with.")


class TokenOutputSerializer(TokenSerializer):
    token = serializers.CharField(
        help_text="Send it as `Authorization: Token <token>`; shown only this once."
    )


class TokenListSerializer(Serializer):
    tokens = TokenSerializer(many=True)


# --- events ------------------------------------------------------------------------------


class TableSerializer(Serializer):
    number = serializers.IntegerField(min_value=limits.TABLE_NUMBERS.low, max_value=limits.TABLE_NUMBERS.high)
    layout = serializers.CharField(max_length=120, allow_blank=True, default="")


class TablesInputSerializer(Serializer):
    # Each number once, from 1 to the highest: a longer list repeats one (`table-listed-twice`).
    tables = serializers.ListField(child=TableSerializer(), max_length=limits.TABLE_NUMBERS.high)


class ScheduleEntrySerializer(Serializer):
    """One round's start (OP Guide: The Tournament Organiser — the schedule in the listing)."""

    round = serializers.IntegerField(
        min_value=limits.PLANNED_ROUNDS.low, max_value=limits.PLANNED_ROUNDS.high
    )
    starts_at = serializers.DateTimeField(help_text="With its UTC offset; stored and answered in UTC.")


class EventSummarySerializer(Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    game_system = serializers.CharField()
    kind = serializers.ChoiceField(choices=EventKind.choices)
    scale = serializers.CharField()
    status = EventStatusField()
    starts_on = serializers.DateField(allow_null=True)
    ends_on = serializers.DateField(allow_null=True)
    venue = serializers.CharField()
    planned_rounds = serializers.IntegerField(help_text="With a top cut: the Swiss rounds, before the cut.")
    cut_size = serializers.IntegerField(
        allow_null=True, help_text="How many players enter the top cut after the Swiss rounds; null: no cut."
    )
    team_size = serializers.IntegerField(
        allow_null=True,
        help_text="A team game (docs/teams.md): players per side, each entrant a team; null: one a side.",
    )
    team_budget = serializers.IntegerField(
        allow_null=True, help_text="A team game's budget for the whole team's armies; null otherwise."
    )
    format_summary = serializers.CharField(help_text='The format in words: "5 Swiss rounds, then a top 8".')
    registration_open = serializers.BooleanField()


class EventDetailSerializer(StaffOnlyFieldsMixin, EventSummarySerializer):
    staff_fields = ("join_code", "suggested_rounds", "suggested_cut", "active_players")
    time_zone = serializers.CharField(
        help_text="The venue's time zone (IANA name); empty: the site's. Times are shown in it."
    )

    rules_cutoff = serializers.DateField(allow_null=True)
    points_limit = serializers.IntegerField(
        allow_null=True, help_text="The event's budget where its scale leaves it to the event."
    )
    list_format = serializers.ChoiceField(choices=ListFormat.choices)
    rounds_changed_at = serializers.DateTimeField(allow_null=True)
    cut_ties = serializers.ChoiceField(
        choices=CutTies.choices,
        help_text="How a tied top-cut game the game system's rule leaves open is decided: the better "
        "seed goes on, or the players play a deciding game whose winner is recorded.",
    )
    roster_deadline = serializers.DateTimeField(allow_null=True)
    rosters_locked = serializers.BooleanField(
        help_text="Players can no longer change their rosters: the roster deadline has passed or "
        "round 1 is paired, whichever came first (staff still can)."
    )
    roster_publication = serializers.ChoiceField(choices=RosterPublication.choices)
    rosters_public = serializers.BooleanField(
        help_text="Everyone may read every roster now, under the event's publication policy."
    )
    rosters_published_at = serializers.DateTimeField(allow_null=True)
    late_roster_penalty = serializers.CharField()
    round_minutes = serializers.IntegerField()
    first_round_extra_minutes = serializers.IntegerField()
    to_plays = serializers.BooleanField()
    head_judge_plays = serializers.BooleanField()
    conduct_contact = serializers.CharField(help_text="Who players tell about conduct, discreetly.")
    layouts_in_use = serializers.CharField()
    pairing_platform = serializers.CharField()
    schedule = ScheduleEntrySerializer(many=True, help_text="The round start times, in round order.")
    step_free_access = serializers.BooleanField(allow_null=True, help_text="Null: not announced.")
    accessible_toilet = serializers.BooleanField(allow_null=True, help_text="Null: not announced.")
    table_seating = serializers.ChoiceField(
        choices=TableSeating.choices, help_text="Seated or standing tables; empty: not announced."
    )
    seating_on_request = serializers.BooleanField()
    accommodations_contact = serializers.CharField()
    accommodations_by = serializers.DateField(allow_null=True, help_text="As the TO set it (null: not set).")
    accommodations_deadline = serializers.DateField(
        allow_null=True, help_text="By when to ask: the TO's date, else a week before the event."
    )
    side_event_of = serializers.SlugField(allow_null=True, help_text="The main event, for a side event.")
    side_events = serializers.ListField(child=serializers.SlugField(), help_text="The event's side events.")
    tables = TableSerializer(many=True)
    your_roles = serializers.ListField(
        child=serializers.CharField(),
        help_text="The caller's roles here: to, head-judge, floor-judge, player.",
    )
    your_player = serializers.CharField(allow_null=True, help_text="The caller's player id, if they play.")
    join_code = serializers.CharField(
        required=False, help_text="Staff only: the secret of the registration link."
    )
    suggested_rounds = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="Staff only: the round count the game system's rules suggest for the current field "
        "(StarCraft: the OP Guide's Event Size and Format); null where they suggest none.",
    )
    suggested_cut = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="Staff only: the top cut suggested with those Swiss rounds (StarCraft: competitive "
        "fields above 128, which the OP Guide leaves to a championship format); null otherwise.",
    )
    active_players = serializers.IntegerField(
        required=False, help_text="Staff only: players not dropped, disqualified or spare."
    )


class EventWriteSerializer(Serializer):
    """Every event setting; all optional on PATCH. Business checks happen in the services."""

    name = serializers.CharField(max_length=limits.EVENT_NAME_LENGTH)
    game_system = EventGameSystemField(max_length=60, required=False)
    rules_cutoff = serializers.DateField(allow_null=True, required=False)
    kind = serializers.ChoiceField(choices=EventKind.choices, required=False)
    scale = EventScaleField(max_length=30, required=False, help_text="One of the game system's scales.")
    points_limit = serializers.IntegerField(
        min_value=0,
        allow_null=True,
        required=False,
        help_text="Where the scale leaves the budget to the event: inside its points range, "
        "or above its floor.",
    )
    list_format = serializers.ChoiceField(choices=ListFormat.choices, required=False)
    planned_rounds = serializers.IntegerField(
        min_value=limits.PLANNED_ROUNDS.low,
        max_value=limits.PLANNED_ROUNDS.high,
        required=False,
        help_text="The Swiss rounds (with a top cut, the rounds before it).",
    )
    cut_size = serializers.IntegerField(
        min_value=limits.CUT_SIZE.low,
        max_value=limits.CUT_SIZE.high,
        allow_null=True,
        required=False,
        help_text="A top cut of this many players after the Swiss rounds; null: none. Not more than the "
        "registered field once registration closes (400 `cut-larger-than-field`); fixed once round 1 "
        "is paired (400 `cut-fixed`).",
    )
    cut_ties = serializers.ChoiceField(
        choices=CutTies.choices,
        required=False,
        help_text="A tied top-cut game: the better seed goes on, or a deciding game's winner is recorded.",
    )
    team_size = serializers.IntegerField(
        min_value=2,
        max_value=limits.TEAM_SIZE_MAX,
        allow_null=True,
        required=False,
        help_text="A team game: players per side, where the game system has team games (400 "
        "`no-team-games`, `team-size`); fixed once entrants register (400 `team-size-fixed`).",
    )
    team_budget = serializers.IntegerField(
        min_value=1,
        allow_null=True,
        required=False,
        help_text="A team game's budget for the whole team's armies, in the game's unit (400 "
        "`team-budget-required` without it, `team-budget-without-team` with no team size).",
    )
    starts_on = serializers.DateField(allow_null=True, required=False)
    ends_on = serializers.DateField(allow_null=True, required=False)
    venue = serializers.CharField(max_length=limits.SHORT_TEXT_LENGTH, allow_blank=True, required=False)
    time_zone = serializers.CharField(
        max_length=64,
        allow_blank=True,
        required=False,
        help_text="The venue's time zone, an IANA name such as Europe/Warsaw (400 `unknown-time-zone` "
        "otherwise); empty: the site's.",
    )
    roster_deadline = serializers.DateTimeField(allow_null=True, required=False)
    roster_publication = serializers.ChoiceField(choices=RosterPublication.choices, required=False)
    rosters_published_at = serializers.DateTimeField(allow_null=True, required=False)
    late_roster_penalty = serializers.CharField(
        max_length=limits.SHORT_TEXT_LENGTH, allow_blank=True, required=False
    )
    round_minutes = serializers.IntegerField(
        min_value=limits.ROUND_MINUTES.low, max_value=limits.ROUND_MINUTES.high, required=False
    )
    first_round_extra_minutes = serializers.IntegerField(
        min_value=limits.FIRST_ROUND_EXTRA_MINUTES.low,
        max_value=limits.FIRST_ROUND_EXTRA_MINUTES.high,
        required=False,
    )
    to_plays = serializers.BooleanField(required=False)
    head_judge_plays = serializers.BooleanField(required=False)
    conduct_contact = serializers.CharField(
        max_length=limits.SHORT_TEXT_LENGTH, allow_blank=True, required=False
    )
    registration_open = serializers.BooleanField(required=False)
    layouts_in_use = serializers.CharField(
        max_length=limits.SHORT_TEXT_LENGTH, allow_blank=True, required=False
    )
    pairing_platform = serializers.CharField(
        max_length=limits.SHORT_TEXT_LENGTH, allow_blank=True, required=False
    )
    schedule = serializers.ListField(
        child=ScheduleEntrySerializer(),
        required=False,
        max_length=limits.PLANNED_ROUNDS.high,
        help_text="Replaces the round start times; each round once, up to the planned round count.",
    )
    step_free_access = serializers.BooleanField(allow_null=True, required=False)
    accessible_toilet = serializers.BooleanField(allow_null=True, required=False)
    table_seating = serializers.ChoiceField(choices=TableSeating.choices, required=False)
    seating_on_request = serializers.BooleanField(required=False)
    accommodations_contact = serializers.CharField(
        max_length=limits.SHORT_TEXT_LENGTH, allow_blank=True, required=False
    )
    accommodations_by = serializers.DateField(allow_null=True, required=False)


class SideEventWriteSerializer(Serializer):
    """A side event of the event in the path (OP Guide: Side Events); it plays the main
    event's game system and takes its dates, venue and listing unless given here."""

    name = serializers.CharField(max_length=limits.EVENT_NAME_LENGTH)
    kind = serializers.ChoiceField(choices=EventKind.choices, required=False)
    scale = EventScaleField(max_length=30, required=False, help_text="One of the game system's scales.")
    points_limit = serializers.IntegerField(min_value=0, allow_null=True, required=False)
    list_format = serializers.ChoiceField(choices=ListFormat.choices, required=False)
    planned_rounds = serializers.IntegerField(
        min_value=limits.PLANNED_ROUNDS.low, max_value=limits.PLANNED_ROUNDS.high, required=False
    )
    round_minutes = serializers.IntegerField(
        min_value=limits.ROUND_MINUTES.low, max_value=limits.ROUND_MINUTES.high, required=False
    )
    first_round_extra_minutes = serializers.IntegerField(
        min_value=limits.FIRST_ROUND_EXTRA_MINUTES.low,
        max_value=limits.FIRST_ROUND_EXTRA_MINUTES.high,
        required=False,
    )
    starts_on = serializers.DateField(allow_null=True, required=False)
    ends_on = serializers.DateField(allow_null=True, required=False)
    schedule = serializers.ListField(
        child=ScheduleEntrySerializer(), required=False, max_length=limits.PLANNED_ROUNDS.high
    )


class StaffSerializer(Serializer):
    username = serializers.CharField()
    role = serializers.ChoiceField(choices=StaffRoleKind.choices)


# --- players -----------------------------------------------------------------------------


class PlayerSerializer(StaffOnlyFieldsMixin, Serializer):
    staff_fields = ("email", "username", "checked_in_at")

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


class ReasonSerializer(Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=REASON_LENGTH)


class PlayerRefSerializer(Serializer):
    external_id = serializers.CharField()
    name = serializers.CharField()


# --- rosters -----------------------------------------------------------------------------


@extend_schema_field(
    {
        "oneOf": [
            {"type": "object", "additionalProperties": {}},
            # A longer text is always over the byte limit; one within it may still be over
            # in bytes (a character takes up to four): 413 `too-large` either way.
            {"type": "string", "maxLength": ROSTER_MAX_BYTES},
        ],
        "description": (
            f"A roster/1 object or the roster as text, at most {ROSTER_MAX_BYTES // 1024} KB as "
            "UTF-8 JSON or text (413 `too-large`, nothing changed)."
        ),
    }
)
class RosterContentField(serializers.JSONField):
    """A roster/1 object, or the plain-text roster a player would type or paste."""

    def to_internal_value(self, data: Any) -> Any:
        value = super().to_internal_value(data)
        if not isinstance(value, dict | str):
            raise serializers.ValidationError("Send a roster/1 object or the roster as text.")
        return value


class RosterSubmitSerializer(Serializer):
    slot = serializers.ChoiceField(
        choices=[1, 2, 3],
        default=1,
        help_text="1, or 2 under dual list; in a team game the teammate's position (400 `team-slot`).",
    )
    content = RosterContentField()
    player = serializers.CharField(
        required=False, help_text="Staff only: the player id to submit for (allowed after the deadline)."
    )


class RosterCheckSerializer(Serializer):
    slot = serializers.ChoiceField(
        choices=[1, 2, 3],
        default=1,
        help_text="Under dual list, checked together with the other slot's roster; in a team game, the "
        "teammate's position, checked with the teammates' armies against the team's budget.",
    )
    content = RosterContentField()
    player = serializers.CharField(
        required=False, help_text="Staff only: the player id whose other roster the check pairs it with."
    )


class VerdictSerializer(Serializer):
    """The rules engine's verdict, as `validate_roster --json` prints it (docs/interchange.md)."""

    legal = serializers.BooleanField()
    rosters = serializers.ListField(child=RosterReportField())
    violations = ViolationSerializer(many=True)


class RosterSerializer(Serializer):
    player = PlayerRefSerializer()
    slot = serializers.IntegerField()
    legal = serializers.BooleanField()
    document = RosterDocumentField(help_text="The roster as a roster/1 document.")
    submitted_at = serializers.DateTimeField()
    report = RosterVerdictField(
        required=False, help_text="The stored verdict; for staff and the roster's owner only."
    )


class RosterBoardRosterSerializer(Serializer):
    slot = serializers.IntegerField()
    legal = serializers.BooleanField()
    submitted_at = serializers.DateTimeField()
    violations = ViolationSerializer(many=True)


class RosterBoardRowSerializer(Serializer):
    player = PlayerRefSerializer()
    status = serializers.CharField()
    rosters = RosterBoardRosterSerializer(many=True)
    submitted = serializers.BooleanField(help_text="At least one roster is in.")
    ready = serializers.BooleanField(help_text="Submitted, and every roster is legal.")


# --- rounds and games --------------------------------------------------------------------


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


class RoundSummarySerializer(Serializer):
    number = serializers.IntegerField()
    status = RoundStatusField()
    published_at = serializers.DateTimeField(allow_null=True)
    closed_at = serializers.DateTimeField(allow_null=True)
    games = serializers.IntegerField()
    confirmed = serializers.IntegerField(help_text="Games with a confirmed result.")
    stage = serializers.ChoiceField(
        choices=RoundStage.choices, help_text="A Swiss round, or a round of the top cut (single elimination)."
    )
    scenario = serializers.CharField(
        allow_blank=True, help_text="The scenario this round plays (empty: none, or not chosen yet)."
    )


FACTION_HELP = (
    "once rosters are public (the event's roster publication policy, OP Guide: Submission and "
    "Publication): the faction(s) of the player's roster(s) as the game system names them, "
    "'A / B' for a dual list of two; empty for a player without a roster; null before."
)


class PairedGameSerializer(GameSerializer):
    factions = serializers.ListField(
        child=serializers.CharField(allow_null=True, allow_blank=True),
        allow_null=True,
        min_length=2,
        max_length=2,
        help_text=f"Each player's faction in player order (null for a bye's empty side), {FACTION_HELP}",
    )


class RoundDetailSerializer(StaffOnlyFieldsMixin, Serializer):
    staff_fields = ("seed", "pairing_report")

    number = serializers.IntegerField()
    status = RoundStatusField()
    published_at = serializers.DateTimeField(allow_null=True)
    closed_at = serializers.DateTimeField(allow_null=True)
    scenario = serializers.CharField(
        allow_blank=True, help_text="The scenario this round plays (empty: none, or not chosen yet)."
    )
    stage = serializers.ChoiceField(
        choices=RoundStage.choices, help_text="A Swiss round, or a round of the top cut (single elimination)."
    )
    seeds = serializers.ListField(
        child=serializers.CharField(),
        allow_null=True,
        help_text="The first top-cut round's entrants (player ids), best seed first; null on other rounds.",
    )
    games = PairedGameSerializer(many=True)
    seed = serializers.IntegerField(required=False, help_text="Staff only.")
    pairing_report = PairingReportField(
        required=False, help_text="Staff only: why the engine paired as it did."
    )


class ScenarioSerializer(Serializer):
    scenario = serializers.CharField(max_length=120, help_text="One of the game system's scenarios, by name.")


class SeedSerializer(Serializer):
    seed = serializers.IntegerField(
        required=False, allow_null=True, min_value=0, max_value=2**62, help_text="Same seed, same pairing."
    )


CONFIRM_NOT_READY = (
    "Pair (publish) even though players are not ready: without it the answer is 409 `not-ready` "
    "with the list of problems, and nothing changes."
)


class PairSerializer(SeedSerializer):
    confirm = serializers.BooleanField(required=False, default=False, help_text=CONFIRM_NOT_READY)


class PublishSerializer(Serializer):
    confirm = serializers.BooleanField(required=False, default=False, help_text=CONFIRM_NOT_READY)


class NotReadyProblemSerializer(Serializer):
    player = serializers.CharField(help_text="The player's id in the event.")
    name = serializers.CharField()
    code = serializers.ChoiceField(
        choices=["no-roster", "illegal-roster", "not-checked-in", "results-missing", "in-main-round"],
        help_text="Why they are not ready.",
    )
    message = serializers.CharField(help_text="The same, as a sentence.")


class NotReadySerializer(ErrorSerializer):
    problems = NotReadyProblemSerializer(many=True, help_text="Every player not ready, and why.")


class RepairSerializer(SeedSerializer):
    confirm = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Required (true) to re-pair a published round: players lose their tables and drafts.",
    )


class SwapPlayersSerializer(Serializer):
    players = serializers.ListField(child=serializers.CharField(), min_length=2, max_length=2)


class SwapTablesSerializer(Serializer):
    tables = serializers.ListField(
        child=serializers.IntegerField(
            min_value=limits.TABLE_NUMBERS.low, max_value=limits.TABLE_NUMBERS.high
        ),
        min_length=2,
        max_length=2,
    )


PLAYER_OUTCOMES = [
    Outcome.PLAYED,
    Outcome.CONCESSION,
    Outcome.NO_SHOW,
    Outcome.DOUBLE_NO_SHOW,
    Outcome.COMPLETE_VICTORY,
    Outcome.DRAW,
]
JUDGE_OUTCOMES = [*PLAYER_OUTCOMES, Outcome.GAME_LOSS]
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


class NoShowSerializer(Serializer):
    player = PlayerSerializer()
    game = GameSerializer(allow_null=True, help_text="The game scored as a no-show, if they were paired.")


# --- standings ---------------------------------------------------------------------------


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


# --- staff tools ---------------------------------------------------------------------------


class AuditEntrySerializer(Serializer):
    created_at = serializers.DateTimeField()
    actor = serializers.CharField(allow_null=True)
    action = serializers.CharField()
    subject = serializers.CharField()
    reason = serializers.CharField()
    data = serializers.DictField()  # type: ignore[assignment]  # a field, not Serializer.data


# --- me ----------------------------------------------------------------------------------


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


# --- the caller's e-mail notifications (accounts.models.NotificationPreference) -------------


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


# --- scoring bands (the TO's, over the system's defaults) --------------------------------


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
