"""What each printed document says, as plain frozen dataclasses: no Django, no database.

A sheet is the whole content of one document. The print templates only lay it out, so
a sheet is also what the document depends on: its hash is the print job's fingerprint
(same sheet, same file). The builders here turn the pure engines' output (standings,
rules-engine verdicts) into sheets; `documents.py` feeds them from the database, and the
benchmark feeds them from an in-memory event.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.systems.starcraft_tmg.report import starcraft_report
from rules_engine.verdict import RosterVerdict
from standings import Standing, Standings, four_dp_text
from standings.display import standings_state

BYE_LABEL = "Bye"
DASH = "\u2013"  # en dash: "no place", and between two scores ("12-3" with a proper dash)
TIMES = "\u00d7"  # multiplication sign: "Marine x2" with a proper times sign


@dataclass(frozen=True, slots=True)
class Heading:
    """The running header of every page: which event, which document."""

    event: str
    title: str
    subtitle: str = ""


# --- pairings and "find your table" ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class PairingLine:
    table: int | None  # None for a bye
    layout: str
    one: str
    one_id: str
    two: str | None  # None for a bye
    two_id: str | None


@dataclass(frozen=True, slots=True)
class PairingsSheet:
    heading: Heading
    round: int
    lines: tuple[PairingLine, ...]


@dataclass(frozen=True, slots=True)
class FindTableLine:
    name: str
    player_id: str
    table: int | None  # None for a bye
    opponent: str | None  # None for a bye


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
        out.append(FindTableLine(line.one, line.one_id, line.table, line.two))
        if line.two is not None and line.two_id is not None:
            out.append(FindTableLine(line.two, line.two_id, line.table, line.one))
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


@dataclass(frozen=True, slots=True)
class StandingsSheet:
    heading: Heading
    final: bool
    state: str  # "Final standings after round 3 of 3"
    lines: tuple[StandingsLine, ...]
    kill_points: bool = False  # a fifth key, Kill Points (interchange.md, "Other game systems")

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


def standings_sheet(event_name: str, standings: Standings) -> StandingsSheet:
    places = place_labels(standings.rows)
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
    )


# --- result slips ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SlipRoster:
    """One roster a player may choose (OP Guide: Dual List Format): its faction and the lines
    its game system prints for it (GameSystem.slip_roster)."""

    slot: int
    faction: str
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SlipPlayer:
    name: str
    player_id: str
    rosters: tuple[SlipRoster, ...]


@dataclass(frozen=True, slots=True)
class Slip:
    round: int
    table: int | None
    layout: str
    one: SlipPlayer
    two: SlipPlayer

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


# --- roster pack -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RosterUnit:
    name: str
    models: int | None
    slot: str
    supply: int | None
    minerals: int | None
    upgrades: tuple[str, ...]  # "Rocket Launcher (20)"
    counted: bool


@dataclass(frozen=True, slots=True)
class RosterCard:
    name: str
    kind: str
    gas: int | None
    counted: bool


@dataclass(frozen=True, slots=True)
class SlotLine:
    kind: str
    used: int
    available: int
    granted_by: tuple[str, ...]  # "Raynor's Raiders", TIMES, "3"
    used_by: tuple[str, ...]  # "Marine", TIMES, "2"


@dataclass(frozen=True, slots=True)
class RosterPage:
    player: str
    player_id: str
    slot: int
    faction: str
    legal: bool
    checked: bool  # False when no verdict was stored (e.g. a roster imported without one)
    scale: str
    rules_version: str
    minerals: int | None
    minerals_limit: int | None
    gas: int | None
    gas_limit: int | None
    supply: int | None
    units: tuple[RosterUnit, ...]
    cards: tuple[RosterCard, ...]
    slots: tuple[SlotLine, ...]
    missions: tuple[str, ...]
    deployments: tuple[str, ...]
    problems: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RosterPackSheet:
    heading: Heading
    pages: tuple[RosterPage, ...]


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _texts(value: Any) -> tuple[str, ...]:
    return tuple(v for v in value if isinstance(v, str)) if isinstance(value, list) else ()


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _dicts(value: Any) -> list[Mapping[str, Any]]:
    return [v for v in value if isinstance(v, Mapping)] if isinstance(value, list) else []


def _times(name: str, count: Any) -> str:
    n = _int(count)
    return f"{name} {TIMES}{n}" if n is not None and n != 1 else name


def roster_page(
    *, player: str, player_id: str, slot: int, document: Mapping[str, Any], verdict: RosterVerdict
) -> RosterPage:
    """A roster as printed: the stored verdict's prices and slot ledger over the roster/1 document.

    `verdict` is what `tournaments.services.rosters.roster_submit` stores (`Roster.verdict`);
    a roster without one (imported bare) prints its document with the costs left blank.
    """
    report = starcraft_report(verdict.roster)
    listed = _dicts(document.get("units"))
    units = []
    priced = report.units if report is not None else ()
    for index in range(max(len(priced), len(listed))):
        raw: Mapping[str, Any] = listed[index] if index < len(listed) else {}
        if index < len(priced):
            unit = priced[index]
            units.append(
                RosterUnit(
                    name=unit.name or _text(raw.get("name")),
                    models=unit.models,
                    slot=unit.slot or "",
                    supply=unit.supply,
                    minerals=unit.minerals,
                    upgrades=tuple(f"{u.name} ({u.minerals})" for u in unit.upgrades)
                    or _texts(raw.get("upgrades")),
                    counted=unit.counted,
                )
            )
        else:
            units.append(
                RosterUnit(
                    name=_text(raw.get("name")),
                    models=_int(raw.get("models")),
                    slot="",
                    supply=None,
                    minerals=None,
                    upgrades=_texts(raw.get("upgrades")),
                    counted=True,
                )
            )
    if report is not None and report.cards:
        cards = tuple(RosterCard(c.name, c.kind, c.gas, c.counted) for c in report.cards)
    else:
        cards = tuple(RosterCard(name, "", None, True) for name in _texts(document.get("cards")))
    slot_lines = tuple(
        SlotLine(
            kind=ledger.kind,
            used=ledger.used,
            available=ledger.available,
            granted_by=tuple(_times(g.source, g.count) for g in ledger.granted_by),
            used_by=tuple(_times(u.unit, u.count) for u in ledger.used_by),
        )
        for ledger in (report.slots if report is not None else ())
    )
    problems = [v.message for v in verdict.violations]
    return RosterPage(
        player=player,
        player_id=player_id,
        slot=slot,
        faction=_text(document.get("faction_card")) or (report.faction if report is not None else ""),
        legal=report is not None and verdict.legal,
        checked=report is not None,
        scale=_text(document.get("scale")) or (report.scale if report is not None else ""),
        rules_version=report.rules_version if report is not None else "",
        minerals=report.totals.minerals if report is not None else None,
        minerals_limit=report.limits.minerals if report is not None else None,
        gas=report.totals.gas if report is not None else None,
        gas_limit=report.limits.gas if report is not None else None,
        supply=report.totals.supply if report is not None else None,
        units=tuple(units),
        cards=cards,
        slots=slot_lines,
        missions=_texts(document.get("missions")),
        deployments=_texts(document.get("deployments")),
        problems=tuple(p for p in problems if p),
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
