"""Pages anyone may read: the event listing, pairings, standings and published rosters."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase, QueryDict
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.safestring import SafeString, mark_safe

from rosters.models import Roster
from rules_engine.names import name_key
from standings import explain, four_dp_text
from standings.display import standings_state
from tournaments.access import EventAccess, access_event
from tournaments.caching import cached_for_version, cached_or_latest
from tournaments.conditional import conditional, is_htmx
from tournaments.event_time import zone_label
from tournaments.models import Event, RoundStatus
from tournaments.public_rows import (
    STANDINGS_COLUMNS,
    PairingRow,
    Seat,
    cut_notes,
    indicative_note,
    pairing_rows,
    rank_labels,
    seats,
    standings_figure,
    team_matches,
)
from tournaments.selectors import (
    event_champion,
    event_suggested_cut,
    event_suggested_rounds,
    event_teams,
    join_closed_reason,
    public_factions,
    registration_is_open,
    rosters_public,
    round_games,
    round_progress,
    seat_of,
    side_events_of,
    standings_cached,
    supplied_pack,
    team_players,
    visible_rosters,
)
from tournaments.services.schedules import event_slots
from tournaments.services.side_events import main_event_player
from tournaments.team_selectors import event_squads, team_format
from tournaments.views.common import by_table, nav_context
from tournaments.waitlist_selectors import capacity_of


def home(request: HttpRequest) -> HttpResponse:
    # Each side event names its main event (OP Guide: Side Events): loaded with it, one query.
    events = Event.objects.select_related("side_event_of").order_by("-starts_on", "name")[:50]
    return render(request, "tournaments/home.html", {"events": events})


def event_home(request: HttpRequest, slug: str) -> HttpResponseBase:
    access = access_event(request.user, slug)
    check = conditional(request, access, "event")
    if (not_modified := check.fresh()) is not None:
        return not_modified
    event = access.event
    sheet = event_sheet(event)
    context = nav_context(access, "event") | {
        "sheet": sheet,
        # What differs by reader: the side events they may join, their main-event entry.
        "side_events": side_events_of(event, request.user) if sheet.has_side_events else [],
        "main_entry": main_event_player(event, request.user) if event.side_event_of_id else None,
        "join_closed": join_closed_reason(event) if event.side_event_of_id else "",
        # The winner of the top cut's final, named at the top of the event's page.
        "champion": event_champion(event) if event.has_cut else None,
    }
    return check.finish(render(request, "tournaments/event_home.html", context))


@dataclass(frozen=True)
class EventSheet:
    """The event page's parts that are the same for every reader, as rendered HTML."""

    details: SafeString
    listing: SafeString
    # Whether the event has side events: the list itself differs by reader (whether they
    # are in, may join), so only an event that has some asks for it.
    has_side_events: bool


def event_sheet(event: Event) -> EventSheet:
    """The facts, teams, tables and rounds of the event page, rendered once per event version
    and shared by every reader (tournaments.caching): a public page costs its frame, not its
    facts. What changes with time alone (rosters made public on their date) is in the key."""
    return cached_for_version(event, "event-sheet", _once_public(event), lambda: _render_event_sheet(event))


def _render_event_sheet(event: Event) -> EventSheet:
    rounds = list(event.rounds.exclude(status=RoundStatus.PAIRED).order_by("number"))
    players = event.players.aggregate(
        total=Count("id"), active=Count("id", filter=Q(dropped_after_round__isnull=True))
    )
    context = {
        "event": event,
        "tables": list(event.tables.order_by("number")),
        "rounds": rounds,
        "players": players,
        "suggested": event_suggested_rounds(event, players["active"] or 0),
        "suggested_cut": event_suggested_cut(event, players["active"] or 0),
        "rosters_public": rosters_public(event),
        "zone_label": zone_label(event),
        # The TO's switch alone says nothing once the event is under way or over.
        "registration_open": registration_is_open(event),
        "capacity": capacity_of(event),
        "supplied_pack": supplied_pack(event),
        "game": event.system,
        # The event listing's schedule (OP Guide: The Tournament Organiser).
        "slots": event_slots(event),
        # A team game's teams and their players (docs/teams.md).
        "teams": event_teams(event),
        # A team tournament's teams, members in order, and its format in words
        # (docs/team-matches.md).
        "squads": event_squads(event) if event.is_team_tournament else [],
        "team_format": team_format(event),
    }
    # Rendered by our own templates, which escape every value in them.
    return EventSheet(
        details=mark_safe(render_to_string("tournaments/_event_details.html", context)),
        listing=mark_safe(render_to_string("tournaments/_event_listing.html", context)),
        has_side_events=Event.objects.filter(side_event_of=event).exists(),
    )


