"""The venue's pages under /e/<slug>/ (docs/venue.md)."""

from django.urls import URLPattern, URLResolver, path

from venue.api import FeaturedTableApi
from venue.views import check_in, results, stream, tables

urlpatterns: list[URLPattern | URLResolver] = [
    # QR codes (docs/venue.md, "QR codes"): a result slip's game, a table's card, the door.
    path("e/<slug:slug>/games/<int:game_id>/result/", results.game_result, name="venue-game-result"),
    path("e/<slug:slug>/tables/<int:number>/", tables.table_page, name="venue-table"),
    path("e/<slug:slug>/manage/check-in/", check_in.manage_check_in, name="venue-manage-check-in"),
    path("e/<slug:slug>/check-in/<str:code>/", check_in.check_in, name="venue-check-in"),
    # The featured table and its stream overlay (docs/venue.md).
    path("e/<slug:slug>/me/stream-consent/", stream.stream_consent, name="venue-stream-consent"),
    path(
        "e/<slug:slug>/manage/rounds/<int:number>/featured-table/",
        stream.featured_table,
        name="venue-featured-table",
    ),
    path("e/<slug:slug>/overlay/", stream.overlay, name="venue-overlay"),
    path("e/<slug:slug>/overlay.json", stream.overlay_json, name="venue-overlay-json"),
    path(
        "api/events/<slug:slug>/rounds/<int:number>/featured-table/",
        FeaturedTableApi.as_view(),
        name="venue-api-featured-table",
    ),
]
