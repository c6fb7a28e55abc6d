"""Setting up an event and its staff."""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from rules_engine.game_system import GameSystem, Scale
from rules_engine.registry import UnknownGameSystem, get_system
from team_match.protocol import MAX_TEAM, MIN_TEAM
from tournaments import limits
from tournaments.errors import ServiceError
from tournaments.event_format import default_roster_deadline
from tournaments.event_time import event_zone, is_zone
from tournaments.models import (
    LISTING_FIELDS,
    CutTies,
    Event,
    EventKind,
    EventStatus,
    ListFormat,
    MatchPairing,
    MatchRule,
    Player,
    StaffRole,
    StaffRoleKind,
    Table,
    TableSeating,
    default_round_minutes,
)
from tournaments.notifications import notify_staff_added
from tournaments.services.audit import audit
from tournaments.services.capacity import offer_free_seats
from tournaments.services.rosters import rosters_judge_again
from tournaments.services.schedules import check_schedule, check_side_event_game, normalised_schedule
from tournaments.services.versions import event_touch

# A team tournament's settings (docs/team-matches.md).
TEAM_TOURNAMENT_FIELDS = (
    "squad_size",
    "match_rule",
    "match_draw_margin",
    "match_pairing",
    "protocol_step_minutes",
    "distinct_factions",
)
EDITABLE_FIELDS = (
    "name",
    "game_system",
    "rules_cutoff",
    "kind",
    "scale",
    "points_limit",
    "list_format",
    "planned_rounds",
    "cut_size",
    "cut_ties",
    "team_size",
    "team_budget",
    *TEAM_TOURNAMENT_FIELDS,
    "seed_by_rating",
    "starts_on",
    "ends_on",
    "venue",
    "time_zone",
    "roster_deadline",
    "roster_publication",
    "rosters_published_at",
    "late_roster_penalty",
    "round_minutes",
    "first_round_extra_minutes",
    "to_plays",
    "head_judge_plays",
    "conduct_contact",
    "registration_open",
    "capacity",
    "waitlist_accept_hours",
    *LISTING_FIELDS,  # the event listing
)
# Free-text listing fields and their column width (tournaments.limits.SHORT_TEXT_LENGTH).
_SHORT_TEXTS = (
    ("venue", "The venue"),
    ("late_roster_penalty", "The late roster penalty"),
    ("conduct_contact", "The conduct contact"),
    ("layouts_in_use", "The layouts in use"),
    ("pairing_platform", "The pairing platform"),
    ("accommodations_contact", "The accommodations contact"),
)


def _unique_slug(name: str) -> str:
    base = slugify(name)[:60] or "event"
    slug, n = base, 2
    while Event.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


def _check_budget(event: Event, system: GameSystem, scale: Scale) -> None:
    """The event's budget, in the system's unit: fixed by the scale, chosen above its floor,
    chosen inside its points range (Dropzone's game sizes, DZC:225-230), or none at all."""
    limit, field = event.points_limit, "points_limit"
    name, unit = system.budget_name, system.budget_unit
    if scale.points is not None:
        low, high = scale.points
        if limit is None or limit < low or (high is not None and limit > high):
            span = f"{low}-{high}" if high is not None else f"{low} or more"
            raise ServiceError(
                f"{scale.name} is played at {span} {unit}: choose the event's {name} in that range.",
                code="points-limit-out-of-range",
                field=field,
            )
    elif scale.budget is not None:
        if limit not in (None, scale.budget):
            raise ServiceError(
                f"{scale.name} is fixed at {scale.budget} {unit}.", code="points-limit-fixed", field=field
            )
    elif scale.min_budget is not None:
        if limit is None or limit < scale.min_budget:
            raise ServiceError(
                f"{scale.name} needs a {name} of at least {scale.min_budget}.",
                code="points-limit-too-low",
                field=field,
            )
    elif limit is not None:
        raise ServiceError(
            f"{system.name} has no {name}: leave it empty.", code="no-points-limit", field=field
        )


