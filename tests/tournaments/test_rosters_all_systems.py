"""The roster pipeline for every game system: the event settings, the services,
the API and the web pages take Dropzone Commander, MORSDEI and Warpspawn rosters as they
take StarCraft's: typed as players write them or as roster/1 JSON, judged by the system's
own rules through `judge_rosters`, stored in the one verdict shape, each mistake shown
with its line, each roster shown through its system's template."""

from __future__ import annotations

import csv
import io
import json
import re
from io import StringIO
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from rest_framework.test import APIClient

from interchange.event_export import export_event
from interchange.event_import import import_event
from judging.services import illegal_roster_finding
from printing.csv_exports import rosters_csv
from printing.documents import load_sheet, render_document
from printing.models import PrintKind
from printing.params import VIEWER_STAFF, PrintParams
from printing.sheets import RosterPackSheet
from rosters.models import Roster
from rules_engine import registry
from rules_engine.verdict import JudgedRoster
from standings.eventfile import parse_event
from tests.builders.rows import add_round
from tests.builders.systems import CASE_IDS, CASES, SystemCase, SystemWorld, system_world
from tests.printing.pdf import pages, squash
from tournaments.errors import ServiceError
from tournaments.models import Event, ListFormat
from tournaments.selectors import roster_board
from tournaments.services.events import event_create, event_update
from tournaments.services.rosters import roster_preview, roster_submit
from tournaments.wording import where_words

pytestmark = pytest.mark.django_db


@pytest.fixture(params=CASES, ids=CASE_IDS)
def case(request: pytest.FixtureRequest) -> SystemCase:
    chosen: SystemCase = request.param
    return chosen


@pytest.fixture
def sworld(users: dict[str, Any], case: SystemCase) -> SystemWorld:
    return system_world(users, case)


def pairs(violations: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(v["code"], v["where"]) for v in violations]


