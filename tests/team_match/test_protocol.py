"""The captains' pairing protocol, the TO's own pairs and the standings order
(docs/team-matches.md, "Pairing the players")."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from team_match.protocol import (
    ProtocolError,
    ProtocolState,
    Step,
    check_manual_pairs,
    choose,
    default_choice,
    from_json,
    legal_choices,
    pairs,
    standings_order_pairs,
    start,
    to_json,
    view,
    waiting_for,
)

A = ("ann", "ben", "cy", "dee", "eli")
B = ("fay", "gus", "hal", "ida", "jo")


def code_of(excinfo: pytest.ExceptionInfo[ProtocolError]) -> str:
    return excinfo.value.code


def both(state: ProtocolState, a: object, b: object) -> ProtocolState:
    state = choose(state, "a", a)  # type: ignore[arg-type]
    return choose(state, "b", b)  # type: ignore[arg-type]


def test_a_worked_match_of_five():
    # Cycle 1: Ann and Fay defend. A offers Ben and Cy against Fay; B offers Gus and Hal
    # against Ann. A's captain picks Hal for Ann; B's captain picks Cy for Fay.
    # Games: Ann v Hal, Cy v Fay. Ben and Gus, refused, go back to their pools.
    # Cycle 2 (3 left each: Ben, Dee, Eli / Gus, Ida, Jo): Dee and Jo defend; the offers
    # are forced (the two left beside the defender) and made by the machine: A offers Ben
    # and Eli, B offers Gus and Ida. A picks Ida for Dee, B picks Eli for Jo.
    # Games: Dee v Ida, Eli v Jo. Last pair: Ben v Gus.
    state = start(A, B)
    state = both(state, "ann", "fay")
    assert state.step is Step.ATTACKERS
    assert state.defenders == ("ann", "fay")
    state = both(state, ("ben", "cy"), ("gus", "hal"))
    assert state.step is Step.PICK
    state = both(state, "hal", "cy")
    assert state.games == (("ann", "hal"), ("cy", "fay"))
    assert state.step is Step.DEFENDER
    assert state.unpaired("a") == ("ben", "dee", "eli")
    state = both(state, "dee", "jo")
    assert state.step is Step.PICK  # the forced offers were made
    assert state.offers == (("ben", "eli"), ("gus", "ida"))
    assert state.history[-1].automatic
    state = both(state, "ida", "eli")
    assert state.complete
    assert pairs(state) == (("ann", "hal"), ("cy", "fay"), ("dee", "ida"), ("eli", "jo"), ("ben", "gus"))


def test_the_last_two_each_defend_and_play_the_other_remaining_player():
    # Teams of 4: one cycle makes two games (Ann v Gus, Ben v Fay); with two left each
    # (Cy, Dee / Hal, Ida), A puts forward Dee and B Hal: Dee plays B's remaining player
    # (Ida), and Hal plays A's remaining player (Cy).
    state = start(A[:4], B[:4])
    state = both(state, "ann", "fay")
    state = both(state, ("ben", "cy"), ("gus", "hal"))
    state = both(state, "gus", "ben")
    assert state.games == (("ann", "gus"), ("ben", "fay"))
    assert state.step is Step.LAST_DEFENDER
    state = both(state, "dee", "hal")
    assert pairs(state) == (("ann", "gus"), ("ben", "fay"), ("dee", "ida"), ("cy", "hal"))


def test_teams_of_three_make_one_cycle_then_the_last_pair():
    state = start(A[:3], B[:3])
    state = both(state, "ben", "gus")
    # With three a side the offers are forced: the two players left beside the defender.
    assert state.step is Step.PICK
    assert state.offers == (("ann", "cy"), ("fay", "hal"))
    state = both(state, "fay", "cy")
    assert pairs(state) == (("ben", "fay"), ("cy", "gus"), ("ann", "hal"))


@pytest.mark.parametrize(
    ("team_a", "team_b"),
    [(A[:2], B[:2]), (A, B[:4]), (tuple(f"a{i}" for i in range(9)), tuple(f"b{i}" for i in range(9)))],
)
def test_only_equal_teams_of_three_to_eight(team_a, team_b):
    with pytest.raises(ProtocolError) as excinfo:
        start(team_a, team_b)
    assert code_of(excinfo) == "team-size"


def test_a_player_listed_twice_is_refused():
    with pytest.raises(ProtocolError) as excinfo:
        start(("ann", "ben", "cy"), ("ann", "gus", "hal"))
    assert code_of(excinfo) == "duplicate-player"
    with pytest.raises(ProtocolError) as excinfo:
        start(("ann", "ben", ""), ("fay", "gus", "hal"))
    assert code_of(excinfo) == "bad-player"


def test_the_errors_have_stable_codes():
    state = start(A, B)
    with pytest.raises(ProtocolError) as excinfo:
        choose(state, "c", "ann")  # type: ignore[arg-type]
    assert code_of(excinfo) == "unknown-side"
    with pytest.raises(ProtocolError) as excinfo:
        choose(state, "a", "fay")
    assert code_of(excinfo) == "not-in-pool"
    with pytest.raises(ProtocolError) as excinfo:
        choose(state, "a", ("ann", "ben"))
    assert code_of(excinfo) == "wrong-count"
    state = choose(state, "a", "ann")
    with pytest.raises(ProtocolError) as excinfo:
        choose(state, "a", "ben")
    assert code_of(excinfo) == "already-chosen"
    state = choose(state, "b", "fay")
    for bad in ("ben", ("ben",), ("ben", "ben"), ("ben", "cy", "dee"), 7):
        with pytest.raises(ProtocolError) as excinfo:
            choose(state, "a", bad)  # type: ignore[arg-type]
        assert code_of(excinfo) == "wrong-count"
    with pytest.raises(ProtocolError) as excinfo:
        choose(state, "a", ("ann", "ben"))  # the defender cannot attack
    assert code_of(excinfo) == "not-in-pool"
    state = both(state, ("ben", "cy"), ("gus", "hal"))
    with pytest.raises(ProtocolError) as excinfo:
        choose(state, "a", "ida")
    assert code_of(excinfo) == "not-offered"
    with pytest.raises(ProtocolError) as excinfo:
        pairs(state)
    assert code_of(excinfo) == "bad-state"
    while not state.complete:
        for side in waiting_for(state):
            state = choose(state, side, default_choice(state, side))
    with pytest.raises(ProtocolError) as excinfo:
        choose(state, "a", "ann")
    assert code_of(excinfo) == "protocol-over"


def test_offers_are_stored_in_team_order():
    state = both(start(A, B), "ann", "fay")
    state = both(state, ("dee", "ben"), ("jo", "gus"))
    assert state.offers == (("ben", "dee"), ("gus", "jo"))


def test_the_default_is_the_first_eligible_in_team_order():
    state = start(A, B)
    assert default_choice(state, "a") == "ann"
    state = both(state, "ben", "fay")
    # Ben defends: A's first two free to attack are Ann and Cy.
    assert default_choice(state, "a") == ("ann", "cy")
    assert default_choice(state, "b") == ("gus", "hal")
    state = both(state, ("dee", "cy"), ("jo", "ida"))
    # Of the two offered to A (Ida, Jo), Ida comes first in B's order.
    assert default_choice(state, "a") == "ida"
    assert default_choice(state, "b") == "cy"
    state = choose(state, "a", "jo")
    with pytest.raises(ProtocolError) as excinfo:
        default_choice(state, "a")
    assert code_of(excinfo) == "already-chosen"


def test_view_hides_the_other_choice_until_both_are_in():
    state = choose(start(A, B), "a", "cy")
    mine, theirs = view(state, "a"), view(state, "b")
    assert mine.my_choice == "cy"
    assert not mine.they_have_chosen
    assert theirs.my_choice is None
    assert theirs.they_have_chosen
    # B's view is the same whichever defender A chose: nothing in it depends on the choice.
    assert view(choose(start(A, B), "a", "dee"), "b") == theirs
    assert theirs.defenders is None
    assert theirs.history == ()
    state = choose(state, "b", "gus")
    assert view(state, "b").defenders == ("gus", "cy")
    assert view(state, "a").defenders == ("cy", "gus")


def test_json_round_trip_and_a_tampered_state_is_refused():
    state = both(start(A, B), "ann", "fay")
    state = choose(state, "a", ("ben", "cy"))
    data = to_json(state)
    assert from_json(data) == state
    assert data["pending"] == [["ben", "cy"], None]
    forged = {**data, "games": [["ann", "fay"]]}
    with pytest.raises(ProtocolError) as excinfo:
        from_json(forged)
    assert code_of(excinfo) == "bad-state"
    illegal = {**data, "history": [{"step": "defender", "a": "fay", "b": "fay"}]}
    with pytest.raises(ProtocolError) as excinfo:
        from_json(illegal)
    assert code_of(excinfo) == "bad-state"
    with pytest.raises(ProtocolError) as excinfo:
        from_json({"team_a": list(A)})
    assert code_of(excinfo) == "bad-state"


def test_standings_order_pairs_one_v_one():
    assert standings_order_pairs(A[:3], B[:3]) == (("ann", "fay"), ("ben", "gus"), ("cy", "hal"))
    with pytest.raises(ProtocolError):
        standings_order_pairs(A[:3], B[:4])


def test_manual_pairs_must_be_a_perfect_matching():
    good = [("ann", "gus"), ("ben", "fay"), ("cy", "hal")]
    assert check_manual_pairs(A[:3], B[:3], good) == tuple(good)
    cases = {
        "wrong-count": [("ann", "gus"), ("ben", "fay")],
        "not-in-pool": [("ann", "gus"), ("ben", "fay"), ("dee", "hal")],
        "not-a-matching": [("ann", "gus"), ("ann", "fay"), ("cy", "hal")],
    }
    for code, given_pairs in cases.items():
        with pytest.raises(ProtocolError) as excinfo:
            check_manual_pairs(A[:3], B[:3], given_pairs)
        assert code_of(excinfo) == code
    with pytest.raises(ProtocolError) as excinfo:
        check_manual_pairs(A[:3], B[:3], [("gus", "ann"), ("ben", "fay"), ("cy", "hal")])
    assert code_of(excinfo) == "not-in-pool"  # team A's player comes first


# ---------------------------------------------------------------------------- properties


def _hidden(state: ProtocolState, side: str) -> object:
    """The other captain's pending choice, as `side` must never see it."""
    return state.pending[1 if side == "a" else 0]