# How often a phone on the pairings or standings page asks again; each ask is a 304 unless
# the event changed (tournaments.conditional).
POLL_SECONDS = 15


def _once_public(event: Event) -> tuple[str, ...]:
    """The fragments' cache key part for what shows once rosters are public (the factions):
    that happens with time alone, not with a write that moves the event's version (OP Guide:
    Submission and Publication), so a fragment cached before must not be served after."""
    return ("rosters-public",) if rosters_public(event) else ()


# A round with more tables than this is shown a page at a time, one list at a time (by
# table or by name) with a search over all of it: a phone is not sent 512 tables and
# 1,024 names on every refresh (docs/performance.md, "Big events").
PAGE_TABLES = 64
PAGE_SEATS = 2 * PAGE_TABLES
SEARCH_RESULTS = 40


@dataclass(frozen=True)
class Listing:
    """What part of a big round's pairings the reader asked for (`?view=`, `?page=`, `?q=`)."""

    view: str = "tables"  # or "names"
    page: int = 1
    query: str = ""
    round: str = ""  # the round asked for, kept in every link ("" for the latest)

    @classmethod
    def of(cls, params: QueryDict) -> Listing:
        view = "names" if params.get("view") == "names" else "tables"
        asked = params.get("page", "")
        page = int(asked) if asked.isdigit() and 0 < len(asked) < 6 else 1
        query = " ".join(str(params.get("q", "")).split())[:60]
        number = params.get("round", "")
        return cls(view=view, page=max(page, 1), query=query, round=number if number.isdigit() else "")

    def key(self) -> tuple[str, ...]:
        # A search is any text: a digest of it keeps the cache key to safe characters.
        query = hashlib.sha256(self.query.encode()).hexdigest()[:16] if self.query else ""
        return (self.view, str(self.page), query)

    def params(self, **changes: str | int) -> str:
        """This listing's query string with `changes` (the pager's and the tabs' links)."""
        wanted: dict[str, str | int] = {
            "round": self.round,
            "view": self.view,
            "page": self.page,
            "q": self.query,
        }
        wanted.update(changes)
        return urlencode({k: v for k, v in wanted.items() if v not in ("", "tables", 1)})


@dataclass(frozen=True)
class PageLink:
    label: str
    href: str
    current: bool


