"""`python manage.py validate_roster FILE [FILE2] [--pack PACK] [--json] [--rules-date YYYY-MM-DD]`.

docs/interchange.md: one file validates that roster; two validate both and the Dual List
rules between them. Files may be roster/1 JSON or the text format (told apart by
content). Exit status 0 legal, 1 illegal, 2 unreadable input — with one line on stderr,
never a traceback. Works on the files alone: no database query is made. The work
(which game system, which check) is `interchange.offline.validate_roster`, which
manage.py also runs without Django when no settings module is chosen.
"""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from interchange import offline


class Command(BaseCommand):
    help = "Check one roster, or a player's two Dual List rosters, against the army-building rules."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: ArgumentParser) -> None:
        offline.add_validate_roster_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            code = offline.validate_roster(options, self.stdout)
        except offline.OfflineError as exc:
            raise CommandError(str(exc), returncode=exc.returncode) from None
        if code:
            raise SystemExit(code)
