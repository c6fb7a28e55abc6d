"""Web forms: they parse what a person typed into the arguments a service takes.

Forms check shape only (a number is a number, a table line reads "1: Map 3"); every rule
of the event itself is the services' job, and their ServiceError lands back on the form
through `add_service_error`.
"""

from __future__ import annotations

import re
import uuid
from typing import Any

from django import forms

from rules_engine.registry import all_systems
from tournaments import limits
from tournaments.errors import ServiceError
from tournaments.event_format import DEFAULT_ROUND_MINUTES
from tournaments.models import EventKind, Game, ListFormat, Outcome, Player, RosterPublication, StaffRoleKind
from tournaments.services.players import PLAYERS_CSV_MAX_CHARS
from tournaments.services.reporting import ResultInput

PLAYERS_CSV_MAX_BYTES = PLAYERS_CSV_MAX_CHARS  # a file is refused unread above the paste's limit

_TABLE_LINE = re.compile(r"^\s*(?:table\s*)?(\d+)\s*(?:[:.\-\u2013\u2014]\s*(.*?))?\s*$", re.IGNORECASE)


def add_service_error(form: forms.Form, error: ServiceError) -> None:
    """Show a service's sentence on the field it names, or above the form."""
    field = error.field if error.field in form.fields else None
    form.add_error(field, error.message)


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


def _game_systems() -> list[tuple[str, str]]:
    return [(system.slug, system.name) for system in all_systems(events_only=True)]


def _scales() -> list[tuple[str, str]]:
    seen: dict[str, str] = {}
    for system in all_systems(events_only=True):
        for scale in system.scales.values():
            seen.setdefault(scale.slug, scale.name)
    return list(seen.items())


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


class EventForm(Form):
    """Every setting the OP Guide asks a TO to announce, in the order the event listing reads."""

    name = forms.CharField(max_length=limits.EVENT_NAME_LENGTH)
    starts_on = forms.DateField(required=False, widget=DateInput)
    ends_on = forms.DateField(required=False, widget=DateInput)
    venue = forms.CharField(max_length=limits.SHORT_TEXT_LENGTH, required=False)
    game_system = forms.ChoiceField(choices=_game_systems)
    rules_cutoff = forms.DateField(
        required=False,
        widget=DateInput,
        help_text="Rules, errata and FAQ published later do not apply. The guide: two weeks ahead.",
    )
    kind = forms.ChoiceField(choices=EventKind.choices, initial=EventKind.COMMUNITY, label="Event kind")
    scale = forms.ChoiceField(choices=_scales, initial="standard", label="Engagement scale")
    points_limit = forms.IntegerField(
        required=False,
        min_value=0,
        label="Points limit",
        help_text="Only where the scale leaves the budget to the event: inside its range, "
        "or above its floor.",
    )
    list_format = forms.ChoiceField(choices=ListFormat.choices, initial=ListFormat.DUAL)
    expected_players = forms.IntegerField(
        required=False,
        min_value=limits.EXPECTED_PLAYERS.low,
        max_value=limits.EXPECTED_PLAYERS.high,
        help_text="Only used to suggest a round count.",
    )
    planned_rounds = forms.IntegerField(
        min_value=limits.PLANNED_ROUNDS.low, max_value=limits.PLANNED_ROUNDS.high, initial=3
    )
    roster_deadline = forms.DateTimeField(
        required=False,
        widget=DateTimeInput,
        help_text="Leave empty for midnight one week before the start (within that week: midnight "
        "before the first day).",
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
        min_value=limits.ROUND_MINUTES.low, max_value=limits.ROUND_MINUTES.high, initial=DEFAULT_ROUND_MINUTES
    )
    first_round_extra_minutes = forms.IntegerField(
        min_value=limits.FIRST_ROUND_EXTRA_MINUTES.low,
        max_value=limits.FIRST_ROUND_EXTRA_MINUTES.high,
        initial=0,
        required=False,
    )
    to_plays = forms.BooleanField(required=False, label="The TO plays")
    head_judge_plays = forms.BooleanField(required=False, label="The Head Judge plays")
    conduct_contact = forms.CharField(max_length=limits.SHORT_TEXT_LENGTH, required=False)
    registration_open = forms.BooleanField(required=False, initial=True)

    def clean_tables(self) -> list[tuple[int, str]]:
        return parse_tables(self.cleaned_data.get("tables") or "")

    def event_fields(self) -> dict[str, Any]:
        """The cleaned data as event_create/event_update keywords (tables and helpers left out)."""
        data = dict(self.cleaned_data)
        for key in ("tables", "expected_players", "name"):
            data.pop(key, None)
        data["first_round_extra_minutes"] = data.get("first_round_extra_minutes") or 0
        return data


class StaffForm(Form):
    username = forms.CharField(max_length=150)
    role = forms.ChoiceField(choices=StaffRoleKind.choices, initial=StaffRoleKind.FLOOR_JUDGE)


