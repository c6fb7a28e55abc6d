from django.contrib import admin

from judging.models import ConductReport, GameDraft, Penalty, RosterFinding, RoundClock, TimeLimit


@admin.register(Penalty)
class PenaltyAdmin(admin.ModelAdmin[Penalty]):
    list_display = [
        "event",
        "player",
        "level",
        "category",
        "status",
        "round_number",
        "table_number",
        "issued_at",
    ]
    list_filter = ["level", "category", "status"]
    raw_id_fields = ["player", "game", "issued_by", "decided_by"]


@admin.register(TimeLimit)
class TimeLimitAdmin(admin.ModelAdmin[TimeLimit]):
    list_display = ["event", "player", "round_number", "seconds_per_activation", "imposed_at"]
    raw_id_fields = ["player", "imposed_by"]


@admin.register(ConductReport)
class ConductReportAdmin(admin.ModelAdmin[ConductReport]):
    list_display = ["event", "category", "created_at", "handled_at"]
    list_filter = ["category"]
    raw_id_fields = ["reporter", "handled_by"]


@admin.register(RosterFinding)
class RosterFindingAdmin(admin.ModelAdmin[RosterFinding]):
    list_display = ["event", "player", "slot", "games_decision", "found_at", "corrected_at"]
    raw_id_fields = ["player", "roster", "found_by", "corrected_by"]


@admin.register(GameDraft)
class GameDraftAdmin(admin.ModelAdmin[GameDraft]):
    list_display = ["game", "step", "picks", "completed_at", "completed_at_random"]
    raw_id_fields = ["game", "red", "blue", "priority"]


@admin.register(RoundClock)
class RoundClockAdmin(admin.ModelAdmin[RoundClock]):
    list_display = ["round", "length_minutes", "extra_minutes", "started_at", "called_at"]
    raw_id_fields = ["round"]
