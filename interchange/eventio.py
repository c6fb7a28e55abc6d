"""The bridge between event/1 files (standings.eventfile) and the database.

docs/interchange.md: TOs move events between installations with event/1, and "importing its
own export must lose nothing". So an export carries, besides the event/1 fields, every
model field as an extra field at its level:

- event: `slug` and every setting (`planned_rounds`, `venue`, dates, `status`,
  `join_code`, `created_at`, ...), always;
- player: e.g. `email`, `checked_in_at`, `registered_at`, when not at their default;
  `user`, the username of the player's account; and `rosters`, the player's roster/1
  documents, each with a `validation` object (`slot`, `legal`, `report`, `submitted_at`);
- round: `status`, `seed`, then any other field not at its default (`created_at`,
  `pairing_report`, `published_at`, ...), and `pending`: games paired but not yet scored
  (event/1 `games` only holds games with a result);
- game: e.g. `result_status`, when not at their default; the extra result numbers the
  game system declares (`GameSystem.result_extras`, kept in `Game.details`), each at the
  game's level under its key, as older exports wrote them; and `reports`: what each side
  (or a judge) reported, oldest first;
- top level, after the event/1 keys: `pack`, the data pack the TO supplied
  (`interchange.pack_section`); `staff`, `audit_log`, `penalties`, `time_limits`,
  `conduct_reports`, `roster_findings`, `drafts`, `clocks`, `chess_clocks`, `award_programme`
  and `awards` — the records of `interchange.platform_records`, which also says how they
  refer to players, games and users.

The field lists come from the models, so a field added to a model travels without a
change here. Fields the models do not know are kept in the `extra` JSON columns of Event,
Player and Game; unknown table- and round-level fields, and what the records' rows cannot
hold, go to `Event.extra["_stash"]`. All of it is written back on export. Timestamps keep
their values, in ISO 8601 with their UTC offset, even those Django stamps on save.

A full export is the TO's backup and is confidential: it holds the conduct reports,
players' e-mail addresses, the secret `join_code` of the registration link, the audit
log and the tables' chess clocks (the judges' slow-play evidence, OP Guide: Chess Clocks).
`export_event(event, public=True)` leaves those five out, for publishing results,
and names no account (no staff list, no usernames: the records' references to accounts
are null).

The hobby awards travel in both (OP Guide: Hobby Awards): the awards on offer, the voting
state and, once published, the winners; the public file leaves out the ties the TO broke.

Not carried: print jobs, which are caches of rendered PDFs, rebuilt on demand; and the
awards' ballots, which are secret from everyone, the TO included (docs/awards.md).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import DataError, IntegrityError, models, transaction
from django.db.models import Prefetch, Q
from django.utils.text import slugify

from awards.models import Award
from interchange.pack_section import PACK, pack_json, restore_pack
from interchange.platform_records import (
    AUDIT_SECTION,
    REPORT_SECTION,
    REPORTS,
    ROWS_STASH,
    SECTION_KEYS,
    SECTIONS,
    STAFF,
    STAFF_STASH,
    RecordReader,
    RecordWriter,
    StoredRecords,
    accounts,
    fetch_records,
    game_ref,
    usernames,
    usernames_in,
)
from interchange.values import (
    EventImportError,
    clean_row,
    field_value,
    json_value,
    restore_times,
    split_times,
    take_fields,
)
from rosters.models import Roster
from rules_engine.registry import GameSystem, UnknownGameSystem, get_system
from standings.eventfile import event_to_json, round_stage
from standings.records import (
    BYE,
    CUT,
    OUTCOMES,
    OUTCOMES_WITH_LOSER,
    PLAYED,
    SWISS,
    EventFile,
    EventGame,
    EventPlayer,
    EventRound,
    EventTable,
)
from tournaments.bridges.record import SCORING, event_cut, event_scoring
from tournaments.errors import ServiceError
from tournaments.models import (
    Event,
    Game,
    Player,
    Round,
    RoundStatus,
    StaffRole,
    Table,
    default_round_minutes,
)
from tournaments.schedule import ScheduleError, parse_schedule, schedule_json
from tournaments.selectors import rosters_public
from tournaments.services.schedules import check_schedule

__all__ = [
    "CONFIDENTIAL_WARNING",
    "EVENT_FIELDS",
    "GAME_FIELDS",
    "PLAYER_FIELDS",
    "PUBLIC_OMITS",
    "ROUND_FIELDS",
    "SECTION_KEYS",
    "EventImportError",
    "event_file_from_db",
    "export_event",
    "import_event",
    "parse_user_links",
]


def _plain_fields(model: type[models.Model], handled: set[str]) -> tuple[str, ...]:
    """The model's own value fields that event/1 does not already cover."""
    return tuple(
        f.name
        for f in model._meta.concrete_fields
        if not f.is_relation and not f.primary_key and f.name not in handled
    )


# Written as extra fields of event/1, at their level.
# The top cut's size is event/1's own `cut` (with `planned_rounds` as its `after_round`).
EVENT_FIELDS = _plain_fields(Event, {"name", "slug", "game_system", "scale", "kind", "extra", "cut_size"})
PLAYER_FIELDS = _plain_fields(
    Player, {"external_id", "name", "spare", "dropped_after_round", "disqualified_after_round", "extra"}
)
ROUND_FIELDS = _plain_fields(Round, {"number"})
GAME_FIELDS = _plain_fields(Game, {"outcome", "vp_one", "vp_two", "kp_one", "kp_two", "details", "extra"})
# Always written for rounds, even at their default: what a TO checks first.
ROUND_ALWAYS = ("status", "seed")
# A file's rounds and scored games are history: closed and agreed unless the file says otherwise.
IMPORTED_ROUND_DEFAULTS = {"status": "closed"}
IMPORTED_GAME_DEFAULTS = {"result_status": "confirmed"}
# What a public export leaves out: an event setting, two player fields, the games' result
# reports and the confidential sections (the judges' records, the audit log, conduct reports).
# No account is named either: the people in the records (who issued a penalty, entered a
# result) are written as null, so the file carries no username and no e-mail address.
PUBLIC_OMITS = (
    "join_code",
    "email",
    "user",
    "staff",
    REPORTS,
    *(s.key for s in SECTIONS if s.confidential),
)
CONFIDENTIAL_WARNING = (
    "this export is confidential: it contains conduct reports and e-mail addresses "
    "(and the join code and audit log); the public export leaves them out"
)

