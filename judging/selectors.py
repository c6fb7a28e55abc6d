"""Reads of the judging app: penalty logs and advice, conduct reports, drafts, the round clock."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone

from judging.domain import clock as clock_domain
from judging.domain import penalties as penalty_domain
from judging.models import (
    ConductReport,
    GameDraft,
    Penalty,
    PenaltyStatus,
    RosterFinding,
    RoundClock,
    TimeLimit,
)
from judging.services.clock import round_length
from rules_engine.registry import get_system
from tournaments.models import Event, Game, Player, Round, RoundStatus

# --- penalties ----------------------------------------------------------------------------


def penalty_log(
    event: Event,
    *,
    player: int | None = None,
    level: str = "",
    category: str = "",
    round_number: int | None = None,
    status: str = "",
) -> QuerySet[Penalty]:
    """The event's penalties, oldest first, filtered as the staff log asks."""
    rows = Penalty.objects.filter(event=event).select_related("player", "issued_by", "decided_by")
    if player is not None:
        rows = rows.filter(player_id=player)
    if level:
        rows = rows.filter(level=level)
    if category:
        rows = rows.filter(category=category)
    if round_number is not None:
        rows = rows.filter(round_number=round_number)
    if status:
        rows = rows.filter(status=status)
    return rows.order_by("issued_at", "id")


def own_penalties(player: Player) -> QuerySet[Penalty]:
    """What a player sees of their own record: penalties in force (a proposal is not one yet)."""
    return (
        Penalty.objects.filter(player=player, status__in=[PenaltyStatus.ISSUED, PenaltyStatus.CONFIRMED])
        .select_related("issued_by")
        .order_by("issued_at", "id")
    )


def pending_disqualifications(event: Event) -> QuerySet[Penalty]:
    return Penalty.objects.filter(event=event, status=PenaltyStatus.PENDING).select_related(
        "player", "issued_by"
    )


@dataclass(frozen=True)
class PenaltyAdvice:
    """What the judge's penalty form shows about one player, before anything is issued."""

    player: Player
    history: tuple[Penalty, ...]
    escalation: tuple[penalty_domain.Advice, ...]
    slow_play: penalty_domain.SlowPlayAdvice
    suggested: dict[str, str]  # category -> suggested level for a new infraction of it


def penalty_advice(player: Player, *, round_number: int | None = None) -> PenaltyAdvice:
    """OP Guide: Penalties and Pace of Play, read from the player's record so far in the event."""
    rows = tuple(Penalty.objects.filter(player=player).select_related("player", "issued_by", "decided_by"))
    history = [p.to_domain() for p in rows]
    if round_number is None:
        latest = player.event.rounds.exclude(status=RoundStatus.PAIRED).order_by("-number").first()
        round_number = latest.number if latest is not None else 0
    limits = [t.to_domain() for t in TimeLimit.objects.filter(player=player).select_related("player")]
    return PenaltyAdvice(
        player=player,
        history=rows,
        escalation=penalty_domain.escalation_advice(history),
        slow_play=penalty_domain.next_slow_play_step([*history, *limits], current_round=round_number),
        suggested={c.value: penalty_domain.suggest_level(history, c).value for c in penalty_domain.Category},
    )


# --- conduct reports and roster findings --------------------------------------------------


CONDUCT_FILTERS = ("open", "handled")


def conduct_reports(event: Event, *, status: str = "") -> QuerySet[ConductReport]:
    """The inbox, newest first: every report, or only the `open` or the `handled` ones."""
    rows = ConductReport.objects.filter(event=event).select_related("reporter", "handled_by")
    if status == "open":
        rows = rows.filter(handled_at__isnull=True)
    elif status == "handled":
        rows = rows.filter(handled_at__isnull=False)
    return rows.order_by("-created_at", "-id")


def conduct_reports_by(event: Event, user_id: int | None) -> QuerySet[ConductReport]:
    return ConductReport.objects.filter(event=event, reporter_id=user_id).order_by("-created_at", "-id")


