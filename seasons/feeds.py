"""The public results feed for ranking sites (docs/results-feed.md): a finished event's final
results and a series' standings as open JSON documents, holding only what the public pages
show (factions only once the event's rosters are public; no e-mail, no account name of a
player who keeps their profile private)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.urls import reverse

from rosters.models import Roster
from seasons.models import Series
from seasons.selectors import formula_of, public_profile_users, series_accounts, series_events, series_table
from tournaments.bridges.record import event_record
from tournaments.bridges.standings import event_standings
from tournaments.models import Event, EventStatus
from tournaments.selectors import rosters_public

EVENT_FORMAT = "muster-results/1"
SERIES_FORMAT = "muster-series/1"


def _fraction(value: Any) -> str:
    """SoS and oTP exactly, as the standings compare them ("7/2"), never a rounded float."""
    return str(value)


def _profile_urls(user_ids: dict[str, int]) -> dict[str, str]:
    """Profile addresses of the players who made theirs public, by key."""
    public = public_profile_users(set(user_ids.values()))
    names = dict(get_user_model().objects.filter(pk__in=public).values_list("pk", "username"))
    return {
        key: reverse("seasons:profile", args=[names[uid]]) for key, uid in user_ids.items() if uid in public
    }


def event_feed(event: Event) -> dict[str, Any]:
    """A finished event's final results (the caller refuses an unfinished one)."""
    standings = event_standings(event)
    seats = {p.external_id: p for p in event.players.all()}
    users = {pid: seat.user_id for pid, seat in seats.items() if seat.user_id is not None}
    profiles = _profile_urls(users)
    factions: dict[str, list[str]] = {}
    if rosters_public(event):
        for roster in Roster.objects.filter(player__event=event).select_related("player").order_by("slot"):
            if roster.faction:
                factions.setdefault(roster.player.external_id, []).append(roster.faction)
    record = event_record(event)
    return {
        "format": EVENT_FORMAT,
        "event": {
            "name": event.name,
            "slug": event.slug,
            "url": reverse("event", args=[event.slug]),
            "game_system": event.game_system,
            "game_system_name": event.game_system_name,
            "scale": event.scale,
            "kind": event.kind,
            "starts_on": event.starts_on.isoformat() if event.starts_on else None,
            "ends_on": event.ends_on.isoformat() if event.ends_on else None,
            "venue": event.venue,
            "rounds": len(record.rounds),
            "top_cut": event.cut_size,
        },
        "standings": [
            {
                "rank": row.rank,
                "player": row.player,
                "name": row.name,
                "profile": profiles.get(row.player),
                "status": row.status,
                "mp": row.mp,
                "tp": row.tp,
                "sos": _fraction(row.sos),
                "otp": _fraction(row.otp),
                "factions": factions.get(row.player, []),
            }
            for row in standings.rows
        ],
        "games": [
            {
                "round": round_.number,
                "stage": round_.stage,
                "table": game.table,
                "players": list(game.players),
                "outcome": game.outcome,
                "vp": list(game.vp) if game.vp is not None else None,
                "winner": game.winner,
                "loser": game.loser,
            }
            for round_ in record.rounds
            for game in round_.games
        ],
    }


def series_feed(series: Series) -> dict[str, Any]:
    """A series' standings over its finished events, with its formula and events."""
    table = series_table(series)
    formula = formula_of(series)
    users = series_accounts(table)
    profiles = _profile_urls(users)
    events = series_events(series)
    return {
        "format": SERIES_FORMAT,
        "series": {
            "name": series.name,
            "slug": series.slug,
            "url": reverse("seasons:series", args=[series.slug]),
            "game_system": series.game_system,
            "formula": {
                "kind": formula.kind,
                "table": list(formula.table),
                "participation": formula.participation,
                "base": formula.base,
                "best_of": formula.best_of,
                "described": formula.describe(),
            },
        },
        "events": [
            {"slug": e.slug, "name": e.name, "finished": e.status == EventStatus.FINISHED} for e in events
        ],
        "standings": [
            {
                "rank": row.rank,
                "name": row.name,
                "profile": profiles.get(row.player),
                "points": row.points,
                "events": row.events,
                "entries": [
                    {"event": e.event, "placing": e.rank, "points": e.points, "counted": e.counted}
                    for e in row.entries
                ],
            }
            for row in table.rows
        ],
    }
