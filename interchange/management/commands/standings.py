"""`python manage.py standings FILE [--json] [--explain PLAYER_ID]` (interchange.md).

Works on the file alone: no model is imported and no query is made, so it runs even when
the database is unreachable.
"""

from __future__ import annotations

import json
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from interchange.eventfile import EventFileError, load_event
from standings import (
    StandingsError,
    explain,
    explain_text,
    explanation_json,
    standings_for_event,
    standings_json,
    standings_table,
)

BAD_INPUT = 2  # interchange.md: exit status 2 for a file that cannot be read


class Command(BaseCommand):
    help = "Print the standings of an event/1 file (OP Guide: Scoring and Standings)."
    # System checks may touch the database on some back ends; this command must not.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", metavar="FILE", help="an event/1 JSON file")
        parser.add_argument("--json", action="store_true", help="print the interchange.md JSON")
        parser.add_argument("--explain", metavar="PLAYER_ID", help="explain one player's line instead")
        parser.add_argument(
            "--planned-rounds",
            type=int,
            metavar="N",
            help="the event's round count; standings are final once round N is in "
            "(default: the file's planned_rounds, else indicative)",
        )
        parser.add_argument("--final", action="store_true", help="treat the standings as final")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            event = load_event(options["file"])
            standings = standings_for_event(
                event, planned_rounds=options["planned_rounds"], final=True if options["final"] else None
            )
        except (EventFileError, StandingsError) as exc:
            raise CommandError(str(exc), returncode=BAD_INPUT) from None

        player_id = options["explain"]
        if player_id is not None:
            if player_id not in standings:
                raise CommandError(f"no player {player_id!r} in {options['file']}", returncode=BAD_INPUT)
            explanation = explain(standings, player_id)
            if options["json"]:
                self.stdout.write(json.dumps(explanation_json(explanation), ensure_ascii=False, indent=2))
            else:
                self.stdout.write(explain_text(explanation))
            return

        if options["json"]:
            # One row per line, as printed in interchange.md.
            rows = [json.dumps(row, ensure_ascii=False) for row in standings_json(standings)["standings"]]
            body = ",\n".join(f"  {row}" for row in rows)
            self.stdout.write('{"standings": [\n' + body + "\n]}" if rows else '{"standings": []}')
        else:
            self.stdout.write(standings_table(standings, event.name))
