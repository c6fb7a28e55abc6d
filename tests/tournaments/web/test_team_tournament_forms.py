"""A team tournament's forms on the web (docs/team-matches.md): its settings on the event
form, a captain registering the team through the event's link, the TO adding and dropping
a team on the players page, and the event page stating the format in words."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from tests.builders.rows import make_event
from tournaments.models import Event, MatchPairing, MatchRule, Player, Squad
from tournaments.services.squads import Member, squad_register
from tournaments.team_selectors import team_format

pytestmark = pytest.mark.django_db

EVENT_FORM = {
    "name": "Team Clash",
    "game_system": "starcraft-tmg",
    "kind": "community",
    "scale": "skirmish",
    "list_format": "single",
    "planned_rounds": "3",
    "roster_publication": "after-deadline",
    "first_round_extra_minutes": "0",
    "registration_open": "on",
}
TEAM = {
    "squad_size": "3",
    "match_rule": MatchRule.GAMES_WON,
    "match_draw_margin": "0",
    "match_pairing": MatchPairing.PROTOCOL,
    "protocol_step_minutes": "3",
}


def team_event(to: Any, *, size: int = 3, **fields: Any) -> Event:
    return make_event(to=to, squad_size=size, **fields)


def register(event: Event, to: Any, name: str, members: list[str]) -> Squad:
    return squad_register(event=event, team_name=name, members=[Member(n) for n in members], by=to)


def member_post(names: list[str], emails: list[str] | None = None, **extra: str) -> dict[str, str]:
    data = {f"member_{n}": name for n, name in enumerate(names, start=1)}
    for n, email in enumerate(emails or [], start=1):
        data[f"member_{n}_email"] = email
    return data | extra


# --- the event form ------------------------------------------------------------------------


def test_a_team_tournament_is_created_from_the_event_form(client: Client, alice: Any) -> None:
    client.force_login(alice)
    page = client.get("/events/new/").content.decode()
    assert "Team tournament" in page
    assert "Players per team" in page
    answer = client.post(
        "/events/new/",
        EVENT_FORM
        | TEAM
        | {
            "squad_size": "5",
            "match_rule": MatchRule.GAME_POINTS,
            "match_draw_margin": "2",
            "match_pairing": MatchPairing.ORGANISER,
            "protocol_step_minutes": "4",
            "distinct_factions": "on",
        },
    )
    assert answer.status_code == 302
    event = Event.objects.get(name="Team Clash")
    assert (event.squad_size, event.match_rule, event.match_draw_margin) == (5, "game-points", 2)
    assert (event.match_pairing, event.protocol_step_minutes, event.distinct_factions) == (
        "organiser",
        4,
        True,
    )


def test_an_event_of_single_players_leaves_the_team_settings_at_their_defaults(
    client: Client, alice: Any
) -> None:
    client.force_login(alice)
    answer = client.post("/events/new/", EVENT_FORM)  # the team fields not sent at all
    assert answer.status_code == 302
    event = Event.objects.get(name="Team Clash")
    assert event.squad_size is None
    assert not event.is_team_tournament
    assert (event.match_rule, event.match_draw_margin, event.protocol_step_minutes) == ("games-won", 0, 3)


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        (
            {"match_draw_margin": "2"},
            "match_draw_margin",
            "A draw margin applies to matches decided by game points.",
        ),
        (
            {"cut_size": "4"},
            "cut_size",
            "A team tournament runs its Swiss rounds only: leave the top cut empty.",
        ),
        ({"team_size": "2", "team_budget": "2000"}, "team_size", "cannot be a team game too"),
    ],
)
def test_the_services_refusal_is_shown_on_its_field(
    client: Client, alice: Any, fields: dict[str, str], field: str, message: str
) -> None:
    client.force_login(alice)
    answer = client.post("/events/new/", EVENT_FORM | TEAM | fields)
    assert answer.status_code == 200
    errors = answer.context["form"].errors
    assert list(errors) == [field]
    assert message in errors[field][0]
    assert message in answer.content.decode()
    assert not Event.objects.exists()


def test_the_forms_own_bounds_refuse_a_size_or_minutes_out_of_range(client: Client, alice: Any) -> None:
    client.force_login(alice)
    answer = client.post(
        "/events/new/", EVENT_FORM | TEAM | {"squad_size": "9", "protocol_step_minutes": "0"}
    )
    errors = answer.context["form"].errors
    assert set(errors) == {"squad_size", "protocol_step_minutes"}
    assert not Event.objects.exists()


def test_the_settings_page_shows_and_saves_the_team_settings(client: Client, alice: Any) -> None:
    event = team_event(alice, size=4, match_pairing=MatchPairing.STANDINGS_ORDER)
    client.force_login(alice)
    form = client.get(f"/e/{event.slug}/manage/settings/").context["form"]
    assert form["squad_size"].value() == 4
    assert form["match_pairing"].value() == MatchPairing.STANDINGS_ORDER
    data = {key: value for key, value in form.initial.items() if value is not None and key != "schedule"}
    data |= {"match_pairing": MatchPairing.PROTOCOL, "protocol_step_minutes": "7", "tables": ""}
    data = {key: ("on" if value is True else value) for key, value in data.items() if value is not False}
    answer = client.post(f"/e/{event.slug}/manage/settings/", data)
    assert answer.status_code == 302, answer.context["form"].errors
    event.refresh_from_db()
    assert (event.match_pairing, event.protocol_step_minutes, event.squad_size) == ("protocol", 7, 4)


def test_the_team_size_cannot_change_once_a_team_has_registered(client: Client, alice: Any) -> None:
    event = team_event(alice)
    register(event, alice, "Red", ["Ann", "Ben", "Cy"])
    client.force_login(alice)
    form = client.get(f"/e/{event.slug}/manage/settings/").context["form"]
    data = {key: value for key, value in form.initial.items() if value is not None and key != "schedule"}
    data = {key: ("on" if value is True else value) for key, value in data.items() if value is not False}
    answer = client.post(f"/e/{event.slug}/manage/settings/", data | {"squad_size": "4", "tables": ""})
    assert answer.status_code == 200
    assert "cannot change once players have registered" in answer.context["form"].errors["squad_size"][0]
    event.refresh_from_db()
    assert event.squad_size == 3


# --- registering through the event's link --------------------------------------------------


def test_the_join_page_asks_for_the_team_and_prefills_the_captain(client: Client, bob: Any) -> None:
    event = team_event(None)
    client.force_login(bob)
    answer = client.get(f"/e/{event.slug}/join/let-me-in/")
    form = answer.context["form"]
    assert form["member_1"].value() == "Bob"
    page = answer.content.decode()
    assert "Team name" in page
    assert "Player 1 (captain)" in page
    assert "Player 3" in page
    assert 'name="member_4"' not in page
    assert "Register the team" in page


def test_a_captain_registers_the_team_with_its_members_in_order(client: Client, bob: Any) -> None:
    event = team_event(None)
    client.force_login(bob)
    answer = client.post(
        f"/e/{event.slug}/join/let-me-in/",
        member_post(["Bob Builder", "Cy", "Dee"], ["", "cy@example.org", ""], team_name="Red"),
    )
    assert answer.status_code == 302
    assert answer["Location"] == f"/e/{event.slug}/me/"
    squad = Squad.objects.get(event=event)
    members = list(squad.members.order_by("squad_position"))
    assert [m.name for m in members] == ["Bob Builder", "Cy", "Dee"]
    assert squad.captain == members[0]
    assert members[0].user == bob
    assert members[0].email == "bob@example.org"  # empty: the account's address
    assert members[1].invited_at is not None


@pytest.mark.parametrize(
    ("data", "error"),
    [
        (
            member_post(["Bob", "Cy", "cy"], team_name="Red"),
            "cy is named twice: each player of a team is a different person",
        ),
        (member_post(["Bob", "Cy", ""], team_name="Red"), "This field is required."),
        (member_post(["Bob", "Cy", "Dee"], ["", "not-an-address"], team_name="Red"), "Enter a valid email"),
        (member_post(["Bob", "Cy", "Dee"], team_name="blue"), "A team named blue is already registered"),
    ],
)
def test_a_refused_team_is_not_saved_and_the_form_keeps_what_was_typed(
    client: Client, alice: Any, bob: Any, data: dict[str, str], error: str
) -> None:
    event = team_event(alice)
    register(event, alice, "Blue", ["Fay", "Gus", "Hal"])
    client.force_login(bob)
    answer = client.post(f"/e/{event.slug}/join/let-me-in/", data)
    assert answer.status_code == 200
    page = answer.content.decode()
    assert error in page
    assert "nothing was saved" in page
    for value in data.values():
        if value:
            assert f'value="{value}"' in page  # what was typed is kept
    assert Squad.objects.filter(event=event).count() == 1
    assert not Player.objects.filter(event=event, user=bob).exists()
    assert Player.objects.filter(event=event).count() == 3


def test_the_team_name_refusal_is_on_the_team_name_field(client: Client, alice: Any, bob: Any) -> None:
    event = team_event(alice)
    register(event, alice, "Blue", ["Fay", "Gus", "Hal"])
    client.force_login(bob)
    answer = client.post(
        f"/e/{event.slug}/join/let-me-in/", member_post(["Bob", "Cy", "Dee"], team_name="BLUE")
    )
    assert list(answer.context["form"].errors) == ["team_name"]


# --- the TO's players page -----------------------------------------------------------------


def test_the_players_page_lists_the_teams_and_offers_a_team_only(client: Client, alice: Any) -> None:
    event = team_event(alice)
    register(event, alice, "Red", ["Ann", "Ben", "Cy"])
    register(event, alice, "Blue", ["Fay", "Gus", "Hal"])
    client.force_login(alice)
    page = client.get(f"/e/{event.slug}/manage/players/").content.decode()
    # Teams by name, each with its members in the team's order, the captain marked.
    # Each name as a text node of its own: a short name ("Cy") also occurs inside tokens.
    found = [
        re.search(rf">\s*{name}\b", page) for name in ("Blue", "Fay", "Gus", "Hal", "Red", "Ann", "Ben", "Cy")
    ]
    order = [m.start() if m is not None else -1 for m in found]
    assert -1 not in order
    assert order == sorted(order)
    assert page.count(">Captain</span>") == 2
    assert "Add a team" in page
    assert "Drop team" in page
    assert "Add player" not in page
    assert "Import CSV" not in page
    # A member does not drop alone (services.players.player_drop): no Drop on a member's row.
    for member in event.players.all():
        assert f"/manage/players/{member.pk}/drop/" not in page
        assert f"/manage/players/{member.pk}/check-in/" in page


def test_the_overview_gives_the_link_to_the_captains(client: Client, alice: Any) -> None:
    event = team_event(alice)
    client.force_login(alice)
    page = client.get(f"/e/{event.slug}/manage/").content.decode()
    assert "Share this link with the team captains: each registers their team and its players." in page


def test_the_to_adds_a_team_with_a_captain_account(client: Client, alice: Any, bob: Any) -> None:
    event = team_event(alice)
    client.force_login(alice)
    answer = client.post(
        f"/e/{event.slug}/manage/players/add/",
        member_post(["Bob", "Cy", "Dee"], ["", "cy@example.org"], team_name="Red", username="bob"),
    )
    assert answer.status_code == 302
    squad = Squad.objects.get(event=event, name="Red")
    captain = squad.captain
    assert captain is not None
    assert captain.name == "Bob"
    assert captain.invited_user == bob
    assert [m.name for m in squad.members.order_by("squad_position")] == ["Bob", "Cy", "Dee"]


def test_a_team_the_to_adds_wrongly_is_refused_with_what_was_typed(client: Client, alice: Any) -> None:
    event = team_event(alice)
    register(event, alice, "Red", ["Ann", "Ben", "Cy"])
    client.force_login(alice)
    answer = client.post(
        f"/e/{event.slug}/manage/players/add/", member_post(["Dee", "Eli", "Fox"], team_name="red")
    )
    assert answer.status_code == 200
    assert list(answer.context["add_form"].errors) == ["team_name"]
    page = answer.content.decode()
    assert "A team named red is already registered" in page
    assert 'value="Eli"' in page
    assert Squad.objects.filter(event=event).count() == 1
    answer = client.post(
        f"/e/{event.slug}/manage/players/add/", member_post(["Dee", "Eli"], team_name="Gold")
    )
    assert answer.context["add_form"].errors["member_3"] == ["This field is required."]


def test_the_to_drops_a_team_after_confirming(client: Client, alice: Any) -> None:
    event = team_event(alice)
    squad = register(event, alice, "Red", ["Ann", "Ben", "Cy"])
    client.force_login(alice)
    url = f"/e/{event.slug}/manage/teams/{squad.pk}/drop/"
    asking = client.post(url)
    assert asking.status_code == 200
    assert "Drop Red?" in asking.content.decode()
    squad.refresh_from_db()
    assert squad.dropped_after_round is None
    answer = client.post(url, {"confirmed": "yes"}, follow=True)
    assert "Red dropped." in answer.content.decode()
    squad.refresh_from_db()
    assert squad.dropped_after_round == 0
    assert set(squad.members.values_list("dropped_after_round", flat=True)) == {0}
    assert "dropped after round 0" in answer.content.decode()
    assert (
        client.post(url, {"confirmed": "yes"}, follow=True).content.decode().count("has already dropped") == 1
    )


def test_a_team_of_another_event_is_not_found(client: Client, alice: Any) -> None:
    event = team_event(alice)
    other = team_event(alice, slug="other-teams")
    squad = register(other, alice, "Red", ["Ann", "Ben", "Cy"])
    client.force_login(alice)
    assert client.post(f"/e/{event.slug}/manage/teams/{squad.pk}/drop/").status_code == 404


def test_a_member_no_show_keeps_them_in_the_team(client: Client, alice: Any) -> None:
    event = team_event(alice)
    squad = register(event, alice, "Red", ["Ann", "Ben", "Cy"])
    member = squad.members.get(squad_position=2)
    client.force_login(alice)
    asking = client.post(f"/e/{event.slug}/manage/players/{member.pk}/no-show/").content.decode()
    assert "stays in their team" in asking
    assert "dropped from the event" not in asking


# --- the event page ------------------------------------------------------------------------


def test_the_event_page_lists_the_teams_and_states_the_format(client: Client, alice: Any) -> None:
    event = team_event(alice, size=3, protocol_step_minutes=4)
    register(event, alice, "Red", ["Ann", "Ben", "Cy"])
    page = client.get(f"/e/{event.slug}/").content.decode()
    assert "<strong>Red</strong>: Ann (captain), Ben, Cy" in page
    assert "1 registered (3 players)" in page
    assert "Teams of 3. A match is won by the team that wins more games (a draw if level)." in page
    assert (
        "captains&#x27; pairing protocol: 4 minutes a step; a captain out of time is given the first "
        "player(s) in their team&#x27;s order." in page
    )
    assert "same faction" not in page


def test_the_format_in_words_follows_each_setting(alice: Any) -> None:
    event = team_event(
        alice,
        size=5,
        match_rule=MatchRule.GAME_POINTS,
        match_draw_margin=3,
        match_pairing=MatchPairing.ORGANISER,
        distinct_factions=True,
    )
    assert team_format(event) == (
        "Teams of 5.",
        "A match is won by the team whose players score more game points in total (a draw if they "
        "differ by 3 or less).",
        "Players are paired in each match by the TO.",
        "No two members of a team play the same faction.",
    )
    event.match_draw_margin = 0
    event.match_pairing = MatchPairing.STANDINGS_ORDER
    lines = team_format(event)
    assert "(a draw only if the totals are level)" in lines[1]
    assert lines[2].startswith("Players are paired in each match by the standings order")
    event.squad_size = None
    assert team_format(event) == ()