def _check(event: Event) -> None:
    if event.capacity is not None and event.capacity < 1:
        raise ServiceError("A registration cap is at least 1 entrant.", code="capacity", field="capacity")
    if not 1 <= event.waitlist_accept_hours <= 24 * 14:
        raise ServiceError(
            "The time to accept a waitlist seat is 1 to 336 hours.",
            code="waitlist-accept-hours",
            field="waitlist_accept_hours",
        )
    if event.time_zone and not is_zone(event.time_zone):
        raise ServiceError(
            f"{event.time_zone!r} is not a time zone: choose one such as Europe/Warsaw.",
            code="unknown-time-zone",
            field="time_zone",
        )
    if limits.control_characters_in(event.name):
        raise ServiceError(
            "An event's name is one line: no line breaks, tabs or other control characters.",
            code="control-characters",
            field="name",
        )
    check_side_event_game(event)
    try:
        system = event.system
    except UnknownGameSystem as exc:
        raise ServiceError(str(exc), field="game_system") from None
    if not system.runs_events:
        raise ServiceError(
            f"{system.name} events cannot be run here yet: its rosters and results are checked "
            "by the command line only (validate_roster, standings, pair).",
            code="game-system-not-ready",
            field="game_system",
        )
    try:
        scale = system.scale(event.scale)
    except ValueError as exc:
        raise ServiceError(str(exc), code="scale-not-in-game-system", field="scale") from None
    _check_budget(event, system, scale)
    check_team_game(event, system)
    check_team_tournament(event)
    if event.list_format == ListFormat.DUAL and not system.dual_lists:
        raise ServiceError(
            f"{system.name} has no dual lists: an event of it is single-list (one roster per player).",
            code="dual-list-not-allowed",
            field="list_format",
        )
    if event.kind == EventKind.COMPETITIVE:
        # OP Guide: at a Competitive event neither the TO nor the Head Judge competes.
        if event.to_plays:
            raise ServiceError(
                "At a competitive event the TO does not play.", code="staff-cannot-play", field="to_plays"
            )
        if event.head_judge_plays:
            raise ServiceError(
                "At a competitive event the Head Judge does not play.",
                code="staff-cannot-play",
                field="head_judge_plays",
            )
        if system.competitive_scales and event.scale not in system.competitive_scales:
            # The game's own organised-play rule (GameSystem.competitive_scales): StarCraft's
            # OP Guide fixes Standard; systems whose books say nothing take any of their scales.
            allowed = " or ".join(system.scale(slug).name for slug in system.competitive_scales)
            raise ServiceError(
                f"Competitive {system.name} events are played at {allowed} engagement.",
                code="competitive-scale",
                field="scale",
            )
    bounds = limits.PLANNED_ROUNDS
    if event.planned_rounds not in bounds:
        raise ServiceError(f"Plan between {bounds.low} and {bounds.high} rounds.", field="planned_rounds")
    _check_cut(event)
    for name, bounds, what in (
        ("round_minutes", limits.ROUND_MINUTES, "A round lasts"),
        ("first_round_extra_minutes", limits.FIRST_ROUND_EXTRA_MINUTES, "Round one's extra time is"),
    ):
        if getattr(event, name) not in bounds:
            raise ServiceError(f"{what} between {bounds.low} and {bounds.high} minutes.", field=name)
    if event.starts_on and event.ends_on and event.ends_on < event.starts_on:
        raise ServiceError(
            "The event cannot end before it starts.", code="ends-before-start", field="ends_on"
        )
    for name, what in _SHORT_TEXTS:
        if len(getattr(event, name) or "") > limits.SHORT_TEXT_LENGTH:
            raise ServiceError(f"{what} is at most {limits.SHORT_TEXT_LENGTH} characters.", field=name)
    if event.table_seating not in TableSeating.values:
        raise ServiceError(
            f"Tables are {' or '.join(v for v in TableSeating.values if v)} (or not announced).",
            field="table_seating",
        )
    check_schedule(event)


def check_team_game(event: Event, system: GameSystem) -> None:
    """A team game (docs/teams.md) only where the game system has them, at a team size it
    allows, with a budget for the whole team; its players bring one army each, so the
    event is single-list."""
    if event.team_size is None:
        if event.team_budget is not None:
            raise ServiceError(
                "A team budget is for a team game: choose the players per team, or leave it empty.",
                code="team-budget-without-team",
                field="team_budget",
            )
        return
    teams = system.team_games
    if teams is None:
        raise ServiceError(
            f"{system.name} has no team games: its events are one player a side.",
            code="no-team-games",
            field="team_size",
        )
    if event.team_size not in teams.sizes:
        sizes = " or ".join(str(n) for n in teams.sizes)
        raise ServiceError(
            f"A {system.name} team game is {sizes} players a side.", code="team-size", field="team_size"
        )
    if event.team_budget is None or event.team_budget <= 0:
        raise ServiceError(
            f"A team game needs the team's budget: the {system.budget_unit} the team's armies share.",
            code="team-budget-required",
            field="team_budget",
        )
    if event.list_format == ListFormat.DUAL:
        raise ServiceError(
            "In a team game each player brings one army: choose single list.",
            code="team-game-single-list",
            field="list_format",
        )


