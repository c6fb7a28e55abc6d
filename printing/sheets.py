"""What each printed document says, as plain frozen dataclasses: no Django, no database.

A sheet is the whole content of one document. The print templates only lay it out, so
a sheet is also what the document depends on: its hash is the print job's fingerprint
(same sheet, same file). The builders here turn the pure engines' output (standings,
rules-engine verdicts) into sheets; `documents.py` feeds them from the database, and the
benchmark feeds them from an in-memory event.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bracket.display import BracketView
from rules_engine.roster_rules import RosterSheetMaker
from rules_engine.stored_json import TIMES, as_text, dicts, whole
from rules_engine.verdict import RosterVerdict
from seasons.faction_charts import FactionCharts
from standings import Standing, Standings, four_dp_text
from standings.display import standings_state
from tournaments.wording import in_players_words

BYE_LABEL = "Bye"
DASH = "\u2013"  # en dash: "no place", and between two scores ("12-3" with a proper dash)


@dataclass(frozen=True, slots=True)
class Heading:
    """The running header of every page: which event, which document."""

    event: str
    title: str
    subtitle: str = ""


# --- the top cut's bracket -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BracketSheet:
    """The cut's bracket for the wall: drawn as a tree up to a top 16 (a column a round),
    round by round beyond (a first round of 32 matches does not fit a page as a tree)."""

    heading: Heading
    view: BracketView

    @property
    def tree(self) -> bool:
        return self.view.entrants <= TREE_ENTRANTS


TREE_ENTRANTS = 16


# --- pairings and "find your table" ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class PairingLine:
    table: int | None  # None for a bye
    layout: str
    one: str
    one_id: str
    two: str | None  # None for a bye
    two_id: str | None
    # Each side's faction once rosters are public (OP Guide: Submission and Publication), else "".
    one_faction: str = ""
    two_faction: str = ""


@dataclass(frozen=True, slots=True)
class PairingsSheet:
    heading: Heading
    round: int
    lines: tuple[PairingLine, ...]
    # The round's scenario for the wall (chosen per round, or the system's only one); empty: none.
    scenario: str = ""
    scenario_label: str = "Scenario"


@dataclass(frozen=True, slots=True)
class FindTableLine:
    name: str
    player_id: str
    table: int | None  # None for a bye
    opponent: str | None  # None for a bye
    faction: str = ""  # the player's own, once rosters are public


@dataclass(frozen=True, slots=True)
class FindTableSheet:
    heading: Heading
    round: int
    lines: tuple[FindTableLine, ...]


def name_key(name: str) -> str:
    """Alphabetical order as people read it on a wall: accents and case ignored (Á with A)."""
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def ordered_pairings(lines: Iterable[PairingLine]) -> tuple[PairingLine, ...]:
    """Tables in number order, then the byes by name (a bye has no table)."""
    return tuple(
        sorted(lines, key=lambda line: (line.table is None, line.table or 0, name_key(line.one), line.one_id))
    )


def find_table_lines(lines: Iterable[PairingLine]) -> tuple[FindTableLine, ...]:
    """Every paired player once, alphabetically: name → table and opponent."""
    out = []
    for line in lines:
        out.append(FindTableLine(line.one, line.one_id, line.table, line.two, line.one_faction))
        if line.two is not None and line.two_id is not None:
            out.append(FindTableLine(line.two, line.two_id, line.table, line.one, line.two_faction))
    return tuple(sorted(out, key=lambda entry: (name_key(entry.name), entry.player_id)))


# --- standings -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StandingsLine:
    place: str  # "1", "=3" when the place is shared, DASH when not placed
    name: str
    player_id: str
    mp: int
    tp: int
    sos: str  # four decimals (OP Guide: When to Calculate Them)
    otp: str
    games: int  # games in the SoS/oTP pool
    note: str  # "Dropped", "Spare (not placed)", ...
    kp: int | None = None  # Kill Points scored, where the system ranks by them (Dropzone)
    faction: str = ""  # once rosters are public (OP Guide: Submission and Publication)
    # Another player has the same name: the sheet adds the id to tell them apart (a posted
    # sheet names players as they know themselves, not by the event's internal ids).
    namesake: bool = False


@dataclass(frozen=True, slots=True)
class StandingsSheet:
    heading: Heading
    final: bool
    state: str  # "Final standings after round 3 of 3"
    lines: tuple[StandingsLine, ...]
    kill_points: bool = False  # a fifth key, Kill Points (docs/interchange.md, "Other game systems")
    # Whether the game scores Tournament Points at all (a winner-or-draw game does not:
    # its TP and oTP columns would print only zeros).
    tournament_points: bool = True

    @property
    def label(self) -> str:
        return "Final" if self.final else "Indicative"


STATUS_NOTES = {
    "active": "",
    "dropped": "Dropped",
    "disqualified": "Disqualified (not placed)",
    "spare": "Spare (not placed)",
}


def place_labels(rows: Sequence[Standing]) -> dict[str, str]:
    """Rank as printed: "=3" where the place is shared (OP Guide: Standings Order)."""
    counts: dict[int, int] = {}
    for row in rows:
        if row.rank is not None:
            counts[row.rank] = counts.get(row.rank, 0) + 1
    labels = {}
    for row in rows:
        if row.rank is None:
            labels[row.player] = DASH
        else:
            labels[row.player] = f"={row.rank}" if counts[row.rank] > 1 else str(row.rank)
    return labels


def shared_names(names: Iterable[str]) -> set[str]:
    """The names more than one player has."""
    counts = Counter(names)
    return {name for name, count in counts.items() if count > 1}


def standings_sheet(
    event_name: str,
    standings: Standings,
    factions: Mapping[str, str] | None = None,
    *,
    tournament_points: bool = True,
) -> StandingsSheet:
    """`factions`: each player's by id, given only once rosters are public;
    `tournament_points`: whether the game system scores TP (its standings keys)."""
    factions = factions or {}
    places = place_labels(standings.rows)
    namesakes = shared_names(row.name for row in standings.rows)
    lines = tuple(
        StandingsLine(
            place=places[row.player],
            name=row.name,
            player_id=row.player,
            mp=row.mp,
            tp=row.tp,
            sos=four_dp_text(row.sos),
            otp=four_dp_text(row.otp),
            games=row.pool,
            note=STATUS_NOTES.get(row.status, row.status),
            kp=row.kp,
            faction=factions.get(row.player, ""),
            namesake=row.name in namesakes,
        )
        for row in standings.rows
    )
    state = standings_state(standings)
    kind = "Final" if standings.final else "Indicative"
    return StandingsSheet(
        heading=Heading(event_name, f"{kind} standings", state),
        final=standings.final,
        state=state,
        lines=lines,
        kill_points=standings.kill_points,
        tournament_points=tournament_points,
    )


# --- result slips ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SlipRoster:
    """One roster a player may choose (OP Guide: Dual List Format): its faction and the lines
    its game system prints for it (GameSystem.slip_roster)."""

    slot: int
    faction: str
    notes: tuple[str, ...] = ()
    # A team game (docs/teams.md): whose army it is, the team's player in this slot.
    player: str = ""


@dataclass(frozen=True, slots=True)
class SlipPlayer:
    name: str
    player_id: str
    rosters: tuple[SlipRoster, ...]
    namesake: bool = False  # another player of the round has this name: the id is printed


@dataclass(frozen=True, slots=True)
class Slip:
    round: int
    table: int | None
    layout: str
    one: SlipPlayer
    two: SlipPlayer
    # The game's result entry, absolute (docs/venue.md, "QR codes"): the slip's QR code.
    result_url: str = ""

    @property
    def players(self) -> tuple[SlipPlayer, SlipPlayer]:
        return (self.one, self.two)


@dataclass(frozen=True, slots=True)
class SlipExtra:
    label: str
    help: str


@dataclass(frozen=True, slots=True)
class SlipFields:
    """What the game system's result asks for on the slip (GameSystem.results, result_extras),
    and the templates that draw each side and the table's lines (games/<package>/)."""

    vp: bool = True
    kp: bool = False
    winner: bool = False  # a winner or a draw, without VP
    complete_victory: bool = False
    extras: tuple[SlipExtra, ...] = ()
    side_templates: tuple[str, ...] = ("games/_default/slip_side.html",)
    table_templates: tuple[str, ...] = ("games/_default/slip_table.html",)


