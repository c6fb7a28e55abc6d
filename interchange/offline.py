"""The interchange contract's offline commands, `pair`, `standings` and `validate_roster`,
without Django (docs/interchange.md, "standings and pair" and "validate_roster").

They read files and print: no database, no settings, no app registry. Django's own
start-up (about 0.3 s of CPU) was longer than a peer pairer's whole run, so
`manage.py` hands these three commands straight to `main` here when no settings module
is chosen (DJANGO_SETTINGS_MODULE unset), and the Django management commands in
`interchange/management/commands/` call the very same functions, so the two paths
cannot drift: same arguments, same output bytes, same exit codes (0, 1 for an illegal
roster, 2 with one line on stderr) and the same `CommandError: ...` line Django prints.

Whatever the fast path does not mirror exactly it leaves to Django: `--help`,
`--version`, `--settings`, `--pythonpath`, `--traceback`, `--no-color`, `--force-color`,
any argument error (Django prints the usage), a custom DJANGO_COLORS palette, shell
completion, and a TIME_ZONE Django would refuse. `main` then returns None and manage.py
starts Django as before.

Pure: this module imports no Django (tests/foundation/test_layout.py), and each command
imports only the engines it uses, when it runs.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol, TextIO

from rules_engine import strict_json

COMMANDS = ("pair", "standings", "validate_roster")
ILLEGAL = 1  # validate_roster: the roster breaks a rule
BAD_INPUT = 2  # docs/interchange.md: exit status 2, one line on stderr

# Django's options on every command (BaseCommand.create_parser). Parsed here only so
# that arguments mean what they mean under Django (abbreviations included); any of them
# but --verbosity sends the command to Django.
_DJANGO_ONLY = ("help", "version", "settings", "pythonpath", "traceback", "no_color", "force_color")


class OfflineError(Exception):
    """A one-line refusal: Django's `CommandError` with the same message and exit status."""

    def __init__(self, message: str, returncode: int = BAD_INPUT) -> None:
        super().__init__(message)
        self.returncode = returncode


class Output(Protocol):
    """What the commands write to: Django's OutputWrapper, or `_Stream` below."""

    def write(self, msg: str = ..., style_func: Any = ..., ending: str | None = ...) -> None: ...


class _Stream:
    """Django's OutputWrapper, as far as these commands use it: a line ending unless given."""

    def __init__(self, out: TextIO) -> None:
        self._out = out

    def write(self, msg: str = "", style_func: Any = None, ending: str | None = None) -> None:
        ending = "\n" if ending is None else ending
        if ending and not msg.endswith(ending):
            msg += ending
        self._out.write(msg)


# --- arguments (shared with the Django commands' add_arguments) ----------------------


def add_pair_arguments(parser: argparse.ArgumentParser) -> None:
    from pairings.engine.model import SEEDING_STYLES

    parser.add_argument("file", help="an event/1 JSON file")
    parser.add_argument("--seed", type=int, default=0, help="random seed (same file and seed, same pairing)")
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


def add_standings_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="an event/1 JSON file")
    parser.add_argument("--json", action="store_true", help="print the docs/interchange.md JSON")
    parser.add_argument("--explain", metavar="PLAYER_ID", help="explain one player's line instead")
    parser.add_argument(
        "--planned-rounds",
        type=int,
        metavar="N",
        help="the event's round count; standings are final once round N is in "
        "(default: the file's planned_rounds, else indicative)",
    )
    parser.add_argument("--final", action="store_true", help="treat the standings as final")


def _date(value: str) -> Any:
    import datetime as dt

    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a date in YYYY-MM-DD form") from None


def add_validate_roster_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files", nargs="+", metavar="FILE", help="roster/1 JSON or text roster; two for a Dual List pair"
    )
    parser.add_argument("--json", action="store_true", help="print the docs/interchange.md JSON verdict")
    parser.add_argument(
        "--pack", metavar="PACK", help="a datapack/1 file to judge against instead of the built-in pack"
    )
    parser.add_argument(
        "--rules-date",
        type=_date,
        metavar="YYYY-MM-DD",
        help="the rules cut-off date: use the data pack in effect then (default: today)",
    )
    parser.add_argument(
        "--team-budget",
        metavar="M",
        help="judge two or three rosters as one team of a team game with this budget for the team",
    )


