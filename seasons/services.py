"""Writes of the seasons app: profiles, series, ratings (docs/series.md, docs/ratings.md)."""

from __future__ import annotations

import zlib
from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.db import connection, transaction
from django.utils.text import slugify

from ratings import rate_events
from rules_engine.registry import UnknownGameSystem, get_system
from season_points import Formula as PointsFormula
from season_points import SeasonError
from seasons.models import PlayerRating, Profile, RatingChange, Series, SeriesEvent
from seasons.rating_record import account_of, rated_events
from tournaments.errors import ServiceError
from tournaments.models import Event, EventStatus, Player, StaffRole, StaffRoleKind
from tournaments.services.versions import event_touch

SERIES_NAME_LENGTH = 200


@transaction.atomic
def profile_set_public(*, user: AbstractBaseUser, public: bool) -> Profile:
    """The player's own choice: their profile is shown to everyone, or to them alone."""
    profile, _ = Profile.objects.update_or_create(user_id=user.pk, defaults={"public": public})
    # Standings link public profiles, and are cached by each event's version: bump them.
    for event_id in Player.objects.filter(user_id=user.pk).values_list("event_id", flat=True).distinct():
        event_touch(event_id)
    return profile


def points_formula(
    *,
    formula: str,
    table: Sequence[int] = (),
    participation: int = 0,
    base: int = 100,
    best_of: int | None = None,
) -> PointsFormula:
    """The series' formula, checked by the engine (its codes become the service's)."""
    try:
        return PointsFormula(formula, tuple(table), participation, base, best_of)
    except SeasonError as exc:
        raise ServiceError(str(exc), code=exc.code, field="formula") from None
    except TypeError:
        raise ServiceError("A placing table lists whole numbers.", code="bad-table", field="table") from None


def _unique_slug(name: str) -> str:
    base = slugify(name)[:70] or "series"
    slug, n = base, 2
    while Series.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


@transaction.atomic
def series_create(
    *,
    organiser: AbstractBaseUser,
    name: str,
    game_system: str,
    formula: str,
    table: Sequence[int] = (),
    participation: int = 0,
    base: int = 100,
    best_of: int | None = None,
    description: str = "",
) -> Series:
    """A new series of one game system, its points by the formula picked (docs/series.md)."""
    name = name.strip()
    if not name or len(name) > SERIES_NAME_LENGTH:
        raise ServiceError(f"A series needs a name of 1 to {SERIES_NAME_LENGTH} characters.", field="name")
    try:
        get_system(game_system)
    except UnknownGameSystem as exc:
        raise ServiceError(str(exc), field="game_system") from None
    checked = points_formula(
        formula=formula, table=table, participation=participation, base=base, best_of=best_of
    )
    return Series.objects.create(
        name=name,
        slug=_unique_slug(name),
        game_system=game_system,
        organiser_id=organiser.pk,
        description=description.strip()[:500],
        formula=checked.kind,
        table=list(checked.table),
        participation=checked.participation,
        base=checked.base,
        best_of=checked.best_of,
    )


@transaction.atomic
def series_update_formula(
    *,
    series: Series,
    by: AbstractBaseUser,
    formula: str,
    table: Sequence[int] = (),
    participation: int = 0,
    base: int = 100,
    best_of: int | None = None,
) -> Series:
    """The organiser changes the formula; the standings are recomputed from it on read."""
    _refuse_unless_organiser(series, by)
    checked = points_formula(
        formula=formula, table=table, participation=participation, base=base, best_of=best_of
    )
    series.formula, series.table = checked.kind, list(checked.table)
    series.participation, series.base, series.best_of = checked.participation, checked.base, checked.best_of
    series.save(update_fields=["formula", "table", "participation", "base", "best_of"])
    return series


def _refuse_unless_organiser(series: Series, by: AbstractBaseUser) -> None:
    if series.organiser_id != by.pk:
        raise ServiceError("Only the series' organiser changes it.", code="not-series-organiser")


