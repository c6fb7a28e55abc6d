"""An event file's scores obey the same ranges the web and the API do: a MORSDEI game scores
0-12 VP a side, a Dropzone Commander game at most 30,000 Kill Points. A file with a typo
like [500, 3] is refused with one line naming the place, by every command that reads it."""

from __future__ import annotations

import json
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from standings.eventfile import parse_event
from standings.records import EventFileError


def _event(system: str, game: dict[str, Any], scale: str = "standard") -> dict[str, Any]:
    return {
        "format": "event/1",
        "game_system": system,
        "scale": scale,
        "players": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}],
        "rounds": [{"number": 1, "games": [{"table": 1, "players": ["a", "b"], **game}]}],
    }


def test_a_morsdei_score_above_twelve_is_refused():
    with pytest.raises(
        EventFileError,
        match=r"rounds\[0\]\.games\[0\]\.vp\[0\]: 500 Victory Points is outside MORSDEI's range, 0 to 12",
    ):
        parse_event(_event("morsdei", {"vp": [500, 3]}))
    assert parse_event(_event("morsdei", {"vp": [12, 0]})).rounds[0].games[0].vp == (12, 0)


def test_kill_points_beyond_the_range_are_refused():
    game = {"vp": [3, 2], "kp": [400, 30001]}
    with pytest.raises(EventFileError, match=r"\.kp\[1\]: 30001 Kill Points is outside"):
        parse_event(_event("dropzone-commander", game, "clash"))


def test_the_commands_refuse_it_with_exit_status_2(tmp_path):
    path = tmp_path / "event.json"
    path.write_text(json.dumps(_event("morsdei", {"vp": [500, 3]})), encoding="utf-8")
    for command in ("standings", "pair"):
        with pytest.raises(CommandError, match="outside MORSDEI's range") as refused:
            call_command(command, str(path), stdout=StringIO())
        assert refused.value.returncode == 2


@pytest.mark.django_db
def test_import_refuses_it_and_stores_nothing(tmp_path):
    from tournaments.models import Event

    path = tmp_path / "event.json"
    path.write_text(json.dumps({**_event("morsdei", {"vp": [500, 3]}), "name": "Typo"}), encoding="utf-8")
    with pytest.raises(CommandError, match="outside MORSDEI's range"):
        call_command("import_event", str(path), stdout=StringIO())
    assert not Event.objects.filter(name="Typo").exists()
