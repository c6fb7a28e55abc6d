"""An event's records beyond the event/1 core, carried by a full export so nothing is lost.

docs/interchange.md: "A full export of an event from the project may carry much more (rosters,
penalties, drafts, audit log); importing its own export must lose nothing." This module
writes and reads those records: the staff, each game's result reports, the audit log and
the judges' records (penalties, time limits, conduct reports, roster findings, drafts,
round clocks, the tables' chess clocks) and the hobby awards (the programme and each award
with its winner; never the secret ballots).
Print jobs are not records but caches of rendered PDFs: they are left out
and rebuilt on demand.

Every field of these models travels (the lists come from the models, so a new field travels
without a change here); a row is written as one JSON object keyed by field name. Rows of
one installation point at each other by database id, which means nothing to another
installation, so references are written by what the event/1 file already names:

- a player by their event/1 `id`;
- a game by `{"round": N, "table": T}`, or `{"round": N, "players": [...]}` when it has
  no table (a bye);
- a round by its number; a roster by `{"player": id, "slot": 1|2}`;
- a user account by its username. On import, a username links to an account only when
  the importing admin linked it (`import_event --link-users`): a name alone grants nothing.
  Otherwise the link stays empty and the username is kept as text, in the event's
  `extra["_stash"]` (or a player's `extra`), so a re-export gives the same file.

Unknown fields of a record are kept the same way.

The audit log's `data` is free-form JSON, but some services put database ids in it (the
loser of a corrected result, the penalty or roster finding an entry is about). Those ids
would name the wrong rows on another installation, so `AUDIT_REFERENCES` lists, per
action, where they sit and what they point at; the export writes the file's reference
instead (a player by event/1 `id`; a penalty or finding by its place in the file,
`"penalties[2]"`, `"roster_findings[0]"`) and the import turns it into the new row's id.
An id the export cannot place (its row is gone) is written as null; so is a bare number
read from a file written before references were remapped, since it names a row of the
installation that wrote it.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal

from django.contrib.auth import get_user_model
from django.db import models

from awards.models import Award, AwardProgramme
from interchange.values import (
    EventImportError,
    auto_time_fields,
    clean_row,
    field_value,
    json_value,
    restore_times,
    split_times,
)
from judging.models import ChessClock, ConductReport, GameDraft, Penalty, RosterFinding, RoundClock, TimeLimit
from rosters.models import Roster
from tournaments.models import AuditEntry, Event, Game, Player, ResultReport, Round, StaffRole, StaffRoleKind

Kind = Literal["value", "player", "user", "game", "round", "roster"]
VALUE: Kind = "value"

STAFF = "staff"  # top-level key: [{"user": username, "role": "to" | "head-judge" | "floor-judge"}]
REPORTS = "reports"  # key of each game: its result reports, oldest first
# Event.extra["_stash"] keys: what a row could not hold (unlinked usernames, unknown fields)
# by model label and row id, and staff whose username has no account here.
ROWS_STASH = "rows"
STAFF_STASH = "staff"


@dataclass(frozen=True)
class Section:
    """One top-level list of an export: which rows, how they reach the event, in what order."""

    key: str
    model: type[models.Model]
    to_event: str  # the lookup from a row to its event
    order: tuple[str, ...]
    owner: str | None = "event"  # the field the position in the file implies (not written)
    confidential: bool = False  # left out of a public export


# `confidential`: left out of the public file, which holds only what the event's public
# pages show (docs/event-files.md, "field by field"). The judges' records are for the
# judges and the players they concern: penalties and time limits (a player reads only their
# own, OP Guide: Penalties), roster findings, and each table's pre-game draft, which only
# its two players read (OP Guide: Pre-Game Sequence).
SECTIONS: tuple[Section, ...] = (
    Section("audit_log", AuditEntry, "event", ("created_at", "id"), confidential=True),
    Section("penalties", Penalty, "event", ("issued_at", "id"), confidential=True),
    Section("time_limits", TimeLimit, "event", ("imposed_at", "id"), confidential=True),
    # OP Guide: Code of Conduct — reports are for the TO and Head Judge only.
    Section("conduct_reports", ConductReport, "event", ("created_at", "id"), confidential=True),
    Section("roster_findings", RosterFinding, "event", ("found_at", "id"), confidential=True),
    Section(
        "drafts",
        GameDraft,
        "game__round__event",
        ("game__round__number", "id"),
        owner=None,
        confidential=True,
    ),
    Section("clocks", RoundClock, "round__event", ("round__number",), owner=None),
    # OP Guide: Chess Clocks — the tables' clocks are the judges' slow-play evidence, so a
    # public file leaves them out.
    Section(
        "chess_clocks",
        ChessClock,
        "game__round__event",
        ("game__round__number", "id"),
        owner=None,
        confidential=True,
    ),
    # OP Guide: Hobby Awards — the awards on offer, who runs them, where voting stands and the
    # winners. Never the ballots: nobody, the TO included, learns who voted for whom
    # (docs/awards.md, Secrecy), so no export carries them.
    Section("award_programme", AwardProgramme, "event", ("id",)),
    Section("awards", Award, "event", ("id",)),
)
SECTION_KEYS = (STAFF, *(s.key for s in SECTIONS))
REPORT_SECTION = Section(REPORTS, ResultReport, "game__round__event", ("created_at", "id"), owner="game")
# Staff rows need an account: a username with none here is kept whole in the stash instead.
STAFF_SECTION = Section(STAFF, StaffRole, "event", ("id",))
ROLE_ORDER = {role: n for n, role in enumerate(StaffRoleKind.values)}

AUDIT_SECTION = "audit_log"
# What an audit entry's `data` refers to by database id: action -> ((path in data, target)).
# A target is "player" or the key of the section whose rows the id names. A service that
# puts a new id in `data` must add it here (tests/interchange/test_audit_references.py).
AuditPath = tuple[tuple[str, ...], str]
_PENALTY_REF: tuple[AuditPath, ...] = ((("penalty",), "penalties"),)
_FINDING_REF: tuple[AuditPath, ...] = ((("finding",), "roster_findings"),)
_REPORT_REF: tuple[AuditPath, ...] = ((("report",), "conduct_reports"),)
AUDIT_REFERENCES: dict[str, tuple[AuditPath, ...]] = {
    "result-set": (
        (("before", "loser"), "player"),
        (("after", "loser"), "player"),
        (("before", "winner"), "player"),
        (("after", "winner"), "player"),
    ),
    "penalty-issued": _PENALTY_REF,
    "disqualification-proposed": _PENALTY_REF,
    "disqualification-confirmed": _PENALTY_REF,
    "disqualification-declined": _PENALTY_REF,
    "illegal-roster-found": _FINDING_REF,
    "illegal-roster-corrected": _FINDING_REF,
    "conduct-report-filed": _REPORT_REF,
    "conduct-report-handled": _REPORT_REF,
}
# Entries whose `subject` names a row by database id, "Conduct report #17": action -> (the
# subject's words before the id, the key in `data` holding the same reference). The file
# writes the reference instead ("Conduct report conduct_reports[0]"); the import writes
# the new row's id back, so the subject reads right on either installation.
AUDIT_SUBJECTS: dict[str, tuple[str, str]] = {
    "conduct-report-filed": ("Conduct report", "report"),
    "conduct-report-handled": ("Conduct report", "report"),
}


def _subject_id(subject: Any, prefix: str) -> int | None:
    """The database id in a subject such as "Conduct report #17", if it is one."""
    match = re.fullmatch(rf"{re.escape(prefix)} #(\d+)", subject) if isinstance(subject, str) else None
    return int(match[1]) if match is not None else None


def _with_subject_id(entry: dict[str, Any]) -> dict[str, Any]:
    """An entry written before its `data` held the id its subject names gets it from the subject."""
    named = AUDIT_SUBJECTS.get(entry.get("action"))  # type: ignore[arg-type]
    data = entry.get("data")
    if named is None or not isinstance(data, dict) or named[1] in data:
        return entry
    return {**entry, "data": {**data, named[1]: _subject_id(entry.get("subject"), named[0])}}


def _subject(action: Any, data: Any, subject: Any) -> Any:
    """The subject of an entry in `AUDIT_SUBJECTS` rebuilt from its (remapped) reference."""
    named = AUDIT_SUBJECTS.get(action) if isinstance(action, str) else None
    if named is None or not isinstance(data, dict):
        return subject
    prefix, key = named
    ref = data.get(key)
    if ref is None:
        return prefix  # a row nobody can place: no number rather than someone else's
    return f"{prefix} #{ref}" if isinstance(ref, int) else f"{prefix} {ref}"


def _remap_data(data: Any, action: Any, remap: Callable[[Any, str, str], Any]) -> Any:
    """A copy of an audit entry's `data` with each reference `AUDIT_REFERENCES` names remapped.

    `remap(value, target, where)` gives the new value; `where` is the path inside `data`.
    """
    paths = AUDIT_REFERENCES.get(action, ()) if isinstance(action, str) else ()
    if not paths or not isinstance(data, dict):
        return data
    out = copy.deepcopy(data)
    for path, target in paths:
        holder: Any = out
        for key in path[:-1]:
            holder = holder.get(key) if isinstance(holder, dict) else None
        if isinstance(holder, dict) and path[-1] in holder:
            holder[path[-1]] = remap(holder[path[-1]], target, ".".join(path))
    return out


def _upgrade_draft(values: dict[str, Any], kept: dict[str, Any]) -> None:
    """A draft exported before its picks were named by the game system: the system reads
    its old keys (StarCraft's two columns) into `picks`, so older files import whole."""
    game = values.get("game")
    rules = game.round.event.system.pregame.draft if isinstance(game, Game) else None
    if rules is None:
        return
    picks = rules.legacy_picks(kept)
    for key in picks:
        kept.pop(key, None)
    values["picks"] = {key: value for key, value in picks.items() if value}  # an empty column: no pick


def _kind(f: models.Field[Any, Any]) -> Kind:
    target = f.related_model
    if target is None:
        return VALUE
    if target is Player:
        return "player"
    if target is Game:
        return "game"
    if target is Round:
        return "round"
    if target is Roster:
        return "roster"
    if target is get_user_model():
        return "user"
    raise TypeError(f"{f} points at {target}: teach interchange.platform_records how to refer to it")


Fields = tuple[tuple[models.Field[Any, Any], Kind], ...]


@cache
def record_fields(model: type[models.Model], owner: str | None) -> Fields:
    """Every field a record of `model` carries, with how its value is written."""
    return tuple((f, _kind(f)) for f in model._meta.concrete_fields if not f.primary_key and f.name != owner)


def _label(model: type[models.Model]) -> str:
    return model._meta.label_lower


def _username_field() -> str:
    return str(getattr(get_user_model(), "USERNAME_FIELD", "username"))


# --- exporting -----------------------------------------------------------------------


@dataclass(frozen=True)
class StoredRecords:
    """The rows an export writes beyond the core, fetched in one query per kind."""

    staff: list[StaffRole]
    reports: list[ResultReport]
    sections: dict[str, list[models.Model]]

    def user_ids(self) -> set[int]:
        ids: set[int | None] = set()
        rows: list[tuple[Section, Sequence[models.Model]]] = [
            (STAFF_SECTION, self.staff),
            (REPORT_SECTION, self.reports),
        ]
        rows += [(s, self.sections[s.key]) for s in SECTIONS if s.key in self.sections]
        for section, items in rows:
            names = [f.attname for f, kind in record_fields(section.model, section.owner) if kind == "user"]
            ids.update(getattr(row, name) for row in items for name in names)
        return {i for i in ids if i is not None}


def fetch_records(event: Event, *, public: bool) -> StoredRecords:
    """Staff, reports and every section: one query each. A public file carries no staff, no
    result reports (each side's claim and its idempotency key are the game's players' and the
    staff's) and no confidential section, so those are not even read."""
    return StoredRecords(
        staff=[] if public else list(StaffRole.objects.filter(event=event)),
        reports=[]
        if public
        else list(ResultReport.objects.filter(game__round__event=event).order_by(*REPORT_SECTION.order)),
        sections={
            s.key: list(s.model._default_manager.filter(**{s.to_event: event}).order_by(*s.order))
            for s in SECTIONS
            if not (public and s.confidential)
        },
    )


def usernames(ids: Iterable[int]) -> dict[int, str]:
    """Account id to username, in one query."""
    wanted = set(ids)
    if not wanted:
        return {}
    rows = get_user_model()._default_manager.filter(pk__in=wanted).values_list("pk", _username_field())
    return {pk: str(name) for pk, name in rows}


def game_ref(game: Game, round_number: int, table: int | None, players: Mapping[int, str]) -> dict[str, Any]:
    if table is not None:
        return {"round": round_number, "table": table}
    ids = [players[game.player_one_id]]
    if game.player_two_id is not None:
        ids.append(players[game.player_two_id])
    return {"round": round_number, "players": ids}


@dataclass(frozen=True)
class RecordWriter:
    """Writes rows as JSON records, turning database ids into the file's references."""

    players: Mapping[int, str]  # player id -> event/1 id
    games: Mapping[int, dict[str, Any]]  # game id -> game reference
    rounds: Mapping[int, int]  # round id -> number
    rosters: Mapping[int, tuple[str, int]]  # roster id -> (player's event/1 id, slot)
    users: Mapping[int, str]  # account id -> username
    stash: Mapping[str, Any]  # Event.extra["_stash"]
    public: bool = False  # no accounts at all: no staff, and every user reference null

    def _ref(self, kind: Kind, pk: Any) -> Any:
        if pk is None:
            return None
        if kind == "player":
            return self.players[pk]
        if kind == "user":
            return self.users.get(pk)
        if kind == "game":
            return dict(self.games[pk])
        if kind == "round":
            return self.rounds[pk]
        player, slot = self.rosters[pk]
        return {"player": player, "slot": slot}

    def record(self, row: models.Model, section: Section) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f, kind in record_fields(section.model, section.owner):
            value = getattr(row, f.attname)
            out[f.name] = json_value(value) if kind == VALUE else self._ref(kind, value)
        kept = self.stash.get(ROWS_STASH, {}).get(_label(section.model), {}).get(str(row.pk), {})
        accounts = {f.name for f, kind in record_fields(section.model, section.owner) if kind == "user"}
        for key, value in kept.items():
            if self.public and key in accounts:
                continue  # the username an import kept: nobody's name goes in a public file
            if out.get(key) is None:  # a link made since (out[key] set) wins over the kept username
                out[key] = value
        return out

    def reports(self, stored: StoredRecords) -> dict[int, list[dict[str, Any]]]:
        """Each game's result reports, oldest first, by game id."""
        by_game: dict[int, list[dict[str, Any]]] = {}
        for report in stored.reports:
            by_game.setdefault(report.game_id, []).append(self.record(report, REPORT_SECTION))
        return by_game

    def staff(self, stored: StoredRecords) -> list[dict[str, Any]]:
        """TO first, then Head Judges, then Floor Judges; by username within a role."""
        entries = [self.record(s, STAFF_SECTION) for s in stored.staff]
        entries += [dict(e) for e in self.stash.get(STAFF_STASH, [])]
        return sorted(entries, key=lambda e: (ROLE_ORDER.get(str(e.get("role")), 99), str(e.get("user"))))

    def sections(self, stored: StoredRecords) -> dict[str, list[dict[str, Any]]]:
        out: dict[str, list[dict[str, Any]]] = {} if self.public else {STAFF: self.staff(stored)}
        for section in SECTIONS:
            if section.key in stored.sections:
                out[section.key] = [self.record(row, section) for row in stored.sections[section.key]]
        if AUDIT_SECTION in out:
            out[AUDIT_SECTION] = self._audit_references(out[AUDIT_SECTION], stored)
        return out

    def _audit_references(self, entries: list[dict[str, Any]], stored: StoredRecords) -> list[dict[str, Any]]:
        """The audit log with the ids in `data` turned into the file's references."""
        places: dict[str, dict[Any, Any]] = {"player": dict(self.players)}
        for key in {target for paths in AUDIT_REFERENCES.values() for _, target in paths} - {"player"}:
            rows = stored.sections.get(key, [])
            places[key] = {row.pk: f"{key}[{i}]" for i, row in enumerate(rows)}

        def remap(value: Any, target: str, where: str) -> Any:
            return places[target].get(value) if isinstance(value, int) else None

        out = []
        for entry in map(_with_subject_id, entries):
            data = _remap_data(entry.get("data"), entry.get("action"), remap)
            out.append(
                {**entry, "data": data, "subject": _subject(entry.get("action"), data, entry.get("subject"))}
            )
        return out


# --- importing -----------------------------------------------------------------------


def usernames_in(items: Any, model: type[models.Model], owner: str | None = "event") -> set[str]:
    """The usernames a list of records refers to (anything malformed is reported later)."""
    names = {f.name for f, kind in record_fields(model, owner) if kind == "user"}
    found: set[str] = set()
    if isinstance(items, list):
        for item in items:
            if isinstance(item, dict):
                found.update(v for k, v in item.items() if k in names and isinstance(v, str))
    return found


def accounts(names: Iterable[str]) -> dict[str, Any]:
    """The accounts of this installation with these usernames (user model instances), in one query."""
    wanted = set(names)
    if not wanted:
        return {}
    field = _username_field()
    found = get_user_model()._default_manager.filter(**{f"{field}__in": wanted})
    return {str(getattr(u, field)): u for u in found}


@dataclass
class Decoded:
    row: models.Model
    times: dict[str, Any]  # auto-stamped fields, restored after saving
    kept: dict[str, Any]  # what the row cannot hold: unlinked usernames, unknown fields


@dataclass
class RecordReader:
    """Reads JSON records into unsaved rows, resolving the file's references; all errors name the place."""

    players: Mapping[str, Player]
    rounds: Mapping[int, Round]
    games: Sequence[Game]
    rosters: Mapping[tuple[str, int], Roster]
    users: Mapping[str, Any]  # username -> account
    kept: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)  # -> _stash["rows"]
    unlinked_staff: list[dict[str, Any]] = field(default_factory=list)  # -> _stash["staff"]
    _by_table: dict[tuple[int, int], Game | None] = field(default_factory=dict)
    _by_players: dict[tuple[int, tuple[str, ...]], Game | None] = field(default_factory=dict)
    created: dict[str, list[models.Model]] = field(default_factory=dict)  # section key -> rows, in file order

    def __post_init__(self) -> None:
        for game in self.games:
            number = game.round.number
            if game.table is not None:
                key = (number, game.table.number)
                self._by_table[key] = None if key in self._by_table else game  # None: ambiguous
            ids = [game.player_one.external_id]
            if game.player_two is not None:
                ids.append(game.player_two.external_id)
            self._by_players[(number, tuple(ids))] = game

    def _game(self, raw: Any, where: str) -> Game:
        shape = 'an object {"round": N, "table": T} or {"round": N, "players": [...]}'
        if not isinstance(raw, dict) or not isinstance(raw.get("round"), int):
            raise EventImportError(f"{where} must be {shape}, got {raw!r}")
        number = raw["round"]
        if "table" in raw:
            key = (number, raw["table"])
            if key not in self._by_table:
                raise EventImportError(f"{where}: no game at table {raw['table']!r} in round {number}")
            found = self._by_table[key]
            if found is None:
                raise EventImportError(f"{where}: two games at table {raw['table']} in round {number}")
            return found
        ids = raw.get("players")
        if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
            raise EventImportError(f"{where} must be {shape}, got {raw!r}")
        by_players = self._by_players.get((number, tuple(ids)))
        if by_players is None:
            raise EventImportError(f"{where}: no game of {' and '.join(ids)} in round {number}")
        return by_players

    def _resolve(self, kind: Kind, raw: Any, where: str, nullable: bool) -> tuple[Any, str | None]:
        """The row a reference names, and for an account not found here the username to keep."""
        if raw is None:
            if not nullable:
                raise EventImportError(f"{where} is required")
            return None, None
        if kind == "user":
            if not isinstance(raw, str):
                raise EventImportError(f"{where} must be a username, got {raw!r}")
            account = self.users.get(raw)
            return account, None if account is not None else raw
        if kind == "player":
            if not isinstance(raw, str) or raw not in self.players:
                raise EventImportError(f"{where}: no player {raw!r} at the event")
            return self.players[raw], None
        if kind == "round":
            if not isinstance(raw, int) or isinstance(raw, bool) or raw not in self.rounds:
                raise EventImportError(f"{where}: no round {raw!r} at the event")
            return self.rounds[raw], None
        if kind == "game":
            return self._game(raw, where), None
        if not isinstance(raw, dict) or (raw.get("player"), raw.get("slot")) not in self.rosters:
            raise EventImportError(f'{where} must name a roster of the event {{"player": id, "slot": 1|2}}')
        return self.rosters[(raw["player"], raw["slot"])], None

    def decode(self, raw: Any, section: Section, where: str, **owner: Any) -> Decoded:
        if not isinstance(raw, dict):
            raise EventImportError(f"{where} must be an object")
        model = section.model
        rest = dict(raw)
        values: dict[str, Any] = {}
        kept: dict[str, Any] = {}
        fields = record_fields(model, section.owner)
        for f, kind in fields:
            at = f"{where}.{f.name}"
            if f.name not in rest:
                if kind != VALUE and not f.null:
                    raise EventImportError(f"{at} is required")
                continue
            if kind == VALUE:
                values[f.name] = field_value(model, f.name, rest.pop(f.name), where)
            else:
                values[f.name], username = self._resolve(kind, rest.pop(f.name), at, f.null)
                if username is not None:
                    kept[f.name] = username
        kept.update(rest)
        if model is GameDraft and "picks" not in raw:
            _upgrade_draft(values, kept)
        times = split_times(model, values)
        row = model(**values, **owner)
        stamped = set(auto_time_fields(model))
        for f, kind in fields:
            if kind == VALUE and not f.null and f.name not in stamped and getattr(row, f.attname) is None:
                raise EventImportError(f"{where}.{f.name} is required")
        # References were checked above; JSON fields hold whatever the services stored (an
        # empty list of pauses or actions is normal though the models call it "blank").
        skip = [f.name for f, kind in fields if kind != VALUE or isinstance(f, models.JSONField)]
        clean_row(row, where, exclude=[*skip, *owner])
        return Decoded(row, times, kept)

    def create(self, model: type[models.Model], decoded: Sequence[Decoded]) -> list[models.Model]:
        rows = model._default_manager.bulk_create([d.row for d in decoded])
        restore_times(model, rows, [d.times for d in decoded])
        for row, d in zip(rows, decoded, strict=True):
            if d.kept:
                self.kept.setdefault(_label(model), {})[str(row.pk)] = d.kept
        return rows

    def reports(self, per_game: Sequence[tuple[Game, Any, str]]) -> None:
        """Each game's reports (`where` is the game's place in the file)."""
        decoded = []
        for game, raw, where in per_game:
            if not isinstance(raw, list):
                raise EventImportError(f"{where}.{REPORTS} must be a list")
            for i, item in enumerate(raw):
                decoded.append(self.decode(item, REPORT_SECTION, f"{where}.{REPORTS}[{i}]", game=game))
        self.create(ResultReport, decoded)

    def staff(self, raw: Any, event: Event) -> None:
        if not isinstance(raw, list):
            raise EventImportError(f"{STAFF} must be a list")
        rows: list[Decoded] = []
        seen: set[tuple[str, str]] = set()
        for i, entry in enumerate(raw):
            where = f"{STAFF}[{i}]"
            decoded = self.decode(entry, STAFF_SECTION, where, event=event)
            row = decoded.row
            assert isinstance(row, StaffRole)
            username = entry["user"]
            if (username, row.role) in seen:
                raise EventImportError(f"{where}: {username} is listed twice as {row.role}")
            seen.add((username, row.role))
            if row.user_id is None:
                self.unlinked_staff.append(dict(entry))
            else:
                rows.append(decoded)
        self.create(StaffRole, rows)

    def section(self, section: Section, raw: Any, event: Event) -> None:
        if not isinstance(raw, list):
            raise EventImportError(f"{section.key} must be a list")
        owner = {section.owner: event} if section.owner else {}
        decoded = [self.decode(item, section, f"{section.key}[{i}]", **owner) for i, item in enumerate(raw)]
        if section.key == AUDIT_SECTION:
            for i, d in enumerate(decoded):
                assert isinstance(d.row, AuditEntry)
                d.row.data = _remap_data(
                    d.row.data, d.row.action, self._audit_target(f"{section.key}[{i}].data")
                )
                d.row.subject = _subject(d.row.action, d.row.data, d.row.subject)
        # A draft per game, a clock per round: say which entry repeats before the database does.
        for f, _kind in record_fields(section.model, section.owner):
            if f.unique:
                seen: set[Any] = set()
                for i, d in enumerate(decoded):
                    value = getattr(d.row, f.attname)
                    if value in seen:
                        raise EventImportError(f"{section.key}[{i}].{f.name}: already has an entry above")
                    seen.add(value)
        self.created[section.key] = self.create(section.model, decoded)

    def _audit_target(self, where: str) -> Callable[[Any, str, str], Any]:
        """Turns a reference of the file (in an audit entry's `data`) into this installation's id."""

        def remap(value: Any, target: str, path: str) -> Any:
            at = f"{where}.{path}"
            if value is None or (isinstance(value, int) and not isinstance(value, bool)):
                return None  # nothing, or an id of the installation that wrote the file
            if target == "player":
                if not isinstance(value, str) or value not in self.players:
                    raise EventImportError(f"{at}: no player {value!r} at the event")
                return self.players[value].pk
            match = re.fullmatch(rf"{re.escape(target)}\[(\d+)\]", value) if isinstance(value, str) else None
            rows = self.created.get(target, [])
            if match is None or int(match[1]) >= len(rows):
                raise EventImportError(
                    f'{at} must name an entry of {target} (e.g. "{target}[0]"), got {value!r}'
                )
            return rows[int(match[1])].pk

        return remap
