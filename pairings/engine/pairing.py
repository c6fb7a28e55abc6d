"""Pairing one round: plan, match, seat, explain.

OP Guide: Pairings, Byes, Drops; Tables and Terrain. The objective and its order are in
docs/pairing.md; this module strings the steps together and works out, for the report,
why each compromise was unavoidable.
"""

from __future__ import annotations

from collections.abc import Mapping

from pairings.engine.joint import JOINT_MAX, choose_jointly, joint_size, seating_lower_bound
from pairings.engine.model import Entrant, PairingRequest
from pairings.engine.objective import evaluate, matching_criteria, seat_repeats
from pairings.engine.plan import RoundPlan, plan_round
from pairings.engine.report import (
    ByeNote,
    Pairing,
    PairingReport,
    RematchNote,
    SpareNote,
    TableRepeatNote,
    floats_of,
)
from pairings.engine.swiss import MatchingResult, Solver, graph_order, match, rng_for, seeded_match
from pairings.engine.tables import assign_tables
from standings.records import PairedGame


def _oriented(entrants: Mapping[str, Entrant], pair: tuple[str, str]) -> tuple[str, str]:
    """Higher MP first (then by id), so the listing reads from the top of the standings."""
    a, b = sorted(pair, key=lambda p: (-entrants[p].mp, p))
    return (a, b)


def pair_round(request: PairingRequest, *, solver: Solver = "rustworkx") -> Pairing:
    """Pair the round described by `request`; raises PairingError with a sentence for the TO."""
    plan = plan_round(request)
    if request.seeding is not None:
        result = seeded_match(plan, request.seeding, request.seeding_style)
        method = f"announced seeding, {request.seeding_style}"
    else:
        rng = rng_for(request.seed, request.number, "pairing")
        result = match(plan, rng, prune=request.prune, solver=solver)
        method = "random round one" if _first_round(plan) else "Swiss matching"
    entrants = plan.entrants
    pairs, seats = _seat(request, plan, result)
    if request.seeding is None and joint_size(plan) <= JOINT_MAX:
        # Seating chosen with the games: only when this seating is not already provably best.
        repeats = sum(seat_repeats(entrants, pair, seats[pair]) for pair in pairs)
        if repeats > seating_lower_bound(plan, [p for pair in pairs for p in pair]):
            order = graph_order(plan, rng_for(request.seed, request.number, "pairing"))
            better = choose_jointly(plan, result, order)
            if better is not None:
                pairs_b, seats_b = _seat(request, plan, better)
                if sum(seat_repeats(entrants, pair, seats_b[pair]) for pair in pairs_b) < repeats:
                    result, pairs, seats = better, pairs_b, seats_b
    games = sorted((PairedGame(pair, seats[pair]) for pair in pairs), key=lambda g: g.table or 0)
    bye = plan.fixed_bye or result.bye
    if bye is not None:
        games.append(PairedGame((bye,)))
    game_tuple = tuple(games)
    objective = evaluate(entrants, game_tuple)
    report = PairingReport(
        round=request.number,
        seed=request.seed,
        method=method,
        objective=objective,
        bye=_bye_note(plan, bye),
        spares=_spare_notes(plan, pairs),
        rematches=_rematch_notes(request, plan, pairs, solver),
        table_repeats=_table_notes(plan, game_tuple, objective.table_repeats),
        floats=floats_of(entrants, game_tuple),
        notes=_notes(request, plan),
        absent=request.absent,
        pruned=result.pruned,
    )
    return Pairing(request.number, game_tuple, report)


def _seat(
    request: PairingRequest, plan: RoundPlan, result: MatchingResult
) -> tuple[list[tuple[str, str]], dict[tuple[str, str], int]]:
    """The round's games (fixed pairs first) and the best seating of exactly those games."""
    pairs = [_oriented(plan.entrants, p) for p in (*plan.fixed_pairs, *result.pairs)]
    seats = assign_tables(
        plan.entrants, pairs, plan.tables, plan.fixed_tables, rng_for(request.seed, request.number, "tables")
    )
    return pairs, seats


def _first_round(plan: RoundPlan) -> bool:
    return not any(e.opponents or e.byes or e.mp for e in plan.entrants.values())


