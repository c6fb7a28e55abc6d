"""Events and what happens in them.

Behaviour that needs the engines lives in services; the models hold state and the
small invariants that belong to one row.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone

from pairings.engine.report import PairingReport
from rules_engine.game_system import GameSystem
from rules_engine.pregame import Pregame
from rules_engine.registry import UnknownGameSystem, get_system
from standings import records

# OP Guide: Accessibility — ask for accommodations by "a week before the event".
ACCOMMODATIONS_BEFORE = dt.timedelta(days=7)


class EventKind(models.TextChoices):
    # OP Guide: Event Size and Format
    COMMUNITY = "community", "Community"
    COMPETITIVE = "competitive", "Competitive"


class ListFormat(models.TextChoices):
    # OP Guide: Dual List Format
    SINGLE = "single", "Single list"
    DUAL = "dual", "Dual list"


class RosterPublication(models.TextChoices):
    # OP Guide: Submission and Publication
    AFTER_DEADLINE = "after-deadline", "Hidden until the roster deadline"
    ON_DATE = "on-date", "Published on a set date"
    OPPONENT_ONLY = "opponent-only", "Shown only to each opponent once paired"


class TableSeating(models.TextChoices):
    # OP Guide: Accessibility — "whether tables are seated or standing"
    NOT_ANNOUNCED = "", "Not announced"
    SEATED = "seated", "Seated"
    STANDING = "standing", "Standing"


class CutTies(models.TextChoices):
    # How a cut game goes on when its result is a tie the game system's rule does not
    # decide (docs/pairing.md, "The top cut"): the better seed, or a deciding game whose
    # winner a judge records (`Game.winner`).
    BETTER_SEED = "better-seed", "The better seed goes on"
    DECIDING_GAME = "deciding-game", "The players play a deciding game; a judge records its winner"


class MatchRule(models.TextChoices):
    # How a team tournament's match is decided (docs/team-matches.md, "Deciding a team
    # match"); the values are team_match.scoring.MatchRule's.
    GAMES_WON = "games-won", "Games won"
    GAME_POINTS = "game-points", "Game points"


class MatchPairing(models.TextChoices):
    # Who plays whom inside a team match (docs/team-matches.md, "Pairing the players").
    PROTOCOL = "protocol", "The captains' pairing protocol"
    ORGANISER = "organiser", "The TO's own pairs"
    STANDINGS_ORDER = "standings-order", "Team standings order (1 v 1, 2 v 2 …)"


class EventStatus(models.TextChoices):
    DRAFT = "draft", "Draft"
    REGISTRATION = "registration", "Registration open"
    RUNNING = "running", "Running"
    FINISHED = "finished", "Finished"


# The event listing's fields (OP Guide: The Tournament Organiser; Accessibility), in the
# order the API shows them and the TO's settings take them (services.events, api.presenters).
LISTING_FIELDS = (
    "layouts_in_use",
    "pairing_platform",
    "schedule",
    "step_free_access",
    "accessible_toilet",
    "table_seating",
    "seating_on_request",
    "accommodations_contact",
    "accommodations_by",
)


class Event(models.Model):
    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=80, unique=True)
    game_system = models.CharField(max_length=60, default="starcraft-tmg")
    rules_cutoff = models.DateField(
        null=True, blank=True, help_text="Rules, errata and FAQ published after this date do not apply."
    )
    kind = models.CharField(max_length=20, choices=EventKind.choices, default=EventKind.COMPETITIVE)
    scale = models.CharField(max_length=30, default="standard")
    points_limit = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="The event's own budget, where its scale leaves it to the event (a points range or a "
        "floor); in the game system's unit.",
    )
    list_format = models.CharField(max_length=10, choices=ListFormat.choices, default=ListFormat.DUAL)
    # With a top cut, the Swiss rounds only: the cut starts after round `planned_rounds`.
    planned_rounds = models.PositiveSmallIntegerField(default=3)
    # A championship's top cut: how many players enter the single-elimination bracket after
    # the Swiss rounds (None: no cut), and how a tied cut game is decided.
    cut_size = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Players in the top cut after the Swiss rounds; empty: no cut."
    )
    cut_ties = models.CharField(max_length=20, choices=CutTies.choices, default=CutTies.BETTER_SEED)
    # A team game (docs/teams.md): each entrant is a team of `team_size` players on one side
    # of every game, each with an army of their own judged with their teammates' against
    # `team_budget` (in the game system's unit). None: one player a side.
    team_size = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Players per side in a team game (2 for 2v2); empty: one."
    )
    team_budget = models.PositiveIntegerField(
        null=True, blank=True, help_text="A team game's budget for the whole team's armies."
    )
    # A team tournament (docs/team-matches.md): teams of `squad_size` players (3 to 8) are
    # the Swiss entrants; each round two teams meet in a team match of one-on-one games on
    # a block of adjacent tables. None: players are the entrants.
    squad_size = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Players per team in a team tournament (3 to 8); empty: none."
    )
    match_rule = models.CharField(max_length=20, choices=MatchRule.choices, default=MatchRule.GAMES_WON)
    match_draw_margin = models.PositiveSmallIntegerField(
        default=0, help_text="With game points: a difference of at most this is a drawn match."
    )
    match_pairing = models.CharField(
        max_length=20, choices=MatchPairing.choices, default=MatchPairing.PROTOCOL
    )
    protocol_step_minutes = models.PositiveSmallIntegerField(
        default=3, help_text="A captain's time for each step of the pairing protocol."
    )
    distinct_factions = models.BooleanField(
        default=False, help_text="A team's members each play a different faction."
    )
    # Round 1 seeded by the players' ratings (docs/ratings.md), best against the middle of
    # the field so the best seeds meet late; only when the TO chooses it.
    seed_by_rating = models.BooleanField(
        default=False, help_text="Pair round 1 by the players' ratings (the best seeds meet late)."
    )
    rounds_changed_at = models.DateTimeField(
        null=True, blank=True, help_text="When a change to the round count was announced."
    )
    starts_on = models.DateField(null=True, blank=True)
    ends_on = models.DateField(null=True, blank=True)
    venue = models.CharField(max_length=200, blank=True)
    # The venue's time zone (an IANA name, e.g. Europe/Warsaw): every time the event's pages,
    # sheets and mails show, and every time its TO enters, is in it. Empty: the site's.
    time_zone = models.CharField(max_length=64, blank=True, default="")
    roster_deadline = models.DateTimeField(null=True, blank=True)
    roster_publication = models.CharField(
        max_length=20, choices=RosterPublication.choices, default=RosterPublication.AFTER_DEADLINE
    )
    rosters_published_at = models.DateTimeField(null=True, blank=True)
    late_roster_penalty = models.CharField(max_length=200, blank=True)
    # Empty on a new event: its game system's round length (`GameSystem.round_minutes`).
    round_minutes = models.PositiveSmallIntegerField(blank=True, help_text="Default: the game system's.")
    first_round_extra_minutes = models.PositiveSmallIntegerField(default=0)
    to_plays = models.BooleanField(default=False)
    head_judge_plays = models.BooleanField(default=False)
    conduct_contact = models.CharField(max_length=200, blank=True)
    # The event listing (OP Guide: The Tournament Organiser): layouts in use, the pairing
    # platform, and the schedule of round start times (tournaments.schedule, stored form).
    layouts_in_use = models.CharField(max_length=200, blank=True)
    pairing_platform = models.CharField(max_length=200, default="Muster")
    schedule = models.JSONField(
        default=list, blank=True, help_text='Round start times: [{"round": 1, "starts_at": ISO 8601}, ...].'
    )
    # OP Guide: Accessibility — told to players in the event materials. None: not announced.
    step_free_access = models.BooleanField(null=True, blank=True)
    accessible_toilet = models.BooleanField(null=True, blank=True)
    table_seating = models.CharField(max_length=10, choices=TableSeating.choices, blank=True, default="")
    seating_on_request = models.BooleanField(default=False)
    accommodations_contact = models.CharField(max_length=200, blank=True)
    accommodations_by = models.DateField(
        null=True, blank=True, help_text="Empty: a week before the event (OP Guide: Accessibility)."
    )
    # OP Guide: Side Events — a side event is a full event of its own, linked to its main event.
    side_event_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="side_events"
    )
    status = models.CharField(max_length=20, choices=EventStatus.choices, default=EventStatus.DRAFT)
    registration_open = models.BooleanField(default=True)
    # The registration cap (docs/waitlist.md): entrants beyond it join the waitlist. It
    # counts entrants: players, a team game's teams, a team tournament's teams. None: no cap.
    capacity = models.PositiveIntegerField(
        null=True, blank=True, help_text="The most entrants the event takes; empty: no cap."
    )
    waitlist_accept_hours = models.PositiveSmallIntegerField(
        default=24, help_text="Hours a waiting player has to accept a freed seat."
    )
    join_code = models.CharField(
        max_length=32, blank=True, help_text="Secret part of the self-service registration link."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    extra = models.JSONField(default=dict, blank=True)
    # Bumped by `tournaments.services.versions.event_touch` inside every service that
    # changes what a page shows; pages answer conditional requests and cache their
    # fragments by it (docs/polling.md). Only that UPDATE ever writes it.
    version = models.PositiveBigIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["-starts_on", "name"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        """A full save of a loaded event leaves `version` alone, so a bump made earlier
        in the same transaction (event_touch is an UPDATE, not this object) is not lost.
        An event saved without a round length takes its game system's."""
        if self.round_minutes is None:
            self.round_minutes = default_round_minutes(self.game_system)
        if self.pk is not None and not self._state.adding and kwargs.get("update_fields") is None:
            kwargs["update_fields"] = [
                f.attname for f in self._meta.concrete_fields if not f.primary_key and f.name != "version"
            ]
        super().save(*args, **kwargs)

    @property
    def accommodations_deadline(self) -> dt.date | None:
        """By when to ask for an accommodation: the TO's date, else a week before the event
        (OP Guide: Accessibility — "A week before the event is reasonable")."""
        if self.accommodations_by is not None:
            return self.accommodations_by
        if self.starts_on is None:
            return None
        default = self.starts_on - ACCOMMODATIONS_BEFORE
        # An event announced within its last week has no such date to offer: a deadline
        # before the event was even listed would read as "too late" (the page says "as soon
        # as possible" instead).
        if self.created_at is not None and default < timezone.localdate(self.created_at):
            return None
        return default

    @property
    def is_team_game(self) -> bool:
        return self.team_size is not None

    @property
    def is_team_tournament(self) -> bool:
        return self.squad_size is not None

    @property
    def has_cut(self) -> bool:
        return self.cut_size is not None

    @property
    def format_summary(self) -> str:
        """The event's format in a line: "5 Swiss rounds, then a top 8" (or "5 Swiss rounds")."""
        rounds = f"{self.planned_rounds} Swiss round{'s' if self.planned_rounds != 1 else ''}"
        return f"{rounds}, then a top {self.cut_size}" if self.cut_size is not None else rounds

    @property
    def system(self) -> GameSystem:
        """The event's game system (its plug-in); UnknownGameSystem when none is installed
        under the event's slug (an event of a system since uninstalled)."""
        return get_system(self.game_system)

    @property
    def game_system_name(self) -> str:
        """The game as players know it (the registry's name), not its slug."""
        try:
            return self.system.name
        except UnknownGameSystem:
            return self.game_system

    @property
    def scale_name(self) -> str:
        """The engagement scale as the game system names it ("Clash"), not its slug."""
        try:
            return self.system.scales[self.scale].name
        except (UnknownGameSystem, KeyError):
            return self.scale

    @property
    def budget_unit(self) -> str:
        """What the game counts an army's budget in (the plug-in's word), for display."""
        try:
            return self.system.budget_unit
        except UnknownGameSystem:
            return "points"

    @property
    def pregame(self) -> Pregame:
        """Its game system's pre-game sequence (a draft, a scenario per round, one, or none)."""
        return self.system.pregame


