"""Reads: what each page and API endpoint shows, in a bounded number of queries."""

from __future__ import annotations

from django.db.models import Q, QuerySet
from django.utils import timezone

from pairings.standings import Standings, standings_for_event
from rosters.models import Roster
from tournaments.access import EventAccess
from tournaments.eventio import event_file_from_db
from tournaments.models import (
    Event,
    Game,
    Player,
    ResultStatus,
    RosterPublication,
    Round,
    RoundStatus,
)


def event_standings(event: Event) -> Standings:
    """Standings from confirmed results; final once the last planned round has closed."""
    event_file = event_file_from_db(event, rosters=False)
    closed = event.rounds.filter(status=RoundStatus.CLOSED).count()
    final = closed >= event.planned_rounds
    return standings_for_event(event_file, planned_rounds=event.planned_rounds, final=final)


def round_games(round_: Round) -> QuerySet[Game]:
    return round_.games.select_related("table", "player_one", "player_two", "loser").order_by(
        "table__number", "id"
    )


def visible_rounds(access: EventAccess) -> QuerySet[Round]:
    """Staff see rounds still being reviewed; everyone else only published ones."""
    rounds = access.event.rounds.order_by("number")
    return rounds if access.is_staff else rounds.exclude(status=RoundStatus.PAIRED)


def current_round(access: EventAccess) -> Round | None:
    return visible_rounds(access).order_by("-number").first()


def player_games(player: Player) -> QuerySet[Game]:
    return (
        Game.objects.filter(Q(player_one=player) | Q(player_two=player))
        .exclude(round__status=RoundStatus.PAIRED)
        .select_related("round", "table", "player_one", "player_two", "loser")
        .order_by("-round__number")
    )


def opponents_in_published_rounds(player: Player) -> set[int]:
    ids: set[int] = set()
    for one, two in player_games(player).values_list("player_one_id", "player_two_id"):
        ids.update(i for i in (one, two) if i is not None and i != player.pk)
    return ids


def rosters_public(event: Event) -> bool:
    """OP Guide: Submission and Publication — the TO's published policy decides."""
    now = timezone.now()
    if event.roster_publication == RosterPublication.AFTER_DEADLINE:
        return event.roster_deadline is not None and now >= event.roster_deadline
    if event.roster_publication == RosterPublication.ON_DATE:
        return event.rosters_published_at is not None and now >= event.rosters_published_at
    return False


def visible_rosters(access: EventAccess) -> QuerySet[Roster]:
    """Staff see every roster; players their own and, once paired, their opponents'."""
    rosters = Roster.objects.filter(player__event=access.event).select_related("player").order_by(
        "player__name", "slot"
    )
    if access.is_staff or rosters_public(access.event):
        return rosters
    allowed: set[int] = set()
    if access.player is not None:
        allowed = {access.player.pk} | opponents_in_published_rounds(access.player)
    return rosters.filter(player_id__in=allowed)


def judge_queue(event: Event) -> QuerySet[Game]:
    """Disputed results and games that didn't get far enough, oldest round first."""
    return (
        Game.objects.filter(round__event=event)
        .filter(Q(result_status=ResultStatus.DISPUTED) | Q(needs_review=True, reviewed_at__isnull=True))
        .select_related("round", "table", "player_one", "player_two")
        .prefetch_related("reports")
        .order_by("round__number", "table__number")
    )
