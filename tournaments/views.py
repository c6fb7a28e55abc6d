from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Event


def home(request: HttpRequest) -> HttpResponse:
    events = Event.objects.order_by("-starts_on", "name")[:50]
    return render(request, "tournaments/home.html", {"events": events})
