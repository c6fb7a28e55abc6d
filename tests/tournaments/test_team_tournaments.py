"""A team tournament through the services (docs/team-matches.md): teams registered by their
captains, paired by the Swiss engine into matches on blocks of adjacent tables, players
paired inside each match by the captains' protocol, the TO or the standings order, results
reported game by game, the round closing only once every match has all its games, and the
team and individual standings read from the same games."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.utils import timezone

from rosters.models import Roster
from rules_engine.systems.starcraft_tmg import EXAMPLES_DIR
from tests.builders.rows import make_event
from tournaments.bridges.team_record import event_individual_standings, event_team_standings
from tournaments.errors import ServiceError
from tournaments.models import Event, Game, MatchPairing, RoundStatus, Squad, TeamMatch
from tournaments.services.events import event_create, event_update
from tournaments.services.players import player_drop, player_no_show
from tournaments.services.reporting import ResultInput, result_set
from tournaments.services.rosters import roster_submit
from tournaments.services.rounds import round_pair, round_publish
from tournaments.services.squads import Member, squad_drop, squad_join, squad_register
from tournaments.services.team_matches import match_pairs_set, protocol_choose, protocol_timeouts
from tournaments.team_selectors import captain_panel, match_rows

pytestmark = pytest.mark.django_db

NAMES = {
    "Red": ["Ann", "Ben", "Cy"],
    "Blue": ["Fay", "Gus", "Hal"],
    "Green": ["Ida", "Jo", "Kim"],
    "Gold": ["Lee", "Max", "Ned"],
}


def team_event(to, *, size: int = 3, pairing: str = MatchPairing.PROTOCOL, **fields) -> Event:
    return make_event(to=to, squad_size=size, match_pairing=pairing, **fields)


def register(event: Event, to, teams=("Red", "Blue", "Green", "Gold")) -> dict[str, Squad]:
    return {
        name: squad_register(event=event, team_name=name, members=[Member(n) for n in NAMES[name]], by=to)
        for name in teams
    }


def side_b(match: TeamMatch) -> Squad:
    assert match.team_b is not None
    return match.team_b


def ids(squad: Squad) -> list[str]:
    return [p.external_id for p in squad.members.order_by("squad_position")]


def side_two(game: Game) -> str:
    assert game.player_two is not None
    return game.player_two.external_id


def tables(games) -> list[int]:
    return sorted(g.table.number for g in games if g.table is not None)


def vp_all(round_, to, vp=(10, 2)) -> None:
    for game in round_.games.filter(player_two__isnull=False):
        result_set(game=game, result=ResultInput(vp_one=vp[0], vp_two=vp[1]), by=to, reason="entered")


def test_settings_are_checked(alice):
    event = event_create(
        creator=alice,
        name="Teams",
        game_system="starcraft-tmg",
        scale="skirmish",
        kind="community",
        squad_size=5,
    )
    assert event.is_team_tournament
    for fields, code in [
        ({"squad_size": 2}, "squad-size"),
        ({"squad_size": 9}, "squad-size"),
        ({"match_draw_margin": 2}, "draw-margin-without-game-points"),
        ({"protocol_step_minutes": 0}, "protocol-step-minutes"),
        ({"cut_size": 4}, "team-tournament-no-cut"),
    ]:
        with pytest.raises(ServiceError) as caught:
            event_update(event=event, actor=alice, **fields)
        assert caught.value.code == code
    event_update(event=event, actor=alice, match_rule="game-points", match_draw_margin=3)


def test_a_captain_registers_the_team_and_is_its_first_member(alice, bob):
    event = team_event(alice)
    squad = squad_join(
        event=event,
        user=bob,
        join_code="let-me-in",
        team_name="Red",
        members=[Member("Bob"), Member("Cy", "cy@example.org"), Member("Dee")],
    )
    members = list(squad.members.order_by("squad_position"))
    assert [m.name for m in members] == ["Bob", "Cy", "Dee"]
    assert squad.captain == members[0]
    assert members[0].user == bob
    assert members[1].invited_at is not None  # an address: the seat's invitation went out
    assert members[2].invited_at is None
    with pytest.raises(ServiceError) as caught:
        squad_register(event=event, team_name="red", members=[Member(n) for n in "XYZ"], by=alice)
    assert caught.value.code == "team-name-taken"
    with pytest.raises(ServiceError) as caught:
        squad_register(event=event, team_name="Blue", members=[Member("X"), Member("x")], by=alice)
    assert caught.value.code == "team-size-mismatch"
    assert event.squads.count() == 1
    assert event.players.count() == 3


def test_the_protocol_pairs_a_match_and_the_round_closes_with_its_last_game(alice):
    event = team_event(alice, planned_rounds=2)
    teams = register(event, alice, teams=("Red", "Blue", "Green"))
    round_ = round_pair(event=event, by=alice, seed=1, confirm=True)
    matches = list(round_.team_matches.order_by("first_table", "id"))
    played = [m for m in matches if not m.is_bye]
    assert len(played) == 1
    assert played[0].first_table == 1
    bye = next(m for m in matches if m.is_bye)
    assert bye.team_a.members.count() == round_.games.filter(player_two__isnull=True).count() == 3
    match = played[0]
    a, b = match.team_a, side_b(match)
    assert round_.games.filter(player_two__isnull=False).count() == 0  # games come from the protocol
    with pytest.raises(ServiceError) as caught:
        protocol_choose(match=match, squad=a, choice=["x"], by=alice)
    assert caught.value.code == "round-not-published"
    round_publish(round_=round_, by=alice, confirm=True)
    ids_a, ids_b = ids(a), ids(b)
    protocol_choose(match=match, squad=a, choice=[ids_a[0]], by=alice)
    with pytest.raises(ServiceError) as caught:
        protocol_choose(match=match, squad=a, choice=[ids_a[1]], by=alice)
    assert caught.value.code == "already-chosen"
    protocol_choose(match=match, squad=b, choice=[ids_b[0]], by=alice)
    # Three a side: the attackers are forced, so the picks are next.
    match.refresh_from_db()
    assert match.protocol["step"] == "pick"
    protocol_choose(match=match, squad=a, choice=[ids_b[1]], by=alice)
    protocol_choose(match=match, squad=b, choice=[ids_a[2]], by=alice)
    games = list(round_.games.filter(team_match=match).select_related("table", "player_one", "player_two"))
    assert len(games) == 3
    assert tables(games) == [1, 2, 3]
    assert {(g.player_one.external_id, side_two(g)) for g in games} == {
        (ids_a[0], ids_b[1]),
        (ids_a[2], ids_b[0]),
        (ids_a[1], ids_b[2]),
    }
    vp_all(round_, alice)
    round_.refresh_from_db()
    assert round_.status == RoundStatus.CLOSED
    standings = event_team_standings(event)
    points = {row.name: (row.match_points, row.games_won) for row in standings.rows}
    # Team A's players are every game's first player, and won each 10-2; the bye is a win too.
    assert points == {a.name: (3, 3), bye.team_a.name: (3, 3), b.name: (0, 0)}
    assert standings.rows[-1].name == b.name
    assert set(teams) == set(points)
    individual = event_individual_standings(event)
    assert len(individual.rows) == 9


def test_a_round_with_a_match_still_pairing_does_not_close(alice):
    event = team_event(alice)
    register(event, alice, teams=("Red", "Blue"))
    round_ = round_pair(event=event, by=alice, seed=1, confirm=True)
    round_publish(round_=round_, by=alice, confirm=True)
    match = round_.team_matches.get()
    ids_a, ids_b = ids(match.team_a), ids(side_b(match))
    protocol_choose(match=match, squad=match.team_a, choice=[ids_a[0]], by=alice)
    protocol_choose(match=match, squad=side_b(match), choice=[ids_b[0]], by=alice)
    protocol_choose(match=match, squad=match.team_a, choice=[ids_b[1]], by=alice)
    # Only team A has picked: no game yet.
    assert round_.games.count() == 0
    round_.refresh_from_db()
    assert round_.status == RoundStatus.PUBLISHED


def test_a_captain_out_of_time_gets_the_default(alice):
    event = team_event(alice, protocol_step_minutes=2)
    register(event, alice, teams=("Red", "Blue"))
    round_ = round_pair(event=event, by=alice, seed=1, confirm=True)
    round_publish(round_=round_, by=alice, confirm=True)
    match = round_.team_matches.get()
    ids_b = ids(side_b(match))
    protocol_choose(match=match, squad=side_b(match), choice=[ids_b[2]], by=alice)
    assert not protocol_timeouts(match=match)  # time is not up
    TeamMatch.objects.filter(pk=match.pk).update(step_started_at=timezone.now() - dt.timedelta(minutes=3))
    assert protocol_timeouts(match=match)
    match.refresh_from_db()
    first_a = ids(match.team_a)[0]
    assert match.protocol["history"][0]["a"] == first_a  # the first of the team's order
    assert match.protocol["history"][0]["b"] == ids_b[2]


def test_the_organisers_pairs_and_the_standings_order(alice):
    event = team_event(alice, pairing=MatchPairing.ORGANISER)
    register(event, alice, teams=("Red", "Blue"))
    round_ = round_pair(event=event, by=alice, seed=1, confirm=True)
    match = round_.team_matches.get()
    ids_a, ids_b = ids(match.team_a), ids(side_b(match))
    with pytest.raises(ServiceError) as caught:
        match_pairs_set(
            match=match, pairs=[(ids_a[0], ids_b[0]), (ids_a[0], ids_b[1]), (ids_a[2], ids_b[2])], by=alice
        )
    assert caught.value.code == "not-a-matching"
    match_pairs_set(match=match, pairs=list(zip(ids_a, reversed(ids_b), strict=True)), by=alice)
    assert Game.objects.filter(team_match=match).count() == 3

    other = team_event(alice, pairing=MatchPairing.STANDINGS_ORDER, slug="other")
    register(other, alice, teams=("Green", "Gold"))
    round_ = round_pair(event=other, by=alice, seed=1, confirm=True)
    match = round_.team_matches.get()
    assert match.games.count() == 3  # at once, 1 v 1, 2 v 2, 3 v 3
    assert tables(match.games.all()) == [1, 2, 3]


def test_teams_do_not_meet_again_while_avoidable(alice):
    event = team_event(alice, pairing=MatchPairing.STANDINGS_ORDER, planned_rounds=3)
    register(event, alice)
    met: set[frozenset[int | None]] = set()
    for _ in range(3):
        round_ = round_pair(event=event, by=alice, confirm=True)
        round_publish(round_=round_, by=alice, confirm=True)
        pairs = {frozenset((m.team_a_id, m.team_b_id)) for m in round_.team_matches.all()}
        assert not pairs & met
        met |= pairs
        blocks = sorted(m.first_table or 0 for m in round_.team_matches.all())
        assert blocks == [1, 4]
        vp_all(round_, alice)
        round_.refresh_from_db()
        assert round_.status == RoundStatus.CLOSED
    event.refresh_from_db()
    assert event.status == "finished"


def test_a_captain_sees_their_own_choice_and_never_the_others(alice):
    event = team_event(alice, size=5)
    names5 = {"Red": ["Ann", "Ben", "Cy", "Dee", "Eli"], "Blue": ["Fay", "Gus", "Hal", "Ida", "Jo"]}
    squads = {
        n: squad_register(event=event, team_name=n, members=[Member(m) for m in names5[n]], by=alice)
        for n in names5
    }
    round_ = round_pair(event=event, by=alice, seed=1, confirm=True)
    round_publish(round_=round_, by=alice, confirm=True)
    match = round_.team_matches.get()
    red, blue = squads["Red"], squads["Blue"]
    protocol_choose(match=match, squad=blue, choice=[ids(blue)[3]], by=alice)  # Ida, hidden
    match.refresh_from_db()
    red_view = captain_panel(match, red)
    assert red_view.they_have_chosen
    assert "Ida" not in repr(red_view)  # the hidden choice is nowhere in Red's view
    assert [o.label for o in red_view.options] == ["Ann", "Ben", "Cy", "Dee", "Eli"]
    assert red_view.default == "Ann"
    assert red_view.deadline is not None
    blue_view = captain_panel(match, blue)
    assert blue_view.my_choice == "Ida"
    assert not blue_view.options  # chosen: final
    protocol_choose(match=match, squad=red, choice=[ids(red)[0]], by=alice)
    match.refresh_from_db()
    red_view = captain_panel(match, red)
    assert red_view.revealed == ("Defenders: Red Ann; Blue Ida",)
    assert red_view.step == "attackers"
    assert len(red_view.options) == 6  # two of Ben, Cy, Dee, Eli
    rows = match_rows(round_)
    assert rows[0].tables == (1, 2, 3, 4, 5)
    assert not rows[0].pairs_complete


def starter(stem: str, player: str) -> dict[str, object]:
    doc = json.loads((EXAMPLES_DIR / f"{stem}.json").read_text(encoding="utf-8"))
    doc.pop("expected", None)
    return {**doc, "player": player}


def codes(roster: Roster) -> set[str]:
    roster.refresh_from_db()
    return roster.verdict.codes


def test_no_two_members_of_a_team_play_the_same_faction_when_the_to_says_so(alice):
    event = team_event(alice, distinct_factions=True)
    squads = register(event, alice, teams=("Red", "Blue"))
    ann, ben, cy = squads["Red"].members.order_by("squad_position")
    fay = squads["Blue"].members.order_by("squad_position").first()
    assert fay is not None
    first = roster_submit(player=ann, slot=1, content=starter("terran-starter", "Ann"), by=alice)
    other_team = roster_submit(player=fay, slot=1, content=starter("terran-starter", "Fay"), by=alice)
    assert first.legal
    assert other_team.legal  # another team's Terran is no clash
    second = roster_submit(player=ben, slot=1, content=starter("terran-starter", "Ben"), by=alice)
    assert "team-faction-repeated" in codes(second)
    assert "team-faction-repeated" in codes(first)  # said on both, each naming the other
    assert "Ben" in first.verdict.violations[-1].message
    roster_submit(player=ben, slot=1, content=starter("zerg-starter", "Ben"), by=alice)
    assert "team-faction-repeated" not in codes(first)
    third = roster_submit(player=cy, slot=1, content=starter("protoss-starter", "Cy"), by=alice)
    assert third.legal

    relaxed = team_event(alice, slug="relaxed")
    red = register(relaxed, alice, teams=("Red",))["Red"]
    a, b, _ = red.members.order_by("squad_position")
    roster_submit(player=a, slot=1, content=starter("terran-starter", "Ann"), by=alice)
    assert roster_submit(player=b, slot=1, content=starter("terran-starter", "Ben"), by=alice).legal


def test_a_member_does_not_drop_alone_the_team_does(alice):
    event = team_event(alice, pairing=MatchPairing.STANDINGS_ORDER, planned_rounds=3)
    squads = register(event, alice)
    round_ = round_pair(event=event, by=alice, seed=3, confirm=True)
    round_publish(round_=round_, by=alice, confirm=True)
    member = squads["Red"].members.order_by("squad_position").first()
    assert member is not None
    with pytest.raises(ServiceError) as caught:
        player_drop(player=member, by=alice)
    assert caught.value.code == "member-drop"
    game = player_no_show(player=member, by=alice)
    assert game is not None
    assert game.outcome == "no-show"
    member.refresh_from_db()
    assert member.dropped_after_round is None
    vp_all(round_, alice)
    squad_drop(squad=squads["Red"], by=alice)
    assert set(squads["Red"].members.values_list("dropped_after_round", flat=True)) == {1}
    nxt = round_pair(event=event, by=alice, seed=3, confirm=True)
    teams_paired = {m.team_a.name for m in nxt.team_matches.all()} | {
        m.team_b.name for m in nxt.team_matches.all() if m.team_b is not None
    }
    assert teams_paired == {"Blue", "Green", "Gold"}
    assert nxt.team_matches.filter(team_b__isnull=True).count() == 1  # three teams: a bye
