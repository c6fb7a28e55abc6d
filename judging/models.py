"""What the judges record: penalties, time limits, conduct reports, illegal-roster findings,
each game's pre-game draft, each round's clock and each table's chess clock.

The rules live in the pure modules (`judging.domain.penalties`, `.clock`, and each game
system's pre-game draft, `GameSystem.pregame.draft`); these rows keep their inputs and
facts, and convert themselves to and from them.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone

from judging.domain import chess_clock as chess_domain
from judging.domain import clock as clock_domain
from judging.domain import penalties as penalty_domain
from rosters.models import Roster
from tournaments.models import Event, Game, Player, Round

# The values come from the pure domain (judging.domain.penalties), the one source; the
# models only add labels. tests/foundation/test_choices.py checks the two sets agree.
_Level, _Category, _Status = penalty_domain.Level, penalty_domain.Category, penalty_domain.Status


class PenaltyLevel(models.TextChoices):
    # OP Guide: Penalties — the four levels.
    CAUTION = _Level.CAUTION.value, "Caution"
    WARNING = _Level.WARNING.value, "Warning"
    GAME_LOSS = _Level.GAME_LOSS.value, "Game Loss"
    DISQUALIFICATION = _Level.DISQUALIFICATION.value, "Disqualification"


class Infraction(models.TextChoices):
    RULES = _Category.RULES.value, "Rules"
    SLOW_PLAY = _Category.SLOW_PLAY.value, "Slow play"
    ILLEGAL_ROSTER = _Category.ILLEGAL_ROSTER.value, "Illegal roster"
    CONDUCT = _Category.CONDUCT.value, "Conduct"
    LATE_ROSTER = _Category.LATE_ROSTER.value, "Late roster"
    OTHER = _Category.OTHER.value, "Other"


class PenaltyStatus(models.TextChoices):
    ISSUED = _Status.ISSUED.value, "Issued"
    PENDING = _Status.PENDING_CONFIRMATION.value, "Proposed: awaiting confirmation"
    CONFIRMED = _Status.CONFIRMED.value, "Confirmed"
    DECLINED = _Status.DECLINED.value, "Declined"


class Penalty(models.Model):
    """One penalty: who, when, which round and table, what for, and who issued it."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="penalties")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="penalties")
    level = models.CharField(max_length=20, choices=PenaltyLevel.choices)
    category = models.CharField(max_length=20, choices=Infraction.choices)
    status = models.CharField(max_length=24, choices=PenaltyStatus.choices, default=PenaltyStatus.ISSUED)
    round_number = models.PositiveSmallIntegerField(default=0, help_text="0: before the first round.")
    table_number = models.PositiveSmallIntegerField(null=True, blank=True)
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="penalties")
    notes = models.TextField(blank=True)
    remedy = models.CharField(
        max_length=200, blank=True, help_text="Pace of Play: what the opponent was awarded with a Warning."
    )
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    issued_at = models.DateTimeField(default=timezone.now)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    decision_note = models.TextField(blank=True)

    class Meta:
        ordering = ["issued_at", "id"]
        indexes = [models.Index(fields=["event", "player"], name="penalty_event_player")]
        verbose_name_plural = "penalties"

    def __str__(self) -> str:
        return f"{self.get_level_display()} for {self.player} (round {self.round_number})"

    @property
    def in_force(self) -> bool:
        return self.status in (PenaltyStatus.ISSUED, PenaltyStatus.CONFIRMED)

    def to_domain(self) -> penalty_domain.Penalty:
        return penalty_domain.Penalty(
            player=self.player.name,
            level=penalty_domain.Level(self.level),
            category=penalty_domain.Category(self.category),
            round=self.round_number,
            table=self.table_number,
            reason=self.notes,
            remedy=self.remedy,
            issued_by=str(self.issued_by or ""),
            status=penalty_domain.Status(self.status),
            confirmed_by=str(self.decided_by or ""),
        )