@transaction.atomic
def series_add_event(*, series: Series, event: Event, by: AbstractBaseUser) -> SeriesEvent:
    """The organiser adds an event they run (its TO) before it starts: of the series' game
    system, in no other series."""
    _refuse_unless_organiser(series, by)
    event = Event.objects.select_for_update().get(pk=event.pk)
    if not StaffRole.objects.filter(event=event, user_id=by.pk, role=StaffRoleKind.TO).exists():
        raise ServiceError(f"You are not the TO of {event.name}.", code="not-event-to", field="event")
    if event.game_system != series.game_system:
        raise ServiceError(
            f"{event.name} is not an event of the series' game system.",
            code="series-game-system",
            field="event",
        )
    if event.status in (EventStatus.RUNNING, EventStatus.FINISHED) or event.rounds.exists():
        raise ServiceError(
            f"{event.name} has started: an event joins a series before its first round.",
            code="event-started",
            field="event",
        )
    if SeriesEvent.objects.filter(event=event).exists():
        raise ServiceError(f"{event.name} is in a series already.", code="in-a-series", field="event")
    entry = SeriesEvent.objects.create(series=series, event=event)
    event_touch(event)  # the event's page names its series
    return entry


@transaction.atomic
def series_remove_event(*, series: Series, event: Event, by: AbstractBaseUser) -> None:
    """Take an event out before it starts (afterwards its placings belong to the series)."""
    _refuse_unless_organiser(series, by)
    entry = SeriesEvent.objects.filter(series=series, event=event).select_related("event").first()
    if entry is None:
        raise ServiceError(f"{event.name} is not in this series.", code="not-in-series", field="event")
    if entry.event.rounds.exists():
        raise ServiceError(f"{event.name} has started: it stays in the series.", code="event-started")
    entry.delete()
    event_touch(event)  # the event's page names its series


def _one_rating_at_a_time(game_system: str) -> None:
    """Two recomputes of one system at once (a worker's task and a correction's, or two
    events finishing together) would each delete the ratings and insert their own: the
    second insert breaks the one-rating-per-account rule. On PostgreSQL the transaction takes
    an advisory lock named by the system, so they run one after the other; SQLite has a
    single writer already."""
    if connection.vendor == "postgresql":
        key = zlib.crc32(f"ratings:{game_system}".encode())
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [key])


@transaction.atomic
def ratings_recompute(*, game_system: str) -> int:
    """Rate every finished event of the system again from the start and store the ratings
    and each event's changes (docs/ratings.md): a correction anywhere in the history moves
    every rating after it, so the whole system is rated again; it is closed-form and fast.
    Returns how many accounts are rated."""
    _one_rating_at_a_time(game_system)
    history = rate_events(rated_events(game_system))
    PlayerRating.objects.filter(game_system=game_system).delete()
    RatingChange.objects.filter(game_system=game_system).delete()
    ratings, changes = [], []
    for key, player in history.items():
        user_id = account_of(key)
        assert user_id is not None  # the rating engine only ever sees accounts' keys
        current = player.current
        ratings.append(
            PlayerRating(
                user_id=user_id,
                game_system=game_system,
                mu=current.mu,
                sigma=current.sigma,
                games=player.games,
            )
        )
        for step in player.steps:
            changes.append(
                RatingChange(
                    user_id=user_id,
                    game_system=game_system,
                    event_id=int(step.event),
                    finished=step.finished,
                    mu_before=step.before.mu,
                    sigma_before=step.before.sigma,
                    mu_after=step.after.mu,
                    sigma_after=step.after.sigma,
                    games=step.games,
                    wins=step.wins,
                    draws=step.draws,
                    losses=step.losses,
                )
            )
    PlayerRating.objects.bulk_create(ratings)
    RatingChange.objects.bulk_create(changes)
    return len(ratings)