# --- the commands --------------------------------------------------------------------


def _pair_option(value: str) -> tuple[str, str]:
    parts = [p.strip() for p in value.split(",")]
    if len(parts) != 2 or not all(parts):
        raise OfflineError(f"--fix-pair takes two player ids separated by a comma, got {value!r}")
    return (parts[0], parts[1])


def _table_option(value: str) -> tuple[str, int]:
    player, _, table = value.partition("=")
    if not player.strip() or not table.strip().isdigit():
        raise OfflineError(f"--fix-table takes PLAYER=TABLE, got {value!r}")
    return (player.strip(), int(table))


def pair(options: Mapping[str, Any], out: Output) -> None:
    """`pair FILE [--seed N] [--json [--report]] [--fix-...]`: the next round of an event/1 file."""
    from pairings.engine import Overrides, PairingError, pair_round, request_from_event
    from standings.eventfile import EventFileError, load_event

    pairs = tuple(_pair_option(v) for v in options["fix_pair"])
    tables = dict(_table_option(v) for v in options["fix_table"])
    seeding = None
    if options["seeding"]:
        seeding = [p.strip() for p in options["seeding"].split(",") if p.strip()]
    try:
        event = load_event(options["file"])
    except EventFileError as exc:
        raise OfflineError(str(exc).replace("\n", " ")) from None
    if event.extra.get("team_event") is not None:
        _pair_teams(event, options, out)
        return
    if event.cut is not None and event.next_round_number > event.cut.after_round:
        # The Swiss rounds are in: the bracket pairs the rest (its engine loaded only then,
        # so a Swiss `pair` builds no standings tables).
        _pair_cut(event, options, out)
        return
    try:
        request = request_from_event(
            event,
            seed=options["seed"],
            overrides=Overrides(pairs=pairs, bye=options["fix_bye"], tables=tables),
            seeding=seeding,
            seeding_style=options["seeding_style"],
        )
        pairing = pair_round(request)
    except (EventFileError, PairingError) as exc:
        raise OfflineError(str(exc).replace("\n", " ")) from None
    if options["json"]:
        doc = pairing.to_json()
        if options["report"]:
            doc["report"] = pairing.report.to_dict()
        out.write(json.dumps(doc))
    else:
        from pairings.engine.report import listing_text

        out.write(listing_text(pairing, {e.id: e for e in request.entrants}))
        out.write("")
        out.write(pairing.report.to_text())


def _pair_cut(event: Any, options: Mapping[str, Any], out: Output) -> None:
    """The next round of the top cut: the bracket decides it, so no TO override applies."""
    from bracket import CutError, pair_cut_round
    from standings.engine import StandingsError

    hand = [name for name in ("fix_pair", "fix_bye", "fix_table", "seeding", "report") if options[name]]
    if hand:
        option = "--" + hand[0].replace("_", "-")
        raise OfflineError(f"{option} does not apply to a cut round: the bracket decides who meets whom")
    try:
        cut_round = pair_cut_round(event, seed=options["seed"])
    except (CutError, StandingsError) as exc:
        raise OfflineError(str(exc)) from None
    if options["json"]:
        out.write(json.dumps(cut_round.to_json()))
        return
    seeds = {player: i for i, player in enumerate(cut_round.seeds or _seeds_of(event), start=1)}

    def who(player_id: str) -> str:
        name = event.player(player_id).name
        label = f"{player_id} ({name})" if name and name != player_id else player_id
        return f"{label} [seed {seeds[player_id]}]"

    lines = [f"Round {cut_round.number} (cut)"]
    for game in cut_round.games:
        if game.is_bye:
            lines.append(f"  Bye       {who(game.players[0])}")
        else:
            lines.append(f"  Table {game.table:<3} {who(game.players[0])}  v  {who(game.players[1])}")
    out.write("\n".join(lines))


