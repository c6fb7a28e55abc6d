"""Every page every role can reach, in every game system, on a 390 px phone and a 1280 px
desktop: each answers 200, fits its width (no sideways scrolling of the page, nothing
sticking out of its card, nothing clipped), and axe-core finds nothing critical, serious or
moderate on it.

The events are `tests.builders.event_day`'s: one per game system in the middle of its day
(round 2 under way: a round clock and a chess clock running, a draft where the system has
one, a result to confirm, a dispute, penalties, a conduct report, a roster finding, hobby
award votes) and one per system finished. The roles are the anonymous visitor, a player
(bob, at table 1), a judge (hank, the Head Judge, who sees every judging page) and the TO
(alice).

Every route of the site is accounted for (`test_every_route_is_walked_or_excluded`): walked
as the roles that reach it, or excluded for a reason the walk checks when it meets it —
not HTML (PDF, CSV, JSON, the API), an action that only answers a POST, a fragment a
walked page loads into itself, or a redirect. The results go to var/accessibility-walk.json;
`python -m tests.browser.accessibility_table` writes docs/accessibility.md's table from it
and var/accessibility.json (the journeys' scan).

Screenshots of every page at both widths go to MUSTER_WALK_SHOTS when it is set (they are
for looking at, not for committing).
"""

from __future__ import annotations

import os
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from rules_engine.pregame import PregameKind
from rules_engine.registry import get_system
from seasons.models import Series, SeriesEvent
from seasons.services import profile_set_public, ratings_recompute, series_create
from tests.browser.conftest import DESKTOP, PHONE, REPO, axe_scan, axe_source, log_in, new_page, save_json
from tests.builders.event_day import EventDay, finished, mid_play
from tests.builders.pregame_systems import SYSTEMS
from tests.builders.teams import team_day
from venue.check_in import check_in_code

pytestmark = pytest.mark.browser

IMPACTS = ("critical", "serious", "moderate", "minor")
FAILING = ("critical", "serious", "moderate")
ROLES = {None: "anonymous", "bob": "player", "hank": "judge", "alice": "TO"}
WIDTHS = {"390": PHONE, "1280": DESKTOP}
RESULTS = REPO / "var" / "accessibility-walk.json"

