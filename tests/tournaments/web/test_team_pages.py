"""A team tournament's pages (docs/team-matches.md): a member's team page with the captains'
pairing protocol on it, the public pairings match by match, the team standings and the
individual ranking beside them."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client
from django.utils import timezone

from tests.builders.rows import make_event
from tests.builders.team_tournaments import member_ids
from tests.builders.teams import MEMBERS, first_match, squad, team_tournament
from tournaments.models import Event, MatchPairing, Squad, TeamMatch
from tournaments.services.reporting import ResultInput, result_set
from tournaments.services.squads import squad_drop
from tournaments.services.team_matches import match_pairs_set, protocol_choose

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def five_a_side(alice, bob, carol, dan, **fields) -> Event:
    """Red (captain bob, then dan) meets Blue (captain carol) in round 1, teams of five."""
    return team_tournament(alice, size=5, accounts={"Red": [bob, dan], "Blue": [carol]}, **fields)


def protocol_section(page: str) -> str:
    """The protocol part of a team page: where a choice would show if it leaked."""
    match = re.search(r'<section class="protocol".*?</section>', page, re.S)
    assert match is not None, "no protocol section"
    return match.group(0)


def other(match: TeamMatch, team: Squad) -> Squad:
    found = match.team_b if match.team_a_id == team.pk else match.team_a
    assert found is not None
    return found


@pytest.fixture
def dan(django_user_model):
    return django_user_model.objects.create_user("dan", "dan@example.org", "dan-pass-123")


def test_a_captain_sees_the_step_their_options_the_time_and_the_default(alice, bob, carol, dan):
    event = five_a_side(alice, bob, carol, dan)
    response = signed_in(bob).get(f"/e/{event.slug}/my-team/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "<h1>Red" in page
    assert "against <strong>Blue</strong>" in page
    assert "Tables 1\u20135" in page
    assert "Results in: <strong>0 of 5</strong>" in page
    panel = protocol_section(page)
    assert "Put forward a defender" in panel
    for name in MEMBERS["Red"][:5]:
        assert f">{name}</button>" in panel
    assert "The other captain has not chosen yet" in panel
    assert "Time left" in panel
    assert re.search(r'<time data-countdown datetime="[^"]+">[0-3]:\d\d</time>', panel)
    assert "given <strong>Ann</strong>, the first in your team's order" in panel
    assert page.count("To be paired") == 5
    assert "captain</span>" in page


def test_the_other_captains_hidden_choice_is_never_on_the_page(alice, bob, carol, dan):
    event = five_a_side(alice, bob, carol, dan)
    match = first_match(event)
    red, blue = squad(event, "Red"), squad(event, "Blue")
    bob_client = signed_in(bob)
    before = bob_client.get(f"/e/{event.slug}/my-team/").content.decode()
    ida = member_ids(blue)[3]
    protocol_choose(match=match, squad=blue, choice=[ida], by=carol)
    after = bob_client.get(f"/e/{event.slug}/my-team/").content.decode()
    panel = protocol_section(after)
    assert "The other captain has chosen: your turn." in panel
    assert "Ida" not in panel
    # Not even as a value (the page's CSRF tokens, random letters and digits, taken out first:
    # one may hold "p9" by chance).
    assert ida not in re.sub(r"[A-Za-z0-9]{32,}", "", after)
    # Ida's name is on the page only where it was before the choice: in Blue's list.
    assert after.count("Ida") == before.count("Ida") == 1
    # Her own team sees the choice: the captain and the members.
    carols = protocol_section(signed_in(carol).get(f"/e/{event.slug}/my-team/").content.decode())
    assert "Your choice: <strong>Ida</strong>" in carols
    assert "Waiting for the other captain" in carols
    assert f'value="{member_ids(red)[0]}"' not in carols


def test_both_captains_choose_on_their_phones_and_see_the_reveal(alice, bob, carol, dan):
    event = five_a_side(alice, bob, carol, dan)
    match = first_match(event)
    red, blue = squad(event, "Red"), squad(event, "Blue")
    bob_client, carol_client = signed_in(bob), signed_in(carol)
    url = f"/e/{event.slug}/my-team/choose/"
    answer = bob_client.post(url, {"match": match.pk, "player": member_ids(red)[0]}, follow=True)
    page = answer.content.decode()
    assert "You chose Ann: shown to the other captain once they have chosen too." in page
    assert "Your choice: <strong>Ann</strong>" in protocol_section(page)
    # A choice is final.
    again = bob_client.post(url, {"match": match.pk, "player": member_ids(red)[1]}, follow=True)
    assert "already chosen" in again.content.decode()
    carol_client.post(url, {"match": match.pk, "player": member_ids(blue)[0]})
    for client in (bob_client, carol_client):
        revealed = protocol_section(client.get(f"/e/{event.slug}/my-team/").content.decode())
        assert "Revealed so far" in revealed
        assert "Offer two attackers against their defender" in revealed
    bob_panel = protocol_section(bob_client.get(f"/e/{event.slug}/my-team/").content.decode())
    assert "Defenders: Red Ann; Blue Fay" in bob_panel
    assert "Their defender is Fay." in bob_panel
    # Attackers: ticked two at a time, from the players other than the defender.
    assert "Tick two attackers" in bob_panel
    assert 'type="checkbox" name="player" value="' + member_ids(red)[0] not in bob_panel
    ben, cy = member_ids(red)[1:3]
    bob_client.post(url, {"match": match.pk, "player": [ben, cy]})
    gus, hal = member_ids(blue)[1:3]
    carol_client.post(url, {"match": match.pk, "player": [gus, hal]})
    bob_panel = protocol_section(bob_client.get(f"/e/{event.slug}/my-team/").content.decode())
    assert "Pick the attacker your defender plays" in bob_panel
    assert "They offered Gus or Hal against your defender Ann." in bob_panel
    assert ">Gus</button>" in bob_panel
    assert ">Hal</button>" in bob_panel


def test_a_captain_who_ticks_one_attacker_is_told_what_is_wrong(alice, bob, carol, dan):
    event = five_a_side(alice, bob, carol, dan)
    match = first_match(event)
    red, blue = squad(event, "Red"), squad(event, "Blue")
    protocol_choose(match=match, squad=red, choice=[member_ids(red)[0]], by=bob)
    protocol_choose(match=match, squad=blue, choice=[member_ids(blue)[0]], by=carol)
    page = (
        signed_in(bob)
        .post(
            f"/e/{event.slug}/my-team/choose/", {"match": match.pk, "player": member_ids(red)[1]}, follow=True
        )
        .content.decode()
    )
    assert 'class="error"' in page
    assert "Tick two attackers" in page
    nothing = signed_in(bob).post(f"/e/{event.slug}/my-team/choose/", {"match": match.pk}, follow=True)
    assert "Choose a player first." in nothing.content.decode()


def test_a_step_out_of_time_is_given_its_default_when_the_page_is_read(alice, bob, carol, dan):
    event = five_a_side(alice, bob, carol, dan)
    match = first_match(event)
    blue = squad(event, "Blue")
    protocol_choose(match=match, squad=blue, choice=[member_ids(blue)[3]], by=carol)
    TeamMatch.objects.filter(pk=match.pk).update(step_started_at=timezone.now() - dt.timedelta(minutes=4))
    page = signed_in(bob).get(f"/e/{event.slug}/my-team/").content.decode()
    assert "Defenders: Red Ann; Blue Ida" in protocol_section(page)
    match.refresh_from_db()
    assert match.protocol["step"] == "attackers"
    # A late choice posted after the time ran out is refused as the default already made.
    TeamMatch.objects.filter(pk=match.pk).update(step_started_at=timezone.now() - dt.timedelta(minutes=4))
    late = signed_in(bob).post(
        f"/e/{event.slug}/my-team/choose/",
        {"match": match.pk, "player": member_ids(squad(event, "Red"))[1:3]},
        follow=True,
    )
    assert "Time ran out on this step: you were given the announced default." in late.content.decode()


def test_members_see_the_match_without_the_controls(alice, bob, carol, dan):
    event = five_a_side(alice, bob, carol, dan)
    match = first_match(event)
    red = squad(event, "Red")
    protocol_choose(match=match, squad=red, choice=[member_ids(red)[2]], by=bob)
    client = signed_in(dan)
    page = client.get(f"/e/{event.slug}/my-team/").content.decode()
    panel = protocol_section(page)
    assert "Your captain, Ann, chose <strong>Cy</strong>" in panel
    assert "the other captain has not chosen yet" in panel
    assert "<form" not in panel
    assert "my-team/choose/" not in page
    assert "Print the match sheet" not in page
    assert (
        client.post(f"/e/{event.slug}/my-team/choose/", {"match": match.pk, "player": "x"}).status_code == 404
    )


def test_only_a_team_member_has_a_team_page(alice, bob, carol, dan, mallory):
    event = five_a_side(alice, bob, carol, dan)
    assert signed_in(mallory).get(f"/e/{event.slug}/my-team/").status_code == 404
    assert signed_in(alice).get(f"/e/{event.slug}/my-team/").status_code == 404  # the TO: their pages
    assert Client().get(f"/e/{event.slug}/my-team/").status_code == 302  # to log in
    plain = make_event(to=alice, slug="plain")
    assert signed_in(alice).get(f"/e/{plain.slug}/team-standings/").status_code == 404


def test_the_team_page_polls_and_answers_304_until_something_changes(alice, bob, carol, dan):
    event = five_a_side(alice, bob, carol, dan)
    match = first_match(event)
    client = signed_in(bob)
    url = f"/e/{event.slug}/my-team/"
    client.get(url)  # the first visit sets the CSRF cookie, which the validator carries
    first = client.get(url, HTTP_HX_REQUEST="true")
    body = first.content.decode()
    assert '<div id="my-team-live"' in body
    assert "<html" not in body
    assert 'hx-trigger="every 3s"' in body
    assert client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    protocol_choose(
        match=match, squad=squad(event, "Blue"), choice=[member_ids(squad(event, "Blue"))[0]], by=carol
    )
    changed = client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200
    assert "The other captain has chosen" in changed.content.decode()


def test_the_players_pages_lead_to_the_team_page(alice, bob, carol, dan):
    event = five_a_side(alice, bob, carol, dan)
    me = signed_in(bob).get(f"/e/{event.slug}/me/").content.decode()
    assert "You play for <strong>Red</strong>, as its captain" in me
    assert f'href="/e/{event.slug}/my-team/"' in me
    nav = signed_in(dan).get(f"/e/{event.slug}/pairings/").content.decode()
    assert ">My team</a>" in nav
    assert ">Team standings</a>" in nav
    assert ">Best players</a>" in nav
    assert ">My team</a>" not in Client().get(f"/e/{event.slug}/pairings/").content.decode()


def test_public_pairings_show_each_match_its_tables_and_the_games_made_so_far(alice, bob, carol, dan):
    event = team_tournament(alice, teams=("Red", "Blue", "Green"), accounts={"Red": [bob]})
    match = first_match(event)
    bye = event.rounds.get(number=1).team_matches.get(team_b__isnull=True)
    a, b = match.team_a, other(match, match.team_a)
    page = Client().get(f"/e/{event.slug}/pairings/").content.decode()
    assert "By match" in page
    assert f'Tables 1\u20133: {a.name} <span class="muted">v</span> {b.name}' in page
    assert "0 of 3 games paired by the captains" in page
    assert page.count("To be paired") == 3
    assert f"<strong>{bye.team_a.name}</strong> has the bye" in page
    # A hidden choice is nowhere public; a revealed step's games are.
    protocol_choose(match=match, squad=a, choice=[member_ids(a)[1]], by=alice)
    hidden = MEMBERS[a.name][1]
    assert (
        hidden not in Client().get(f"/e/{event.slug}/pairings/").content.decode().split("Find your table")[0]
    )
    protocol_choose(match=match, squad=b, choice=[member_ids(b)[0]], by=alice)
    protocol_choose(match=match, squad=a, choice=[member_ids(b)[1]], by=alice)
    protocol_choose(match=match, squad=b, choice=[member_ids(a)[2]], by=alice)
    page = Client().get(f"/e/{event.slug}/pairings/").content.decode()
    assert "To be paired" not in page
    assert "0 of 3 results in" in page
    for game in match.games.all():
        assert game.player_two is not None
        assert f'data-players="{game.player_one.external_id} {game.player_two.external_id}"' in page


def test_a_decided_match_shows_its_result_and_the_team_standings_rank_it(alice, bob):
    event = team_tournament(
        alice, teams=("Red", "Blue", "Green"), pairing=MatchPairing.STANDINGS_ORDER, accounts={"Red": [bob]}
    )
    match = first_match(event)
    assert match.team_b is not None
    for game in match.games.all():
        result_set(game=game, result=ResultInput(vp_one=10, vp_two=2), by=alice, reason="slip")
    page = Client().get(f"/e/{event.slug}/pairings/").content.decode()
    assert f"<strong>{match.team_a.name} won, 3\u20130 games</strong>" in page
    squad_drop(squad=match.team_b, by=alice)
    response = Client().get(f"/e/{event.slug}/team-standings/")
    standings = response.content.decode()
    assert response.status_code == 200
    assert "Team standings" in standings
    assert 'title="Games won">GW</th>' in standings
    assert "Show on the projector" in standings
    rows = re.findall(
        r"<tr(?: class=\"not-placed\")?>\s*<td>(.*?)</td>\s*<td><strong>(.*?)</strong>", standings
    )
    bye_team = event.rounds.get(number=1).team_matches.get(team_b__isnull=True).team_a.name
    assert [name for _, name in rows] == [*sorted([match.team_a.name, bye_team]), match.team_b.name]
    assert [label for label, _ in rows] == ["=1", "=1", "3"]
    assert '<span class="tag">dropped</span>' in standings
    assert ", ".join(MEMBERS["Red"][:3]) in standings
    # The individual ranking is the player standings, named for what it is here.
    best = Client().get(f"/e/{event.slug}/standings/").content.decode()
    assert "Best players" in best
    assert "each player ranked on their own games" in best
    assert f'href="/e/{event.slug}/team-standings/"' in best


def test_team_standings_by_game_points_name_their_tie_break(alice):
    event = team_tournament(
        alice, pairing=MatchPairing.ORGANISER, match_rule="game-points", match_draw_margin=2
    )
    match = first_match(event)
    assert match.team_b is not None
    match_pairs_set(
        match=match,
        pairs=list(zip(member_ids(match.team_a), member_ids(match.team_b), strict=True)),
        by=alice,
    )
    page = Client().get(f"/e/{event.slug}/team-standings/").content.decode()
    assert 'title="Game points">GP</th>' in page
    assert "then game points, then SoS and oTP" in page


def test_a_team_with_the_bye_and_a_match_the_to_pairs(alice, bob, carol):
    event = team_tournament(alice, teams=("Red", "Blue", "Green"), pairing=MatchPairing.ORGANISER)
    round_ = event.rounds.get(number=1)
    bye = round_.team_matches.get(team_b__isnull=True).team_a
    match = first_match(event)
    bye.members.filter(squad_position=2).update(user=bob)
    match.team_a.members.filter(squad_position=1).update(user=carol)
    bye_page = signed_in(bob).get(f"/e/{event.slug}/my-team/").content.decode()
    assert "<strong>Your team has the bye</strong> this round" in bye_page
    assert "Pairing protocol" not in bye_page
    waiting = signed_in(carol).get(f"/e/{event.slug}/my-team/").content.decode()
    assert "The TO enters this match's pairs." in waiting
    assert 'hx-trigger="every 15s"' in waiting
    assert "Pairing protocol" not in waiting
