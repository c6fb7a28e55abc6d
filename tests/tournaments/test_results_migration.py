"""Migration 0013: Battle Rounds move from their own column into the game's `details` (and back)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0012_event_points_limit_from_minerals")]
AFTER = [("tournaments", "0013_results_kill_points_winner_details")]


def migrate(target: list[tuple[str, str]]) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor


def test_battle_rounds_move_into_details_and_back():
    apps = migrate(BEFORE).loader.project_state(BEFORE).apps
    event = apps.get_model("tournaments", "Event").objects.create(name="Old", slug="old")
    player = apps.get_model("tournaments", "Player")
    bob = player.objects.create(event=event, external_id="p1", name="Bob")
    carol = player.objects.create(event=event, external_id="p2", name="Carol")
    round_ = apps.get_model("tournaments", "Round").objects.create(event=event, number=1)
    game_model = apps.get_model("tournaments", "Game")
    played = game_model.objects.create(
        round=round_, player_one=bob, player_two=carol, outcome="played", vp_one=9, vp_two=2, battle_rounds=4
    )
    dan = player.objects.create(event=event, external_id="p3", name="Dan")
    pending = game_model.objects.create(round=round_, player_one=dan, player_two=None)
    apps.get_model("tournaments", "ResultReport").objects.create(
        game=played, reporter=bob, outcome="played", vp_one=9, vp_two=2, battle_rounds=4
    )

    apps = migrate(AFTER).loader.project_state(AFTER).apps
    game_model = apps.get_model("tournaments", "Game")
    assert game_model.objects.get(pk=played.pk).details == {"battle_rounds": 4}
    assert game_model.objects.get(pk=pending.pk).details == {}
    report = apps.get_model("tournaments", "ResultReport").objects.get(game_id=played.pk)
    assert report.details == {"battle_rounds": 4}

    apps = migrate(BEFORE).loader.project_state(BEFORE).apps
    assert apps.get_model("tournaments", "Game").objects.get(pk=played.pk).battle_rounds == 4
    assert apps.get_model("tournaments", "ResultReport").objects.get(game_id=played.pk).battle_rounds == 4
    migrate(migrate(AFTER).loader.graph.leaf_nodes())