def check_team_tournament(event: Event) -> None:
    """A team tournament (docs/team-matches.md): teams of 3 to 8, each game one-on-one, so
    not a team game too; its Swiss rounds only (a top cut of teams is not run here); a draw
    margin only where matches are decided by game points; a protocol step of 1 to 60
    minutes."""
    if event.squad_size is None:
        return
    if event.seed_by_rating:
        raise ServiceError(
            "A team tournament pairs teams, which have no rating: round one cannot be seeded by rating.",
            code="rating-seeding-teams",
            field="seed_by_rating",
        )
    if not MIN_TEAM <= event.squad_size <= MAX_TEAM:
        raise ServiceError(
            f"A team tournament's teams have {MIN_TEAM} to {MAX_TEAM} players.",
            code="squad-size",
            field="squad_size",
        )
    if event.team_size is not None:
        raise ServiceError(
            "A team tournament's games are one player a side: it cannot be a team game too.",
            code="team-tournament-team-game",
            field="team_size",
        )
    if event.cut_size is not None:
        raise ServiceError(
            "A team tournament runs its Swiss rounds only: leave the top cut empty.",
            code="team-tournament-no-cut",
            field="cut_size",
        )
    if event.match_rule not in MatchRule.values:
        raise ServiceError("A team match is decided by games won or by game points.", field="match_rule")
    if event.match_pairing not in MatchPairing.values:
        raise ServiceError(
            "Players are paired in a match by the captains' protocol, the TO, or the standings order.",
            field="match_pairing",
        )
    if event.match_draw_margin and event.match_rule != MatchRule.GAME_POINTS:
        raise ServiceError(
            "A draw margin applies to matches decided by game points.",
            code="draw-margin-without-game-points",
            field="match_draw_margin",
        )
    if not 1 <= event.protocol_step_minutes <= 60:
        raise ServiceError(
            "A captain's time for each protocol step is 1 to 60 minutes.",
            code="protocol-step-minutes",
            field="protocol_step_minutes",
        )


def _refuse_team_change_after_round_one(event: Event, fields: dict[str, Any]) -> None:
    """Whether the event is a team game, and its team size, are fixed once anyone has
    registered: the entrants (teams or players) and their rosters were made for it."""
    if "squad_size" in fields and fields["squad_size"] != event.squad_size and event.players.exists():
        raise ServiceError(
            "Whether the event is a team tournament, and how many players a team has, cannot "
            "change once players have registered.",
            code="squad-size-fixed",
            field="squad_size",
        )
    if "team_size" in fields and fields["team_size"] != event.team_size and event.players.exists():
        raise ServiceError(
            "Whether the event is a team game, and how many players a team has, cannot change once "
            "entrants have registered.",
            code="team-size-fixed",
            field="team_size",
        )


def _check_cut(event: Event) -> None:
    """A top cut of 2 or more players (a final at least), and no more than the field once it
    is known: registration closed, or play begun (docs/pairing.md, "The top cut" on the web)."""
    if event.cut_ties not in CutTies.values:
        raise ServiceError(
            f"A tied top-cut game goes to {' or '.join(CutTies.values)}.",
            code="unknown-cut-ties",
            field="cut_ties",
        )
    if event.cut_size is None:
        return
    bounds = limits.CUT_SIZE
    if event.cut_size not in bounds:
        raise ServiceError(
            f"A top cut is {bounds.low} to {bounds.high} players (a final at least).",
            code="cut-size-out-of-range",
            field="cut_size",
        )
    if event.pk is None or (event.registration_open and event.status != EventStatus.RUNNING):
        return
    field = event.players.filter(spare=False, disqualified_after_round__isnull=True).count()
    if field and event.cut_size > field:
        raise ServiceError(
            f"A top {event.cut_size} is more than the {field} players registered: choose a cut of at "
            f"most {field}, or none.",
            code="cut-larger-than-field",
            field="cut_size",
        )


def _refuse_cut_change_after_round_one(event: Event, fields: dict[str, Any]) -> None:
    """The format is announced before play (OP Guide: a change to it is stated before round
    one): the cut, and how its ties are decided, are fixed once round 1 is paired."""
    changed = [
        key for key in ("cut_size", "cut_ties") if key in fields and fields[key] != getattr(event, key)
    ]
    if changed and event.rounds.exists():
        raise ServiceError(
            "The top cut is part of the format announced before play: it cannot change once round 1 "
            "is paired.",
            code="cut-fixed",
            field=changed[0],
        )