def _bye_note(plan: RoundPlan, bye: str | None) -> ByeNote | None:
    if bye is None:
        return None
    e = plan.entrants[bye]
    if bye == plan.fixed_bye:
        return ByeNote(bye, e.mp, e.byes, "pre-assigned by the TO")
    # OP Guide: Byes. Fewest byes first, then lowest MP, unless that forces a rematch.
    pool = [plan.entrants[p] for p in plan.free]
    fewest = min(p.byes for p in pool)
    had = "has had no bye" if e.byes == 0 else f"has had {e.byes} bye(s), the fewest"
    if e.byes > fewest:
        return ByeNote(
            bye, e.mp, e.byes, "every player with fewer byes is needed in a game because of the fixed tables"
        )
    lower = sorted(p.id for p in pool if p.byes == fewest and p.mp < e.mp)
    if not lower:
        return ByeNote(bye, e.mp, e.byes, f"{had} and is on the lowest MP among those eligible")
    blocker = "a rematch or a fixed-table clash" if plan.fixed_tables else "a rematch"
    return ByeNote(
        bye,
        e.mp,
        e.byes,
        f"{had}; players on fewer MP ({', '.join(lower)}) could not take the bye without {blocker}",
    )


def _spare_notes(plan: RoundPlan, pairs: list[tuple[str, str]]) -> tuple[SpareNote, ...]:
    playing = {p for pair in pairs for p in pair}
    spares = [e.id for e in plan.entrants.values() if e.spare]
    notes = []
    for spare in spares:
        if spare in playing:
            reason = f"attendance is odd ({plan.attendance} players), so no bye is needed"
            notes.append(SpareNote(spare, True, reason))
        elif plan.fixed_bye is not None:
            notes.append(SpareNote(spare, False, "the TO pre-assigned the bye"))
        elif plan.spare_plays:
            stepping = next(p for p in spares if p in playing)
            notes.append(SpareNote(spare, False, f"{stepping} steps in; only one spare is needed"))
        else:
            notes.append(SpareNote(spare, False, f"attendance is even ({plan.attendance} players)"))
    return tuple(notes)


def _rematch_notes(
    request: PairingRequest, plan: RoundPlan, pairs: list[tuple[str, str]], solver: Solver
) -> tuple[RematchNote, ...]:
    entrants = plan.entrants
    fixed = {frozenset(p) for p in plan.fixed_pairs}
    rematches = [p for p in pairs if p[1] in entrants[p[0]].opponents or p[0] in entrants[p[1]].opponents]
    if not rematches:
        return ()
    pool = set(plan.free) | set(plan.free_spares)
    total = sum(1 for p in rematches if frozenset(p) not in fixed)
    bye_reason = None
    if plan.bye_needed and total and request.seeding is None:
        # Would the round need fewer rematches if the bye could go to anyone? Then the bye rule forced them.
        check = match(
            plan,
            rng_for(request.seed, request.number, "check"),
            prune=request.prune,
            count_byes=False,
            solver=solver,
        )
        unconstrained = matching_criteria(entrants, check.pairs, check.bye)[1]
        if unconstrained < total:
            bye_reason = (
                f"the bye must go to a player with the fewest byes; "
                f"without that rule the round would need {unconstrained} rematch(es), not {total}"
            )
    notes = []
    for pair in rematches:
        exhausted = [p for p in pair if pool - {p} <= entrants[p].opponents]
        if frozenset(pair) in fixed:
            reason = "paired by the TO"
        elif bye_reason is not None:
            reason = bye_reason
        elif exhausted:
            reason = f"{exhausted[0]} has played everyone available"
        else:
            reason = f"no pairing of the available players has fewer than {total} rematch(es)"
        notes.append(RematchNote(pair, reason))
    return tuple(notes)


def _table_notes(plan: RoundPlan, games: tuple[PairedGame, ...], total: int) -> tuple[TableRepeatNote, ...]:
    entrants = plan.entrants
    numbers = {t.number for t in plan.tables}
    notes = []
    for game in games:
        if game.is_bye or game.table is None:
            continue
        holders = [p for p in game.players if plan.fixed_tables.get(p) == game.table]
        for player in game.players:
            e = entrants[player]
            if game.table not in e.tables:
                continue
            if holders:
                reason = f"table {game.table} is fixed by the TO for {holders[0]}"
            elif numbers <= e.tables:
                reason = f"{player} has played on every table"
            else:
                reason = f"no seating of this round has fewer repeats ({total} in total)"
            notes.append(TableRepeatNote(player, game.table, reason))
    return tuple(notes)


def _notes(request: PairingRequest, plan: RoundPlan) -> tuple[str, ...]:
    notes = []
    for a, b in plan.fixed_pairs:
        notes.append(f"{a} v {b} paired by the TO")
    for player, table in sorted(plan.fixed_tables.items()):
        notes.append(f"{player} seated at table {table} by the TO")
    if request.competitive and any(e.spare for e in plan.entrants.values()):
        notes.append(
            "a spare player is listed at a competitive event; "
            "the OP Guide has judges play only at community events"
        )
    return tuple(notes)
