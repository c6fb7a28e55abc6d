"""Web forms: they parse what a person typed into the arguments a service takes.

Forms check shape only (a number is a number, a table line reads "1: Map 3"); every rule
of the event itself is the services' job, and their ServiceError lands back on the form
through `add_service_error`.
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
import uuid
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
from tournaments import limits
from tournaments.errors import ServiceError
from tournaments.event_time import in_zone, zone_named, zone_names
from tournaments.game_templates import game_template_names
from tournaments.models import (
    CutTies,
    Event,
    EventKind,
    Game,
    ListFormat,
    Outcome,
    Player,
    RosterPublication,
    StaffRoleKind,
    TableSeating,
)
from tournaments.players_csv import CsvProblem, decode_upload
from tournaments.report_extras import nomination_hook
from tournaments.services.players import PLAYERS_CSV_MAX_CHARS
from tournaments.services.reporting import ResultInput
from tournaments.wording import in_players_words

PLAYERS_CSV_MAX_BYTES = PLAYERS_CSV_MAX_CHARS  # a file is refused unread above the paste's limit

_TABLE_LINE = re.compile(r"^\s*(?:table\s*)?(\d+)\s*(?:[:.\-\u2013\u2014]\s*(.*?))?\s*$", re.IGNORECASE)


def add_service_error(form: forms.Form, error: ServiceError, *, roster_slot: int | None = None) -> None:
    """Show a service's sentence on the field it names, or above the form; on a roster's
    form (`roster_slot`) in the words the page uses ("Roster 2, line 4: ...")."""
    name = getattr(form, "error_fields", {}).get(error.field, error.field)
    field = name if name in form.fields else None
    message = in_players_words(error.message, roster_slot) if roster_slot is not None else error.message
    form.add_error(field, message)


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


def _schedule_rounds(form: forms.Form, default: int) -> int:
    """How many start times the form shows: the planned rounds as sent, else as stored."""
    raw: Any = form.data.get("planned_rounds") if form.is_bound else form.initial.get("planned_rounds")
    try:
        rounds = int(raw) if raw not in (None, "") else default
    except (TypeError, ValueError):
        rounds = default
    return min(max(rounds, limits.PLANNED_ROUNDS.low), limits.PLANNED_ROUNDS.high)


def _game_systems() -> list[tuple[str, str]]:
    return [(system.slug, system.name) for system in all_systems(events_only=True)]


def _default_system() -> str:
    return str(Event._meta.get_field("game_system").get_default())


def chosen_system(form: forms.Form) -> GameSystem:
    """The game system the form is about: the one submitted (or asked for by the htmx
    refresh), else the event's, else the default; one the web app cannot run falls back
    to the default (the service refuses it with its own message)."""
    slug = form.data.get(form.add_prefix("game_system")) if form.is_bound else None
    slug = slug or form.initial.get("game_system") or _default_system()
    try:
        system = get_system(str(slug))
    except UnknownGameSystem:
        return get_system(_default_system())
    return system if system.runs_events else get_system(_default_system())


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


# A file far beyond a roster's size is refused before it is read (the service's own limit,
# tournaments.services.rosters.ROSTER_MAX_BYTES, then applies to what was read).
ROSTER_UPLOAD_MAX_BYTES = 256 * 1024


class Form(forms.Form):
    """Labels without Django's trailing colon: they sit above their inputs."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)


class DateInput(forms.DateInput):
    """An ISO value whatever the locale: an `<input type=date>` accepts `2026-12-01` only
    (HTML: a valid date string) and drops `01/12/2026`, so a save would blank the date."""

    input_type = "date"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs, format="%Y-%m-%d")


class DateTimeInput(forms.DateTimeInput):
    """ISO local date and time (`2026-12-01T18:30`), the only value datetime-local accepts."""

    input_type = "datetime-local"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs, format="%Y-%m-%dT%H:%M")