class PlayerAddForm(Form):
    name = forms.CharField(max_length=limits.PLAYER_NAME_LENGTH)
    email = forms.EmailField(required=False)
    username = forms.CharField(max_length=150, required=False, help_text="Links the entry to an account.")


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
            raw = upload.read()
            try:
                data["text"] = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                # A spreadsheet's legacy "CSV" on Windows: every byte is a character there.
                data["text"] = raw.decode("cp1252", errors="replace")
        elif (data.get("csv") or "").strip():
            data["text"] = data["csv"]
        else:
            raise forms.ValidationError("Paste the CSV or choose a file.")
        return data


class JoinForm(Form):
    name = forms.CharField(
        max_length=limits.PLAYER_NAME_LENGTH, help_text="As it should appear on pairings and standings."
    )


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


PLAYER_OUTCOMES = (
    ("played", "We played it out (or time was called)"),
    ("i-conceded", "I conceded"),
    ("they-conceded", "My opponent conceded"),
)


class PlayerResultForm(Form):
    """A result from one side of the table, in that player's own terms (my VP, their VP)."""

    how = forms.ChoiceField(choices=PLAYER_OUTCOMES, initial="played", widget=forms.RadioSelect, label="")
    my_vp = forms.IntegerField(required=False, min_value=0, label="My VP")
    their_vp = forms.IntegerField(required=False, min_value=0, label="Opponent's VP")
    battle_rounds = forms.IntegerField(
        required=False,
        min_value=limits.BATTLE_ROUNDS.low,
        max_value=limits.BATTLE_ROUNDS.high,
        label="Battle Rounds completed",
    )
    # A fresh key each time the form is shown: a resubmission of the same page (a retry,
    # a double tap) is stored once (reporting.result_report).
    idempotency_key = forms.CharField(required=False, max_length=80, widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["initial"] = {"idempotency_key": uuid.uuid4().hex, **kwargs.get("initial", {})}
        super().__init__(*args, **kwargs)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("how") == "played":
            for name, label in (("my_vp", "your"), ("their_vp", "your opponent's")):
                if data.get(name) is None:
                    self.add_error(name, f"Enter {label} Victory Points.")
        return data

    def result_for(self, game: Game, me: Player) -> ResultInput:
        """Turn "my VP / their VP" into the game's player order."""
        data = self.cleaned_data
        mine_first = game.player_one_id == me.pk
        opponent = game.player_two if mine_first else game.player_one
        if data["how"] == "played":
            mine, theirs = data["my_vp"], data["their_vp"]
            vp_one, vp_two = (mine, theirs) if mine_first else (theirs, mine)
            return ResultInput(Outcome.PLAYED, vp_one, vp_two, None, data.get("battle_rounds"))
        loser = me if data["how"] == "i-conceded" else opponent
        return ResultInput(Outcome.CONCESSION, None, None, loser, data.get("battle_rounds"))


STAFF_OUTCOMES = [(o.value, o.label) for o in Outcome if o != Outcome.BYE]


class StaffResultForm(Form):
    """A judge's or the TO's entry: any outcome, in the game's player order, with a reason."""

    outcome = forms.ChoiceField(choices=STAFF_OUTCOMES, initial=Outcome.PLAYED)
    vp_one = forms.IntegerField(required=False, min_value=0)
    vp_two = forms.IntegerField(required=False, min_value=0)
    loser = forms.ChoiceField(
        required=False,
        choices=[("", "—"), ("one", "First player"), ("two", "Second player")],
        help_text="Who conceded, did not show or took the Game Loss.",
    )
    battle_rounds = forms.IntegerField(
        required=False,
        min_value=limits.BATTLE_ROUNDS.low,
        max_value=limits.BATTLE_ROUNDS.high,
        label="Battle Rounds completed",
    )
    reason = forms.CharField(max_length=500, help_text="Kept in the audit log.")
    # The version of the game this entry corrects (see reporting.result_set).
    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)

    def __init__(self, *args: Any, game: Game, **kwargs: Any) -> None:
        self.game = game
        kwargs.setdefault("prefix", f"g{game.pk}")
        kwargs["initial"] = {**kwargs.get("initial", {}), "version": game.version}
        super().__init__(*args, **kwargs)
        two = game.player_two.name if game.player_two is not None else "bye"
        self.fields["vp_one"].label = f"{game.player_one.name} VP"
        self.fields["vp_two"].label = f"{two} VP"
        loser = self.fields["loser"]
        assert isinstance(loser, forms.ChoiceField)
        loser.choices = [("", "—"), ("one", game.player_one.name), ("two", two)]

    def result(self) -> ResultInput:
        data = self.cleaned_data
        loser = {"one": self.game.player_one, "two": self.game.player_two}.get(data.get("loser") or "")
        return ResultInput(
            data["outcome"], data.get("vp_one"), data.get("vp_two"), loser, data.get("battle_rounds")
        )

    def restale(self, current: Game) -> None:
        """After a stale entry: keep what the judge typed, but carry the current version, so
        submitting again is a deliberate ruling over the result now shown."""
        data = dict(self.data.items())
        data[self.add_prefix("version")] = str(current.version)
        self.data = data