# Fields of a player and of a round that only the staff's pages show: when each player
# checked in, registered and was invited (the TO's desk), and the pairing engine's report and seed (the
# TO reviews the pairing before publishing it: OP Guide: pairings are announced by the TO).
PLAYER_FIELDS_NOT_PUBLIC = ("checked_in_at", "registered_at", "invited_at", "invitation_failed_at")
ROUND_FIELDS_NOT_PUBLIC = ("pairing_report", "seed")

STASH = "_stash"  # Event.extra key for unknown table- and round-level fields, and the records' rest
ROSTERS = "rosters"
VALIDATION = "validation"
PENDING = "pending"
USER = "user"  # a player's account, by username
INVITED_USER = "invited_user"  # the account a TO invited to the seat, not yet claimed
DETAILS = "details"  # a game's extra result numbers beyond the system's declared ones
SIDE_EVENT_OF = "side_event_of"  # a side event's main event, by slug (OP Guide: Side Events)
SIDE_EVENTS = "side_events"  # a main event's side events, by slug


# --- importing -----------------------------------------------------------------------


def _free_slug(base: str) -> str:
    """`base`, or `base-2`, `base-3`, ... whichever is free (only for slugs made from the name)."""
    base = base[:70] or "event"
    taken = set(Event.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    if base not in taken:
        return base
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


def _check_rules(data: EventFile) -> None:
    try:
        system = get_system(data.game_system)
        system.scale(data.scale)
    except (UnknownGameSystem, ValueError) as exc:
        raise EventImportError(str(exc)) from None
    if not system.runs_events:
        raise EventImportError(
            f"{system.name} events cannot be imported yet (their results are read by the "
            "standings and pair commands only)"
        )


def _build_event(data: EventFile, extra: dict[str, Any], slug: str | None) -> tuple[Event, dict[str, Any]]:
    """The unsaved event and the timestamps to restore once it is saved."""
    file_slug = extra.pop("slug", None)
    # An older export of this system names a setting by its old key: read it as the new one.
    for old, new in get_system(data.game_system).event_file_renames.items():
        if old in extra and new not in extra:
            extra[new] = extra.pop(old)
    settings = take_fields(Event, EVENT_FIELDS, extra, "the event")
    times = split_times(Event, settings)
    if slug is None and file_slug is not None:
        if not isinstance(file_slug, str):
            raise EventImportError(f"slug must be a string, got {file_slug!r}")
        slug = file_slug
    if slug is not None:
        if Event.objects.filter(slug=slug).exists():
            raise EventImportError(f"an event with slug {slug!r} already exists; choose another (--slug)")
    else:
        slug = _free_slug(slugify(data.name))
    if data.cut is not None:
        # The top cut: its size, after the Swiss rounds, which are the event's planned rounds.
        planned = settings.get("planned_rounds", data.cut.after_round)
        if planned != data.cut.after_round:
            raise EventImportError(
                f"planned_rounds ({planned}) must be the cut's after_round ({data.cut.after_round}): "
                "with a top cut the planned rounds are the Swiss rounds"
            )
        settings["planned_rounds"] = data.cut.after_round
        settings["cut_size"] = data.cut.size
    elif "planned_rounds" not in settings:
        # A file from elsewhere may not say; never plan fewer rounds than were played.
        default = Event._meta.get_field("planned_rounds").get_default()
        settings["planned_rounds"] = max([default, *(r.number for r in data.rounds)])
    if "schedule" in settings:
        try:
            settings["schedule"] = schedule_json(parse_schedule(settings["schedule"]))
        except ScheduleError as exc:
            raise EventImportError(f"the event: {exc}") from None
    event = Event(
        name=data.name,
        slug=slug,
        game_system=data.game_system,
        scale=data.scale,
        kind=data.kind,
        extra=extra,
        **settings,
    )
    clean_row(event, "the event")
    return event, times


def _round_parts(round_: EventRound) -> tuple[dict[str, Any], list[Any], dict[str, Any]]:
    """Split a round's extra fields into model fields, pending games and the unknown rest."""
    # A round's stage and the cut's seeds are Round columns, taken with its other fields.
    rest = {**round_stage(round_), **round_.extra}
    where = f"round {round_.number}"
    fields = {**IMPORTED_ROUND_DEFAULTS, **take_fields(Round, ROUND_FIELDS, rest, where)}
    pending = rest.pop(PENDING, [])
    if not isinstance(pending, list):
        raise EventImportError(f"{where}.{PENDING} must be a list of games")
    return fields, pending, rest


def _rosters(raw: Any, where: str) -> list[tuple[Roster, dict[str, Any]]]:
    """The player's rosters, unsaved, each with the timestamps to restore once saved."""
    if not isinstance(raw, list) or len(raw) > 2:
        raise EventImportError(f"{where}.{ROSTERS} must be a list of at most two roster/1 documents")
    rosters = []
    for position, item in enumerate(raw):
        at = f"{where}.{ROSTERS}[{position}]"
        if not isinstance(item, dict) or item.get("format") != "roster/1":
            raise EventImportError(f"{at} must be a roster/1 document")
        document = dict(item)
        verdict = document.pop(VALIDATION, {})
        if not isinstance(verdict, dict):
            raise EventImportError(f"{at}.{VALIDATION} must be an object (slot, legal, report)")
        slot = verdict.get("slot", position + 1)
        legal = verdict.get("legal", False)
        report = verdict.get("report", {})
        if slot not in (1, 2) or isinstance(slot, bool):
            raise EventImportError(f"{at}.{VALIDATION}.slot must be 1 or 2, got {slot!r}")
        if not isinstance(legal, bool):
            raise EventImportError(f"{at}.{VALIDATION}.legal must be true or false")
        if not isinstance(report, dict):
            raise EventImportError(f"{at}.{VALIDATION}.report must be an object")
        times = {}
        if "submitted_at" in verdict:
            times["submitted_at"] = field_value(
                Roster, "submitted_at", verdict["submitted_at"], f"{at}.{VALIDATION}"
            )
        rosters.append((Roster(slot=slot, document=document, legal=legal, report=report), times))
    if len({r.slot for r, _ in rosters}) != len(rosters):
        raise EventImportError(f"{where}.{ROSTERS}: two rosters in the same slot")
    return rosters


def _pending_game(raw: Any, where: str, players: Mapping[str, Player]) -> tuple[EventGame, list[int | None]]:
    """A paired game without a result, as written by `export_event` (outcome and VP optional)."""
    if not isinstance(raw, dict):
        raise EventImportError(f"{where} must be an object")
    rest = dict(raw)
    ids = rest.pop("players", None)
    if not isinstance(ids, list) or not 1 <= len(ids) <= 2 or any(i not in players for i in ids):
        raise EventImportError(f"{where}.players must name one or two of the event's players")
    table = rest.pop("table", None)
    outcome = rest.pop("outcome", "")
    vp = rest.pop("vp", [None, None])
    kp = rest.pop("kp", None)
    loser = rest.pop("loser", None)
    winner = rest.pop("winner", None)
    if table is not None and (not isinstance(table, int) or isinstance(table, bool) or table < 1):
        raise EventImportError(f"{where}.table must be a table number")
    if outcome != "" and outcome not in OUTCOMES:
        raise EventImportError(f"{where}.outcome must be one of {', '.join(OUTCOMES)}")
    if not isinstance(vp, list) or len(vp) != 2:
        raise EventImportError(f"{where}.vp must hold two numbers (or nulls)")
    if loser is not None and loser not in ids:
        raise EventImportError(f"{where}.loser must be one of the game's players")
    if winner is not None and winner not in ids:
        raise EventImportError(f"{where}.winner must be one of the game's players")
    if kp is not None and not (
        isinstance(kp, list)
        and len(kp) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in kp)
    ):
        raise EventImportError(f"{where}.kp must hold two numbers, in players order")
    game = EventGame(
        players=tuple(ids),
        outcome=outcome,
        loser=loser,
        table=table,
        extra=rest,
        kp=(kp[0], kp[1]) if kp is not None else None,
        winner=winner,
    )
    return game, vp