# Routes that are not pages, each with the reason; the walk checks the reason holds.
NOT_HTML = "not HTML"
POST_ONLY = "an action: answers only a POST (a GET is refused with 405)"
FRAGMENT = "a fragment a walked page loads into itself (no <html> of its own)"
REDIRECTS = "redirects (no page of its own)"
EXCLUDED: dict[str, str] = {
    "healthz": NOT_HTML + ": the load balancer's JSON health check",
    "favicon": NOT_HTML + ": the icon",
    "service-worker": NOT_HTML + ": the offline table view's JavaScript",
    "web-manifest": NOT_HTML + ": the web app manifest (JSON)",
    "api-schema": NOT_HTML + ": the OpenAPI schema",
    "api-docs": NOT_HTML + ": the API's Swagger UI (drf-spectacular's page about the API)",
    "api-redoc": NOT_HTML + ": the API's ReDoc (drf-spectacular's page about the API)",
    "pack-download": NOT_HTML + ": the data pack's JSON file",
    "manage-export": NOT_HTML + ": the confidential event/1 JSON file",
    "public-export": NOT_HTML + ": the public event/1 JSON file",
    "judging:penalties-csv": NOT_HTML + ": CSV",
    "printing:download": NOT_HTML + ": the printed PDF",
    "printing:csv-standings": NOT_HTML + ": CSV",
    "printing:csv-pairings": NOT_HTML + ": CSV",
    "printing:csv-rosters": NOT_HTML + ": CSV",
    "printing:api-request": NOT_HTML + ": the printing API (JSON)",
    "printing:api-job": NOT_HTML + ": the printing API (JSON)",
    "venue:screen-data": NOT_HTML + ": the hall screen's data (JSON)",
    "judging:clock-state": NOT_HTML + ": the venue clock's reading (JSON) the screens poll",
    "printing:status": FRAGMENT,
    "judging:draft-state": FRAGMENT,
    "judging:chess-clock-state": FRAGMENT,
    "judging:clock-mini": FRAGMENT,
    "judging:penalty-advice": FRAGMENT,
    "rounds-hint": FRAGMENT,
    "event-system-fields": FRAGMENT,
    "account_set_password": REDIRECTS + ": an account with a password is sent to change it",
    "account_confirm_login_code": REDIRECTS + ": no login code pending, back to log in",
    **{
        name: POST_ONLY
        for name in (
            "logout",
            "account_logout",
            "printing:request",
            "printing:retry",
            "side-event-join",
            "me-roster",
            "me-roster-withdraw",
            "me-team",
            "me-result",
            "me-confirm",
            "me-dispute",
            "me-dispute-note",
            "roster-check",
            "judging:draft-act",
            "my-team-choose",
            "judging:chess-clock-act",
            "judge-review",
            "judge-accept",
            "judging:penalty-decide",
            "judging:time-limit",
            "judging:conduct-handle",
            "judging:draft-random",
            "judging:draft-enter-roster",
            "judging:draft-enter-roll-off",
            "judging:chess-clock-judge",
            "judging:clock-action",
            "manage-scoring",
            "manage-side-event-delete",
            "manage-player-add",
            "manage-players-import",
            "manage-players-invite",
            "manage-staff-invite",
            "manage-staff-invitation-withdraw",
            "manage-player-invite-again",
            "manage-player-action",
            "manage-team-drop",
            "manage-waitlist-action",
            "manage-pair",
            "manage-match-pairs",
            "manage-match-call-time",
            "manage-swap-players",
            "manage-swap-tables",
            "manage-publish",
            "manage-scenario",
            "manage-repair",
            "manage-undo",
            "awards:vote",
            "venue:announcement-withdraw",
            "awards:close",
            "awards:publish",
            "awards:tie-break",
            "seasons:series-add",
            "seasons:series-remove",
            "seasons:series-formula",
        )
    },
    # A waiting person's own page (docs/waitlist.md): the walk's events have no cap, so
    # nobody waits; tests/tournaments/web/test_waitlist_pages.py renders it in each state.
    "waitlist": "a full event's waiting person's page: no walked event is full",
    "seasons:series-csv": NOT_HTML + ": CSV",
    "seasons:series-pdf": NOT_HTML + ": the series standings' PDF",
    "seasons:event-factions-csv": NOT_HTML + ": CSV (the faction statistics)",
    "seasons:series-factions-csv": NOT_HTML + ": CSV (the faction statistics)",
    "seasons:event-feed": NOT_HTML + ": the results feed (JSON)",
    "seasons:series-feed": NOT_HTML + ": the results feed (JSON)",
    "venue:overlay-json": NOT_HTML + ": the stream overlay's data (JSON)",
    "venue:game-result": REDIRECTS + ": a result slip's code sends a player to their page's result form",
    "venue:stream-consent": POST_ONLY,
    "venue:featured-table": POST_ONLY,
}
# The Django admin's pages (admin/…) are the administrator's, no role of an event's, and
# every /api/ route answers JSON: both are left out as a whole (NOT_HTML for the API).
EXCLUDED_PREFIXES = {
    "admin/": "the Django admin (the site administrator's, not an event role's)",
    "api/": NOT_HTML,
}


@dataclass(frozen=True)
class Visit:
    route: str  # the URL name, as `reverse` knows it
    path: str
    label: str  # the path with the event's slug and ids named


