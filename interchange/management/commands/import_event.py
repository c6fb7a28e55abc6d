"""`python manage.py import_event FILE [--slug S] [--link-users MAP]`: store an event/1 file.

Prints the new slug. Nobody named in the file gets an account's rights unless linked
explicitly with `--link-users file-username=local-username,...` (see docs/event-files.md).
"""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from interchange.event_import import import_event, parse_user_links
from interchange.values import EventImportError
from standings.eventfile import EventFileError, load_event

BAD_INPUT = 2  # as for the other interchange commands: the input could not be read or stored


class Command(BaseCommand):
    help = (
        "Import an event/1 file (docs/interchange.md) as a new event, all or nothing. People in the file "
        "become seats and records without an account unless --link-users links them."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", metavar="FILE", help="an event/1 JSON file")
        parser.add_argument("--slug", help="the new event's slug (default: the file's, else from its name)")
        parser.add_argument(
            "--link-users",
            metavar="MAP",
            action="append",
            default=[],
            help="file-username=local-username,...: link these people to these accounts here (their "
            "roles in the file become roles here); may be repeated. Default: link nobody",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            links: dict[str, str] = {}
            for text in options["link_users"]:
                for name, local in parse_user_links(text).items():
                    if name in links:
                        raise EventImportError(f"{name!r} is linked twice")
                    links[name] = local
            event = import_event(load_event(options["file"]), slug=options["slug"], link_users=links)
        except (EventFileError, EventImportError) as exc:
            raise CommandError(str(exc), returncode=BAD_INPUT) from None
        self.stdout.write(event.slug)
