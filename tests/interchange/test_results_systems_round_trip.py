"""event/1 export and import carry each system's results: `kp`, `winner`, the
`draw` and `complete-victory` outcomes, the system's extras and the TO's `scoring`.

docs/interchange.md, "Other game systems". An import of its own export loses nothing, for every
system; StarCraft still reads its older files, whose reports held `battle_rounds` at their
own level.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from interchange.event_export import export_event
from interchange.event_import import import_event
from standings.eventfile import parse_event
from tests.builders.results_systems import SYSTEMS, a_win, one_game
from tournaments.models import Event, Game, ResultReport
from tournaments.services.reporting import ResultInput, result_confirm, result_report

pytestmark = pytest.mark.django_db


def as_file(data: dict[str, Any]) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(json.dumps(data))
    return loaded


def without_slug(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in as_file(data).items() if k != "slug"}


def result_of(game: Game) -> tuple[Any, ...]:
    return (
        game.outcome,
        game.vp_one,
        game.vp_two,
        game.kp_one,
        game.kp_two,
        game.loser.external_id if game.loser else None,
        game.winner.external_id if game.winner else None,
        game.details,
        game.result_status,
    )


def played(users: dict[str, Any], system: str, result: ResultInput | None = None) -> tuple[Event, Game]:
    t = one_game(users, system)
    result = result or a_win(system, t)
    result_report(game=t.game, player=t.bob, result=result, by=users["bob"])
    result_confirm(game=t.game, player=t.carol, by=users["carol"])
    return t.event, Game.objects.get(pk=t.game.pk)


SCORED_GAME = {
    "starcraft-tmg": {"players": ["p1", "p2"], "vp": [12, 3], "battle_rounds": 5},
    "dropzone-commander": {"players": ["p1", "p2"], "vp": [6, 6], "kp": [900, 450]},
    "morsdei": {"players": ["p1", "p2"], "outcome": "complete-victory", "vp": [4, 5], "loser": "p2"},
    "warpspawn-starcraft": {"players": ["p1", "p2"], "winner": "p1"},
}


@pytest.mark.parametrize("system", SYSTEMS)
def test_each_systems_result_travels_and_comes_back(users, system):
    event, game = played(users, system)
    data = as_file(export_event(event))
    (scored,) = [g for g in data["rounds"][0]["games"] if g["players"] == ["p1", "p2"]]
    assert {
        k: v
        for k, v in scored.items()
        if k in {"players", "outcome", "vp", "kp", "loser", "winner", "battle_rounds"}
    } == SCORED_GAME[system]
    copy = import_event(parse_event(data), slug="copy")
    again = Game.objects.get(round__event=copy, player_one__external_id="p1")
    assert result_of(again) == result_of(game)
    reports = ResultReport.objects.filter(game=again).order_by("id")
    assert [(r.kp_one, r.winner_id is not None, r.details) for r in reports] == [
        (r.kp_one, r.winner_id is not None, r.details) for r in game.reports.order_by("id")
    ]
    assert without_slug(export_event(copy)) == without_slug(data)


def test_a_warpspawn_draw_travels(users):
    event, game = played(users, "warpspawn-starcraft", ResultInput(outcome="draw"))
    data = as_file(export_event(event))
    (scored,) = [g for g in data["rounds"][0]["games"] if g["players"] == ["p1", "p2"]]
    assert scored["outcome"] == "draw"
    assert "winner" not in scored
    assert "vp" not in scored
    copy = import_event(parse_event(data), slug="copy")
    assert result_of(Game.objects.get(round__event=copy, player_one__external_id="p1")) == result_of(game)


def test_starcraft_reads_its_older_files_with_battle_rounds_on_reports(users):
    event, _ = played(users, "starcraft-tmg")
    data = as_file(export_event(event))
    (scored,) = [g for g in data["rounds"][0]["games"] if g["players"] == ["p1", "p2"]]
    for report in scored["reports"]:  # as exports from before every system had results wrote them
        report["battle_rounds"] = report.pop("details")["battle_rounds"]
    copy = import_event(parse_event(data), slug="older")
    again = Game.objects.get(round__event=copy, player_one__external_id="p1")
    assert again.details == {"battle_rounds": 5}
    assert [r.details for r in again.reports.all()] == [{"battle_rounds": 5}] * 2
    kept = copy.extra["_stash"]["rows"]["tournaments.resultreport"].values()
    assert all("battle_rounds" not in row for row in kept)  # read, not kept as an unknown field


def test_a_bad_extra_in_a_file_is_refused_where_it_is(users):
    event, _ = played(users, "starcraft-tmg")
    data = as_file(export_event(event))
    (scored,) = [g for g in data["rounds"][0]["games"] if g["players"] == ["p1", "p2"]]
    scored["battle_rounds"] = 99
    from interchange.values import EventImportError

    with pytest.raises(EventImportError, match=r"round 1 games\[0\]\.battle_rounds: .*between 0 and 10"):
        import_event(parse_event(data), slug="broken")
    assert not Event.objects.filter(slug="broken").exists()


def test_the_tos_scoring_travels_as_scoring(users):
    event, _ = played(users, "dropzone-commander")
    scoring = {
        "bands": [
            {"name": "Win", "min_difference": 1, "max_difference": None, "winner": [3, 3], "loser": [0, 0]},
            {"name": "Draw", "min_difference": 0, "max_difference": 0, "winner": [1, 1], "loser": [1, 1]},
        ],
        "bye": [3, 2],
    }
    event.extra = {**event.extra, "scoring": scoring}
    event.save()
    data = as_file(export_event(event))
    assert data["scoring"] == scoring
    copy = import_event(parse_event(data), slug="copy")
    assert copy.extra["scoring"] == scoring
    assert without_slug(export_event(copy)) == without_slug(data)