def _routes() -> dict[str, str]:
    """Every named route of the site: name -> pattern."""
    found: dict[str, str] = {}

    def walk(resolver: URLResolver, prefix: str, namespace: str) -> None:
        for entry in resolver.url_patterns:
            if isinstance(entry, URLResolver):
                walk(
                    entry,
                    prefix + str(entry.pattern),
                    namespace + (f"{entry.namespace}:" if entry.namespace else ""),
                )
            elif isinstance(entry, URLPattern) and entry.name:
                found.setdefault(namespace + entry.name, prefix + str(entry.pattern))

    walk(get_resolver(), "", "")
    return found


def _site_pages() -> dict[str | None, list[tuple[str, str]]]:
    """The pages about no event, by role (route name, path)."""
    signed_in = [
        ("home", "/"),
        ("my-events", "/my-events/"),
        ("event-new", "/events/new/"),
        ("account-notifications", "/accounts/notifications/"),
        ("account_email", "/accounts/email/"),
        ("account_change_password", "/accounts/password/change/"),
        ("account_reauthenticate", "/accounts/reauthenticate/"),
        ("seasons:series-new", "/series/new/"),
        ("seasons:profile-settings", "/accounts/profile/"),
        *SEASON_PAGES,
    ]
    anonymous = [
        ("home", "/"),
        ("login", "/accounts/login/"),
        ("account_signup", "/accounts/signup/"),
        ("account_reset_password", "/accounts/password/reset/"),
        ("account_reset_password_done", "/accounts/password/reset/done/"),
        ("account_email_verification_sent", "/accounts/confirm-email/"),
        ("account_inactive", "/accounts/inactive/"),
        ("account_reset_password_from_key_done", "/accounts/password/reset/key/done/"),
        ("account_reset_password_from_key", "/accounts/password/reset/key/1-not-a-key/"),
        ("account_confirm_email", "/accounts/confirm-email/not-a-key/"),
        *SEASON_PAGES,
    ]
    # Each signed-in role reads its own profile (private: theirs alone); the series' organiser
    # (alice) sees its management forms on the series page.
    return {
        None: anonymous,
        **{who: [*signed_in, ("seasons:profile", f"/players/{who}/")] for who in ("bob", "hank", "alice")},
    }


# Pages about no event that everyone reads: the walk's series (its finished StarCraft event
# in it, `_walk_series`), the series list and a game system's ratings.
WALK_SERIES = "walk-league"
SEASON_PAGES = [
    ("seasons:series-list", "/series/"),
    ("seasons:series", f"/series/{WALK_SERIES}/"),
    ("seasons:series-factions", f"/series/{WALK_SERIES}/factions/"),
    ("seasons:ratings", "/ratings/starcraft-tmg/"),
]


def _walk_series(users: dict[str, Any], finished_event: Any) -> None:
    """The walk's series, run by alice, with a finished event, its ratings, and bob's profile public."""
    series = series_create(
        organiser=users["alice"],
        name="Walk League",
        game_system=finished_event.game_system,
        formula="placing-table",
        table=[10, 6, 4, 2, 1],
    )
    Series.objects.filter(pk=series.pk).update(slug=WALK_SERIES)
    SeriesEvent.objects.create(series_id=series.pk, event_id=finished_event.pk)
    ratings_recompute(game_system=finished_event.game_system)
    profile_set_public(user=users["bob"], public=True)


def _ids(day: EventDay) -> dict[str, Any]:
    """The ids an event's URLs name, by the placeholder `_event_pages` writes for each."""
    return {
        "game": day.game.pk,
        "n": day.round_number,
        "bob": day.bob.external_id,
        "player": day.bob.pk,
        "roster": day.bob.rosters.get(slot=1).pk,
        "finding": day.finding.pk if day.finding else 0,
        "code": day.event.join_code,
        "token": day.invitation,
        "staff_token": day.staff_invitation,
        "job": day.print_job or 0,
        "check_in": check_in_code(day.event),
    }


