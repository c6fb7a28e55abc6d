"""`python manage.py import_event FILE [--slug S]`: store an event/1 file; prints the new slug."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from interchange.eventfile import EventFileError, load_event
from interchange.eventio import EventImportError, import_event

BAD_INPUT = 2  # as for the other interchange commands: the input could not be read or stored


class Command(BaseCommand):
    help = "Import an event/1 file (interchange.md) as a new event, all or nothing."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", metavar="FILE", help="an event/1 JSON file")
        parser.add_argument("--slug", help="the new event's slug (default: the file's, else from its name)")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            event = import_event(load_event(options["file"]), slug=options["slug"])
        except (EventFileError, EventImportError) as exc:
            raise CommandError(str(exc), returncode=BAD_INPUT) from None
        self.stdout.write(event.slug)
