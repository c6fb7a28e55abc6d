"""A whole event exported, imported under a new slug and exported again: nothing is lost.

docs/interchange.md, event/1: "importing its own export must lose nothing". The event is built
through the real services (tests/eventio/builders.py), so every record is one the
project really writes.
"""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from interchange.event_export import export_event
from interchange.event_import import import_event
from judging.models import ConductReport, GameDraft, Penalty, RosterFinding, RoundClock, TimeLimit
from standings.eventfile import parse_event
from tests.builders.scenario import full_event
from tournaments.models import AuditEntry, Event, Player, ResultReport, StaffRole
from tournaments.selectors import event_standings

pytestmark = pytest.mark.django_db


def as_file(data: dict[str, Any]) -> dict[str, Any]:
    """What a file holds: the document through JSON text and back."""
    loaded: dict[str, Any] = json.loads(json.dumps(data))
    return loaded


def copy_of(event: Event, slug: str = "copy") -> Event:
    return import_event(parse_event(as_file(export_event(event))), slug=slug)


def without_slug(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in as_file(data).items() if k != "slug"}


def game_with(data: dict[str, Any], round_number: int, table: int) -> dict[str, Any]:
    round_ = data["rounds"][round_number - 1]
    games: list[dict[str, Any]] = round_["games"] + round_.get("pending", [])
    return next(g for g in games if g.get("table") == table)


def test_the_export_carries_every_record(users):
    event = full_event(users)
    data = as_file(export_event(event))
    by_name = {p["name"]: p for p in data["players"]}

    assert data["staff"] == [
        {"user": "alice", "role": "to"},
        {"user": "hank", "role": "head-judge"},
        {"user": "judy", "role": "floor-judge"},
    ]
    assert (by_name["Bob"]["user"], by_name["Carol"]["user"]) == ("bob", "carol")
    assert "user" not in by_name["Player 03"]
    assert by_name["Bob"]["email"] == "bob@example.org"
    assert data["join_code"] == event.join_code != ""

    # Caution and Game Loss on the same player at the same table, then a declined Disqualification.
    penalties = data["penalties"]
    assert [(p["level"], p["status"], p["issued_by"], p["decided_by"]) for p in penalties] == [
        ("caution", "issued", "judy", None),
        ("game-loss", "issued", "hank", None),
        ("disqualification", "declined", "hank", "alice"),
    ]
    assert penalties[0]["player"] == penalties[1]["player"]
    assert penalties[0]["game"] == penalties[1]["game"] == {"round": 1, "table": 4}
    assert penalties[2]["decision_note"] == "A misunderstanding."
    (limit,) = data["time_limits"]
    assert (limit["player"], limit["round_number"], limit["seconds_per_activation"], limit["imposed_by"]) == (
        penalties[0]["player"],
        1,
        90,
        "judy",
    )
    (conduct,) = data["conduct_reports"]
    assert (conduct["reporter"], conduct["category"], conduct["description"]) == (
        "bob",
        "intimidation",
        "Shouting.",
    )
    (finding,) = data["roster_findings"]
    assert finding["player"] == by_name["Player 03"]["id"]
    assert finding["roster"] == {"player": finding["player"], "slot": 1}
    assert (finding["found_by"], finding["corrected_by"], finding["games_completed"]) == ("judy", "judy", 1)
    assert [v["code"] for v in finding["violations"]] == ["slots-exceeded"]

    completed, under_way = data["drafts"]
    assert completed["game"] == {"round": 1, "table": 1}
    assert (completed["seed"], completed["completed_at_random"], completed["step"]) == (7, True, "complete")
    assert under_way["game"] == {"round": 2, "table": 1}
    assert (under_way["completed_at"], len(under_way["actions"])) == (None, 1)
    assert [c["round"] for c in data["clocks"]] == [1, 2]
    assert data["clocks"][0]["started_at"] == "2026-10-03T09:00:00+00:00"
    assert data["clocks"][0]["pauses"] == [["2026-10-03T09:10:00+00:00", "2026-10-03T09:13:00+00:00"]]
    assert data["clocks"][1]["started_at"] == "2026-10-03T12:00:00+00:00"

    # Reports, on their games: the dispute holds both sides' reports and the judge's entry.
    disputed = game_with(data, 1, 2)
    assert [(r["reporter"], r["entered_by"], r["vp_one"], r["vp_two"]) for r in disputed["reports"]] == [
        (disputed["players"][0], "alice", 10, 5),
        (disputed["players"][1], "alice", 5, 10),
        (None, "judy", 10, 5),
    ]
    game_loss = game_with(data, 1, 4)
    assert (game_loss["outcome"], [r["entered_by"] for r in game_loss["reports"]]) == ("game-loss", ["hank"])
    awaiting = game_with(data, 2, 2)  # pending: only one side has reported
    assert awaiting["result_status"] == "awaiting"
    assert [(r["vp_one"], r["vp_two"]) for r in awaiting["reports"]] == [(9, 4)]

    # The audit log, oldest first, with who did what.
    log = data["audit_log"]
    assert len(log) == AuditEntry.objects.filter(event=event).count()
    assert (log[0]["action"], log[0]["actor"]) == ("event-created", "alice")
    assert [e["created_at"] for e in log] == sorted(e["created_at"] for e in log)
    assert {"result-set", "penalty-issued", "conduct-report-filed", "round-closed"} <= {
        e["action"] for e in log
    }


