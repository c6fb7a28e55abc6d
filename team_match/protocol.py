"""Who plays whom inside a team match (docs/team-matches.md, "Pairing the players").

Three ways, the TO's pick: the captains' pairing protocol (a state machine of hidden
choices revealed together), the TO's own pairs (`check_manual_pairs`), or the teams'
standings order (`standings_order_pairs`: 1 v 1, 2 v 2, ...).

The protocol, for teams of N (3 to 8) players. While each team has 3 or more players
unpaired, one *cycle*:

1. `DEFENDER`: each captain secretly puts forward a defender; revealed together.
2. `ATTACKERS`: each captain secretly offers two attackers from their remaining players
   against the other team's defender; revealed together.
3. `PICK`: each defending captain secretly picks one of the two attackers offered to
   them; revealed together. Two games: A's defender v the attacker A picked, the attacker
   B picked v B's defender. The two refused attackers go back into their team's pool.

With 2 players left each, `LAST_DEFENDER`: each captain secretly puts forward a defender,
revealed together, and each defender plays the other team's remaining player. With 1 left
each, the last pair plays. A step with only one legal choice for both captains (offering
the two players left beside the defender) is made for them, so nobody waits on a choice
that is no choice.

Pure Python, frozen dataclasses in and out; the state is what is stored (`to_json`), and
`view` is what a captain is shown: their own pending choice, the other's only once revealed.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Literal, TypeAlias, cast

Side: TypeAlias = Literal["a", "b"]
SIDES: tuple[Side, Side] = ("a", "b")
# A defender or a pick is one player id; an offer of attackers is two.
Choice: TypeAlias = str | tuple[str, str]

MIN_TEAM = 3
MAX_TEAM = 8

# The stable error codes (docs/team-matches.md, "Error codes").
TEAM_SIZE = "team-size"
DUPLICATE_PLAYER = "duplicate-player"
BAD_PLAYER = "bad-player"
UNKNOWN_SIDE = "unknown-side"
PROTOCOL_OVER = "protocol-over"
ALREADY_CHOSEN = "already-chosen"
WRONG_COUNT = "wrong-count"
NOT_IN_POOL = "not-in-pool"
NOT_OFFERED = "not-offered"
NOT_A_MATCHING = "not-a-matching"
BAD_STATE = "bad-state"


class ProtocolError(ValueError):
    """A choice or a pairing the rules do not allow: a stable `code` and one sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Step(StrEnum):
    DEFENDER = "defender"
    ATTACKERS = "attackers"
    PICK = "pick"
    LAST_DEFENDER = "last-defender"
    COMPLETE = "complete"


@dataclass(frozen=True)
class Reveal:
    """One step's choices once both are in: shown to both captains from then on.

    `automatic` marks a step the machine made for both captains (one legal choice each).
    """

    step: Step
    a: Choice
    b: Choice
    automatic: bool = False


@dataclass(frozen=True)
class ProtocolState:
    """Everything the protocol has seen; hidden choices included (`pending`), so this is
    stored server-side and never shown as it is: captains see `view(state, side)`."""

    team_a: tuple[str, ...]
    team_b: tuple[str, ...]
    step: Step
    pending: tuple[Choice | None, Choice | None] = (None, None)
    # This cycle's revealed defenders (a's, b's) and offers (a's attackers, b's attackers).
    defenders: tuple[str, str] | None = None
    offers: tuple[tuple[str, str], tuple[str, str]] | None = None
    games: tuple[tuple[str, str], ...] = ()
    history: tuple[Reveal, ...] = ()

    def team(self, side: Side) -> tuple[str, ...]:
        return self.team_a if side == "a" else self.team_b

    def unpaired(self, side: Side) -> tuple[str, ...]:
        """The team's players without a game yet, in team order (a revealed defender included)."""
        paired = {game[_index(side)] for game in self.games}
        return tuple(p for p in self.team(side) if p not in paired)

    @property
    def complete(self) -> bool:
        return self.step is Step.COMPLETE


@dataclass(frozen=True)
class ProtocolView:
    """The protocol as one captain may see it. The other captain's pending choice is never
    here: only whether they have chosen (`they_have_chosen`)."""

    side: Side
    step: Step
    my_team: tuple[str, ...]
    their_team: tuple[str, ...]
    my_unpaired: tuple[str, ...]
    their_unpaired: tuple[str, ...]
    my_choice: Choice | None
    they_have_chosen: bool
    # Revealed this cycle, from this captain's side: (mine, theirs).
    defenders: tuple[str, str] | None
    offers: tuple[tuple[str, str], tuple[str, str]] | None
    my_options: tuple[Choice, ...]
    games: tuple[tuple[str, str], ...]
    history: tuple[Reveal, ...]


