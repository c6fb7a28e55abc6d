"""The event's settings form (views/settings.py and the new-event page of views/setup.py):
the listing's settings, the tables, the round start times and the game system's scales,
budget and round length. The side event form takes its schedule and scale fields from here."""

from __future__ import annotations

import datetime as dt
import itertools
import re
from typing import Any

from django import forms
from django.conf import settings
from django.forms.utils import ErrorDict
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe

from rules_engine.game_system import GameSystem
from rules_engine.registry import UnknownGameSystem, all_systems, get_system
from team_match.protocol import MAX_TEAM, MIN_TEAM
from tournaments import limits
from tournaments.event_time import in_zone, zone_named, zone_names
from tournaments.forms.common import AnnouncedSelect, DateInput, DateTimeInput, Form
from tournaments.models import (
    CutTies,
    Event,
    EventKind,
    ListFormat,
    MatchPairing,
    MatchRule,
    RosterPublication,
    TableSeating,
)

_TABLE_LINE = re.compile(r"^\s*(?:table\s*)?(\d+)\s*(?:[:.\-\u2013\u2014]\s*(.*?))?\s*$", re.IGNORECASE)


def parse_tables(text: str) -> list[tuple[int, str]]:
    """One table a line: "1: Map 3", "2 - Dirt Side", or just "3" for a table without a layout."""
    tables = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        match = _TABLE_LINE.match(raw)
        if match is None:
            raise forms.ValidationError(
                f'Line {number}: write a table as "1: Map 3" (number, colon, layout).'
            )
        tables.append((int(match.group(1)), (match.group(2) or "").strip()))
    return tables


def tables_text(tables: list[tuple[int, str]]) -> str:
    return "\n".join(f"{number}: {layout}" if layout else str(number) for number, layout in tables)


def _time_zones() -> list[tuple[str, str]]:
    return [("", f"The site's ({settings.TIME_ZONE})"), *((name, name) for name in zone_names())]


_LOCAL_INPUT = "%Y-%m-%dT%H:%M"  # what an <input type=datetime-local> sends and accepts


def schedule_initial(schedule: Any) -> dict[int, str]:
    """The stored schedule as the round start times form shows it: round number → local
    `2026-03-14T09:30` (the event/1 and API shape stays the stored list)."""
    out: dict[int, str] = {}
    for entry in schedule if isinstance(schedule, list) else []:
        try:
            start = timezone.localtime(dt.datetime.fromisoformat(str(entry["starts_at"])))
            out[int(entry["round"])] = f"{start:{_LOCAL_INPUT}}"
        except (KeyError, TypeError, ValueError):
            continue
    return out


class ScheduleWidget(forms.Widget):
    """One `datetime-local` input per round, each labelled with its round, in a fieldset.

    `rounds` is how many the form shows: the planned rounds (the form sets it from what was
    sent or stored), and never fewer than the highest round given a time.
    """

    template_name = "tournaments/widgets/schedule.html"

    def __init__(self, attrs: dict[str, Any] | None = None, rounds: int = 3) -> None:
        super().__init__(attrs)
        self.rounds = rounds

    def value_from_datadict(self, data: Any, files: Any, name: str) -> dict[int, str]:
        return {
            n: str(data.get(f"{name}_{n}", "")).strip()
            for n in range(1, limits.PLANNED_ROUNDS.high + 1)
            if str(data.get(f"{name}_{n}", "")).strip()
        }

    def value_omitted_from_data(self, data: Any, files: Any, name: str) -> bool:
        return not any(f"{name}_{n}" in data for n in range(1, limits.PLANNED_ROUNDS.high + 1))

    def render(
        self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None
    ) -> SafeString:
        # The project's templates, not the form renderer's (which reads Django's own only).
        return mark_safe(render_to_string(self.template_name, self.get_context(name, value, attrs)))

    def format_value(self, value: Any) -> Any:
        return value  # the round → time mapping; get_context lays it out

    def id_for_label(self, id_: str) -> str:
        # Each input has its own label ("Round 1"); the field's label names the group instead.
        return ""

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        times = value if isinstance(value, dict) else schedule_initial(value)
        count = max([self.rounds, *(int(n) for n in times)], default=self.rounds)
        base = context["widget"]["attrs"].get("id", f"id_{name}")
        context["widget"]["rows"] = [
            {"number": n, "name": f"{name}_{n}", "id": f"{base}_{n}", "value": times.get(n, "")}
            for n in range(1, count + 1)
        ]
        return context


