from django.contrib import admin

from rosters.models import Roster


@admin.register(Roster)
class RosterAdmin(admin.ModelAdmin[Roster]):
    list_display = ["player", "slot", "legal", "submitted_at"]
    list_filter = ["legal"]
    raw_id_fields = ["player"]