@dataclass(frozen=True, slots=True)
class SlipsSheet:
    heading: Heading
    round: int
    dual_list: bool
    slips: tuple[Slip, ...]
    fields: SlipFields = SlipFields()
    # The round's scenario (chosen per round, or the system's only one); empty: none.
    scenario: str = ""
    scenario_label: str = "Scenario"


# --- table cards ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableCard:
    """One table's card, printed once for the whole event (docs/venue.md, "QR codes"): its
    number, its layout, and the QR code of its page (who sits there this round)."""

    number: int
    layout: str
    url: str  # absolute: the table's page


@dataclass(frozen=True, slots=True)
class TableCardsSheet:
    heading: Heading
    cards: tuple[TableCard, ...]


# --- team match sheets -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchSheetGame:
    """One table of a team match: its two players, or blanks while the pair is not made."""

    table: int | None
    one: str  # the first-named team's player ("" until paired)
    two: str


@dataclass(frozen=True, slots=True)
class MatchSheet:
    """One team match on its own page (docs/team-matches.md): the block of tables, who
    plays where, blanks for each game's result, and the captains' signatures."""

    round: int
    team_a: str
    team_b: str
    captain_a: str
    captain_b: str
    games: tuple[MatchSheetGame, ...]

    @property
    def tables(self) -> str:
        numbers = [g.table for g in self.games if g.table is not None]
        return f"{min(numbers)}{DASH}{max(numbers)}" if numbers else ""