def roster_findings(event: Event) -> QuerySet[RosterFinding]:
    return RosterFinding.objects.filter(event=event).select_related("player", "found_by", "corrected_by")


# --- the draft ----------------------------------------------------------------------------


def draft_for_game(game: Game) -> GameDraft | None:
    return GameDraft.objects.filter(game=game).select_related("game__round__event").first()


@dataclass(frozen=True)
class DraftSlip:
    """What a result slip prints from a completed draft: the game system's own lines."""

    picks: dict[str, str]  # what was picked, named by the system
    summary: tuple[tuple[str, str], ...]  # (label, text) lines, as the system words them
    rosters: tuple[str, str]  # player one's, then player two's
    completed_at_random: bool


def draft_result_for_game(game: Game) -> DraftSlip | None:
    """The stored draft result of a game, or None until its draft is complete."""
    draft = (
        GameDraft.objects.filter(game=game, completed_at__isnull=False)
        .select_related("game__round__event")
        .first()
    )
    if draft is None:
        return None
    rules = get_system(draft.game.round.event.game_system).pregame.draft
    res = draft.result
    rosters = res.get("rosters", {})
    return DraftSlip(
        picks=dict(draft.picks),
        summary=rules.summary(res)
        if rules is not None
        else tuple((k.title(), v) for k, v in draft.picks.items()),
        rosters=(str(rosters.get("A", "")), str(rosters.get("B", ""))),
        completed_at_random=draft.completed_at_random,
    )


# --- the round clock ----------------------------------------------------------------------


def clock_round(event: Event) -> Round | None:
    """The round the venue's clock shows: the latest one players have seen."""
    return event.rounds.exclude(status=RoundStatus.PAIRED).order_by("-number").first()


def clock_facts(round_: Round) -> clock_domain.RoundClock:
    """The stored facts, or a clock not yet started at the event's round length."""
    row = RoundClock.objects.filter(round=round_).first()
    if row is not None:
        return row.facts()
    length, extra = round_length(round_)
    rules = get_system(round_.event.game_system).clock
    return clock_domain.new_clock(timedelta(minutes=length), extra=timedelta(minutes=extra), rules=rules)


def clock_snapshot(event: Event, round_: Round | None, now: datetime | None = None) -> dict[str, Any]:
    """`judging.domain.clock.snapshot`, plus what a page titles it with."""
    now = now or timezone.now()
    base: dict[str, Any] = {"event": event.name, "slug": event.slug}
    if round_ is None:
        length = timedelta(minutes=event.round_minutes)
        rules = get_system(event.game_system).clock
        snap = clock_domain.snapshot(clock_domain.new_clock(length, rules=rules), now)
        return {**base, "round": None, **snap}
    if round_.status == RoundStatus.CLOSED:
        return {**base, "round": round_.number, **closed_snapshot(clock_facts(round_), round_, now)}
    return {**base, "round": round_.number, **clock_domain.snapshot(clock_facts(round_), now)}


ROUND_CLOSED = "round-closed"


def closed_snapshot(facts: clock_domain.RoundClock, round_: Round, now: datetime) -> dict[str, Any]:
    """A closed round's clock, stopped where it stood when the round closed: nothing left
    to count down or call, so the projector stops instead of running on (issue 13)."""
    at = min(round_.closed_at or now, now)
    snap = clock_domain.snapshot(facts, at)
    return {
        **snap,
        "state": ROUND_CLOSED,
        "server_now": now.isoformat(),
        "ends_at": None,
        "current_call": {"key": ROUND_CLOSED, "call": "Round closed"},
        "next_call": None,
    }


def clock_milestones(round_: Round, now: datetime | None = None) -> tuple[clock_domain.MilestoneStatus, ...]:
    """The game system's calls for this round, each reached or not, with when it is due."""
    return clock_domain.milestones(clock_facts(round_), now or timezone.now())
