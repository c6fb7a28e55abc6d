"""The scenario a round is played with, for a game system that picks one per round.

Dropzone Commander, DZC:328: "Choose a Scenario before each game once players have built
their Armies—this avoids unbalanced Armies designed to tackle a specific Scenario." The TO
names the round's scenario from the system's list (`GameSystem.pregame.scenarios`) once
rosters are locked (at the deadline, or once round 1 is paired); the rule itself is
`rules_engine.pregame.choose_scenario`.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from rules_engine.pregame import ScenarioError, choose_scenario
from tournaments.errors import ServiceError
from tournaments.models import Round, RoundStatus
from tournaments.selectors import rosters_locked
from tournaments.services.audit import audit
from tournaments.services.versions import event_touch


@transaction.atomic
def round_set_scenario(*, round_: Round, scenario: str, by: AbstractBaseUser) -> Round:
    """Set (or change) the round's scenario; audited, shown to players at once.

    Refused with `rosters-not-locked` before rosters lock (selectors.roster_lock: the
    deadline, or round 1 paired — so a round that exists can always have one), `unknown-scenario` for a
    name not on the system's list, `no-scenario-choice` for a system without per-round
    scenarios, and `round-closed` once the round's results are in.
    """
    round_ = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
    event = round_.event
    if round_.status == RoundStatus.CLOSED:
        raise ServiceError(
            f"Round {round_.number} is closed: its scenario was played and stays as it is.",
            code="round-closed",
        )
    pregame = event.system.pregame
    try:
        name = choose_scenario(pregame, scenario, rosters_locked=rosters_locked(event))
    except ScenarioError as exc:
        raise ServiceError(exc.message, code=exc.code, field="scenario") from None
    before = round_.scenario
    if name == before:
        return round_
    round_.scenario = name
    round_.save(update_fields=["scenario"])
    audit(
        event=event,
        actor=by,
        action="round-scenario-set",
        subject=f"Round {round_.number}",
        data={"scenario": name, **({"before": before} if before else {})},
    )
    event_touch(event)
    return round_