def _event_pages(system: str, *, playing: bool) -> dict[str | None, list[tuple[str, str]]]:
    """The pages of one event of the game `system`, by role: (route name, path inside
    /e/<slug>/ with the ids as `_ids` placeholders)."""
    drafts = get_system(system).pregame.kind == PregameKind.DRAFT
    public = [
        ("event", ""),
        ("pairings", "pairings/"),
        ("standings", "standings/"),
        ("standing", "standings/{bob}/"),
        ("rosters", "rosters/"),
        ("pack", "pack/"),
        ("judging:clock", "clock/"),
        ("venue:screen", "screen/"),
        ("printing:page", "print/"),
        ("awards:index", "awards/"),
        ("venue:table", "tables/1/"),
        ("venue:overlay", "overlay/"),
    ]
    if not playing:
        return {
            # The finished events end with a top cut; their rosters are public: the factions.
            None: [*public, ("bracket", "bracket/"), ("seasons:event-factions", "factions/")],
            "bob": [("me", "me/"), ("awards:index", "awards/"), ("standings", "standings/")],
            "hank": [("judge", "judge/"), ("judging:penalties", "judge/penalties/")],
            "alice": [
                ("manage", "manage/"),
                ("manage-round", "manage/rounds/1/"),
                ("awards:manage", "manage/awards/"),
            ],
        }
    # A system without a pre-game draft has no draft pages (404, and nothing links to them).
    at_the_table = [("judging:chess-clock", "games/{game}/chess-clock/")]
    drafting = [("judging:drafts", "judge/drafts/")] if drafts else []
    if drafts:
        at_the_table.append(("judging:draft", "games/{game}/draft/"))
    judging = [
        ("judge", "judge/"),
        ("judge-results", "judge/rounds/{n}/"),
        ("judge-game", "judge/games/{game}/"),
        ("judging:penalties", "judge/penalties/"),
        ("judging:penalty-new", "judge/penalties/new/"),
        ("judging:findings", "judge/findings/"),
        ("judging:finding", "judge/findings/{finding}/"),
        ("judging:finding-new", "judge/rosters/{roster}/finding/"),
        ("judging:chess-clocks", "judge/chess-clocks/"),
        ("judging:chess-clock-evidence", "judge/games/{game}/chess-clock/"),
        ("manage-rosters", "manage/rosters/"),
        ("manage-roster-edit", "manage/rosters/{player}/1/"),
        ("judging:conduct", "conduct/"),
        *at_the_table,
        *drafting,
    ]
    head_judge = [("judging:conduct-inbox", "judge/conduct/"), ("judging:clock-control", "rounds/{n}/clock/")]
    return {
        None: [
            *public,
            ("join", "join/{code}/"),
            ("invitation", "invitation/{token}/"),
            ("staff-invitation", "staff-invitation/{staff_token}/"),
            ("printing:job", "print/jobs/{job}/"),
        ],
        "bob": [
            ("me", "me/"),
            ("me-drop", "me/drop/"),
            # The door's code (docs/venue.md): bob is checked in, or told he already is.
            ("venue:check-in", "check-in/{check_in}/"),
            ("judging:my-penalties", "me/penalties/"),
            ("judging:conduct", "conduct/"),
            *at_the_table,
            ("pairings", "pairings/"),
            ("standings", "standings/"),
            ("awards:index", "awards/"),
        ],
        "hank": [*judging, *head_judge, ("pairings", "pairings/")],
        "alice": [
            ("manage", "manage/"),
            ("manage-settings", "manage/settings/"),
            ("manage-copy", "manage/copy/"),
            ("manage-pack", "manage/pack/"),
            ("manage-staff", "manage/staff/"),
            ("manage-side-events", "manage/side-events/"),
            ("manage-players", "manage/players/"),
            ("manage-audit", "manage/audit/"),
            ("venue:manage-check-in", "manage/check-in/"),
            ("manage-round", "manage/rounds/1/"),
            ("manage-round", "manage/rounds/{n}/"),
            ("awards:manage", "manage/awards/"),
            ("venue:screens", "manage/screens/"),
            *head_judge,
            *judging,
        ],
    }