def api_as(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


# --- event settings ----------------------------------------------------------------------


def test_an_event_of_a_system_without_dual_lists_is_single_list(users, case):
    event = system_world(users, case).event
    assert event.list_format == ListFormat.SINGLE
    with pytest.raises(ServiceError) as refused:
        event_update(event=event, actor=users["alice"], list_format=ListFormat.DUAL)
    assert refused.value.code == "dual-list-not-allowed"
    assert refused.value.field == "list_format"
    event.refresh_from_db()
    assert event.list_format == ListFormat.SINGLE


def test_a_dual_list_event_is_refused_at_creation_too(users, case):
    with pytest.raises(ServiceError) as refused:
        event_create(
            creator=users["alice"],
            name="Two lists",
            game_system=case.slug,
            kind="community",
            scale=case.scale,
            points_limit=case.points_limit,
            list_format=ListFormat.DUAL,
        )
    assert refused.value.code == "dual-list-not-allowed"
    assert not Event.objects.filter(name="Two lists").exists()


def test_starcraft_events_still_default_to_dual_list(users):
    event = event_create(creator=users["alice"], name="Classic", kind="community", scale="standard")
    assert event.list_format == ListFormat.DUAL
    assert event.points_limit is None


@pytest.mark.parametrize(
    ("points", "ok"), [(1001, True), (2000, True), (1000, False), (2001, False), (None, False)]
)
def test_a_dropzone_event_chooses_its_points_inside_the_game_size(users, points, ok):
    fields = {
        "game_system": "dropzone-commander",
        "kind": "community",
        "scale": "clash",
        "points_limit": points,
    }
    if ok:
        assert event_create(creator=users["alice"], name="Clash", **fields).points_limit == points
        return
    with pytest.raises(ServiceError) as refused:
        event_create(creator=users["alice"], name="Clash", **fields)
    assert refused.value.code == "points-limit-out-of-range"
    assert refused.value.field == "points_limit"
    assert "1001-2000 points" in refused.value.message


def test_reconquest_is_open_ended_and_systems_without_points_take_none(users):
    alice = users["alice"]
    big = event_create(
        creator=alice,
        name="Big",
        game_system="dropzone-commander",
        kind="community",
        scale="reconquest",
        points_limit=5000,
    )
    assert big.points_limit == 5000
    with pytest.raises(ServiceError) as refused:
        event_create(
            creator=alice,
            name="Loot",
            game_system="morsdei",
            kind="community",
            scale="standard",
            points_limit=500,
        )
    assert refused.value.field == "points_limit"
    assert "MORSDEI has no points limit" in refused.value.message


def test_starcraft_grand_offensive_keeps_its_floor_in_its_own_words(users):
    with pytest.raises(ServiceError) as refused:
        event_create(
            creator=users["alice"], name="GO", kind="community", scale="grand-offensive", points_limit=1500
        )
    assert refused.value.message == "Grand Offensive needs a mineral limit of at least 2001."
    event = event_create(
        creator=users["alice"], name="GO", kind="community", scale="grand-offensive", points_limit=2500
    )
    assert event.points_limit == 2500


def test_an_older_event_file_names_the_budget_minerals_and_still_imports(users):
    event = event_create(
        creator=users["alice"], name="GO", kind="community", scale="grand-offensive", points_limit=2500
    )
    data = json.loads(json.dumps(export_event(event)))
    assert data["points_limit"] == 2500
    data["minerals"] = data.pop("points_limit")  # what an export from before points limits wrote
    copy = import_event(parse_event(data), slug="go-copy")
    assert copy.points_limit == 2500


# --- services ----------------------------------------------------------------------------


def test_a_typed_legal_roster_is_stored_as_roster1_with_the_systems_verdict(users, case, sworld):
    roster = roster_submit(player=sworld.bob, slot=1, content=case.legal(), by=users["bob"])
    assert roster.legal
    roster.refresh_from_db()
    assert roster.document["format"] == "roster/1"
    assert roster.document["game_system"] == case.slug
    assert roster.document["player"] == "Bob"
    verdict = roster.verdict
    assert verdict.legal
    assert isinstance(verdict.roster, JudgedRoster)
    assert verdict.roster.faction == case.doc()["faction"]
    assert verdict.roster.totals  # the system's own quantities
    assert roster.report["roster"]["totals"] == dict(verdict.roster.totals)
    # Stored and read back: the same verdict, and the document reads back to the same roster.
    assert roster_preview(event=sworld.event, content=roster.document, player=sworld.bob).to_dict() == (
        roster.report
    )


def test_a_typed_roster_with_mistakes_is_stored_illegal_with_each_mistake_on_its_line(users, case, sworld):
    roster = roster_submit(player=sworld.bob, slot=1, content=case.mistakes(), by=users["bob"])
    assert not roster.legal
    assert pairs(roster.report["roster"]["violations"]) == case.mistake_lines
    assert sorted(v.code for v in roster.verdict.violations) == sorted(c for c, _ in case.mistake_lines)
    board = {row.pk: row for row in roster_board(sworld.event)}
    assert not board[sworld.bob.pk].rosters.get().legal


def test_a_roster1_document_is_judged_the_same_way(users, case, sworld):
    roster = roster_submit(player=sworld.bob, slot=1, content=case.doc(), by=users["alice"], as_staff=True)
    assert roster.legal, roster.report
    again = roster_submit(
        player=sworld.bob, slot=1, content=json.dumps(case.doc()), by=users["alice"], as_staff=True
    )
    assert again.report == roster.report


def test_a_second_roster_is_refused_without_dual_lists(users, case, sworld):
    with pytest.raises(ServiceError) as refused:
        roster_submit(player=sworld.bob, slot=2, content=case.legal(), by=users["bob"])
    assert refused.value.field == "slot"
    assert not Roster.objects.filter(player=sworld.bob).exists()


def test_a_roster_of_another_game_is_unreadable_and_nothing_is_stored(users, case, sworld):
    other = {**case.doc(), "game_system": "starcraft-tmg"}
    with pytest.raises(ServiceError) as refused:
        roster_submit(player=sworld.bob, slot=1, content=other, by=users["bob"])
    assert refused.value.code == "unreadable"
    assert "game_system" in refused.value.message
    assert not Roster.objects.filter(player=sworld.bob).exists()


def test_a_dropzone_army_built_for_other_points_than_the_events_is_illegal(users):
    case = CASES[0]
    world = system_world(users, case)
    text = case.legal().replace("Points: 1500", "Points: 1200")
    roster = roster_submit(player=world.bob, slot=1, content=text, by=users["bob"])
    assert not roster.legal
    assert pairs(roster.report["roster"]["violations"]) == [("wrong-points-limit", "points")]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "Player: Bob\nFaction: UCM\nPoints: 1500\nSquads:\nMain Battle Tank\n",
            "line 5: 'Main Battle Tank' is not a Squad line",
        ),
        ("Player: Bob\nFaction: UCM\nSquads:\n4x Main Battle Tank\n", "needs a 'Points:' line"),
        ("Player: Bob\nFaction: UCM\nPoints: lots\n4x Main Battle Tank\n", "line 3: the points limit 'lots'"),
        (
            "Player: Bob\nFaction: UCM\nPoints: 1500\n4x Main Battle Tank\n"
            "Commanders:\nLevel 5 with Condor\n",
            "line 6: no Squad of the army is called 'Condor'",
        ),
    ],
)
def test_an_unreadable_dropzone_army_says_which_line(users, text, message):
    case = CASES[0]
    world = system_world(users, case)
    with pytest.raises(ServiceError) as refused:
        roster_submit(player=world.bob, slot=1, content=text, by=users["bob"])
    assert refused.value.code == "unreadable"
    assert message in refused.value.message
    assert not Roster.objects.filter(player=world.bob).exists()