@dataclass(frozen=True, slots=True)
class FactionsSheet:
    """The event's faction statistics: the web page's charts and tables on paper."""

    heading: Heading
    charts: FactionCharts


@dataclass(frozen=True, slots=True)
class MatchSheetsSheet:
    heading: Heading
    round: int
    matches: tuple[MatchSheet, ...]
    rule: str  # how a match is decided, in words
    game_points: bool  # decided on game points (else games won)
    vp: bool  # the game system's results record Victory Points


# --- roster pack -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SheetLine:
    """One line of a roster as printed by a system without its own sheet: "4 x Sabre"."""

    text: str
    depth: int = 0  # how deep it rides in the lines above (a Squad aboard a Transport)
    note: str = ""  # e.g. a fighter's base, a Commander's Squad

    @property
    def indent(self) -> str:
        return "\u2003" * self.depth  # an em space a level


@dataclass(frozen=True, slots=True)
class RosterPage:
    """One roster's page: what every system prints (who, what, legal, the problems), the
    totals against the limits, and either the system's own sheet (`game`, laid out by its
    `roster_sheet.html`) or the roster/1 document's lines."""

    player: str
    player_id: str
    slot: int
    faction: str
    legal: bool
    checked: bool  # False when no verdict was stored (e.g. a roster imported without one)
    scale: str
    rules_version: str
    totals: tuple[tuple[str, int, int | None], ...]  # (what, total, limit or None)
    lines: tuple[SheetLine, ...]
    problems: tuple[str, ...]
    game: Any = None  # the system's own sheet (GameSystem.roster_sheet), or None


@dataclass(frozen=True, slots=True)
class RosterPackSheet:
    heading: Heading
    pages: tuple[RosterPage, ...]
    # The event's system's `roster_sheet.html` then the generic one (GameSystem.template_names).
    parts: tuple[str, ...] = ("games/_default/roster_sheet.html",)


