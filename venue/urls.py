"""The venue's pages under /e/<slug>/ and its API under /api/events/<slug>/ (docs/venue.md)."""

from django.urls import URLPattern, URLResolver, include, path

from venue.api import views as api
from venue.views import check_in, manage, results, screen, stream, tables

app_name = "venue"

api_patterns: list[URLPattern | URLResolver] = [
    # Announcements (docs/venue.md, "Announcements")
    path("announcements/", api.AnnouncementsApi.as_view(), name="api-announcements"),
    path("announcements/<int:pk>/", api.AnnouncementApi.as_view(), name="api-announcement"),
    # The round's featured table for a stream (docs/venue.md)
    path("rounds/<int:number>/featured-table/", api.FeaturedTableApi.as_view(), name="api-featured-table"),
]

event_patterns: list[URLPattern | URLResolver] = [
    # The hall screen (docs/venue.md, "Hall screen")
    path("screen/", screen.screen, name="screen"),
    path("screen/data/", screen.data, name="screen-data"),
    path("manage/screens/", manage.screens, name="screens"),
    path("manage/screens/announcements/<int:pk>/withdraw/", manage.withdraw, name="announcement-withdraw"),
    # QR codes (docs/venue.md, "QR codes"): a result slip's game, a table's card, the door.
    path("games/<int:game_id>/result/", results.game_result, name="game-result"),
    path("tables/<int:number>/", tables.table_page, name="table"),
    path("manage/check-in/", check_in.manage_check_in, name="manage-check-in"),
    path("check-in/<str:code>/", check_in.check_in, name="check-in"),
    # The featured table and its stream overlay (docs/venue.md)
    path("me/stream-consent/", stream.stream_consent, name="stream-consent"),
    path("manage/rounds/<int:number>/featured-table/", stream.featured_table, name="featured-table"),
    path("overlay/", stream.overlay, name="overlay"),
    path("overlay.json", stream.overlay_json, name="overlay-json"),
]

urlpatterns: list[URLPattern | URLResolver] = [
    path("api/events/<slug:slug>/", include(api_patterns)),
    path("e/<slug:slug>/", include(event_patterns)),
]
