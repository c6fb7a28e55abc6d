"""Permissions as a table: every page and API operation against every role.

Every URL pattern the resolver knows must have a row here (a new route without one fails
`test_every_route_has_a_row`); the Django admin's patterns are one rule (staff accounts
only, through the admin's own login). Each row names the roles that may use the route;
every other role must be refused the project's way:

- web: an anonymous visitor is sent to the login page; a signed-in caller without the
  role gets 404, exactly like a missing event (tournaments.access);
- API: anonymous writes get 401, anonymous reads of something not public 404, a caller
  without the role 404 — never 403.

An allowed caller may still be refused by the rules (400, 409) or sent on (302): that is
not a permission answer. Roles: anonymous; player (bob) and opponent (carol), paired at
table 1 of published round 1; other player (dan, at table 2); Floor Judge (judy); Head
Judge (hank); TO (alice); TO of another event (oscar); admin (a superuser with no role
at the event: the admin is for the admin site, not a back door into events).

The event is built once for the module; every request runs in a savepoint that is
rolled back, so a write one role makes never changes what the next role meets.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.files.base import ContentFile
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient

from awards.services import awards_offer
from judging.models import ConductCategory, GamesDecision, Infraction, PenaltyLevel, RosterFinding
from judging.services.conduct import conduct_report_file
from judging.services.draft import draft_start
from judging.services.penalties import penalty_issue
from printing.models import PrintJob
from rosters.models import Roster
from seasons.services import series_create
from tests.builders.rows import add_round, add_staff
from tests.builders.teams import team_tournament
from tests.builders.worlds import build_world
from tournaments.invitation_mails import invitation_token, staff_invitation_token
from tournaments.models import Event, Game, RoundStatus, Squad, StaffInvitation, StaffRoleKind, Table
from tournaments.services.events import event_create
from tournaments.services.players import player_join, player_register
from tournaments.services.rounds import round_pair
from tournaments.services.side_events import side_event_create
from tournaments.services.squads import Member, squad_register
from tournaments.services.waitlist import waitlist_join
from venue.check_in import check_in_code
from venue.services import announcement_post

ROLES = (
    "anonymous", "player", "opponent", "other-player", "floor-judge", "head-judge", "to", "other-to", "admin",
)  # fmt: skip
USERNAMES = {
    "player": "bob", "opponent": "carol", "other-player": "dan", "floor-judge": "judy", "head-judge": "hank",
    "to": "alice", "other-to": "oscar", "admin": "root",
}  # fmt: skip

EVERYONE = frozenset(ROLES)
TEAM_OF_THREE = [{"name": "Lee"}, {"name": "Max"}, {"name": "Ned"}]
SIGNED_IN = EVERYONE - {"anonymous"}
IN_GAME = frozenset({"player", "opponent"})
PLAYERS = IN_GAME | {"other-player"}
TO = frozenset({"to"})
HEAD = frozenset({"head-judge", "to"})  # the TO backs up the Head Judge (OP Guide: Roles)
STAFF = frozenset({"floor-judge", "head-judge", "to"})
JUDGES = frozenset({"floor-judge", "head-judge"})
NOBODY: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Op:
    method: str
    allowed: frozenset[str]
    data: dict[str, Any] | None = None
    kwargs: dict[str, str] = field(default_factory=dict)  # "{name}" filled from the world
    query: str = ""
    anonymous: str = ""  # how an anonymous caller is refused, when not the usual way


def op(
    method: str,
    allowed: frozenset[str],
    data: dict[str, Any] | None = None,
    query: str = "",
    anonymous: str = "",
    **kw: str,
) -> Op:
    return Op(method, allowed, data, kw, query, anonymous)


def get(allowed: frozenset[str], query: str = "", **kw: str) -> Op:
    return Op("get", allowed, None, kw, query)


def post(allowed: frozenset[str], data: dict[str, Any] | None = None, **kw: str) -> Op:
    return Op("post", allowed, data, kw)


WEB: dict[str, tuple[Op, ...]] = {
    "healthz": (get(EVERYONE),),
    "favicon": (get(EVERYONE),),
    # Accounts (django-allauth). Pages for signed-in people send anonymous ones to log in.
    "login": (get(EVERYONE),),
    "logout": (post(EVERYONE),),
    "account_login": (get(EVERYONE),),
    "account_logout": (post(EVERYONE),),
    "account_inactive": (get(EVERYONE),),
    "account_signup": (get(EVERYONE),),
    "account_reauthenticate": (get(SIGNED_IN),),
    "account_email": (get(SIGNED_IN),),
    "account_email_verification_sent": (get(EVERYONE),),
    "account_change_password": (get(SIGNED_IN),),
    "account_set_password": (get(SIGNED_IN),),
    "account_reset_password": (get(EVERYONE),),
    "account_confirm_login_code": (get(SIGNED_IN),),  # no login code pending: back to log in
    "account_confirm_email": (get(EVERYONE, key="not-a-key"),),
    "account_reset_password_from_key_done": (get(EVERYONE),),
    "account_reset_password_from_key": (get(EVERYONE, uidb36="1", key="not-a-key"),),
    "account_reset_password_done": (get(EVERYONE),),
    "api-docs": (get(EVERYONE),),
    "api-redoc": (get(EVERYONE),),
    # Public pages.
    "home": (get(EVERYONE),),
    "event": (get(EVERYONE),),
    "pairings": (get(EVERYONE),),
    "standings": (get(EVERYONE),),
    # A team tournament (docs/team-matches.md): bob captains Red and dan plays in it, carol
    # captains Blue, their match in round 1 published. The team standings are public; a
    # member reads their team's page; only the match's two captains choose in its protocol
    # (a refused choice is a message: 302). On an event of players there is no team page.
    "team-standings": (get(EVERYONE, slug="{teams}"), op("get", NOBODY, anonymous="404")),
    "my-team": (get(PLAYERS, slug="{teams}"), get(NOBODY)),
    "my-team-choose": (post(IN_GAME, {"match": "{team_match}", "player": "x"}, slug="{teams}"),),
    # The world's event has no top cut: its bracket page is a 404 for everyone (an event with a
    # cut shows it to everyone: tests/tournaments/web/test_bracket_page.py).
    "bracket": (op("get", NOBODY, anonymous="404"),),
    "standing": (get(EVERYONE, player="{bob}"),),
    "rosters": (get(EVERYONE),),
    # The data pack the rosters are judged against: game data, public like the rosters' rules.
    "pack": (get(EVERYONE),),
    "pack-download": (get(EVERYONE),),
    "judging:clock": (get(EVERYONE),),
    "judging:clock-mini": (get(EVERYONE),),
    "judging:clock-state": (get(EVERYONE),),
    "printing:page": (get(EVERYONE),),
    # Seasons' pages. A profile is its player's until made public (bob's is private here).
    "seasons:profile": (op("get", frozenset({"player"}), anonymous="404", username="bob"),),
    "seasons:profile-settings": (get(SIGNED_IN),),
    "seasons:series-list": (get(EVERYONE),),
    "seasons:series-new": (get(SIGNED_IN),),
    "seasons:series": (get(EVERYONE, slug="{series}"),),
    "seasons:series-add": (post(TO, {"event": "{slug}"}, slug="{series}"),),
    "seasons:series-remove": (post(TO, {"event": "{slug}"}, slug="{series}"),),
    "seasons:series-formula": (
        post(TO, {"formula": "field-scaled", "base": 100, "participation": 0}, slug="{series}"),
    ),
    "seasons:series-csv": (get(EVERYONE, slug="{series}"),),
    "seasons:series-pdf": (get(EVERYONE, slug="{series}"),),
    # Faction statistics (docs/faction-stats.md): as public as the event or series; before an
    # event's rosters are public they answer, empty, for everyone alike.
    "seasons:event-factions": (get(EVERYONE),),
    "seasons:event-factions-csv": (get(EVERYONE),),
    "seasons:series-factions": (get(EVERYONE, slug="{series}"),),
    "seasons:series-factions-csv": (get(EVERYONE, slug="{series}"),),
    "seasons:ratings": (get(EVERYONE, system="starcraft-tmg"),),
    # Only a finished event has a feed; the table's event is being played (404 for all).
    "seasons:event-feed": (op("get", NOBODY, anonymous="404"),),
    "seasons:series-feed": (get(EVERYONE, slug="{series}"),),
    "printing:request": (post(EVERYONE, {"kind": "standings"}),),
    "printing:job": (get(EVERYONE, job_id="{job}"),),
    "printing:status": (get(EVERYONE, job_id="{job}"),),
    "printing:download": (get(EVERYONE, job_id="{done_job}"),),
    "printing:retry": (post(EVERYONE, job_id="{job}"),),
    "printing:csv-standings": (get(EVERYONE),),
    "printing:csv-pairings": (get(EVERYONE, number="1"),),
    # Rosters are not public yet: each player gets what they may see (content below), and
    # an anonymous visitor, who may see none, a 404 rather than a login page.
    "printing:csv-rosters": (op("get", PLAYERS | STAFF, anonymous="404"),),
    # Any signed-in user.
    "event-new": (get(SIGNED_IN),),
    "event-system-fields": (get(SIGNED_IN),),  # the event form's fields for a game system
    "my-events": (get(SIGNED_IN),),
    "account-notifications": (get(SIGNED_IN), post(SIGNED_IN, {"pairing": "on"})),
    # The table view offline (docs/offline.md): the service worker and manifest are public files.
    "service-worker": (get(EVERYONE),),
    "web-manifest": (get(EVERYONE),),
    "rounds-hint": (get(EVERYONE),),  # advice from the OP Guide's table, about no event
    # Anyone with the link reads which event it is; registering needs an account.
    "join": (get(EVERYONE, code="{join_code}"), op("post", SIGNED_IN, {"name": "Zed"}, code="{join_code}")),
    # One tap into a side event: any signed-in caller may try; the service lets the main
    # event's players in and refuses anyone else with a message (OP Guide: Side Events).
    "side-event-join": (op("post", SIGNED_IN, slug="{side}"),),
    # An invitation is read by anyone holding the link (it asks them to log in); claiming
    # it needs an account, and bob's seat is claimed already: refused by the rules (302).
    "invitation": (get(EVERYONE, token="{invitation}"), post(SIGNED_IN, token="{invitation}")),
    # Anyone with a staff invitation's link reads it; accepting needs an account (and the
    # competitive rule refuses the event's players a TO or Head Judge role, not this one).
    "staff-invitation": (get(EVERYONE, token="{staff_token}"), post(SIGNED_IN, token="{staff_token}")),
    # Players.
    "me": (get(PLAYERS),),
    "me-roster": (post(PLAYERS, slot="1"),),
    "me-roster-withdraw": (post(PLAYERS, slot="2"),),
    "me-team": (post(PLAYERS, {"team-teammate_1": "Bob", "team-teammate_2": "Ann"}),),
    "me-result": (post(PLAYERS),),
    "me-confirm": (post(PLAYERS),),
    "me-dispute": (post(PLAYERS),),
    "me-dispute-note": (post(PLAYERS, {"note": "It was 9-4."}),),
    "me-drop": (get(PLAYERS), post(PLAYERS)),
    "roster-check": (post(PLAYERS | STAFF, {"content": "x"}),),
    "judging:my-penalties": (get(PLAYERS),),
    "judging:conduct": (get(PLAYERS | STAFF),),
    "judging:draft": (get(IN_GAME | STAFF, game_id="{game}"),),
    "judging:draft-state": (get(IN_GAME | STAFF, game_id="{game}"),),
    "judging:draft-act": (post(IN_GAME, game_id="{game}"),),
    # A table's chess clock: its two players act; the judges read it (OP Guide: Chess Clocks).
    "judging:chess-clock": (get(IN_GAME | STAFF, game_id="{game}"),),
    "judging:chess-clock-state": (get(IN_GAME | STAFF, game_id="{game}"),),
    "judging:chess-clock-act": (post(IN_GAME, {"action": "start"}, game_id="{game}"),),
    # Judges (the TO backs them up).
    "judge": (get(STAFF),),
    "judge-results": (get(STAFF, number="1"),),
    "judge-game": (get(STAFF, pk="{game}"),),
    "judge-review": (post(HEAD, pk="{game}"),),
    "judge-accept": (post(STAFF, pk="{game}"),),  # no report named: refused with a message (302)
    "judging:penalties": (get(STAFF),),
    "judging:penalties-csv": (get(STAFF),),
    "judging:penalty-new": (get(STAFF),),
    "judging:penalty-advice": (get(STAFF),),
    # Judges see a proposed Disqualification; only the TO's decision counts (the service
    # refuses the judges with a message, OP Guide: Penalties).
    "judging:penalty-decide": (post(STAFF, pk="{dq}", decision="decline"),),
    # Time limits are the judges' call; the TO is not offered it (tests/judging/test_penalties.py).
    "judging:time-limit": (post(JUDGES, {"player": "{bob_pk}", "seconds_per_activation": 60}),),
    "judging:conduct-inbox": (get(HEAD),),
    "judging:conduct-handle": (post(HEAD, pk="{conduct}"),),
    "judging:findings": (get(STAFF),),
    "judging:finding": (get(STAFF, pk="{finding}"),),
    "judging:finding-new": (get(STAFF, roster_id="{erin_roster}"),),
    "judging:draft-random": (post(STAFF, game_id="{game}"),),
    "judging:draft-enter-roster": (post(STAFF, game_id="{game}"),),
    "judging:draft-enter-roll-off": (post(STAFF, game_id="{game}"),),
    "judging:drafts": (get(STAFF),),
    "judging:chess-clocks": (get(STAFF),),
    "judging:chess-clock-evidence": (get(STAFF, game_id="{game}"),),
    "judging:chess-clock-judge": (post(STAFF, game_id="{game}", action="acknowledge"),),
    # The Head Judge runs the clock as well as the TO (OP Guide: Roles).
    "judging:clock-control": (get(HEAD, number="1"),),
    "judging:clock-action": (post(HEAD, number="1", action="start"),),
    # The hall screen is public like the pairings on the wall; the TO and the Head Judge
    # make its links and post its announcements (docs/venue.md).
    "venue:screen": (get(EVERYONE),),
    "venue:screen-data": (get(EVERYONE),),
    "venue:screens": (get(HEAD), post(HEAD, {"text": "Lunch is served"})),
    "venue:announcement-withdraw": (post(HEAD, pk="{announcement}"),),
    # The TO.
    "manage": (get(TO),),
    "manage-settings": (get(TO),),
    "manage-scoring": (post(TO),),
    # Copy this event: the TO's alone (a copy made by the POST, 302 to its settings).
    "manage-copy": (get(TO), post(TO, {"name": "Next Assault", "starts_on": "2030-03-02"})),
    "manage-pack": (get(TO), post(TO)),
    "manage-staff": (get(TO),),
    "manage-side-events": (
        get(TO),
        post(TO, {"name": "Open play", "planned_rounds": 2, "kind": "community"}),
    ),
    "manage-side-event-delete": (post(TO, side_slug="{side}"),),
    "manage-players": (get(TO),),
    "manage-player-add": (post(TO),),
    "manage-players-import": (post(TO),),
    "manage-players-invite": (post(TO),),
    "manage-staff-invite": (post(TO, {"email": "judge2@example.org", "role": "floor-judge"}),),
    "manage-staff-invitation-withdraw": (post(TO, pk="{staff_invitation}"),),
    "manage-player-invite-again": (post(TO, pk="{bob_pk}"),),
    "manage-player-action": (post(TO, pk="{bob_pk}", action="check-in"),),
    # A team tournament's team and matches (docs/team-matches.md), in alice's team event.
    "manage-team-drop": (post(TO, slug="{to_teams}", pk="{squad}"),),
    # The waitlist (docs/waitlist.md) of alice's full Capped Open: oscar waits there. A
    # waiting person's own page; the TO's buttons on the list.
    "waitlist": (get(frozenset({"other-to"}), slug="{capped}"),),
    "manage-waitlist-action": (post(TO, slug="{capped}", pk="{waiting}", action="up"),),
    # Judges change rosters after the deadline (OP Guide: Illegal Rosters).
    "manage-rosters": (get(STAFF),),
    "manage-roster-edit": (get(STAFF, pk="{bob_pk}", slot="1"),),
    "manage-audit": (get(TO),),
    "manage-export": (get(TO),),
    "public-export": (get(EVERYONE),),
    "manage-pair": (post(TO),),
    "manage-round": (get(TO, number="1"),),
    "manage-swap-players": (post(TO, number="1"),),
    "manage-swap-tables": (post(TO, number="1"),),
    "manage-publish": (post(TO, number="1"),),
    "manage-match-pairs": (post(TO, slug="{to_teams}", number="1", pk="{to_team_match}"),),
    "manage-match-call-time": (post(TO, slug="{to_teams}", number="1", pk="{to_team_match}"),),
    "manage-scenario": (post(TO, {"scenario": "Crucible"}, number="1"),),
    "manage-repair": (post(TO, {"confirm": "on"}, number="1"),),
    "manage-undo": (post(TO, number="1"),),
    # Hobby awards: anyone reads them, players vote, the TO runs them.
    "awards:index": (get(EVERYONE),),
    "awards:vote": (post(PLAYERS, pk="{award}"),),
    "awards:manage": (get(TO), post(TO)),
    "awards:close": (post(TO),),
    "awards:publish": (post(TO),),
    "awards:tie-break": (post(TO, pk="{award}"),),
    # The venue (docs/venue.md). A slip's code: the game's two players go to their result
    # form and the staff to the judges' entry (both 302); anyone else gets a page saying why
    # (404). The door's code: any account may open it (refused with a page, 400, unless it
    # plays here); a table's page and the stream overlay are public.
    "venue:game-result": (get(IN_GAME | STAFF, game_id="{game}"),),
    "venue:table": (get(EVERYONE, number="1"),),
    "venue:manage-check-in": (get(TO),),
    "venue:check-in": (get(SIGNED_IN, code="{check_in_code}"),),
    "venue:stream-consent": (post(PLAYERS, {"stream_consent": "on"}),),
    "venue:featured-table": (post(TO, {"table": "1"}, number="1"),),
    "venue:overlay": (get(EVERYONE),),
    "venue:overlay-json": (get(EVERYONE),),
}

API: dict[str, tuple[Op, ...]] = {
    "api-schema": (get(EVERYONE),),
    "api:token": (post(EVERYONE, {"username": "bob", "password": "wrong"}),),
    # A signed-in caller lists and revokes only their own tokens: another's key is a 404.
    "api:tokens": (op("get", SIGNED_IN, anonymous="401"), op("delete", SIGNED_IN, anonymous="401")),
    "api:token-key": (op("delete", NOBODY, anonymous="401", key="not-a-key"),),
    "api:me": (op("get", SIGNED_IN, anonymous="401"),),
    "api:me-notifications": (op("get", SIGNED_IN, anonymous="401"), op("put", SIGNED_IN, {"pairing": False})),
    # A caller's own devices (docs/push.md): without a VAPID key the POST is refused as a rule (400).
    "api:me-push-subscriptions": (
        op("get", SIGNED_IN, anonymous="401"),
        op(
            "post",
            SIGNED_IN,
            {"endpoint": "https://fcm.googleapis.com/fcm/send/x", "keys": {"p256dh": "a", "auth": "b"}},
        ),
    ),
    "api:me-push-subscription": (op("delete", NOBODY, anonymous="401", pk="999999"),),
    "api:events": (get(EVERYONE), post(SIGNED_IN, {"name": "Spring"})),
    "api:event": (get(EVERYONE), op("patch", TO, {"venue": "Town Hall"})),
    "api:event-copy": (post(TO, {"name": "Next Assault", "starts_on": "2030-03-02"}),),
    "api:pack": (get(EVERYONE), op("delete", TO)),
    "api:tables": (op("put", TO, {"tables": [{"number": n} for n in range(1, 6)]}),),
    "api:event-scoring": (get(EVERYONE), op("put", TO, {"bye": [3, 2]})),
    "api:staff": (get(PLAYERS | STAFF), post(TO, {"username": "oscar", "role": "floor-judge"})),
    "api:side-events": (get(EVERYONE), post(TO, {"name": "Open play"})),
    "api:side-event": (op("delete", TO, side_slug="{side}"),),
    "api:side-event-join": (post(SIGNED_IN, slug="{side}"),),  # others: 400 not-a-main-event-player
    "api:players": (get(EVERYONE), post(SIGNED_IN, {"join_code": "{join_code}"})),
    "api:players-import": (post(TO, {"csv": "Zed,zed@example.org\n"}),),
    "api:player-check-in": (post(STAFF, external_id="{bob}"), op("delete", STAFF, external_id="{bob}")),
    "api:player-drop": (post(frozenset({"player", "to"}), external_id="{bob}"),),
    # A team game's players: the team's captain and staff (a one-a-side event refuses it, 400).
    "api:player-teammates": (
        op("put", frozenset({"player"}) | STAFF, {"teammates": ["Bob", "Ann"]}, external_id="{bob}"),
    ),
    "api:player-no-show": (post(TO, external_id="{bob}"),),
    "api:rosters": (
        get(EVERYONE),
        post(frozenset({"player"}) | STAFF, {"slot": 1, "content": "x", "player": "{bob}"}),
    ),
    "api:roster-slot": (op("delete", PLAYERS | STAFF, slot="2"),),  # staff name the player (400 here)
    "api:rosters-check": (post(PLAYERS | STAFF, {"content": "x"}),),
    "api:roster-board": (get(STAFF),),
    "api:rounds": (get(EVERYONE), post(TO, {})),
    "api:round": (get(EVERYONE, number="1"), op("delete", TO, number="1")),
    "api:round-publish": (post(TO, number="1"),),
    "api:round-scenario": (op("put", TO, {"scenario": "Crucible"}, number="1"),),
    "api:round-repair": (post(TO, {"seed": 5, "confirm": True}, number="1"),),
    "api:round-swap-players": (post(TO, {"players": ["{bob}", "{dan}"]}, number="1"),),
    "api:round-swap-tables": (post(TO, {"tables": [1, 2]}, number="1"),),
    "api:game-report": (post(IN_GAME, {"vp": [12, 3]}, game_id="{game}"),),
    "api:game-confirm": (post(IN_GAME, game_id="{game}"),),
    "api:game-dispute": (post(IN_GAME, {"note": "We disagree."}, game_id="{game}"),),
    "api:game-result": (post(STAFF, {"vp": [12, 3], "reason": "slip"}, game_id="{game}"),),
    "api:game-review": (post(HEAD, {"stands": True, "reason": "ok"}, game_id="{game}"),),
    "api:judge-queue": (get(STAFF),),
    "api:standings": (get(EVERYONE),),
    "api:standing": (get(EVERYONE, external_id="{bob}"),),
    "api:audit": (get(STAFF),),
    # The public export for whoever may read the event, the full one for the TO.
    "api-export": (get(EVERYONE), get(TO, "?scope=full")),
    "judging:api-penalties": (get(STAFF), post(STAFF, {})),
    "judging:api-penalties-export": (get(STAFF),),
    "judging:api-penalty-advice": (get(STAFF, external_id="{bob}"),),
    "judging:api-penalty-confirm": (post(STAFF, pk="{dq}"),),  # judges: 400, only the TO decides
    "judging:api-penalty-decline": (post(STAFF, pk="{dq}"),),
    "judging:api-my-penalties": (get(PLAYERS),),
    "judging:api-conduct-reports": (get(HEAD), post(PLAYERS | STAFF, {})),
    "judging:api-conduct-handle": (post(HEAD, {"note": "spoke to them"}, pk="{conduct}"),),
    "judging:api-my-conduct-reports": (op("get", PLAYERS | STAFF, anonymous="401"),),
    "judging:api-draft": (get(IN_GAME | STAFF, game_id="{game}"),),
    "judging:api-draft-act": (post(IN_GAME, {}, game_id="{game}"),),
    "judging:api-draft-random": (post(STAFF, game_id="{game}"),),
    "judging:api-draft-enter-roster": (post(STAFF, {}, game_id="{game}"),),
    "judging:api-draft-enter-roll-off": (post(STAFF, {}, game_id="{game}"),),
    "judging:api-round-chess-clocks": (get(STAFF, number="1"),),
    "judging:api-chess-clock": (get(IN_GAME | STAFF, game_id="{game}"),),
    "judging:api-chess-clock-start": (post(IN_GAME, {}, game_id="{game}"),),
    "judging:api-chess-clock-switch": (post(IN_GAME, {}, game_id="{game}"),),
    "judging:api-chess-clock-call-judge": (post(IN_GAME, {}, game_id="{game}"),),
    "judging:api-chess-clock-lend": (post(IN_GAME, {}, game_id="{game}"),),
    "judging:api-chess-clock-acknowledge": (post(STAFF, game_id="{game}"),),
    "judging:api-chess-clock-ruling": (post(STAFF, {}, game_id="{game}"),),
    "judging:api-clock": (get(EVERYONE),),
    "judging:api-round-clock": (get(EVERYONE, number="1"),),
    "judging:api-round-clock-action": (post(HEAD, number="1", action="start"),),
    "venue:api-announcements": (get(EVERYONE), post(HEAD, {"text": "Lunch is served"})),
    "venue:api-announcement": (op("delete", HEAD, pk="{announcement}"),),
    "awards:api-awards": (get(EVERYONE), op("put", TO, {"best_painted": True})),
    "awards:api-vote": (post(PLAYERS, {"choice": "{dan}"}, pk="{award}"),),
    "awards:api-nominate": (post(PLAYERS, {"player": "{dan}"}),),
    "awards:api-tallies": (get(TO),),
    "awards:api-close": (post(TO),),
    "awards:api-publish": (post(TO),),
    "awards:api-tie-break": (post(TO, {"winner": "{bob}"}, pk="{award}"),),
    "printing:api-request": (post(EVERYONE, {"kind": "standings"}),),
    "printing:api-job": (get(EVERYONE, job_id="{job}"),),
    "venue:api-featured-table": (
        get(TO, number="1"),
        op("put", TO, {"table": 1}, number="1"),
        op("delete", TO, number="1"),
    ),
    # A team tournament (the world's Team Cup): bob captains Red, carol Blue, dan plays for Red.
    # Anyone reads the teams, a round's matches and the team standings; any account may try to
    # register a team with the link (the rules refuse those already in, 400).
    "api:teams": (
        get(EVERYONE, slug="{teams}"),
        post(SIGNED_IN, {"name": "Gold", "join_code": "let-me-in", "members": TEAM_OF_THREE}, slug="{teams}"),
    ),
    "api:team-drop": (post(TO, slug="{teams}", team_id="{red}"),),
    # The waitlist of the full Capped Open (oscar waits): any account reads its own entry (or
    # none) and may try to join (a wrong code: 400); only oscar has an entry to accept or leave
    # (no offer yet: 400); the TO reorders, offers and removes.
    "api:waitlist": (
        op("get", SIGNED_IN, anonymous="401", slug="{capped}"),
        post(SIGNED_IN, {"join_code": "wrong"}, slug="{capped}"),
    ),
    "api:waitlist-accept": (post(frozenset({"other-to"}), slug="{capped}"),),
    "api:waitlist-withdraw": (post(frozenset({"other-to"}), slug="{capped}"),),
    "api:waitlist-move": (post(TO, {"place": 1}, slug="{capped}", entry_id="{waiting}"),),
    "api:waitlist-offer": (post(TO, slug="{capped}", entry_id="{waiting}"),),
    "api:waitlist-entry": (op("delete", TO, slug="{capped}", entry_id="{waiting}"),),
    "api:round-matches": (get(EVERYONE, slug="{teams}", number="1"),),
    "api:team-standings": (get(EVERYONE, slug="{teams}"),),
    # A captain reads their own view of the protocol and chooses (carol naming a Red player is
    # refused by the rules, 400); staff read its progress; a member who is not captain, 404.
    "api:match-protocol": (
        get(IN_GAME | STAFF, slug="{teams}", match_id="{team_match}"),
        post(IN_GAME, {"players": ["{red_captain}"]}, slug="{teams}", match_id="{team_match}"),
    ),
    # The TO's own pairs (this match is the protocol's: 400 `not-organiser-pairing`) and "Call time".
    "api:match-pairs": (op("put", TO, {"pairs": [["a", "b"]] * 3}, slug="{teams}", match_id="{team_match}"),),
    "api:match-call-time": (post(TO, slug="{teams}", match_id="{team_match}"),),
    # Seasons (docs/series.md, docs/ratings.md): no event's roles; your own profile, a public
    # one, and a series whose organiser is alice. A non-organiser's write is refused by the
    # rules (400 `not-series-organiser`), not hidden.
    "seasons:api-my-profile": (
        op("get", SIGNED_IN, anonymous="401"),
        op("put", SIGNED_IN, {"public": False}),
    ),
    "seasons:api-profile": (op("get", frozenset({"player"}), anonymous="404", username="bob"),),
    "seasons:api-series-list": (
        get(EVERYONE),
        op("post", SIGNED_IN, {"name": "Another", "game_system": "starcraft-tmg", "formula": "field-scaled"}),
    ),
    "seasons:api-series": (get(EVERYONE, slug="{series}"),),
    "seasons:api-series-factions": (get(EVERYONE, slug="{series}"),),
    "seasons:api-event-factions": (get(EVERYONE),),
    "seasons:api-series-formula": (op("put", SIGNED_IN, {"formula": "field-scaled"}, slug="{series}"),),
    "seasons:api-series-events": (op("post", SIGNED_IN, {"event": "{slug}"}, slug="{series}"),),
    "seasons:api-series-event": (op("delete", SIGNED_IN, slug="{series}", event="{slug}"),),
    "seasons:api-ratings": (get(EVERYONE, system="starcraft-tmg"),),
}
ROWS = WEB | API


def _patterns(resolvers: list[Any], prefix: str = "", ns: str = "") -> Iterator[tuple[str, str]]:
    for entry in resolvers:
        if isinstance(entry, URLResolver):
            inner = f"{ns}{entry.namespace}:" if entry.namespace else ns
            yield from _patterns(entry.url_patterns, prefix + str(entry.pattern), inner)
        elif isinstance(entry, URLPattern):
            yield prefix + str(entry.pattern), f"{ns}{entry.name}" if entry.name else ""


def _routes() -> dict[str, str]:
    """Every named route outside the admin: name → pattern."""
    found: dict[str, str] = {}
    for pattern, name in _patterns(get_resolver().url_patterns):
        if pattern.startswith("admin/"):
            continue
        assert name, f"the route {pattern!r} has no name: name it and give it a row here"
        found.setdefault(name, pattern)
    return found


def test_every_route_has_a_row():
    routes = _routes()
    missing = sorted(set(routes) - set(ROWS))
    stale = sorted(set(ROWS) - set(routes))
    assert missing == [], "routes without a row in the permission table"
    assert stale == [], "rows for routes that no longer exist"
    assert len(routes) >= 140


def test_admin_routes_are_only_the_admin_sites():
    admin_patterns = [p for p, _ in _patterns(get_resolver().url_patterns) if p.startswith("admin/")]
    assert admin_patterns
    assert all(
        name.startswith("admin:")
        for p, name in _patterns(get_resolver().url_patterns)
        if p.startswith("admin/") and name
    )


# --- the world, once per module ---


@dataclass
class World:
    event: Event
    values: dict[str, str]
    sessions: dict[str, str]  # role → session key, logged in once for the module
    done_job: PrintJob


def _build() -> World:
    model = get_user_model()
    users = {
        name: model.objects.create_user(name, f"{name}@example.org", f"{name}-pass-123")
        for name in ("alice", "bob", "carol", "dan", "judy", "hank", "oscar", "mallory")
    }
    users["root"] = model.objects.create_superuser("root", "root@example.org", "root-pass-123")
    # Rosters shown to each opponent only, so they stay private once round 1 is paired.
    world = build_world(users, roster_publication="opponent-only")
    event = world.event
    add_round(
        event, 1, [(world.bob, world.carol), (world.dan, world.erin)], RoundStatus.PUBLISHED, running=True
    )
    game = Game.objects.get(round__event=event, round__number=1, player_one=world.bob)
    draft_start(game=game)
    dq = penalty_issue(
        event=event, player=world.dan, level=PenaltyLevel.DISQUALIFICATION, category=Infraction.CONDUCT,
        by=users["hank"], notes="Threw dice at the opponent", game=None, round_number=1,
    )  # fmt: skip
    conduct = conduct_report_file(
        event=event, by=users["bob"], category=ConductCategory.OTHER, description="Shouting at table 2"
    )
    erin_roster = Roster.objects.get(player=world.erin, slot=1)
    finding = RosterFinding.objects.create(
        event=event, player=world.erin, roster=erin_roster, slot=1, document=erin_roster.document,
        games_decision=GamesDecision.STAND, suggested_level=PenaltyLevel.WARNING, found_by=users["hank"],
    )  # fmt: skip
    award = awards_offer(
        event=event, by=users["alice"], best_painted=True, best_in_faction=True, best_sportsman=True
    )[0]
    announcement = announcement_post(event=event, by=users["alice"], text="Round 2 starts at 14:00")
    job = PrintJob.objects.create(event=event, kind="standings", fingerprint="f" * 64, status="failed")
    done = PrintJob.objects.create(event=event, kind="standings", fingerprint="d" * 64, status="done")
    done.file.save("permissions-table.pdf", ContentFile(b"%PDF-1.4 test"), save=True)
    # Another event, run by oscar: alice's staff have no role there. Bob plays there too,
    # and its round 1 is paired but not published: bob v Quinn Zebra at table 1.
    other = event_create(creator=users["oscar"], name="Other Open")
    Table.objects.create(event=other, number=1, layout="Map 1")
    other_bob = player_register(event=other, name="Bob", user=users["bob"], by=users["oscar"])
    quinn = player_register(event=other, name="Quinn Zebra", user=users["mallory"], by=users["oscar"])
    add_round(other, 1, [(other_bob, quinn)], RoundStatus.PAIRED)
    side = side_event_create(main=event, actor=users["alice"], name="Friday Skirmish", planned_rounds=2)
    # A team tournament alice runs: two teams of three, round 1 paired, their match paired
    # by the TO's own pairs. Nobody else has a role there.
    to_teams = event_create(creator=users["alice"], name="Team Open", squad_size=3, match_pairing="organiser")
    squads = [
        squad_register(
            event=to_teams, team_name=name, members=[Member(n) for n in members], by=users["alice"]
        )
        for name, members in (("Red", ("Ann", "Ben", "Cy")), ("Blue", ("Fay", "Gus", "Hal")))
    ]
    to_team_match = round_pair(event=to_teams, by=users["alice"], confirm=True).team_matches.get()
    series = series_create(
        organiser=users["alice"], name="League", game_system="starcraft-tmg", formula="field-scaled"
    )
    staff_invitation = StaffInvitation.objects.create(
        event=event, email="newjudge@example.org", role="floor-judge"
    )
    teams = _team_tournament(users)
    # A full event with a waitlist (docs/waitlist.md): one seat, bob's; oscar waits.
    capped = event_create(creator=users["alice"], name="Capped Open", capacity=1)
    player_join(event=capped, user=users["bob"], join_code=capped.join_code)
    waiting = waitlist_join(event=capped, user=users["oscar"], join_code=capped.join_code)
    red = Squad.objects.get(event=teams, name="Red")
    assert red.captain is not None
    values = {
        "slug": event.slug,
        "teams": teams.slug,
        "team_match": str(teams.rounds.get(number=1).team_matches.get().pk),
        "bob": world.bob.external_id,
        "dan": world.dan.external_id,
        "bob_pk": str(world.bob.pk),
        "game": str(game.pk),
        "dq": str(dq.pk),
        "conduct": str(conduct.pk),
        "finding": str(finding.pk),
        "erin_roster": str(erin_roster.pk),
        "job": str(job.pk),
        "award": str(award.pk),
        "announcement": str(announcement.pk),
        "done_job": str(done.pk),
        "join_code": event.join_code,
        "invitation": invitation_token(world.bob),
        "staff_invitation": str(staff_invitation.pk),
        "staff_token": staff_invitation_token(staff_invitation),
        "other": other.slug,
        "side": side.slug,
        "to_teams": to_teams.slug,
        "squad": str(squads[0].pk),
        "to_team_match": str(to_team_match.pk),
        "series": series.slug,
        "red": red.external_id,
        "capped": capped.slug,
        "waiting": str(waiting.pk),
        "red_captain": red.captain.external_id,
        "check_in_code": check_in_code(event),
    }
    sessions = {}
    for role, username in USERNAMES.items():
        client = Client()
        client.force_login(users[username])
        sessions[role] = client.cookies[settings.SESSION_COOKIE_NAME].value
    return World(event, values, sessions, done)


def _team_tournament(users: dict[str, Any]) -> Event:
    """Red (captain bob, then dan) v Blue (captain carol), round 1 published; alice runs it
    with judy and hank as its judges, as at the main event."""
    event = team_tournament(
        users["alice"], accounts={"Red": [users["bob"], users["dan"]], "Blue": [users["carol"]]}
    )
    add_staff(event, users["judy"], StaffRoleKind.FLOOR_JUDGE)
    add_staff(event, users["hank"], StaffRoleKind.HEAD_JUDGE)
    return event


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker) -> Iterator[World]:
    """Built once, inside a transaction rolled back when the module is done."""
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        built = None
        try:
            built = _build()
            yield built
        finally:
            if built is not None:
                built.done_job.file.delete(save=False)
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


def _client(world: World, role: str, api: bool) -> Client:
    client: Client = APIClient() if api else Client()
    if role != "anonymous":
        client.cookies[settings.SESSION_COOKIE_NAME] = world.sessions[role]
    return client


def _fill(value: Any, values: dict[str, str]) -> Any:
    if isinstance(value, str):
        return value.format(**values) if "{" in value else value
    if isinstance(value, list):
        return [_fill(v, values) for v in value]
    if isinstance(value, dict):
        return {k: _fill(v, values) for k, v in value.items()}
    return value


def _url(name: str, operation: Op, world: World) -> str:
    from django.urls import reverse

    pattern = _routes()[name]
    kwargs = {k: _fill(v, world.values) for k, v in operation.kwargs.items()}
    if "<slug:slug>" in pattern:
        kwargs.setdefault("slug", world.values["slug"])
    return reverse(name, kwargs=kwargs) + operation.query


def _outcome(response: Any, api: bool) -> str:
    """ "allowed", or how the caller was refused ("login", "401", "404", "403", "405", "5xx")."""
    status = response.status_code
    if status >= 500:
        return "5xx"
    if status == 302 and "/accounts/login/" in response["Location"] and not api:
        return "login"
    if status in (401, 403, 404, 405):
        return str(status)
    return "allowed"


def _refusal(name: str, operation: Op, role: str) -> str:
    api = name in API
    if role == "anonymous":
        if operation.anonymous:
            return operation.anonymous
        if api:
            return "401" if operation.method != "get" else "404"
        return "login"
    return "404"


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(ROWS))
def test_permission_table(world, name):
    api = name in API
    wrong = []
    for operation in ROWS[name]:
        url = _url(name, operation, world)
        for role in ROLES:
            expected = "allowed" if role in operation.allowed else _refusal(name, operation, role)
            with transaction.atomic():
                client = _client(world, role, api)
                data = _fill(operation.data, world.values)
                if api:
                    response = getattr(client, operation.method)(url, data, format="json")
                else:
                    response = getattr(client, operation.method)(url, data or {})
                transaction.set_rollback(True)
            got = _outcome(response, api)
            if got != expected:
                wrong.append(
                    f"{operation.method.upper()} {url} as {role}: "
                    f"expected {expected}, got {got} ({response.status_code})"
                )
    assert not wrong, "\n".join(wrong)


# --- what players see: never an unpublished pairing, never a roster they may not see ---


def _get(world: World, role: str, url: str, api: bool = False) -> Any:
    with transaction.atomic():
        response = _client(world, role, api).get(url)
        transaction.set_rollback(True)
    return response


@pytest.mark.django_db
@pytest.mark.parametrize("role", ["anonymous", "player", "opponent", "other-player", "to", "admin"])
def test_nobody_but_its_staff_sees_an_unpublished_pairing(world, role):
    """Oscar's round 1 is paired, not published: even Bob, who is in it, sees nothing of it."""
    slug = world.values["other"]
    page = _get(world, role, f"/e/{slug}/pairings/")
    assert page.status_code == 200
    assert "Quinn Zebra" not in page.content.decode()
    assert _get(world, role, f"/api/events/{slug}/rounds/", api=True).json()["results"] == []
    assert _get(world, role, f"/api/events/{slug}/rounds/1/", api=True).status_code == 404
    assert _get(world, role, f"/e/{slug}/print/csv/pairings/1/").status_code == 404
    if role == "player":
        me = _get(world, role, f"/e/{slug}/me/").content.decode()
        assert "Quinn Zebra" not in me
        assert "Table 1" not in me
        mine = {row["slug"]: row for row in _get(world, role, "/api/me/", api=True).json()["events"]}
        assert mine[slug]["current_game"] is None
        assert mine[slug]["opponent"] is None


