"""Reads of the seasons app: series standings, profiles, ratings (docs/series.md,
docs/ratings.md). Computed from the events' own standings on each read, so a correction to
a finished event flows into its series at once."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser

from rosters.models import Roster
from season_points import EventResult, SeriesStandings, series_standings
from season_points import Formula as PointsFormula
from seasons.models import PlayerRating, Profile, RatingChange, Series
from seasons.rating_record import account_key, account_of
from standings.engine import GameLine
from tournaments.bridges.standings import event_standings
from tournaments.models import Event, EventStatus, Player, StaffRole

WIN_MP, DRAW_MP = 3, 1


def formula_of(series: Series) -> PointsFormula:
    return PointsFormula(
        series.formula, tuple(series.table), series.participation, series.base, series.best_of
    )


def series_events(series: Series) -> list[Event]:
    return list(Event.objects.filter(series_entry__series=series).order_by("starts_on", "name", "pk"))


def event_result(event: Event) -> EventResult:
    """The event's final placings, each player keyed by account (a seat no account claimed is
    a one-off, keyed by the event), disqualified players and spares left out."""
    standings = event_standings(event)
    seats = {p.external_id: p for p in event.players.all()}
    placings: dict[str, int] = {}
    names: dict[str, str] = {}
    for row in standings.rows:
        if row.rank is None or not row.placed:
            continue
        seat = seats.get(row.player)
        key = account_key(seat.user_id) if seat is not None and seat.user_id else f"{event.slug}:{row.player}"
        placings[key] = row.rank
        names[key] = row.name
    return EventResult(id=event.slug, name=event.name, placings=placings, names=names)


def series_table(series: Series) -> SeriesStandings:
    """The series standings over its finished events, live as each finishes."""
    finished = [e for e in series_events(series) if e.status == EventStatus.FINISHED]
    return series_standings([event_result(e) for e in finished], formula_of(series))


def profile_is_public(user: AbstractBaseUser) -> bool:
    return Profile.objects.filter(user_id=user.pk, public=True).exists()


def public_profile_users(user_ids: set[int]) -> set[int]:
    """Of these accounts, those whose profile is public (for links from standings)."""
    return set(Profile.objects.filter(user_id__in=user_ids, public=True).values_list("user_id", flat=True))


@dataclass(frozen=True)
class ProfileEvent:
    event: Event
    role: str  # "Player", or the staff role's name
    placing: int | None
    field: int
    factions: tuple[str, ...]
    record: tuple[int, int, int] | None  # wins, draws, losses


@dataclass(frozen=True)
class ProfileView:
    user: AbstractBaseUser
    events: tuple[ProfileEvent, ...]
    ratings: tuple[PlayerRating, ...]
    changes: tuple[RatingChange, ...]


def _record(games: tuple[GameLine, ...]) -> tuple[int, int, int]:
    """Wins, draws and losses against an opponent (byes left out), read from Match Points:
    3 for a win, 1 for a draw, 0 for a loss (docs/standings.md)."""
    played = [g for g in games if g.opponent is not None]
    wins = sum(1 for g in played if g.mp == WIN_MP)
    draws = sum(1 for g in played if g.mp == DRAW_MP)
    return wins, draws, len(played) - wins - draws


def profile(user: AbstractBaseUser) -> ProfileView:
    """The account's events on this site (as player and staff), placings, factions, ratings."""
    items: list[ProfileEvent] = []
    seats = Player.objects.filter(user_id=user.pk).select_related("event").order_by("-event__starts_on")
    for seat in seats:
        event = seat.event
        placing, field_size, record = None, event.players.count(), None
        if event.status == EventStatus.FINISHED:
            standings = event_standings(event)
            if seat.external_id in standings:
                row = standings[seat.external_id]
                placing = row.rank
                record = _record(row.games)
            field_size = sum(1 for r in standings.rows if r.placed)
        factions = tuple(r.faction for r in Roster.objects.filter(player=seat).order_by("slot") if r.faction)
        items.append(ProfileEvent(event, "Player", placing, field_size, factions, record))
    for staff in (
        StaffRole.objects.filter(user_id=user.pk).select_related("event").order_by("-event__starts_on")
    ):
        items.append(
            ProfileEvent(staff.event, staff.get_role_display(), None, staff.event.players.count(), (), None)
        )
    items.sort(key=lambda i: (i.event.starts_on is None, i.event.starts_on), reverse=True)
    return ProfileView(
        user=user,
        events=tuple(items),
        ratings=tuple(PlayerRating.objects.filter(user_id=user.pk).order_by("game_system")),
        changes=tuple(
            RatingChange.objects.filter(user_id=user.pk)
            .select_related("event")
            .order_by("game_system", "finished")
        ),
    )


def public_leaderboard(game_system: str, *, limit: int = 100) -> tuple[list[PlayerRating], int]:
    """The system's ratings of the players who show their profile, best first (at most
    `limit`), and how many more are rated but keep their profile private."""
    board = leaderboard(game_system, limit=None)
    public = public_profile_users({r.user_id for r in board})
    listed = [r for r in board if r.user_id in public]
    return listed[:limit], len(board) - len(listed)


def series_accounts(table: SeriesStandings) -> dict[str, int]:
    """The accounts behind the series rows (a one-off seat has none), by row key."""
    found = {row.player: account_of(row.player) for row in table.rows}
    return {key: user for key, user in found.items() if user is not None}


def leaderboard(game_system: str, *, limit: int | None = 100) -> list[PlayerRating]:
    """The system's rated accounts by shown rating (mu - 3 sigma), highest first."""
    ratings = PlayerRating.objects.filter(game_system=game_system).select_related("user")
    ordered = sorted(ratings, key=lambda r: (-r.ordinal, r.user.get_username()))
    return ordered if limit is None else ordered[:limit]
