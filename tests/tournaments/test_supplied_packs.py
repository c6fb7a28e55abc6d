"""A TO supplies an event's data pack: checked, stored with its fingerprint, audited,
shown, served over the API and by the TO's page ("TO-supplied packs")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.builders.documents import example_document
from tests.builders.rows import add_player, add_roster, add_staff, make_event
from tournaments.errors import ServiceError, TooLarge
from tournaments.models import AuditEntry, EventPack, EventStatus, StaffRoleKind
from tournaments.services.packs import PACK_MAX_BYTES, event_pack_remove, event_pack_supply
from tournaments.services.rosters import roster_submit

pytestmark = pytest.mark.django_db

SYSTEMS = Path(__file__).parents[2] / "rules_engine" / "systems"
MORSDEI_PACK = SYSTEMS / "morsdei" / "data" / "2000-01-01.json"
STARCRAFT_PACK = SYSTEMS / "starcraft_tmg" / "data" / "2026-09-25.json"


@pytest.fixture
def warband_event(alice):
    return make_event(to=alice, slug="loot-night", game_system="morsdei", scale="standard")


def _broken_pack_text() -> tuple[str, int]:
    data = json.loads(MORSDEI_PACK.read_text(encoding="utf-8"))
    data["units"][1]["base"] = 5
    text = json.dumps(data, indent=2)
    return text, next(i for i, row in enumerate(text.splitlines(), 1) if '"base": 5' in row)


def test_a_pack_is_stored_with_its_fingerprint_and_audited(warband_event, alice):
    pack = event_pack_supply(
        event=warband_event, actor=alice, content=MORSDEI_PACK.read_bytes(), filename="wardens.json"
    )
    stored = EventPack.objects.get(event=warband_event)
    assert stored.pk == pack.pk
    assert stored.fingerprint.startswith("sha256:")
    assert stored.document == json.loads(MORSDEI_PACK.read_text(encoding="utf-8"))
    assert (stored.filename, stored.effective, stored.sample) == ("wardens.json", "2000-01-01", True)
    entry = AuditEntry.objects.get(event=warband_event, action="pack-supplied")
    assert entry.data["fingerprint"] == stored.fingerprint
    warband_event.refresh_from_db()
    assert warband_event.version > 0


def test_a_malformed_pack_changes_nothing_and_names_its_line(warband_event, alice):
    event_pack_supply(event=warband_event, actor=alice, content=MORSDEI_PACK.read_bytes(), filename="a.json")
    before = EventPack.objects.get(event=warband_event).fingerprint
    text, line = _broken_pack_text()
    with pytest.raises(ServiceError) as caught:
        event_pack_supply(event=warband_event, actor=alice, content=text, filename="b.json")
    assert caught.value.code == "pack-invalid"
    assert f"line {line}: units[1].base" in caught.value.message
    assert EventPack.objects.get(event=warband_event).fingerprint == before
    assert AuditEntry.objects.filter(event=warband_event, action="pack-supplied").count() == 1


def test_too_large_and_finished_events_are_refused(warband_event, alice):
    with pytest.raises(TooLarge):
        event_pack_supply(event=warband_event, actor=alice, content=b" " * (PACK_MAX_BYTES + 1))
    warband_event.status = EventStatus.FINISHED
    warband_event.save()
    with pytest.raises(ServiceError) as caught:
        event_pack_supply(event=warband_event, actor=alice, content=MORSDEI_PACK.read_bytes())
    assert caught.value.code == "event-finished"
    assert not EventPack.objects.filter(event=warband_event).exists()


def test_removing_goes_back_to_the_builtin_pack(warband_event, alice):
    with pytest.raises(ServiceError) as caught:
        event_pack_remove(event=warband_event, actor=alice)
    assert caught.value.code == "not-found"
    event_pack_supply(event=warband_event, actor=alice, content=MORSDEI_PACK.read_bytes())
    event_pack_remove(event=warband_event, actor=alice)
    assert not EventPack.objects.filter(event=warband_event).exists()
    assert AuditEntry.objects.filter(event=warband_event, action="pack-removed").count() == 1


def test_supplying_a_pack_judges_every_roster_again(alice, bob):
    """A StarCraft erratum that drops a unit makes a roster fielding it illegal."""
    event = make_event(to=alice, slug="errata-night", scale="standard")
    player = add_player(event, bob, "Bob")
    roster = add_roster(player)
    assert roster.legal
    data = json.loads(STARCRAFT_PACK.read_text(encoding="utf-8"))
    fielded = roster.document["units"][0]["name"]
    data["units"] = [u for u in data["units"] if u["name"] != fielded]
    event_pack_supply(event=event, actor=alice, content=json.dumps(data))
    roster.refresh_from_db()
    assert not roster.legal
    assert "unknown-unit" in json.dumps(roster.report)
    event_pack_remove(event=event, actor=alice)
    roster.refresh_from_db()
    assert roster.legal


def test_a_roster_submitted_later_is_judged_against_the_supplied_pack(alice, bob):
    event = make_event(to=alice, slug="errata-day", scale="standard")
    player = add_player(event, bob, "Bob")
    document = example_document()
    data = json.loads(STARCRAFT_PACK.read_text(encoding="utf-8"))
    data["units"] = [u for u in data["units"] if u["name"] != document["units"][0]["name"]]
    event_pack_supply(event=event, actor=alice, content=json.dumps(data))
    roster = roster_submit(player=player, slot=1, content=document, by=bob)
    assert not roster.legal
    assert "unknown-unit" in json.dumps(roster.report)


# --- API --------------------------------------------------------------------------------


def test_api_reads_supplies_and_removes_the_pack(api, warband_event, bob):
    url = f"/api/events/{warband_event.slug}/pack/"
    assert api("anonymous").get(url).json()["supplied"] is False
    body = MORSDEI_PACK.read_bytes()
    assert api("bob").put(url, body, content_type="application/json").status_code == 404  # not the TO
    answer = api("alice").put(url, body, content_type="application/json")
    assert answer.status_code == 200, answer.content
    data = answer.json()
    assert data["supplied"] is True
    assert data["sample"] is True
    assert data["fingerprint"].startswith("sha256:")
    assert api("anonymous").get(url).json()["fingerprint"] == data["fingerprint"]
    assert api("alice").put(url, body, content_type="text/plain").status_code == 415
    assert api("alice").delete(url).status_code == 204
    assert api("alice").get(url).json()["supplied"] is False


def test_api_refuses_a_malformed_pack_with_its_line(api, warband_event):
    text, line = _broken_pack_text()
    answer = api("alice").put(
        f"/api/events/{warband_event.slug}/pack/", text, content_type="application/json"
    )
    assert answer.status_code == 400
    error = answer.json()
    assert error["code"] == "pack-invalid"
    assert f"line {line}" in error["message"]
    assert not EventPack.objects.filter(event=warband_event).exists()


# --- Web --------------------------------------------------------------------------------


def test_the_to_uploads_the_pack_and_the_event_page_shows_it(client, warband_event, alice, judy):
    url = f"/e/{warband_event.slug}/manage/pack/"
    add_staff(warband_event, judy, StaffRoleKind.HEAD_JUDGE)
    client.force_login(judy)
    assert client.get(url).status_code == 404  # the TO's page only
    client.force_login(alice)
    page = client.get(url)
    assert page.status_code == 200
    assert b"built-in pack" in page.content
    upload = SimpleUploadedFile("wardens.json", MORSDEI_PACK.read_bytes(), content_type="application/json")
    answer = client.post(url, {"pack": upload})
    assert answer.status_code == 302
    pack = EventPack.objects.get(event=warband_event)
    home = client.get(f"/e/{warband_event.slug}/").content.decode()
    assert "wardens.json" in home
    assert pack.short_fingerprint in home
    assert "sample data" in home


def test_a_malformed_upload_shows_the_line_beside_the_field(client, warband_event, alice):
    client.force_login(alice)
    text, line = _broken_pack_text()
    upload = SimpleUploadedFile("broken.json", text.encode(), content_type="application/json")
    page = client.post(f"/e/{warband_event.slug}/manage/pack/", {"pack": upload})
    assert page.status_code == 400
    assert f"line {line}: units[1].base" in page.content.decode()
    assert not EventPack.objects.filter(event=warband_event).exists()