def default_round_minutes(game_system: str) -> int:
    """The round length a new event of `game_system` starts with (each plug-in states its own)."""
    try:
        return get_system(game_system).round_minutes
    except UnknownGameSystem:
        return get_system(Event._meta.get_field("game_system").get_default()).round_minutes


class StaffRoleKind(models.TextChoices):
    # OP Guide: Roles and Requirements
    TO = "to", "Tournament Organiser"
    HEAD_JUDGE = "head-judge", "Head Judge"
    FLOOR_JUDGE = "floor-judge", "Floor Judge"


class StaffRole(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="staff")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="staff_roles")
    role = models.CharField(max_length=20, choices=StaffRoleKind.choices)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "user", "role"], name="unique_staff_role"),
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()}) at {self.event}"


class StaffInvitation(models.Model):
    """A staff role offered by e-mail to someone who may have no account yet: the role is
    given to whichever account follows the mailed link and accepts (its holder's consent),
    and the invitation is then spent (tournaments.services.staff_invitations)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="staff_invitations")
    email = models.EmailField()
    role = models.CharField(max_length=20, choices=StaffRoleKind.choices)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    invited_at = models.DateTimeField(default=timezone.now)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    accepted_at = models.DateTimeField(null=True, blank=True)
    mail_failed_at = models.DateTimeField(
        null=True, blank=True, help_text="When the mail server refused the invitation's mail."
    )

    class Meta:
        ordering = ["-invited_at", "-id"]

    def __str__(self) -> str:
        return f"{self.get_role_display()} at {self.event} for {self.email}"


class CheckInVia(models.TextChoices):
    QR = "qr", "the door's QR code"
    STAFF = "staff", "a staff tap"
    API = "api", "the API"


class Player(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="players")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="entries"
    )
    external_id = models.CharField(
        max_length=60, help_text="The player's id in event/1 files; unique within the event."
    )
    name = models.CharField(max_length=120)
    email = models.EmailField(blank=True)
    spare = models.BooleanField(
        default=False, help_text="A playing Head Judge at a community event: never placed (OP Guide)."
    )
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    disqualified_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    dropped_at = models.DateTimeField(null=True, blank=True)
    checked_in_at = models.DateTimeField(null=True, blank=True)
    # How the check-in was made (docs/venue.md, "QR codes"): the player scanning the door's
    # code, the TO's tap, or an API client; empty while not checked in.
    checked_in_via = models.CharField(max_length=10, choices=CheckInVia.choices, blank=True, default="")
    # The player agrees to be shown on the event's stream (docs/venue.md, "Featured table
    # and stream overlay"): off unless they tick it, and they may withdraw it at any time.
    stream_consent = models.BooleanField(default=False)
    registered_at = models.DateTimeField(auto_now_add=True)
    # The account the TO named for this seat: linked only when its holder claims the seat
    # (tournaments.services.invitations), never by the TO alone.
    invited_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # A team tournament's member: their team, and their place in its order (1 first), which
    # the protocol's defaults follow (docs/team-matches.md).
    squad = models.ForeignKey(
        "Squad", null=True, blank=True, on_delete=models.CASCADE, related_name="members"
    )
    squad_position = models.PositiveSmallIntegerField(null=True, blank=True)
    invited_at = models.DateTimeField(
        null=True, blank=True, help_text="When the seat's invitation was last mailed."
    )
    invitation_failed_at = models.DateTimeField(
        null=True, blank=True, help_text="When the mail server last refused the seat's invitation."
    )
    extra = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "external_id"], name="unique_player_external_id"),
        ]

    def __str__(self) -> str:
        return self.name


class Teammate(models.Model):
    """One player of a team in a team game (docs/teams.md). The team is the event's entrant,
    a `Player` row named for the team and held by its captain: it is paired, reports and is
    ranked as one. Each teammate builds an army of their own, stored as the team's roster
    in the slot of the teammate's `position`."""

    team = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="teammates")
    position = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=120)

    class Meta:
        ordering = ["team", "position"]
        constraints = [
            models.UniqueConstraint(fields=["team", "position"], name="unique_teammate_position"),
            models.CheckConstraint(condition=models.Q(position__gte=1), name="teammate_position_from_one"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.team})"