def _usernames_in(data: EventFile, records: Mapping[str, Any]) -> set[str]:
    """Every username the file mentions (a link for any other name is a mistake)."""
    names = usernames_in(records.get(STAFF), StaffRole)
    for section in SECTIONS:
        names |= usernames_in(records.get(section.key), section.model, section.owner)
    for key in (USER, INVITED_USER):
        names.update(p.extra[key] for p in data.players if isinstance(p.extra.get(key), str))
    for round_ in data.rounds:
        games = [g.extra for g in round_.games]
        pending = round_.extra.get(PENDING)
        games += [g for g in pending if isinstance(g, dict)] if isinstance(pending, list) else []
        for game in games:
            names |= usernames_in(game.get(REPORTS), REPORT_SECTION.model, REPORT_SECTION.owner)
    return names


def parse_user_links(text: str) -> dict[str, str]:
    """`file-username=local-username,...` (the form `import_event --link-users` takes) as a dict.

    Spaces around names are ignored; an empty text maps nobody. Each file username may
    appear once.
    """
    links: dict[str, str] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        file_name, sep, local = (s.strip() for s in part.partition("="))
        if not sep or not file_name or not local:
            raise EventImportError(f"a user link is file-username=local-username, got {part.strip()!r}")
        if file_name in links:
            raise EventImportError(f"{file_name!r} is linked twice")
        links[file_name] = local
    return links


def _linked_accounts(named: set[str], link_users: Mapping[str, str]) -> dict[str, Any]:
    """File username -> this installation's account, for the names the importing admin linked.

    Only explicit links: a file's "alice" is never this installation's "alice" by chance of
    name (an import must grant no role to an existing account unasked).
    """
    strays = sorted(set(link_users) - named)
    if strays:
        raise EventImportError(f"the file names no user {', '.join(map(repr, strays))} to link")
    targets: dict[str, str] = {}
    for file_name, local in sorted(link_users.items()):
        if local in targets:
            raise EventImportError(
                f"{targets[local]!r} and {file_name!r} are both linked to {local!r}: link each account once"
            )
        targets[local] = file_name
    found = accounts(targets)
    missing = sorted(set(targets) - set(found))
    if missing:
        raise EventImportError(f"no account {', '.join(map(repr, missing))} here to link to")
    return {file_name: found[local] for file_name, local in link_users.items()}


