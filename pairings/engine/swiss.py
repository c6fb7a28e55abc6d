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
    *, games: int, phantoms: int, spread: int, bye_mp: int, bye_byes: int, bye: bool, sitouts: int, tie: int
) -> Layers:
    """Layer units from the field; `games` counts player-player games, `phantoms` phantom edges.

    Each unit is one more than the largest total every lower layer can reach over a whole
    perfect matching, so no amount of a lower criterion can pay for one unit of a higher one.
    If the tie-break layer would push the total past WEIGHT_LIMIT it is dropped (tie = 1):
    criteria 1-6 stay exact, only the choice among equal pairings falls to the solver.
    """
    edges = games + phantoms
    while True:
        ties = edges * (tie - 1)
        u5 = ties + 1
        s5 = games * spread * spread * u5
        u4 = s5 + ties + 1
        s4 = bye_mp * u4
        u3 = s4 + s5 + ties + 1
        s3 = games * u3
        u2 = s3 + s4 + s5 + ties + 1
        base_game = u3 + spread * spread * u5 + tie
        base_bye = bye_byes * u2 + bye_mp * u4 + tie
        base_sitout = tie
        total = games * base_game + (base_bye if bye else 0) + sitouts * base_sitout
        if total <= WEIGHT_LIMIT:
            return Layers(tie, u5, u4, u3, u2, base_game, base_bye, base_sitout, total)
        if tie == 1:
            raise PairingError(
                f"this field is too large to pair exactly: the weights could reach {total}, "
                f"above the 2**62 the matching can hold"
            )
        tie = 1


def _blocked_count(plan: RoundPlan, player: str, nodes: frozenset[str]) -> int:
    """An upper bound on how many graph players `player` may not meet without a cost or at all."""
    entrant = plan.entrants[player]
    count = len(entrant.opponents & nodes)
    if player in plan.fixed_tables:
        own = plan.fixed_tables[player]
        count += sum(1 for p in nodes if p in plan.fixed_tables and plan.fixed_tables[p] != own)
    if entrant.spare:
        count += len(plan.free_spares) - 1
    return count


def _order(plan: RoundPlan, rng: random.Random) -> list[str]:
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
    players = _order(plan, rng)
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
    blocked = [_blocked_count(plan, p, nodes) for p in players] if pruned else []
    most_blocked = max(blocked, default=0)
    widest = min(n - 1, 1 + 4 * most_blocked + phantoms) if pruned else n - 1
    layers = compute_layers(
        games=games,
        phantoms=phantoms,
        spread=spread,
        bye_mp=bye_mp,
        bye_byes=bye_byes,
        bye=bye_node is not None,
        sitouts=sitouts,
        tie=max(widest, 0) + 1,
    )
    gaps = layers.tie > 1
    edges: list[tuple[int, int, int]] = []
    for i, a in enumerate(players):
        ea = entrants[a]
        reach = min(n, i + 2 + 2 * (blocked[i] + most_blocked) + phantoms) if pruned else n
        for j in range(i + 1, reach):
            if pruned and not _kept(i, j, blocked, phantoms):
                continue
            b = players[j]
            if plan.disallowed(a, b):
                continue
            eb = entrants[b]
            rematch = b in ea.opponents or a in eb.opponents
            cost = rematch * layers.rematch + (ea.mp - eb.mp) ** 2 * layers.mp_spread + (j - i) * gaps
            edges.append((i, j, layers.base_game - cost))
    if bye_node is not None:
        for p in regulars:
            e = entrants[p]
            cost = (e.byes if count_byes else 0) * layers.bye_byes + e.mp * layers.bye_mp
            edges.append((index[p], bye_node, layers.base_bye - cost))
    for node in sitout_nodes:
        for p in plan.free_spares:
            edges.append((index[p], node, layers.base_sitout))
    return MatchingGraph(players, bye_node, sitout_nodes, edges, layers, pruned)


def _kept(i: int, j: int, blocked: list[int], phantoms: int) -> bool:
    """The pruning rule: may the edge between order positions i < j be in the optimal matching?

    It is kept when the players strictly between them number at most
    2 * (blocked[i] + blocked[j]) + phantoms. Take, among the optimal matchings, the one
    that also minimises the sum of order gaps (the tie-break layer). A player strictly
    inside one of its games (a, b) is either matched to a phantom, or in a game that
    touches someone a or b cannot meet for free: otherwise swapping partners uncrosses the
    two games, which never raises the (MP difference)^2 sum (squares are convex along the
    MP order), leaves the bye alone, adds no rematch, and strictly shrinks the gap sum.
    Each such game puts at most two players inside, hence the bound; so that matching lies
    in the candidate graph, and the best matching of the candidate graph is that matching's
    equal on every layer, tie-break included.
    """
    return j - i - 1 <= 2 * (blocked[i] + blocked[j]) + phantoms


def solve_graph(graph: MatchingGraph, solver: Solver = "rustworkx") -> set[tuple[int, int]]:
    if solver == "rustworkx":
        g = rx.PyGraph(multigraph=False)
        g.add_nodes_from(range(graph.node_count))
        g.add_edges_from(graph.edges)
        return set(rx.max_weight_matching(g, max_cardinality=True, weight_fn=int))
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