class ScheduleField(forms.Field):
    """The round start times (OP Guide: The Tournament Organiser, "Round start times"): one
    local time per round, each a real time on the clock here, later than the round before.
    Whether there is one for every planned round is the form's check (`check_schedule_rounds`),
    as the planned rounds are a field of their own; empty means no times announced yet."""

    widget = ScheduleWidget

    def to_python(self, value: Any) -> list[dict[str, Any]]:
        times = value if isinstance(value, dict) else schedule_initial(value)
        entries: list[dict[str, Any]] = []
        for number in sorted(times):
            raw = times[number]
            try:
                starts_at = timezone.make_aware(dt.datetime.strptime(raw, _LOCAL_INPUT))
            except ValueError:
                raise forms.ValidationError(
                    f"Round {number}: {raw!r} is not a date and time (choose one, e.g. 2026-03-14 09:30)."
                ) from None
            entries.append({"round": number, "starts_at": starts_at})
        for before, after in itertools.pairwise(entries):
            if after["starts_at"] <= before["starts_at"]:
                raise forms.ValidationError(
                    f"Round {after['round']} must start after round {before['round']} "
                    f"({before['starts_at']:%Y-%m-%d %H:%M}): the times go in round order."
                )
        return entries


def check_schedule_rounds(form: forms.Form) -> None:
    """Round count matched: either no start times yet, or one for each planned round (no
    gaps, none beyond the last round)."""
    entries = form.cleaned_data.get("schedule")
    planned = form.cleaned_data.get("planned_rounds")
    if not entries or not isinstance(planned, int):
        return
    given = [int(e["round"]) for e in entries]
    if given != list(range(1, planned + 1)):
        missing = [n for n in range(1, planned + 1) if n not in given]
        beyond = [n for n in given if n > planned]
        why = (
            f"round {', '.join(map(str, missing))} has no start time"
            if missing
            else f"round {', '.join(map(str, beyond))} is beyond the {planned} planned"
        )
        form.add_error(
            "schedule",
            f"Give a start time for each of the {planned} planned rounds, or none yet: {why}.",
        )


def schedule_rounds(form: forms.Form, default: int) -> int:
    """How many start times the form shows: the planned rounds as sent, else as stored."""
    raw: Any = form.data.get("planned_rounds") if form.is_bound else form.initial.get("planned_rounds")
    try:
        rounds = int(raw) if raw not in (None, "") else default
    except (TypeError, ValueError):
        rounds = default
    return min(max(rounds, limits.PLANNED_ROUNDS.low), limits.PLANNED_ROUNDS.high)


def _game_systems() -> list[tuple[str, str]]:
    return [(system.slug, system.name) for system in all_systems(events_only=True)]


def default_system() -> str:
    return str(Event._meta.get_field("game_system").get_default())


def chosen_system(form: forms.Form) -> GameSystem:
    """The game system the form is about: the one submitted (or asked for by the htmx
    refresh), else the event's, else the default; one the web app cannot run falls back
    to the default (the service refuses it with its own message)."""
    slug = form.data.get(form.add_prefix("game_system")) if form.is_bound else None
    slug = slug or form.initial.get("game_system") or default_system()
    try:
        system = get_system(str(slug))
    except UnknownGameSystem:
        return get_system(default_system())
    return system if system.runs_events else get_system(default_system())


def _has_budget(system: GameSystem) -> bool:
    return any(
        s.points is not None or s.budget is not None or s.min_budget is not None
        for s in system.scales.values()
    )


