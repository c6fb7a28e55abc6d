"""A broken file stores nothing, and the error says where the problem is."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from interchange.event_export import export_event
from interchange.event_import import import_event
from interchange.values import EventImportError
from judging.models import ConductReport, GameDraft, Penalty, RosterFinding, RoundClock, TimeLimit
from rosters.models import Roster
from standings.eventfile import parse_event
from tests.builders.scenario import full_event
from tournaments.models import AuditEntry, Event, Game, Player, ResultReport, Round, StaffRole, Table

pytestmark = pytest.mark.django_db

MODELS = (
    Event,
    Table,
    Player,
    Roster,
    Round,
    Game,
    ResultReport,
    StaffRole,
    AuditEntry,
    Penalty,
    TimeLimit,
    ConductReport,
    RosterFinding,
    GameDraft,
    RoundClock,
)


def counts() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in MODELS}


def pending_report(data: dict[str, Any]) -> dict[str, Any]:
    """The one report of round 2's game at table 2, still waiting for the opponent."""
    game = next(g for g in data["rounds"][1]["pending"] if g.get("table") == 2)
    report: dict[str, Any] = game["reports"][0]
    return report


Change = Callable[[dict[str, Any]], object]

# Each breaks one thing late in the file: everything before it would import fine.
BROKEN: list[tuple[str, Change, str]] = [
    (
        "clock of a missing round",
        lambda d: d["clocks"][1].update(round=9),
        "clocks[1].round: no round 9 at the event",
    ),
    (
        "two clocks for one round",
        lambda d: d["clocks"][1].update(round=1),
        "clocks[1].round: already has an entry above",
    ),
    (
        "draft of a missing game",
        lambda d: d["drafts"][1].update(game={"round": 2, "table": 9}),
        "drafts[1].game: no game at table 9 in round 2",
    ),
    (
        "draft of a bye that is not one",
        lambda d: d["drafts"][1].update(game={"round": 2, "players": ["p1"]}),
        "drafts[1].game: no game of p1 in round 2",
    ),
    (
        "draft red player unknown",
        lambda d: d["drafts"][0].update(red="p99"),
        "drafts[0].red: no player 'p99' at the event",
    ),
    (
        "finding of a roster never submitted",
        lambda d: d["roster_findings"][0].update(roster={"player": "p3", "slot": 2}),
        "roster_findings[0].roster must name a roster of the event",
    ),
    (
        "penalty on nobody",
        lambda d: d["penalties"][2].update(player="nobody"),
        "penalties[2].player: no player 'nobody' at the event",
    ),
    (
        "penalty without a player",
        lambda d: d["penalties"][2].pop("player"),
        "penalties[2].player is required",
    ),
    (
        "penalty of an unknown level",
        lambda d: d["penalties"][0].update(level="spanking"),
        "penalties[0]: level: Value 'spanking' is not a valid choice.",
    ),
    (
        "time limit too long",
        lambda d: d["time_limits"][0].update(seconds_per_activation=99999),
        "time_limits[0]: seconds_per_activation must be between 0 and 32767, got 99999",
    ),
    (
        "user given as a number",
        lambda d: d["conduct_reports"][0].update(reporter=7),
        "conduct_reports[0].reporter must be a username, got 7",
    ),
    (
        "audit entry at no time",
        lambda d: d["audit_log"][-1].update(created_at="yesterday"),
        "].created_at must be a date and time (ISO 8601), got 'yesterday'",
    ),
    (
        "staff of an unknown role",
        lambda d: d["staff"][2].update(role="boss"),
        "staff[2]: role: Value 'boss' is not a valid choice.",
    ),
    ("staff without an account", lambda d: d["staff"][2].update(user=None), "staff[2].user is required"),
    (
        "staff listed twice",
        lambda d: d["staff"].append(dict(d["staff"][0])),
        "staff[3]: alice is listed twice",
    ),
    (
        "report by a stranger",
        lambda d: pending_report(d).update(reporter="p99"),
        "round 2 pending[1].reports[0].reporter: no player 'p99' at the event",
    ),
    ("a section that is not a list", lambda d: d.update(penalties={}), "penalties must be a list"),
]


@pytest.mark.parametrize(("change", "message"), [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN])
def test_a_bad_record_late_in_the_file_stores_nothing(users, change: Change, message: str):
    data = json.loads(json.dumps(export_event(full_event(users))))
    change(data)
    before = counts()
    with pytest.raises(EventImportError) as caught:
        import_event(parse_event(data), slug="broken")
    assert message in str(caught.value)
    assert counts() == before
    assert not Event.objects.filter(slug="broken").exists()
