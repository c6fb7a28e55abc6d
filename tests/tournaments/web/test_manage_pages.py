"""The TO's pages: who may open them, and what each form does."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.utils import timezone

from rosters.models import Roster
from tests.builders.documents import terran_text
from tests.builders.rows import add_player, add_staff, make_event, play_round
from tournaments.models import AuditEntry, Outcome, RoundStatus, StaffRole

pytestmark = pytest.mark.django_db

TO_ONLY = [
    "/e/spring-skirmish/manage/",
    "/e/spring-skirmish/manage/settings/",
    "/e/spring-skirmish/manage/staff/",
    "/e/spring-skirmish/manage/players/",
    "/e/spring-skirmish/manage/audit/",
    "/e/spring-skirmish/manage/export/",
]
STAFF_PAGES = [
    "/e/spring-skirmish/manage/rosters/",
    "/e/spring-skirmish/judge/",
]


@pytest.fixture
def event(alice, bob, judy, hank):
    event = make_event(to=alice, players=2)
    add_player(event, bob, "Bob")
    add_staff(event, judy, "floor-judge")
    add_staff(event, hank, "head-judge")
    return event


@pytest.mark.parametrize("url", TO_ONLY + STAFF_PAGES)
def test_the_to_opens_every_page(client, event, alice, url):
    client.force_login(alice)
    assert client.get(url).status_code == 200


@pytest.mark.parametrize("url", TO_ONLY)
@pytest.mark.parametrize("who", ["bob", "judy", "hank", "mallory"])
def test_to_pages_are_404_for_everyone_else(client, event, mallory, request, url, who):
    client.force_login(request.getfixturevalue(who))
    assert client.get(url).status_code == 404


@pytest.mark.parametrize("url", STAFF_PAGES)
def test_judges_open_the_staff_pages_players_and_outsiders_get_404(
    client, event, judy, hank, bob, mallory, url
):
    for user, status in ((judy, 200), (hank, 200), (bob, 404), (mallory, 404)):
        client.force_login(user)
        assert client.get(url).status_code == status, user


@pytest.mark.parametrize("url", TO_ONLY + STAFF_PAGES)
def test_anonymous_visitors_are_asked_to_log_in(client, event, url):
    assert client.get(url)["Location"].startswith("/accounts/login/")


def test_dashboard_shows_the_join_link_and_the_next_round(client, event, alice):
    client.force_login(alice)
    response = client.get("/e/spring-skirmish/manage/")
    assert response.context["join_url"] == "http://testserver/e/spring-skirmish/join/let-me-in/"
    assert "Pair round 1" in response.content.decode()
    assert response.context["active_count"] == 3


def test_settings_update_the_event_and_its_tables(client, event, alice):
    client.force_login(alice)
    form = client.get("/e/spring-skirmish/manage/settings/").context["form"]
    data = {k: v for k, v in form.initial.items() if v is not None and not isinstance(v, bool)}
    data |= {"venue": "New Hall", "tables": "1: Map 1\n2: Map 9", "registration_open": "on"}
    data["starts_on"] = event.starts_on.isoformat()
    response = client.post("/e/spring-skirmish/manage/settings/", data)
    assert response.status_code == 302, response.context["form"].errors
    event.refresh_from_db()
    assert event.venue == "New Hall"
    assert [(t.number, t.layout) for t in event.tables.order_by("number")] == [(1, "Map 1"), (2, "Map 9")]


def test_settings_refusal_is_shown_on_the_field(client, event, alice):
    client.force_login(alice)
    form = client.get("/e/spring-skirmish/manage/settings/").context["form"]
    data = {k: v for k, v in form.initial.items() if v is not None and not isinstance(v, bool)}
    data |= {"starts_on": "2030-05-02", "ends_on": "2030-05-01"}
    response = client.post("/e/spring-skirmish/manage/settings/", data)
    assert response.context["form"].errors["ends_on"] == ["The event cannot end before it starts."]


def test_add_staff_by_username(client, event, alice, carol):
    client.force_login(alice)
    response = client.post("/e/spring-skirmish/manage/staff/", {"username": "carol", "role": "floor-judge"})
    assert response.status_code == 302
    assert StaffRole.objects.filter(event=event, user=carol, role="floor-judge").exists()
    response = client.post("/e/spring-skirmish/manage/staff/", {"username": "nobody", "role": "floor-judge"})
    assert response.context["form"].errors["username"] == ["No account is named 'nobody'."]


def test_add_and_import_players(client, event, alice, carol):
    client.force_login(alice)
    client.post("/e/spring-skirmish/manage/players/add/", {"name": "Dora", "email": "", "username": "carol"})
    dora = event.players.get(name="Dora")
    assert (dora.user, dora.invited_user) == (None, carol)  # invited; carol links it by claiming
    response = client.post(
        "/e/spring-skirmish/manage/players/import/", {"csv": "name,email\nEve,eve@example.org\nFred,\n"}
    )
    assert response.status_code == 302
    assert set(event.players.values_list("name", flat=True)) >= {"Eve", "Fred"}
    response = client.post("/e/spring-skirmish/manage/players/import/", {"csv": "Gus,,ghost\n"})
    assert response.status_code == 302  # whether 'ghost' is an account is not said
    assert event.players.get(name="Gus").invited_user is None
    response = client.post("/e/spring-skirmish/manage/players/add/", {"name": " "})
    assert response.context["add_form"].errors["name"]


def test_check_in_drop_and_no_show(client, event, alice):
    p1, p2 = event.players.get(external_id="p1"), event.players.get(external_id="p2")
    client.force_login(alice)
    client.post(f"/e/spring-skirmish/manage/players/{p1.pk}/check-in/")
    p1.refresh_from_db()
    assert p1.checked_in_at is not None
    client.post(f"/e/spring-skirmish/manage/players/{p1.pk}/drop/", {"confirmed": "yes"})
    p1.refresh_from_db()
    assert p1.dropped_after_round == 0
    response = client.post(f"/e/spring-skirmish/manage/players/{p1.pk}/drop/", follow=True)
    assert "Player 001 has already dropped." in response.content.decode()
    assert client.post(f"/e/spring-skirmish/manage/players/{p1.pk}/explode/").status_code == 404
    # A no-show in published round 1: p2 (player two of table 1 v p1) did not appear.
    p1.dropped_after_round = None
    p1.save()
    round_ = play_round(event, 1, status=RoundStatus.PUBLISHED, scored=False)
    client.post(f"/e/spring-skirmish/manage/players/{p2.pk}/no-show/", {"confirmed": "yes"})
    game = round_.games.get(player_two=p2)
    assert (game.outcome, game.loser_id) == (Outcome.NO_SHOW, p2.pk)
    p2.refresh_from_db()
    assert p2.dropped_after_round == 1


def test_players_of_another_event_are_404(client, event, alice):
    other = make_event(slug="other", players=1)
    client.force_login(alice)
    stranger = other.players.get()
    assert client.post(f"/e/spring-skirmish/manage/players/{stranger.pk}/check-in/").status_code == 404


def test_roster_board_shows_who_submitted_and_why_illegal(client, event, judy):
    p1 = event.players.get(external_id="p1")
    Roster.objects.create(
        player=p1,
        slot=1,
        document={"faction_card": "Zerg Swarm"},
        legal=False,
        report={"roster": {"violations": [{"message": "Over the mineral limit."}]}, "dual_list": []},
    )
    client.force_login(judy)
    page = client.get("/e/spring-skirmish/manage/rosters/").content.decode()
    assert "Over the mineral limit." in page
    assert "Missing" in page


def test_staff_replace_a_roster_after_the_deadline(client, event, judy):
    event.roster_deadline = timezone.now() - dt.timedelta(days=1)
    event.save()
    bob_player = event.players.get(name="Bob")
    client.force_login(judy)
    url = f"/e/spring-skirmish/manage/rosters/{bob_player.pk}/1/"
    assert client.get(url).status_code == 200
    response = client.post(url, {"r1-content": terran_text("Bob")})
    assert response["Location"] == "/e/spring-skirmish/manage/rosters/"
    assert Roster.objects.get(player=bob_player).legal
    entry = AuditEntry.objects.filter(event=event).first()
    assert entry is not None
    assert entry.action == "roster-changed-by-staff"
    assert client.get(f"/e/spring-skirmish/manage/rosters/{bob_player.pk}/2/").status_code == 404


def test_audit_log_lists_changes(client, event, alice):
    client.force_login(alice)
    client.post("/e/spring-skirmish/manage/players/add/", {"name": "Dora"})
    page = client.get("/e/spring-skirmish/manage/audit/").content.decode()
    assert "player-registered" in page
    assert "Dora" in page
    assert "alice" in page


def test_export_downloads_event_1(client, event, alice):
    client.force_login(alice)
    response = client.get("/e/spring-skirmish/manage/export/")
    assert response["Content-Disposition"] == 'attachment; filename="spring-skirmish.event.json"'
    data = json.loads(response.content)
    assert data["format"] == "event/1"
    assert [p["name"] for p in data["players"]] == ["Player 001", "Player 002", "Bob"]
