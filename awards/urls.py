"""Awards pages under /e/<slug>/ and the awards API under /api/events/<slug>/awards/."""

from django.urls import URLPattern, URLResolver, include, path

from awards import views
from awards.api import views as api

app_name = "awards"

api_patterns: list[URLPattern | URLResolver] = [
    path("", api.AwardsApi.as_view(), name="api-awards"),
    path("nominate/", api.NominateApi.as_view(), name="api-nominate"),
    path("tallies/", api.TalliesApi.as_view(), name="api-tallies"),
    path("close/", api.CloseApi.as_view(), name="api-close"),
    path("publish/", api.PublishApi.as_view(), name="api-publish"),
    path("<int:pk>/vote/", api.VoteApi.as_view(), name="api-vote"),
    path("<int:pk>/tie-break/", api.TieBreakApi.as_view(), name="api-tie-break"),
]

event_patterns: list[URLPattern | URLResolver] = [
    path("awards/", views.index, name="index"),
    path("awards/<int:pk>/vote/", views.vote, name="vote"),
    path("manage/awards/", views.manage, name="manage"),
    path("manage/awards/close/", views.close, name="close"),
    path("manage/awards/publish/", views.publish, name="publish"),
    path("manage/awards/<int:pk>/tie-break/", views.tie_break, name="tie-break"),
]

urlpatterns: list[URLPattern | URLResolver] = [
    path("api/events/<slug:slug>/awards/", include(api_patterns)),
    path("e/<slug:slug>/", include(event_patterns)),
]