def _pair_teams(event: Any, options: Mapping[str, Any], out: Output) -> None:
    """The next round of a team tournament's file (docs/team-matches.md): its teams paired
    into matches on blocks of tables. The TO's hand pairings name players, so they do not
    apply; nor does an announced seeding (round one is drawn at random)."""
    from pairings.engine import PairingError
    from pairings.engine.teams import pair_team_event, team_listing_text
    from standings.engine import StandingsError
    from standings.eventfile import EventFileError
    from team_match.eventfile import read_team_event
    from team_match.scoring import ScoringError
    from team_match.standings import TeamStandingsError

    hand = [name for name in ("fix_pair", "fix_bye", "fix_table", "seeding") if options[name]]
    if hand:
        option = "--" + hand[0].replace("_", "-")
        raise OfflineError(f"{option} does not apply to a team tournament: the teams are paired whole")
    try:
        team_event = read_team_event(event)
        assert team_event is not None
        paired = pair_team_event(event, team_event, seed=options["seed"])
    except (EventFileError, PairingError, StandingsError, ScoringError, TeamStandingsError) as exc:
        raise OfflineError(str(exc).replace("\n", " ")) from None
    if options["json"]:
        doc = paired.to_json()
        if options["report"]:
            doc["report"] = paired.pairing.report.to_dict()
        out.write(json.dumps(doc))
        return
    names = {p.id: p.name for p in event.players}
    out.write(team_listing_text(paired, team_event, names))
    out.write("")
    out.write(paired.pairing.report.to_text())


def _seeds_of(event: Any) -> tuple[str, ...]:
    from bracket import event_seeds

    seeds: tuple[str, ...] = event_seeds(event)
    return seeds


def standings(options: Mapping[str, Any], out: Output) -> None:
    """`standings FILE [--json] [--explain PLAYER_ID]` (OP Guide: Scoring and Standings)."""
    from standings.engine import StandingsError, standings_for_event
    from standings.eventfile import EventFileError, load_event

    try:
        event = load_event(options["file"])
    except EventFileError as exc:
        raise OfflineError(str(exc)) from None
    if event.extra.get("team_event") is not None:
        _team_standings(event, options, out)
        return
    try:
        table = standings_for_event(
            event, planned_rounds=options["planned_rounds"], final=True if options["final"] else None
        )
    except (EventFileError, StandingsError) as exc:
        raise OfflineError(str(exc)) from None
    places = _cut_placing(event, table) if options["explain"] is None else None

    player_id = options["explain"]
    if player_id is not None:
        from standings.explanation import explain, explain_text, explanation_json

        if player_id not in table:
            raise OfflineError(f"no player {player_id!r} in {options['file']}")
        explanation = explain(table, player_id)
        if options["json"]:
            out.write(json.dumps(explanation_json(explanation), ensure_ascii=False, indent=2))
        else:
            out.write(explain_text(explanation))
        return

    from standings.display import standings_json, standings_table

    if places is not None:
        table = _in_cut_order(table, places)
    if options["json"]:
        # One row per line, as printed in docs/interchange.md.
        entries = standings_json(table)["standings"]
        if places is not None:
            for entry, place in zip(entries, places, strict=True):
                entry["cut"], entry["eliminated_in"] = place.seed, place.eliminated_in
        rows = [json.dumps(row, ensure_ascii=False) for row in entries]
        body = ",\n".join(f"  {row}" for row in rows)
        out.write('{"standings": [\n' + body + "\n]}" if rows else '{"standings": []}')
    else:
        out.write(standings_table(table, event.name) + (_cut_text(places) if places is not None else ""))


