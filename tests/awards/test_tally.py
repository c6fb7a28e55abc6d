"""The count's rules as properties: the leaders are exactly the players on the most votes,
a single leader wins, a tie has no winner until the TO's choice among the tied."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from awards.models import Award, AwardKind
from awards.selectors import Tally
from tournaments.models import Player

PLAYERS = [Player(pk=n, name=f"P{n}", external_id=f"p{n}") for n in range(1, 9)]


@given(
    votes=st.dictionaries(st.sampled_from(range(8)), st.integers(min_value=1, max_value=20), max_size=8),
    chosen=st.one_of(st.none(), st.sampled_from(range(8))),
)
def test_leaders_winner_and_ties(votes: dict[int, int], chosen: int | None) -> None:
    award = Award(pk=1, kind=AwardKind.BEST_PAINTED, label="Best Painted")
    award.tie_chosen_id = PLAYERS[chosen].pk if chosen is not None else None
    counts = tuple(
        sorted(((PLAYERS[i], n) for i, n in votes.items()), key=lambda pair: (-pair[1], pair[0].pk))
    )
    tally = Tally(award, sum(votes.values()), counts)
    top = max(votes.values(), default=0)
    assert {p.pk for p in tally.leaders} == {PLAYERS[i].pk for i, n in votes.items() if n == top}
    assert tally.tied == (len(tally.leaders) > 1)
    if not votes:
        assert tally.winner is None
    elif not tally.tied:
        assert tally.winner is tally.leaders[0]
    elif chosen is not None and PLAYERS[chosen] in tally.leaders:
        assert tally.winner is PLAYERS[chosen]
    else:
        assert tally.winner is None  # a choice outside the tie never wins