def import_event(
    data: EventFile, *, slug: str | None = None, link_users: Mapping[str, str] | None = None
) -> Event:
    """Store a whole event/1 file as a new Event, all or nothing.

    The slug is `slug`, else the file's `slug`, else made from the name (with a number
    added if taken). An explicit slug that is taken is an error, never an overwrite.

    Usernames (staff, a player's account, who issued a penalty, ...) link to an account of
    this installation only through `link_users` (file username -> local username): by
    default the import grants nothing to anyone. An unlinked player is a seat without an
    account, keeping the file's e-mail address (the hook for claiming the seat by
    invitation); an unlinked staff entry is kept on the event as a record that grants no
    role; every unlinked username is kept as text, so a re-export says what the file said.
    """
    _check_rules(data)
    try:
        with transaction.atomic():
            return _import(data, slug, link_users or {})
    except IntegrityError as exc:
        raise EventImportError(f"the event conflicts with what is already stored: {exc}") from None
    except DataError as exc:  # pragma: no cover - validation above should catch it first
        raise EventImportError(f"the database refused a value: {exc}") from None


def _import(data: EventFile, slug: str | None, link_users: Mapping[str, str]) -> Event:
    """The sections of an import, in the order their rows depend on each other."""
    extra = dict(data.extra)
    if data.scoring is not None:
        # The TO's bands and bye live with the event (read back by tournaments.bridges.record).
        extra["scoring"] = data.scoring.to_json()
    records = {key: extra.pop(key) for key in SECTION_KEYS if key in extra}
    pack = extra.pop(PACK, None)
    users = _linked_accounts(_usernames_in(data, records), link_users)
    main = _main_event(data, extra)
    event, event_times = _build_event(data, extra, slug)
    if main is not None:
        event.side_event_of = main
    _check_schedule(event)
    round_parts = {r.number: _round_parts(r) for r in data.rounds}
    stash = _core_stash(data, round_parts)
    event.save()
    restore_times(Event, [event], [event_times])
    tables = _import_tables(event, data, round_parts)
    players, rosters = _import_players(event, data, users)
    rounds = _import_rounds(event, data, round_parts)
    games, reports = _import_games(data, round_parts, rounds, tables, players)
    reader = RecordReader(players=players, rounds=rounds, games=games, rosters=rosters, users=users)
    _import_records(reader, event, records, reports, stash)
    if pack is not None:
        restore_pack(event, pack)
    if stash:
        event.extra[STASH] = stash
        event.save(update_fields=["extra"])
    return event


def _main_event(data: EventFile, extra: dict[str, Any]) -> Event | None:
    """The main event a side event's file names (`side_event_of`), when it is stored here.

    Otherwise the slug stays in `extra` (written back on export); `side_events`, a main
    event's list of its side events, stays there too: each side event's own file makes
    the link when it is imported.
    """
    for key in (SIDE_EVENT_OF, SIDE_EVENTS):
        value = extra.get(key)
        if key == SIDE_EVENT_OF and value is not None and not isinstance(value, str):
            raise EventImportError(f"{SIDE_EVENT_OF} must be the main event's slug, got {value!r}")
        if (
            key == SIDE_EVENTS
            and value is not None
            and (not isinstance(value, list) or not all(isinstance(v, str) for v in value))
        ):
            raise EventImportError(f"{SIDE_EVENTS} must be a list of slugs")
    slug = extra.get(SIDE_EVENT_OF)
    if slug is None:
        return None
    main = Event.objects.filter(slug=slug).first()
    if main is None:
        return None
    if main.side_event_of_id is not None:
        raise EventImportError(f"{SIDE_EVENT_OF}: {slug!r} is itself a side event")
    if main.game_system != data.game_system:
        raise EventImportError(
            f"{SIDE_EVENT_OF}: {slug!r} plays {main.game_system}; a side event plays its main event's game"
        )
    del extra[SIDE_EVENT_OF]
    return main


def _check_schedule(event: Event) -> None:
    """The schedule's own order, and no round over a round of the main event (OP Guide: Side Events)."""
    if event.round_minutes is None:
        event.round_minutes = default_round_minutes(event.game_system)
    try:
        check_schedule(event)
    except ServiceError as exc:
        raise EventImportError(f"the event: {exc.message}") from None


RoundParts = Mapping[int, tuple[dict[str, Any], list[Any], dict[str, Any]]]


def _core_stash(data: EventFile, round_parts: RoundParts) -> dict[str, Any]:
    """Unknown round- and table-level fields, kept in Event.extra["_stash"] for the re-export."""
    stash: dict[str, Any] = {}
    for number, (_, _, rest) in round_parts.items():
        if rest:
            stash.setdefault("rounds", {})[str(number)] = rest
    for table in data.tables:
        if table.extra:
            stash.setdefault("tables", {})[str(table.number)] = dict(table.extra)
    return stash


def _import_tables(event: Event, data: EventFile, round_parts: RoundParts) -> dict[int, Table]:
    """Tables: those listed, then any number a game uses without listing it."""
    listed = [Table(event=event, number=t.number, layout=t.layout) for t in data.tables]
    known_numbers = {t.number for t in data.tables}
    used: set[int] = set()
    for round_ in data.rounds:
        used.update(g.table for g in round_.games if g.table is not None)
        for raw in round_parts[round_.number][1]:
            if isinstance(raw, dict) and isinstance(raw.get("table"), int):
                used.add(raw["table"])
    listed += [Table(event=event, number=n) for n in sorted(used - known_numbers)]
    for position, table_row in enumerate(listed):
        clean_row(table_row, f"tables[{position}]", exclude=["event"])
    return {t.number: t for t in Table.objects.bulk_create(listed)}


