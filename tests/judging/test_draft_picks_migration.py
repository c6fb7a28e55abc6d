"""Migration judging 0003: a draft's two StarCraft columns become `picks` (and back)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

# Only judging moves; the other apps stay at their newest state.
TOURNAMENTS = ("tournaments", "0016_round_scenario_chosen_per_round")
BEFORE = [("judging", "0002_conduct_report_handled"), TOURNAMENTS]
AFTER = [("judging", "0003_draft_picks_named_by_the_game_system"), TOURNAMENTS]


def migrate(target: list[tuple[str, str]]) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor


def test_the_picks_keep_every_stored_draft_and_go_back():
    apps = migrate(BEFORE).loader.project_state(BEFORE).apps
    event = apps.get_model("tournaments", "Event").objects.create(name="Old", slug="old", round_minutes=150)
    player = apps.get_model("tournaments", "Player")
    bob = player.objects.create(event=event, external_id="p1", name="Bob")
    carol = player.objects.create(event=event, external_id="p2", name="Carol")
    round_ = apps.get_model("tournaments", "Round").objects.create(event=event, number=1)
    game = apps.get_model("tournaments", "Game")
    done = game.objects.create(round=round_, player_one=bob, player_two=carol)
    dan = player.objects.create(event=event, external_id="p3", name="Dan")
    erin = player.objects.create(event=event, external_id="p4", name="Erin")
    under_way = game.objects.create(round=round_, player_one=dan, player_two=erin)
    draft = apps.get_model("judging", "GameDraft")
    common = {"list_format": "single", "names": ["Bob", "Carol"], "rosters": [[], []], "actions": []}
    completed = draft.objects.create(
        game=done, step="complete", mission="Supply Drop", deployment="Breach", **common
    )
    open_one = draft.objects.create(game=under_way, step="colour", **common)

    apps = migrate(AFTER).loader.project_state(AFTER).apps
    draft = apps.get_model("judging", "GameDraft")
    assert draft.objects.get(pk=completed.pk).picks == {"mission": "Supply Drop", "deployment": "Breach"}
    assert draft.objects.get(pk=open_one.pk).picks == {}

    apps = migrate(BEFORE).loader.project_state(BEFORE).apps
    back = apps.get_model("judging", "GameDraft").objects.get(pk=completed.pk)
    assert (back.mission, back.deployment) == ("Supply Drop", "Breach")
    assert apps.get_model("judging", "GameDraft").objects.get(pk=open_one.pk).mission == ""
    migrate(migrate(AFTER).loader.graph.leaf_nodes())
