from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from tournaments.models import AuditEntry, Event, Game, Player, Round, StaffRole, Table


class PlayerInline(admin.TabularInline[Player, Event]):
    model = Player
    extra = 0


class TableInline(admin.TabularInline[Table, Event]):
    model = Table
    extra = 0


@admin.register(Event)
class EventAdmin(admin.ModelAdmin[Event]):
    list_display = ["name", "game_system", "kind", "scale", "status", "starts_on"]
    list_filter = ["game_system", "kind", "status"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [TableInline, PlayerInline]


@admin.register(StaffRole)
class StaffRoleAdmin(admin.ModelAdmin[StaffRole]):
    list_display = ["event", "user", "role"]


class GameInline(admin.TabularInline[Game, Round]):
    model = Game
    extra = 0
    raw_id_fields = ["player_one", "player_two", "loser", "table"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin[Round]):
    list_display = ["event", "number", "status"]
    inlines = [GameInline]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin[AuditEntry]):
    """Read-only: the audit log is append-only (AuditEntry), the admin only shows it."""

    list_display = ["created_at", "event", "action", "subject", "actor"]
    list_filter = ["action"]
    search_fields = ["event__name", "subject", "reason"]
    list_select_related = ["event", "actor"]
    readonly_fields = ["event", "actor", "action", "subject", "reason", "data", "created_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