class TimeLimit(models.Model):
    """Pace of Play: a per-activation time limit imposed on a player for the rest of one game."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="time_limits")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="time_limits")
    round_number = models.PositiveSmallIntegerField()
    seconds_per_activation = models.PositiveSmallIntegerField(null=True, blank=True)
    notes = models.TextField(blank=True)
    imposed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    imposed_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["imposed_at", "id"]

    def __str__(self) -> str:
        return f"Time limit for {self.player} in round {self.round_number}"

    def to_domain(self) -> penalty_domain.TimeLimit:
        return penalty_domain.TimeLimit(self.player.name, self.round_number, self.seconds_per_activation)


class ConductCategory(models.TextChoices):
    # OP Guide: Code of Conduct — what is prohibited.
    HARASSMENT = "harassment", "Harassment"
    HATE_SPEECH = "hate-speech", "Hate speech or slurs"
    INTIMIDATION = "intimidation", "Intimidation, threats or physical aggression"
    CHEATING = "cheating", "Cheating"
    WITHHOLDING = "withholding-information", "Withholding information about their own army"
    THEFT = "theft-or-damage", "Theft or damage to property"
    UNSPORTSMANLIKE = "unsportsmanlike", "Persistent unsportsmanlike behaviour"
    OTHER = "other", "Something else"


HANDLED_NOTE_LENGTH = 500


class ConductReport(models.Model):
    """A discreet report to the event's conduct contact: seen by the TO and Head Judge only."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="conduct_reports")
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    category = models.CharField(max_length=30, choices=ConductCategory.choices)
    description = models.TextField()
    people_involved = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    handled_at = models.DateTimeField(null=True, blank=True)
    handled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    handled_note = models.CharField(
        max_length=HANDLED_NOTE_LENGTH, blank=True, help_text="What was done: read by the TO and Head Judge."
    )

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Conduct report #{self.pk} at {self.event}"

    @property
    def handled(self) -> bool:
        return self.handled_at is not None

    @property
    def status(self) -> str:
        """What the reporter is told: "received", then "handled" (never the note or who handled it)."""
        return "handled" if self.handled else "received"


class GamesDecision(models.TextChoices):
    # OP Guide: Illegal Rosters — completed games stand, or the Head Judge adjusts them.
    STAND = "stand", "Completed games stand"
    ADJUSTED = "adjusted", "Completed games adjusted"