def _team_standings(event: Any, options: Mapping[str, Any], out: Output) -> None:
    """A team tournament's file: the team standings, then the individual ranking (the best
    players, from the members' own games); `--explain` explains a player's line in it."""
    from standings.display import standings_json, standings_table
    from standings.engine import StandingsError, planned_rounds_of, scoring_for_event
    from standings.eventfile import EventFileError
    from team_match.display import team_standings_rows, team_standings_table
    from team_match.eventfile import read_team_event
    from team_match.record import team_event_standings
    from team_match.scoring import ScoringError
    from team_match.standings import TeamStandingsError, individual_standings

    try:
        team_event = read_team_event(event)
        assert team_event is not None
        scoring = scoring_for_event(event)
        teams = team_event_standings(event, team_event, scoring)
        planned = options["planned_rounds"]
        if planned is None:
            planned = planned_rounds_of(event)
        players = individual_standings(
            team_event.teams,
            event.rounds,
            scoring,
            planned_rounds=planned,
            final=True if options["final"] else None,
        )
    except (EventFileError, StandingsError, TeamStandingsError, ScoringError) as exc:
        raise OfflineError(str(exc)) from None
    player_id = options["explain"]
    if player_id is not None:
        from standings.explanation import explain, explain_text, explanation_json

        if player_id not in players:
            raise OfflineError(f"no player {player_id!r} in {options['file']}")
        explanation = explain(players, player_id)
        if options["json"]:
            out.write(json.dumps(explanation_json(explanation), ensure_ascii=False, indent=2))
        else:
            out.write(explain_text(explanation))
        return
    if options["json"]:
        # One row per line, as `standings --json` prints a file of players.
        team_rows = [json.dumps(row, ensure_ascii=False) for row in team_standings_rows(teams)]
        player_rows = [json.dumps(row, ensure_ascii=False) for row in standings_json(players)["standings"]]

        def block(rows: list[str]) -> str:
            return "[\n" + ",\n".join(f"  {row}" for row in rows) + "\n]" if rows else "[]"

        tiebreak = json.dumps(teams.tiebreak.value)
        parts = [f'"tiebreak": {tiebreak}', f'"team_standings": {block(team_rows)}']
        parts.append(f'"standings": {block(player_rows)}')
        out.write("{" + ",\n".join(parts) + "}")
        return
    title = f"{event.name} — teams" if event.name else "Teams"
    out.write(team_standings_table(teams, title))
    out.write("")
    out.write(standings_table(players, "Best players (the individual ranking)"))


def _cut_placing(event: Any, table: Any) -> Any:
    """Once the cut has begun, everyone's place (`bracket.placing`); None before it."""
    from bracket import CutError, cut_has_begun, event_bracket, placing

    if not cut_has_begun(event):
        return None
    try:
        return placing(table, event_bracket(event, table))
    except CutError as exc:
        raise OfflineError(str(exc)) from None


def _in_cut_order(table: Any, places: Any) -> Any:
    """The Swiss standings' rows in the cut's order, with the cut's ranks."""
    from bracket import in_cut_order

    return in_cut_order(table, places)


def _cut_text(places: Any) -> str:
    """A line per cut player under the table: their seed and how far they went."""
    entered = [place for place in places if place.seed is not None]
    left = sum(place.eliminated_in is None for place in entered)
    lines = ["", "", "Top cut (placed first; ranks are not shared):"]
    for place in entered:
        how = f"out in round {place.eliminated_in}"
        if place.eliminated_in is None:
            how = "champion" if left == 1 else "still in"
        lines.append(f"  {place.rank}. {place.player}: seed {place.seed}, {how}")
    return "\n".join(lines)


# A roster that names no game system (no `game_system`, no `Game:` line) is StarCraft's, as
# roster/1 began (docs/interchange.md, "roster/1"); the slug is data, like the default an
# event is created with.
DEFAULT_GAME_SYSTEM = "starcraft-tmg"


def validate_roster(options: Mapping[str, Any], out: Output) -> int:
    """`validate_roster FILE [FILE2] [--pack PACK] [--json] [--rules-date D]`: 0 legal, 1 illegal.

    The game system is the roster's (`game_system` in JSON, a `Game:` line in text;
    StarCraft when neither says), or the pack's when `--pack` hands one in. Every system is
    judged as the web and the API judge it, by `judge_rosters` through its one roster hook
    (`GameSystem.roster_rules`): the files alone impose no scale, and the rules are those
    in effect on the rules date (today unless told), or the pack handed in. The verdict is
    printed by the system's own printer, else in the shared layout.
    """
    import datetime as dt

    from rules_engine.datapack import PackError, decode
    from rules_engine.game_system import NoPackInEffect
    from rules_engine.registry import UnknownGameSystem
    from rules_engine.roster_check import SHARED_PRINTER
    from rules_engine.roster_report import RosterInputError
    from rules_engine.verdict import EventRequirements, judge_rosters, roster_rules_for

    files: list[str] = options["files"]
    if options.get("team_budget") is not None:
        return _validate_team(files, options, out)
    rules_date = options["rules_date"] or dt.date.today()
    try:
        texts = [_read(name) for name in files]
        pack_text = _read(options["pack"]) if options["pack"] else None
        system = _system_of(texts, options["pack"], pack_text)
        rules = roster_rules_for(system.slug)
        rosters = [rules.read(text, origin=name) for name, text in zip(files, texts, strict=True)]
        pack = decode(pack_text) if pack_text is not None else None
        label = rules.pack_label(pack, rules_date)
        requirements = EventRequirements(game_system=system.slug, rules_date=rules_date)
        result = judge_rosters(rosters, requirements, pack)
    except (RosterInputError, UnknownGameSystem, NoPackInEffect, PackError, NotImplementedError) as exc:
        raise OfflineError(" ".join(str(exc).split())) from None
    printer = system.verdict_printer or SHARED_PRINTER
    if options["json"]:
        out.write(json.dumps(printer.json(result, label), ensure_ascii=False, indent=2))
    else:
        out.write(printer.text(result, label, files), ending="")
    return 0 if result.legal else ILLEGAL


