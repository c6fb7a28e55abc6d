"""Penalties (OP Guide: Judging and Conduct). Fiona is a Floor Judge, Hank the Head Judge,
Olga the TO; Pete is the player being penalised."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from judging.domain.penalties import (
    CONDUCT_PROHIBITED,
    Category,
    GameLossEffect,
    Level,
    Penalty,
    PenaltyError,
    SlowPlayStep,
    Status,
    TimeLimit,
    can_issue,
    check_issue,
    confirm_disqualification,
    decline_disqualification,
    escalation_advice,
    game_loss_effect,
    illegal_roster_checklist,
    issue,
    next_slow_play_step,
    suggest_level,
)

FLOOR = {"floor-judge"}
HEAD = {"head-judge"}
TO = {"to"}

# Who applies each level, from the guide's table (Caution/Warning: Floor Judge, so also the
# Head Judge above them; Game Loss: Head Judge; Disqualification: Head Judge, TO confirms).
AUTHORITY = {
    #                          caution warning game-loss disqualification
    frozenset(): (False, False, False, False),
    frozenset(FLOOR): (True, True, False, False),
    frozenset(HEAD): (True, True, True, True),
    frozenset(TO): (False, False, False, False),
    frozenset(FLOOR | HEAD): (True, True, True, True),
    frozenset(FLOOR | TO): (True, True, False, False),
    frozenset(HEAD | TO): (True, True, True, True),
}
LEVELS = (Level.CAUTION, Level.WARNING, Level.GAME_LOSS, Level.DISQUALIFICATION)
CASES = [
    (roles, level, allowed)
    for roles, row in AUTHORITY.items()
    for level, allowed in zip(LEVELS, row, strict=True)
]


@pytest.mark.parametrize(("roles", "level", "allowed"), CASES)
def test_every_role_and_level(roles, level, allowed):
    assert can_issue(roles, level) is allowed
    assert can_issue(roles, level.value) is allowed
    if allowed:
        check_issue(roles, level)
    else:
        with pytest.raises(PenaltyError) as raised:
            check_issue(roles, level)
        message = str(raised.value)
        assert (
            "the Head Judge" if level in (Level.GAME_LOSS, Level.DISQUALIFICATION) else "a Floor Judge"
        ) in message


def test_refusal_messages_name_the_role_required():
    with pytest.raises(
        PenaltyError, match=r"^A Game Loss is applied by the Head Judge; you hold floor-judge at this"
    ):
        check_issue(FLOOR, Level.GAME_LOSS)
    with pytest.raises(
        PenaltyError,
        match=r"^A Disqualification is applied by the Head Judge, with the TO's confirmation; you hold to",
    ):
        check_issue(TO, "disqualification")
    with pytest.raises(
        PenaltyError, match=r"^A Caution is applied by a Floor Judge or the Head Judge; you hold no judging"
    ):
        check_issue(set(), Level.CAUTION)


def test_unknown_roles_levels_and_categories_are_refused():
    with pytest.raises(PenaltyError, match="Unknown role 'judge'"):
        can_issue({"judge"}, Level.CAUTION)
    with pytest.raises(PenaltyError, match="Unknown penalty level 'yellow-card'"):
        can_issue(HEAD, "yellow-card")
    with pytest.raises(PenaltyError, match="Unknown infraction category 'rudeness'"):
        issue(HEAD, player="pete", level="warning", category="rudeness", round=1)


def test_issue_checks_authority_and_records_the_penalty():
    penalty = issue(
        FLOOR, player="pete", level="caution", category="rules", round=2, table=4, issued_by="fiona"
    )
    assert penalty == Penalty("pete", Level.CAUTION, Category.RULES, 2, 4, issued_by="fiona")
    assert penalty.status is Status.ISSUED
    assert penalty.in_force
    with pytest.raises(PenaltyError, match="A Game Loss is applied by the Head Judge"):
        issue(FLOOR, player="pete", level="game-loss", category="rules", round=2)
    with pytest.raises(PenaltyError, match="A remedy for the opponent goes with a slow-play Warning"):
        issue(FLOOR, player="pete", level="caution", category="slow-play", round=2, remedy="extra turn")


def test_disqualification_needs_the_tos_confirmation():
    proposed = issue(
        HEAD, player="pete", level="disqualification", category="conduct", round=3, issued_by="hank"
    )
    assert proposed.status is Status.PENDING_CONFIRMATION
    assert not proposed.in_force
    assert not proposed.reported_to_publisher
    with pytest.raises(PenaltyError, match="confirmed or declined by the TO"):
        confirm_disqualification(proposed, HEAD)
    with pytest.raises(PenaltyError, match="confirmed or declined by the TO"):
        confirm_disqualification(proposed, FLOOR)
    confirmed = confirm_disqualification(proposed, TO, confirmed_by="olga")
    assert confirmed.status is Status.CONFIRMED
    assert confirmed.confirmed_by == "olga"
    assert confirmed.in_force
    assert confirmed.reported_to_publisher  # conduct DQs are reported to the publisher
    with pytest.raises(PenaltyError, match="already been confirmed"):
        confirm_disqualification(confirmed, TO)
    with pytest.raises(PenaltyError, match="already been confirmed"):
        decline_disqualification(confirmed, TO)


def test_the_to_may_decline_a_disqualification():
    proposed = issue(HEAD, player="pete", level="disqualification", category="rules", round=3)
    declined = decline_disqualification(proposed, TO, confirmed_by="olga")
    assert declined.status is Status.DECLINED
    assert not declined.in_force


def test_a_playing_to_hands_the_final_say_to_the_head_judge():
    proposed = issue(HEAD, player="pete", level="disqualification", category="conduct", round=1)
    with pytest.raises(PenaltyError, match=r"confirmed or declined by the Head Judge \(the TO is playing\)"):
        confirm_disqualification(proposed, TO, to_plays=True)
    assert confirm_disqualification(proposed, HEAD, to_plays=True).status is Status.CONFIRMED


def test_only_disqualifications_await_confirmation():
    warning = issue(FLOOR, player="pete", level="warning", category="rules", round=1)
    with pytest.raises(PenaltyError, match="Only a Disqualification awaits confirmation; this is a warning"):
        confirm_disqualification(warning, TO)


def pen(level, category="rules", round=1, player="pete"):
    return Penalty(player, Level(level), Category(category), round)


def test_third_warning_in_the_event_prompts_a_game_loss():
    two = [pen("warning", round=1), pen("caution", round=2), pen("warning", "conduct", round=2)]
    assert escalation_advice(two) == ()
    three = [*two, pen("warning", "slow-play", round=3)]  # across rounds: penalties don't reset
    (advice,) = escalation_advice(three)
    assert advice.level is Level.GAME_LOSS
    assert advice.applied_by == "the Head Judge"
    assert advice.text == (
        "pete has had a third Warning in the event: "
        "the Head Judge should issue a Game Loss (OP Guide: Penalties)."
    )
    assert escalation_advice([*three, pen("game-loss", round=3)]) == ()
    (again,) = escalation_advice([*three, pen("game-loss", round=3), pen("warning", round=4)])
    assert "fourth Warning" in again.text


def test_proposals_and_declined_penalties_do_not_escalate():
    history = [
        pen("warning"),
        pen("warning"),
        Penalty("pete", Level.WARNING, Category.RULES, 2, status=Status.DECLINED),
    ]
    assert escalation_advice(history) == ()


def test_escalation_reads_one_player():
    with pytest.raises(PenaltyError, match="one player's history"):
        escalation_advice([pen("warning"), pen("warning", player="quinn")])


def test_repeat_of_a_caution_suggests_a_warning():
    assert suggest_level([], "rules") is Level.CAUTION
    assert suggest_level([pen("caution", "conduct")], "rules") is Level.CAUTION
    assert suggest_level([pen("caution", "rules")], Category.RULES) is Level.WARNING


def test_slow_play_ladder():
    # OP Guide: Pace of Play. First a Caution, logged.
    step = next_slow_play_step([], current_round=1)
    assert step.step is SlowPlayStep.CAUTION
    assert step.applied_by == "a Floor Judge or the Head Judge"
    caution = pen("caution", "slow-play", round=1)
    # Then the judge may impose a time limit per activation for the rest of the game.
    assert next_slow_play_step([caution], current_round=1).step is SlowPlayStep.TIME_LIMIT
    limit = TimeLimit("pete", round=1, seconds_per_activation=180)
    # If it continues: a Warning, with an optional remedy for the opponent.
    step = next_slow_play_step([caution, limit], current_round=1)
    assert (step.step, step.remedy_allowed) == (SlowPlayStep.WARNING, True)
    assert "up to a Game Loss" in step.text
    # The time limit lasted one game; the Caution lasts the event.
    assert next_slow_play_step([caution, limit], current_round=2).step is SlowPlayStep.TIME_LIMIT
    first_warning = pen("warning", "slow-play", round=2)
    assert next_slow_play_step([caution, limit, first_warning], current_round=3).step is SlowPlayStep.WARNING
    # Slow play already warned twice: a Game Loss, applied by the Head Judge.
    history = [caution, limit, first_warning, pen("warning", "slow-play", round=3)]
    step = next_slow_play_step(history, current_round=3)
    assert (step.step, step.applied_by) == (SlowPlayStep.GAME_LOSS, "the Head Judge")


def test_other_penalties_do_not_climb_the_slow_play_ladder():
    history = [pen("caution", "rules"), pen("warning", "conduct"), pen("warning", "rules")]
    assert next_slow_play_step(history, current_round=2).step is SlowPlayStep.CAUTION


def test_a_game_loss_is_an_annihilation_against_the_penalised_player():
    loss = issue(HEAD, player="pete", level="game-loss", category="slow-play", round=3, table=7)
    assert game_loss_effect(loss) == GameLossEffect(
        round=3, table=7, penalised_player="pete", outcome="game-loss"
    )
    with pytest.raises(PenaltyError, match="Only a Game Loss in force"):
        game_loss_effect(pen("warning"))


@dataclass(frozen=True)
class Violation:
    code: str
    message: str


TOO_MANY = Violation("minerals-over-limit", "The roster spends 1,020 Minerals; the limit is 1,000.")


def test_illegal_roster_small_mistake():
    checklist = illegal_roster_checklist(
        [TOO_MANY], games_completed=2, small_mistake=True, players_agree=False, advantage_gained=False
    )
    assert checklist.completed_games_stand is True
    assert checklist.suggested_level is Level.CAUTION
    assert checklist.problems == (
        "The roster spends 1,020 Minerals; the limit is 1,000. (minerals-over-limit)",
    )
    assert checklist.items == (
        "The 2 completed games stand: the mistake is small.",
        "The Head Judge may adjust the game state before play resumes.",
        "The player corrects the roster under judge supervision, with the smallest change that fixes it: "
        "The roster spends 1,020 Minerals; the limit is 1,000. (minerals-over-limit)",
        "The Head Judge, consulting the TO, may apply a penalty proportionate to the advantage gained; "
        "with no advantage, a Caution at most.",
    )


def test_illegal_roster_with_an_advantage():
    checklist = illegal_roster_checklist(
        [TOO_MANY, Violation("slot-missing", "No Elite slot for the Ghost.")],
        games_completed=1,
        small_mistake=False,
        players_agree=False,
        advantage_gained=True,
    )
    assert checklist.completed_games_stand is None
    assert (
        checklist.items[0]
        == "The Head Judge decides whether each of the 1 completed game stands or is adjusted."
    )
    assert checklist.suggested_level is Level.GAME_LOSS
    assert "applies a Game Loss" in checklist.items[-1]
    assert len(checklist.problems) == 2


def test_illegal_roster_found_in_the_first_game_and_players_agree():
    checklist = illegal_roster_checklist(
        [TOO_MANY], games_completed=0, small_mistake=False, players_agree=True, advantage_gained=False
    )
    assert checklist.completed_games_stand is True
    assert checklist.items[0] == "The Head Judge may adjust the game state before play resumes."


def test_a_legal_roster_needs_no_checklist():
    with pytest.raises(PenaltyError, match="found this roster legal"):
        illegal_roster_checklist(
            [], games_completed=1, small_mistake=True, players_agree=True, advantage_gained=False
        )


def test_code_of_conduct_is_listed():
    assert len(CONDUCT_PROHIBITED) == 7
    assert any(line.startswith("Cheating") for line in CONDUCT_PROHIBITED)
