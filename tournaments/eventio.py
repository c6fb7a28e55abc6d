"""The bridge between event/1 files (pairings.eventfile) and the database.

interchange.md: TOs move events between installations with event/1, and "importing its
own export must lose nothing". So an export carries, besides the event/1 fields, every
plain (non-relational) model field as an extra field at its level:

- event: `slug` and every setting (`planned_rounds`, `venue`, dates, `status`, ...), always;
- player: e.g. `email`, `checked_in_at`, when not at their default; and `rosters`, the
  player's roster/1 documents, each with a `validation` object (`slot`, `legal`, `report`);
- round: `status`, `seed`, then any other field not at its default (`pairing_report`,
  `published_at`, ...), and `pending`: games paired but not yet scored (event/1 `games`
  only holds games with a result);
- game: e.g. `result_status`, `battle_rounds`, when not at their default.

The field lists come from the models, so a field added to a model travels without a
change here. Fields the models do not know are kept in the `extra` JSON columns of Event,
Player and Game; unknown table- and round-level fields go to `Event.extra["_stash"]`. All
of it is written back on export.

Not carried: user accounts (a Player's `user`, StaffRole) — they belong to one
installation —, the secret registration `join_code`, creation timestamps, result reports
and the audit log. The export holds players' e-mail addresses: it is for TOs, not for
publishing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import DataError, IntegrityError, models, transaction
from django.db.backends.base.operations import BaseDatabaseOperations
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.text import slugify

from pairings.eventfile import (
    BYE,
    OUTCOMES,
    OUTCOMES_WITH_LOSER,
    PLAYED,
    EventFile,
    EventGame,
    EventPlayer,
    EventRound,
    EventTable,
    event_to_json,
)
from rosters.models import Roster
from rules_engine.registry import UnknownGameSystem, get_system
from tournaments.models import Event, Game, Player, Round, Table


def _plain_fields(model: type[models.Model], handled: set[str]) -> tuple[str, ...]:
    """The model's own value fields that event/1 does not already cover."""
    return tuple(
        f.name
        for f in model._meta.concrete_fields
        if not f.is_relation
        and not f.primary_key
        and not getattr(f, "auto_now", False)
        and not getattr(f, "auto_now_add", False)
        and f.name not in handled
    )


# Written as extra fields of event/1, at their level.
EVENT_FIELDS = _plain_fields(Event, {"name", "slug", "game_system", "scale", "kind", "extra", "join_code"})
PLAYER_FIELDS = _plain_fields(
    Player, {"external_id", "name", "spare", "dropped_after_round", "disqualified_after_round", "extra"}
)
ROUND_FIELDS = _plain_fields(Round, {"number"})
GAME_FIELDS = _plain_fields(Game, {"outcome", "vp_one", "vp_two", "extra"})
# Always written for rounds, even at their default: what a TO checks first.
ROUND_ALWAYS = ("status", "seed")
# A file's rounds and scored games are history: closed and agreed unless the file says otherwise.
IMPORTED_ROUND_DEFAULTS = {"status": "closed"}
IMPORTED_GAME_DEFAULTS = {"result_status": "confirmed"}

STASH = "_stash"  # Event.extra key for unknown table- and round-level fields
ROSTERS = "rosters"
VALIDATION = "validation"
PENDING = "pending"
INTEGER_RANGES = BaseDatabaseOperations.integer_field_ranges


class EventImportError(ValueError):
    """The event cannot be stored as given; the message names the problem and where."""


# --- field values --------------------------------------------------------------------


def _json_value(value: Any) -> Any:
    if isinstance(value, dt.date | dt.datetime):
        return value.isoformat()
    return value


def _parse(raw: Any, parser: Any, where: str, expected: str) -> Any:
    if not isinstance(raw, str):
        raise EventImportError(f"{where} must be {expected}, got {raw!r}")
    try:
        return parser(raw)
    except ValueError:
        raise EventImportError(f"{where} must be {expected}, got {raw!r}") from None


