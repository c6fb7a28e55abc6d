"""Events (views/events.py): the listing, the settings a TO writes, tables, staff, side events."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from rules_engine.registry import all_systems
from team_match.eventfile import STEP_MINUTES as PROTOCOL_STEP_MINUTES
from team_match.protocol import MAX_TEAM, MIN_TEAM
from tournaments import limits
from tournaments.api.serializers.common import Serializer, StaffOnlyFieldsMixin
from tournaments.api.serializers.teams import MatchPairingField, MatchRuleField
from tournaments.models import (
    CutTies,
    EventKind,
    EventStatus,
    ListFormat,
    RosterPublication,
    StaffRoleKind,
    TableSeating,
)


@extend_schema_field({"type": "string", "enum": EventStatus.values}, component_name="EventStatus")
class EventStatusField(serializers.ChoiceField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=EventStatus.choices, **kwargs)


# What an event may be created for: the game systems the web app runs, and their scales. The
# fields stay text (the service says which systems exist and which are not ready yet); the
# schema lists the values the service accepts.
# A team tournament's draw margin, in game points (a game is worth a few; the column holds more).
MATCH_DRAW_MARGIN_MAX = 1000

EVENT_SYSTEMS = [s.slug for s in all_systems(events_only=True)]


EVENT_SCALES = sorted({scale for s in all_systems(events_only=True) for scale in s.scales})


@extend_schema_field({"type": "string", "enum": EVENT_SYSTEMS}, component_name="EventGameSystem")
class EventGameSystemField(serializers.CharField):
    pass


@extend_schema_field({"type": "string", "enum": EVENT_SCALES}, component_name="EventScale")
class EventScaleField(serializers.CharField):
    pass


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
    squad_size = serializers.IntegerField(
        allow_null=True,
        help_text="A team tournament (docs/team-matches.md): players per team, 3 to 8, each team one "
        "entrant of the Swiss pairing; null: players enter one by one.",
    )
    format_summary = serializers.CharField(help_text='The format in words: "5 Swiss rounds, then a top 8".')
    registration_open = serializers.BooleanField()


class EventDetailSerializer(StaffOnlyFieldsMixin, EventSummarySerializer):
    staff_fields = ("join_code", "suggested_rounds", "suggested_cut", "active_players")
    time_zone = serializers.CharField(
        help_text="The venue's time zone (IANA name); empty: the site's. Times are shown in it."
    )
    capacity = serializers.IntegerField(
        allow_null=True,
        help_text="The registration cap (docs/waitlist.md): the most entrants (players; teams in a team "
        "game or team tournament); null: no cap.",
    )
    waitlist_accept_hours = serializers.IntegerField(
        help_text="Hours a waiting person has to accept a freed seat before it passes to the next."
    )
    seats_free = serializers.IntegerField(
        allow_null=True, help_text="Seats neither taken nor offered to a waiting person; null: no cap."
    )
    full = serializers.BooleanField(
        help_text="Full, waitlist open: a sign-up joins the waitlist (POST waitlist/), not the field."
    )
    waiting = serializers.IntegerField(help_text="How many people are waiting for a seat.")

    rules_cutoff = serializers.DateField(allow_null=True)
    points_limit = serializers.IntegerField(
        allow_null=True, help_text="The event's budget where its scale leaves it to the event."
    )
    match_rule = MatchRuleField(help_text="A team tournament: how a team match is decided.")
    match_draw_margin = serializers.IntegerField(
        help_text="A team tournament decided by game points: a difference of at most this is a draw."
    )
    match_pairing = MatchPairingField(help_text="A team tournament: how the players of a match are paired.")
    protocol_step_minutes = serializers.IntegerField(
        help_text="The captains' protocol: each step's minutes; a captain out of time gets the default."
    )
    distinct_factions = serializers.BooleanField(
        help_text="A team tournament: no two members of a team play the same faction."
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
    capacity = serializers.IntegerField(
        min_value=1,
        allow_null=True,
        required=False,
        help_text="The registration cap (docs/waitlist.md); null: none. Raising it offers the new "
        "seats to the waitlist.",
    )
    waitlist_accept_hours = serializers.IntegerField(
        min_value=1,
        max_value=24 * 14,
        required=False,
        help_text="Hours a waiting person has to accept a freed seat.",
    )
    squad_size = serializers.IntegerField(
        min_value=MIN_TEAM,
        max_value=MAX_TEAM,
        allow_null=True,
        required=False,
        help_text="A team tournament: players per team; null: players enter one by one. Never a team "
        "game too (400 `team-tournament-team-game`) nor with a top cut (`team-tournament-no-cut`); "
        "fixed once players register (400 `squad-size-fixed`).",
    )
    match_rule = MatchRuleField(required=False, help_text="How a team match is decided.")
    match_draw_margin = serializers.IntegerField(
        min_value=0,
        max_value=MATCH_DRAW_MARGIN_MAX,
        required=False,
        help_text="Game points only: a difference of at most this is a draw (400 "
        "`draw-margin-without-game-points` above 0 with games won).",
    )
    match_pairing = MatchPairingField(required=False, help_text="How the players of a team match are paired.")
    protocol_step_minutes = serializers.IntegerField(
        min_value=PROTOCOL_STEP_MINUTES[0],
        max_value=PROTOCOL_STEP_MINUTES[1],
        required=False,
        help_text="The captains' protocol: each step's minutes.",
    )
    distinct_factions = serializers.BooleanField(
        required=False, help_text="No two members of a team play the same faction."
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


class EventCopySerializer(Serializer):
    """Copy this event (docs/features.md, "Copying an event"): the new event's name and
    dates; every other part of its set-up comes from the event in the path."""

    name = serializers.CharField(max_length=limits.EVENT_NAME_LENGTH)
    starts_on = serializers.DateField(help_text="The copy's first day; the schedule moves with it.")
    ends_on = serializers.DateField(
        allow_null=True, required=False, help_text="Empty: as many days as the event copied."
    )


class StaffSerializer(Serializer):
    username = serializers.CharField()
    role = serializers.ChoiceField(choices=StaffRoleKind.choices)