class Squad(models.Model):
    """A team of a team tournament (docs/team-matches.md): the Swiss entrant. Its members
    are `Player` rows, each with a seat, a roster and games of their own; its captain is one
    of them, who registered it and speaks for it in the pairing protocol."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="squads")
    external_id = models.CharField(max_length=60, help_text="The team's id in event/1 files.")
    name = models.CharField(max_length=120)
    captain = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="captain_of"
    )
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    disqualified_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    registered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "external_id"], name="unique_squad_external_id"),
            models.UniqueConstraint(fields=["event", "name"], name="unique_squad_name"),
        ]

    def __str__(self) -> str:
        return self.name


class WaitlistState(models.TextChoices):
    WAITING = "waiting", "Waiting"
    OFFERED = "offered", "Offered a seat"
    ACCEPTED = "accepted", "Accepted"
    EXPIRED = "expired", "Offer expired"
    WITHDRAWN = "withdrawn", "Withdrawn"


WAITLIST_ACTIVE = (WaitlistState.WAITING, WaitlistState.OFFERED)


class WaitlistEntry(models.Model):
    """A sign-up beyond the event's cap (docs/waitlist.md). Not a `Player`: a waiting person
    is never paired, ranked or listed with the field until they accept an offered seat, and
    then they become a Player like any other entrant."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="waitlist")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    name = models.CharField(max_length=120)
    email = models.EmailField(blank=True)
    position = models.PositiveIntegerField()
    state = models.CharField(max_length=10, choices=WaitlistState.choices, default=WaitlistState.WAITING)
    joined_at = models.DateTimeField(auto_now_add=True)
    offered_at = models.DateTimeField(null=True, blank=True)
    offer_expires_at = models.DateTimeField(null=True, blank=True)
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["event", "position", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "user"],
                condition=models.Q(state__in=["waiting", "offered"]),
                name="unique_active_waitlist_entry",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_state_display()})"