# Measured in the page: the page's own width against the viewport; elements sticking out
# of the card they sit in (`CARDS`) (unless inside a scroll box of their own within the card); boxes
# that hide what overflows them (overflow hidden or clip) with more inside than they show;
# and scroll boxes whose content is wider than they are (columns a reader must scroll to).
# The boxes drawn as cards: the site's cards, the chess clock and each of its seats, the
# round clock.
CARDS = ".card, .chess-clock, .chess-seat, .clock"
LAYOUT_JS = """() => {
  const CARDS = "__CARDS__";
  const vw = document.documentElement.clientWidth;
  const out = {page: [document.scrollingElement.scrollWidth, vw], outside: [], clipped: [], scrolls: []};
  const classes = (el) => typeof el.className === "string" && el.className.trim()
    ? "." + el.className.trim().split(/\\s+/).join(".") : "";
  const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + classes(el);
  const visible = (el) => { const r = el.getBoundingClientRect(); return r.width > 1 && r.height > 1; };
  for (const card of document.querySelectorAll(CARDS)) {
    if (!visible(card)) continue;
    const box = card.getBoundingClientRect();
    for (const el of card.querySelectorAll("*")) {
      if (!visible(el)) continue;
      let scroller = el.parentElement, inside = false;
      while (scroller && scroller !== card) {
        const s = getComputedStyle(scroller).overflowX;
        if (s !== "visible") { inside = true; break; }
        scroller = scroller.parentElement;
      }
      if (inside) continue;
      const r = el.getBoundingClientRect();
      if (r.right > box.right + 1 || r.left < box.left - 1) {
        const span = (b) => Math.round(b.left) + "-" + Math.round(b.right);
        out.outside.push(name(el) + " in " + name(card) + " (" + span(r) + " of " + span(box) + ")");
      }
    }
  }
  for (const el of document.body.querySelectorAll("*")) {
    if (!visible(el) || el.closest(".visually-hidden") || el.matches("input, textarea, select")) continue;
    const s = getComputedStyle(el);
    if (el.scrollWidth <= el.clientWidth + 1) continue;
    if (s.overflowX === "hidden" || s.overflowX === "clip") {
      const what = name(el) + " (" + el.scrollWidth + " in " + el.clientWidth + ")";
      if (s.textOverflow !== "ellipsis") out.clipped.push(what);
    } else if (s.overflowX === "auto" || s.overflowX === "scroll") {
      out.scrolls.push(name(el) + " (" + el.scrollWidth + " in " + el.clientWidth + ")");
    }
  }
  return out;
}""".replace("__CARDS__", CARDS)


def _layout_problems(layout: dict[str, Any], width: str) -> list[str]:
    problems = []
    scroll_width, viewport = layout["page"]
    if scroll_width > viewport:
        problems.append(f"the page is {scroll_width} px wide in a {viewport} px viewport")
    problems += [f"sticks out of its card: {what}" for what in layout["outside"][:5]]
    problems += [f"clipped: {what}" for what in layout["clipped"][:5]]
    # A table a reader must scroll sideways to read hides columns behind the card's edge
    # (the judge's chess-clock evidence did). The TO's tab strip scrolls by design: a row
    # of links a thumb swipes, the current one in view.
    problems += [f"scrolls sideways: {what}" for what in layout["scrolls"] if not what.startswith("nav.tabs")]
    return problems


def _check_excluded(request: Any, base: str, routes: dict[str, str], sample: dict[str, str]) -> list[str]:
    """Each excluded route met at a sample URL answers as its reason says."""
    wrong = []
    for name, url in sample.items():
        reason = EXCLUDED[name]
        answer = request.get(f"{base}{url}", max_redirects=0)
        kind = answer.headers.get("content-type", "")
        body = answer.text() if "text/html" in kind else ""
        if reason == POST_ONLY:
            ok = answer.status == 405
        elif reason == FRAGMENT:
            ok = answer.status == 200 and "<html" not in body.lower()
        elif reason.startswith(REDIRECTS):
            ok = answer.status in (301, 302)
        else:
            ok = (answer.status == 200 and "text/html" not in kind) or name in ("api-docs", "api-redoc")
        if not ok:
            wrong.append(f"{name} {url}: {answer.status} {kind} ({reason})")
    return wrong


