"""Rows and objects turned into the plain dicts the output serializers render.

Each function reads only what its caller has already loaded (select_related /
prefetch_related in the selectors), so list endpoints stay at a fixed query count.
"""

from __future__ import annotations

from typing import Any

from rosters.models import Roster
from tournaments import selectors
from tournaments.access import EventAccess
from tournaments.models import (
    LISTING_FIELDS,
    AuditEntry,
    Event,
    Game,
    Player,
    ResultReport,
    ResultStatus,
    Round,
)
from tournaments.schedule import ScheduleError, parse_schedule
from tournaments.waitlist_selectors import capacity_of


def player_status(player: Player) -> str:
    # Same precedence as the standings engine (standings.engine.player_status).
    if player.spare:
        return "spare"
    if player.disqualified_after_round is not None:
        return "disqualified"
    if player.dropped_after_round is not None:
        return "dropped"
    return "active"


def player_ref(player: Player | None) -> dict[str, str] | None:
    if player is None:
        return None
    return {"external_id": player.external_id, "name": player.name}


def player_dict(player: Player) -> dict[str, Any]:
    """Every field; PlayerSerializer drops the staff-only ones for everyone else."""
    return {
        "external_id": player.external_id,
        "name": player.name,
        "status": player_status(player),
        "dropped_after_round": player.dropped_after_round,
        "disqualified_after_round": player.disqualified_after_round,
        "email": player.email,
        "username": player.user.get_username() if player.user is not None else None,
        "checked_in_at": player.checked_in_at,
        "checked_in_via": player.checked_in_via,
        # A team game's entrant is a team: its players, in order (their armies' slots).
        "teammates": [m.name for m in player.teammates.all()] if player.event.team_size else [],
    }


def event_detail(access: EventAccess) -> dict[str, Any]:
    event: Event = access.event
    data: dict[str, Any] = {name: getattr(event, name) for name in EVENT_FIELDS}
    data["tables"] = [{"number": t.number, "layout": t.layout} for t in selectors.event_tables(event)]
    data["schedule"] = [{"round": n, "starts_at": start} for n, start in stored_schedule(event)]
    data["accommodations_deadline"] = event.accommodations_deadline
    data["rosters_locked"] = selectors.rosters_locked(event)
    data["rosters_public"] = selectors.rosters_public(event)
    data["side_event_of"] = event.side_event_of.slug if event.side_event_of is not None else None
    data["side_events"] = list(event.side_events.order_by("slug").values_list("slug", flat=True))
    data["your_roles"] = sorted(access.roles)
    data["your_player"] = access.player.external_id if access.player is not None else None
    cap = capacity_of(event)
    data["seats_free"] = cap.seats_free
    data["full"] = cap.full
    data["waiting"] = cap.waiting
    if access.is_staff:
        active = selectors.active_player_count(event)
        data["join_code"] = event.join_code
        data["active_players"] = active
        # The game's round count for this many players (StarCraft: OP Guide, Event Size and
        # Format); None where its rules suggest none.
        data["suggested_rounds"] = selectors.event_suggested_rounds(event, active)
        data["suggested_cut"] = selectors.event_suggested_cut(event, active)
    return data


def stored_schedule(event: Event) -> list[tuple[int, Any]]:
    """The event's round start times as datetimes (the services store only valid ones)."""
    try:
        return parse_schedule(event.schedule)
    except ScheduleError:
        return []


EVENT_FIELDS = (
    "slug",
    "name",
    "game_system",
    "kind",
    "scale",
    "status",
    "starts_on",
    "ends_on",
    "venue",
    "time_zone",
    "planned_rounds",
    "cut_size",
    "cut_ties",
    "team_size",
    "team_budget",
    "squad_size",
    "match_rule",
    "match_draw_margin",
    "match_pairing",
    "protocol_step_minutes",
    "distinct_factions",
    "format_summary",
    "registration_open",
    "capacity",
    "waitlist_accept_hours",
    "rules_cutoff",
    "points_limit",
    "list_format",
    "rounds_changed_at",
    "roster_deadline",
    "roster_publication",
    "rosters_published_at",
    "late_roster_penalty",
    "round_minutes",
    "first_round_extra_minutes",
    "to_plays",
    "head_judge_plays",
    "conduct_contact",
    *LISTING_FIELDS,
)


def _external_id(game: Game, player_id: int | None) -> str | None:
    if player_id is None:
        return None
    if player_id == game.player_one_id:
        return game.player_one.external_id
    if game.player_two is not None and player_id == game.player_two_id:
        return game.player_two.external_id
    return None


