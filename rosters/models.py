"""Submitted army rosters. The roster itself is kept as its roster/1 document."""

from __future__ import annotations

import json

from django.db import models

from rules_engine.verdict import RosterVerdict


class Roster(models.Model):
    # Named by string: the event core (tournaments) builds on rosters, never the reverse.
    player = models.ForeignKey("tournaments.Player", on_delete=models.CASCADE, related_name="rosters")
    # OP Guide: Dual List Format — at most two rosters per player. In a team game the entrant
    # is a team and each slot is one teammate's army (docs/teams.md: at most three players).
    slot = models.PositiveSmallIntegerField(default=1)
    document = models.JSONField(help_text="The roster as a roster/1 document.")
    legal = models.BooleanField(default=False)
    report = models.JSONField(default=dict, blank=True, help_text="The rules engine's last verdict.")
    # What was typed, pasted or uploaded, exactly: the submission form shows it again, so a
    # player fixing an illegal roster edits their own text rather than starting over.
    source = models.TextField(blank=True, default="", help_text="The roster as submitted, before reading.")
    submitted_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["player", "slot"]
        constraints = [
            models.UniqueConstraint(fields=["player", "slot"], name="unique_roster_slot"),
            models.CheckConstraint(condition=models.Q(slot__in=[1, 2, 3]), name="roster_slot_one_to_three"),
        ]

    def __str__(self) -> str:
        return f"{self.player} — roster {self.slot}"

    def editable_text(self) -> str:
        """The text to edit and resubmit: as submitted, else (sent as a roster/1 object, or
        stored before `source` was kept) the document as roster/1 JSON, which every reader takes."""
        return self.source or json.dumps(self.document, indent=2, ensure_ascii=False)

    @property
    def faction(self) -> str:
        """The roster's faction as judged, else as its document names it (each system's
        roster/1 has `faction`; StarCraft's names its Faction Card)."""
        judged = self.verdict.roster
        if judged is not None and judged.faction:
            return judged.faction
        doc = self.document if isinstance(self.document, dict) else {}
        value = doc.get("faction") or doc.get("faction_card")
        return value if isinstance(value, str) else ""

    @property
    def verdict(self) -> RosterVerdict:
        """The stored verdict, typed: every reader goes through this, none re-parses `report`."""
        # The report is read by the roster's own game system (its document says which).
        system = self.document.get("game_system") if isinstance(self.document, dict) else None
        return RosterVerdict.from_dict(self.report, game_system=system if isinstance(system, str) else "")
