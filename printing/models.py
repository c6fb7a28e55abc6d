"""Print jobs: one PDF to render in a worker, with its state and its file."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tournaments.models import Event


class PrintKind(models.TextChoices):
    # OP Guide: printed rosters and a written record; the venue runs on paper on the wall.
    PAIRINGS = "pairings", "Pairings by table"
    FIND_TABLE = "find-table", "Find your table"
    STANDINGS = "standings", "Standings"
    SLIPS = "slips", "Result slips"
    ROSTERS = "rosters", "Roster pack"
    PLAYER_SUMMARY = "player-summary", "Player summary"
    PENALTIES = "penalties", "Penalty log"
    AWARDS = "awards", "Awards sheet"  # OP Guide: Hobby Awards
    BRACKET = "bracket", "Top cut bracket"  # a championship's single-elimination stage
    # A team tournament's matches, a page each (docs/team-matches.md): the TO's and the captains'.
    MATCH_SHEETS = "match-sheets", "Team match sheets"
    # How each faction fared, with its charts (docs/faction-stats.md), once rosters are public.
    FACTIONS = "factions", "Faction statistics"
    # A card per table, printed once: its number, layout and the QR code of its page
    # (docs/venue.md, "QR codes").
    TABLE_CARDS = "table-cards", "Table cards"


class PrintStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    RUNNING = "running", "Rendering"
    DONE = "done", "Ready"
    FAILED = "failed", "Failed"


def print_job_upload_to(job: PrintJob, filename: str) -> str:
    return f"print/event-{job.event_id}/{filename}"


class PrintJob(models.Model):
    """One PDF to render in a worker. `fingerprint` hashes everything the document shows,
    so the same inputs reuse a finished file and new data makes a new one."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="print_jobs")
    kind = models.CharField(max_length=30, choices=PrintKind.choices)
    params = models.JSONField(default=dict, blank=True, help_text="Paper, round number, player id, …")
    fingerprint = models.CharField(max_length=64)
    status = models.CharField(max_length=10, choices=PrintStatus.choices, default=PrintStatus.QUEUED)
    file = models.FileField(upload_to=print_job_upload_to, blank=True, max_length=255)
    filename = models.CharField(max_length=200, blank=True, help_text="The name the download is saved as.")
    error = models.TextField(blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The last time a message for this job was handed to the broker (a sweep re-sends one
    # that no worker took up).
    enqueued_at = models.DateTimeField(null=True, blank=True)
    # Which worker process is rendering it ("host pid") and until when its lease holds: a
    # running worker renews the lease every few seconds, so a job whose worker was killed
    # is known to be orphaned within a lease, not after STALE_AFTER.
    worker = models.CharField(max_length=200, blank=True)
    lease_expires_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["event", "kind", "fingerprint"], name="print_job_lookup")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} for {self.event} ({self.status})"
