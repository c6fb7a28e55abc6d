"""The seasons pages (docs/series.md, docs/ratings.md, docs/results-feed.md)."""

from django.urls import URLPattern, path

from seasons import views

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
    path("ratings/<slug:system>/", views.ratings, name="ratings"),
    path("feeds/events/<slug:slug>.json", views.event_results_feed, name="event-feed"),
    path("feeds/series/<slug:slug>.json", views.series_results_feed, name="series-feed"),
]
