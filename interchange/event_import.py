"""Reading an event/1 file into the database: `import_event`, and `parse_user_links` for
the accounts a TO links to the file's players.

What a file carries beyond event/1, and how it is kept, is told in `interchange.event_fields`;
`interchange.event_export` writes it. An import is one transaction: a file that cannot be
read whole changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import DataError, IntegrityError, transaction
from django.utils.text import slugify

from interchange.event_fields import (
    DETAILS,
    EVENT_FIELDS,
    GAME_FIELDS,
    IMPORTED_ROUND_DEFAULTS,
    INVITED_USER,
    PENDING,
    PLAYER_FIELDS,
    ROSTERS,
    ROUND_FIELDS,
    SIDE_EVENT_OF,
    SIDE_EVENTS,
    STASH,
    TEAMMATES,
    USER,
    VALIDATION,
    scored_defaults,
)
from interchange.pack_section import PACK, restore_pack
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
    accounts,
    usernames_in,
)
from interchange.team_section import (
    event_settings as team_settings,
)
from interchange.team_section import (
    pop_round_matches,
    pop_team_keys,
    read_file_teams,
    restore_teams,
)
from interchange.values import (
    EventImportError,
    clean_row,
    field_value,
    restore_times,
    split_times,
    take_fields,
)
from rosters.models import Roster
from rules_engine.game_system import GameSystem
from rules_engine.names import person_key
from rules_engine.registry import UnknownGameSystem, get_system
from standings.eventfile import round_stage
from standings.records import OUTCOMES, EventFile, EventGame, EventRound
from standings.result_rules import ResultRules, extra_problem
from team_match.record import TeamEvent
from tournaments.errors import ServiceError
from tournaments.models import Event, Game, Player, Round, StaffRole, Table, Teammate, default_round_minutes
from tournaments.schedule import ScheduleError, parse_schedule, schedule_json
from tournaments.services.events import check_team_game, check_team_tournament
from tournaments.services.schedules import check_schedule


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


def _build_event(
    data: EventFile, extra: dict[str, Any], slug: str | None, team: TeamEvent | None = None
) -> tuple[Event, dict[str, Any]]:
    """The unsaved event and the timestamps to restore once it is saved."""
    file_slug = extra.pop("slug", None)
    # An older export of this system names a setting by its old key: read it as the new one.
    for old, new in get_system(data.game_system).event_file_renames.items():
        if old in extra and new not in extra:
            extra[new] = extra.pop(old)
    settings = take_fields(Event, EVENT_FIELDS, extra, "the event")
    settings.update(team_settings(team))
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
    try:
        check_team_game(event, get_system(data.game_system))
        check_team_tournament(event)
    except ServiceError as exc:
        raise EventImportError(f"the event: {exc.message}") from None
    return event, times


def _round_parts(round_: EventRound) -> tuple[dict[str, Any], list[Any], dict[str, Any]]:
    """Split a round's extra fields into model fields, pending games and the unknown rest."""
    # A round's stage and the cut's seeds are Round columns, taken with its other fields.
    rest = {**round_stage(round_), **round_.extra}
    pop_round_matches(rest)  # a team tournament's matches: rows of their own
    where = f"round {round_.number}"
    fields = {**IMPORTED_ROUND_DEFAULTS, **take_fields(Round, ROUND_FIELDS, rest, where)}
    pending = rest.pop(PENDING, [])
    if not isinstance(pending, list):
        raise EventImportError(f"{where}.{PENDING} must be a list of games")
    return fields, pending, rest


def _rosters(raw: Any, where: str, slots: int = 2) -> list[tuple[Roster, dict[str, Any]]]:
    """The player's rosters, unsaved, each with the timestamps to restore once saved: at
    most two (a dual list), or in a team game one per teammate (`slots`)."""
    if not isinstance(raw, list) or len(raw) > slots:
        most = {2: "two", 3: "three"}.get(slots, str(slots))
        raise EventImportError(f"{where}.{ROSTERS} must be a list of at most {most} roster/1 documents")
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
        if slot not in range(1, slots + 1) or isinstance(slot, bool):
            raise EventImportError(f"{at}.{VALIDATION}.slot must be 1 to {slots}, got {slot!r}")
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
    team = read_file_teams(data)
    pop_team_keys(extra)
    main = _main_event(data, extra)
    event, event_times = _build_event(data, extra, slug, team)
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
    if team is not None:
        restore_teams(event, team, players, rounds, games, stash)
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
    teams: dict[str, list[str]] = {}
    to_create, player_times = [], []
    for position, entry in enumerate(data.players):
        where = f"players[{position}] ({entry.id})"
        extra = dict(entry.extra)
        if ROSTERS in extra:
            slots = event.team_size or 2
            rosters += [(entry.id, r, times) for r, times in _rosters(extra.pop(ROSTERS), where, slots)]
        if TEAMMATES in extra:
            teams[entry.id] = _teammates(extra.pop(TEAMMATES), where, event.team_size)
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
    Teammate.objects.bulk_create(
        Teammate(team=players[owner], position=i, name=name)
        for owner, names in teams.items()
        for i, name in enumerate(names, start=1)
    )
    return players, {(owner, roster.slot): roster for owner, roster, _ in rosters}


def _teammates(raw: Any, where: str, size: int | None) -> list[str]:
    """A team's players (docs/teams.md): as many names as the event's `team_size`, each a
    non-empty line of at most a player name's length, none twice."""
    at = f"{where}.{TEAMMATES}"
    if size is None:
        raise EventImportError(f"{at}: the event is not a team game (no team_size), so it has no teammates")
    if not isinstance(raw, list) or len(raw) != size:
        raise EventImportError(f"{at} must be a list of {size} names, one per player of the team")
    longest = Teammate._meta.get_field("name").max_length or 120
    for i, name in enumerate(raw):
        if not isinstance(name, str) or not name.strip() or len(name) > longest or not name.isprintable():
            raise EventImportError(f"{at}[{i}] must be a player's name (one line, 1 to {longest} characters)")
    keys = [person_key(name) for name in raw]
    if len(set(keys)) != len(keys):
        raise EventImportError(f"{at}: a player is named twice")
    return [name.strip() for name in raw]


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
                fields = {**scored_defaults(), **fields}
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
    rules = ResultRules.of(system)
    for declared in system.result_extras:
        if declared.key in extra:
            value = extra.pop(declared.key)
            if value is not None:
                # The one rule for results (standings.result_rules), as the web and the API check it.
                problem = extra_problem(rules, declared.key, value)
                if problem is not None:
                    raise EventImportError(f"{where}{problem.in_file}")
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
