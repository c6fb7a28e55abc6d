"""A brute-force oracle for small fields: every valid pairing enumerated and scored.

The tests hold the engine to it. It shares no code with the matching: it restates the
rules (who must play, when there is a bye, which pairs are impossible) and the criteria
of docs/pairing.md directly, and tries everything. Exponential: keep it to about ten players.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence

from pairings.engine.model import Entrant, PairingRequest, TableSpec

Pairs = tuple[tuple[str, str], ...]


def _matchings(players: list[str], allowed: Mapping[str, set[str]]) -> Iterator[list[tuple[str, str]]]:
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for k, other in enumerate(rest):
        if other in allowed[first]:
            for tail in _matchings(rest[:k] + rest[k + 1 :], allowed):
                yield [(first, other), *tail]


def valid_pairings(request: PairingRequest) -> Iterator[tuple[Pairs, str | None]]:
    """Every pairing that places each player as the OP Guide requires, with the TO's overrides."""
    entrants = {e.id: e for e in request.entrants}
    regulars = [e.id for e in request.entrants if not e.spare]
    spares = [e.id for e in request.entrants if e.spare]
    fixed_tables = dict(request.overrides.tables)

    def can_meet(a: str, b: str) -> bool:
        if entrants[a].spare and entrants[b].spare:
            return False
        ta, tb = fixed_tables.get(a), fixed_tables.get(b)
        return ta is None or tb is None or ta == tb

    fields: list[tuple[list[str], str | None]] = []
    if len(regulars) % 2 == 0:
        fields.append((regulars, None))
    elif request.overrides.bye is not None:
        fields.append(([p for p in regulars if p != request.overrides.bye], request.overrides.bye))
    elif spares:
        fields.extend(([*regulars, s], None) for s in spares)
    else:
        fields.extend(([p for p in regulars if p != bye], bye) for bye in regulars)
    fixed = [tuple(p) for p in request.overrides.pairs]
    for players, bye in fields:
        placed = {p for pair in fixed for p in pair}
        if not placed <= set(players):
            continue
        rest = [p for p in players if p not in placed]
        allowed = {a: {b for b in rest if b != a and can_meet(a, b)} for a in rest}
        for tail in _matchings(rest, allowed):
            yield (tuple((a, b) for a, b in fixed) + tuple(tail), bye)


def criteria(entrants: Mapping[str, Entrant], pairs: Pairs, bye: str | None) -> tuple[int, int, int, int]:
    """Criteria 2-5, restated: (bye's earlier byes, rematches, bye's MP, sum of squared MP gaps)."""
    rematches = sum(1 for a, b in pairs if b in entrants[a].opponents)
    spread = sum((entrants[a].mp - entrants[b].mp) ** 2 for a, b in pairs)
    if bye is None:
        return (0, rematches, 0, spread)
    return (entrants[bye].byes, rematches, entrants[bye].mp, spread)


Criteria = tuple[int, int, int, int]


def best_pairings(request: PairingRequest) -> tuple[Criteria, list[tuple[Pairs, str | None]]]:
    """The optimum of criteria 2-5 and every pairing that reaches it."""
    entrants = {e.id: e for e in request.entrants}
    best: Criteria | None = None
    winners: list[tuple[Pairs, str | None]] = []
    for pairs, bye in valid_pairings(request):
        score = criteria(entrants, pairs, bye)
        if best is None or score < best:
            best, winners = score, [(pairs, bye)]
        elif score == best:
            winners.append((pairs, bye))
    if best is None:
        raise ValueError("no valid pairing exists")
    return best, winners


def best_table_repeats(
    entrants: Mapping[str, Entrant],
    pairs: Sequence[tuple[str, str]],
    tables: Sequence[TableSpec],
    fixed: Mapping[str, int],
) -> int:
    """Criterion 6 for a given set of games: the fewest repeated seats over every seating."""
    best: int | None = None
    numbers = [t.number for t in tables]
    for seating in itertools.permutations(numbers, len(pairs)):
        seats = [(p, table) for pair, table in zip(pairs, seating, strict=True) for p in pair]
        if any(fixed.get(p, table) != table for p, table in seats):
            continue
        repeats = sum(1 for p, table in seats if table in entrants[p].tables)
        best = repeats if best is None else min(best, repeats)
    if best is None:
        raise ValueError("no seating honours the fixed tables")
    return best