@pytest.mark.django_db
def test_the_staff_of_that_event_do_see_it(world):
    """The control for the test above: the content is there for the one who may see it."""
    slug = world.values["other"]
    with transaction.atomic():
        client = Client()
        client.force_login(get_user_model().objects.get(username="oscar"))
        page = client.get(f"/e/{slug}/manage/rounds/1/").content.decode()
        transaction.set_rollback(True)
    assert "Quinn Zebra" in page
    rounds = _get(world, "other-to", f"/api/events/{slug}/rounds/", api=True).json()["results"]
    assert [r["number"] for r in rounds] == [1]


VISIBLE_ROSTERS = {
    "anonymous": set(),
    "player": {"Bob", "Carol"},  # their own and their published opponent's
    "opponent": {"Bob", "Carol"},
    "other-player": {"Dan", "Erin"},
    "floor-judge": {"Bob", "Carol", "Dan", "Erin"},
    "head-judge": {"Bob", "Carol", "Dan", "Erin"},
    "to": {"Bob", "Carol", "Dan", "Erin"},
    "other-to": set(),
    "admin": set(),
}


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_rosters_before_publication_only_to_those_who_may_see_them(world, role):
    slug = world.values["slug"]
    listed = _get(world, role, f"/api/events/{slug}/rosters/", api=True)
    assert listed.status_code == 200
    assert {r["player"]["name"] for r in listed.json()["results"]} == VISIBLE_ROSTERS[role]
    sheet = _get(world, role, f"/e/{slug}/print/csv/rosters/")
    names = set()
    if sheet.status_code == 200:
        lines = sheet.content.decode().splitlines()[1:]
        names = {line.split(",")[1] for line in lines if line}
    assert names == VISIBLE_ROSTERS[role]
    page = _get(world, role, f"/e/{slug}/rosters/").content.decode()
    shown = {name for name in ("Bob", "Carol", "Dan", "Erin") if f"<h2>{name}</h2>" in page}
    assert shown == VISIBLE_ROSTERS[role]
