from typing import Any

from django.core.management.base import BaseCommand

from seasons.demo import REGULARS, load_demo_series


class Command(BaseCommand):
    help = "Load (or reload) the demo series shown by `make run`: three finished events, profiles, ratings."

    def handle(self, *args: Any, **options: Any) -> None:
        series = load_demo_series()
        self.stdout.write(f"Demo series loaded: {series.name} — http://127.0.0.1:8000/series/{series.slug}/")
        self.stdout.write(f"  its players log in as {', '.join(REGULARS)} (the password is the username)")