# --- seating chosen with the games: criteria 2-5 optimal, then fewest table repeats -------


def _optimal_pairings_pruned(request: PairingRequest) -> tuple[Criteria, list[tuple[Pairs, str | None]]]:
    """Like `best_pairings`, by branch and bound, so 13-22 player fields stay tractable.

    Criteria 3 and 5 are sums of non-negative terms, so a partial pairing whose rematches,
    or (rematches equal) MP spread, already exceed the best complete one cannot catch up.
    """
    entrants = {e.id: e for e in request.entrants}
    regulars = [e.id for e in request.entrants if not e.spare]
    spares = [e.id for e in request.entrants if e.spare]
    fixed_tables = dict(request.overrides.tables)

    def can_meet(a: str, b: str) -> bool:
        if entrants[a].spare and entrants[b].spare:
            return False
        ta, tb = fixed_tables.get(a), fixed_tables.get(b)
        return ta is None or tb is None or ta == tb

    def cost(a: str, b: str) -> tuple[int, int]:
        return (int(b in entrants[a].opponents), (entrants[a].mp - entrants[b].mp) ** 2)

    fields: list[tuple[list[str], str | None]] = []
    if len(regulars) % 2 == 0:
        fields.append((regulars, None))
    elif request.overrides.bye is not None:
        fields.append(([p for p in regulars if p != request.overrides.bye], request.overrides.bye))
    elif spares:
        fields.extend(([*regulars, s], None) for s in spares)
    else:
        fields.extend(([p for p in regulars if p != bye], bye) for bye in regulars)
    fixed = [tuple(p) for p in request.overrides.pairs]
    best: list[Criteria | None] = [None]
    winners: list[tuple[Pairs, str | None]] = []

    def walk(rest: list[str], chosen: list[tuple[str, str]], c3: int, c5: int, bye: str | None) -> None:
        head = (entrants[bye].byes, 0, entrants[bye].mp, 0) if bye is not None else (0, 0, 0, 0)
        current = best[0]
        if current is not None and (head[0], c3, head[2], c5) > current:
            return
        if not rest:
            score = (head[0], c3, head[2], c5)
            if current is None or score < current:
                best[0] = score
                winners.clear()
            winners.append((tuple(chosen), bye))
            return
        first, others = rest[0], rest[1:]
        for k, other in enumerate(others):
            if can_meet(first, other):
                r, s = cost(first, other)
                walk(others[:k] + others[k + 1 :], [*chosen, (first, other)], c3 + r, c5 + s, bye)

    for players, bye in fields:
        placed = {p for pair in fixed for p in pair}
        if not placed <= set(players):
            continue
        c3 = sum(cost(a, b)[0] for a, b in fixed)
        c5 = sum(cost(a, b)[1] for a, b in fixed)
        walk([p for p in players if p not in placed], [(a, b) for a, b in fixed], c3, c5, bye)
    if best[0] is None:
        raise ValueError("no valid pairing exists")
    return best[0], winners


def fewest_repeats_seating(
    entrants: Mapping[str, Entrant],
    pairs: Sequence[tuple[str, str]],
    tables: Sequence[TableSpec],
    fixed: Mapping[str, int],
) -> int:
    """Criterion 6 for given games, by scipy's assignment solver (not the engine's own)."""
    from scipy.optimize import linear_sum_assignment

    forbidden = 10**6
    cost = [
        [
            sum(t.number in entrants[p].tables for p in pair)
            + (forbidden if any(fixed.get(p, t.number) != t.number for p in pair) else 0)
            for t in tables
        ]
        for pair in pairs
    ]
    if not pairs:
        return 0
    rows, cols = linear_sum_assignment(cost)
    total = sum(cost[r][c] for r, c in zip(rows, cols, strict=True))
    if total >= forbidden:
        raise ValueError("no seating honours the fixed tables")
    return int(total)


def best_joint(request: PairingRequest, tables: Sequence[TableSpec]) -> tuple[Criteria, int]:
    """The optimum of criteria 2-5, and the fewest table repeats among pairings that reach it."""
    entrants = {e.id: e for e in request.entrants}
    best, winners = _optimal_pairings_pruned(request)
    fixed = dict(request.overrides.tables)
    repeats = min(fewest_repeats_seating(entrants, pairs, tables, fixed) for pairs, _ in winners)
    return best, repeats