def _budget_help(system: GameSystem) -> str:
    """Which of the system's scales leave the budget to the event, and within what."""
    open_scales = []
    for scale in system.scales.values():
        if scale.points is not None:
            low, high = scale.points
            open_scales.append(
                f"{scale.name} {low}\u2013{high}" if high is not None else f"{scale.name} {low}+"
            )
        elif scale.budget is None and scale.min_budget is not None:
            open_scales.append(f"{scale.name} {scale.min_budget}+")
    if not open_scales:
        return f"Every {system.name} scale fixes it: leave it empty."
    return (
        f"Only where the scale leaves it to the event, in {system.budget_unit}: "
        + ", ".join(open_scales)
        + "."
    )


def fit_scale_budget_length(form: forms.Form, system: GameSystem) -> None:
    """An event form's `scale`, `points_limit` and `round_minutes` as `system` has them: its
    own scales only (another system's is refused beside the field, naming the system), its
    budget in its unit (hidden where it has none), its round length for an empty one."""
    scale = form.fields["scale"]
    assert isinstance(scale, forms.ChoiceField)
    scale.choices = [(s.slug, s.name) for s in system.scales.values()]
    scale.error_messages["invalid_choice"] = (
        f"{system.name} has no engagement scale %(value)s: choose one of its own."
    )
    if form.initial.get("scale") not in system.scales:
        scale.initial = system.first_scale
        form.initial.pop("scale", None)
    limit = form.fields["points_limit"]
    limit.label = system.budget_name.capitalize()
    limit.help_text = _budget_help(system)
    if not _has_budget(system):
        limit.widget = forms.HiddenInput()
    minutes = form.fields["round_minutes"]
    minutes.help_text = (
        f"Empty: {system.name}'s round length, {system.round_minutes} minutes."
        if form.initial.get("round_minutes") is None
        else f"{system.name}'s own length is {system.round_minutes} minutes."
    )
    minutes.widget.attrs["placeholder"] = str(system.round_minutes)