class Table(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    layout = models.CharField(max_length=120, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="unique_table_number"),
        ]

    def __str__(self) -> str:
        return f"Table {self.number}"


class RoundStatus(models.TextChoices):
    PAIRED = "paired", "Paired (draft)"
    PUBLISHED = "published", "Published"
    CLOSED = "closed", "Closed"


class RoundStage(models.TextChoices):
    # event/1 round stages, from the one source (standings.records).
    SWISS = records.SWISS, "Swiss"
    CUT = records.CUT, "Top cut"


class Round(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=20, choices=RoundStatus.choices, default=RoundStatus.PAIRED)
    seed = models.BigIntegerField(default=0)
    pairing_report = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    # Bumped by every change to the round's pairings or state (pair, swap, re-pair, publish):
    # "round-published" is audited once per version (see AuditEntry.once_key).
    version = models.PositiveIntegerField(default=0)
    # The scenario the TO chose for this round, for a game system that picks one per round
    # once rosters lock (`GameSystem.pregame`, e.g. Dropzone Commander); empty until chosen.
    scenario = models.CharField(max_length=120, blank=True)
    # A Swiss round or a round of the top cut; the first cut round keeps the seeds it was
    # paired from (players' event/1 ids, best first), so later rounds and the standings
    # read the bracket the players saw, whatever changes in the Swiss standings after.
    stage = models.CharField(max_length=10, choices=RoundStage.choices, default=RoundStage.SWISS)
    seeds = models.JSONField(null=True, blank=True, default=None)
    # The table a stream's camera shows this round (docs/venue.md, "Featured table and
    # stream overlay"). The table, not the game: the camera is set up over a table, and a
    # swap that brings other players to it is read again against their consent wherever
    # the overlay is drawn (venue.selectors), so nobody who has not agreed is shown.
    featured_table = models.ForeignKey(
        Table, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="unique_round_number"),
        ]

    def __str__(self) -> str:
        return f"Round {self.number}"

    @property
    def is_cut(self) -> bool:
        return self.stage == RoundStage.CUT

    @property
    def scenario_to_play(self) -> str:
        """What players are shown for this round: the chosen scenario, or the system's only
        one (MORSDEI's Three Loot Points); empty when there is none (yet)."""
        pregame = self.event.system.pregame
        return self.scenario if pregame.per_round else (pregame.fixed_scenario or "")

    @property
    def pairing(self) -> PairingReport | None:
        """The stored pairing report, typed; None for a round the engine did not pair."""
        return PairingReport.from_dict(self.pairing_report) if self.pairing_report else None