def _pair(one: int | None, two: int | None) -> list[int | None] | None:
    return [one, two] if one is not None or two is not None else None


def report_dict(game: Game, report: ResultReport) -> dict[str, Any]:
    return {
        "by": _external_id(game, report.reporter_id),
        "outcome": report.outcome,
        "vp": _pair(report.vp_one, report.vp_two),
        "kp": _pair(report.kp_one, report.kp_two),
        "loser": _external_id(game, report.loser_id),
        "winner": _external_id(game, report.winner_id),
        "details": dict(report.details or {}),
        "created_at": report.created_at,
    }


def disputed_by(game: Game) -> str | None:
    """The player id of who disputed the game's result, while it is disputed."""
    if game.result_status != ResultStatus.DISPUTED:
        return None
    return _external_id(game, game.disputed_by_id)


def game_dict(game: Game, *, reports: bool = False) -> dict[str, Any]:
    """A game with its table and players; `reports` needs `reports` prefetched (or costs a query)."""
    data: dict[str, Any] = {
        "id": game.pk,
        "round": game.round.number,
        "table": game.table.number if game.table is not None else None,
        "layout": game.table.layout if game.table is not None else "",
        "player_one": player_ref(game.player_one),
        "player_two": player_ref(game.player_two),
        "outcome": game.outcome,
        "vp": [game.vp_one, game.vp_two] if game.vp_one is not None and game.vp_two is not None else None,
        "kp": [game.kp_one, game.kp_two] if game.kp_one is not None and game.kp_two is not None else None,
        "loser": _external_id(game, game.loser_id),
        "winner": _external_id(game, game.winner_id),
        "result_status": game.result_status,
        "details": dict(game.details or {}),
        "needs_review": game.needs_review,
        "reviewed": game.reviewed_at is not None,
        "version": game.version,
    }
    if reports:
        data["reports"] = [report_dict(game, r) for r in game.reports.all()]
    return data


def round_summary(round_: Round) -> dict[str, Any]:
    """A round from `selectors.rounds_overview` (which adds the two counts)."""
    return {
        "number": round_.number,
        "status": round_.status,
        "published_at": round_.published_at,
        "closed_at": round_.closed_at,
        "games": getattr(round_, "games_count", 0),
        "confirmed": getattr(round_, "confirmed_count", 0),
        "scenario": round_.scenario_to_play,
        "stage": round_.stage,
    }


def game_factions(game: Game, factions: dict[str, str] | None) -> list[str | None] | None:
    """Each side's faction in player order (None for a bye's empty side); None while rosters
    are not public (`selectors.public_factions` hands None then)."""
    if factions is None:
        return None
    two = game.player_two
    return [
        factions.get(game.player_one.external_id, ""),
        factions.get(two.external_id, "") if two is not None else None,
    ]


def round_detail(
    round_: Round, games: list[Game], *, reports: bool, factions: dict[str, str] | None = None
) -> dict[str, Any]:
    """`factions`: each player's by external id once rosters are public, else None."""
    return {
        "number": round_.number,
        "status": round_.status,
        "published_at": round_.published_at,
        "closed_at": round_.closed_at,
        "scenario": round_.scenario_to_play,
        "stage": round_.stage,
        "seeds": round_.seeds,
        "games": [game_dict(g, reports=reports) | {"factions": game_factions(g, factions)} for g in games],
        "seed": round_.seed,
        "pairing_report": pairing.to_dict() if (pairing := round_.pairing) is not None else {},
    }


def roster_dict(roster: Roster, *, with_report: bool) -> dict[str, Any]:
    data: dict[str, Any] = {
        "player": player_ref(roster.player),
        "slot": roster.slot,
        "legal": roster.legal,
        "document": roster.document,
        "submitted_at": roster.submitted_at,
    }
    if with_report:
        data["report"] = roster.verdict.to_dict()
    return data


def roster_board_row(player: Player) -> dict[str, Any]:
    rosters = list(player.rosters.all())
    return {
        "player": player_ref(player),
        "status": player_status(player),
        "rosters": [
            {
                "slot": r.slot,
                "legal": r.legal,
                "submitted_at": r.submitted_at,
                "violations": [v.as_json() for v in r.verdict.violations],
            }
            for r in rosters
        ],
        "submitted": bool(rosters),
        "ready": bool(rosters) and all(r.legal for r in rosters),
    }


def audit_dict(entry: AuditEntry) -> dict[str, Any]:
    return {
        "created_at": entry.created_at,
        "actor": entry.actor.get_username() if entry.actor is not None else None,
        "action": entry.action,
        "subject": entry.subject,
        "reason": entry.reason,
        "data": entry.data,
    }