class EventForm(Form):
    """Every setting the OP Guide asks a TO to announce, in the order the event listing reads."""

    name = forms.CharField(max_length=limits.EVENT_NAME_LENGTH)
    starts_on = forms.DateField(required=False, widget=DateInput)
    ends_on = forms.DateField(required=False, widget=DateInput)
    venue = forms.CharField(max_length=limits.SHORT_TEXT_LENGTH, required=False)
    time_zone = forms.ChoiceField(
        choices=_time_zones,
        required=False,
        label="Time zone",
        help_text="The venue's: round start times, the roster deadline and every time on the event's "
        "pages, sheets and mails are in it.",
    )
    # A new event starts on the model's default system, not on whichever sorts first.
    game_system = forms.ChoiceField(
        choices=_game_systems, initial=lambda: Event._meta.get_field("game_system").get_default()
    )
    rules_cutoff = forms.DateField(
        required=False,
        widget=DateInput,
        help_text="Rules, errata and FAQ published later do not apply. The guide: two weeks ahead.",
    )
    kind = forms.ChoiceField(choices=EventKind.choices, initial=EventKind.COMMUNITY, label="Event kind")
    scale = forms.ChoiceField(label="Engagement scale")  # the game system's (fit_scale_budget_length)
    points_limit = forms.IntegerField(
        required=False,
        min_value=0,
        label="Points limit",
        help_text="Only where the scale leaves the budget to the event: inside its range, "
        "or above its floor.",
    )
    list_format = forms.ChoiceField(choices=ListFormat.choices, initial=ListFormat.DUAL)
    # docs/teams.md: offered only where the game system has team games (_fit_to_system).
    team_size = forms.TypedChoiceField(
        coerce=int,
        empty_value=None,
        required=False,
        label="Players per side",
        help_text="A team game: each side a team whose players each bring an army, judged together "
        "against the team's budget. Fixed once entrants register.",
    )
    team_budget = forms.IntegerField(
        required=False,
        min_value=1,
        label="Team budget",
        help_text="A team game's budget for the whole team's armies.",
    )
    # A team tournament (docs/team-matches.md): teams of 3 to 8 meet in matches of one-on-one
    # games. The service checks the combination (services.events.check_team_tournament).
    squad_size = forms.TypedChoiceField(
        choices=[
            ("", "Not a team tournament"),
            *((n, f"Teams of {n}") for n in range(MIN_TEAM, MAX_TEAM + 1)),
        ],
        coerce=int,
        empty_value=None,
        required=False,
        label="Players per team",
        help_text="A team tournament: teams meet in matches, each member playing one game against a "
        "member of the other team. Empty: players enter one by one. Fixed once anyone registers.",
    )
    match_rule = forms.ChoiceField(
        choices=MatchRule.choices,
        initial=MatchRule.GAMES_WON,
        required=False,
        label="A match is decided by",
        help_text="Games won: the team that wins more games. Game points: the team whose players "
        "score more in total.",
    )
    match_draw_margin = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=999,
        initial=0,
        label="Draw margin (game points)",
        help_text="With game points: totals this close or closer make a drawn match. 0: only level "
        "totals draw.",
    )
    match_pairing = forms.ChoiceField(
        choices=MatchPairing.choices,
        initial=MatchPairing.PROTOCOL,
        required=False,
        label="Players in a match are paired by",
        help_text="The TO's pairs are entered on the round page; the standings order pairs each "
        "team's best-placed player with the other's, and so on.",
    )
    protocol_step_minutes = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=60,
        initial=3,
        label="Minutes per protocol step",
        help_text="A captain out of time is given the first player(s) in their team's order.",
    )
    distinct_factions = forms.BooleanField(
        required=False, label="No two members of a team play the same faction"
    )
    expected_players = forms.IntegerField(
        required=False,
        min_value=limits.EXPECTED_PLAYERS.low,
        max_value=limits.EXPECTED_PLAYERS.high,
        help_text="Only used to suggest a round count.",
    )
    planned_rounds = forms.IntegerField(
        min_value=limits.PLANNED_ROUNDS.low,
        max_value=limits.PLANNED_ROUNDS.high,
        initial=3,
        help_text="With a top cut: the Swiss rounds before it.",
    )
    cut_size = forms.IntegerField(
        required=False,
        min_value=limits.CUT_SIZE.low,
        max_value=limits.CUT_SIZE.high,
        label="Top cut",
        help_text="A championship's single-elimination bracket after the Swiss rounds: 8 for a top 8. "
        "Empty: no cut. Fixed once round 1 is paired.",
    )
    cut_ties = forms.ChoiceField(
        choices=CutTies.choices,
        initial=CutTies.BETTER_SEED,
        required=False,
        label="A tied cut game",
        help_text="When the result is a tie the game's own rule does not break.",
    )
    roster_deadline = forms.DateTimeField(
        required=False,
        widget=DateTimeInput,
        help_text="Leave empty for midnight one week before the start (within that week: midnight "
        "before the first day). Rosters lock when round 1 is paired at the latest.",
    )
    roster_publication = forms.ChoiceField(
        choices=RosterPublication.choices, initial=RosterPublication.AFTER_DEADLINE
    )
    rosters_published_at = forms.DateTimeField(
        required=False, widget=DateTimeInput, help_text="When rosters are published on a set date."
    )
    late_roster_penalty = forms.CharField(max_length=limits.SHORT_TEXT_LENGTH, required=False)
    tables = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4, "placeholder": "1: Map 1\n2: Map 3"}),
        required=False,
        help_text='One table a line: "1: Map 3".',
    )
    round_minutes = forms.IntegerField(
        min_value=limits.ROUND_MINUTES.low,
        max_value=limits.ROUND_MINUTES.high,
        required=False,
        help_text="Empty: the game system's round length.",
    )
    first_round_extra_minutes = forms.IntegerField(
        min_value=limits.FIRST_ROUND_EXTRA_MINUTES.low,
        max_value=limits.FIRST_ROUND_EXTRA_MINUTES.high,
        initial=0,
        required=False,
    )
    to_plays = forms.BooleanField(required=False, label="The TO plays")
    seed_by_rating = forms.BooleanField(
        required=False,
        label="Pair round 1 by the players' ratings",
        help_text="The best-rated against the middle of the field, so the best seeds meet late; "
        "players without a rating count as newcomers.",
    )
    head_judge_plays = forms.BooleanField(required=False, label="The Head Judge plays")
    conduct_contact = forms.CharField(
        max_length=limits.SHORT_TEXT_LENGTH,
        required=False,
        label="Contact for conduct reports",
        help_text="Who players tell, discreetly (OP Guide: Conduct).",
    )
    registration_open = forms.BooleanField(required=False, initial=True)
    # The registration cap and its waitlist (docs/waitlist.md).
    capacity = forms.IntegerField(
        min_value=1,
        required=False,
        label="Registration cap",
        help_text="The most entrants (players; teams in a team game or team tournament). Empty: no "
        "cap. Sign-ups beyond it join the waitlist.",
    )
    waitlist_accept_hours = forms.IntegerField(
        min_value=1,
        max_value=24 * 14,
        initial=24,
        required=False,
        label="Hours to accept a waitlist seat",
        help_text="A freed seat is offered to the next person waiting, who has this long to accept.",
    )
    # The event listing (OP Guide: The Tournament Organiser).
    layouts_in_use = forms.CharField(
        max_length=limits.SHORT_TEXT_LENGTH,
        required=False,
        help_text="The table layouts the event plays, e.g. \u201cMaps 1\u20136 of the current pack\u201d.",
    )
    pairing_platform = forms.CharField(
        max_length=limits.SHORT_TEXT_LENGTH,
        required=False,
        initial=lambda: Event._meta.get_field("pairing_platform").get_default(),
        help_text="Where pairings and results are published. Empty: Muster.",
    )
    schedule = ScheduleField(
        required=False,
        label="Round start times",
        help_text="Local time, one for each planned round in order, or none yet. Each round lasts the "
        "round length (round one plus its extra minutes).",
    )
    # OP Guide: Accessibility.
    step_free_access = forms.NullBooleanField(
        required=False, widget=AnnouncedSelect, label="Step-free access"
    )
    accessible_toilet = forms.NullBooleanField(required=False, widget=AnnouncedSelect)
    table_seating = forms.ChoiceField(choices=TableSeating.choices, required=False, label="Tables are")
    seating_on_request = forms.BooleanField(required=False, label="Seating can be provided on request")
    accommodations_contact = forms.CharField(
        max_length=limits.SHORT_TEXT_LENGTH,
        required=False,
        label="Contact about accommodations",
        help_text="Who players ask about access or other accommodations.",
    )
    accommodations_by = forms.DateField(
        required=False,
        widget=DateInput,
        label="Ask about accommodations by",
        help_text="Leave empty for a week before the event.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.system = chosen_system(self)
        self._fit_to_system(self.system)
        schedule = self.fields["schedule"].widget
        assert isinstance(schedule, ScheduleWidget)
        schedule.rounds = schedule_rounds(self, 3)

    def _fit_to_system(self, system: GameSystem) -> None:
        """The fields that depend on the game system offer that system's choices only: its
        scales, dual list where it has them (OP Guide: Dual List Format; none of the other
        books has them), its budget and its round length. A submission naming another
        system's scale or dual list is refused here, beside the field, before the service."""
        self.fields["game_system"].widget.attrs.update(
            {
                "hx-get": reverse("event-system-fields"),
                "hx-trigger": "change",
                "hx-target": "#system-fields",
                "hx-swap": "outerHTML",
                "hx-include": "#system-fields",
            }
        )
        fit_scale_budget_length(self, system)
        list_format = self.fields["list_format"]
        assert isinstance(list_format, forms.ChoiceField)
        if not system.dual_lists:
            list_format.choices = [(ListFormat.SINGLE, ListFormat.SINGLE.label)]
            list_format.widget = forms.HiddenInput()
            list_format.initial = ListFormat.SINGLE
            list_format.required = False  # nothing to choose: single
            list_format.error_messages["invalid_choice"] = (
                f"{system.name} has no dual lists: an event of it is single-list (one roster per player)."
            )
            self.initial.pop("list_format", None)
        self._fit_team_game(system)

    def _fit_team_game(self, system: GameSystem) -> None:
        """Team games only where the game system has them (docs/teams.md): its team sizes,
        its budget's unit; elsewhere nothing to choose, and a submission naming one is refused
        beside the field."""
        team_size = self.fields["team_size"]
        assert isinstance(team_size, forms.TypedChoiceField)
        teams = system.team_games
        sizes = teams.sizes if teams is not None else ()
        team_size.choices = [("", "One player a side"), *((n, f"Teams of {n} ({n}v{n})") for n in sizes)]
        self.fields["team_budget"].label = f"Team budget ({system.budget_unit})"
        if teams is None:
            team_size.widget = forms.HiddenInput()
            self.fields["team_budget"].widget = forms.HiddenInput()
            team_size.error_messages["invalid_choice"] = (
                f"{system.name} has no team games: its events are one player a side."
            )

    def shown_as_typed(self) -> EventForm:
        """The submitted form shown again, not checked: the TO asked for another game
        system's fields (the no-JavaScript refresh, and the htmx one). What the new system
        does not offer (another system's scale, dual list) gives way to its defaults."""
        data = dict(self.data.items())  # one value a field: the form reads single values here
        scale = self.add_prefix("scale")
        if data.get(scale) not in self.system.scales:
            data[scale] = self.fields["scale"].initial
        if not self.system.dual_lists:
            data[self.add_prefix("list_format")] = ListFormat.SINGLE
        if self.system.team_games is None:
            data[self.add_prefix("team_size")] = ""
            data[self.add_prefix("team_budget")] = ""
        self.data = data
        self._errors = ErrorDict()
        return self

    def clean_tables(self) -> list[tuple[int, str]]:
        return parse_tables(self.cleaned_data.get("tables") or "")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        check_schedule_rounds(self)
        # The times were typed on the venue's clock: read them in the zone chosen here.
        zone = zone_named(cleaned.get("time_zone"))
        for key in ("roster_deadline", "rosters_published_at"):
            if cleaned.get(key) is not None:
                cleaned[key] = in_zone(cleaned[key], zone)
        for entry in cleaned.get("schedule") or []:
            entry["starts_at"] = in_zone(entry["starts_at"], zone)
        return cleaned

    def event_fields(self) -> dict[str, Any]:
        """The cleaned data as event_create/event_update keywords (tables and helpers left out)."""
        data = dict(self.cleaned_data)
        for key in ("tables", "expected_players", "name"):
            data.pop(key, None)
        data["first_round_extra_minutes"] = data.get("first_round_extra_minutes") or 0
        data["list_format"] = data.get("list_format") or ListFormat.SINGLE
        data["cut_ties"] = data.get("cut_ties") or CutTies.BETTER_SEED
        data["match_rule"] = data.get("match_rule") or MatchRule.GAMES_WON
        data["match_pairing"] = data.get("match_pairing") or MatchPairing.PROTOCOL
        if data.get("waitlist_accept_hours") is None:
            data["waitlist_accept_hours"] = Event._meta.get_field("waitlist_accept_hours").get_default()
        if data.get("match_draw_margin") is None:
            data["match_draw_margin"] = 0
        if data.get("protocol_step_minutes") is None:
            data["protocol_step_minutes"] = Event._meta.get_field("protocol_step_minutes").get_default()
        data["pairing_platform"] = (
            data.get("pairing_platform") or Event._meta.get_field("pairing_platform").get_default()
        )
        if data.get("round_minutes") is None:
            data.pop("round_minutes", None)  # a new event takes its system's; an edit keeps its own
        return data
