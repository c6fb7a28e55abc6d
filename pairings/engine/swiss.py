"""The Swiss matching: one global maximum-weight perfect matching per round.

OP Guide: Pairings and Byes. Every criterion of docs/pairing.md is a layer of integer
weight, each layer's unit larger than the most that all layers below it can add up to,
so maximising the total weight is the same as minimising the criteria in order. The
bye is a phantom node; when several spare players could step in, k-1 "sits out" phantoms
absorb the ones who do not.

The lowest layer breaks ties: players are ordered by MP, equal MP in a seeded random
order, and among equally good pairings the one with the smallest sum of order gaps wins,
so equal players meet the neighbour the shuffle gave them. That same sum is what makes
pruning exact: large fields are matched on a candidate graph that provably still holds
the optimal matching (see `_kept` and docs/pairing.md, "Why pruning stays exact").
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from typing import Literal

import rustworkx as rx

from pairings.engine.model import PairingError
from pairings.engine.plan import RoundPlan

# rustworkx sums weights in a fixed-width integer; we keep every possible total under this.
WEIGHT_LIMIT = 1 << 62
# Up to this many player nodes the complete graph is used; above it the exact candidate graph.
FULL_GRAPH_MAX = 64

Solver = Literal["rustworkx", "networkx"]


@dataclass(frozen=True)
class Layers:
    """Unit of each criterion in the edge weights, and the bound checked against WEIGHT_LIMIT."""

    tie: int  # tie-break values (order gaps) lie in 0 .. tie-1; 1 means no tie-break layer
    mp_spread: int  # criterion 5: one unit of (MP difference) squared
    bye_mp: int  # criterion 4: one MP of the bye's recipient
    rematch: int  # criterion 3: one rematch
    bye_byes: int  # criterion 2: one earlier bye of the bye's recipient
    base_game: int
    base_bye: int
    base_sitout: int
    max_total: int


@dataclass
class MatchingGraph:
    """The weighted graph handed to the solver: nodes 0..len(players)-1 are players."""

    players: list[str]
    bye_node: int | None
    sitout_nodes: list[int]
    edges: list[tuple[int, int, int]]
    layers: Layers
    pruned: bool

    @property
    def node_count(self) -> int:
        return len(self.players) + (self.bye_node is not None) + len(self.sitout_nodes)


@dataclass(frozen=True)
class MatchingResult:
    pairs: tuple[tuple[str, str], ...]
    bye: str | None
    spares_out: tuple[str, ...]
    pruned: bool
    layers: Layers | None


def rng_for(seed: int, number: int, purpose: str) -> random.Random:
    # A string seed is hashed with SHA-512 by `random`, so it is stable across runs and machines.
    return random.Random(f"{purpose}:{seed}:{number}")


def compute_layers(
    *,
    games: int,
    phantoms: int,
    spread: int,
    bye_mp: int,
    bye_byes: int,
    bye: bool,
    sitouts: int,
    tie: int,
    bye_tie: int = 0,
) -> Layers:
    """Layer units from the field; `games` counts player-player games, `phantoms` phantom edges.

    Each unit is one more than the largest total every lower layer can reach over a whole
    perfect matching, so no amount of a lower criterion can pay for one unit of a higher one.
    If the tie-break layer would push the total past WEIGHT_LIMIT it is dropped (tie = 1):
    criteria 1-6 stay exact, only the choice among equal pairings falls to the solver.
    `bye_tie` bounds the bye edge's own tie-break value (twice its order position).
    """
    edges = games + phantoms
    while True:
        ties = edges * (tie - 1) + (bye_tie if bye else 0)
        u5 = ties + 1
        s5 = games * spread * spread * u5
        u4 = s5 + ties + 1
        s4 = bye_mp * u4
        u3 = s4 + s5 + ties + 1
        s3 = games * u3
        u2 = s3 + s4 + s5 + ties + 1
        base_game = u3 + spread * spread * u5 + tie
        base_bye = bye_byes * u2 + bye_mp * u4 + tie + bye_tie
        base_sitout = tie
        total = games * base_game + (base_bye if bye else 0) + sitouts * base_sitout
        if total <= WEIGHT_LIMIT:
            return Layers(tie, u5, u4, u3, u2, base_game, base_bye, base_sitout, total)
        if tie == 1 and bye_tie == 0:
            raise PairingError(
                f"this field is too large to pair exactly: the weights could reach {total}, "
                f"above the 2**62 the matching can hold"
            )
        tie, bye_tie = 1, 0


def _blocked(plan: RoundPlan, player: str, nodes: frozenset[str]) -> set[str]:
    """The graph players `player` may not meet without a cost or at all: earlier opponents,
    players held to another table, other spares."""
    entrant = plan.entrants[player]
    out = set(entrant.opponents & nodes)
    if player in plan.fixed_tables:
        own = plan.fixed_tables[player]
        out.update(p for p in nodes if p in plan.fixed_tables and plan.fixed_tables[p] != own)
    if entrant.spare:
        out.update(p for p in plan.free_spares if p != player)
    return out


def _span_bound(distances: list[int], phantoms: int) -> int:
    """rho(p): the largest s with s - 1 <= P + 4 * f(s), f(s) = blocked players within 2s of p.

    `distances` are the order distances to p's blocked players, ascending. On the steps
    of f: where f(s) = k (d_k <= 2s < d_(k+1)), the largest such s allowed is
    min(1 + P + 4k, (d_(k+1) - 1) // 2), if that is still >= ceil(d_k / 2).
    """
    best = 1 + phantoms
    for k in range(len(distances) + 1):
        low = 0 if k == 0 else (distances[k - 1] + 1) // 2
        high = 1 + phantoms + 4 * k
        if k < len(distances):
            high = min(high, (distances[k] - 1) // 2)
        if high >= low:
            best = max(best, high)
    return best


def graph_order(plan: RoundPlan, rng: random.Random) -> list[str]:
    """Graph players by MP, ties in a seeded random order (the tie-break and pruning order)."""
    players = list(plan.free) + list(plan.free_spares)
    keys = {p: rng.random() for p in sorted(players)}
    return sorted(players, key=lambda p: (plan.entrants[p].mp, keys[p]))


def build_graph(
    plan: RoundPlan, rng: random.Random, *, prune: bool | None = None, count_byes: bool = True
) -> MatchingGraph:
    """The layered graph for the players the plan leaves free.

    `count_byes=False` drops criterion 2; the report uses it to tell whether a rematch was
    forced by the bye rule or by the field itself.
    """
    entrants = plan.entrants
    players = graph_order(plan, rng)
    n = len(players)
    index = {p: i for i, p in enumerate(players)}
    nodes = frozenset(players)
    bye_node = n if plan.bye_needed else None
    sitouts = max(len(plan.free_spares) - 1, 0)
    sitout_nodes = [n + (bye_node is not None) + k for k in range(sitouts)]
    phantoms = (bye_node is not None) + sitouts
    games = (n - phantoms) // 2
    mps = [entrants[p].mp for p in players]
    regulars = [p for p in players if not entrants[p].spare]
    spread = (max(mps) - min(mps)) if mps else 0
    has_bye = bye_node is not None
    bye_mp = max((entrants[p].mp for p in regulars), default=0) if has_bye else 0
    bye_byes = max((entrants[p].byes for p in regulars), default=0) if has_bye and count_byes else 0
    pruned = n > FULL_GRAPH_MAX if prune is None else prune
    level = [entrants[p].byes if count_byes else 0 for p in players]
    bye_ok = _bye_candidates(plan, players, index, nodes, level) if has_bye and pruned else None
    kept = _candidates(plan, players, index, nodes, phantoms, bye_ok, sitouts) if pruned else None
    widest = max((j - i for i, row in enumerate(kept) for j in row), default=0) if kept else n - 1
    layers = compute_layers(
        games=games,
        phantoms=phantoms,
        spread=spread,
        bye_mp=bye_mp,
        bye_byes=bye_byes,
        bye=bye_node is not None,
        sitouts=sitouts,
        tie=max(widest, 0) + 1,
        bye_tie=2 * max(n - 1, 0),
    )
    gaps = layers.tie > 1
    edges: list[tuple[int, int, int]] = []
    for i, a in enumerate(players):
        ea = entrants[a]
        for j in kept[i] if kept is not None else range(i + 1, n):
            b = players[j]
            if plan.disallowed(a, b):
                continue
            eb = entrants[b]
            rematch = b in ea.opponents or a in eb.opponents
            cost = rematch * layers.rematch + (ea.mp - eb.mp) ** 2 * layers.mp_spread + (j - i) * gaps
            edges.append((i, j, layers.base_game - cost))
    if bye_node is not None:
        for p in regulars:
            i = index[p]
            if bye_ok is not None and not bye_ok[i]:
                continue
            e = entrants[p]
            # Tie-break: the lowest in the order among equal candidates (twice the position,
            # so that the exchange argument of `_bye_candidates` is strict).
            cost = level[i] * layers.bye_byes + e.mp * layers.bye_mp + 2 * i * gaps
            edges.append((i, bye_node, layers.base_bye - cost))
    for node in sitout_nodes:
        for p in plan.free_spares:
            edges.append((index[p], node, layers.base_sitout))
    return MatchingGraph(players, bye_node, sitout_nodes, edges, layers, pruned)


def _bye_candidates(
    plan: RoundPlan, players: list[str], index: dict[str, int], nodes: frozenset[str], level: list[int]
) -> list[bool]:
    """Who may take the bye in M*: p only if at most |B(p)| regulars below p have no more byes.

    Let b take the bye in M* and q be a regular below b in the order (so mp_q <= mp_b) with
    byes_q <= byes_b, playing d. Giving q the bye and b the game against d is no worse on
    criterion 2 (strictly better if q has fewer byes), adds no rematch unless d is blocked
    for b, is no worse on 4 (strictly better if q has fewer MP), leaves 5 alone when the MP
    are equal, and lowers the tie-break: the bye edge costs twice its position, and
    |b - d| - |q - d| <= b - q < 2(b - q). So every such q plays someone in B(b).
    """
    out: list[bool] = []
    seen: dict[int, int] = {}
    for i, p in enumerate(players):
        if plan.entrants[p].spare:
            out.append(False)
            continue
        below = sum(count for lv, count in seen.items() if lv <= level[i])
        out.append(below <= len(_blocked(plan, p, nodes)))
        seen[level[i]] = seen.get(level[i], 0) + 1
    return out


def _candidates(
    plan: RoundPlan,
    players: list[str],
    index: dict[str, int],
    nodes: frozenset[str],
    phantoms: int,
    bye_ok: list[bool] | None,
    sitouts: int,
) -> list[list[int]]:
    """The exact candidate graph: for each order position i, the positions j > i it keeps.

    Take M*, among the matchings optimal on criteria 1-5, one with the smallest sum of
    order gaps. For a game (a, b) of M* at positions i < j, every player strictly between
    them is matched to a phantom (at most P of them) or plays a game that touches a
    player blocked for a or b: otherwise uncrossing the two games never raises the
    (MP difference)^2 sum (squares are convex along the MP order), adds no rematch, leaves
    the bye alone and strictly shrinks the gap sum. Each such game puts at most two players
    inside, and its blocked player lies within L of the inside one, L being the longest
    game of M*. So, with B(p) the blocked players of p:

        j - i - 1 <= P + 2 * |B(a) in (i-L, j+L)| + 2 * |B(b) in (i-L, j+L)|.      (*)

    Applied to a longest game (j - i = L), both windows lie within 2L of a and of b, so
    L <= max over players of rho(p) (`_span_bound`): that is W below. Then every game of
    M* satisfies (*) with the windows widened to W, which is the rule kept here. The proof
    in full is in docs/pairing.md, "Why pruning stays exact".
    """
    n = len(players)
    blocked_positions = [sorted(index[x] for x in _blocked(plan, p, nodes)) for p in players]
    width = 1 + phantoms
    for i, positions in enumerate(blocked_positions):
        if positions:
            width = max(width, _span_bound(sorted(abs(x - i) for x in positions), phantoms))
    near = [
        bisect_right(ps, i + 2 * width) - bisect_left(ps, i - 2 * width)
        for i, ps in enumerate(blocked_positions)
    ]
    most = max(near, default=0)
    # Players strictly inside a game who can be matched to a phantom: bye candidates (one at
    # most takes it) and spares (at most `sitouts` sit out). Prefix counts over the order.
    bye_before = [0]
    spare_before = [0]
    for i, p in enumerate(players):
        bye_before.append(bye_before[-1] + (1 if bye_ok is not None and bye_ok[i] else 0))
        spare_before.append(spare_before[-1] + (1 if plan.entrants[p].spare else 0))
    kept: list[list[int]] = []
    for i, ps in enumerate(blocked_positions):
        row: list[int] = []
        reach = min(width, 1 + phantoms + 2 * (near[i] + most), n - 1 - i)
        for j in range(i + 1, i + reach + 1):
            low, high = i - width, j + width  # the open window (i - W, j + W)
            qs = blocked_positions[j]
            inside = (
                bisect_left(ps, high) - bisect_right(ps, low) + bisect_left(qs, high) - bisect_right(qs, low)
            )
            absorbed = min(sitouts, spare_before[j] - spare_before[i + 1])
            if bye_ok is not None:
                absorbed += min(1, bye_before[j] - bye_before[i + 1])
            if j - i - 1 <= absorbed + 2 * inside:
                row.append(j)
        kept.append(row)
    return kept


def _rustworkx(nodes: int, edges: list[tuple[int, int, int]]) -> set[tuple[int, int]]:
    g = rx.PyGraph(multigraph=False)
    g.add_nodes_from(range(nodes))
    g.add_edges_from(edges)
    return set(rx.max_weight_matching(g, max_cardinality=True, weight_fn=int))


def split_at_thin_cuts(graph: MatchingGraph) -> tuple[list[tuple[int, int]], list[list[int]]] | None:
    """Forced games and independent blocks of the candidate graph, or None if it does not split.

    Nodes sit on a line: players at their order positions, the bye node below position 0.
    A *cut* between positions k and k+1 is thin when at most one edge crosses it. Every
    perfect matching crosses a cut with as many edges as the parity of the nodes on its
    left (mod 2), so at a thin cut the crossing edge is in every perfect matching (odd
    left side) or in none (even). Drop the unused ones, take the forced ones, and the rest
    of the graph falls apart at the thin cuts into blocks matched independently: the best
    perfect matching is the forced edges plus each block's best. Returns the edge
    indices of the forced games and, per block, the indices of its edges.
    """
    if graph.sitout_nodes or not graph.edges:
        return None
    n = len(graph.players)
    offset = 1 if graph.bye_node is not None else 0  # line position of player i is i + offset

    def at(node: int) -> int:
        return 0 if node == graph.bye_node else node + offset

    size = n + offset
    count = [0] * (size + 1)
    ids = [0] * (size + 1)
    for e, (u, v, _w) in enumerate(graph.edges):
        lo, hi = sorted((at(u), at(v)))
        count[lo] += 1
        count[hi] -= 1
        ids[lo] += e
        ids[hi] -= e
    forced: list[int] = []
    unused: set[int] = set()
    thin = [False] * size  # thin[k]: the cut between line positions k and k+1
    crossing = 0
    id_sum = 0
    for k in range(size - 1):
        crossing += count[k]
        id_sum += ids[k]
        if crossing > 1:
            continue
        odd = (k + 1) % 2 == 1
        if crossing == 0:
            if odd:
                return None  # no perfect matching: let the solver report it
        elif odd:
            forced.append(id_sum)
        else:
            unused.add(id_sum)
        thin[k] = True
    if not any(thin):
        return None
    taken: set[int] = set()
    pairs: list[tuple[int, int]] = []
    for e in dict.fromkeys(forced):
        u, v, _w = graph.edges[e]
        if u in taken or v in taken:
            return None
        taken.update((u, v))
        pairs.append((u, v))
    block_of = [0] * size
    block = 0
    for k in range(size):
        block_of[k] = block
        if k < size - 1 and thin[k]:
            block += 1
    blocks: list[list[int]] = [[] for _ in range(block + 1)]
    forced_ids = set(forced)
    for e, (u, v, _w) in enumerate(graph.edges):
        if e in forced_ids or e in unused or u in taken or v in taken:
            continue
        bu, bv = block_of[at(u)], block_of[at(v)]
        if bu != bv:
            return None  # crosses a thin cut yet neither forced nor unused: cannot happen
        blocks[bu].append(e)
    return pairs, [b for b in blocks if b]


def solve_graph(graph: MatchingGraph, solver: Solver = "rustworkx") -> set[tuple[int, int]]:
    if solver == "rustworkx":
        split = split_at_thin_cuts(graph) if graph.pruned else None
        if split is None:
            return _rustworkx(graph.node_count, graph.edges)
        matching = set(split[0])
        for block in split[1]:
            edges = [graph.edges[e] for e in block]
            if len(edges) == 1:
                matching.add(edges[0][:2])
                continue
            local = sorted({x for u, v, _w in edges for x in (u, v)})
            number = {x: i for i, x in enumerate(local)}
            found = _rustworkx(len(local), [(number[u], number[v], w) for u, v, w in edges])
            matching.update((local[a], local[b]) for a, b in found)
        return matching
    # networkx is the benchmark's and the tests' yardstick only: imported on demand, so
    # loading the engine (every `pair` command, every web worker) never pays for it.
    import networkx as nx

    h: nx.Graph[int] = nx.Graph()
    h.add_nodes_from(range(graph.node_count))
    h.add_weighted_edges_from(graph.edges)
    return set(nx.max_weight_matching(h, maxcardinality=True))


def decode(plan: RoundPlan, graph: MatchingGraph, matching: set[tuple[int, int]]) -> MatchingResult:
    if 2 * len(matching) != graph.node_count:
        raise PairingError(
            "no pairing places every player: the fixed tables leave some players without a possible opponent"
        )
    n = len(graph.players)
    pairs: list[tuple[str, str]] = []
    bye = None
    out: list[str] = []
    for u, v in matching:
        u, v = min(u, v), max(u, v)
        if v < n:
            pairs.append((graph.players[u], graph.players[v]))
        elif v == graph.bye_node:
            bye = graph.players[u]
        else:
            out.append(graph.players[u])
    return MatchingResult(
        pairs=tuple(pairs),
        bye=bye,
        spares_out=tuple(sorted(out)),
        pruned=graph.pruned,
        layers=graph.layers,
    )


def match(
    plan: RoundPlan,
    rng: random.Random,
    *,
    prune: bool | None = None,
    count_byes: bool = True,
    solver: Solver = "rustworkx",
) -> MatchingResult:
    """The optimal matching of the free players (fixed pairs and a fixed bye are not in it)."""
    if not plan.free and not plan.free_spares:
        return MatchingResult((), None, (), False, None)
    graph = build_graph(plan, rng, prune=prune, count_byes=count_byes)
    return decode(plan, graph, solve_graph(graph, solver))


def seeded_match(plan: RoundPlan, seeding: tuple[str, ...], style: str) -> MatchingResult:
    """Round one by an announced seeding: every pairing ties on the objective, the seeding decides.

    "slide" pairs the top half against the bottom half (1 v n/2+1), so the best seeds meet
    late; "adjacent" pairs 1 v 2, 3 v 4, for a list the TO has already arranged in pairs.
    The bye, when needed, goes to the lowest seed.
    """
    free = set(plan.free)
    order = [p for p in seeding if p in free]
    if plan.free_spares:
        listed = [p for p in seeding if p in plan.free_spares]
        spare = listed[0] if listed else plan.free_spares[0]
        spares_out = tuple(sorted(p for p in plan.free_spares if p != spare))
        if listed:
            order = [p for p in seeding if p in free or p == spare]
        else:
            order.append(spare)
    else:
        spares_out = ()
    bye = None
    if plan.bye_needed:
        bye = order.pop()
    half = len(order) // 2
    if style == "slide":
        pairs = [(order[i], order[i + half]) for i in range(half)]
    else:
        pairs = [(order[2 * i], order[2 * i + 1]) for i in range(half)]
    for a, b in pairs:
        if plan.disallowed(a, b):
            raise PairingError(f"the seeding pairs {a} with {b}, but they are fixed to different tables")
    return MatchingResult(tuple(pairs), bye, spares_out, False, None)
