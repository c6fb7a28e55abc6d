"""Profiles, series and ratings: what spans events (docs/series.md, docs/ratings.md)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from season_points import FIELD_SCALED, PLACING_TABLE


class Profile(models.Model):
    """A player's choice to show their profile (events, placings, factions, ratings) to
    everyone. Without a row, or with `public` off, the profile is theirs alone."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    public = models.BooleanField(default=False)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Profile of {self.user}"


class Formula(models.TextChoices):
    # season_points' formulas (docs/series.md, "The formulas").
    PLACING = PLACING_TABLE, "Points by placing (a table)"
    SCALED = FIELD_SCALED, "Points scaled by the field's size"


class Series(models.Model):
    """A league or a season: events of one game system whose final placings earn season
    points by the organiser's formula (docs/series.md)."""

    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=80, unique=True)
    game_system = models.CharField(max_length=60)
    organiser = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="series")
    description = models.CharField(max_length=500, blank=True)
    formula = models.CharField(max_length=20, choices=Formula.choices, default=PLACING_TABLE)
    table = models.JSONField(default=list, blank=True, help_text="Points for 1st, 2nd, ... (placing table).")
    participation = models.PositiveIntegerField(default=0, help_text="Points for a placing past the table.")
    base = models.PositiveIntegerField(default=100, help_text="The winner's points (field-scaled).")
    best_of = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Count each player's best N events."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "name"]
        verbose_name_plural = "series"

    def __str__(self) -> str:
        return self.name


class SeriesEvent(models.Model):
    """An event in a series; an event belongs to one series at most."""

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="entries")
    event = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE, related_name="series_entry")
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["series", "event__starts_on", "event__name"]

    def __str__(self) -> str:
        return f"{self.event} in {self.series}"


class PlayerRating(models.Model):
    """An account's current rating in one game system (docs/ratings.md)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    game_system = models.CharField(max_length=60)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game_system", "user"]
        constraints = [models.UniqueConstraint(fields=["user", "game_system"], name="one_rating_per_system")]

    def __str__(self) -> str:
        return f"{self.user} in {self.game_system}: {self.ordinal:.1f}"

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


class RatingChange(models.Model):
    """How one finished event moved an account's rating."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    game_system = models.CharField(max_length=60)
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="rating_changes")
    finished = models.DateField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    games = models.PositiveSmallIntegerField()
    wins = models.PositiveSmallIntegerField()
    draws = models.PositiveSmallIntegerField()
    losses = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["user", "finished", "event"]
        constraints = [models.UniqueConstraint(fields=["user", "event"], name="one_rating_change_per_event")]

    def __str__(self) -> str:
        return f"{self.user} at {self.event}: {self.ordinal_before:.1f} to {self.ordinal_after:.1f}"

    @property
    def ordinal_before(self) -> float:
        return self.mu_before - 3 * self.sigma_before

    @property
    def ordinal_after(self) -> float:
        return self.mu_after - 3 * self.sigma_after

    @property
    def change(self) -> str:
        """The shown rating's move, signed ("+2.4", "-1.0")."""
        return f"{self.ordinal_after - self.ordinal_before:+.1f}"