def _field_value(model: type[models.Model], name: str, raw: Any, where: str) -> Any:
    """A JSON value for model field `name`, type-checked and parsed (ISO dates and times)."""
    field = model._meta.get_field(name)
    at = f"{where}.{name}"
    if raw is None:
        if getattr(field, "null", False):
            return None
        raise EventImportError(f"{at} cannot be null")
    if isinstance(field, models.DateTimeField):
        value = _parse(raw, dt.datetime.fromisoformat, at, "a date and time (ISO 8601)")
        return timezone.make_aware(value) if timezone.is_naive(value) else value
    if isinstance(field, models.DateField):
        return _parse(raw, dt.date.fromisoformat, at, "a date (YYYY-MM-DD)")
    if isinstance(field, models.BooleanField):
        if not isinstance(raw, bool):
            raise EventImportError(f"{at} must be true or false, got {raw!r}")
        return raw
    if isinstance(field, models.IntegerField):
        if not isinstance(raw, int) or isinstance(raw, bool):
            raise EventImportError(f"{at} must be a whole number, got {raw!r}")
        return raw
    if isinstance(field, models.CharField | models.TextField):
        if not isinstance(raw, str):
            raise EventImportError(f"{at} must be a string, got {raw!r}")
        return raw
    return raw


def _take_fields(
    model: type[models.Model], names: Iterable[str], extra: dict[str, Any], where: str
) -> dict[str, Any]:
    """Pop the model's fields out of an object's extra fields, parsed for the model."""
    return {name: _field_value(model, name, extra.pop(name), where) for name in names if name in extra}


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
            out[name] = _json_value(value)


def _validation_message(exc: ValidationError) -> str:
    if hasattr(exc, "error_dict"):
        return "; ".join(f"{name}: {' '.join(messages)}" for name, messages in exc.message_dict.items())
    return " ".join(exc.messages)


def _clean(obj: models.Model, where: str, exclude: Iterable[str] = ()) -> None:
    """Model validation without queries (foreign keys and uniqueness are checked elsewhere)."""
    # SQLite does not bound integer columns, so Django skips the range check there; a file
    # that imports here must import on PostgreSQL too. Checked first, so the message is
    # the same on every database.
    for field in obj._meta.concrete_fields:
        bounds = INTEGER_RANGES.get(field.get_internal_type())
        value = getattr(obj, field.attname)
        if bounds and isinstance(value, int) and not bounds[0] <= value <= bounds[1]:
            low, high = bounds
            raise EventImportError(f"{where}: {field.name} must be between {low} and {high}, got {value}")
    try:
        obj.full_clean(exclude=list(exclude), validate_unique=False, validate_constraints=False)
    except ValidationError as exc:
        raise EventImportError(f"{where}: {_validation_message(exc)}") from None


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
        get_system(data.game_system).scale(data.scale)
    except (UnknownGameSystem, ValueError) as exc:
        raise EventImportError(str(exc)) from None


def _build_event(data: EventFile, slug: str | None) -> Event:
    extra = dict(data.extra)
    file_slug = extra.pop("slug", None)
    settings = _take_fields(Event, EVENT_FIELDS, extra, "the event")
    if slug is None and file_slug is not None:
        if not isinstance(file_slug, str):
            raise EventImportError(f"slug must be a string, got {file_slug!r}")
        slug = file_slug
    if slug is not None:
        if Event.objects.filter(slug=slug).exists():
            raise EventImportError(f"an event with slug {slug!r} already exists; choose another (--slug)")
    else:
        slug = _free_slug(slugify(data.name))
    if "planned_rounds" not in settings:
        # A file from elsewhere may not say; never plan fewer rounds than were played.
        default = Event._meta.get_field("planned_rounds").get_default()
        settings["planned_rounds"] = max([default, *(r.number for r in data.rounds)])
    event = Event(
        name=data.name,
        slug=slug,
        game_system=data.game_system,
        scale=data.scale,
        kind=data.kind,
        extra=extra,
        **settings,
    )
    _clean(event, "the event")
    return event


def _round_parts(round_: EventRound) -> tuple[dict[str, Any], list[Any], dict[str, Any]]:
    """Split a round's extra fields into model fields, pending games and the unknown rest."""
    rest = dict(round_.extra)
    where = f"round {round_.number}"
    fields = {**IMPORTED_ROUND_DEFAULTS, **_take_fields(Round, ROUND_FIELDS, rest, where)}
    pending = rest.pop(PENDING, [])
    if not isinstance(pending, list):
        raise EventImportError(f"{where}.{PENDING} must be a list of games")
    return fields, pending, rest


def _rosters(raw: Any, where: str) -> list[Roster]:
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
        rosters.append(Roster(slot=slot, document=document, legal=legal, report=report))
    if len({r.slot for r in rosters}) != len(rosters):
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
    loser = rest.pop("loser", None)
    if table is not None and (not isinstance(table, int) or isinstance(table, bool) or table < 1):
        raise EventImportError(f"{where}.table must be a table number")
    if outcome != "" and outcome not in OUTCOMES:
        raise EventImportError(f"{where}.outcome must be one of {', '.join(OUTCOMES)}")
    if not isinstance(vp, list) or len(vp) != 2:
        raise EventImportError(f"{where}.vp must hold two numbers (or nulls)")
    if loser is not None and loser not in ids:
        raise EventImportError(f"{where}.loser must be one of the game's players")
    game = EventGame(players=tuple(ids), outcome=outcome, loser=loser, table=table, extra=rest)
    return game, vp