class TeamMatch(models.Model):
    """Two teams meeting in a round of a team tournament, or one team's bye (`team_b`
    empty). Its games are ordinary `Game` rows pointing here, made as the pairs are: all
    at once by the standings order, when the TO enters the pairs, or two by two as the
    captains' protocol reveals them. The protocol's whole state (hidden choices too) is
    `protocol`, team_match.protocol's JSON; captains only ever see their own view of it."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="team_matches")
    team_a = models.ForeignKey(Squad, on_delete=models.PROTECT, related_name="matches_as_a")
    team_b = models.ForeignKey(
        Squad, null=True, blank=True, on_delete=models.PROTECT, related_name="matches_as_b"
    )
    # The match's block of adjacent tables starts here (None for a bye).
    first_table = models.PositiveSmallIntegerField(null=True, blank=True)
    pairing = models.CharField(max_length=20, choices=MatchPairing.choices)
    protocol = models.JSONField(default=dict, blank=True)
    # When the protocol's current step began: a captain who has not chosen by
    # `Event.protocol_step_minutes` after it is given the announced default.
    step_started_at = models.DateTimeField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["round", "first_table", "id"]
        constraints = [
            models.UniqueConstraint(fields=["round", "team_a"], name="team_match_a_once_per_round"),
            models.UniqueConstraint(fields=["round", "team_b"], name="team_match_b_once_per_round"),
            models.CheckConstraint(
                condition=~models.Q(team_a=models.F("team_b")), name="team_match_teams_differ"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round}: {self.team_a} v {self.team_b or 'bye'}"

    @property
    def is_bye(self) -> bool:
        return self.team_b_id is None


class Outcome(models.TextChoices):
    # OP Guide: Games That Don't End Normally; event/1 outcome values, from the one source
    # (standings.records); tests/foundation/test_choices.py checks the sets agree.
    PLAYED = records.PLAYED, "Played"
    CONCESSION = records.CONCESSION, "Concession"
    NO_SHOW = records.NO_SHOW, "No-show"
    GAME_LOSS = records.GAME_LOSS, "Game Loss penalty"
    DOUBLE_NO_SHOW = records.DOUBLE_NO_SHOW, "Double no-show"
    BYE = records.BYE, "Bye"
    # Other game systems (docs/interchange.md): MORSDEI's complete victory (MOR:527) and the
    # draw of a system whose games have no VP (Warpspawn).
    COMPLETE_VICTORY = records.COMPLETE_VICTORY, "Complete victory"
    DRAW = records.DRAW, "Draw"


class ResultStatus(models.TextChoices):
    PENDING = "pending", "Waiting for a result"
    AWAITING = "awaiting", "Waiting for the opponent to confirm"
    DISPUTED = "disputed", "Disputed: with the judges"
    CONFIRMED = "confirmed", "Confirmed"


class Game(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="games")
    table = models.ForeignKey(Table, null=True, blank=True, on_delete=models.PROTECT, related_name="games")
    player_one = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="games_as_one")
    player_two = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="games_as_two"
    )
    # A team tournament's game belongs to a team match (player_one is team A's member).
    team_match = models.ForeignKey(
        TeamMatch, null=True, blank=True, on_delete=models.CASCADE, related_name="games"
    )
    outcome = models.CharField(max_length=20, choices=Outcome.choices, blank=True, default="")
    vp_one = models.PositiveSmallIntegerField(null=True, blank=True)
    vp_two = models.PositiveSmallIntegerField(null=True, blank=True)
    loser = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    result_status = models.CharField(
        max_length=20, choices=ResultStatus.choices, default=ResultStatus.PENDING
    )
    # Kill Points in player order, for the systems that record them (Dropzone, DZC:952).
    kp_one = models.PositiveIntegerField(null=True, blank=True)
    kp_two = models.PositiveIntegerField(null=True, blank=True)
    # The winner of a played game in a system without VP (Warpspawn); empty for a draw.
    winner = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    # The extra numbers the game system declares for a result (GameSystem.result_extras),
    # by key.
    details = models.JSONField(default=dict, blank=True)
    # Held for the Head Judge by the system's review rule (GameSystem.result_review).
    needs_review = models.BooleanField(default=False)
    reviewed_at = models.DateTimeField(null=True, blank=True)
    extra = models.JSONField(default=dict, blank=True)
    # A one-tap dispute: the player who was to confirm said the opponent's report
    # is wrong, and may add a note for the judges afterwards (OP Guide: Reporting Results,
    # a judge settles a difference). Kept once the judge rules, as a record of what was said.
    disputed_by = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    dispute_note = models.CharField(max_length=500, blank=True, default="")
    # Optimistic concurrency: every save bumps it, and a judge's correction names the
    # version it corrects (a stale one is refused with the current state, never applied).
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["round", "table__number", "id"]
        # One seat per player and one game per table in a round. Byes have no opponent and
        # no table: NULLs are distinct in a unique constraint (PostgreSQL and SQLite alike),
        # so any number of byes pass without a condition. The constraints are deferred to
        # commit, because a swap passes through a moment where two games hold the same
        # player or table (a condition would forbid deferral: PostgreSQL cannot defer a
        # partial unique index). SQLite cannot defer either and gets none of the three; it
        # has a single writer. A player in both columns of two games is caught on
        # PostgreSQL by the trigger in migration 0006.
        constraints = [
            models.UniqueConstraint(
                fields=["round", "player_one"],
                name="game_player_one_once_per_round",
                deferrable=models.Deferrable.DEFERRED,
            ),
            models.UniqueConstraint(
                fields=["round", "player_two"],
                name="game_player_two_once_per_round",
                deferrable=models.Deferrable.DEFERRED,
            ),
            models.UniqueConstraint(
                fields=["round", "table"],
                name="game_one_per_table_per_round",
                deferrable=models.Deferrable.DEFERRED,
            ),
            models.CheckConstraint(
                condition=~models.Q(player_one=models.F("player_two")), name="game_players_differ"
            ),
        ]

    def __str__(self) -> str:
        two = self.player_two.name if self.player_two else "bye"
        return f"{self.round}: {self.player_one.name} v {two}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Every change is a new version (read under the row lock, so the count is exact)."""
        if self.pk is not None:
            self.version += 1
            update_fields = kwargs.get("update_fields")
            if update_fields is not None:
                kwargs["update_fields"] = {*update_fields, "version"}
        super().save(*args, **kwargs)


