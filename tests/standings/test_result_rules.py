"""One rule for what a result may hold (standings.result_rules), asked the same way by the web,
the API, the results service and the event/1 parser."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from rules_engine.registry import get_system
from standings.eventfile import parse_event
from standings.records import (
    BYE,
    COMPLETE_VICTORY,
    CONCESSION,
    DOUBLE_NO_SHOW,
    DRAW,
    GAME_LOSS,
    NO_SHOW,
    OUTCOMES,
    PLAYED,
    EventFileError,
)
from standings.result_rules import (
    IN_WORDS,
    PLAYER_OUTCOMES,
    STAFF_OUTCOMES,
    Result,
    ResultRules,
    extra_problem,
    outcome_problem,
    problems,
)

SYSTEMS = ["starcraft-tmg", "dropzone-commander", "morsdei", "warpspawn-starcraft"]
SCALE = {"dropzone-commander": "clash"}


def rules(slug: str) -> ResultRules:
    return ResultRules.of(get_system(slug))


def codes(slug: str, **result: Any) -> list[tuple[str, str]]:
    found = problems(rules(slug), Result(("a", "b"), **result))
    return [(p.code, p.field) for p in found]


def test_a_game_loss_is_the_staffs_and_a_bye_nobodys():
    assert GAME_LOSS not in PLAYER_OUTCOMES
    assert GAME_LOSS in STAFF_OUTCOMES
    assert BYE not in STAFF_OUTCOMES
    assert set(STAFF_OUTCOMES) == set(OUTCOMES) - {BYE}


@pytest.mark.parametrize(
    ("slug", "player", "staff"),
    [
        ("starcraft-tmg", [PLAYED, CONCESSION, NO_SHOW, DOUBLE_NO_SHOW], [GAME_LOSS]),
        ("dropzone-commander", [PLAYED, CONCESSION, NO_SHOW, DOUBLE_NO_SHOW], [GAME_LOSS]),
        ("morsdei", [PLAYED, CONCESSION, NO_SHOW, DOUBLE_NO_SHOW, COMPLETE_VICTORY], [GAME_LOSS]),
        ("warpspawn-starcraft", [PLAYED, CONCESSION, NO_SHOW, DOUBLE_NO_SHOW, DRAW], [GAME_LOSS]),
    ],
)
def test_the_outcomes_each_system_takes_from_a_player_and_from_the_staff(slug, player, staff):
    assert rules(slug).outcomes(staff=False) == tuple(player)
    assert rules(slug).outcomes(staff=True) == (*player, *staff)


def test_a_player_entering_a_game_loss_is_told_a_judge_enters_it():
    problem = outcome_problem(rules("starcraft-tmg"), GAME_LOSS, staff=False)
    assert problem is not None
    assert (problem.code, problem.field) == ("outcome-staff-only", "outcome")
    assert outcome_problem(rules("starcraft-tmg"), GAME_LOSS, staff=True) is None


def test_the_morsdei_typo_is_out_of_range_in_both_words():
    (problem,) = problems(rules("morsdei"), Result(("a", "b"), vp=(500, 3), names=("Ann", "Bo")))
    assert (problem.code, problem.field) == ("out-of-range", "vp")
    assert (
        problem.message == "Victory Points must be between 0 and 12 in MORSDEI; 500 for Ann is out of range."
    )
    assert problem.in_file == ".vp[0]: 500 Victory Points is outside MORSDEI's range, 0 to 12"


@pytest.mark.parametrize(
    ("slug", "result", "expected"),
    [
        ("starcraft-tmg", {"vp": (12, 3)}, []),
        ("starcraft-tmg", {}, [("result-field-missing", "vp")]),
        ("starcraft-tmg", {"outcome": DRAW}, [("outcome-not-in-system", "outcome")]),
        ("starcraft-tmg", {"outcome": "won"}, [("invalid", "outcome")]),
        ("starcraft-tmg", {"outcome": BYE}, [("invalid", "outcome")]),
        (
            "starcraft-tmg",
            {"outcome": CONCESSION, "vp": (1, 2)},
            [("result-field-not-recorded", "vp"), ("result-field-missing", "loser")],
        ),
        ("starcraft-tmg", {"outcome": CONCESSION, "loser": "a"}, []),
        ("starcraft-tmg", {"vp": (3, 1), "loser": "a"}, [("result-field-not-recorded", "loser")]),
        ("starcraft-tmg", {"vp": (3, 1), "winner": "a"}, [("result-field-not-recorded", "winner")]),
        ("starcraft-tmg", {"vp": (3, 3), "winner": "a", "cut": True}, []),
        ("starcraft-tmg", {"vp": (3, 3), "winner": "c", "cut": True}, [("winner-not-a-player", "winner")]),
        (
            "starcraft-tmg",
            {"vp": (3, 1), "details": {"battle_rounds": 11}},
            [("out-of-range", "battle_rounds")],
        ),
        ("starcraft-tmg", {"vp": (3, 1), "details": {"battle_rounds": 5}}, []),
        ("dropzone-commander", {"vp": (3, 1)}, [("result-field-missing", "kp")]),
        ("dropzone-commander", {"vp": (3, 1), "kp": (40000, 0)}, [("out-of-range", "kp")]),
        (
            "dropzone-commander",
            {"vp": (3, 1), "details": {"battle_rounds": 3}, "kp": (1, 1)},
            [("unknown-detail", "details")],
        ),
        ("morsdei", {"outcome": COMPLETE_VICTORY, "loser": "b"}, [("result-field-missing", "vp")]),
        ("morsdei", {"outcome": COMPLETE_VICTORY, "vp": (4, 5), "loser": "b"}, []),
        ("morsdei", {"vp": (13, 2)}, [("out-of-range", "vp")]),
        ("warpspawn-starcraft", {"winner": "a"}, []),
        ("warpspawn-starcraft", {"outcome": DRAW}, []),
        ("warpspawn-starcraft", {}, [("result-field-missing", "winner")]),
        ("warpspawn-starcraft", {"winner": "c"}, [("winner-not-a-player", "winner")]),
        ("warpspawn-starcraft", {"outcome": DRAW, "winner": "a"}, [("result-field-not-recorded", "winner")]),
        (
            "warpspawn-starcraft",
            {"vp": (3, 1)},
            [("result-field-not-recorded", "vp"), ("result-field-missing", "winner")],
        ),
    ],
)
def test_what_each_system_refuses_and_on_which_field(slug, result, expected):
    assert codes(slug, **result) == expected


def test_an_extra_of_another_system_is_unknown_and_one_of_its_own_is_bounded():
    assert extra_problem(rules("starcraft-tmg"), "battle_rounds", 10) is None
    out = extra_problem(rules("starcraft-tmg"), "battle_rounds", 11)
    assert out is not None
    assert out.in_file.startswith(".battle_rounds: ")
    unknown = extra_problem(rules("morsdei"), "battle_rounds", 3)
    assert unknown is not None
    assert unknown.code == "unknown-detail"


def test_an_unknown_system_bounds_nothing():
    assert problems(ResultRules("Someone's game"), Result(("a", "b"), vp=(5000, 3))) == ()


def test_each_outcome_in_words_is_its_models_label():
    from tournaments.models import Outcome

    labels = {o.value: o.label.lower() for o in Outcome}
    assert labels == IN_WORDS


# --- the event/1 parser keeps the same rule ----------------------------------------------


def _file(slug: str, game: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": "event/1",
        "game_system": slug,
        "scale": SCALE.get(slug, "standard"),
        "players": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}],
        "rounds": [{"number": 1, "games": [{"table": 1, "players": ["a", "b"], **game}]}],
    }


def _grid(slug: str) -> list[dict[str, Any]]:
    """Results of every outcome with scores in and out of range, named losers and winners."""
    # A Swiss game of a VP system keeps `winner` as an unknown key: the file reads none.
    winners: list[str | None] = [None] if rules(slug).shape.vp else [None, "a", "c"]
    out = []
    for outcome, vp, kp, loser, winner in itertools.product(
        [o for o in OUTCOMES if o != BYE],
        [None, (3, 1), (500, 3)],
        [None, (1, 2), (40000, 0)],
        [None, "a", "c"],
        winners,
    ):
        out.append({"outcome": outcome, "vp": vp, "kp": kp, "loser": loser, "winner": winner})
    return out


@pytest.mark.parametrize("slug", SYSTEMS)
def test_a_file_refuses_exactly_the_results_the_rule_refuses(slug):
    checked = 0
    for entry in _grid(slug):
        game = {key: list(value) if isinstance(value, tuple) else value for key, value in entry.items()}
        game = {key: value for key, value in game.items() if value is not None}
        found = problems(rules(slug), Result(("a", "b"), **entry))
        if found:
            with pytest.raises(EventFileError) as refused:
                parse_event(_file(slug, game))
            for problem in found:
                assert f"rounds[0].games[0]{problem.in_file}" in str(refused.value)
        else:
            parse_event(_file(slug, game))
        checked += 1
    assert checked >= 189  # 7 outcomes x 3 VP x 3 KP x 3 losers (x 3 winners without VP)
