from django.contrib import admin

from tournaments.models import Event, Game, Player, Round, StaffRole, Table


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
