"""A team tournament's round on the TO's round page (docs/team-matches.md): its matches on
their blocks of tables with the games made so far and the results in, the TO's own pairs
entered per match, the protocol's progress without any hidden choice, "Call time", the
step's time enforced when the page is read, and the swaps kept inside a match."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from tests.builders.rows import make_event
from tournaments.errors import ServiceError
from tournaments.models import Event, Game, MatchPairing, Round, Squad, TeamMatch
from tournaments.services.reporting import ResultInput, result_set
from tournaments.services.rounds import round_pair, round_publish, round_swap_players, round_swap_tables
from tournaments.services.squads import Member, squad_register
from tournaments.services.team_matches import match_pairs_set, match_state, protocol_choose

pytestmark = pytest.mark.django_db

NAMES = {
    "Red": ["Ann", "Ben", "Cy"],
    "Blue": ["Fay", "Gus", "Hal"],
    "Green": ["Ida", "Jo", "Kim"],
    "Gold": ["Lee", "Max", "Ned"],
}


def paired(to: Any, pairing: str, teams: tuple[str, ...] = ("Red", "Blue", "Green", "Gold")) -> Round:
    event = make_event(to=to, squad_size=3, match_pairing=pairing)
    for name in teams:
        squad_register(event=event, team_name=name, members=[Member(n) for n in NAMES[name]], by=to)
    return round_pair(event=event, by=to, seed=7, confirm=True)


def played(round_: Round) -> list[TeamMatch]:
    return list(round_.team_matches.filter(team_b__isnull=False).order_by("first_table"))


def page_of(client: Client, round_: Round) -> str:
    return client.get(f"/e/{round_.event.slug}/manage/rounds/{round_.number}/").content.decode()


def section(page: str, match: TeamMatch) -> str:
    """The match's card on the page."""
    found = re.search(
        rf'<section class="card match" aria-labelledby="match-{match.pk}">.*?</section>', page, re.S
    )
    assert found is not None
    return found.group(0)


def name(squad: Squad | None) -> str:
    assert squad is not None
    return squad.name


def side_two(game: Game) -> str:
    assert game.player_two is not None
    return game.player_two.external_id


def pairs_data(match: TeamMatch, pairs: Iterable[tuple[str, str]]) -> dict[str, str]:
    """The pairs form's fields for `pairs` (team A's player, team B's)."""
    return {f"m{match.pk}-plays_{a}": b for a, b in pairs}


def members(squad: Squad | None) -> list[str]:
    assert squad is not None
    return list(squad.members.order_by("squad_position").values_list("external_id", flat=True))


def test_the_round_page_lists_the_matches_on_their_tables(client: Client, alice: Any) -> None:
    round_ = paired(alice, MatchPairing.STANDINGS_ORDER, teams=("Red", "Blue", "Green"))
    client.force_login(alice)
    page = page_of(client, round_)
    (match,) = played(round_)
    card = section(page, match)
    assert f'{match.team_a.name} <span class="muted">v</span> {name(match.team_b)}' in card
    assert "Tables 1\N{EN DASH}3" in card
    assert "results 0/3" in card
    # The standings order makes the three games at once, one a table of the block.
    tables = re.findall(r"<td><strong>(\d+)</strong></td>", card)
    assert tables == ["1", "2", "3"]
    bye = round_.team_matches.get(team_b__isnull=True)
    assert f"{bye.team_a.name}: bye" in page
    assert "Each of its 3 players has a bye." in page
    # Players are paired inside their match: no swapping players between games.
    assert "Swap two players" not in page
    assert "Swap two tables" in page
    # The pairing report names the teams.
    assert f"{bye.team_a.name} (t" in page


def test_results_in_are_counted_per_match(client: Client, alice: Any) -> None:
    round_ = paired(alice, MatchPairing.STANDINGS_ORDER, teams=("Red", "Blue"))
    round_publish(round_=round_, by=alice, confirm=True)
    game = Game.objects.filter(round=round_).order_by("table__number").first()
    assert game is not None
    result_set(game=game, result=ResultInput(vp_one=10, vp_two=2), by=alice, reason="entered")
    client.force_login(alice)
    card = section(page_of(client, round_), played(round_)[0])
    assert "results 1/3" in card
    assert "10\N{EN DASH}2" in card