def _import_players(
    event: Event, data: EventFile, users: Mapping[str, Any]
) -> tuple[dict[str, Player], dict[tuple[str, int], Roster]]:
    """Players, with their accounts and rosters; both by the file's references."""
    rosters: list[tuple[str, Roster, dict[str, Any]]] = []
    to_create, player_times = [], []
    for position, entry in enumerate(data.players):
        where = f"players[{position}] ({entry.id})"
        extra = dict(entry.extra)
        if ROSTERS in extra:
            rosters += [(entry.id, roster, times) for roster, times in _rosters(extra.pop(ROSTERS), where)]
        username = extra.pop(USER, None)
        if username is not None and not isinstance(username, str):
            raise EventImportError(f"{where}.{USER} must be a username, got {username!r}")
        account = users.get(username) if username is not None else None
        if username is not None and account is None:
            extra[USER] = username  # no such account here: kept, so a re-export says the same
        invited_name = extra.pop(INVITED_USER, None)
        if invited_name is not None and not isinstance(invited_name, str):
            raise EventImportError(f"{where}.{INVITED_USER} must be a username, got {invited_name!r}")
        invited = users.get(invited_name) if invited_name is not None else None
        if invited_name is not None and invited is None:
            extra[INVITED_USER] = invited_name
        fields = take_fields(Player, PLAYER_FIELDS, extra, where)
        player_times.append(split_times(Player, fields))
        player = Player(
            event=event,
            user=account,
            invited_user=invited,
            external_id=entry.id,
            name=entry.name,
            spare=entry.spare,
            dropped_after_round=entry.dropped_after_round,
            disqualified_after_round=entry.disqualified_after_round,
            extra=extra,
            **fields,
        )
        clean_row(player, where, exclude=["event", "user", "invited_user"])
        to_create.append(player)
    created = Player.objects.bulk_create(to_create)
    restore_times(Player, created, player_times)
    players = {p.external_id: p for p in created}
    for owner, roster, _ in rosters:
        roster.player = players[owner]
        clean_row(roster, f"the rosters of {owner}", exclude=["player"])
    roster_rows = Roster.objects.bulk_create(roster for _, roster, _ in rosters)
    restore_times(Roster, roster_rows, [times for _, _, times in rosters])
    return players, {(owner, roster.slot): roster for owner, roster, _ in rosters}


def _import_rounds(event: Event, data: EventFile, round_parts: RoundParts) -> dict[int, Round]:
    round_rows, round_times = [], []
    for round_ in data.rounds:
        fields = dict(round_parts[round_.number][0])
        round_times.append(split_times(Round, fields))
        row = Round(event=event, number=round_.number, **fields)
        clean_row(row, f"round {round_.number}", exclude=["event"])
        round_rows.append(row)
    rounds = {r.number: r for r in Round.objects.bulk_create(round_rows)}
    restore_times(Round, round_rows, round_times)
    return rounds


GameEntry = tuple[EventGame, list[int | None], str, bool]  # game, VP, where in the file, scored


def _game_entries(round_: EventRound, pending: list[Any], players: Mapping[str, Player]) -> list[GameEntry]:
    """A round's games: the scored ones first, then the pending ones."""
    entries: list[GameEntry] = [
        (g, list(g.vp) if g.vp is not None else [None, None], f"round {round_.number} games[{i}]", True)
        for i, g in enumerate(round_.games)
    ]
    for i, raw in enumerate(pending):
        where = f"round {round_.number} {PENDING}[{i}]"
        game, vp = _pending_game(raw, where, players)
        entries.append((game, vp, where, False))
    return entries


def _import_games(
    data: EventFile,
    round_parts: RoundParts,
    rounds: Mapping[int, Round],
    tables: Mapping[int, Table],
    players: Mapping[str, Player],
) -> tuple[list[Game], list[tuple[Game, Any, str]]]:
    """Every game, saved, and each game's reports as the file gives them (read with the records)."""
    games, reports = [], []
    system = get_system(data.game_system)
    for round_ in data.rounds:
        for game, vp, where, scored in _game_entries(round_, round_parts[round_.number][1], players):
            extra = dict(game.extra)
            game_reports = extra.pop(REPORTS, None)
            details = _take_details(system, extra, where)
            if isinstance(game_reports, list):
                game_reports = [_report_details(system, r) for r in game_reports]
            fields = take_fields(Game, GAME_FIELDS, extra, where)
            if scored:
                fields = {**_scored_defaults(), **fields}
            game_row = Game(
                round=rounds[round_.number],
                table=tables[game.table] if game.table is not None else None,
                player_one=players[game.players[0]],
                player_two=players[game.players[1]] if len(game.players) > 1 else None,
                outcome=game.outcome,
                vp_one=vp[0],
                vp_two=vp[1],
                kp_one=game.kp[0] if game.kp is not None else None,
                kp_two=game.kp[1] if game.kp is not None else None,
                loser=players[game.loser] if game.loser is not None else None,
                winner=players[game.winner] if game.winner is not None else None,
                details=details,
                extra=extra,
                **fields,
            )
            clean_row(
                game_row,
                where,
                exclude=["round", "table", "player_one", "player_two", "loser", "winner", "details"],
            )
            games.append(game_row)
            if game_reports is not None:
                reports.append((game_row, game_reports, where))
    Game.objects.bulk_create(games)
    return games, reports


def _take_details(system: GameSystem, extra: dict[str, Any], where: str) -> dict[str, Any]:
    """The game's extra result numbers: `details`, and each the system declares at the game's level.

    Exports write the declared ones at the game's level (StarCraft's older files had no
    `details` at all), so both places are read; whatever `details` holds beyond them is kept.
    """
    details = extra.pop(DETAILS, {})
    if not isinstance(details, dict):
        raise EventImportError(f"{where}.{DETAILS} must be an object")
    details = dict(details)
    for declared in system.result_extras:
        if declared.key in extra:
            value = extra.pop(declared.key)
            if value is not None:
                problem = declared.check(value)
                if problem is not None:
                    raise EventImportError(f"{where}.{declared.key}: {problem}")
                details[declared.key] = value
    return details