# --- API ---------------------------------------------------------------------------------


def test_the_api_submits_and_checks_every_systems_rosters(users, case, sworld):
    bob = api_as(users["bob"])
    check = bob.post(sworld.api_url("rosters/check/"), {"content": case.mistakes()}, format="json")
    assert check.status_code == 200, check.json()
    body = check.json()
    assert body["legal"] is False
    assert pairs(body["rosters"][0]["violations"]) == case.mistake_lines
    assert body["violations"] == []
    legal = bob.post(sworld.api_url("rosters/"), {"slot": 1, "content": case.legal()}, format="json")
    assert legal.status_code == 201, legal.json()
    assert legal.json()["legal"] is True
    assert legal.json()["document"]["game_system"] == case.slug
    assert legal.json()["report"]["roster"]["totals"]
    as_json = bob.post(sworld.api_url("rosters/"), {"slot": 1, "content": case.doc()}, format="json")
    assert as_json.status_code == 201, as_json.json()
    assert as_json.json()["legal"] is True
    board = api_as(users["alice"]).get(sworld.api_url("roster-board/"))
    assert board.status_code == 200
    rows = {row["player"]["name"]: row for row in board.json()["results"]}
    assert rows["Bob"]["ready"] is True
    assert rows["Carol"]["submitted"] is False