def _validate_team(files: list[str], options: Mapping[str, Any], out: Output) -> int:
    """`validate_roster --team-budget M ROSTER1 ROSTER2 [ROSTER3]`: one team of a team game,
    each roster one player's army, judged together against the team's budget M
    (docs/interchange.md, "Team games"). 0 legal, 1 illegal, 2 unreadable input."""
    import datetime as dt

    from rules_engine.registry import UnknownGameSystem
    from rules_engine.roster_report import RosterInputError
    from rules_engine.team_games import TeamBudgetError, team_budget

    try:
        budget = team_budget(options["team_budget"])
    except TeamBudgetError as exc:
        raise OfflineError(f"--team-budget: {exc}") from None
    try:
        texts = [_read(name) for name in files]
        pack_text = _read(options["pack"]) if options["pack"] else None
        system = _system_of(texts, options["pack"], pack_text)
    except (RosterInputError, UnknownGameSystem) as exc:
        raise OfflineError(" ".join(str(exc).split())) from None
    teams = system.team_games
    if teams is None or system.roster_rules is None:
        raise OfflineError(f"{system.name} has no team games: --team-budget does not apply")
    if len(files) not in teams.sizes:
        sizes = " or ".join(str(n) for n in teams.sizes)
        extra = " (no dual lists in a team game)" if len(files) > max(teams.sizes) else ""
        raise OfflineError(
            f"a team of {system.name} brings {sizes} rosters, one army per player; {len(files)} given{extra}"
        )
    rosters = [_team_roster(system.roster_rules, name) for name in files]
    try:
        pack = strict_json.loads(_read(options["pack"])) if options["pack"] else None
        verdict = teams.judge_team(
            rosters, budget=budget, rules_date=options["rules_date"] or dt.date.today(), pack=pack
        )
    except (RosterInputError, ValueError, LookupError) as exc:
        raise OfflineError(" ".join(str(exc).split())) from None
    if options["json"]:
        out.write(json.dumps(verdict.as_json(), ensure_ascii=False, indent=2))
    else:
        out.write(teams.text(verdict, files), ending="")
    return 0 if verdict.legal else ILLEGAL


def _team_roster(rules: Any, name: str) -> Any:
    """One teammate's roster read by the system's plug-in; a problem names the file."""
    from rules_engine.roster_report import RosterInputError

    try:
        return rules.read(_read(name))
    except (RosterInputError, ValueError) as exc:
        message = " ".join(str(exc).split())
        if not message.startswith(name):
            message = f"{name}: {message.removeprefix('roster: ')}"
        raise OfflineError(message) from None


def _read(name: str) -> str:
    """The file's text (UTF-8, a byte-order mark dropped); a problem is one line naming it."""
    from rules_engine.roster_report import RosterInputError

    path = Path(name)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise RosterInputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise RosterInputError(f"{path}: is a directory, not a roster file") from None
    except OSError as exc:
        raise RosterInputError(f"{path}: cannot be read ({exc.strerror})") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RosterInputError(f"{path}: not UTF-8 text") from None


def _declared_system(text: str) -> str | None:
    """The game system a roster or pack names: `game_system` in JSON, a `Game:` line in text."""
    import re

    stripped = text.lstrip("\ufeff").lstrip()
    if stripped.startswith("{"):
        try:
            data = strict_json.loads(stripped)
        except json.JSONDecodeError:
            return None  # the reader reports it with its line and column
        value = data.get("game_system") if isinstance(data, dict) else None
        return value if isinstance(value, str) else None
    match = re.search(r"^\s*game(?:\s*system)?\s*:\s*(.+?)\s*$", stripped, re.IGNORECASE | re.MULTILINE)
    return match.group(1) if match else None


