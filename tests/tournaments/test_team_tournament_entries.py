"""Who enters a team tournament, and how a protocol step's time is kept (docs/team-matches.md):
a player enters only with their team, by every way in (the TO's add, the event's link, a CSV
list); a step whose time is up is given its announced default when the round is read."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.utils import timezone

from tests.builders.rows import make_event
from tournaments.errors import ServiceError
from tournaments.models import Event, MatchPairing, TeamMatch
from tournaments.services.players import player_join, player_register, players_import_csv
from tournaments.services.rounds import round_pair, round_publish
from tournaments.services.squads import Member, squad_join, squad_register
from tournaments.services.team_matches import match_state, protocol_timeouts_due

pytestmark = pytest.mark.django_db


def team_event(to: Any, **fields: Any) -> Event:
    return make_event(to=to, squad_size=3, **fields)


def test_a_player_enters_a_team_tournament_only_with_a_team(alice: Any, bob: Any) -> None:
    event = team_event(alice)
    calls = [
        lambda: player_register(event=event, name="Zed", by=alice),
        lambda: player_join(event=event, user=bob, join_code="let-me-in", name="Bob"),
        lambda: players_import_csv(event=event, text="Zed,zed@example.org\n", by=alice),
    ]
    for call in calls:
        with pytest.raises(ServiceError) as caught:
            call()
        assert caught.value.code == "member-needs-team"
        assert "Register the team (its name and its 3 players) instead." in caught.value.message
    assert not event.players.exists()
    squad_join(
        event=event, user=bob, join_code="let-me-in", team_name="Red", members=[Member(n) for n in "BCD"]
    )
    assert event.players.count() == 3


def test_a_member_named_over_two_lines_is_refused_on_the_members(alice: Any) -> None:
    event = team_event(alice)
    with pytest.raises(ServiceError) as caught:
        squad_register(
            event=event, team_name="Red", members=[Member("Ann"), Member("B\nen"), Member("Cy")], by=alice
        )
    assert (caught.value.code, caught.value.field) == ("control-characters", "members")
    assert not event.players.exists()


def test_an_event_of_single_players_still_takes_players_one_by_one(alice: Any) -> None:
    event = make_event(to=alice)
    assert player_register(event=event, name="Zed", by=alice).squad is None


def test_a_step_whose_time_is_up_is_given_the_default_and_no_other(alice: Any) -> None:
    event = team_event(alice, match_pairing=MatchPairing.PROTOCOL, protocol_step_minutes=5)
    for name, members in (("Red", "ABC"), ("Blue", "DEF"), ("Green", "GHI"), ("Gold", "JKL")):
        squad_register(event=event, team_name=name, members=[Member(n) for n in members], by=alice)
    round_ = round_pair(event=event, by=alice, seed=3, confirm=True)
    assert protocol_timeouts_due(round_=round_) == 0  # not published: no clock yet
    round_ = round_publish(round_=round_, by=alice, confirm=True)
    first, second = round_.team_matches.order_by("first_table")
    assert protocol_timeouts_due(round_=round_) == 0
    late = timezone.now() - dt.timedelta(minutes=6)
    TeamMatch.objects.filter(pk=first.pk).update(step_started_at=late)
    TeamMatch.objects.filter(pk=second.pk).update(step_started_at=timezone.now() - dt.timedelta(minutes=4))
    assert protocol_timeouts_due(round_=round_) == 1
    first.refresh_from_db()
    second.refresh_from_db()
    assert match_state(first).history
    assert not match_state(second).history