def _report_details(system: GameSystem, raw: Any) -> Any:
    """A report record with the declared extras (older exports wrote them at its level) in `details`."""
    if not isinstance(raw, dict):
        return raw
    moved = {e.key: raw[e.key] for e in system.result_extras if e.key in raw}
    if not moved:
        return raw
    rest = {k: v for k, v in raw.items() if k not in moved}
    held = rest.get(DETAILS)
    base = held if isinstance(held, dict) else {}
    rest[DETAILS] = {**base, **{k: v for k, v in moved.items() if v is not None}}
    return rest


def _import_records(
    reader: RecordReader,
    event: Event,
    records: Mapping[str, Any],
    reports: Sequence[tuple[Game, Any, str]],
    stash: dict[str, Any],
) -> None:
    """The records: reports, staff, then each section (see interchange.platform_records)."""
    reader.reports(reports)
    reader.staff(records.get(STAFF, []), event)
    # The audit log last: its `data` refers to penalties and findings by their place in the file.
    for section in sorted(SECTIONS, key=lambda s: s.key == AUDIT_SECTION):
        if section.key in records:
            reader.section(section, records[section.key], event)
    if reader.kept:
        stash[ROWS_STASH] = reader.kept
    if reader.unlinked_staff:
        stash[STAFF_STASH] = reader.unlinked_staff


def _scored_defaults() -> dict[str, Any]:
    return {name: value for name, value in IMPORTED_GAME_DEFAULTS.items() if name in GAME_FIELDS}


# --- exporting -----------------------------------------------------------------------


def _default(model: type[models.Model], name: str, overrides: Mapping[str, Any]) -> Any:
    if name in overrides:
        return overrides[name]
    field = model._meta.get_field(name)
    assert isinstance(field, models.Field), "only concrete fields are listed"
    return field.get_default()


def _put_fields(
    obj: models.Model,
    names: Iterable[str],
    out: dict[str, Any],
    *,
    always: Iterable[str] = (),
    defaults: Mapping[str, Any] | None = None,
) -> None:
    """Write the object's fields into `out`: those in `always`, the rest when not at their default."""
    keep = set(always)
    for name in names:
        value = getattr(obj, name)
        if name in keep or defaults is None or value != _default(type(obj), name, defaults):
            out[name] = json_value(value)


def _is_scored(game: Game) -> bool:
    """Can this game stand in event/1 `games` (which only holds games with a result)?"""
    if game.outcome not in OUTCOMES:
        return False
    if (game.outcome == BYE) != (game.player_two_id is None):
        return False
    if game.outcome == PLAYED and (game.vp_one is None or game.vp_two is None) and game.winner_id is None:
        return False
    return (game.outcome in OUTCOMES_WITH_LOSER) == (game.loser_id is not None)


def _roster_json(roster: Roster) -> dict[str, Any]:
    document = dict(roster.document) if isinstance(roster.document, dict) else {"document": roster.document}
    document[VALIDATION] = {
        "slot": roster.slot,
        "legal": roster.legal,
        "report": roster.report,
        "submitted_at": json_value(roster.submitted_at),
    }
    return document


@dataclass(frozen=True)
class _Rows:
    """The event's core rows, one query per kind."""

    tables: list[Table]
    players: list[Player]
    rounds: list[Round]
    games: list[Game]


def _rows(event: Event, *, rosters: bool) -> _Rows:
    player_rows = event.players.order_by("id")
    if rosters:
        by_slot = Prefetch("rosters", queryset=Roster.objects.order_by("slot"))
        player_rows = player_rows.prefetch_related(by_slot)
    return _Rows(
        tables=list(event.tables.order_by("number")),
        players=list(player_rows),
        rounds=list(event.rounds.order_by("number")),
        games=list(Game.objects.filter(round__event=event).order_by("id")),
    )


def _stash(event: Event) -> dict[str, Any]:
    stash = event.extra.get(STASH, {}) if isinstance(event.extra, dict) else {}
    return stash if isinstance(stash, dict) else {}


@dataclass(frozen=True)
class _Writing:
    """What writing an event's core needs: the file's references for its rows, and what to include."""

    system: GameSystem
    ext: Mapping[int, str]  # player id -> event/1 id
    table_number: Mapping[int, int]  # table id -> number
    rosters: bool
    users: Mapping[int, str] | None  # account id -> username; None: accounts not written
    reports: Mapping[int, list[dict[str, Any]]] | None  # game id -> its reports; None: not written
    public: bool

    def add_reports(self, game: Game, extra: dict[str, Any]) -> None:
        if self.reports is not None and game.id in self.reports:
            extra[REPORTS] = self.reports[game.id]

    def add_details(self, game: Game, extra: dict[str, Any]) -> None:
        """The declared extras at the game's level (as older exports wrote them), the rest in `details`."""
        details = dict(game.details or {})
        for declared in self.system.result_extras:
            if declared.key in details:
                extra[declared.key] = details.pop(declared.key)
        if details:
            extra[DETAILS] = details