class RosterFinding(models.Model):
    """A roster found illegal after play began, and how the judges dealt with it."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="roster_findings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="roster_findings")
    roster = models.ForeignKey(
        Roster, null=True, blank=True, on_delete=models.SET_NULL, related_name="findings"
    )
    slot = models.PositiveSmallIntegerField()
    document = models.JSONField(help_text="The roster/1 document as it was found.")
    violations = models.JSONField(default=list, help_text="The rules engine's violations, re-run when found.")
    games_completed = models.PositiveSmallIntegerField(default=0)
    games_decision = models.CharField(max_length=10, choices=GamesDecision.choices)
    decision_note = models.TextField(blank=True)
    small_mistake = models.BooleanField(default=False)
    players_agree = models.BooleanField(default=False)
    advantage_gained = models.BooleanField(default=False)
    checklist = models.JSONField(default=list)
    suggested_level = models.CharField(max_length=20, choices=PenaltyLevel.choices)
    repair = models.JSONField(null=True, blank=True, help_text="The smallest change that makes it legal.")
    found_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    found_at = models.DateTimeField(default=timezone.now)
    corrected_document = models.JSONField(null=True, blank=True)
    corrected_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    corrected_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-found_at", "-id"]

    def __str__(self) -> str:
        return f"Illegal roster {self.slot} of {self.player}"


class GameDraft(models.Model):
    """The pre-game draft of one game: the system's draft inputs plus every action taken.

    The game system's `pregame.draft.replay` rebuilds the state from `new_state(rosters, ...)`
    and `actions`; `picks` (named by the system) and the role columns are filled when the
    draft completes, for the result slip. Seat "A" is the game's player one, "B" player two.
    """

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="draft")
    list_format = models.CharField(max_length=10)
    names = models.JSONField(help_text="The two players' names, seat A then seat B.")
    rosters = models.JSONField(help_text="Each seat's roster options, as the game system's draft reads them.")
    actions = models.JSONField(default=list)
    seed = models.BigIntegerField(null=True, blank=True, help_text="Seed of a random completion.")
    step = models.CharField(max_length=24)
    started_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)
    completed_at = models.DateTimeField(null=True, blank=True)
    completed_at_random = models.BooleanField(default=False)
    picks = models.JSONField(
        default=dict, blank=True, help_text="What the draft picked, named by the system."
    )
    red = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    blue = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    priority = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    priority_reason = models.CharField(max_length=20, blank=True)
    result = models.JSONField(default=dict, blank=True, help_text="The whole draft result, for printing.")

    def __str__(self) -> str:
        return f"Draft of {self.game}"

    @property
    def complete(self) -> bool:
        return self.completed_at is not None


class RoundClock(models.Model):
    """One round's clock as facts (OP Guide: Round Length); readings come from `snapshot(facts, now)`."""

    round = models.OneToOneField(Round, on_delete=models.CASCADE, related_name="clock")
    length_minutes = models.PositiveSmallIntegerField()
    extra_minutes = models.PositiveSmallIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    pauses = models.JSONField(default=list, help_text="[started, ended or null] pairs, ISO 8601.")
    called_at = models.DateTimeField(null=True, blank=True)
    # When the last-15-minutes call was pushed to the players (judging.clock_calls): set once,
    # by a conditional UPDATE, so a timer fired twice (a resume, a retried task) sends once.
    fifteen_minute_call_sent_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Clock of {self.round}"

    def facts(self) -> clock_domain.RoundClock:
        """The stored facts under the event's game system's clock (its calls, closing period)."""
        return clock_domain.RoundClock(
            rules=self.round.event.system.clock,
            length=timedelta(minutes=self.length_minutes),
            extra=timedelta(minutes=self.extra_minutes),
            started_at=self.started_at,
            pauses=tuple(
                clock_domain.Pause(_moment(begin), _moment(end) if end is not None else None)
                for begin, end in self.pauses
            ),
            called_at=self.called_at,
        )

    def store(self, facts: clock_domain.RoundClock) -> None:
        self.started_at = facts.started_at
        self.pauses = [[b.isoformat(), e.isoformat() if e is not None else None] for b, e in facts.pauses]
        self.called_at = facts.called_at


def _moment(value: Any) -> datetime:
    return datetime.fromisoformat(str(value))


class ChessClockStatus(models.TextChoices):
    # The values are the pure domain's (judging.domain.chess_clock.Status).
    NOT_STARTED = chess_domain.Status.NOT_STARTED.value, "Not started"
    AWAITING_JUDGE = chess_domain.Status.AWAITING_JUDGE.value, "Waiting for a judge to be told"
    RUNNING = chess_domain.Status.RUNNING.value, "Running"
    PAUSED = chess_domain.Status.PAUSED.value, "Paused for a judge"


class ChessClock(models.Model):
    """One table's chess clock (OP Guide: Chess Clocks) as its append-only log of actions.

    `log` is `judging.domain.chess_clock.ChessClock.to_list()`: every start, switch, judge
    call, ruling and favour with its server time, who acted and the resulting pools. The
    services only ever append to it, under the game's row lock; `status` repeats the last
    entry's, so the judges' queue finds the tables waiting for them in one query.
    """

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="chess_clock")
    status = models.CharField(
        max_length=16, choices=ChessClockStatus.choices, default=ChessClockStatus.NOT_STARTED, db_index=True
    )
    log = models.JSONField(default=list, help_text="Every action, oldest first, with the resulting pools.")
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Chess clock of {self.game}"

    def facts(self) -> chess_domain.ChessClock:
        return chess_domain.ChessClock.from_list(self.log)

    def store(self, facts: chess_domain.ChessClock) -> None:
        """Append-only: the stored log must be a prefix of the new one."""
        new = facts.to_list()
        if new[: len(self.log)] != list(self.log):
            raise ValueError("A chess clock's log is append-only.")
        self.log = new
        self.status = facts.status.value