def _paged(
    listing: Listing, count: int, size: int, labels: Callable[[int, int], str]
) -> tuple[int, list[PageLink]]:
    """The page shown (clamped) and a link to each page, labelled by what it holds."""
    pages = max((count + size - 1) // size, 1)
    page = min(listing.page, pages)
    links = [
        PageLink(
            labels(n * size, min((n + 1) * size, count) - 1), "?" + listing.params(page=n + 1), n + 1 == page
        )
        for n in range(pages)
    ]
    return page, links


def _big_round_listing(listing: Listing, rows: list[PairingRow], every_seat: list[Seat]) -> dict[str, Any]:
    """A big round's page of the list asked for, or the search's matches, with the links."""
    tabs = [
        PageLink("By table", "?" + listing.params(view="tables", page=1, q=""), listing.view == "tables"),
        PageLink("By name", "?" + listing.params(view="names", page=1, q=""), listing.view == "names"),
    ]
    if listing.query:
        wanted = name_key(listing.query)
        found = [seat for seat in every_seat if wanted in name_key(seat.name)]
        return {
            "paged": True,
            "tabs": tabs,
            "rows": [],
            "seats": found[:SEARCH_RESULTS],
            "found": len(found),
            "pager": [],
        }
    if listing.view == "names":
        page, pager = _paged(
            listing,
            len(every_seat),
            PAGE_SEATS,
            lambda a, b: f"{every_seat[a].name} to {every_seat[b].name}",
        )
        start = (page - 1) * PAGE_SEATS
        return {
            "paged": True,
            "tabs": tabs,
            "rows": [],
            "seats": every_seat[start : start + PAGE_SEATS],
            "pager": pager,
        }

    def tables(a: int, b: int) -> str:
        first, last = rows[a].game.table, rows[b].game.table
        return f"Tables {first.number if first else '?'} to {last.number if last else '?'}"

    page, pager = _paged(listing, len(rows), PAGE_TABLES, tables)
    start = (page - 1) * PAGE_TABLES
    return {
        "paged": True,
        "tabs": tabs,
        "rows": rows[start : start + PAGE_TABLES],
        "seats": [],
        "pager": pager,
    }


def _pairings_fragment(access: EventAccess, wanted: str | None, listing: Listing = Listing()) -> str:
    # Everyone, staff included, sees only what has been published here; drafts live on the TO pages.
    published = list(access.event.rounds.exclude(status=RoundStatus.PAIRED).order_by("number"))
    round_ = published[-1] if published else None
    if wanted is not None:
        round_ = next((r for r in published if str(r.number) == wanted), None)
        if round_ is None:
            raise Http404("That round has not been published.")
    games = by_table(round_games(round_)) if round_ is not None else []
    factions = public_factions(access.event) if games else {}
    poll_url = reverse("pairings", args=[access.event.slug])
    asked = listing.params()
    rows = pairing_rows(games, factions)
    every_seat = seats(games, factions)
    context = {
        "event": access.event,
        "round": round_,
        "rounds": published,
        "games": games,
        "rows": rows,
        # A team tournament's round is shown match by match (docs/team-matches.md): the games
        # made so far on each match's block of tables, never the protocol's hidden choices.
        "matches": team_matches(access.event, round_, factions)
        if round_ is not None and access.event.is_team_tournament
        else [],
        "seats": every_seat,
        "listing": listing,
        "poll_url": f"{poll_url}?{asked}" if asked else poll_url,
        "poll_seconds": POLL_SECONDS,
    }
    if len(rows) > PAGE_TABLES and not context["matches"]:
        context |= _big_round_listing(listing, rows, every_seat)
    return render_to_string("tournaments/_pairings_live.html", context)


def live_page(
    request: HttpRequest,
    access: EventAccess,
    section: str,
    template: str,
    fragment: Callable[[], tuple[str, int]],
    extra: dict[str, Any] | None = None,
) -> HttpResponseBase:
    """A polled page: 304 when unchanged, the fragment alone for htmx, else the whole page.

    The fragment may be the newest one stored rather than the current version's while
    another process renders that, or for an htmx poll while the stored one is less than
    LIVE_REFRESH_MS old (tournaments.caching.cached_or_latest): the ETag is then the older
    version's, so the answer is never labelled newer than it is.
    """
    check = conditional(request, access, section)
    if (not_modified := check.fresh()) is not None:
        return not_modified
    html, shown = fragment()
    if shown != access.event.version:
        check = conditional(request, access, section, version=shown)
        if (not_modified := check.fresh()) is not None:
            return not_modified
    # Rendered by our own template, which escaped every value in it.
    live = mark_safe(html)
    if is_htmx(request):
        return check.finish(HttpResponse(live))
    context = nav_context(access, section) | {"live": live} | (extra or {})
    return check.finish(render(request, template, context))


def pairings(request: HttpRequest, slug: str) -> HttpResponseBase:
    access = access_event(request.user, slug)
    wanted = request.GET.get("round")
    listing = Listing.of(request.GET)

    def fragment() -> tuple[str, int]:
        if wanted is not None and not wanted.isdigit():
            raise Http404("That round has not been published.")
        # Asked only for a 200: a 304 costs no more than the access check.
        parts = ("latest" if wanted is None else wanted, *listing.key(), *_once_public(access.event))
        return cached_or_latest(
            access.event,
            "pairings-html",
            parts,
            lambda: _pairings_fragment(access, wanted, listing),
            may_lag=is_htmx(request),
        )

    extra = _my_table(access, wanted) | {"listing": listing}
    return live_page(request, access, "pairings", "tournaments/pairings.html", fragment, extra=extra)


def _my_table(access: EventAccess, wanted: str | None) -> dict[str, Any]:
    """The caller's own game in the round shown, said in words above the (shared, cached)
    table; the table's rows carry player ids, and the page's script marks the caller's."""
    if access.player is None:
        return {}
    seat = seat_of(access.player)
    if seat is None or (wanted is not None and str(seat.round) != wanted):
        return {}
    return {"my_seat": seat}


def _standings_fragment(access: EventAccess) -> str:
    table = standings_cached(access.event)
    notes = cut_notes(access.event)
    labels = rank_labels([row.rank for row in table.rows])
    keys = [key for key in access.event.system.standings_keys if key in STANDINGS_COLUMNS]
    factions = public_factions(access.event) if table.rows else {}
    rows = [
        {
            "label": label,
            "row": row,
            "faction": factions.get(row.player, ""),
            "cut": notes.get(row.player, ""),
            "figures": [standings_figure(row, key) for key in keys],
            "sos": four_dp_text(row.sos),
            "otp": four_dp_text(row.otp),
        }
        for label, row in zip(labels, table.rows, strict=True)
    ]
    progress = round_progress(access.event)
    in_progress = progress is not None and not progress.complete
    context = {
        "event": access.event,
        "standings": table,
        "final": table.final and not in_progress,
        "state": standings_state(table, progress),
        "rows": rows,
        "columns": [STANDINGS_COLUMNS[key] for key in keys],
        "indicative_note": indicative_note([STANDINGS_COLUMNS[k][0] for k in keys if k in ("sos", "otp")]),
        "poll_url": reverse("standings", args=[access.event.slug]),
        "poll_seconds": POLL_SECONDS,
        # One reverse for the whole table rather than one per row (a fifth of the render).
        "detail_url": reverse("standing", args=[access.event.slug, "-"])[:-2],
    }
    return render_to_string("tournaments/_standings_live.html", context)


def standings(request: HttpRequest, slug: str) -> HttpResponseBase:
    access = access_event(request.user, slug)

    def fragment() -> tuple[str, int]:
        return cached_or_latest(
            access.event,
            "standings-html",
            _once_public(access.event),
            lambda: _standings_fragment(access),
            may_lag=is_htmx(request),
        )

    return live_page(request, access, "standings", "tournaments/standings.html", fragment)


def standing_detail(request: HttpRequest, slug: str, player: str) -> HttpResponseBase:
    access = access_event(request.user, slug)
    check = conditional(request, access, "standing")
    if (not_modified := check.fresh()) is not None:
        return not_modified
    table = standings_cached(access.event)
    if player not in table:
        raise Http404("No such player.")
    explanation = explain(table, player)
    row = explanation.standing
    context = nav_context(access, "standings") | {
        "x": explanation,
        "row": row,
        "sos": four_dp_text(row.sos),
        "otp": four_dp_text(row.otp),
        # A system whose games score no TP (Warpspawn) shows no TP or oTP: always 0 there.
        "shows_tp": "tp" in access.event.system.standings_keys,
        "games": [
            {"game": game, "opponent": explanation.names.get(game.opponent or "", "Bye")}
            for game in row.games
        ],
        # A team game's team page names its players (docs/teams.md).
        "teammates": team_players(access.event, player),
    }
    return check.finish(render(request, "tournaments/standing_detail.html", context))


def roster_groups(rosters: list[Roster]) -> list[dict[str, Any]]:
    """Rosters grouped by player, in the order given (player name, then slot)."""
    groups: list[dict[str, Any]] = []
    for roster in rosters:
        if not groups or groups[-1]["player"].pk != roster.player_id:
            groups.append({"player": roster.player, "rosters": []})
        groups[-1]["rosters"].append(roster)
    return groups


def rosters(request: HttpRequest, slug: str) -> HttpResponseBase:
    access = access_event(request.user, slug)
    check = conditional(request, access, "rosters")
    if (not_modified := check.fresh()) is not None:
        return not_modified
    # By name as people read a list (accents and case ignored; the database's order is not).
    visible = sorted(visible_rosters(access), key=lambda r: (name_key(r.player.name), r.player_id, r.slot))
    context = nav_context(access, "rosters") | {
        "groups": roster_groups(visible),
        "rosters_public": rosters_public(access.event),
    }
    return check.finish(render(request, "tournaments/rosters.html", context))
