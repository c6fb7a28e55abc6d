"""`python manage.py validate_roster FILE [FILE2] [--pack PACK] [--json] [--rules-date YYYY-MM-DD]`.

interchange.md: one file validates that roster; two validate both and the Dual List
rules between them. Files may be roster/1 JSON or the text format (told apart by
content). Exit status 0 legal, 1 illegal, 2 unreadable input — with one line on stderr,
never a traceback. Works on the files alone: no database query is made.

The game system is the roster's (`game_system` in JSON, a `Game:` line in text; StarCraft
when neither says), or the pack's when `--pack` hands one in. Systems whose rosters are
not StarCraft-shaped bring their own check (`GameSystem.roster_check`, interchange.md
"Other game systems"); without `--pack` they judge against their built-in pack.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from argparse import ArgumentParser, ArgumentTypeError
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from rules_engine.registry import GameSystem, NoPackInEffect, UnknownGameSystem, get_system, system_named
from rules_engine.roster_check import RosterChecker, RosterInputError
from rules_engine.systems.starcraft_tmg.pack import PackError
from rules_engine.systems.starcraft_tmg.report_text import render_result
from rules_engine.systems.starcraft_tmg.roster_json import RosterFileError
from rules_engine.systems.starcraft_tmg.roster_reader import load_roster, read_roster_file
from rules_engine.verdict import EventRequirements, Report, ValidationResult, judge_rosters

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
            "--pack", metavar="PACK", help="a datapack/1 file to judge against instead of the built-in pack"
        )
        parser.add_argument(
            "--rules-date",
            type=_date,
            metavar="YYYY-MM-DD",
            help="the rules cut-off date: use the data pack in effect then (default: today)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        files: list[str] = options["files"]
        try:
            system = _system_of(files, options["pack"])
        except (RosterInputError, UnknownGameSystem) as exc:
            raise CommandError(" ".join(str(exc).split()), returncode=BAD_INPUT) from None
        if system is not None and system.roster_check is not None:
            self._check_other(system.roster_check, files, options)
            return
        try:
            rosters = [load_roster(name) for name in files]
            systems = {r.game_system for r in rosters}
            if len(systems) > 1:
                raise RosterFileError(
                    f"the rosters are for different game systems: {', '.join(sorted(systems))}"
                )
            rules = get_system(rosters[0].game_system)
            result: ValidationResult[Report]
            if options["pack"] and rules.army is not None:
                result = rules.army.validate_against(rosters, Path(options["pack"]))
            else:
                # The files alone: no event imposes a scale; the rules are today's unless told.
                # The verdict is `judge_rosters`', the same function the web and the API use.
                requirements = EventRequirements(
                    game_system=rosters[0].game_system, rules_date=options["rules_date"] or dt.date.today()
                )
                result = judge_rosters(rosters, requirements)
        except (RosterFileError, UnknownGameSystem, NoPackInEffect, PackError, NotImplementedError) as exc:
            raise CommandError(" ".join(str(exc).split()), returncode=BAD_INPUT) from None
        if options["json"]:
            self.stdout.write(json.dumps(result.as_json(), ensure_ascii=False, indent=2))
        else:
            self.stdout.write(render_result(result, files), ending="")
        if not result.legal:
            raise SystemExit(ILLEGAL)

    def _check_other(self, check: RosterChecker, files: list[str], options: dict[str, Any]) -> None:
        try:
            texts = [_read(name) for name in files]
            pack_text = _read(options["pack"]) if options["pack"] else None
            result = check(texts, pack_text)
        except RosterInputError as exc:
            raise CommandError(" ".join(str(exc).split()), returncode=BAD_INPUT) from None
        if options["json"]:
            self.stdout.write(json.dumps(result.as_json(), ensure_ascii=False, indent=2))
        else:
            self.stdout.write(result.text(files), ending="")
        if not result.legal:
            raise SystemExit(ILLEGAL)


def _read(name: str) -> str:
    """The file's text; reading problems are the one-line errors of the roster reader."""
    try:
        return read_roster_file(Path(name))
    except RosterFileError as exc:
        raise RosterInputError(str(exc)) from None


_GAME_LINE = re.compile(r"^\s*game(?:\s*system)?\s*:\s*(.+?)\s*$", re.IGNORECASE | re.MULTILINE)


def _declared_system(text: str, origin: str) -> str | None:
    """The game system a roster or pack names: `game_system` in JSON, a `Game:` line in text."""
    stripped = text.lstrip("\ufeff").lstrip()
    if stripped.startswith("{"):
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError:
            return None  # the reader reports it with its line and column
        value = data.get("game_system") if isinstance(data, dict) else None
        return value if isinstance(value, str) else None
    match = _GAME_LINE.search(stripped)
    return match.group(1) if match else None


def _system_of(files: list[str], pack: str | None) -> GameSystem | None:
    """The system whose rules apply; None for a StarCraft roster (its own reader decides)."""
    named = [s for s in (_declared_system(_read(f), f) for f in files) if s]
    if pack is not None:
        pack_system = _declared_system(_read(pack), pack)
        if pack_system is None:
            raise RosterInputError(f"{pack}: a datapack/1 file names its game_system")
        system = system_named(pack_system)
        for value in named:
            if system_named(value).slug != system.slug:
                raise RosterInputError(
                    f"the pack is for {system.name}, the roster for {system_named(value).name}"
                )
        return system
    return system_named(named[0]) if named else None
