"""Creating an event and registering through the self-service link."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.builders.rows import add_player, make_event
from tournaments.models import Event, Player, StaffRole

pytestmark = pytest.mark.django_db

FORM = {
    "name": "Autumn Clash",
    "starts_on": "2030-10-12",
    "ends_on": "2030-10-12",
    "venue": "Town Hall",
    "game_system": "starcraft-tmg",
    "rules_cutoff": "2030-09-28",
    "kind": "community",
    "scale": "skirmish",
    "list_format": "single",
    "expected_players": "12",
    "planned_rounds": "3",
    "roster_deadline": "",
    "roster_publication": "after-deadline",
    "late_roster_penalty": "",
    "tables": "1: Map 3\n2: Dirt Side\n3",
    "round_minutes": "150",
    "first_round_extra_minutes": "15",
    "registration_open": "on",
}


def test_creating_an_event_needs_an_account(client):
    response = client.get("/events/new/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_the_form_offers_the_guide_defaults(client, alice):
    client.force_login(alice)
    form = client.get("/events/new/").context["form"]
    assert form["round_minutes"].value() is None  # the game system's length
    assert form["kind"].value() == "community"
    assert "one week before" in form.fields["roster_deadline"].help_text


def test_creating_an_event_makes_the_creator_its_to(client, alice):
    client.force_login(alice)
    response = client.post("/events/new/", FORM)
    event = Event.objects.get(name="Autumn Clash")
    assert response.status_code == 302
    assert response["Location"] == f"/e/{event.slug}/manage/"
    assert StaffRole.objects.filter(event=event, user=alice, role="to").exists()
    assert [(t.number, t.layout) for t in event.tables.order_by("number")] == [
        (1, "Map 3"),
        (2, "Dirt Side"),
        (3, ""),
    ]
    # OP Guide: rosters one week before the event — midnight, 5 October 2030.
    assert event.roster_deadline is not None
    assert event.roster_deadline.date() == dt.date(2030, 10, 5)
    assert (event.first_round_extra_minutes, event.list_format, event.scale) == (15, "single", "skirmish")


def test_a_service_refusal_is_shown_on_the_form(client, alice):
    client.force_login(alice)
    response = client.post("/events/new/", FORM | {"kind": "competitive"})
    assert response.status_code == 200
    message = "Competitive StarCraft: Tabletop Miniature Game events are played at Standard engagement."
    assert response.context["form"].errors["scale"] == [message]
    assert message in response.content.decode()
    assert not Event.objects.exists()


def test_a_bad_table_line_is_a_form_error(client, alice):
    client.force_login(alice)
    response = client.post("/events/new/", FORM | {"tables": "1: Map 3\nbig table"})
    assert 'Line 2: write a table as "1: Map 3"' in response.context["form"].errors["tables"][0]
    assert not Event.objects.exists()


def test_rounds_hint_quotes_the_guide(client):
    # OP Guide: community, 17-32 players: 4 rounds on Skirmish, 3 on Standard.
    page = client.get(
        "/events/new/rounds-hint/", {"kind": "community", "scale": "skirmish", "expected_players": 20}
    )
    assert "suggests <strong>4 rounds</strong> for 20 players" in page.content.decode()
    page = client.get(
        "/events/new/rounds-hint/", {"kind": "community", "scale": "standard", "expected_players": 20}
    )
    assert "<strong>3 rounds</strong>" in page.content.decode()
    page = client.get(
        "/events/new/rounds-hint/", {"kind": "competitive", "scale": "standard", "expected_players": 40}
    )
    assert "<strong>5 rounds</strong>" in page.content.decode()
    assert "Enter the expected number" in client.get("/events/new/rounds-hint/").content.decode()


def test_join_prefills_the_name_and_registers(client, bob):
    event = make_event()
    client.force_login(bob)
    response = client.get("/e/spring-skirmish/join/let-me-in/")
    assert response.context["form"]["name"].value() == "Bob"
    response = client.post("/e/spring-skirmish/join/let-me-in/", {"name": "Bob Builder"})
    assert response["Location"] == "/e/spring-skirmish/me/"
    player = Player.objects.get(event=event)
    assert (player.name, player.user, player.email) == ("Bob Builder", bob, "bob@example.org")
    # A second visit goes straight to the player's page.
    assert client.get("/e/spring-skirmish/join/let-me-in/")["Location"] == "/e/spring-skirmish/me/"


def test_join_with_a_wrong_code_is_404(client, bob):
    make_event()
    client.force_login(bob)
    assert client.get("/e/spring-skirmish/join/guess/").status_code == 404
    assert client.post("/e/spring-skirmish/join/guess/", {"name": "Bob"}).status_code == 404


def test_join_with_a_non_ascii_code_is_404_not_a_crash(client, bob):
    make_event()
    client.force_login(bob)
    assert client.get("/e/spring-skirmish/join/%C3%A9t%C3%A9/").status_code == 404


def test_join_needs_an_account(client):
    """A visitor reads which event the link is for and is asked to log in or sign up."""
    make_event()
    page = client.get("/e/spring-skirmish/join/let-me-in/")
    assert page.status_code == 200
    assert "Log in to register" in page.content.decode()
    assert client.post("/e/spring-skirmish/join/let-me-in/")["Location"].startswith("/accounts/login/")


def test_join_when_registration_is_closed_shows_why(client, bob):
    make_event(registration_open=False)
    client.force_login(bob)
    response = client.post("/e/spring-skirmish/join/let-me-in/", {"name": "Bob"})
    assert response.status_code == 200
    assert "Registration for this event is closed" in response.content.decode()


def test_already_registered_player_is_sent_to_their_page(client, bob):
    event = make_event()
    add_player(event, bob, "Bob")
    client.force_login(bob)
    assert (
        client.post("/e/spring-skirmish/join/let-me-in/", {"name": "Bob"})["Location"]
        == "/e/spring-skirmish/me/"
    )