def _scored_game(game: Game, w: _Writing) -> EventGame:
    """A game with a result, as an event/1 game; model fields off their defaults as extra fields."""
    ext = w.ext
    ids = (ext[game.player_one_id],) + ((ext[game.player_two_id],) if game.player_two_id else ())
    extra = dict(game.extra)
    _put_fields(game, GAME_FIELDS, extra, defaults=_scored_defaults())
    w.add_details(game, extra)
    w.add_reports(game, extra)
    return EventGame(
        players=ids,
        outcome=game.outcome,
        vp=(game.vp_one, game.vp_two) if game.vp_one is not None and game.vp_two is not None else None,
        kp=(game.kp_one, game.kp_two) if game.kp_one is not None and game.kp_two is not None else None,
        winner=ext[game.winner_id] if game.winner_id is not None else None,
        loser=ext[game.loser_id] if game.loser_id is not None else None,
        table=w.table_number[game.table_id] if game.table_id is not None else None,
        extra=extra,
    )


def _pending_game_json(game: Game, w: _Writing) -> dict[str, Any]:
    """A game without a result, for the round's `pending` list (outcome and VP when it has them)."""
    ext = w.ext
    entry: dict[str, Any] = {}
    if game.table_id is not None:
        entry["table"] = w.table_number[game.table_id]
    entry["players"] = [ext[game.player_one_id]]
    if game.player_two_id is not None:
        entry["players"].append(ext[game.player_two_id])
    if game.outcome:
        entry["outcome"] = game.outcome
    if game.vp_one is not None or game.vp_two is not None:
        entry["vp"] = [game.vp_one, game.vp_two]
    if game.kp_one is not None and game.kp_two is not None:
        entry["kp"] = [game.kp_one, game.kp_two]
    if game.loser_id is not None:
        entry["loser"] = ext[game.loser_id]
    if game.winner_id is not None:
        entry["winner"] = ext[game.winner_id]
    entry.update(game.extra)
    _put_fields(game, GAME_FIELDS, entry, defaults={})
    w.add_details(game, entry)
    w.add_reports(game, entry)
    return entry


def _event_round(row: Round, games: Sequence[Game], kept: Mapping[str, Any], w: _Writing) -> EventRound:
    """A round: its scored games, and as extra fields its settings, pending games and kept fields."""
    extra: dict[str, Any] = {}
    _put_fields(row, ROUND_FIELDS, extra, always=ROUND_ALWAYS, defaults=IMPORTED_ROUND_DEFAULTS)
    waiting = [_pending_game_json(g, w) for g in games if not _is_scored(g)]
    if waiting:
        extra[PENDING] = waiting
    extra.update(kept)
    if w.public:
        for name in ROUND_FIELDS_NOT_PUBLIC:
            extra.pop(name, None)
    scored = tuple(_scored_game(g, w) for g in games if _is_scored(g))
    stage, seeds = extra.pop("stage", SWISS), extra.pop("seeds", None)
    return EventRound(
        number=row.number,
        games=scored,
        extra=extra,
        stage=CUT if stage == CUT else SWISS,
        seeds=tuple(seeds) if isinstance(seeds, list) else None,
    )


def _event_player(player: Player, w: _Writing) -> EventPlayer:
    """A player; model fields, the account and the rosters as extra fields (no e-mail when public)."""
    extra = dict(player.extra)
    _put_fields(player, PLAYER_FIELDS, extra, defaults={})
    if w.public:
        extra.pop("email", None)
        extra.pop(USER, None)  # an unlinked seat's username, kept from an import
        extra.pop(INVITED_USER, None)
        for name in PLAYER_FIELDS_NOT_PUBLIC:
            extra.pop(name, None)
    elif w.users is not None:
        if player.user_id is not None:
            extra[USER] = w.users.get(player.user_id)
        if player.invited_user_id is not None:
            extra[INVITED_USER] = w.users.get(player.invited_user_id)
    if w.rosters:
        documents = [_roster_json(r) for r in player.rosters.all()]
        if documents:
            extra[ROSTERS] = documents
    return EventPlayer(
        id=player.external_id,
        name=player.name,
        spare=player.spare,
        dropped_after_round=player.dropped_after_round,
        disqualified_after_round=player.disqualified_after_round,
        extra=extra,
    )


def _side_event_links(event: Event) -> dict[str, Any]:
    """`side_event_of` (the main event's slug) and `side_events` (its side events' slugs), in one query.

    A link the import could not make (the main event is not on this installation, or the
    side events were not imported with it) is kept in Event.extra and written back, so the
    file says what it said; the side events listed are those stored here and those kept.
    """
    linked = dict(
        Event.objects.filter(Q(side_event_of=event.pk) | Q(pk=event.side_event_of_id or 0)).values_list(
            "pk", "slug"
        )
    )
    main_slug = linked.pop(event.side_event_of_id, None) if event.side_event_of_id else None
    kept = event.extra if isinstance(event.extra, dict) else {}
    out: dict[str, Any] = {}
    main = main_slug if main_slug is not None else kept.get(SIDE_EVENT_OF)
    if main is not None:
        out[SIDE_EVENT_OF] = main
    sides = set(linked.values())
    if isinstance(kept.get(SIDE_EVENTS), list):
        sides |= {slug for slug in kept[SIDE_EVENTS] if isinstance(slug, str)}
    if sides:
        out[SIDE_EVENTS] = sorted(sides)
    return out


def _event_settings(event: Event, *, public: bool) -> dict[str, Any]:
    """The event's extra fields: the slug, every setting (no join code when public), then its own extra."""
    event_extra: dict[str, Any] = {"slug": event.slug}
    _put_fields(event, EVENT_FIELDS, event_extra)
    if public:
        event_extra.pop("join_code", None)
    for key, value in event.extra.items():
        if key not in (STASH, SCORING) and key not in event_extra:
            event_extra[key] = value
    return event_extra


