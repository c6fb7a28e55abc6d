"""The judges' results queue (no namespace: the names predate the judging app's own)."""

from django.urls import path

from judging.views import results as judge

urlpatterns = [
    path("e/<slug:slug>/judge/", judge.queue, name="judge"),
    path("e/<slug:slug>/judge/rounds/<int:number>/", judge.results, name="judge-results"),
    path("e/<slug:slug>/judge/games/<int:pk>/", judge.game, name="judge-game"),
    path("e/<slug:slug>/judge/games/<int:pk>/review/", judge.review, name="judge-review"),
    path("e/<slug:slug>/judge/games/<int:pk>/accept/", judge.accept, name="judge-accept"),
]
