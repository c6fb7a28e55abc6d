"""Reads of the judging app: penalty logs and advice, conduct reports, drafts, the round clock,
the tables' chess clocks."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import models
from django.db.models import QuerySet
from django.utils import timezone

from judging.domain import chess_clock as chess_domain
from judging.domain import clock as clock_domain
from judging.domain import penalties as penalty_domain
from judging.models import (
    ChessClock,
    ChessClockStatus,
    ConductReport,
    GameDraft,
    Penalty,
    PenaltyStatus,
    RosterFinding,
    RoundClock,
    TimeLimit,
)
from judging.services.clock import round_length
from tournaments.caching import event_stamp
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
    # The player's tables with a chess clock, latest round first: slow-play evidence.
    chess_clocks: tuple[ChessClock, ...] = ()


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
        chess_clocks=tuple(
            ChessClock.objects.filter(game__round__event_id=player.event_id)
            .filter(models.Q(game__player_one=player) | models.Q(game__player_two=player))
            .exclude(status=ChessClockStatus.NOT_STARTED)
            .select_related("game__round", "game__table")
            .order_by("-game__round__number")
        ),
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
    rules = draft.game.round.event.system.pregame.draft
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
    # One row per round (unique): `filter` then a list, not `first()`, which would compile an
    # ORDER BY; the round given is the row's, with its event, so `facts()` asks nothing more.
    rows = list(RoundClock.objects.filter(round=round_))
    if rows:
        rows[0].round = round_
        return rows[0].facts()
    length, extra = round_length(round_)
    rules = round_.event.system.clock
    return clock_domain.new_clock(timedelta(minutes=length), extra=timedelta(minutes=extra), rules=rules)


def clock_snapshot(event: Event, round_: Round | None, now: datetime | None = None) -> dict[str, Any]:
    """`judging.domain.clock.snapshot`, plus what a page titles it with."""
    now = now or timezone.now()
    base: dict[str, Any] = {"event": event.name, "slug": event.slug}
    if round_ is None:
        length = timedelta(minutes=event.round_minutes)
        rules = event.system.clock
        snap = clock_domain.snapshot(clock_domain.new_clock(length, rules=rules), now)
        return {**base, "round": None, **snap}
    return _snapshot_of(event, round_, clock_facts(round_), now)


def _snapshot_of(
    event: Event, round_: Round, facts: clock_domain.RoundClock, now: datetime
) -> dict[str, Any]:
    base: dict[str, Any] = {"event": event.name, "slug": event.slug, "round": round_.number}
    if round_.status == RoundStatus.CLOSED:
        return {**base, **closed_snapshot(facts, round_, now)}
    return {**base, **clock_domain.snapshot(facts, now)}


def clock_etag(event: Event, snap: dict[str, Any], facts: clock_domain.RoundClock | None) -> str:
    """The validator of a clock reading (docs/polling.md, "The round clock"): what changes
    the clock a page shows, and nothing that moves by the second.

    A page counts down locally from `ends_at` and `server_now`, so while the clock runs its
    reading changes only when a fact does (a start, a pause, a resume, a call: none of them
    moves the event's version, so the facts are in it themselves), when a round is
    published or closed (the version), or when the state or the call reached changes with
    time alone (the closing period, the end, the next milestone: in it too, so the page is
    told of the next call rather than kept on the last one)."""
    facts_part = (
        ""
        if facts is None
        else "|".join(
            [
                str(facts.length.total_seconds()),
                str(facts.extra.total_seconds()),
                facts.started_at.isoformat() if facts.started_at else "-",
                ";".join(
                    f"{p.started_at.isoformat()}~{p.ended_at.isoformat() if p.ended_at else ''}"
                    for p in facts.pauses
                ),
                facts.called_at.isoformat() if facts.called_at else "-",
            ]
        )
    )
    current = snap.get("current_call") or {}
    upcoming = snap.get("next_call") or {}
    raw = "|".join(
        [
            "clock",
            event_stamp(event),
            str(snap.get("round")),
            str(snap["state"]),
            str(current.get("key", "")),
            str(upcoming.get("key", "")),
            str(snap["total_seconds"]),
            facts_part,
        ]
    )
    return '"c' + hashlib.blake2b(raw.encode(), digest_size=10).hexdigest() + '"'


def clock_reading(
    event: Event, round_: Round | None, now: datetime | None = None
) -> tuple[dict[str, Any], str]:
    """A round's clock snapshot with its validator (`clock_etag`), read once."""
    now = now or timezone.now()
    if round_ is None:
        snap = clock_snapshot(event, None, now)
        return snap, clock_etag(event, snap, None)
    facts = clock_facts(round_)
    snap = _snapshot_of(event, round_, facts, now)
    return snap, clock_etag(event, snap, facts)


ROUND_CLOSED = "round-closed"


def closed_snapshot(facts: clock_domain.RoundClock, round_: Round, now: datetime) -> dict[str, Any]:
    """A closed round's clock, stopped where it stood when the round closed: nothing left
    to count down or call, so the projector stops instead of running on."""
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


# --- the chess clock of a table (OP Guide: Chess Clocks) ------------------------------------

WAITING = (ChessClockStatus.AWAITING_JUDGE, ChessClockStatus.PAUSED)


def chess_clock_for_game(game: Game) -> ChessClock | None:
    return ChessClock.objects.filter(game=game).first()


def _reading_time(game: Game, now: datetime) -> datetime:
    """A closed round's chess clocks stand where they were when it closed."""
    closed = game.round.closed_at
    if game.round.status == RoundStatus.CLOSED and closed is not None:
        return min(closed, now)
    return now


def round_time_called(round_: Round, now: datetime) -> datetime | None:
    """When the round's time was called (the TO's call, or its clock reaching the end), if
    it has been by `now`; None while the round clock runs, or before it starts."""
    row = RoundClock.objects.filter(round_id=round_.pk).first()
    if row is None or row.started_at is None:
        return None
    row.round = round_  # the facts read the event's game system through it: no second query
    return clock_domain.time_called_at(row.facts(), now)


_UNKNOWN: Any = object()


def chess_clock_facts(
    game: Game, row: ChessClock | None, *, at: datetime, time_called: datetime | None = _UNKNOWN
) -> chess_domain.ChessClock:
    """The table's clock as it stands at `at`: the stored log, frozen at the moment the round's
    time was called if it has been (OP Guide: When Time Is Called). The freeze is derived here
    when the log has not recorded it yet, so every reader sees the same entry the services
    store (`judging.services.chess_clock`). `time_called` saves the round clock's query when
    the caller read it already for a whole round."""
    facts = row.facts() if row is not None else chess_domain.ChessClock()
    if time_called is _UNKNOWN:
        time_called = round_time_called(game.round, at) if facts.entries else None
    if time_called is not None and time_called > at:
        time_called = None
    return chess_domain.as_of_round(facts, time_called)


def chess_clock_reading(
    game: Game,
    row: ChessClock | None,
    *,
    seat: str | None,
    now: datetime | None = None,
    time_called: datetime | None = _UNKNOWN,
) -> dict[str, Any]:
    """What a phone (or a judge) shows of the table's chess clock, at the server's `now`.

    `seat` is the caller's side ("A", "B") or None for a judge. `waiting` says what the
    judges are wanted for (a start on an absent player's time, or a call), `last_ruling`
    the latest ruling. Pools are in milliseconds, `zero_at` when the running side's own pool
    reaches zero if nobody taps (a phone counts down to it between polls); `time_called_at`
    when the round's time was called and the clock froze.
    """
    now = now or timezone.now()
    at = _reading_time(game, now)
    facts = chess_clock_facts(game, row, at=at, time_called=time_called)
    snap = chess_domain.snapshot(facts, at)
    players = {"A": game.player_one, "B": game.player_two}
    seats = []
    for item in snap["seats"]:
        player = players[item["seat"]]
        seats.append(
            {
                **item,
                "player": player.external_id if player is not None else "",
                "name": player.name if player is not None else "",
            }
        )
    last = facts.last
    waiting = None
    if last is not None and facts.status in (chess_domain.Status.AWAITING_JUDGE, chess_domain.Status.PAUSED):
        waiting = {
            "reason": "absent-start" if facts.status is chess_domain.Status.AWAITING_JUDGE else "judge-call",
            "since": last.at.isoformat(),
            "by": last.by,
        }
    ruling = next((e for e in reversed(facts.entries) if e.kind is chess_domain.Kind.RULING), None)
    return {
        "game": game.pk,
        "round": game.round.number,
        "table": game.table.number if game.table is not None else None,
        **snap,
        "server_now": now.isoformat(),
        "seats": seats,
        "you": seat,
        "waiting": waiting,
        "last_ruling": (
            {"at": ruling.at.isoformat(), "by": ruling.by, "text": ruling.text}
            if ruling is not None
            else None
        ),
    }


def chess_clocks_waiting(event: Event) -> QuerySet[ChessClock]:
    """Tables of an open round whose chess clock waits for a judge (a request or a call), oldest first."""
    return (
        ChessClock.objects.filter(
            game__round__event=event, game__round__status=RoundStatus.PUBLISHED, status__in=WAITING
        )
        .select_related("game__round", "game__table", "game__player_one", "game__player_two")
        .order_by("updated_at", "id")
    )


def chess_clocks_of_round(round_: Round) -> QuerySet[ChessClock]:
    return (
        ChessClock.objects.filter(game__round=round_)
        .select_related("game__round", "game__table", "game__player_one", "game__player_two")
        .order_by("game__table__number", "id")
    )


@dataclass(frozen=True)
class EvidenceRow:
    entry: chess_domain.Entry
    text: str
    used_ms: int | None  # time the side running before this entry used since the entry before
    used_by: str  # that side's player's name
    pools: tuple[int, int]


@dataclass(frozen=True)
class ChessClockEvidence:
    """Slow-play evidence (OP Guide: Chess Clocks, General Etiquette: deliberately playing
    slowly "can be penalised"): every entry with the time used before it, and per player
    the stretches of running time, time used and the longest stretch."""

    names: tuple[str, str]
    rows: tuple[EvidenceRow, ...]
    sides: tuple[dict[str, Any], dict[str, Any]]
    open_stretch: chess_domain.Stretch | None


def chess_clock_evidence(game: Game, row: ChessClock, now: datetime | None = None) -> ChessClockEvidence:
    at = _reading_time(game, now or timezone.now())
    facts = chess_clock_facts(game, row, at=at)
    names = (
        game.player_one.name,
        game.player_two.name if game.player_two is not None else "",
    )
    by_seat = dict(zip(chess_domain.SEATS, names, strict=True))
    rows = []
    previous: chess_domain.Entry | None = None
    for entry in facts.entries:
        used: int | None = None
        used_by = ""
        if previous is not None and previous.status is chess_domain.Status.RUNNING and previous.running:
            used = sum(previous.pools) - sum(entry.pools)
            used_by = by_seat[previous.running]
        rows.append(EvidenceRow(entry, chess_domain.entry_text(previous, entry), used, used_by, entry.pools))
        previous = entry
    stretches = chess_domain.stretches(facts, at)
    open_stretch = stretches[-1] if stretches and stretches[-1].ended_at is None else None
    sides = tuple(
        {
            "name": by_seat[s.seat],
            "seat": s.seat,
            "stretches": s.stretches,
            "used_ms": s.used_ms,
            "longest_ms": s.longest_ms,
            "remaining_ms": left,
        }
        for s, left in zip(chess_domain.summary(facts, at), chess_domain.pools_at(facts, at), strict=True)
    )
    assert len(sides) == 2
    return ChessClockEvidence(names, tuple(rows), (sides[0], sides[1]), open_stretch)