def _sample_of_excluded(day: EventDay) -> dict[str | None, dict[str, str]]:
    """A URL for each excluded route, met as the role that may use it."""
    e, game, n = f"/e/{day.slug}/", day.game.pk, day.round_number
    bob_pk = day.bob.pk
    return {
        None: {
            "healthz": "/healthz",
            "favicon": "/favicon.ico",
            "service-worker": "/sw.js",
            "web-manifest": "/manifest.webmanifest",
            "api-schema": "/api/schema/",
            "pack-download": f"{e}pack/download/",
            "public-export": f"{e}export/",
            "printing:csv-standings": f"{e}print/csv/standings/",
            "printing:csv-pairings": f"{e}print/csv/pairings/1/",
            "printing:status": f"{e}print/jobs/{day.print_job}/status/",
            "judging:clock-mini": f"{e}clock/mini/",
            "venue:screen-data": f"{e}screen/data/",
            "judging:clock-state": f"{e}clock/state/",
            "rounds-hint": "/events/new/rounds-hint/?players=8",
            "printing:api-job": f"{e}print/api/jobs/{day.print_job}/",
            "seasons:series-csv": f"/series/{WALK_SERIES}/standings.csv",
            "seasons:series-pdf": f"/series/{WALK_SERIES}/standings.pdf",
            "seasons:series-factions-csv": f"/series/{WALK_SERIES}/factions.csv",
            "seasons:event-factions-csv": f"{e}factions.csv",
            "seasons:series-feed": f"/feeds/series/{WALK_SERIES}.json",
            "venue:overlay-json": f"{e}overlay.json",
        },
        "bob": {
            "printing:csv-rosters": f"{e}print/csv/rosters/",
            "judging:chess-clock-state": f"{e}games/{game}/chess-clock/state/",
            "event-system-fields": "/events/new/system-fields/?game_system=morsdei",
            "account_set_password": "/accounts/password/set/",
            "account_confirm_login_code": "/accounts/login/code/confirm/",
            **{
                name: url
                for name, url in {
                    "me-result": f"{e}me/result/",
                    "me-confirm": f"{e}me/confirm/",
                    "me-dispute": f"{e}me/dispute/",
                    "me-dispute-note": f"{e}me/dispute/note/",
                    "me-roster": f"{e}me/rosters/1/",
                    "me-roster-withdraw": f"{e}me/rosters/1/withdraw/",
                    "me-team": f"{e}me/team/",
                    "my-team-choose": f"{e}my-team/choose/",
                    "roster-check": f"{e}rosters/check/",
                    "judging:chess-clock-act": f"{e}games/{game}/chess-clock/act/",
                    "side-event-join": f"{e}side-join/",
                    "printing:request": f"{e}print/request/",
                    "printing:retry": f"{e}print/jobs/{day.print_job}/retry/",
                    "logout": "/accounts/logout/",
                    "awards:vote": f"{e}awards/{day.award.pk if day.award else 0}/vote/",
                    "venue:stream-consent": f"{e}me/stream-consent/",
                    "venue:game-result": f"{e}games/{game}/result/",
                }.items()
            },
        },
        "hank": {
            "judging:penalties-csv": f"{e}judge/penalties.csv",
            "judging:penalty-advice": f"{e}judge/penalties/advice/",
            "judge-review": f"{e}judge/games/{game}/review/",
            "judge-accept": f"{e}judge/games/{game}/accept/",
            "judging:time-limit": f"{e}judge/time-limits/",
            "judging:clock-action": f"{e}rounds/{n}/clock/start/",
            "judging:chess-clock-judge": f"{e}judge/games/{game}/chess-clock/acknowledge/",
            "judging:draft-random": f"{e}games/{game}/draft/random/",
        },
        "alice": {
            "manage-export": f"{e}manage/export/",
            "manage-scoring": f"{e}manage/scoring/",
            "manage-player-add": f"{e}manage/players/add/",
            "manage-players-import": f"{e}manage/players/import/",
            "manage-players-invite": f"{e}manage/players/invite/",
            "manage-staff-invite": f"{e}manage/staff/invite/",
            "manage-player-action": f"{e}manage/players/{bob_pk}/check-in/",
            "manage-player-invite-again": f"{e}manage/players/{bob_pk}/invite-again/",
            "manage-team-drop": f"{e}manage/teams/1/drop/",
            "manage-waitlist-action": f"{e}manage/waitlist/1/up/",
            "manage-match-pairs": f"{e}manage/rounds/{n}/matches/1/pairs/",
            "manage-match-call-time": f"{e}manage/rounds/{n}/matches/1/call-time/",
            "manage-pair": f"{e}manage/rounds/pair/",
            "manage-swap-players": f"{e}manage/rounds/{n}/swap-players/",
            "manage-swap-tables": f"{e}manage/rounds/{n}/swap-tables/",
            "manage-publish": f"{e}manage/rounds/{n}/publish/",
            "manage-scenario": f"{e}manage/rounds/{n}/scenario/",
            "manage-repair": f"{e}manage/rounds/{n}/repair/",
            "manage-undo": f"{e}manage/rounds/{n}/undo/",
            "awards:close": f"{e}manage/awards/close/",
            "venue:announcement-withdraw": f"{e}manage/screens/announcements/1/withdraw/",
            "awards:publish": f"{e}manage/awards/publish/",
            "venue:featured-table": f"{e}manage/rounds/{n}/featured-table/",
        },
    }


