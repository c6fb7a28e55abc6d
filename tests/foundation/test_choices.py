"""The model choices and the pure domain's constants are one definition.

The pure side is the source (it must stay free of Django); the models' TextChoices take
their values from it and add labels. These checks fail if either side gains, loses or
renames a value without the other.
"""

from __future__ import annotations

import pytest
from django.db import models

from judging.domain import penalties
from judging.models import Infraction as InfractionChoice
from judging.models import PenaltyLevel, PenaltyStatus
from rules_engine.systems.starcraft_tmg import draft
from standings import records
from tournaments.models import ListFormat, Outcome

PAIRS: list[tuple[type[models.TextChoices], set[str]]] = [
    (Outcome, set(records.OUTCOMES)),
    (PenaltyLevel, {level.value for level in penalties.Level}),
    (InfractionChoice, {category.value for category in penalties.Category}),
    (PenaltyStatus, {status.value for status in penalties.Status}),
    (ListFormat, {fmt.value for fmt in draft.ListFormat}),
]


@pytest.mark.parametrize(("choices", "pure"), PAIRS, ids=lambda x: getattr(x, "__name__", ""))
def test_model_choices_and_pure_constants_agree(choices, pure):
    assert set(choices.values) == pure


def test_the_pure_enums_are_what_the_models_store():
    # A domain value read back from a row is the same value the domain wrote.
    assert penalties.Level(PenaltyLevel.GAME_LOSS) is penalties.Level.GAME_LOSS
    assert penalties.Status(PenaltyStatus.PENDING) is penalties.Status.PENDING_CONFIRMATION
    assert penalties.Category(InfractionChoice.SLOW_PLAY) is penalties.Category.SLOW_PLAY
    assert draft.ListFormat(ListFormat.DUAL) is draft.ListFormat.DUAL
    assert set(records.OUTCOMES_WITH_LOSER) <= set(Outcome.values)