def _default_deadline(event: Event) -> None:
    """An empty roster deadline is midnight a week before the start (never one already past:
    event_format.default_roster_deadline), whenever the event has a start date: at creation,
    and when a later change gives it one or empties the deadline, as the form's help says.
    Without one, rosters lock when round 1 is paired (selectors.roster_lock)."""
    if event.roster_deadline is None and event.starts_on is not None:
        event.roster_deadline = default_roster_deadline(
            event.starts_on, event_zone(event), now=timezone.now()
        )


@transaction.atomic
def event_create(*, creator: AbstractBaseUser, name: str, **fields: Any) -> Event:
    """Create an event with `creator` as its TO; the roster deadline defaults to a week
    before, never to a time already past (event_format.default_roster_deadline).

    `side_event_of` (an Event) makes it a side event of that main event (only through
    services.side_events, which checks the rules); its schedule is then checked against the
    main event's rounds."""
    side_event_of: Event | None = fields.pop("side_event_of", None)
    unknown = set(fields) - set(EDITABLE_FIELDS)
    if unknown:
        raise ServiceError(f"Unknown event settings: {', '.join(sorted(unknown))}.")
    if not name.strip():
        raise ServiceError("An event needs a name.", field="name")
    if "schedule" in fields:
        fields["schedule"] = normalised_schedule(fields["schedule"])
    try:
        system: GameSystem | None = get_system(
            fields.get("game_system", Event._meta.get_field("game_system").default)
        )
    except UnknownGameSystem:
        system = None  # refused by _check with its own message
    if (
        system is not None
        and "list_format" not in fields
        and (not system.dual_lists or fields.get("team_size") is not None)
    ):
        # A game without dual lists (none but StarCraft has them) makes a single-list event;
        # so does a team game, where each player brings one army.
        fields["list_format"] = ListFormat.SINGLE
    if system is not None and "scale" not in fields:
        # The model's default is StarCraft's Standard: another game's event takes its own.
        fields["scale"] = system.first_scale
    event = Event(
        name=name.strip(),
        slug=_unique_slug(name),
        join_code=secrets.token_urlsafe(12),
        side_event_of=side_event_of,
        **fields,
    )
    _default_deadline(event)
    if event.round_minutes is None:  # not given: the game system's round length
        event.round_minutes = default_round_minutes(event.game_system)
    _check(event)
    event.save()
    StaffRole.objects.create(event=event, user_id=creator.pk, role=StaffRoleKind.TO)
    audit(event=event, actor=creator, action="event-created", subject=event.name)
    return event


def _shown(value: Any) -> str:
    """A setting as the audit log records it: empty for none, dates in ISO order."""
    return "" if value is None else str(value)


# The settings a roster's verdict is judged under (bridges.rules.event_requirements and the
# dual-list checks): changing one judges the stored rosters again.
ROSTER_RULE_FIELDS = (
    "game_system",
    "scale",
    "points_limit",
    "rules_cutoff",
    "list_format",
    "team_size",
    "team_budget",
)