@settings(max_examples=150, deadline=None)
@given(size=st.integers(3, 8), data=st.data())
def test_any_legal_sequence_ends_in_a_perfect_matching(size, data):
    team_a = tuple(f"a{i}" for i in range(size))
    team_b = tuple(f"b{i}" for i in range(size))
    state = start(team_a, team_b)
    steps = 0
    while not state.complete:
        side = data.draw(st.sampled_from(waiting_for(state)))
        choice = data.draw(st.sampled_from(legal_choices(state, side)))
        state = choose(state, side, choice)
        steps += 1
        assert steps <= 4 * size, "the protocol always ends"
        assert from_json(to_json(state)) == state
        for viewer in ("a", "b"):
            seen = view(state, viewer)
            hidden = _hidden(state, viewer)
            assert seen.they_have_chosen == (hidden is not None)
            # What the view shows of the other side is what has been revealed: the
            # history, this cycle's defenders and offers; never their pending choice.
            assert seen.history == state.history
            assert set(seen.defenders or ()) == set(state.defenders or ())
            # The same state with the other's pending choice wiped out gives the same view
            # but for the flag: the view depends on that choice only through whether it is made.
            pending = list(state.pending)
            pending[1 if viewer == "a" else 0] = None
            scrubbed = replace(state, pending=(pending[0], pending[1]))
            assert replace(seen, they_have_chosen=False) == view(scrubbed, viewer)
    games = pairs(state)
    assert len(games) == size
    assert sorted(a for a, _ in games) == sorted(team_a)
    assert sorted(b for _, b in games) == sorted(team_b)


