"""Seating chosen together with the games, for events up to JOINT_MAX players.

OP Guide, Tables and Terrain: "where the pairing software allows, place each player on a
different table each Swiss round". The matching fixes criteria 1-5; several pairings can
tie on them, and one of them may seat with fewer repeated tables than the one the
matching happened to return. Games and tables together are a three-dimensional
assignment (NP-hard in general), so this is an integer program, solved exactly by HiGHS
through `scipy.optimize.milp` (imported here, on demand: only small events whose first
seating is not already provably best ever load it):

    y[e] = 1     game e (two players, or a fixed pair) is played        (binary)
    f[e, t]      game e sits at table t, sum over t of f[e, t] = y[e]     (continuous)
    b[p], s[p]   player p takes the bye / spare p sits out               (binary)
    every player in exactly one game, bye or sit-out; every table at most once;
    criteria 2-5 summed over the chosen games and bye EQUAL the matching's optimum
      (a pairing is optimal on 1-5 exactly when its criteria vector equals the optimum);
    minimise  S * (criteria 2-5 as layered weights) + (table repeats, from f).

For a fixed choice of games the seating is a bipartite transportation problem, whose
polytope is integral, so only the games need integrality: the solver branches on far
fewer variables, and the chosen games are then seated exactly by `tables.py`. The
layered criteria in the objective (S above the most repeats a round can have) order
pairings as the equality rows do and lead the solver there quickly. Every coefficient
is an integer well below 2**53 and the MIP gap is zero, so the optimum is exact. Among
pairings equal on criteria 1-6 the solver's (deterministic) choice stands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pairings.engine.model import Entrant
from pairings.engine.objective import matching_criteria
from pairings.engine.plan import RoundPlan
from pairings.engine.swiss import MatchingResult

# Events up to this many players to seat (regular players and spares handed to the
# matching) get the exact joint choice; above it the games are seated as matched.
JOINT_MAX = 42
# A safeguard, never reached on the benchmark's 40-player events: past it the matching's
# own pairing is kept (seated as well as it can be), so the result is never worse than that.
TIME_LIMIT = 20.0


def seating_lower_bound(plan: RoundPlan, players: Sequence[str]) -> int:
    """Repeats no pairing can avoid: players whose every usable table is one they played on."""
    reserved = set(plan.fixed_tables.values())
    open_tables = {t.number for t in plan.tables} - reserved
    bound = 0
    for p in players:
        usable = {plan.fixed_tables[p]} if p in plan.fixed_tables else open_tables
        if usable and usable <= plan.entrants[p].tables:
            bound += 1
    return bound


def joint_size(plan: RoundPlan) -> int:
    return len(plan.free) + len(plan.free_spares) + 2 * len(plan.fixed_pairs)


def choose_jointly(plan: RoundPlan, result: MatchingResult, order: Sequence[str]) -> MatchingResult | None:
    """The pairing optimal on criteria 1-5 whose best seating has the fewest repeats.

    `result` is the matching's answer (its criteria are the optimum to hold); `order` the
    tie-break order of the matching. None if the solver reports anything but optimality,
    in which case the caller keeps the matching's own pairing.
    """
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp

    entrants: Mapping[str, Entrant] = plan.entrants
    target = matching_criteria(entrants, result.pairs, result.bye)
    graph_players = [*plan.free, *plan.free_spares]
    reserved = set(plan.fixed_tables.values())
    open_tables = [t.number for t in plan.tables if t.number not in reserved]

    def tables_for(pair: tuple[str, str]) -> list[int]:
        held = {plan.fixed_tables[p] for p in pair if p in plan.fixed_tables}
        return sorted(held) if held else open_tables

    games: list[tuple[tuple[str, str], bool]] = [(pair, True) for pair in plan.fixed_pairs]
    for i, a in enumerate(graph_players):
        for b in graph_players[i + 1 :]:
            if plan.disallowed(a, b):
                continue
            rematch = b in entrants[a].opponents or a in entrants[b].opponents
            spread = (entrants[a].mp - entrants[b].mp) ** 2
            if rematch > target[1] or spread > target[3]:
                continue  # could never be part of a pairing with the optimal criteria
            games.append(((a, b), False))

    # Columns: y[g] (game g is played; binary), f[g, t] (game g at table t; continuous),
    # then the bye's y[p] and the sit-outs' s[p] (binary). For fixed games the seating
    # part is a bipartite transportation problem, whose polytope is integral, so only the
    # choice of games needs to be integral; the games are re-seated exactly afterwards.
    n_games = len(graph_players) // 2 + len(plan.fixed_pairs)
    mps = [entrants[p].mp for p in graph_players] or [0]
    d2 = (max(mps) - min(mps)) ** 2
    top = max(mps)
    # Criteria 2-5 as a layered weight as well (each unit above all lower layers), scaled
    # above the most repeats a round can have: the objective alone orders pairings as
    # criteria 2-5 then 6 do, which leads the solver to the optimum quickly; the equality
    # rows below make the optimum on 2-5 a hard constraint all the same.
    u4 = n_games * d2 + 1
    u3 = top * u4 + n_games * d2 + 1
    u2 = n_games * u3 + top * u4 + n_games * d2 + 1
    scale = 2 * n_games + 1
    kinds: list[str] = []
    keys: list[Any] = []
    cost: list[float] = []
    integral: list[int] = []

    def column(kind: str, key: Any, weight: int, binary: bool) -> int:
        kinds.append(kind)
        keys.append(key)
        cost.append(float(weight))
        integral.append(1 if binary else 0)
        return len(kinds) - 1

    rows: list[dict[int, float]] = []
    low: list[float] = []
    high: list[float] = []

    def add(row: dict[int, float], lo: float, hi: float) -> None:
        rows.append(row)
        low.append(lo)
        high.append(hi)

    player_row: dict[str, dict[int, float]] = {}
    table_row: dict[int, dict[int, float]] = {t.number: {} for t in plan.tables}
    criteria_rows: list[dict[int, float]] = [{} for _ in range(4)]
    for g, (pair, fixed) in enumerate(games):
        a, b = pair
        met = int(b in entrants[a].opponents or a in entrants[b].opponents)
        gap2 = (entrants[a].mp - entrants[b].mp) ** 2
        y = column("y", g, 0 if fixed else (met * u3 + gap2) * scale, True)
        for p in pair:
            player_row.setdefault(p, {})[y] = 1.0
        if not fixed:
            criteria_rows[1][y] = float(met)
            criteria_rows[3][y] = float(gap2)
        link = {y: -1.0}
        for t in tables_for(pair):
            f = column("f", (g, t), sum(1 for p in pair if t in entrants[p].tables), False)
            link[f] = 1.0
            table_row[t][f] = 1.0
        add(link, 0.0, 0.0)
    bye_players = list(plan.free) if plan.bye_needed else []
    for p in bye_players:
        k = column("bye", p, (entrants[p].byes * u2 + entrants[p].mp * u4) * scale, True)
        player_row.setdefault(p, {})[k] = 1.0
        criteria_rows[0][k] = float(entrants[p].byes)
        criteria_rows[2][k] = float(entrants[p].mp)
    if bye_players:
        add({k: 1.0 for k, kind in enumerate(kinds) if kind == "bye"}, 1.0, 1.0)
    sitouts = max(len(plan.free_spares) - 1, 0)
    if sitouts:
        for p in plan.free_spares:
            k = column("out", p, 0, True)
            player_row.setdefault(p, {})[k] = 1.0
        add({k: 1.0 for k, kind in enumerate(kinds) if kind == "out"}, float(sitouts), float(sitouts))
    for row in player_row.values():
        add(row, 1.0, 1.0)
    for row in table_row.values():
        if row:
            add(row, 0.0, 1.0)
    for criterion, total in zip(criteria_rows, target, strict=True):
        add(criterion, float(total), float(total))

    matrix = np.zeros((len(rows), len(kinds)))
    for r, row in enumerate(rows):
        for k, coefficient in row.items():
            matrix[r, k] = coefficient
    solution = milp(
        np.array(cost),
        integrality=np.array(integral),
        bounds=Bounds(0, 1),
        constraints=LinearConstraint(matrix, np.array(low), np.array(high)),
        options={"mip_rel_gap": 0.0, "time_limit": TIME_LIMIT},
    )
    if solution.status != 0 or solution.x is None:
        return None
    pairs: list[tuple[str, str]] = []
    bye = None
    playing: set[str] = set()
    for k, value in enumerate(solution.x):
        if value < 0.5 or kinds[k] == "f":
            continue
        if kinds[k] == "y":
            pair, fixed = games[keys[k]]
            if not fixed:
                pairs.append(pair)
                playing.update(pair)
        elif kinds[k] == "bye":
            bye = keys[k]
    if matching_criteria(entrants, pairs, bye) != target:
        return None  # never expected: the program holds these equal
    spares_out = tuple(sorted(p for p in plan.free_spares if p not in playing))
    return MatchingResult(tuple(pairs), bye, spares_out, result.pruned, result.layers)