def _event_file(
    event: Event,
    rows: _Rows,
    *,
    rosters: bool,
    users: Mapping[int, str] | None = None,
    reports: Mapping[int, list[dict[str, Any]]] | None = None,
    public: bool = False,
) -> EventFile:
    """The core rows as an EventFile; with `users` and `reports`, players' accounts and games' reports too."""
    games_by_round: dict[int, list[Game]] = {r.id: [] for r in rows.rounds}
    for game in rows.games:
        games_by_round[game.round_id].append(game)
    w = _Writing(
        system=get_system(event.game_system),
        ext={p.id: p.external_id for p in rows.players},
        table_number={t.id: t.number for t in rows.tables},
        rosters=rosters,
        users=users,
        reports=reports,
        public=public,
    )
    stash = _stash(event)
    table_extra = stash.get("tables", {})
    round_extra = stash.get("rounds", {})
    settings = _event_settings(event, public=public)
    return EventFile(
        name=event.name,
        game_system=event.game_system,
        scale=event.scale,
        kind=event.kind,
        tables=tuple(
            EventTable(number=t.number, layout=t.layout, extra=table_extra.get(str(t.number), {}))
            for t in rows.tables
        ),
        players=tuple(_event_player(p, w) for p in rows.players),
        rounds=tuple(
            _event_round(r, games_by_round[r.id], round_extra.get(str(r.number), {}), w) for r in rows.rounds
        ),
        extra=settings,
        scoring=event_scoring(event),
        cut=event_cut(event),
    )


def event_file_from_db(event: Event, *, rosters: bool = True) -> EventFile:
    """The event as an EventFile, in a fixed number of queries whatever its size.

    Used by `export_event` and by the web app to run the pure standings engine. Pass
    `rosters=False` to skip the roster documents when only results matter. The records
    beyond the core (reports, staff, penalties, ...) are only read by `export_event`.
    """
    return _event_file(event, _rows(event, rosters=rosters), rosters=rosters)


def _award_as_shown(award: models.Model) -> models.Model:
    """An award as the public awards page shows it: no tie the TO broke (an unsaved copy)."""
    assert isinstance(award, Award)
    shown = copy.copy(award)
    shown.tie_among = []
    shown.tie_chosen_id = None
    return shown


def _published_only(event: Event, rows: _Rows, stored: StoredRecords) -> tuple[_Rows, StoredRecords, bool]:
    """What the event's public pages show, for a public export; and whether rosters are shown.

    Beyond PUBLIC_OMITS, a public file must not get ahead of the pages: a round paired but
    not yet published is left out with everything on it (OP Guide: pairings are announced
    by the TO), a draft under way is left out (its blind choices are secret until both have
    chosen: Pre-Game Sequence), and until the event's roster publication policy makes
    rosters public (OP Guide: Submission and Publication) the roster documents and the
    roster findings, which quote them, are left out.
    """
    shown = {r.id for r in rows.rounds if r.status != RoundStatus.PAIRED}
    games = [g for g in rows.games if g.round_id in shown]
    game_ids = {g.id for g in games}

    def on_show(row: models.Model) -> bool:
        game_id, round_id = getattr(row, "game_id", None), getattr(row, "round_id", None)
        return (game_id is None or game_id in game_ids) and (round_id is None or round_id in shown)

    with_rosters = rosters_public(event)
    sections = {key: [r for r in items if on_show(r)] for key, items in stored.sections.items()}
    # The tallies and ties are the TO's (docs/awards.md): a public file shows the awards on
    # offer and, once published, their winners, as the awards page does.
    sections["awards"] = [_award_as_shown(a) for a in sections.get("awards", [])]
    return (
        _Rows(
            tables=rows.tables,
            players=rows.players,
            rounds=[r for r in rows.rounds if r.id in shown],
            games=games,
        ),
        StoredRecords(staff=[], reports=[], sections=sections),
        with_rosters,
    )


def export_event(event: Event, *, public: bool = False) -> dict[str, Any]:
    """The whole event as an event/1 document; `import_event` reads it back losslessly.

    A fixed number of queries whatever the event's size: the core rows (5), the staff, the
    reports and each section (one each), and the usernames (1). `public=True` gives what
    anyone may read: it leaves out what a TO must not publish (PUBLIC_OMITS: conduct
    reports, e-mails, the join code and the audit log, and every account: no staff list,
    no username anywhere) and what the public pages do not show yet (see `_published_only`).
    """
    rows = _rows(event, rosters=True)
    stored = fetch_records(event, public=public)
    with_rosters = True
    if public:
        rows, stored, with_rosters = _published_only(event, rows, stored)
    # A public file names no account (PUBLIC_OMITS): the usernames are not even read.
    users = (
        {}
        if public
        else usernames(
            {p.user_id for p in rows.players if p.user_id is not None}
            | {p.invited_user_id for p in rows.players if p.invited_user_id is not None}
            | stored.user_ids()
        )
    )
    ext = {p.id: p.external_id for p in rows.players}
    round_number = {r.id: r.number for r in rows.rounds}
    table_number = {t.id: t.number for t in rows.tables}
    writer = RecordWriter(
        players=ext,
        games={
            g.id: game_ref(g, round_number[g.round_id], table_number.get(g.table_id or 0), ext)
            for g in rows.games
        },
        rounds=round_number,
        rosters={r.id: (p.external_id, r.slot) for p in rows.players for r in p.rosters.all()},
        users=users,
        stash=_stash(event),
        public=public,
    )
    reports = None if public else writer.reports(stored)
    core = _event_file(event, rows, rosters=with_rosters, users=users, reports=reports, public=public)
    data = event_to_json(core)
    data.update(_side_event_links(event))
    data.update(writer.sections(stored))
    pack = pack_json(event)
    if pack is not None:
        data[PACK] = pack
    return data
