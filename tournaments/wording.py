"""Rules-engine messages in the words the web pages use.

The engines name a player's rosters as the interchange files do: `rosters[1]` for the
second, and a typed roster's reader says "roster, line 4: ..." of whichever text it was
given. Players see "Roster 1" and "Roster 2" on their page, so what the pages show says
"Roster 2" and "Roster 2, line 4: ...". The API and the command line keep the engines'
words, which the files' `where` fields match (docs/interchange.md).
"""

from __future__ import annotations

import re
from typing import Any

from tournaments.game_templates import extras_shown
from tournaments.models import Game, Outcome, Player, ResultReport

_INDEXED = re.compile(r"\brosters\[(\d+)\]")
# A roster/1 document path (`units[4]`, `cards[0]`, `units[0].upgrades[1]`): the pages say
# "unit 5", "card 1", "unit 1, upgrade 2"; the API and the command line keep the path.
_ENTRY = re.compile(r"\b([a-z_]+)\[(\d+)\]")
_PATH_STEP = re.compile(r"\.(?=[a-z])")
_TEXT_LINE = re.compile(r"^roster(?=, line \d+:|:)")


def in_players_words(message: str, slot: int | None = None) -> str:
    """`rosters[i]` becomes "Roster i+1" (index 0 is the first roster); a message about
    the roster being read starts "Roster <slot>" (just "Roster" when the slot is unknown)."""
    message = _INDEXED.sub(lambda m: f"Roster {int(m.group(1)) + 1}", message)
    message = _ENTRY.sub(_entry_words, message)
    return _TEXT_LINE.sub(f"Roster {slot}" if slot is not None else "Roster", message)


def _entry_words(found: re.Match[str]) -> str:
    name = found.group(1).replace("_", " ")
    return f"{name.removesuffix('s')} {int(found.group(2)) + 1}"


def where_words(where: str) -> str:
    """A violation's `where` as the pages say it: "Unit 3", "Unit 1, upgrade 2", "Line 9
    (aboard)", "Faction"; a path's steps joined by commas, a named part in brackets."""
    words = _ENTRY.sub(_entry_words, where)
    first, *rest = _PATH_STEP.split(words)
    said = first + "".join(f", {step}" if step[-1:].isdigit() else f" ({step})" for step in rest)
    return said[:1].upper() + said[1:]


def report_in_my_terms(report: ResultReport | Game | None, game: Game, me: Player) -> dict[str, Any] | None:
    """A report (or the game's recorded result) as the reader says it: "you X, opponent Y",
    and, for a game that did not end on points alone, what happened from their side ("you
    won", "your opponent conceded", "your opponent's complete victory"), never "won by you"
    or a complete victory over the reader's own name."""
    if report is None:
        return None
    mine_first = game.player_one_id == me.pk
    system = game.round.event.system

    def mine_theirs(one: int | None, two: int | None) -> tuple[int | None, int | None]:
        return (one, two) if mine_first else (two, one)

    out: dict[str, Any] = {
        "outcome": report.get_outcome_display(),
        "extras": extras_shown(system, report.details),
    }
    if report.vp_one is not None and report.vp_two is not None:
        out["mine"], out["theirs"] = mine_theirs(report.vp_one, report.vp_two)
    if report.kp_one is not None and report.kp_two is not None:
        out["my_kp"], out["their_kp"] = mine_theirs(report.kp_one, report.kp_two)
    if report.loser_id is not None:
        out["loser"] = "you" if report.loser_id == me.pk else "your opponent"
    if report.winner_id is not None:
        out["winner"] = "you" if report.winner_id == me.pk else "your opponent"
    out["headline"] = _headline(report, me, has_points="mine" in out)
    return out


def _headline(report: ResultReport | Game, me: Player, *, has_points: bool) -> str:
    """What happened, from the reader's side; empty for a game decided on points alone."""
    lost = report.loser_id == me.pk
    won = report.winner_id == me.pk
    outcome = report.outcome
    if outcome == Outcome.PLAYED:
        if report.winner_id is not None:
            return "you won" if won else "your opponent won"
        return ""
    if outcome == Outcome.COMPLETE_VICTORY and report.loser_id is not None:
        return "your opponent's complete victory" if lost else "your complete victory"
    if outcome == Outcome.CONCESSION and report.loser_id is not None:
        return "you conceded" if lost else "your opponent conceded"
    if outcome == Outcome.NO_SHOW and report.loser_id is not None:
        return "you did not show up" if lost else "your opponent did not show up"
    if outcome == Outcome.GAME_LOSS and report.loser_id is not None:
        return f"a Game Loss penalty against {'you' if lost else 'your opponent'}"
    if outcome == Outcome.DOUBLE_NO_SHOW:
        return "neither of you showed up"
    if outcome == Outcome.DRAW and not has_points:
        return "a draw"
    return str(report.get_outcome_display()).lower() if outcome else ""
