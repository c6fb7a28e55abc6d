"""The seasons pages (docs/series.md, docs/ratings.md, docs/results-feed.md)."""

from django.urls import URLPattern, path

from seasons import faction_views, views
from seasons.api import views as api

app_name = "seasons"

urlpatterns: list[URLPattern] = [
    path("players/<str:username>/", views.profile, name="profile"),
    path("accounts/profile/", views.profile_settings, name="profile-settings"),
    path("series/", views.series_list, name="series-list"),
    path("series/new/", views.series_new, name="series-new"),
    path("series/<slug:slug>/", views.series_detail, name="series"),
    path("series/<slug:slug>/add-event/", views.series_add, name="series-add"),
    path("series/<slug:slug>/remove-event/", views.series_remove, name="series-remove"),
    path("series/<slug:slug>/formula/", views.series_formula, name="series-formula"),
    path("series/<slug:slug>/standings.csv", views.series_csv, name="series-csv"),
    path("series/<slug:slug>/standings.pdf", views.series_pdf, name="series-pdf"),
    path("series/<slug:slug>/factions/", faction_views.series_factions, name="series-factions"),
    path("series/<slug:slug>/factions.csv", faction_views.series_factions_csv, name="series-factions-csv"),
    path("e/<slug:slug>/factions/", faction_views.event_factions, name="event-factions"),
    path("e/<slug:slug>/factions.csv", faction_views.event_factions_csv, name="event-factions-csv"),
    path("ratings/<slug:system>/", views.ratings, name="ratings"),
    path("feeds/events/<slug:slug>.json", views.event_results_feed, name="event-feed"),
    path("feeds/series/<slug:slug>.json", views.series_results_feed, name="series-feed"),
    path("api/me/profile/", api.MyProfileApi.as_view(), name="api-my-profile"),
    path("api/players/<str:username>/profile/", api.ProfileApi.as_view(), name="api-profile"),
    path("api/series/", api.SeriesListApi.as_view(), name="api-series-list"),
    path("api/series/<slug:slug>/", api.SeriesApi.as_view(), name="api-series"),
    path("api/series/<slug:slug>/formula/", api.SeriesFormulaApi.as_view(), name="api-series-formula"),
    path("api/series/<slug:slug>/events/", api.SeriesEventsApi.as_view(), name="api-series-events"),
    path(
        "api/series/<slug:slug>/events/<slug:event>/", api.SeriesEventApi.as_view(), name="api-series-event"
    ),
    path(
        "api/series/<slug:slug>/factions/",
        faction_views.SeriesFactionsApi.as_view(),
        name="api-series-factions",
    ),
    path(
        "api/events/<slug:slug>/factions/",
        faction_views.EventFactionsApi.as_view(),
        name="api-event-factions",
    ),
    path("api/ratings/<slug:system>/", api.RatingsApi.as_view(), name="api-ratings"),
]