def other(side: Side) -> Side:
    return "b" if side == "a" else "a"


def _index(side: Side) -> int:
    return 0 if side == "a" else 1


# ---------------------------------------------------------------------------- the teams


def _check_teams(team_a: Sequence[str], team_b: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Two teams of the same size N, 3 to 8, no player listed twice in either or in both."""
    a, b = tuple(team_a), tuple(team_b)
    if len(a) != len(b) or not MIN_TEAM <= len(a) <= MAX_TEAM:
        raise ProtocolError(
            TEAM_SIZE,
            f"Both teams need the same number of players, {MIN_TEAM} to {MAX_TEAM}; "
            f"these have {len(a)} and {len(b)}.",
        )
    seen: set[str] = set()
    for player in (*a, *b):
        if not isinstance(player, str) or not player:
            raise ProtocolError(BAD_PLAYER, f"A player is named by a non-empty id, not {player!r}.")
        if player in seen:
            raise ProtocolError(DUPLICATE_PLAYER, f"Player {player!r} is listed twice.")
        seen.add(player)
    return a, b


def standings_order_pairs(
    a_in_order: Sequence[str], b_in_order: Sequence[str]
) -> tuple[tuple[str, str], ...]:
    """Pairs by the teams' own order (each team listed best first): 1 v 1, 2 v 2, ..."""
    a, b = _check_teams(a_in_order, b_in_order)
    return tuple(zip(a, b, strict=True))


def check_manual_pairs(
    team_a: Sequence[str], team_b: Sequence[str], pairs: Sequence[Sequence[str]]
) -> tuple[tuple[str, str], ...]:
    """The TO's own pairs, checked to be a perfect matching: every player of each team in
    exactly one pair, team A's player first. Returned as given, as tuples."""
    a, b = _check_teams(team_a, team_b)
    if len(pairs) != len(a) or any(len(pair) != 2 for pair in pairs):
        raise ProtocolError(
            WRONG_COUNT, f"A team match of {len(a)} players a side needs {len(a)} pairs of two players."
        )
    out = tuple((str(pair[0]), str(pair[1])) for pair in pairs)
    for side, team, column in (("A", a, [p[0] for p in out]), ("B", b, [p[1] for p in out])):
        for player in column:
            if player not in team:
                raise ProtocolError(NOT_IN_POOL, f"{player!r} is not a player of team {side}.")
        if len(set(column)) != len(column):
            twice = next(p for p in column if column.count(p) > 1)
            raise ProtocolError(NOT_A_MATCHING, f"{twice!r} of team {side} is in two pairs.")
    return out


# ---------------------------------------------------------------------------- the protocol


def start(team_a: Sequence[str], team_b: Sequence[str]) -> ProtocolState:
    """The protocol before either captain has chosen: both put forward a defender first."""
    a, b = _check_teams(team_a, team_b)
    return ProtocolState(team_a=a, team_b=b, step=Step.DEFENDER)


def _step_for(state: ProtocolState) -> ProtocolState:
    """The step that comes next from the players left: a cycle, the last two, the last pair."""
    left = len(state.unpaired("a"))
    if left >= 3:
        return replace(state, step=Step.DEFENDER, defenders=None, offers=None)
    if left == 2:
        return replace(state, step=Step.LAST_DEFENDER, defenders=None, offers=None)
    if left == 1:
        (last_a,), (last_b,) = state.unpaired("a"), state.unpaired("b")
        state = replace(state, games=(*state.games, (last_a, last_b)))
    return replace(state, step=Step.COMPLETE, defenders=None, offers=None)


def legal_choices(state: ProtocolState, side: Side) -> tuple[Choice, ...]:
    """Every choice `side` may make now, in team order (offers as pairs in team order);
    empty when the protocol is over or the side has already chosen in this step."""
    _check_side(side)
    if state.complete or state.pending[_index(side)] is not None:
        return ()
    return _options(state, side)


def _options(state: ProtocolState, side: Side) -> tuple[Choice, ...]:
    if state.step in (Step.DEFENDER, Step.LAST_DEFENDER):
        return state.unpaired(side)
    if state.step is Step.ATTACKERS:
        return tuple(itertools.combinations(_attacker_pool(state, side), 2))
    if state.step is Step.PICK:
        assert state.offers is not None, "the offers are revealed before the pick"
        return state.offers[_index(other(side))]
    return ()


def _attacker_pool(state: ProtocolState, side: Side) -> tuple[str, ...]:
    assert state.defenders is not None, "the defenders are revealed before the offers"
    defender = state.defenders[_index(side)]
    return tuple(p for p in state.unpaired(side) if p != defender)


def default_choice(state: ProtocolState, side: Side) -> Choice:
    """What a captain who runs out of time is given: the first legal choice in team order.

    A defender: the first unpaired player in the team's order. Attackers: the first two
    players in the team's order who are neither paired nor the defender. A pick: of the two
    attackers offered, the one who comes first in the other team's order.
    """
    options = legal_choices(state, side)
    if not options:
        if state.complete:
            raise ProtocolError(PROTOCOL_OVER, "The pairing is complete; there is nothing left to choose.")
        raise ProtocolError(ALREADY_CHOSEN, f"Team {side.upper()} has already chosen in this step.")
    return options[0]


def choose(state: ProtocolState, side: Side, choice: Choice | Sequence[str]) -> ProtocolState:
    """The state after `side`'s captain makes `choice`, or ProtocolError saying why not.

    A choice stays hidden until the other captain has chosen too; then both are revealed at
    once and the protocol moves on.
    """
    _check_side(side)
    if state.complete:
        raise ProtocolError(PROTOCOL_OVER, "The pairing is complete; there is nothing left to choose.")
    if state.pending[_index(side)] is not None:
        raise ProtocolError(
            ALREADY_CHOSEN, f"Team {side.upper()} has already chosen in this step; the choice is final."
        )
    made = _checked(state, side, choice)
    pending = list(state.pending)
    pending[_index(side)] = made
    state = replace(state, pending=(pending[0], pending[1]))
    if None in state.pending:
        return state
    return _reveal(state, automatic=False)


def _checked(state: ProtocolState, side: Side, choice: Choice | Sequence[str]) -> Choice:
    """The choice in its stored form, once it is one `side` may make now."""
    team = f"team {side.upper()}"
    if state.step is Step.ATTACKERS:
        if (
            isinstance(choice, str)
            or not isinstance(choice, Sequence)
            or len(choice) != 2
            or choice[0] == choice[1]
        ):
            raise ProtocolError(WRONG_COUNT, "Offer two different attackers.")
        pool = _attacker_pool(state, side)
        for player in choice:
            if player not in pool:
                raise ProtocolError(
                    NOT_IN_POOL,
                    f"{player!r} cannot attack: {team}'s players free to attack are {_list(pool)}.",
                )
        first, second = sorted(choice, key=pool.index)  # stored in team order
        return (first, second)
    if not isinstance(choice, str):
        raise ProtocolError(WRONG_COUNT, "Name one player for this step.")
    if state.step is Step.PICK:
        assert state.offers is not None, "the offers are revealed before the pick"
        offered = state.offers[_index(other(side))]
        if choice not in offered:
            raise ProtocolError(NOT_OFFERED, f"{choice!r} was not offered; pick {_list(offered, 'or')}.")
        return choice
    pool = state.unpaired(side)
    if choice not in pool:
        raise ProtocolError(
            NOT_IN_POOL, f"{choice!r} cannot defend: {team}'s unpaired players are {_list(pool)}."
        )
    return choice


def _reveal(state: ProtocolState, *, automatic: bool) -> ProtocolState:
    """Both choices are in: record them for both captains and apply the step."""
    a, b = state.pending
    assert a is not None
    assert b is not None
    state = replace(
        state, pending=(None, None), history=(*state.history, Reveal(state.step, a, b, automatic))
    )
    if state.step is Step.DEFENDER:
        state = replace(state, step=Step.ATTACKERS, defenders=(cast(str, a), cast(str, b)))
        return _forced(state)
    if state.step is Step.ATTACKERS:
        offers = (cast(tuple[str, str], a), cast(tuple[str, str], b))
        return _forced(replace(state, step=Step.PICK, offers=offers))
    if state.step is Step.PICK:
        assert state.defenders is not None
        defender_a, defender_b = state.defenders
        made = ((defender_a, cast(str, a)), (cast(str, b), defender_b))
        return _step_for(replace(state, games=(*state.games, *made)))
    # LAST_DEFENDER: each defender plays the other team's remaining player.
    defender_a, defender_b = cast(str, a), cast(str, b)
    (rest_a,) = (p for p in state.unpaired("a") if p != defender_a)
    (rest_b,) = (p for p in state.unpaired("b") if p != defender_b)
    return _step_for(replace(state, games=(*state.games, (defender_a, rest_b), (rest_a, defender_b))))


def _forced(state: ProtocolState) -> ProtocolState:
    """Make a step for both captains when each has exactly one legal choice (both teams
    always have as many players left, so the two are forced together or not at all)."""
    options = (_options(state, "a"), _options(state, "b"))
    if all(len(o) == 1 for o in options):
        return _reveal(replace(state, pending=(options[0][0], options[1][0])), automatic=True)
    return state


def waiting_for(state: ProtocolState) -> tuple[Side, ...]:
    """The captains whose choice the protocol is waiting on."""
    if state.complete:
        return ()
    return tuple(side for side in SIDES if state.pending[_index(side)] is None)


def pairs(state: ProtocolState) -> tuple[tuple[str, str], ...]:
    """The N games (team A's player, team B's player), in the order they were made."""
    if not state.complete:
        raise ProtocolError(BAD_STATE, f"The pairing is not complete yet: it is at the {state.step} step.")
    return state.games


def view(state: ProtocolState, side: Side) -> ProtocolView:
    """What `side`'s captain may see; the other's choice only once revealed."""
    _check_side(side)
    mine, theirs = _index(side), _index(other(side))
    defenders = (state.defenders[mine], state.defenders[theirs]) if state.defenders else None
    offers = (state.offers[mine], state.offers[theirs]) if state.offers else None
    return ProtocolView(
        side=side,
        step=state.step,
        my_team=state.team(side),
        their_team=state.team(other(side)),
        my_unpaired=state.unpaired(side),
        their_unpaired=state.unpaired(other(side)),
        my_choice=state.pending[mine],
        they_have_chosen=state.pending[theirs] is not None,
        defenders=defenders,
        offers=offers,
        my_options=legal_choices(state, side),
        games=state.games,
        history=state.history,
    )


# ---------------------------------------------------------------------------- storage


def _choice_json(choice: Choice | None) -> str | list[str] | None:
    return list(choice) if isinstance(choice, tuple) else choice


def to_json(state: ProtocolState) -> dict[str, Any]:
    """The whole state as JSON (for a JSONField): hidden choices included, so never sent to a captain."""
    return {
        "team_a": list(state.team_a),
        "team_b": list(state.team_b),
        "step": state.step.value,
        "pending": [_choice_json(c) for c in state.pending],
        "defenders": list(state.defenders) if state.defenders else None,
        "offers": [list(o) for o in state.offers] if state.offers else None,
        "games": [list(g) for g in state.games],
        "history": [
            {"step": r.step.value, "a": _choice_json(r.a), "b": _choice_json(r.b), "automatic": r.automatic}
            for r in state.history
        ],
    }


def from_json(data: Mapping[str, Any]) -> ProtocolState:
    """The inverse of `to_json`. The state is rebuilt by replaying its revealed steps and
    pending choices through `choose`, so a stored state that the rules could not have
    reached (edited by hand, or from a bug) raises ProtocolError `bad-state` instead of
    being trusted; the derived fields stored beside them must agree with the replay."""
    try:
        state = start(data["team_a"], data["team_b"])
        for record in data["history"]:
            if record.get("automatic", False):
                continue  # made by the machine as the replay reaches it
            state = choose(state, "a", _stored_choice(record["a"]))
            state = choose(state, "b", _stored_choice(record["b"]))
        for side, value in zip(SIDES, data["pending"], strict=True):
            if value is not None:
                state = choose(state, side, _stored_choice(value))
    except ProtocolError as exc:
        raise ProtocolError(BAD_STATE, f"The stored pairing is not a valid state: {exc.message}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ProtocolError(BAD_STATE, f"The stored pairing is not a valid state: {exc!r}.") from None
    if any(key in data and data[key] != value for key, value in to_json(state).items()):
        raise ProtocolError(BAD_STATE, "The stored pairing does not agree with its own history.")
    return state


def _stored_choice(value: Any) -> Choice:
    if isinstance(value, str):
        return value
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value):
        return (value[0], value[1])
    raise ProtocolError(BAD_STATE, f"A stored choice is one player id or two, not {value!r}.")


# ---------------------------------------------------------------------------- helpers


def _check_side(side: object) -> None:
    if side not in SIDES:
        raise ProtocolError(UNKNOWN_SIDE, f"A captain is side 'a' or 'b', not {side!r}.")


def _list(players: Sequence[str], last: str = "and") -> str:
    names = [repr(p) for p in players]
    if len(names) <= 1:
        return "".join(names) or "nobody"
    return f"{', '.join(names[:-1])} {last} {names[-1]}"