@transaction.atomic
def event_update(*, event: Event, actor: AbstractBaseUser, **fields: Any) -> Event:
    """Change event settings under the event's row lock: two TOs saving at once apply in turn,
    and each check (rounds played, dates) sees what the other saved. The audit entry
    records each changed setting as `{"old": ..., "new": ...}`."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    unknown = set(fields) - set(EDITABLE_FIELDS)
    if unknown:
        raise ServiceError(f"Unknown event settings: {', '.join(sorted(unknown))}.")
    if "schedule" in fields:
        fields["schedule"] = normalised_schedule(fields["schedule"])
    # The deadline too: a new start date may bring its default (audited like a change).
    before = {key: getattr(event, key) for key in (*fields, "roster_deadline")}
    _refuse_cut_change_after_round_one(event, fields)
    _refuse_team_change_after_round_one(event, fields)
    if "planned_rounds" in fields and fields["planned_rounds"] != event.planned_rounds:
        played = event.rounds.count()
        if fields["planned_rounds"] < played:
            raise ServiceError(
                f"{played} rounds have already been paired.",
                code="rounds-already-paired",
                field="planned_rounds",
            )
        if played >= 2:
            # OP Guide: announce a change to the round count no later than the start of round two.
            raise ServiceError(
                "The round count can only change before round two starts.",
                code="round-count-locked",
                field="planned_rounds",
            )
        event.rounds_changed_at = timezone.now()
    for key, value in fields.items():
        setattr(event, key, value)
    _default_deadline(event)
    _check(event)
    event.save()
    if any(getattr(event, key) != before[key] for key in ROSTER_RULE_FIELDS if key in before):
        rosters_judge_again(event)
    audit(
        event=event,
        actor=actor,
        action="event-updated",
        subject=event.name,
        data={
            k: {"old": _shown(v), "new": _shown(getattr(event, k))}
            for k, v in before.items()
            if getattr(event, k) != v
        },
    )
    if "capacity" in fields:
        offer_free_seats(event)  # a raised cap offers its new seats (docs/waitlist.md)
    event_touch(event)
    if event.side_event_of_id is not None:
        event_touch(event.side_event_of_id)  # the main event's page lists its side events
    return event


@transaction.atomic
def tables_set(*, event: Event, actor: AbstractBaseUser, tables: list[tuple[int, str]]) -> list[Table]:
    """Replace the event's tables (number, layout) — refused once a round uses them."""
    numbers = [number for number, _ in tables]
    if len(set(numbers)) != len(numbers):
        raise ServiceError("A table number is listed twice.", code="table-listed-twice", field="tables")
    if any(n < 1 for n in numbers):
        raise ServiceError("Table numbers start at 1.", field="tables")
    if any(n not in limits.TABLE_NUMBERS for n in numbers):
        raise ServiceError(f"Table numbers go up to {limits.TABLE_NUMBERS.high}.", field="tables")
    used = set(event.tables.filter(games__isnull=False).values_list("number", flat=True))
    missing = used - set(numbers)
    if missing:
        raise ServiceError(
            f"Tables already used by a round cannot be removed: {sorted(missing)}.",
            code="table-in-use",
            field="tables",
        )
    existing = {t.number: t for t in event.tables.all()}
    result = []
    for number, layout in tables:
        table = existing.pop(number, None) or Table(event=event, number=number)
        table.layout = layout
        table.save()
        result.append(table)
    Table.objects.filter(pk__in=[t.pk for t in existing.values()]).delete()
    audit(event=event, actor=actor, action="tables-set", data={"tables": [list(t) for t in tables]})
    event_touch(event)
    return result


@transaction.atomic
def staff_add(*, event: Event, actor: AbstractBaseUser, user: AbstractBaseUser, role: str) -> StaffRole:
    if role not in StaffRoleKind.values:
        raise ServiceError(f"Unknown staff role {role!r}.", field="role")
    plays = Player.objects.filter(event=event, user_id=user.pk).exists()
    if plays and event.kind == EventKind.COMPETITIVE and role in (StaffRoleKind.TO, StaffRoleKind.HEAD_JUDGE):
        raise ServiceError(
            "At a competitive event the TO and the Head Judge cannot also play; withdraw the entry first.",
            code="staff-cannot-play",
            field="role",
        )
    staff, created = StaffRole.objects.get_or_create(event=event, user_id=user.pk, role=role)
    audit(event=event, actor=actor, action="staff-added", subject=str(user), data={"role": role})
    if created and user.pk != actor.pk:
        notify_staff_added(staff)
    event_touch(event)
    return staff


@transaction.atomic
def staff_remove(*, event: Event, actor: AbstractBaseUser, user: AbstractBaseUser, role: str) -> None:
    """Take one staff role away from a user; their other roles (and any entry as a player) stay.

    The last TO cannot be removed: an event without one has nobody left who may run it
    (OP Guide: Roles and Requirements — every event has a TO).
    """
    if role not in StaffRoleKind.values:
        raise ServiceError(f"Unknown staff role {role!r}.", field="role")
    # Lock the event's TO rows too, so two TOs removing each other at once cannot leave none.
    tos = list(StaffRole.objects.select_for_update().filter(event=event, role=StaffRoleKind.TO))
    held = StaffRole.objects.filter(event=event, user_id=user.pk, role=role).first()
    label = StaffRoleKind(role).label
    if held is None:
        raise ServiceError(
            f"{user.get_username()} is not a {label} at {event.name}.", code="not-found", field="username"
        )
    if role == StaffRoleKind.TO and len(tos) == 1:
        raise ServiceError(
            f"{user.get_username()} is the event's only Tournament Organiser; add another TO before "
            "removing them.",
            code="last-to",
            field="role",
        )
    held.delete()
    audit(event=event, actor=actor, action="staff-removed", subject=str(user), data={"role": role})
    event_touch(event)