def test_import_then_export_gives_the_same_document(users):
    event = full_event(users)
    first = export_event(event)
    copy = import_event(parse_event(as_file(first)), slug="spring-clash-copy")
    second = export_event(copy)
    assert (first["slug"], second["slug"]) == ("spring-clash", "spring-clash-copy")
    assert without_slug(second) == without_slug(first)


def test_the_same_through_the_commands(users, tmp_path: Path):
    full_event(users)
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    call_command("export_event", "spring-clash", "-o", str(first), stderr=StringIO())
    out = StringIO()
    call_command("import_event", str(first), "--slug", "restored", stdout=out)
    assert out.getvalue() == "restored\n"
    call_command("export_event", "restored", "-o", str(second), stderr=StringIO())
    assert without_slug(json.loads(second.read_text())) == without_slug(json.loads(first.read_text()))


SAME_ACCOUNTS = {name: name for name in ("alice", "bob", "carol", "hank", "judy")}


def test_the_copy_links_the_accounts_it_is_told_to_and_keeps_every_timestamp(users):
    event = full_event(users)
    copy = import_event(parse_event(as_file(export_event(event))), slug="copy", link_users=SAME_ACCOUNTS)
    alice, bob, hank, judy = users["alice"], users["bob"], users["hank"], users["judy"]
    assert set(StaffRole.objects.filter(event=copy).values_list("user", "role")) == {
        (alice.pk, "to"),
        (hank.pk, "head-judge"),
        (judy.pk, "floor-judge"),
    }
    assert Player.objects.get(event=copy, name="Bob").user == bob
    assert list(Penalty.objects.filter(event=copy).values_list("issued_by", flat=True)) == [
        judy.pk,
        hank.pk,
        hank.pk,
    ]
    assert ConductReport.objects.get(event=copy).reporter == bob

    def stamps(model: Any, lookup: str, of: Event, fields: tuple[str, ...]) -> list[tuple[Any, ...]]:
        # Rows may be stored in another order (reports come game by game): compare as sorted.
        return sorted(model.objects.filter(**{lookup: of}).values_list(*fields), key=str)

    for model, lookup, fields in [
        (AuditEntry, "event", ("action", "created_at")),
        (ResultReport, "game__round__event", ("outcome", "vp_one", "created_at")),
        (Penalty, "event", ("level", "issued_at", "decided_at")),
        (TimeLimit, "event", ("round_number", "imposed_at")),
        (RosterFinding, "event", ("found_at", "corrected_at")),
        (GameDraft, "game__round__event", ("step", "started_at", "updated_at", "completed_at")),
        (RoundClock, "round__event", ("started_at", "pauses", "updated_at")),
        (Player, "event", ("external_id", "registered_at", "checked_in_at", "dropped_at")),
    ]:
        original = stamps(model, lookup, event, fields)
        assert original, model
        assert stamps(model, lookup, copy, fields) == original, model
    assert Event.objects.get(slug="copy").created_at == event.created_at

    # References land on the copy's own rows.
    finding = RosterFinding.objects.get(event=copy)
    assert finding.roster is not None
    assert (finding.roster.player, finding.roster.slot) == (finding.player, 1)
    draft = GameDraft.objects.get(game__round__event=copy, game__round__number=1)
    assert draft.game.table is not None
    assert draft.game.table.number == 1
    assert draft.red is not None
    assert draft.red.event == copy