def _document_lines(document: Mapping[str, Any]) -> tuple[SheetLine, ...]:
    """A roster/1 document as lines, for a system without its own sheet: its units (each
    indented under what it rides in, `aboard`), Commanders and cards, as written."""
    units = dicts(document.get("units"))
    by_id = {u.get("id"): u for u in units if isinstance(u.get("id"), str)}

    def depth(unit: Mapping[str, Any]) -> int:
        seen, level, up = set(), 0, unit.get("aboard")
        while isinstance(up, str) and up in by_id and up not in seen:
            seen.add(up)
            level += 1
            up = by_id[up].get("aboard")
        return level

    children: dict[Any, list[Mapping[str, Any]]] = {}
    for unit in units:
        parent = unit.get("aboard")
        children.setdefault(parent if parent in by_id else None, []).append(unit)
    ordered: list[Mapping[str, Any]] = []

    def walk(parent: Any) -> None:
        for unit in children.get(parent, []):
            if all(unit is not done for done in ordered):
                ordered.append(unit)
                walk(unit.get("id"))

    walk(None)
    ordered += [u for u in units if all(u is not done for done in ordered)]
    lines = []
    for unit in ordered:
        models = whole(unit.get("models"))
        upgrades = ", ".join(
            u if isinstance(u, str) else as_text(u.get("name"))
            for u in unit.get("upgrades", []) or []
            if isinstance(u, str | Mapping)
        )
        name = as_text(unit.get("name"))
        text = f"{models}{TIMES} {name}" if models is not None else name
        note = "; ".join(n for n in (upgrades, as_text(unit.get("base"))) if n)
        lines.append(SheetLine(text, depth(unit), note))
    for commander in dicts(document.get("commanders")):
        who = as_text(commander.get("name")) or f"Level {whole(commander.get('level'))} Commander"
        squad = by_id.get(commander.get("squad"))
        lines.append(SheetLine(who, 0, f"with {as_text(squad.get('name'))}" if squad else ""))
    for card in document.get("cards", []) if isinstance(document.get("cards"), list) else []:
        if isinstance(card, str):
            lines.append(SheetLine(card))
        elif isinstance(card, Mapping):
            copies = whole(card.get("copies")) or 1
            lines.append(SheetLine(f"{copies}{TIMES} {as_text(card.get('name'))}"))
    return tuple(lines)


def roster_page(
    *,
    player: str,
    player_id: str,
    slot: int,
    document: Mapping[str, Any],
    verdict: RosterVerdict,
    game_sheet: RosterSheetMaker | None = None,
) -> RosterPage:
    """A roster as printed. `verdict` is what the submission stored (`Roster.verdict`); a
    roster without one (imported bare) prints its document, its figures left blank. The
    system's own sheet (`game_sheet`, its `GameSystem.roster_sheet`) prints its figures;
    otherwise the verdict's totals and limits and the document's lines are printed."""
    report = verdict.roster
    totals: tuple[tuple[str, int, int | None], ...] = ()
    data = report.as_json() if report is not None else {}
    if game_sheet is None and report is not None:
        stated = data.get("limits")
        limits: Mapping[str, Any] = stated if isinstance(stated, Mapping) else {}
        totals = tuple(
            (str(key), value, whole(limits.get(key)))
            for key, value in (data.get("totals") or {}).items()
            if isinstance(value, int)
        )
    faction = as_text(document.get("faction_card")) or as_text(document.get("faction"))
    return RosterPage(
        player=player,
        player_id=player_id,
        slot=slot,
        faction=faction or (report.faction if report is not None else ""),
        legal=report is not None and verdict.legal,
        checked=report is not None,
        scale=as_text(document.get("scale")) or (report.scale if report is not None else ""),
        rules_version=report.rules_version if report is not None else "",
        totals=totals,
        lines=_document_lines(document) if game_sheet is None else (),
        problems=tuple(p for p in (in_players_words(v.message) for v in verdict.violations) if p),
        game=game_sheet.sheet(document, verdict) if game_sheet is not None else None,
    )


# --- per-player summary ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SummaryGame:
    round: int
    table: int | None
    opponent: str  # "Bye" for a bye
    result: str  # "Won", "Lost", "Drew", "Bye"
    how: str  # the scoring band or outcome: "Decisive Victory", "Concession", ...
    vp: str  # "12", DASH, "3"; or "" when no VP were recorded
    mp: int
    tp: int
    note: str  # why the game is not in the SoS/oTP pool, if it isn't


@dataclass(frozen=True, slots=True)
class SummaryPending:
    round: int
    table: int | None
    opponent: str
    state: str  # "Waiting for a result", ...


@dataclass(frozen=True, slots=True)
class SummaryPenalty:
    round: int  # 0: before the first round
    table: int | None
    level: str  # "Warning"
    category: str  # "Slow play"
    notes: str


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    name: str
    player_id: str
    note: str
    place: str
    mp: int
    tp: int
    sos: str
    otp: str
    games: tuple[SummaryGame, ...]
    pending: tuple[SummaryPending, ...]
    penalties: tuple[SummaryPenalty, ...] = ()


@dataclass(frozen=True, slots=True)
class SummarySheet:
    heading: Heading
    state: str
    summaries: tuple[PlayerSummary, ...]


def _result_word(line_mp: int, opponent_mp: int | None, outcome: str) -> str:
    if outcome == "bye":
        return BYE_LABEL
    if opponent_mp is None or line_mp == opponent_mp:
        return "Drew" if opponent_mp is not None else ""
    return "Won" if line_mp > opponent_mp else "Lost"