def test_the_to_enters_a_matchs_pairs(client: Client, alice: Any) -> None:
    round_ = paired(alice, MatchPairing.ORGANISER)
    first, second = played(round_)
    client.force_login(alice)
    page = page_of(client, round_)
    assert "No pairs yet: enter them below." in section(page, first)
    assert f"Pairs: {first.team_a.name} v {name(first.team_b)}" in page
    assert f"Pairs: {second.team_a.name} v {name(second.team_b)}" in page
    a, b = members(first.team_a), members(first.team_b)
    url = f"/e/{round_.event.slug}/manage/rounds/1/matches/{first.pk}/pairs/"
    data = {
        f"m{first.pk}-plays_{a[0]}": b[2],
        f"m{first.pk}-plays_{a[1]}": b[0],
        f"m{first.pk}-plays_{a[2]}": b[1],
    }
    answer = client.post(url, data)
    assert answer.status_code == 302
    games = {
        (g.player_one.external_id, g.player_two.external_id if g.player_two else "")
        for g in first.games.all()
    }
    assert games == {(a[0], b[2]), (a[1], b[0]), (a[2], b[1])}
    assert sorted(g.table.number for g in first.games.all() if g.table) == [1, 2, 3]
    card = section(page_of(client, round_), first)
    assert "results 0/3" in card
    assert "No pairs yet" not in card


def test_pairs_naming_a_player_twice_are_refused_with_what_was_chosen(client: Client, alice: Any) -> None:
    round_ = paired(alice, MatchPairing.ORGANISER)
    first = played(round_)[0]
    a, b = members(first.team_a), members(first.team_b)
    client.force_login(alice)
    url = f"/e/{round_.event.slug}/manage/rounds/1/matches/{first.pk}/pairs/"
    data = {
        f"m{first.pk}-plays_{a[0]}": b[0],
        f"m{first.pk}-plays_{a[1]}": b[0],
        f"m{first.pk}-plays_{a[2]}": b[1],
    }
    answer = client.post(url, data)
    assert answer.status_code == 200
    page = answer.content.decode()
    name = first.team_b.members.get(external_id=b[0]).name if first.team_b else ""
    assert f"{name} already plays" in page
    assert f'<option value="{b[1]}" selected>' in page
    assert not first.games.exists()


def test_once_a_game_has_a_result_the_pairs_stand(client: Client, alice: Any) -> None:
    round_ = paired(alice, MatchPairing.ORGANISER, teams=("Red", "Blue"))
    (match,) = played(round_)
    a, b = members(match.team_a), members(match.team_b)
    match_pairs_set(match=match, pairs=list(zip(a, b, strict=True)), by=alice)
    round_publish(round_=round_, by=alice, confirm=True)
    game = match.games.first()
    assert game is not None
    result_set(game=game, result=ResultInput(vp_one=10, vp_two=2), by=alice, reason="entered")
    client.force_login(alice)
    page = page_of(client, round_)
    assert "A game has a result, so these pairs stand." in section(page, match)
    assert "/pairs/" not in page
    answer = client.post(
        f"/e/{round_.event.slug}/manage/rounds/1/matches/{match.pk}/pairs/",
        pairs_data(match, zip(a, reversed(b), strict=True)),
    )
    assert "A game of this match has a result: its pairs stand." in answer.content.decode()


def test_a_match_of_another_round_or_method_is_refused(client: Client, alice: Any) -> None:
    round_ = paired(alice, MatchPairing.PROTOCOL, teams=("Red", "Blue"))
    (match,) = played(round_)
    client.force_login(alice)
    base = f"/e/{round_.event.slug}/manage/rounds"
    assert client.post(f"{base}/2/matches/{match.pk}/pairs/").status_code == 404
    answer = client.post(f"{base}/1/matches/{match.pk}/pairs/", follow=True)
    assert "This match is not paired by the TO." in answer.content.decode()


def test_the_protocols_progress_never_shows_a_hidden_choice(client: Client, alice: Any) -> None:
    round_ = paired(alice, MatchPairing.PROTOCOL, teams=("Red", "Blue"))
    (match,) = played(round_)
    client.force_login(alice)
    card = section(page_of(client, round_), match)
    assert "The protocol starts when the round is published (3 minutes a step)." in card
    assert "Call time" not in card
    round_publish(round_=round_, by=alice, confirm=True)
    a_team = match.team_a
    defender = a_team.members.get(squad_position=2)
    protocol_choose(match=match, squad=a_team, choice=[defender.external_id], by=alice)
    page = page_of(client, round_)
    card = section(page, match)
    other = name(match.team_b)
    assert (
        f"Protocol step: <strong>defenders</strong>, 0 of 3 games paired. {a_team.name} has chosen;" in card
    )
    assert f"waiting for {other}'s captain, time up at" in card
    assert "Call time" in card
    assert defender.name not in page  # the choice stays hidden until both have chosen