def import_event(data: EventFile, *, slug: str | None = None) -> Event:
    """Store a whole event/1 file as a new Event, all or nothing.

    The slug is `slug`, else the file's `slug`, else made from the name (with a number
    added if taken). An explicit slug that is taken is an error, never an overwrite.
    """
    _check_rules(data)
    try:
        with transaction.atomic():
            return _import(data, slug)
    except IntegrityError as exc:
        raise EventImportError(f"the event conflicts with what is already stored: {exc}") from None
    except DataError as exc:  # pragma: no cover - validation above should catch it first
        raise EventImportError(f"the database refused a value: {exc}") from None


def _import(data: EventFile, slug: str | None) -> Event:
    event = _build_event(data, slug)
    stash: dict[str, dict[str, Any]] = {}
    round_parts = {r.number: _round_parts(r) for r in data.rounds}
    for number, (_, _, rest) in round_parts.items():
        if rest:
            stash.setdefault("rounds", {})[str(number)] = rest
    for table in data.tables:
        if table.extra:
            stash.setdefault("tables", {})[str(table.number)] = dict(table.extra)
    if stash:
        event.extra[STASH] = stash
    event.save()

    # Tables: those listed, then any number a game uses without listing it.
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
        _clean(table_row, f"tables[{position}]", exclude=["event"])
    tables = {t.number: t for t in Table.objects.bulk_create(listed)}

    # Players, with their rosters.
    rosters: list[tuple[str, Roster]] = []
    to_create = []
    for position, entry in enumerate(data.players):
        where = f"players[{position}] ({entry.id})"
        extra = dict(entry.extra)
        if ROSTERS in extra:
            rosters += [(entry.id, roster) for roster in _rosters(extra.pop(ROSTERS), where)]
        fields = _take_fields(Player, PLAYER_FIELDS, extra, where)
        player = Player(
            event=event,
            external_id=entry.id,
            name=entry.name,
            spare=entry.spare,
            dropped_after_round=entry.dropped_after_round,
            disqualified_after_round=entry.disqualified_after_round,
            extra=extra,
            **fields,
        )
        _clean(player, where, exclude=["event", "user"])
        to_create.append(player)
    players = {p.external_id: p for p in Player.objects.bulk_create(to_create)}
    for owner, roster in rosters:
        roster.player = players[owner]
        _clean(roster, f"the rosters of {owner}", exclude=["player"])
    Roster.objects.bulk_create(roster for _, roster in rosters)

    # Rounds, then their games (scored games first, then the pending ones).
    round_rows = []
    for round_ in data.rounds:
        row = Round(event=event, number=round_.number, **round_parts[round_.number][0])
        _clean(row, f"round {round_.number}", exclude=["event"])
        round_rows.append(row)
    rounds = {r.number: r for r in Round.objects.bulk_create(round_rows)}
    games = []
    for round_ in data.rounds:
        entries: list[tuple[EventGame, list[int | None], str, bool]] = [
            (g, list(g.vp) if g.vp is not None else [None, None], f"round {round_.number} games[{i}]", True)
            for i, g in enumerate(round_.games)
        ]
        for i, raw in enumerate(round_parts[round_.number][1]):
            where = f"round {round_.number} {PENDING}[{i}]"
            game, vp = _pending_game(raw, where, players)
            entries.append((game, vp, where, False))
        for game, vp, where, scored in entries:
            extra = dict(game.extra)
            fields = _take_fields(Game, GAME_FIELDS, extra, where)
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
                loser=players[game.loser] if game.loser is not None else None,
                extra=extra,
                **fields,
            )
            _clean(game_row, where, exclude=["round", "table", "player_one", "player_two", "loser"])
            games.append(game_row)
    Game.objects.bulk_create(games)
    return event


def _scored_defaults() -> dict[str, Any]:
    return {name: value for name, value in IMPORTED_GAME_DEFAULTS.items() if name in GAME_FIELDS}


# --- exporting -----------------------------------------------------------------------