@settings(max_examples=60, deadline=None)
@given(size=st.integers(3, 8), data=st.data())
def test_a_pending_choice_never_changes_what_the_other_captain_sees(size, data):
    # Two states that differ only by one captain's hidden choice look the same to the
    # other captain: the view cannot leak what it does not depend on.
    state = start(tuple(f"a{i}" for i in range(size)), tuple(f"b{i}" for i in range(size)))
    for _ in range(data.draw(st.integers(0, 3 * size))):
        if state.complete:
            break
        side = data.draw(st.sampled_from(waiting_for(state)))
        state = choose(state, side, data.draw(st.sampled_from(legal_choices(state, side))))
    if state.complete or len(waiting_for(state)) < 2:
        return
    chooser = data.draw(st.sampled_from(("a", "b")))
    watcher = "b" if chooser == "a" else "a"
    options = legal_choices(state, chooser)
    first = choose(state, chooser, options[0])
    second = choose(state, chooser, options[-1])
    assert view(first, watcher) == view(second, watcher)  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(size=st.integers(3, 8))
def test_defaults_alone_complete_the_protocol(size):
    state = start(tuple(f"a{i}" for i in range(size)), tuple(f"b{i}" for i in range(size)))
    while not state.complete:
        for side in waiting_for(state):
            state = choose(state, side, default_choice(state, side))
    assert len(pairs(state)) == size
