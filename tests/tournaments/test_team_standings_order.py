"""The standings order pairs a match 1 v 1, 2 v 2 by the individual ranking so far, and by
the team's own order between members level on everything, as in round 1 (docs/team-matches.md,
"Pairing the players"): never by name."""

from __future__ import annotations

import pytest

from tests.builders.rows import make_event
from tournaments.models import MatchPairing
from tournaments.services.reporting import ResultInput, result_set
from tournaments.services.rounds import round_pair, round_publish
from tournaments.services.squads import Member, squad_register

pytestmark = pytest.mark.django_db


def test_round_one_pairs_by_the_teams_order_and_round_two_by_the_ranking(alice):
    event = make_event(to=alice, squad_size=3, match_pairing=MatchPairing.STANDINGS_ORDER, planned_rounds=3)
    zulu = squad_register(
        event=event, team_name="Zulu", members=[Member(n) for n in ("Zed", "Amy", "Bo")], by=alice
    )
    yank = squad_register(
        event=event, team_name="Yank", members=[Member(n) for n in ("Yve", "Cal", "Di")], by=alice
    )
    first = round_pair(event=event, by=alice, seed=1, confirm=True)
    match = first.team_matches.get()
    games = list(match.games.order_by("table__number").select_related("player_one", "player_two"))
    a_team = [p.name for p in match.team_a.members.order_by("squad_position")]
    assert [g.player_one.name for g in games] == a_team  # the team's order, not by name
    round_publish(round_=first, by=alice, confirm=True)
    # The last of each team's order wins big, the first loses: round 2 puts them first.
    for game, (one, two) in zip(games, [(2, 10), (6, 6), (10, 2)], strict=True):
        result_set(game=game, result=ResultInput(vp_one=one, vp_two=two), by=alice, reason="entered")
    second = round_pair(event=event, by=alice, seed=1, confirm=True)
    again = second.team_matches.get()
    games = list(again.games.order_by("table__number").select_related("player_one", "player_two"))
    firsts = {g.player_one.name for g in games[:1]} | {g.player_two.name for g in games[:1] if g.player_two}
    winner_a = a_team[2]
    assert winner_a in firsts
    assert {zulu.name, yank.name} == {again.team_a.name, again.team_b.name if again.team_b else ""}
