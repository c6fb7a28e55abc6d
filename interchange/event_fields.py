"""What an event/1 file written from the database carries, shared by the import and the export.

The bridge between event/1 files (standings.eventfile) and the database is two modules:
`interchange.event_import` (`import_event`, `parse_user_links`) and
`interchange.event_export` (`export_event`, `event_file_from_db`). This one holds what both
must agree on: the field lists and the keys an export adds at each level.

docs/interchange.md: TOs move events between installations with event/1, and "importing its
own export must lose nothing". So an export carries, besides the event/1 fields, every
model field as an extra field at its level:

- event: `slug` and every setting (`planned_rounds`, `venue`, dates, `status`,
  `join_code`, `created_at`, ...), always;
- player: e.g. `email`, `checked_in_at`, `registered_at`, when not at their default;
  `user`, the username of the player's account; and `rosters`, the player's roster/1
  documents, each with a `validation` object (`slot`, `legal`, `report`, `submitted_at`);
- round: `status`, `seed`, then any other field not at its default (`created_at`,
  `pairing_report`, `published_at`, ...), and `pending`: games paired but not yet scored
  (event/1 `games` only holds games with a result);
- a team tournament: `team_event`, `teams` and each round's `matches`
  (`interchange.team_section`, docs/event-files.md "Team tournaments");
- game: e.g. `result_status`, when not at their default; the extra result numbers the
  game system declares (`GameSystem.result_extras`, kept in `Game.details`), each at the
  game's level under its key, as older exports wrote them; and `reports`: what each side
  (or a judge) reported, oldest first;
- top level, after the event/1 keys: `pack`, the data pack the TO supplied
  (`interchange.pack_section`); `staff`, `audit_log`, `penalties`, `time_limits`,
  `conduct_reports`, `roster_findings`, `drafts`, `clocks`, `chess_clocks`, `award_programme`
  and `awards` — the records of `interchange.platform_records`, which also says how they
  refer to players, games and users.

The field lists come from the models, so a field added to a model travels without a
change here. Fields the models do not know are kept in the `extra` JSON columns of Event,
Player and Game; unknown table- and round-level fields, and what the records' rows cannot
hold, go to `Event.extra["_stash"]`. All of it is written back on export. Timestamps keep
their values, in ISO 8601 with their UTC offset, even those Django stamps on save.

A full export is the TO's backup and is confidential: it holds the conduct reports,
players' e-mail addresses, the secret `join_code` of the registration link, the audit
log and the tables' chess clocks (the judges' slow-play evidence, OP Guide: Chess Clocks).
`export_event(event, public=True)` leaves those five out, for publishing results,
and names no account (no staff list, no usernames: the records' references to accounts
are null).

The hobby awards travel in both (OP Guide: Hobby Awards): the awards on offer, the voting
state and, once published, the winners; the public file leaves out the ties the TO broke.

Not carried: print jobs, which are caches of rendered PDFs, rebuilt on demand; and the
awards' ballots, which are secret from everyone, the TO included (docs/awards.md).
"""

from __future__ import annotations

from typing import Any

from django.db import models

from interchange.platform_records import REPORTS, SECTIONS
from interchange.team_section import EVENT_TEAM_FIELDS, PLAYER_TEAM_FIELDS
from tournaments.models import Event, Game, Player, Round


def _plain_fields(model: type[models.Model], handled: set[str]) -> tuple[str, ...]:
    """The model's own value fields that event/1 does not already cover."""
    return tuple(
        f.name
        for f in model._meta.concrete_fields
        if not f.is_relation and not f.primary_key and f.name not in handled
    )


# Written as extra fields of event/1, at their level.
# The top cut's size is event/1's own `cut` (with `planned_rounds` as its `after_round`).
# A team tournament's settings are its `team_event`, and a member's place in their team is
# the team's `members` order (interchange.team_section).
EVENT_FIELDS = _plain_fields(
    Event, {"name", "slug", "game_system", "scale", "kind", "extra", "cut_size", *EVENT_TEAM_FIELDS}
)
PLAYER_FIELDS = _plain_fields(
    Player,
    {"external_id", "name", "spare", "dropped_after_round", "disqualified_after_round", "extra"}
    | PLAYER_TEAM_FIELDS,
)
ROUND_FIELDS = _plain_fields(Round, {"number"})
GAME_FIELDS = _plain_fields(Game, {"outcome", "vp_one", "vp_two", "kp_one", "kp_two", "details", "extra"})
# Always written for rounds, even at their default: what a TO checks first.
ROUND_ALWAYS = ("status", "seed")
# A file's rounds and scored games are history: closed and agreed unless the file says otherwise.
IMPORTED_ROUND_DEFAULTS = {"status": "closed"}
IMPORTED_GAME_DEFAULTS = {"result_status": "confirmed"}
# What a public export leaves out: an event setting, two player fields, the games' result
# reports and the confidential sections (the judges' records, the audit log, conduct reports).
# No account is named either: the people in the records (who issued a penalty, entered a
# result) are written as null, so the file carries no username and no e-mail address.
PUBLIC_OMITS = (
    "join_code",
    "email",
    "user",
    "staff",
    REPORTS,
    *(s.key for s in SECTIONS if s.confidential),
)
CONFIDENTIAL_WARNING = (
    "this export is confidential: it contains conduct reports and e-mail addresses "
    "(and the join code and audit log); the public export leaves them out"
)

# Fields of a player and of a round that only the staff's pages show: when each player
# checked in (and how), agreed to be streamed, registered and was invited (the TO's desk),
# and the pairing engine's report and seed (the TO reviews the pairing before publishing
# it: OP Guide: pairings are announced by the TO).
PLAYER_FIELDS_NOT_PUBLIC = (
    "checked_in_at",
    "checked_in_via",
    "stream_consent",
    "registered_at",
    "invited_at",
    "invitation_failed_at",
)
ROUND_FIELDS_NOT_PUBLIC = ("pairing_report", "seed")

STASH = "_stash"  # Event.extra key for unknown table- and round-level fields, and the records' rest
ROSTERS = "rosters"
# A team game's entrant is a team (docs/teams.md): its players' names, in their armies' order.
TEAMMATES = "teammates"
VALIDATION = "validation"
PENDING = "pending"
USER = "user"  # a player's account, by username
INVITED_USER = "invited_user"  # the account a TO invited to the seat, not yet claimed
DETAILS = "details"  # a game's extra result numbers beyond the system's declared ones
SIDE_EVENT_OF = "side_event_of"  # a side event's main event, by slug (OP Guide: Side Events)
SIDE_EVENTS = "side_events"  # a main event's side events, by slug


def scored_defaults() -> dict[str, Any]:
    """The fields a scored game from a file takes unless it says otherwise, as far as the model has them."""
    return {name: value for name, value in IMPORTED_GAME_DEFAULTS.items() if name in GAME_FIELDS}
