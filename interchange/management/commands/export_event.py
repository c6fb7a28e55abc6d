"""`python manage.py export_event SLUG [-o FILE] [--public]`: the whole event as event/1 JSON."""

from __future__ import annotations

import json
from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from interchange.event_export import export_event
from interchange.event_fields import CONFIDENTIAL_WARNING
from tournaments.models import Event

BAD_INPUT = 2
CONFIDENTIAL = f"warning: {CONFIDENTIAL_WARNING} (--public)"


class Command(BaseCommand):
    help = (
        "Export an event as event/1 JSON (docs/interchange.md), to stdout or a file: everything, for the "
        "TO's backup, or with --public what can be published."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("slug", metavar="SLUG", help="the event's slug")
        parser.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")
        parser.add_argument(
            "--public",
            action="store_true",
            help="leave out conduct reports, e-mail addresses, the join code and the audit log",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            event = Event.objects.get(slug=options["slug"])
        except Event.DoesNotExist:
            raise CommandError(f"no event with slug {options['slug']!r}", returncode=BAD_INPUT) from None
        text = json.dumps(export_event(event, public=options["public"]), ensure_ascii=False, indent=2) + "\n"
        if options["output"] is None:
            self.stdout.write(text, ending="")
        else:
            try:
                Path(options["output"]).write_text(text, encoding="utf-8")
            except OSError as exc:
                raise CommandError(f"cannot write {options['output']}: {exc.strerror or exc}") from None
        if not options["public"]:
            self.stderr.write(CONFIDENTIAL)
