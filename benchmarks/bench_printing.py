"""Printed sheets for a 512-player event: seconds to render the standings sheet and the
result slips in one process (target: each under 5 s in one worker).

The event is built in memory (an event/1 EventFile with four rounds of results and dual
rosters), run through the pure standings engine and turned into sheets by
printing.sheets; no database is touched. Rendering is the same `render_pdf`
the Celery task calls. A small render first warms WeasyPrint up (fonts), as in a worker
that has printed before. Also measured: a 64-roster pack (one roster per page), and the
slips without their QR codes (docs/venue.md), for what the codes cost.
"""

from __future__ import annotations

import dataclasses
import io
import json
import random
import time
from pathlib import Path

from pypdf import PdfReader

from printing.documents import Sheet, render_sheet, slip_fields
from printing.sheets import (
    Heading,
    RosterPackSheet,
    Slip,
    SlipPlayer,
    SlipRoster,
    SlipsSheet,
    roster_page,
    standings_sheet,
)
from rules_engine.registry import get_system
from rules_engine.systems.starcraft_tmg.army import validate_rosters_on
from rules_engine.systems.starcraft_tmg.roster_json import roster_from_document
from rules_engine.verdict import RosterVerdict
from standings import standings_for_event
from standings.records import EventFile, EventGame, EventPlayer, EventRound

PLAYERS = 512
ROUNDS_PLAYED = 4
PLANNED_ROUNDS = 5
MISSIONS = ("Supply Drop", "Hold Position", "Divide and Conquer", "Breakthrough")
DEPLOYMENTS = ("Gauntlet", "Typhoon", "Agria Valley", "Dirt Side")
FIRST = ("Zoë", "Élodie", "Søren", "Ana", "Kofi", "Mei", "Lukas", "Priya", "Tomás", "Ingrid", "Hamid", "Olga")
LAST = ("d'Arc", "Núñez", "O'Brien", "Müller", "Nowak", "Okafor", "Tanaka", "Rossi", "Berg", "Keller")


def synthetic_event(players: int = PLAYERS, rounds: int = ROUNDS_PLAYED, seed: int = 7) -> EventFile:
    """Random results, paired top-down by Match Points each round (no rematch check needed)."""
    rng = random.Random(seed)
    entrants = tuple(
        EventPlayer(id=f"p{i}", name=f"{rng.choice(FIRST)} {rng.choice(LAST)} {i}")
        for i in range(1, players + 1)
    )
    mp = {p.id: 0 for p in entrants}
    played = []
    for number in range(1, rounds + 1):
        order = sorted(mp, key=lambda pid: (-mp[pid], rng.random()))
        games = []
        for table, (a, b) in enumerate(zip(order[::2], order[1::2], strict=True), start=1):
            vp = (rng.randint(0, 20), rng.randint(0, 20))
            games.append(EventGame(players=(a, b), vp=vp, table=table))
            if vp[0] > vp[1]:
                mp[a] += 3
            elif vp[1] > vp[0]:
                mp[b] += 3
        played.append(EventRound(number=number, games=tuple(games)))
    return EventFile(
        name="Benchmark Open",
        game_system="starcraft-tmg",
        scale="standard",
        kind="competitive",
        tables=(),
        players=entrants,
        rounds=tuple(played),
        extra={"planned_rounds": PLANNED_ROUNDS},
    )


def slips_sheet(event: EventFile) -> SlipsSheet:
    """Round 5's slips: adjacent players in the standings, each with two rosters (dual list)."""
    standings = standings_for_event(event)
    ids = [row.player for row in standings.rows]
    names = {p.id: p.name for p in event.players}

    def side(pid: str) -> SlipPlayer:
        rosters = tuple(
            SlipRoster(
                slot, "Raynor's Raiders", (f"{', '.join(MISSIONS[:2])} · {', '.join(DEPLOYMENTS[:2])}",)
            )
            for slot in (1, 2)
        )
        return SlipPlayer(names[pid], pid, rosters)

    slips = tuple(
        Slip(
            round=PLANNED_ROUNDS,
            table=t,
            layout=f"Map {t % 6 + 1}",
            one=side(a),
            two=side(b),
            # Each slip's QR code (docs/venue.md), as load_slips gives it: a game's result page.
            result_url=f"https://muster.example.org/e/benchmark-open/games/{100000 + t}/result/",
        )
        for t, (a, b) in enumerate(zip(ids[::2], ids[1::2], strict=True), start=1)
    )
    return SlipsSheet(
        Heading(event.name, f"Round {PLANNED_ROUNDS} result slips"),
        PLANNED_ROUNDS,
        True,
        slips,
        slip_fields(get_system(event.game_system)),
    )


def roster_pack(count: int) -> RosterPackSheet:
    """`count` copies of the Part 9.1.7 example roster, priced by the rules engine."""
    path = (
        Path(__file__).resolve().parents[1]
        / "rules_engine/systems/starcraft_tmg/examples/raynors-raiders-9-1-7.json"
    )
    document = json.loads(path.read_text())
    document.pop("expected", None)
    verdict = validate_rosters_on([roster_from_document(document)], None)
    stored = RosterVerdict(roster=verdict.rosters[0], dual_list=verdict.violations)
    page = roster_page(player="Zoë d'Arc", player_id="p1", slot=1, document=document, verdict=stored)
    return RosterPackSheet(Heading("Benchmark Open", "Roster pack"), (page,) * count)


def pages(pdf: bytes) -> int:
    return len(PdfReader(io.BytesIO(pdf)).pages)


def measure(label: str, kind: str, sheet: Sheet, paper: str) -> None:
    """Wall time is what a worker takes; CPU time is steadier on a shared machine."""
    wall, cpu = time.perf_counter(), time.process_time()
    pdf = render_sheet(kind, sheet, paper=paper, printed_at="bench")
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(
        f"{label}, {paper}: {wall:.2f} s ({cpu:.2f} s CPU; {pages(pdf)} pages, {len(pdf) // 1024} KiB)",
        flush=True,
    )


def run() -> None:
    event = synthetic_event()
    started = time.perf_counter()
    standings = standings_sheet(event.name, standings_for_event(event))
    print(f"standings sheet, {PLAYERS} players: built in {time.perf_counter() - started:.3f} s")
    render_sheet(
        "standings", standings_sheet(event.name, standings_for_event(synthetic_event(8))), paper="a4"
    )
    slips = slips_sheet(event)
    # The same slips without their QR codes, beside them: what the codes cost.
    bare = dataclasses.replace(slips, slips=tuple(dataclasses.replace(s, result_url="") for s in slips.slips))
    for paper in ("a4", "letter"):
        measure(f"standings sheet, {PLAYERS} players", "standings", standings, paper)
        measure(f"result slips, {len(slips.slips)} tables", "slips", slips, paper)
        measure(f"result slips, {len(slips.slips)} tables, without QR codes", "slips", bare, paper)
    measure("roster pack, 64 rosters", "rosters", roster_pack(64), "a4")