class ResultReport(models.Model):
    """What one side (or a member of staff) said the result was; the Game holds the agreed one."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(Player, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    outcome = models.CharField(max_length=20, choices=Outcome.choices)
    vp_one = models.PositiveSmallIntegerField(null=True, blank=True)
    vp_two = models.PositiveSmallIntegerField(null=True, blank=True)
    loser = models.ForeignKey(Player, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    kp_one = models.PositiveIntegerField(null=True, blank=True)
    kp_two = models.PositiveIntegerField(null=True, blank=True)
    winner = models.ForeignKey(Player, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # The client's key for this submission (API header Idempotency-Key, web form hidden
    # field): a retried or doubled report or confirmation finds its stored report and is
    # answered with it. The database holds each key once per game.
    idempotency_key = models.CharField(max_length=80, blank=True, default="")

    class Meta:
        ordering = ["game", "created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "idempotency_key"],
                condition=~models.Q(idempotency_key=""),
                name="result_report_idempotency_key_once",
            ),
        ]

    def __str__(self) -> str:
        return f"report on {self.game_id} by {self.reporter or self.entered_by}"


class AuditLogIsAppendOnly(Exception):
    """An audit entry was about to be changed or removed: the log only grows."""


class AuditEntryQuerySet(models.QuerySet["AuditEntry"]):
    """Bulk writes to the audit log: inserts only.

    `update()`, `bulk_update()` and `delete()` refuse. Deleting an
    event still removes its entries: Django's cascade deletes them through the base
    manager's raw delete, which is the one way out, and PostgreSQL allows it only when
    the event goes in the same transaction (migration 0009).
    """

    def update(self, **kwargs: Any) -> int:
        raise AuditLogIsAppendOnly("The audit log is append-only: entries cannot be changed.")

    def bulk_update(self, objs: Any, fields: Any, batch_size: int | None = None) -> int:
        raise AuditLogIsAppendOnly("The audit log is append-only: entries cannot be changed.")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise AuditLogIsAppendOnly("The audit log is append-only: entries cannot be deleted.")


class AuditEntry(models.Model):
    """Who changed what and why: every staff correction and every state change of a round.

    Append-only: an entry is written once and never changed or deleted, here
    in code and, on PostgreSQL, by triggers (migration 0009_audit_log_append_only). Two
    things may still touch a row: deleting the user who acted sets `actor` to NULL (the
    entry stays, it just no longer names an account), and deleting the whole event takes
    its log with it.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="audit_log")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    action = models.CharField(max_length=60)
    subject = models.CharField(max_length=200, blank=True)
    reason = models.TextField(blank=True)
    data = models.JSONField(default=dict, blank=True)
    # A default rather than auto_now_add: an imported entry is inserted with its own time
    # once, instead of being stamped "now" and corrected by an UPDATE the log refuses.
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    # Set on events that happen once per thing (a round's publication, per round version):
    # the database refuses a second entry with the same key, so a doubled request cannot
    # log the same event twice even if it slipped past the service's own check.
    once_key = models.CharField(max_length=120, blank=True, default="")

    objects = AuditEntryQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "audit entries"
        constraints = [
            models.UniqueConstraint(
                fields=["event", "once_key"],
                condition=~models.Q(once_key=""),
                name="audit_event_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.action} {self.subject}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AuditLogIsAppendOnly("The audit log is append-only: entries cannot be changed.")
        kwargs["force_insert"] = True  # never an UPDATE, even with a pk set by hand
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise AuditLogIsAppendOnly("The audit log is append-only: entries cannot be deleted.")

    @property
    def changes(self) -> list[str]:
        """The entry's data as lines a person reads: "venue: Old Hall → New Hall" for a change
        (`{"old": ..., "new": ...}`), "role: floor-judge" for anything else. Entries stored
        before changes carried both sides (`{"venue": "Old Hall"}`) read "venue: was Old Hall"."""
        lines = []
        data = self.data if isinstance(self.data, dict) else {}
        for key, value in data.items():
            label = str(key).replace("_", " ")
            if isinstance(value, dict) and set(value) == {"old", "new"}:
                lines.append(f"{label}: {value['old'] or '—'} → {value['new'] or '—'}")
            elif self.action == "event-updated":
                lines.append(f"{label}: was {value or '—'}")
            else:
                lines.append(f"{label}: {value}")
        return lines


class EventPack(models.Model):
    """The data pack a TO supplied for the event ("TO-supplied packs").

    Every roster of the event is judged against it instead of the system's built-in pack.
    Kept as the checked datapack/1 document with what it says of itself and its content
    fingerprint (`rules_engine.supplied_pack.fingerprint`), which survives export and import.
    """

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="supplied_pack")
    document = models.JSONField(help_text="The pack as a datapack/1 document.")
    fingerprint = models.CharField(max_length=80)
    filename = models.CharField(max_length=200, blank=True)
    effective = models.CharField(max_length=40, blank=True)
    source = models.CharField(max_length=500, blank=True)
    sample = models.BooleanField(default=False)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    uploaded_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.event}: pack {self.fingerprint[:15]}"

    @property
    def short_fingerprint(self) -> str:
        return self.fingerprint.removeprefix("sha256:")[:12]
