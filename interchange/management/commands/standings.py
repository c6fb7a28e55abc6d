"""`python manage.py standings FILE [--json] [--explain PLAYER_ID]` (docs/interchange.md).

Works on the file alone: no model is imported and no query is made, so it runs even when
the database is unreachable. The work is `interchange.offline.standings`, which manage.py
also runs without Django when no settings module is chosen.
"""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from interchange import offline


class Command(BaseCommand):
    help = "Print the standings of an event/1 file (OP Guide: Scoring and Standings)."
    # System checks may touch the database on some back ends; this command must not.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: ArgumentParser) -> None:
        offline.add_standings_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            offline.standings(options, self.stdout)
        except offline.OfflineError as exc:
            raise CommandError(str(exc), returncode=exc.returncode) from None
