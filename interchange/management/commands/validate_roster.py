"""`python manage.py validate_roster FILE [FILE2] [--json] [--rules-date YYYY-MM-DD]`.

interchange.md: one file validates that roster; two validate both and the Dual List
rules between them. Files may be roster/1 JSON or the text format (told apart by
content). Exit status 0 legal, 1 illegal, 2 unreadable input — with one line on stderr,
never a traceback. Works on the files alone: no database query is made.
"""

from __future__ import annotations

import datetime as dt
import json
from argparse import ArgumentParser, ArgumentTypeError
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from rules_engine.registry import NoPackInEffect, UnknownGameSystem, get_system
from rules_engine.report_text import render_result
from rules_engine.roster_json import RosterFileError
from rules_engine.roster_reader import load_roster
from rules_engine.systems.starcraft_tmg.pack import PackError

ILLEGAL = 1
BAD_INPUT = 2


def _date(value: str) -> dt.date:
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise ArgumentTypeError(f"{value!r} is not a date in YYYY-MM-DD form") from None


class Command(BaseCommand):
    help = "Check one roster, or a player's two Dual List rosters, against the army-building rules."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "files", nargs="+", metavar="FILE", help="roster/1 JSON or text roster; two for a Dual List pair"
        )
        parser.add_argument("--json", action="store_true", help="print the interchange.md JSON verdict")
        parser.add_argument(
            "--rules-date",
            type=_date,
            metavar="YYYY-MM-DD",
            help="the rules cut-off date: use the data pack in effect then (default: today)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        files: list[str] = options["files"]
        try:
            rosters = [load_roster(name) for name in files]
            systems = {r.game_system for r in rosters}
            if len(systems) > 1:
                raise RosterFileError(
                    f"the rosters are for different game systems: {', '.join(sorted(systems))}"
                )
            result = get_system(rosters[0].game_system).validate_rosters(rosters, options["rules_date"])
        except (RosterFileError, UnknownGameSystem, NoPackInEffect, PackError, NotImplementedError) as exc:
            raise CommandError(" ".join(str(exc).split()), returncode=BAD_INPUT) from None
        if options["json"]:
            self.stdout.write(json.dumps(result.as_json(), ensure_ascii=False, indent=2))
        else:
            self.stdout.write(render_result(result, files), ending="")
        if not result.legal:
            raise SystemExit(ILLEGAL)
