"""Who must be placed this round, before any optimising: criterion 1 and the TO's overrides.

Attendance decides the shape of the round (OP Guide: Byes, and the Head Judge as a spare
player): an even field pairs everyone; an odd one takes the spare player if there is one,
otherwise one bye. Overrides are checked here so that every mistake in them comes back
as one clear sentence before the matching starts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from pairings.engine.model import SEEDING_STYLES, Entrant, PairingError, PairingRequest, TableSpec


@dataclass(frozen=True)
class RoundPlan:
    entrants: Mapping[str, Entrant]
    # Non-spare players still to be matched by the engine, in request order.
    free: tuple[str, ...]
    # Spare players handed to the matching (only when one must step in and none is fixed).
    free_spares: tuple[str, ...]
    fixed_pairs: tuple[tuple[str, str], ...]
    fixed_bye: str | None
    # Does the matching need a phantom bye node?
    bye_needed: bool
    # Attendance of non-spare players, and whether a spare steps in.
    attendance: int
    spare_plays: bool
    # Spares known to sit out before matching (attendance even, or a bye/spare fixed).
    spares_out: tuple[str, ...]
    fixed_tables: Mapping[str, int]
    # The tables available this round, ascending by number.
    tables: tuple[TableSpec, ...]
    tables_listed: bool
    game_count: int

    @property
    def has_bye(self) -> bool:
        return self.bye_needed or self.fixed_bye is not None

    def disallowed(self, a: str, b: str) -> bool:
        """Pairs no pairing may contain: two players held to different tables, two spares."""
        ta, tb = self.fixed_tables.get(a), self.fixed_tables.get(b)
        if ta is not None and tb is not None and ta != tb:
            return True
        return self.entrants[a].spare and self.entrants[b].spare


def _name(request: PairingRequest, player: str, known: Mapping[str, Entrant], what: str) -> str:
    """Check that an override names a player who is paired this round."""
    if player in known:
        return player
    for absence in request.absent:
        if absence.player == player:
            raise PairingError(f"{what} names {player}, who is not paired this round ({absence.reason})")
    raise PairingError(f"{what} names unknown player {player!r}")


def _span(numbers: set[int]) -> str:
    ordered = sorted(numbers)
    if ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}-{ordered[-1]}"
    return ", ".join(str(n) for n in ordered)


def _entrants(request: PairingRequest) -> dict[str, Entrant]:
    """Entrants by id; having met is mutual, so a one-sided history (hand-built input) is
    made symmetric here, because the pruning bound counts each player's opponents."""
    entrants: dict[str, Entrant] = {}
    for entrant in request.entrants:
        if entrant.id in entrants:
            raise PairingError(f"player {entrant.id!r} is listed twice")
        entrants[entrant.id] = entrant
    met_by: dict[str, set[str]] = {}
    for entrant in request.entrants:
        for opponent in entrant.opponents:
            if opponent in entrants and entrant.id not in entrants[opponent].opponents:
                met_by.setdefault(opponent, set()).add(entrant.id)
    for player, extra in met_by.items():
        entrants[player] = replace(entrants[player], opponents=entrants[player].opponents | extra)
    return entrants


def _fixed_pairs(
    request: PairingRequest, entrants: Mapping[str, Entrant]
) -> tuple[list[tuple[str, str]], set[str]]:
    """The TO's fixed pairs, checked: known players, each in one pair, never two spares."""
    in_pair: set[str] = set()
    fixed_pairs: list[tuple[str, str]] = []
    for a, b in request.overrides.pairs:
        a = _name(request, a, entrants, "a fixed pair")
        b = _name(request, b, entrants, "a fixed pair")
        if a == b:
            raise PairingError(f"a fixed pair names {a} twice")
        for player in (a, b):
            if player in in_pair:
                raise PairingError(f"{player} is in two fixed pairs")
            in_pair.add(player)
        if entrants[a].spare and entrants[b].spare:
            raise PairingError(f"{a} and {b} are both spare players and cannot be paired together")
        fixed_pairs.append((a, b))
    return fixed_pairs, in_pair


def _fixed_bye(
    request: PairingRequest, entrants: Mapping[str, Entrant], in_pair: set[str], attendance: int
) -> str | None:
    """The pre-assigned bye (OP Guide: Byes), only for an odd field and never to a spare."""
    if request.overrides.bye is None:
        return None
    fixed_bye = _name(request, request.overrides.bye, entrants, "the pre-assigned bye")
    if entrants[fixed_bye].spare:
        raise PairingError(f"{fixed_bye} is a spare player and never takes a bye")
    if fixed_bye in in_pair:
        raise PairingError(f"{fixed_bye} is given the bye and also fixed in a pair")
    if attendance % 2 == 0:
        raise PairingError(
            f"a bye is only given when an odd number of players are paired; {attendance} are paired"
        )
    return fixed_bye