def _system_of(texts: list[str], pack: str | None, pack_text: str | None) -> Any:
    """The system whose rules apply (a GameSystem): the pack's, else the rosters' (all one)."""
    from rules_engine.registry import get_system, system_named
    from rules_engine.roster_report import RosterInputError

    named = [s for s in (_declared_system(text) for text in texts) if s]
    if pack is not None and pack_text is not None:
        pack_system = _declared_system(pack_text)
        if pack_system is None:
            raise RosterInputError(f"{pack}: a datapack/1 file names its game_system")
        system = system_named(pack_system)
        for value in named:
            if system_named(value).slug != system.slug:
                raise RosterInputError(
                    f"the pack is for {system.name}, the roster for {system_named(value).name}"
                )
        return system
    if not named:
        return get_system(DEFAULT_GAME_SYSTEM)
    systems = {system_named(value).slug for value in named}
    if len(systems) > 1:
        raise RosterInputError(f"the rosters are for different game systems: {', '.join(sorted(systems))}")
    return system_named(named[0])


# --- the fast path: manage.py without Django -----------------------------------------

_ARGUMENTS = {
    "pair": add_pair_arguments,
    "standings": add_standings_arguments,
    "validate_roster": add_validate_roster_arguments,
}


class _Refused(Exception):
    """An argument error: Django prints it, with its usage line, not the fast path."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:
        raise _Refused(message)


def _parser(prog: str, command: str) -> _Parser:
    """The command's parser with Django's base options (BaseCommand.create_parser), no help action."""
    parser = _Parser(prog=f"{os.path.basename(prog)} {command}", add_help=False)
    parser.add_argument("-h", "--help", action="store_true")
    parser.add_argument("--version", action="store_true")
    parser.add_argument("-v", "--verbosity", default=1, type=int, choices=[0, 1, 2, 3])
    parser.add_argument("--settings")
    parser.add_argument("--pythonpath")
    parser.add_argument("--traceback", action="store_true")
    parser.add_argument("--no-color", action="store_true")
    parser.add_argument("--force-color", action="store_true")
    _ARGUMENTS[command](parser)
    return parser


def _time_zone_set() -> bool:
    """Set TZ as Django's settings would (TIME_ZONE, default UTC); False if Django would refuse it.

    It decides what "today" is for validate_roster's rules date.
    """
    zone = os.environ.get("TIME_ZONE", "UTC")
    if not zone:
        return True
    root = Path("/usr/share/zoneinfo")
    if root.exists() and not root.joinpath(*zone.split("/")).exists():
        return False
    os.environ["TZ"] = zone
    time.tzset()
    return True


def _error_line(message: str) -> str:
    """Django's `CommandError: message` line, red and bold when it would colour it."""
    line = f"CommandError: {message}\n"
    if sys.stdout.isatty() and sys.stderr.isatty():
        return f"\x1b[31;1m{line}\x1b[0m"  # termcolors' ERROR style in its default palette
    return line


def main(argv: Sequence[str]) -> int | None:
    """Run `manage.py COMMAND ...` without Django; None when Django must run it instead."""
    if len(argv) < 2 or argv[1] not in _ARGUMENTS:
        return None
    if "DJANGO_SETTINGS_MODULE" in os.environ or "DJANGO_AUTO_COMPLETE" in os.environ:
        return None
    if "DJANGO_COLORS" in os.environ or not hasattr(time, "tzset"):
        return None
    command = argv[1]
    try:
        options = vars(_parser(argv[0], command).parse_args(list(argv[2:])))
    except _Refused:
        return None
    if any(options[name] for name in _DJANGO_ONLY) or not _time_zone_set():
        return None
    out = _Stream(sys.stdout)
    # A run builds a few hundred thousand small objects that live until it exits (the
    # event, its games, the candidate graph), none of them cyclic: the collector's default
    # pass every 700 allocations rescans them again and again, a tenth of `pair`'s time at
    # 4,096 players. Collect rarely instead; the process ends in a moment.
    gc.set_threshold(50_000, 20, 100)
    try:
        if command == "validate_roster":
            return validate_roster(options, out)
        pair(options, out) if command == "pair" else standings(options, out)
    except OfflineError as exc:
        sys.stdout.flush()
        sys.stderr.write(_error_line(str(exc)))
        return exc.returncode
    return 0
