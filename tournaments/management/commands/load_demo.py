from typing import Any

from django.core.management.base import BaseCommand

from tournaments.demo import DEMO_USERS, SECOND_SLUG, TEAMS_SLUG, load_demo


class Command(BaseCommand):
    help = "Load (or reload) the demo events shown by `make run`, with local demo accounts."

    def handle(self, *args: Any, **options: Any) -> None:
        event = load_demo()
        self.stdout.write(f"Demo event loaded: {event.name} — http://127.0.0.1:8000/e/{event.slug}/")
        self.stdout.write(f"A second game, Dropzone Commander: http://127.0.0.1:8000/e/{SECOND_SLUG}/")
        self.stdout.write(f"A team tournament, teams of five: http://127.0.0.1:8000/e/{TEAMS_SLUG}/")
        for username, role in DEMO_USERS.items():
            self.stdout.write(f"  log in as {username} / password {username} ({role})")