def _spares(
    spares: list[str], in_pair: set[str], fixed_bye: str | None, attendance: int
) -> tuple[bool, tuple[str, ...], tuple[str, ...]]:
    """OP Guide: the Head Judge steps into the pairing when attendance is odd.

    Returns whether a spare plays, the spares handed to the matching, and those sitting out.
    """
    spares_fixed = [p for p in spares if p in in_pair]
    spare_plays = attendance % 2 == 1 and bool(spares) and fixed_bye is None
    if spares_fixed and not spare_plays:
        why = "a bye is pre-assigned" if fixed_bye is not None else f"attendance is even ({attendance})"
        raise PairingError(f"{spares_fixed[0]} is a spare player and sits out this round: {why}")
    if len(spares_fixed) > 1:
        named = ", ".join(spares_fixed)
        raise PairingError(f"only one spare player steps in; {named} are all fixed in pairs")
    if spare_plays and not spares_fixed:
        return spare_plays, tuple(spares), ()
    return spare_plays, (), tuple(p for p in spares if p not in spares_fixed)


def _tables(request: PairingRequest, game_count: int) -> tuple[TableSpec, ...]:
    """Tables and Terrain: the event's tables (layouts fixed per table), or 1..n if none listed."""
    if request.tables is None:
        tables = tuple(TableSpec(n) for n in range(1, game_count + 1))
    else:
        tables = tuple(sorted(request.tables, key=lambda t: t.number))
        if len({t.number for t in tables}) != len(tables):
            raise PairingError("a table number is listed twice")
    if game_count > len(tables):
        raise PairingError(f"{game_count} games need {game_count} tables; the event has {len(tables)}")
    return tables


def _fixed_tables(
    request: PairingRequest,
    entrants: Mapping[str, Entrant],
    tables: tuple[TableSpec, ...],
    fixed_pairs: list[tuple[str, str]],
    not_seated: set[str],
) -> dict[str, int]:
    """The TO's fixed tables (accessibility), checked against the tables and the fixed pairs."""
    numbers = {t.number for t in tables}
    fixed_tables: dict[str, int] = {}
    holder: dict[int, str] = {}
    partner = {a: b for a, b in fixed_pairs} | {b: a for a, b in fixed_pairs}
    for player, table in request.overrides.tables.items():
        player = _name(request, player, entrants, "a fixed table")
        if table not in numbers:
            raise PairingError(f"{player} is fixed to table {table}, but the tables are {_span(numbers)}")
        if player in not_seated:
            continue  # not at a table this round, so the fixed table has nothing to hold
        other = holder.get(table)
        if other is not None and partner.get(player) != other:
            raise PairingError(
                f"{other} and {player} are both fixed to table {table}; fix them as a pair or move one"
            )
        holder[table] = player
        fixed_tables[player] = table
    for a, b in fixed_pairs:
        if a in fixed_tables and b in fixed_tables and fixed_tables[a] != fixed_tables[b]:
            raise PairingError(
                f"{a} and {b} are a fixed pair but fixed to different tables "
                f"({fixed_tables[a]} and {fixed_tables[b]})"
            )
    return fixed_tables


def _check_seeding(request: PairingRequest, entrants: Mapping[str, Entrant], free: tuple[str, ...]) -> None:
    """OP Guide: round one by a seeding method announced in advance; it must list everyone."""
    if request.seeding is None:
        return
    if any(e.opponents or e.byes or e.mp for e in request.entrants):
        raise PairingError("a seeding only applies to round one, before anyone has played")
    seen: set[str] = set()
    for player in request.seeding:
        _name(request, player, entrants, "the seeding")
        if player in seen:
            raise PairingError(f"the seeding lists {player} twice")
        seen.add(player)
    missing = [p for p in free if p not in seen]
    if missing:
        raise PairingError(f"the seeding misses {', '.join(missing)}")


def plan_round(request: PairingRequest) -> RoundPlan:
    """Who must be placed this round, every override checked, in the order of the sections."""
    entrants = _entrants(request)
    regulars = [e.id for e in request.entrants if not e.spare]
    spares = [e.id for e in request.entrants if e.spare]
    if not regulars:
        raise PairingError(f"round {request.number}: nobody is left to pair")
    if request.seeding_style not in SEEDING_STYLES:
        raise PairingError(f"seeding style must be one of {', '.join(SEEDING_STYLES)}")
    attendance = len(regulars)
    fixed_pairs, in_pair = _fixed_pairs(request, entrants)
    fixed_bye = _fixed_bye(request, entrants, in_pair, attendance)
    spare_plays, free_spares, spares_out = _spares(spares, in_pair, fixed_bye, attendance)
    bye_needed = attendance % 2 == 1 and not spare_plays and fixed_bye is None
    free = tuple(p for p in regulars if p not in in_pair and p != fixed_bye)
    game_count = (attendance + (1 if spare_plays else 0)) // 2
    tables = _tables(request, game_count)
    not_seated = set(spares_out) | ({fixed_bye} if fixed_bye is not None else set())
    fixed_tables = _fixed_tables(request, entrants, tables, fixed_pairs, not_seated)
    _check_seeding(request, entrants, free)
    return RoundPlan(
        entrants=entrants,
        free=free,
        free_spares=free_spares,
        fixed_pairs=tuple(fixed_pairs),
        fixed_bye=fixed_bye,
        bye_needed=bye_needed,
        attendance=attendance,
        spare_plays=spare_plays,
        spares_out=spares_out,
        fixed_tables=fixed_tables,
        tables=tables,
        tables_listed=request.tables is not None,
        game_count=game_count,
    )