class AnnouncedSelect(forms.NullBooleanSelect):
    """Yes / No / not announced yet, for the OP Guide's Accessibility list."""

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs)
        self.choices = [("unknown", "Not announced"), ("true", "Yes"), ("false", "No")]


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
    head_judge_plays = forms.BooleanField(required=False, label="The Head Judge plays")
    conduct_contact = forms.CharField(
        max_length=limits.SHORT_TEXT_LENGTH,
        required=False,
        label="Contact for conduct reports",
        help_text="Who players tell, discreetly (OP Guide: Conduct).",
    )
    registration_open = forms.BooleanField(required=False, initial=True)
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
        schedule.rounds = _schedule_rounds(self, 3)

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
        data["pairing_platform"] = (
            data.get("pairing_platform") or Event._meta.get_field("pairing_platform").get_default()
        )
        if data.get("round_minutes") is None:
            data.pop("round_minutes", None)  # a new event takes its system's; an edit keeps its own
        return data


class StaffForm(Form):
    username = forms.CharField(max_length=150)
    role = forms.ChoiceField(choices=StaffRoleKind.choices, initial=StaffRoleKind.FLOOR_JUDGE)


class StaffInviteForm(Form):
    email = forms.EmailField()
    role = forms.ChoiceField(choices=StaffRoleKind.choices, initial=StaffRoleKind.FLOOR_JUDGE)


class PlayerAddForm(Form):
    name = forms.CharField(max_length=limits.PLAYER_NAME_LENGTH)
    email = forms.EmailField(required=False)
    username = forms.CharField(
        max_length=150,
        required=False,
        help_text="Invites that account: the seat is linked once its holder claims it from My events.",
    )

    def __init__(self, *args: Any, team_size: int | None = None, **kwargs: Any) -> None:
        """In a team game (docs/teams.md) the entrant is a team: its name and its players;
        the account invited is the captain's."""
        super().__init__(*args, **kwargs)
        self.team_size = team_size
        if team_size is None:
            return
        self.fields["name"].label = "Team name"
        self.fields[
            "username"
        ].help_text = (
            "Invites that account as the team's captain: linked once its holder claims it from My events."
        )
        for position in range(1, team_size + 1):
            self.fields[f"teammate_{position}"] = forms.CharField(
                max_length=limits.PLAYER_NAME_LENGTH, label=f"Player {position}"
            )

    def teammates(self) -> list[str] | None:
        if self.team_size is None:
            return None
        return [self.cleaned_data[f"teammate_{n}"] for n in range(1, self.team_size + 1)]


