"""The level suggested for a new infraction follows the guide's escalation (OP Guide: Penalties):
a Caution for a first slip, a Warning for a repeat of something already cautioned or warned,
a Game Loss for slow play already warned twice; never lower than what the player already
has in force for the same kind of infraction."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from judging.domain.penalties import Category, Level, Penalty, Status, suggest_level

ORDER = (Level.CAUTION, Level.WARNING, Level.GAME_LOSS, Level.DISQUALIFICATION)


def pen(level: str, category: str = "rules", status: Status = Status.ISSUED) -> Penalty:
    return Penalty("pete", Level(level), Category(category), 1, status=status)


def test_a_prior_warning_is_not_followed_by_a_caution() -> None:
    assert suggest_level([pen("warning", "rules")], "rules") is Level.WARNING
    assert suggest_level([pen("caution", "rules"), pen("warning", "rules")], "rules") is Level.WARNING


def test_a_warning_in_another_category_is_a_first_slip_here() -> None:
    assert suggest_level([pen("warning", "conduct")], "rules") is Level.CAUTION


def test_slow_play_already_warned_twice_is_a_game_loss() -> None:
    twice = [pen("warning", "slow-play"), pen("warning", "slow-play")]
    assert suggest_level(twice, "slow-play") is Level.GAME_LOSS
    assert suggest_level(twice[:1], "slow-play") is Level.WARNING


def test_a_declined_or_proposed_penalty_does_not_count() -> None:
    declined = pen("warning", "rules", status=Status.DECLINED)
    assert suggest_level([declined], "rules") is Level.CAUTION


def test_slow_play_warned_twice_after_a_disqualification_stays_a_disqualification():
    """Found by the property below: two slow-play Warnings once suggested a Game Loss even
    with a slow-play Disqualification in force, lower than a penalty already given."""
    history = [pen("warning", "slow-play"), pen("warning", "slow-play"), pen("disqualification", "slow-play")]
    assert suggest_level(history, "slow-play") is Level.DISQUALIFICATION
    assert suggest_level(history[:2], "slow-play") is Level.GAME_LOSS


penalties = st.builds(
    Penalty,
    st.just("pete"),
    st.sampled_from(Level),
    st.sampled_from(Category),
    st.integers(min_value=1, max_value=6),
    status=st.sampled_from(Status),
)


@given(history=st.lists(penalties, max_size=8), category=st.sampled_from(Category))
def test_never_lower_than_a_prior_penalty_of_the_same_category(
    history: list[Penalty], category: Category
) -> None:
    suggested = suggest_level(history, category)
    for prior in history:
        if prior.in_force and prior.category is category:
            assert ORDER.index(suggested) >= ORDER.index(prior.level)


@given(history=st.lists(penalties, max_size=8), category=st.sampled_from(Category))
def test_a_repeat_is_at_least_a_warning(history: list[Penalty], category: Category) -> None:
    repeat = any(p.in_force and p.category is category for p in history)
    suggested = suggest_level(history, category)
    assert (suggested is Level.CAUTION) is not repeat
