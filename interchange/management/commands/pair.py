"""`manage.py pair FILE --seed N --json`: pair the next round of an event/1 file.

docs/interchange.md, "standings and pair". Reads the file only: no database, no ORM, so it
works on a laptop with nothing but the file. Bad input or an impossible pairing exits 2
with one line on stderr. The work is `interchange.offline.pair`, which manage.py also
runs without Django when no settings module is chosen: one implementation, two ways in.
"""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from interchange import offline


class Command(BaseCommand):
    help = "Pair the round after the last one in an event/1 file (no database needed)."
    # The command must run with the database unreachable: no system checks, no migrations check.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: ArgumentParser) -> None:
        offline.add_pair_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            offline.pair(options, self.stdout)
        except offline.OfflineError as exc:
            raise CommandError(str(exc), returncode=exc.returncode) from None