def test_the_api_refuses_an_unreadable_roster_with_its_line(users, case, sworld):
    # A count of nothing is no Squad, fighter or card: an input error naming its line.
    broken = case.legal().replace("\n", "\n0x Warden Hound\n", 1) if case.slug == "morsdei" else None
    broken = broken or case.legal().replace("\n", "\n0x Marine\n", 1)
    if case.slug == "dropzone-commander":
        broken = case.legal().replace("Squads:\n", "Squads:\n0x Sabre\n")
    response = api_as(users["bob"]).post(
        sworld.api_url("rosters/"), {"slot": 1, "content": broken}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "unreadable"
    assert body["message"].startswith("line ")
    assert not Roster.objects.filter(player=sworld.bob).exists()


# --- web ---------------------------------------------------------------------------------


def test_the_live_check_shows_each_mistake_with_its_line(client, users, case, sworld):
    client.force_login(users["bob"])
    page = client.post(sworld.url("rosters/check/"), {"r1-content": case.mistakes(), "slot": "1"})
    assert page.status_code == 200
    html = page.content.decode()
    assert "Not legal" in html
    for _code, where in case.mistake_lines:
        assert f'<span class="where">{where_words(where)}:</span>' in html
    legal = client.post(
        sworld.url("rosters/check/"), {"r1-content": case.legal(), "slot": "1"}
    ).content.decode()
    assert "<strong>Legal</strong>" in legal
    unreadable = client.post(sworld.url("rosters/check/"), {"r1-content": "{ nope"}).content.decode()
    assert "Cannot read this roster." in unreadable


def test_the_player_page_submits_typed_and_uploaded_rosters_and_shows_them_in_the_systems_form(
    client, users, case, sworld
):
    client.force_login(users["bob"])
    page = client.get(sworld.url("me/")).content.decode()
    assert "Roster 2" not in page  # single list: one slot
    assert 'enctype="multipart/form-data"' in page
    client.post(sworld.url("me/rosters/1/"), {"r1-content": case.mistakes()})
    roster = Roster.objects.get(player=sworld.bob)
    assert not roster.legal
    page = client.get(sworld.url("me/")).content.decode()
    for _code, where in case.mistake_lines:
        assert f'<span class="where">{where_words(where)}:</span>' in page
    upload = SimpleUploadedFile("roster.txt", case.legal().encode("utf-8"), content_type="text/plain")
    response = client.post(sworld.url("me/rosters/1/"), {"r1-upload": upload})
    assert response.status_code == 302
    roster.refresh_from_db()
    assert roster.legal
    page = client.get(sworld.url("me/")).content.decode()
    for shown in case.shown:
        assert shown in page, shown


def test_the_web_form_says_what_is_wrong_with_an_unreadable_file(client, users, case, sworld):
    client.force_login(users["bob"])
    upload = SimpleUploadedFile("roster.bin", b"\xff\xfe\x00bad", content_type="application/octet-stream")
    response = client.post(sworld.url("me/rosters/1/"), {"r1-upload": upload})
    assert response.status_code == 200
    assert "The file is not UTF-8 text." in response.content.decode()
    empty = client.post(sworld.url("me/rosters/1/"), {"r1-content": "  "})
    assert "Paste or type the roster, or upload its file." in empty.content.decode()
    assert not Roster.objects.filter(player=sworld.bob).exists()


def test_the_roster_board_and_the_public_rosters_show_every_system(client, users, case, sworld):
    roster_submit(player=sworld.bob, slot=1, content=case.legal(), by=users["bob"])
    roster_submit(player=sworld.carol, slot=1, content=case.mistakes("Carol"), by=users["carol"])
    client.force_login(users["alice"])
    board = client.get(sworld.url("manage/rosters/")).content.decode()
    assert f"<small>{case.doc()['faction']}</small>" in board
    assert board.count("Not legal") == 1
    published = client.get(sworld.url("rosters/")).content.decode()
    for shown in case.shown:
        assert shown in published, shown
    edit = client.get(sworld.url(f"manage/rosters/{sworld.carol.pk}/1/")).content.decode()
    for _code, where in case.mistake_lines:
        assert f'<span class="where">{where_words(where)}:</span>' in edit


# --- printing ----------------------------------------------------------------------------


def test_the_printed_roster_pack_and_the_csv_carry_every_systems_roster(users, case, sworld):
    roster_submit(player=sworld.bob, slot=1, content=case.legal(), by=users["bob"])
    roster_submit(player=sworld.carol, slot=1, content=case.mistakes("Carol"), by=users["carol"])
    sheet = load_sheet(sworld.event, PrintKind.ROSTERS, PrintParams(viewer=VIEWER_STAFF))
    assert isinstance(sheet, RosterPackSheet)
    assert sheet.parts[0] == f"games/{case.slug.replace('-', '_')}/roster_sheet.html"
    bob, carol = sheet.pages
    assert bob.legal
    assert bob.totals  # the system's own quantities against its limits
    assert bob.lines
    assert not carol.legal
    assert len(carol.problems) == len(case.mistake_lines)
    text = squash(
        " ".join(pages(render_document(sworld.event, PrintKind.ROSTERS, PrintParams(viewer=VIEWER_STAFF))[2]))
    )
    assert "Bob (" in text
    assert "Not legal" in text
    assert "Minerals" not in text
    rows = list(
        csv.reader(
            io.StringIO(
                rosters_csv(sworld.event, Roster.objects.filter(player__event=sworld.event))[2].decode(
                    "utf-8-sig"
                )
            )
        )
    )
    assert rows[0] == ["player", "name", "roster", "faction", "legal", "totals", "line", "item", "note"]
    bob_rows = [r for r in rows[1:] if r[1] == "Bob"]
    assert len(bob_rows) == len(bob.lines)
    assert bob_rows[0][4] == "yes"
    assert bob_rows[0][7] == bob.lines[0].text


# --- play begun: the opponent's view, the judges' findings ---------------------------------


def test_the_opponent_sees_the_roster_and_a_judge_records_a_finding_on_it(client, users, case, sworld):
    roster_submit(player=sworld.bob, slot=1, content=case.legal(), by=users["bob"])
    carols = roster_submit(player=sworld.carol, slot=1, content=case.mistakes("Carol"), by=users["carol"])
    add_round(sworld.event, 1, [(sworld.bob, sworld.carol)], results=[(3, 1)])
    client.force_login(users["bob"])
    page = client.get(sworld.url("me/")).content.decode()
    assert "Carol&#x27;s roster" in page or "Carol's roster" in page
    assert f"<strong>{case.doc()['faction']}</strong>" in page
    finding = illegal_roster_finding(roster=carols, by=users["alice"], games_decision="stand")
    # Judged again from the stored roster/1 document: the same problems, placed in the document
    # (units[i], cards[i]) now that the typed lines are gone.
    assert sorted(v["code"] for v in finding.violations) == sorted(code for code, _ in case.mistake_lines)
    assert all(v["where"] and not v["where"].startswith("line") for v in finding.violations)
    assert finding.games_completed == 1
    client.force_login(users["alice"])
    shown = client.get(f"/e/{sworld.event.slug}/judge/findings/{finding.pk}/")
    assert shown.status_code == 200
    assert case.mistake_lines[0][0] in shown.content.decode()


# --- one roster, one verdict: the command line agrees with the pipeline ------------------


def test_validate_roster_gives_the_typed_roster_the_pipelines_verdict(users, case, sworld, tmp_path):
    # The command line knows the game from a `Game:` line (docs/interchange.md); the event
    # needs none. That line comes first, so every other line is one further down.
    name = registry.get_system(case.slug).name
    path = tmp_path / "roster.txt"
    path.write_text(f"Game: {name}\n" + case.mistakes(), encoding="utf-8")
    out = StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command("validate_roster", str(path), "--json", stdout=out, stderr=StringIO())
    assert exited.value.code == 1
    cli = json.loads(out.getvalue())
    stored = roster_submit(player=sworld.bob, slot=1, content=case.mistakes(), by=users["bob"]).report
    assert pairs(stored["roster"]["violations"]) == case.mistake_lines
    shifted = [
        (code, re.sub(r"\d+", lambda n: str(int(n.group()) + 1), where, count=1))
        for code, where in case.mistake_lines
    ]
    assert pairs(cli["rosters"][0]["violations"]) == shifted
    assert cli["rosters"][0]["totals"] == stored["roster"]["totals"]
    path.write_text(f"Game: {name}\n" + case.legal(), encoding="utf-8")
    out = StringIO()
    call_command("validate_roster", str(path), "--json", stdout=out, stderr=StringIO())
    assert json.loads(out.getvalue())["legal"] is True


def test_the_live_check_cites_the_books_section_in_words_never_a_source_line(client, users, case, sworld):
    client.force_login(users["bob"])
    html = client.post(sworld.url("rosters/check/"), {"r1-content": case.mistakes(), "slot": "1"}).content
    problems = re.search(r'<ul class="problems">(.*?)</ul>', html.decode(), re.S)
    assert problems is not None
    assert not re.search(r"DZC:|MOR:|\b004\b|\blines? \d", problems.group(1)), problems.group(1)
    assert problems.group(1).count('<small class="muted rule">') == len(case.mistake_lines)
