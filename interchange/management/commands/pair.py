"""`manage.py pair FILE --seed N --json`: pair the next round of an event/1 file.

interchange.md, "standings and pair". Reads the file only: no database, no ORM, so it
works on a laptop with nothing but the file. Bad input or an impossible pairing exits 2
with one line on stderr.
"""

from __future__ import annotations

import json
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from interchange.eventfile import EventFileError, load_event
from pairings.engine import Overrides, PairingError, pair_round, request_from_event
from pairings.engine.model import SEEDING_STYLES
from pairings.engine.report import listing_text


def _pair_option(value: str) -> tuple[str, str]:
    parts = [p.strip() for p in value.split(",")]
    if len(parts) != 2 or not all(parts):
        raise CommandError(
            f"--fix-pair takes two player ids separated by a comma, got {value!r}", returncode=2
        )
    return (parts[0], parts[1])


def _table_option(value: str) -> tuple[str, int]:
    player, _, table = value.partition("=")
    if not player.strip() or not table.strip().isdigit():
        raise CommandError(f"--fix-table takes PLAYER=TABLE, got {value!r}", returncode=2)
    return (player.strip(), int(table))


class Command(BaseCommand):
    help = "Pair the round after the last one in an event/1 file (no database needed)."
    # The command must run with the database unreachable: no system checks, no migrations check.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", help="an event/1 JSON file")
        parser.add_argument(
            "--seed", type=int, default=0, help="random seed (same file and seed, same pairing)"
        )
        parser.add_argument("--json", action="store_true", help="print the round as event/1 JSON")
        parser.add_argument("--report", action="store_true", help="with --json, add the pairing report")
        parser.add_argument(
            "--fix-pair", action="append", default=[], metavar="A,B", help="players the TO pairs by hand"
        )
        parser.add_argument("--fix-bye", metavar="PLAYER", help="give this player the bye")
        parser.add_argument(
            "--fix-table",
            action="append",
            default=[],
            metavar="PLAYER=TABLE",
            help="seat this player's game at this table (accessibility)",
        )
        parser.add_argument("--seeding", metavar="A,B,C", help="round one: players best first, as announced")
        parser.add_argument("--seeding-style", choices=SEEDING_STYLES, default="slide")

    def handle(self, *args: Any, **options: Any) -> None:
        pairs = tuple(_pair_option(v) for v in options["fix_pair"])
        tables = dict(_table_option(v) for v in options["fix_table"])
        seeding = None
        if options["seeding"]:
            seeding = [p.strip() for p in options["seeding"].split(",") if p.strip()]
        try:
            event = load_event(options["file"])
            request = request_from_event(
                event,
                seed=options["seed"],
                overrides=Overrides(pairs=pairs, bye=options["fix_bye"], tables=tables),
                seeding=seeding,
                seeding_style=options["seeding_style"],
            )
            pairing = pair_round(request)
        except (EventFileError, PairingError) as exc:
            raise CommandError(str(exc).replace("\n", " "), returncode=2) from None
        entrants = {e.id: e for e in request.entrants}
        if options["json"]:
            out = pairing.to_json()
            if options["report"]:
                out["report"] = pairing.report.to_dict()
            self.stdout.write(json.dumps(out))
        else:
            self.stdout.write(listing_text(pairing, entrants))
            self.stdout.write("")
            self.stdout.write(pairing.report.to_text())
