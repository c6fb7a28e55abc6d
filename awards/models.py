"""Hobby awards: what an event offers, the players' votes, and the winners.

OP Guide: Hobby Awards. An event offers Best Painted (player vote), Best in Faction (one per
group of its game system, `GameSystem.award_groups`) and Best Sportsman (one nomination per
player). Every award is decided the same way: one ballot per attendee, never for oneself,
counted once the TO closes voting. Ballots are secret: no page, API answer or export says
who voted for whom; the TO reads counts only (docs/awards.md).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from tournaments.models import Event, Player


class AwardKind(models.TextChoices):
    # OP Guide: Hobby Awards, the three the guide names.
    BEST_PAINTED = "best-painted", "Best Painted"
    BEST_IN_FACTION = "best-in-faction", "Best in Faction"
    BEST_SPORTSMAN = "best-sportsman", "Best Sportsman"


class AwardProgramme(models.Model):
    """The event's awards as a whole: who runs them, and where voting stands.

    OP Guide: Running Them Well: "Give somebody the job" (`owner`, a member of the event's
    staff, named on the event page); voting closes once for every award, and the winners
    are published once.
    """

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="award_programme")
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    voting_closed_at = models.DateTimeField(null=True, blank=True)
    published_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Awards at {self.event}"

    @property
    def voting_open(self) -> bool:
        return self.voting_closed_at is None


class Award(models.Model):
    """One award the event offers; `group` is the game system's group for Best in Faction."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="awards")
    kind = models.CharField(max_length=20, choices=AwardKind.choices)
    group = models.CharField(max_length=60, blank=True, default="")
    label = models.CharField(max_length=120)
    # Set when the winners are published: the most votes, or the TO's choice among a tie.
    winner = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    # The TO's choice among players tied on the most votes, by player id (event/1 ids).
    tie_among = models.JSONField(default=list, blank=True)
    tie_chosen = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["event", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "kind", "group"], name="award_once_per_event"),
        ]

    def __str__(self) -> str:
        return f"{self.label} at {self.event}"


class AwardVote(models.Model):
    """One attendee's ballot (or Best Sportsman nomination) for one award.

    Changeable until voting closes (the row is updated, not added to). Read only to count
    or to show the voter their own choice.
    """

    award = models.ForeignKey(Award, on_delete=models.CASCADE, related_name="votes")
    voter = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    choice = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    cast_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["award", "id"]
        constraints = [
            models.UniqueConstraint(fields=["award", "voter"], name="award_vote_once_per_voter"),
            models.CheckConstraint(
                condition=~models.Q(voter=models.F("choice")), name="award_vote_not_for_oneself"
            ),
        ]

    def __str__(self) -> str:
        return f"a ballot for {self.award}"