def _team_pages() -> dict[str | None, list[tuple[str, str]]]:
    """The pages of the team tournament (`tests.builders.teams.team_day`), by role: what a
    team tournament shows in its own way (docs/team-matches.md)."""
    public = [("team-standings", "team-standings/"), ("pairings", "pairings/"), ("standings", "standings/")]
    return {
        None: public,
        "bob": [("my-team", "my-team/"), ("me", "me/")],
        "hank": [("pairings", "pairings/")],
        "alice": [("manage-round", "manage/rounds/1/"), ("printing:page", "print/")],
    }


# One page under two names: allauth's login resolves to the site's own login page.
SAME_PAGE = {"account_login": "login"}


def _planned_routes() -> set[str]:
    """Every route the walk visits, as some role, in some game system."""
    planned = {route for pages in _site_pages().values() for route, _ in pages}
    for system in SYSTEMS:
        for playing in (True, False):
            planned |= {
                route for pages in _event_pages(system, playing=playing).values() for route, _ in pages
            }
    planned |= {route for pages in _team_pages().values() for route, _ in pages}
    return planned | {name for name, same in SAME_PAGE.items() if same in planned}


def test_every_route_is_walked_or_excluded() -> None:
    """A new route fails here until the walk visits it or says why it is no page."""
    walked = _planned_routes()
    routes = _routes()
    unaccounted = {
        name: pattern
        for name, pattern in routes.items()
        if name not in walked and name not in EXCLUDED and not pattern.startswith(tuple(EXCLUDED_PREFIXES))
    }
    assert unaccounted == {}, unaccounted
    assert not (walked & set(EXCLUDED)), walked & set(EXCLUDED)
    assert not (set(EXCLUDED) - set(routes)), set(EXCLUDED) - set(routes)