def _is_scored(game: Game) -> bool:
    """Can this game stand in event/1 `games` (which only holds games with a result)?"""
    if game.outcome not in OUTCOMES:
        return False
    if (game.outcome == BYE) != (game.player_two_id is None):
        return False
    if game.outcome == PLAYED and (game.vp_one is None or game.vp_two is None):
        return False
    return (game.outcome in OUTCOMES_WITH_LOSER) == (game.loser_id is not None)


def _roster_json(roster: Roster) -> dict[str, Any]:
    document = dict(roster.document) if isinstance(roster.document, dict) else {"document": roster.document}
    document[VALIDATION] = {"slot": roster.slot, "legal": roster.legal, "report": roster.report}
    return document


def event_file_from_db(event: Event, *, rosters: bool = True) -> EventFile:
    """The event as an EventFile, in a fixed number of queries whatever its size.

    Used by `export_event` and by the web app to run the pure standings engine. Pass
    `rosters=False` to skip the roster documents when only results matter.
    """
    tables = list(event.tables.order_by("number"))
    player_rows = event.players.order_by("id")
    if rosters:
        by_slot = Prefetch("rosters", queryset=Roster.objects.order_by("slot"))
        player_rows = player_rows.prefetch_related(by_slot)
    players = list(player_rows)
    round_rows = list(event.rounds.order_by("number"))
    games_by_round: dict[int, list[Game]] = {r.id: [] for r in round_rows}
    for game in Game.objects.filter(round__event=event).order_by("id"):
        games_by_round[game.round_id].append(game)

    ext = {p.id: p.external_id for p in players}
    number = {t.id: t.number for t in tables}
    stash = event.extra.get(STASH, {}) if isinstance(event.extra, dict) else {}
    table_extra = stash.get("tables", {})
    round_extra = stash.get("rounds", {})
    scored_defaults = _scored_defaults()

    def event_game(game: Game) -> EventGame:
        ids = (ext[game.player_one_id],) + ((ext[game.player_two_id],) if game.player_two_id else ())
        extra = dict(game.extra)
        _put_fields(game, GAME_FIELDS, extra, defaults=scored_defaults)
        return EventGame(
            players=ids,
            outcome=game.outcome,
            vp=(game.vp_one, game.vp_two) if game.vp_one is not None and game.vp_two is not None else None,
            loser=ext[game.loser_id] if game.loser_id is not None else None,
            table=number[game.table_id] if game.table_id is not None else None,
            extra=extra,
        )

    def pending(game: Game) -> dict[str, Any]:
        entry: dict[str, Any] = {}
        if game.table_id is not None:
            entry["table"] = number[game.table_id]
        entry["players"] = [ext[game.player_one_id]]
        if game.player_two_id is not None:
            entry["players"].append(ext[game.player_two_id])
        if game.outcome:
            entry["outcome"] = game.outcome
        if game.vp_one is not None or game.vp_two is not None:
            entry["vp"] = [game.vp_one, game.vp_two]
        if game.loser_id is not None:
            entry["loser"] = ext[game.loser_id]
        entry.update(game.extra)
        _put_fields(game, GAME_FIELDS, entry, defaults={})
        return entry

    rounds = []
    for row in round_rows:
        games = games_by_round[row.id]
        extra: dict[str, Any] = {}
        _put_fields(row, ROUND_FIELDS, extra, always=ROUND_ALWAYS, defaults=IMPORTED_ROUND_DEFAULTS)
        waiting = [pending(g) for g in games if not _is_scored(g)]
        if waiting:
            extra[PENDING] = waiting
        extra.update(round_extra.get(str(row.number), {}))
        scored = tuple(event_game(g) for g in games if _is_scored(g))
        rounds.append(EventRound(number=row.number, games=scored, extra=extra))

    def event_player(player: Player) -> EventPlayer:
        extra = dict(player.extra)
        _put_fields(player, PLAYER_FIELDS, extra, defaults={})
        if rosters:
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

    event_extra: dict[str, Any] = {"slug": event.slug}
    _put_fields(event, EVENT_FIELDS, event_extra)
    for key, value in event.extra.items():
        if key != STASH and key not in event_extra:
            event_extra[key] = value
    return EventFile(
        name=event.name,
        game_system=event.game_system,
        scale=event.scale,
        kind=event.kind,
        tables=tuple(
            EventTable(number=t.number, layout=t.layout, extra=table_extra.get(str(t.number), {}))
            for t in tables
        ),
        players=tuple(event_player(p) for p in players),
        rounds=tuple(rounds),
        extra=event_extra,
    )


def export_event(event: Event) -> dict[str, Any]:
    """The whole event as an event/1 document; `import_event` reads it back losslessly."""
    return event_to_json(event_file_from_db(event))
