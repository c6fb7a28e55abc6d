"""The venue's pages under /e/<slug>/ and its API under /api/events/<slug>/ (docs/venue.md)."""

from django.urls import URLPattern, URLResolver, include, path

from venue.api import views as api
from venue.views import manage, screen

app_name = "venue"

api_patterns: list[URLPattern | URLResolver] = [
    # Announcements (docs/venue.md, "Announcements")
    path("announcements/", api.AnnouncementsApi.as_view(), name="api-announcements"),
    path("announcements/<int:pk>/", api.AnnouncementApi.as_view(), name="api-announcement"),
]

event_patterns: list[URLPattern | URLResolver] = [
    # The hall screen (docs/venue.md, "Hall screen")
    path("screen/", screen.screen, name="screen"),
    path("screen/data/", screen.data, name="screen-data"),
    path("manage/screens/", manage.screens, name="screens"),
    path("manage/screens/announcements/<int:pk>/withdraw/", manage.withdraw, name="announcement-withdraw"),
]

urlpatterns: list[URLPattern | URLResolver] = [
    path("api/events/<slug:slug>/", include(api_patterns)),
    path("e/<slug:slug>/", include(event_patterns)),
]