def test_standings_of_the_copy_equal_the_original(users):
    event = full_event(users)
    copy = copy_of(event)
    original = event_standings(event)
    assert len(original.rows) == 8
    assert event_standings(copy).rows == original.rows


def test_standings_and_pair_commands_read_the_export(users, tmp_path: Path):
    event = full_event(users)
    path = tmp_path / "event.json"
    path.write_text(json.dumps(export_event(event)))
    out = StringIO()
    call_command("standings", str(path), "--json", stdout=out)
    rows = json.loads(out.getvalue())["standings"]
    assert sorted(r["player"] for r in rows) == sorted(p.external_id for p in event.players.all())
    out = StringIO()
    call_command("pair", str(path), "--seed", "3", "--json", stdout=out)
    paired = json.loads(out.getvalue())
    # Round 2 is the last round in the file; seven players are still in (one dropped): a bye.
    assert paired["number"] == 3
    assert sorted(len(g["players"]) for g in paired["games"]) == [1, 2, 2, 2]


def test_usernames_left_unlinked_are_kept_as_text(users):
    """Moving to another installation: who is not linked there keeps their name in the file."""
    event = full_event(users)
    first = export_event(event)
    links = {k: v for k, v in SAME_ACCOUNTS.items() if k not in ("judy", "bob")}

    copy = import_event(parse_event(as_file(first)), slug="elsewhere", link_users=links)
    assert set(StaffRole.objects.filter(event=copy).values_list("user__username", flat=True)) == {
        "alice",
        "hank",
    }
    assert Player.objects.get(event=copy, name="Bob").user is None
    assert [p.issued_by for p in Penalty.objects.filter(event=copy)] == [None, users["hank"], users["hank"]]
    assert ConductReport.objects.get(event=copy).reporter is None
    # ...and a re-export says exactly what the file said.
    assert without_slug(export_event(copy)) == without_slug(first)


def test_unknown_fields_of_records_are_kept(users):
    event = full_event(users)
    data = as_file(export_event(event))
    data["staff"][0]["phone"] = "555-0100"
    data["penalties"][0]["witness"] = "Player 05"
    data["rounds"][0]["games"][0]["reports"][0]["photo"] = "slip.jpg"
    copy = import_event(parse_event(data), slug="with-more")
    again = as_file(export_event(copy))
    assert again["staff"][0]["phone"] == "555-0100"
    assert again["penalties"][0]["witness"] == "Player 05"
    assert again["rounds"][0]["games"][0]["reports"][0]["photo"] == "slip.jpg"
    assert {k: v for k, v in again.items() if k != "slug"} == {k: v for k, v in data.items() if k != "slug"}


def test_every_field_of_every_record_is_written(users):
    """The field lists come from the models: a field added to a model travels without a change."""
    from interchange.platform_records import REPORT_SECTION, SECTIONS, STAFF_SECTION

    data = as_file(export_event(full_event(users)))
    reports = [r for round_ in data["rounds"] for g in round_["games"] for r in g.get("reports", [])]
    sections = [
        (STAFF_SECTION, data["staff"]),
        (REPORT_SECTION, reports),
        *((s, data[s.key]) for s in SECTIONS),
    ]
    for section, records in sections:
        expected = {f.name for f in section.model._meta.concrete_fields} - {"id", section.owner}
        assert records, section.key
        assert all(set(record) == expected for record in records), section.key


def test_an_older_export_with_the_drafts_picks_as_columns_still_imports(users):
    """In older exports a draft's picks were two StarCraft columns; the StarCraft plug-in reads
    them back into `picks`, so a file exported then imports whole."""
    event = full_event(users)
    data = as_file(export_event(event))
    completed = data["drafts"][0]
    picks = completed.pop("picks")
    assert set(picks) == {"mission", "deployment"}
    completed.update(picks)  # the old file's shape: {"mission": "...", "deployment": "..."}
    data["drafts"][1].pop("picks")  # a draft under way had empty columns
    data["drafts"][1].update({"mission": "", "deployment": ""})
    copy = import_event(parse_event(data), slug="older-file")
    first, second = GameDraft.objects.filter(game__round__event=copy).order_by("game__round__number")
    assert first.picks == picks
    assert second.picks == {}
    again = as_file(export_event(copy))
    assert again["drafts"][0]["picks"] == picks
    assert "mission" not in again["drafts"][0]  # read, not stashed as an unknown field
    assert "deployment" not in again["drafts"][1]