class PlayersCsvForm(Form):
    """A player list pasted or uploaded as a file (a spreadsheet's "Save as CSV")."""

    csv = forms.CharField(
        label="Paste CSV",
        required=False,
        strip=False,
        widget=forms.Textarea(
            attrs={"rows": 5, "placeholder": "First Name,Last Name,Email\nAda,Lovelace,ada@example.org"}
        ),
        help_text="A header row is matched by name (Name, or First Name and Last Name; Email; "
        "Username); without one: name, then optionally email and username.",
    )
    file = forms.FileField(
        label="Or choose a CSV file",
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,text/csv,text/plain"}),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        upload = data.get("file")
        if upload is not None:
            if upload.size > PLAYERS_CSV_MAX_BYTES:
                raise forms.ValidationError(
                    f"The file is {upload.size // 1024} KB; import at most "
                    f"{PLAYERS_CSV_MAX_BYTES // 1024} KB of players at a time."
                )
            try:
                data["text"] = decode_upload(upload.read())
            except CsvProblem as exc:
                raise forms.ValidationError(str(exc)) from None
        elif (data.get("csv") or "").strip():
            data["text"] = data["csv"]
        else:
            raise forms.ValidationError("Paste the CSV or choose a file.")
        return data


class JoinForm(Form):
    name = forms.CharField(
        max_length=limits.PLAYER_NAME_LENGTH, help_text="As it should appear on pairings and standings."
    )


class TeamForm(Form):
    """A team of a team game (docs/teams.md): its players, in order; the first's army is the
    team's roster 1, and so on. `with_name`: the team's name too (registering)."""

    def __init__(self, *args: Any, size: int, with_name: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if with_name:
            self.fields["name"] = forms.CharField(
                max_length=limits.PLAYER_NAME_LENGTH,
                label="Team name",
                help_text="As it should appear on pairings and standings.",
            )
        for position in range(1, size + 1):
            self.fields[f"teammate_{position}"] = forms.CharField(
                max_length=limits.PLAYER_NAME_LENGTH,
                label=f"Player {position}",
                help_text="You, the captain." if with_name and position == 1 else "",
            )
        self.size = size

    def teammates(self) -> list[str]:
        return [self.cleaned_data[f"teammate_{position}"] for position in range(1, self.size + 1)]


class RosterForm(Form):
    """The roster typed or pasted (the game's typed list or roster/1 JSON), or a file."""

    content = forms.CharField(
        label="Roster",
        required=False,
        widget=forms.Textarea(attrs={"rows": 14, "spellcheck": "false", "autocomplete": "off"}),
        help_text="Paste the roster as text or roster/1 JSON.",
    )
    upload = forms.FileField(
        required=False, label="Or upload a file", help_text="A roster/1 JSON file or a text roster (UTF-8)."
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        upload = data.get("upload")
        if upload is not None:
            if upload.size is not None and upload.size > ROSTER_UPLOAD_MAX_BYTES:
                raise forms.ValidationError("The file is too large to be a roster.", code="too-large")
            try:
                data["content"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError("The file is not UTF-8 text.", code="unreadable") from None
        if not str(data.get("content") or "").strip():
            raise forms.ValidationError("Paste or type the roster, or upload its file.", code="required")
        return data


class ReasonForm(Form):
    reason = forms.CharField(max_length=500, required=False)


class SeedForm(Form):
    seed = forms.IntegerField(required=False, min_value=0, help_text="Leave empty for a random seed.")
    confirm = forms.BooleanField(
        required=False,
        label="Yes, replace the published pairings",
        help_text="Players lose their tables and opponents; drafts under way are lost.",
    )


class ScenarioForm(Form):
    """The round's scenario, from its game system's list (`GameSystem.pregame.scenarios`)."""

    scenario = forms.ChoiceField(choices=())

    def __init__(self, *args: Any, scenarios: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["scenario"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [("", "—"), *((name, name) for name in scenarios)]


class PairForm(Form):
    """Pair the next round; `confirm` goes past the pre-round check once the TO has seen who is not ready."""

    seed = forms.IntegerField(required=False, min_value=0, help_text="Leave empty for a random seed.")
    confirm = forms.BooleanField(
        required=False,
        label="Pair anyway",
        help_text="The players listed above are not ready; pair the round all the same.",
    )


class PublishForm(Form):
    """Publish a round; `confirm` goes past the pre-round check once the TO has seen who is not ready."""

    confirm = forms.BooleanField(
        required=False,
        label="Publish anyway",
        help_text="The players listed above are not ready; publish the round all the same.",
    )


class SwapPlayersForm(Form):
    first = forms.ModelChoiceField(queryset=Player.objects.none())
    second = forms.ModelChoiceField(queryset=Player.objects.none())

    def __init__(self, *args: Any, players: list[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        ids = [p.pk for p in players]
        for name in ("first", "second"):
            field = self.fields[name]
            assert isinstance(field, forms.ModelChoiceField)
            field.queryset = Player.objects.filter(pk__in=ids).order_by("name")


class SwapTablesForm(Form):
    first = forms.ModelChoiceField(queryset=Game.objects.none())
    second = forms.ModelChoiceField(queryset=Game.objects.none())

    def __init__(self, *args: Any, games: list[Game], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [(g.pk, _game_label(g)) for g in games if g.player_two_id is not None]
        ids = [pk for pk, _ in choices]
        for name in ("first", "second"):
            field = self.fields[name]
            assert isinstance(field, forms.ModelChoiceField)
            field.queryset = Game.objects.filter(pk__in=ids)
            field.choices = [("", "---------"), *choices]


def _game_label(game: Game) -> str:
    table = f"Table {game.table.number}" if game.table is not None else "No table"
    two = game.player_two.name if game.player_two is not None else "bye"
    return f"{table}: {game.player_one.name} v {two}"


def _extra_fields(form: forms.Form, system: GameSystem) -> list[str]:
    """The system's extra result numbers (GameSystem.result_extras) as optional fields."""
    names = []
    for extra in system.result_extras:
        form.fields[extra.key] = forms.IntegerField(
            required=False, min_value=0, label=extra.label, help_text=extra.help
        )
        names.append(extra.key)
    return names


def _extras(form: forms.Form, names: list[str]) -> dict[str, int]:
    data = form.cleaned_data
    return {name: data[name] for name in names if data.get(name) is not None}


class _ResultForm(Form):
    """What the result forms share: fields laid out by the game system, service errors on them."""

    system: GameSystem
    # The fields that depend on the game system, in entry order (VP, KP, winner, extras).
    field_order_for_system: list[str]
    # A service's field name -> this form's field that shows its error (add_service_error).
    error_fields: dict[str, str]

    def system_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.field_order_for_system]

    def field_templates(self) -> list[str]:
        """The template that draws `system_fields` (games/<package>/result_fields.html)."""
        return game_template_names(self.system, "result_fields")

    def error_summary(self) -> list[tuple[str, str]]:
        """Every field error as (the input's id, the sentence), in the order the form shows them.

        A failed report showed one error two screens down; the summary at the top of
        the form lists them all, each linked to its input (a radio group to its first choice).
        """
        summary: list[tuple[str, str]] = []
        for field in self:
            if field.is_hidden or not field.errors:
                continue
            anchor = field.auto_id
            if isinstance(field.field.widget, forms.RadioSelect):
                anchor = f"{anchor}_0"
            summary.extend((str(anchor), str(error)) for error in field.errors)
        return summary


def add_nomination_field(form: forms.Form, game: Game, player: Player | None) -> None:
    """The optional nomination an app above this one asks for with the report (OP Guide:
    Hobby Awards, Best Sportsman "submitted with their last result"; tournaments.report_extras)."""
    hook = nomination_hook()
    offered = hook.offered(game, player) if hook is not None and player is not None else None
    if offered is None:
        return
    form.fields["nominate"] = forms.ChoiceField(
        choices=[("", "No nomination"), *offered.choices],
        required=False,
        label=offered.label,
        help_text=offered.help_text,
        initial=offered.current,
    )


def nominee_of(form: forms.Form, game: Game) -> Player | None:
    """The player the form nominates (a row of the game's event), or None."""
    value = form.cleaned_data.get("nominate") if "nominate" in form.fields else ""
    if not value:
        return None
    return Player.objects.filter(event_id=game.round.event_id, pk=int(value)).first()


class NominationForm(Form):
    """The nomination beside a one-tap confirmation (the confirmation is the last result
    the confirming player submits)."""

    prefix = "confirm"

    def __init__(self, *args: Any, game: Game, player: Player | None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        add_nomination_field(self, game, player)


class PlayerResultForm(_ResultForm):
    """A result from one side of the table, in that player's own terms (my VP, their VP).

    The choices and fields follow the game system (docs/interchange.md, "Other game systems"):
    VP, VP and Kill Points (Dropzone), a complete victory (MORSDEI), or who won or a draw
    without VP (Warpspawn), and the extra numbers the system declares.
    """

    how = forms.ChoiceField(choices=(), widget=forms.RadioSelect, label="")
    # A fresh key each time the form is shown: a resubmission of the same page (a retry,
    # a double tap) is stored once (reporting.result_report).
    idempotency_key = forms.CharField(required=False, max_length=80, widget=forms.HiddenInput)

    def __init__(self, *args: Any, game: Game, player: Player | None = None, **kwargs: Any) -> None:
        kwargs["initial"] = {"idempotency_key": uuid.uuid4().hex, **kwargs.get("initial", {})}
        super().__init__(*args, **kwargs)
        self.game = game
        self.system = system = game.round.event.system
        add_nomination_field(self, game, player)
        shape = system.results
        choices = []
        order = []
        if shape.vp:
            choices.append(("played", "We played it out (or time was called)"))
            self.fields["my_vp"] = forms.IntegerField(required=False, min_value=0, label="My VP")
            self.fields["their_vp"] = forms.IntegerField(required=False, min_value=0, label="Opponent's VP")
            order += ["my_vp", "their_vp"]
            self.fields["how"].initial = "played"
        else:
            choices += [("i-won", "I won"), ("they-won", "My opponent won"), ("draw", "We drew")]
        if shape.kp:
            self.fields["my_kp"] = forms.IntegerField(required=False, min_value=0, label="My Kill Points")
            self.fields["their_kp"] = forms.IntegerField(
                required=False, min_value=0, label="Opponent's Kill Points"
            )
            order += ["my_kp", "their_kp"]
        if shape.complete_victory:
            choices += [
                ("i-won-completely", "I won a complete victory (no enemy fighter left)"),
                ("they-won-completely", "My opponent won a complete victory"),
            ]
        choices += [("i-conceded", "I conceded"), ("they-conceded", "My opponent conceded")]
        how = self.fields["how"]
        assert isinstance(how, forms.ChoiceField)
        how.choices = choices
        self.extra_names = _extra_fields(self, system)
        self.field_order_for_system = order + self.extra_names
        self.error_fields = {"vp": "my_vp", "kp": "my_kp", "winner": "how", "loser": "how", "outcome": "how"}
        if game.round.is_cut:
            self._cut_fields(game)

    def _cut_fields(self, game: Game) -> None:
        """A top-cut game sends one player on: say so, and where the event settles a tie by a
        deciding game, ask who won it (docs/pairing.md, "The top cut")."""
        better = game.player_one.name  # cut games list the better seed first
        if game.round.event.cut_ties == CutTies.DECIDING_GAME:
            self.fields["deciding_winner"] = forms.ChoiceField(
                required=False,
                choices=[("", "Not tied"), ("me", "I won the deciding game"), ("them", "My opponent won it")],
                widget=forms.RadioSelect,
                label="A tie? Who won the deciding game",
                help_text="A top-cut game must have a winner: if the result is a tie, play a deciding "
                "game and say who won it.",
            )
            self.field_order_for_system.append("deciding_winner")
            self.error_fields["winner"] = "deciding_winner"
        else:
            self.fields["how"].help_text = (
                f"A top-cut game must have a winner: a tie the game's rules do not break goes to the "
                f"better seed, {better}."
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        how = data.get("how")
        # With no choice made, the empty points are flagged too (a game played out
        # needs them), so one failed send shows every missing field rather than one at a time.
        if how in ("played", "i-won-completely", "they-won-completely") or (
            how is None and "how" in self.errors
        ):
            for name, label in (("my_vp", "your"), ("their_vp", "your opponent's")):
                if name in self.fields and data.get(name) is None and name not in self.errors:
                    self.add_error(name, f"Enter {label} Victory Points.")
        if how == "played" and self.system.results.kp:
            for name, label in (("my_kp", "your"), ("their_kp", "your opponent's")):
                if data.get(name) is None:
                    self.add_error(name, f"Enter {label} Kill Points.")
        return data

    def result_for(self, game: Game, me: Player) -> ResultInput:
        """Turn "my VP / their VP" (and who won) into the game's player order."""
        data = self.cleaned_data
        mine_first = game.player_one_id == me.pk
        opponent = game.player_two if mine_first else game.player_one

        def ordered(mine: str, theirs: str) -> tuple[int | None, int | None]:
            pair = (data.get(mine), data.get(theirs))
            return pair if mine_first else (pair[1], pair[0])

        how = data["how"]
        details = _extras(self, self.extra_names)
        decided = {"me": me, "them": opponent}.get(data.get("deciding_winner") or "")
        if how == "played":
            vp, kp = ordered("my_vp", "their_vp"), ordered("my_kp", "their_kp")
            return ResultInput(Outcome.PLAYED, vp[0], vp[1], None, details, kp[0], kp[1], decided)
        if how in ("i-won", "they-won"):
            return ResultInput(Outcome.PLAYED, details=details, winner=me if how == "i-won" else opponent)
        if how == "draw":
            return ResultInput(Outcome.DRAW, details=details, winner=decided)
        if how in ("i-won-completely", "they-won-completely"):
            vp = ordered("my_vp", "their_vp")
            loser = opponent if how == "i-won-completely" else me
            return ResultInput(Outcome.COMPLETE_VICTORY, vp[0], vp[1], loser, details)
        loser = me if how == "i-conceded" else opponent
        return ResultInput(Outcome.CONCESSION, None, None, loser, details)


def staff_outcomes(system: GameSystem) -> list[tuple[str, str]]:
    """Every outcome a judge may enter in this system (all but a bye)."""
    shape = system.results
    skip = {Outcome.BYE}
    if not shape.complete_victory:
        skip.add(Outcome.COMPLETE_VICTORY)
    if shape.vp:
        skip.add(Outcome.DRAW)  # a VP tie is the draw
    return [(o.value, o.label) for o in Outcome if o not in skip]


class StaffResultForm(_ResultForm):
    """A judge's or the TO's entry: any outcome, in the game's player order, with a reason."""

    outcome = forms.ChoiceField(choices=(), initial=Outcome.PLAYED)
    loser = forms.ChoiceField(
        required=False,
        choices=[("", "—"), ("one", "First player"), ("two", "Second player")],
        help_text="Who conceded, did not show, took the Game Loss or lost a complete victory.",
    )
    reason = forms.CharField(max_length=500, help_text="Kept in the audit log.")
    # The version of the game this entry corrects (see reporting.result_set).
    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)

    def __init__(self, *args: Any, game: Game, **kwargs: Any) -> None:
        self.game = game
        kwargs.setdefault("prefix", f"g{game.pk}")
        kwargs["initial"] = {**kwargs.get("initial", {}), "version": game.version}
        super().__init__(*args, **kwargs)
        self.system = system = game.round.event.system
        shape = system.results
        outcome = self.fields["outcome"]
        assert isinstance(outcome, forms.ChoiceField)
        outcome.choices = staff_outcomes(system)
        two = game.player_two.name if game.player_two is not None else "bye"
        sides = [("", "—"), ("one", game.player_one.name), ("two", two)]
        order = []
        if shape.vp:
            self.fields["vp_one"] = forms.IntegerField(
                required=False, min_value=0, label=f"{game.player_one.name} VP"
            )
            self.fields["vp_two"] = forms.IntegerField(required=False, min_value=0, label=f"{two} VP")
            order += ["vp_one", "vp_two"]
        if shape.kp:
            self.fields["kp_one"] = forms.IntegerField(
                required=False, min_value=0, label=f"{game.player_one.name} Kill Points"
            )
            self.fields["kp_two"] = forms.IntegerField(
                required=False, min_value=0, label=f"{two} Kill Points"
            )
            order += ["kp_one", "kp_two"]
        if not shape.vp:
            help_text = "Who won a played game (empty for a draw)."
            if game.round.is_cut:
                help_text += " A drawn top-cut game: who won the deciding game, where the event plays one."
            self.fields["winner"] = forms.ChoiceField(required=False, choices=sides, help_text=help_text)
            order.append("winner")
        elif game.round.is_cut:
            # A top-cut game must send one player on (docs/pairing.md, "The top cut").
            self.fields["winner"] = forms.ChoiceField(
                required=False,
                choices=sides,
                label="Winner of the deciding game",
                help_text="A top-cut game whose result is a tie: who won the deciding game (where the "
                "event plays one; otherwise the better seed, the first player, goes on).",
            )
            order.append("winner")
        loser = self.fields["loser"]
        assert isinstance(loser, forms.ChoiceField)
        loser.choices = sides
        self.extra_names = _extra_fields(self, system)
        self.field_order_for_system = order + self.extra_names
        self.error_fields = {"vp": "vp_one", "kp": "kp_one"}

    @staticmethod
    def initial_for(game: Game) -> dict[str, Any]:
        """Prefill with the agreed result, if there is one."""
        if not game.outcome:
            return {}

        def side(player_id: int | None) -> str:
            if player_id is None:
                return ""
            return "one" if player_id == game.player_one_id else "two"

        return {
            "outcome": game.outcome,
            "vp_one": game.vp_one,
            "vp_two": game.vp_two,
            "kp_one": game.kp_one,
            "kp_two": game.kp_two,
            "loser": side(game.loser_id),
            "winner": side(game.winner_id),
            **(game.details or {}),
        }

    def result(self) -> ResultInput:
        data = self.cleaned_data
        sides = {"one": self.game.player_one, "two": self.game.player_two}
        return ResultInput(
            data["outcome"],
            data.get("vp_one"),
            data.get("vp_two"),
            sides.get(data.get("loser") or ""),
            _extras(self, self.extra_names),
            data.get("kp_one"),
            data.get("kp_two"),
            sides.get(data.get("winner") or ""),
        )

    def restale(self, current: Game) -> None:
        """After a stale entry: keep what the judge typed, but carry the current version, so
        submitting again is a deliberate ruling over the result now shown."""
        data = dict(self.data.items())
        data[self.add_prefix("version")] = str(current.version)
        self.data = data


class SideEventForm(Form):
    """A side event of the event on the page (OP Guide: Side Events — e.g. a two- or
    three-round Skirmish mini-tournament); the rest is set on its own settings page."""

    name = forms.CharField(max_length=limits.EVENT_NAME_LENGTH, help_text="E.g. “Friday night Skirmish”.")
    kind = forms.ChoiceField(choices=EventKind.choices, initial=EventKind.COMMUNITY, label="Event kind")
    scale = forms.ChoiceField(label="Engagement scale")  # the game system's (fit_scale_budget_length)
    points_limit = forms.IntegerField(
        required=False, min_value=0, label="Points limit", help_text="Only where the scale leaves it open."
    )
    planned_rounds = forms.IntegerField(
        min_value=limits.PLANNED_ROUNDS.low, max_value=limits.PLANNED_ROUNDS.high, initial=2
    )
    round_minutes = forms.IntegerField(
        min_value=limits.ROUND_MINUTES.low,
        max_value=limits.ROUND_MINUTES.high,
        required=False,
        help_text="Empty: the game system's round length.",
    )
    schedule = ScheduleField(
        required=False,
        label="Round start times",
        help_text="Local time, one for each planned round in order, or none yet. Never over a round of "
        "the main event.",
    )

    def __init__(self, *args: Any, system: GameSystem | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # A side event plays its main event's game (OP Guide: Side Events): that game's scales.
        fit_scale_budget_length(self, system or get_system(_default_system()))
        schedule = self.fields["schedule"].widget
        assert isinstance(schedule, ScheduleWidget)
        schedule.rounds = _schedule_rounds(self, 2)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        check_schedule_rounds(self)
        return cleaned

    def event_fields(self) -> dict[str, Any]:
        """The cleaned data as side_event_create keywords."""
        data = dict(self.cleaned_data)
        data.pop("name", None)
        if data.get("round_minutes") is None:
            data.pop("round_minutes", None)
        return data
