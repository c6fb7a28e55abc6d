from typing import Any

from django.core.management.base import BaseCommand

from tournaments.demo import load_demo


class Command(BaseCommand):
    help = "Load (or reload) the demo event shown by `make run`."

    def handle(self, *args: Any, **options: Any) -> None:
        event = load_demo()
        self.stdout.write(f"Demo event loaded: {event.name} ({event.slug})")