def player_summary(
    standing: Standing,
    standings: Standings,
    *,
    tables: Mapping[int, int | None],
    pending: Sequence[SummaryPending] = (),
    penalties: Sequence[SummaryPenalty] = (),
) -> PlayerSummary:
    """One player's event on one page: every game from their side, then the final line.

    `tables` maps round number → the table the player sat at (the standings engine does
    not keep tables). Win/loss comes from comparing Match Points with the opponent's for
    the same game, so a Stalemate band with unequal VP still reads as a draw.
    """
    places = place_labels(standings.rows)
    names = {row.player: row.name for row in standings.rows}
    games = []
    for line in standing.games:
        opponent_mp = None
        if line.opponent is not None and line.opponent in standings:
            for theirs in standings[line.opponent].games:
                if theirs.round == line.round and theirs.opponent == standing.player:
                    opponent_mp = theirs.mp
                    break
        games.append(
            SummaryGame(
                round=line.round,
                table=tables.get(line.round),
                opponent=names.get(line.opponent, line.opponent) if line.opponent is not None else BYE_LABEL,
                result=_result_word(line.mp, opponent_mp, line.outcome),
                how=line.band,
                vp=f"{line.vp[0]}{DASH}{line.vp[1]}" if line.vp is not None else "",
                mp=line.mp,
                tp=line.tp,
                note="" if line.counted else f"not in SoS/oTP ({line.excluded_reason})",
            )
        )
    return PlayerSummary(
        name=standing.name,
        player_id=standing.player,
        note=STATUS_NOTES.get(standing.status, standing.status),
        place=places[standing.player],
        mp=standing.mp,
        tp=standing.tp,
        sos=four_dp_text(standing.sos),
        otp=four_dp_text(standing.otp),
        games=tuple(games),
        pending=tuple(pending),
        penalties=tuple(penalties),
    )


# --- penalty log -----------------------------------------------------------------------

# OP Guide: Penalties — the four levels, lowest first (codes as the judging app stores them).
PENALTY_LEVELS = ("caution", "warning", "game-loss", "disqualification")


@dataclass(frozen=True, slots=True)
class PenaltyLine:
    issued_at: str  # "2026-12-05 14:05", local time
    round: int  # 0: before the first round
    table: int | None
    player: str
    player_id: str
    level_code: str  # one of PENALTY_LEVELS
    level: str
    category: str
    status: str
    in_force: bool  # issued or confirmed (a proposal or a declined one is not)
    notes: str
    remedy: str
    issued_by: str


@dataclass(frozen=True, slots=True)
class PenaltyTally:
    """One player's penalties in force, by level: what "a third Warning" is counted from."""

    player: str
    player_id: str
    counts: tuple[int, int, int, int]  # in PENALTY_LEVELS order


@dataclass(frozen=True, slots=True)
class AwardLine:
    award: str
    winner: str  # empty: not (yet) awarded
    winner_id: str


@dataclass(frozen=True, slots=True)
class AwardsSheet:
    """The prize-giving sheet (OP Guide: Hobby Awards): each award and its winner. Never a
    count or a ballot: the votes are secret."""

    heading: Heading
    lines: tuple[AwardLine, ...]
    published: bool
    owner: str


@dataclass(frozen=True, slots=True)
class PenaltyLogSheet:
    heading: Heading
    lines: tuple[PenaltyLine, ...]
    tallies: tuple[PenaltyTally, ...]


def penalty_tallies(lines: Iterable[PenaltyLine]) -> tuple[PenaltyTally, ...]:
    """Penalties accumulate across the whole event (OP Guide: Penalties); count those in force."""
    counts: dict[str, list[int]] = {}
    names: dict[str, str] = {}
    for line in lines:
        if not line.in_force or line.level_code not in PENALTY_LEVELS:
            continue
        names[line.player_id] = line.player
        counts.setdefault(line.player_id, [0, 0, 0, 0])[PENALTY_LEVELS.index(line.level_code)] += 1
    return tuple(
        PenaltyTally(names[pid], pid, (c[0], c[1], c[2], c[3]))
        for pid, c in sorted(counts.items(), key=lambda item: (name_key(names[item[0]]), item[0]))
    )
