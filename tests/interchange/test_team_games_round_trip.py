"""A team game's event/1 (docs/event-files.md, "Team games"): the event's `team_size` and
`team_budget`, each team's `teammates` and its players' armies in slots 1 to the team size;
export, import and export again loses nothing, and `standings` and `pair` read the file with
the teams as entrants."""

from __future__ import annotations

import json
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command

from interchange.event_export import export_event
from interchange.event_import import import_event
from interchange.values import EventImportError
from rules_engine.systems.starcraft_tmg import EXAMPLES_DIR
from standings.eventfile import parse_event
from tests.builders.rows import make_event, play_round
from tournaments.models import Event, Teammate
from tournaments.services.rosters import roster_submit
from tournaments.services.teams import teammates_set

pytestmark = pytest.mark.django_db


def army(stem: str, player: str) -> dict[str, Any]:
    doc = json.loads((EXAMPLES_DIR / f"{stem}.json").read_text(encoding="utf-8"))
    doc.pop("expected", None)
    return {**doc, "player": player}


def as_file(data: dict[str, Any]) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(json.dumps(data))
    return loaded


def team_event(users: dict[str, Any]) -> Event:
    event = make_event(
        to=users["alice"], team_size=2, team_budget=1900, players=["Raiders", "Swarm", "Templars"]
    )
    for team, names in zip(
        event.players.order_by("external_id"), (["Ann", "Ben"], ["Cal", "Dee"], ["Eve", "Fox"]), strict=False
    ):
        teammates_set(team=team, names=names, by=users["alice"], as_staff=True)
        roster_submit(
            player=team, slot=1, content=army("terran-starter", names[0]), by=users["alice"], as_staff=True
        )
        roster_submit(
            player=team, slot=2, content=army("zerg-starter", names[1]), by=users["alice"], as_staff=True
        )
    play_round(event, 1)
    return event


def test_a_team_game_round_trips(users):
    event = team_event(users)
    data = as_file(export_event(event))
    assert (data["team_size"], data["team_budget"]) == (2, 1900)
    raiders = next(p for p in data["players"] if p["name"] == "Raiders")
    assert raiders["teammates"] == ["Ann", "Ben"]
    assert [r["validation"]["slot"] for r in raiders["rosters"]] == [1, 2]
    # Judged as a team: 2,000 Minerals against 1,900, in both armies' verdicts.
    assert [r["validation"]["legal"] for r in raiders["rosters"]] == [False, False]

    copy = import_event(parse_event(data), slug="copy")
    assert (copy.team_size, copy.team_budget) == (2, 1900)
    assert list(
        Teammate.objects.filter(team__event=copy)
        .order_by("team__name", "position")
        .values_list("name", flat=True)
    ) == ["Ann", "Ben", "Cal", "Dee", "Eve", "Fox"]
    again = as_file(export_event(copy))
    assert {k: v for k, v in again.items() if k != "slug"} == {k: v for k, v in data.items() if k != "slug"}


def test_standings_and_pair_read_a_team_file(users, tmp_path):
    path = tmp_path / "teams.json"
    path.write_text(json.dumps(export_event(team_event(users))), encoding="utf-8")
    out = StringIO()
    call_command("standings", str(path), "--json", stdout=out)
    names = {row["name"] for row in json.loads(out.getvalue())["standings"]}
    assert names == {"Raiders", "Swarm", "Templars"}
    out = StringIO()
    call_command("pair", str(path), "--json", "--seed", "2", stdout=out)
    games = json.loads(out.getvalue())["games"]
    assert len(games) == 2  # three teams: one match and a bye


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"team_size": 4}, "2 or 3 players a side"),
        ({"team_size": None}, "no team_size"),
        ({"team_budget": None}, "team's budget"),
    ],
)
def test_a_team_file_the_rules_cannot_take_is_refused_whole(users, change, message):
    data = as_file(export_event(team_event(users)))
    data = {**data, **change}
    if data["team_size"] is None:
        data.pop("team_budget")
    before = Event.objects.count()
    with pytest.raises(EventImportError, match=message):
        import_event(parse_event(data), slug="bad")
    assert Event.objects.count() == before


def test_teammates_must_match_the_team_size(users):
    data = as_file(export_event(team_event(users)))
    data["players"][0]["teammates"] = ["Ann"]
    with pytest.raises(EventImportError, match="list of 2 names"):
        import_event(parse_event(data), slug="bad")
    data["players"][0]["teammates"] = ["Ann", " ann"]
    with pytest.raises(EventImportError, match="named twice"):
        import_event(parse_event(data), slug="bad")