@pytest.mark.django_db(transaction=True)
def test_every_page_of_every_role_fits_and_passes_axe(
    live_server: Any, chromium_browser: Any, users: dict[str, Any]
) -> None:
    started = time.monotonic()
    days = {system: (mid_play(users, system), finished(users, system)) for system in SYSTEMS}
    teams = team_day(users)
    _walk_series(users, days[SYSTEMS[0]][1].event)
    base = live_server.url
    shots = Path(os.environ["MUSTER_WALK_SHOTS"]) if os.environ.get("MUSTER_WALK_SHOTS") else None
    if shots:
        shots.mkdir(parents=True, exist_ok=True)
    results: list[dict[str, Any]] = []
    failures: list[str] = []
    walked_routes: set[str] = set()

    def visit(page: Any, who: str | None, system: str, route: str, url: str, label: str) -> None:
        response = page.goto(f"{base}{url}", wait_until="load")
        assert response is not None
        status = response.status
        # What htmx fetches as the page loads (a clock, a live block) is in before the scan.
        # (polled from here: the site's CSP refuses the eval `wait_for_function` needs.)
        for _ in range(200):
            if not page.evaluate("() => document.querySelector('.htmx-request') !== null"):
                break
            page.wait_for_timeout(50)
        walked_routes.add(route)
        for width, viewport in WIDTHS.items():
            if page.viewport_size != viewport:
                page.set_viewport_size(viewport)
                page.wait_for_timeout(120)  # site.js re-measures the scroll boxes 100 ms after a resize
            layout = page.evaluate(LAYOUT_JS)
            scan = axe_scan(page)
            counts = Counter(v["impact"] for v in scan["violations"] for _ in range(v["count"]))
            problems = _layout_problems(layout, width)
            if status != 200:
                problems.insert(0, f"status {status}")
            bad = [
                f"{v['impact']} {v['id']}: {v['help']} ({v['count']}: {', '.join(v['nodes'])})"
                for v in scan["violations"]
                if v["impact"] in FAILING
            ]
            results.append(
                {
                    "page": label,
                    "as": ROLES[who],
                    "system": system,
                    "width": int(width),
                    "status": status,
                    "counts": {impact: counts.get(impact, 0) for impact in IMPACTS},
                    "rules": sorted(f"{v['impact']} {v['id']} ({v['count']})" for v in scan["violations"]),
                    "layout": problems,
                    "scrolls": layout["scrolls"],
                }
            )
            if problems or bad:
                failures.append(
                    f"{label} as {ROLES[who]} ({system}) at {width} px: {'; '.join(problems + bad)}"
                )
            if shots:
                flat = label.strip("/").replace("/", "_").replace("<", "").replace(">", "")
                name = f"{system}-{ROLES[who]}-{flat}"
                page.screenshot(path=str(shots / f"{name}-{width}.png"), full_page=True)
        page.set_viewport_size(PHONE)

    for who in ROLES:
        page = new_page(chromium_browser, viewport=PHONE, timeout_ms=30_000)
        # axe-core in every page before its own scripts (DevTools injection: the site's CSP holds).
        page.context.add_init_script(axe_source())
        if who is not None:
            log_in(page, base, who)
        for route, path in _site_pages()[who]:
            visit(page, who, "—", route, path, path)
        for system, (day, done) in days.items():
            for event_day, playing in ((day, True), (done, False)):
                slug = event_day.slug
                ids = _ids(event_day)
                names = {key: f"<{key}>" for key in ids}
                for route, tail in _event_pages(system, playing=playing)[who]:
                    label = f"/e/<{'event' if playing else 'finished'}>/" + tail.format(**names)
                    visit(page, who, system, route, f"/e/{slug}/" + tail.format(**ids), label)
            if system == SYSTEMS[0]:
                failures += _check_excluded(page.request, base, _routes(), _sample_of_excluded(day)[who])
        for route, tail in _team_pages()[who]:
            visit(page, who, "team tournament", route, f"/e/{teams.slug}/{tail}", f"/e/<teams>/{tail}")
        page.context.close()

    save_json(RESULTS, {"seconds": round(time.monotonic() - started), "scans": results})
    assert walked_routes | set(SAME_PAGE) >= _planned_routes(), _planned_routes() - walked_routes
    assert failures == [], "\n".join(failures)