def test_the_to_calls_time_and_the_captains_are_given_the_default(client: Client, alice: Any) -> None:
    round_ = paired(alice, MatchPairing.PROTOCOL, teams=("Red", "Blue"))
    (match,) = played(round_)
    round_publish(round_=round_, by=alice, confirm=True)
    client.force_login(alice)
    url = f"/e/{round_.event.slug}/manage/rounds/1/matches/{match.pk}/call-time/"
    asking = client.post(url)
    assert asking.status_code == 200
    assert "given the announced default now" in asking.content.decode()
    assert len(match_state(match).history) == 0
    answer = client.post(url, {"confirmed": "yes"}, follow=True)
    assert "Time called" in answer.content.decode()
    match.refresh_from_db()
    state = match_state(match)
    defenders = state.history[0]
    assert (defenders.a, defenders.b) == (members(match.team_a)[0], members(match.team_b)[0])
    # Teams of three: the attackers are then the two left, offered at once; the picks wait.
    assert "Protocol step: <strong>picks</strong>" in section(answer.content.decode(), match)


def test_a_step_whose_time_is_up_moves_on_when_the_page_is_read(client: Client, alice: Any) -> None:
    round_ = paired(alice, MatchPairing.PROTOCOL, teams=("Red", "Blue"))
    (match,) = played(round_)
    round_publish(round_=round_, by=alice, confirm=True)
    client.force_login(alice)
    url = f"/e/{round_.event.slug}/manage/rounds/1/"
    client.get(url)  # the first answer sets the CSRF cookie the validator includes
    etag = client.get(url)["ETag"]
    assert len(match_state(TeamMatch.objects.get(pk=match.pk)).history) == 0  # time not up yet
    assert client.get(url, headers={"if-none-match": etag}).status_code == 304
    TeamMatch.objects.filter(pk=match.pk).update(step_started_at=timezone.now() - dt.timedelta(minutes=4))
    # The page the TO holds is stale now: the read moves the step on and answers it anew.
    answer = client.get(url, headers={"if-none-match": etag})
    assert answer.status_code == 200
    card = section(answer.content.decode(), match)
    assert match_state(TeamMatch.objects.get(pk=match.pk)).history[0].step == "defender"
    assert "Protocol step: <strong>picks</strong>" in card


def test_swaps_keep_to_a_match(alice: Any) -> None:
    round_ = paired(alice, MatchPairing.STANDINGS_ORDER)
    first, second = played(round_)
    one = first.games.order_by("table__number")[0]
    two = first.games.order_by("table__number")[1]
    other = second.games.order_by("table__number")[0]
    with pytest.raises(ServiceError) as caught:
        round_swap_players(round_=round_, first=one.player_one, second=other.player_one, by=alice)
    assert caught.value.code == "team-match-swap"
    with pytest.raises(ServiceError) as caught:
        round_swap_tables(round_=round_, first=one, second=other, by=alice)
    assert caught.value.code == "team-match-tables"
    tables = (one.table_id, two.table_id)
    round_swap_tables(round_=round_, first=one, second=two, by=alice)
    one.refresh_from_db()
    two.refresh_from_db()
    assert (one.table_id, two.table_id) == tables[::-1]


def test_a_refused_swap_is_shown_on_the_round_page(client: Client, alice: Any) -> None:
    round_ = paired(alice, MatchPairing.STANDINGS_ORDER)
    first, second = played(round_)
    one = first.games.first()
    other = second.games.first()
    assert one is not None
    assert other is not None
    client.force_login(alice)
    answer = client.post(
        f"/e/{round_.event.slug}/manage/rounds/1/swap-players/",
        {"first": one.player_one_id, "second": other.player_one_id},
    )
    assert answer.status_code == 200
    assert "players are paired inside their team&#x27;s match" in answer.content.decode()


def test_the_demo_team_tournament_is_built(client: Client) -> None:
    from tournaments.demo import TEAMS_SLUG, load_team_tournament_demo

    event = load_team_tournament_demo()
    assert event.slug == TEAMS_SLUG
    assert event.squad_size == 5
    assert event.squads.count() == 4
    assert event.players.count() == 20
    round_ = event.rounds.get()
    assert round_.status == "published"
    under_way = [m for m in round_.team_matches.all() if m.protocol and match_state(m).history]
    assert len(under_way) == 1
    client.force_login(event.staff.get(role="to").user)
    assert client.get(f"/e/{TEAMS_SLUG}/manage/rounds/1/").status_code == 200
    assert client.get(f"/e/{TEAMS_SLUG}/").status_code == 200
    assert load_team_tournament_demo().pk != event.pk  # loading again rebuilds it
    assert not Event.objects.filter(pk=event.pk).exists()
