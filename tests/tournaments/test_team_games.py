"""Team games in an event (docs/teams.md): the TO sets a team size and the team's budget
where the game system has team games; a captain registers a team with its players; each
player's army is judged with the teammates' against the team's budget, and every verdict
of the team is judged again when one army changes (the rulebook's Part 9.1.8 for StarCraft)."""

from __future__ import annotations

import html
import json

import pytest

from rules_engine.systems.starcraft_tmg import EXAMPLES_DIR
from tests.builders.rows import add_player, make_event
from tournaments.errors import ServiceError
from tournaments.models import Event, ListFormat
from tournaments.services.events import event_create, event_update
from tournaments.services.rosters import roster_submit, roster_withdraw
from tournaments.services.teams import team_join, teammates_set

pytestmark = pytest.mark.django_db


def army(stem: str, player: str, **changes):
    doc = json.loads((EXAMPLES_DIR / f"{stem}.json").read_text(encoding="utf-8"))
    doc.pop("expected", None)
    return {**doc, "player": player, **changes}


def big_terran(player: str):
    """The Terran Starter (1,000 Minerals) with two more Marauders: 1,150."""
    doc = army("terran-starter", player)
    return {**doc, "units": [*doc["units"], {"name": "Marauder", "models": 2}]}


def doubles(to, **fields) -> Event:
    return make_event(to=to, team_size=2, team_budget=2000, **fields)


def team_codes(roster) -> list[str]:
    roster.refresh_from_db()
    return [v["code"] for v in roster.report.get("dual_list", [])]


# --- settings ---------------------------------------------------------------------------


def test_a_starcraft_event_may_be_a_2v2_or_3v3_team_game(alice):
    event = event_create(
        creator=alice,
        name="Doubles",
        game_system="starcraft-tmg",
        scale="skirmish",
        kind="community",
        team_size=2,
        team_budget=2000,
    )
    assert event.is_team_game
    assert event.list_format == ListFormat.SINGLE  # one army per player
    event_update(event=event, actor=alice, team_size=3, team_budget=3000)
    event.refresh_from_db()
    assert (event.team_size, event.team_budget) == (3, 3000)


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        (
            {
                "game_system": "dropzone-commander",
                "scale": "reconquest",
                "points_limit": 5000,
                "team_size": 2,
                "team_budget": 1000,
            },
            "no-team-games",
        ),
        ({"team_size": 4, "team_budget": 4000}, "team-size"),
        ({"team_size": 2}, "team-budget-required"),
        ({"team_size": 2, "team_budget": 0}, "team-budget-required"),
        ({"team_budget": 2000}, "team-budget-without-team"),
        ({"team_size": 2, "team_budget": 2000, "list_format": "dual"}, "team-game-single-list"),
    ],
)
def test_team_settings_the_game_cannot_take_are_refused(alice, fields, code):
    base = {"game_system": "starcraft-tmg", "scale": "skirmish", "kind": "community"}
    with pytest.raises(ServiceError) as refused:
        event_create(creator=alice, name="Doubles", **{**base, **fields})
    assert refused.value.code == code
    assert not Event.objects.filter(name="Doubles").exists()


def test_the_team_size_is_fixed_once_teams_have_registered(alice, bob):
    event = doubles(alice)
    add_player(event, bob, "Raiders")
    with pytest.raises(ServiceError) as refused:
        event_update(event=event, actor=alice, team_size=3)
    assert refused.value.code == "team-size-fixed"
    event_update(event=event, actor=alice, team_budget=2500)  # the budget may change
    event.refresh_from_db()
    assert event.team_budget == 2500


# --- registering a team -----------------------------------------------------------------


def test_a_captain_registers_a_team_with_its_players(alice, bob):
    event = doubles(alice)
    team = team_join(
        event=event, user=bob, join_code="let-me-in", team_name="Raiders", teammates=["Bob", " Ann "]
    )
    assert team.name == "Raiders"
    assert team.user_id == bob.pk
    assert [(m.position, m.name) for m in team.teammates.all()] == [(1, "Bob"), (2, "Ann")]


@pytest.mark.parametrize(
    ("names", "code"),
    [
        (["Bob"], "team-size-mismatch"),
        (["Bob", "Ann", "Cal"], "team-size-mismatch"),
        (["Bob", ""], "team-size-mismatch"),
        (["Bob", " bob"], "teammate-repeated"),
        (["Bob", "A\nnn"], "control-characters"),
    ],
)
def test_a_team_named_wrongly_is_not_registered_at_all(alice, bob, names, code):
    event = doubles(alice)
    with pytest.raises(ServiceError) as refused:
        team_join(event=event, user=bob, join_code="let-me-in", team_name="Raiders", teammates=names)
    assert refused.value.code == code
    assert not event.players.exists()


def test_teammates_are_for_team_games_only(alice, bob):
    event = make_event(to=alice)
    player = add_player(event, bob, "Bob")
    with pytest.raises(ServiceError) as refused:
        teammates_set(team=player, names=["Bob", "Ann"], by=bob)
    assert refused.value.code == "not-a-team-game"


# --- the team's armies ------------------------------------------------------------------


def test_each_army_is_judged_with_the_teammates_against_the_team_budget(alice, bob):
    event = doubles(alice)
    team = team_join(
        event=event, user=bob, join_code="let-me-in", team_name="Raiders", teammates=["Bob", "Ann"]
    )
    first = roster_submit(player=team, slot=1, content=big_terran("Bob"), by=bob)
    assert first.legal  # 1,150 of the team's 2,000: over Skirmish's 1,000 alone, but not here
    assert first.report["roster"]["limits"] == {"minerals": None, "gas": None}

    second = roster_submit(player=team, slot=2, content=army("zerg-starter", "Ann"), by=bob)
    assert not second.legal
    assert team_codes(second) == ["team-minerals-over-limit"]
    (violation,) = second.report["dual_list"]
    assert violation["message"].startswith("Your team's armies total 2,150 Minerals (Bob 1,150, Ann 1,000)")
    assert "remove 150" in violation["message"]
    assert team_codes(first) == ["team-minerals-over-limit"]  # judged again beside it
    first.refresh_from_db()
    assert not first.legal

    roster_submit(player=team, slot=1, content=army("terran-starter", "Bob"), by=bob)
    second.refresh_from_db()
    assert second.legal
    assert team_codes(second) == []


def test_a_teammate_named_twice_across_armies_is_one_team_violation(alice, bob):
    event = doubles(alice)
    team = team_join(
        event=event, user=bob, join_code="let-me-in", team_name="Raiders", teammates=["Bob", "Ann"]
    )
    roster_submit(player=team, slot=1, content=army("terran-starter", "Bob"), by=bob)
    second = roster_submit(player=team, slot=2, content=army("zerg-starter", "Bob"), by=bob)
    assert team_codes(second) == ["team-player-repeated"]


def test_a_team_has_one_army_slot_per_player(alice, bob):
    event = doubles(alice)
    team = team_join(
        event=event, user=bob, join_code="let-me-in", team_name="Raiders", teammates=["Bob", "Ann"]
    )
    with pytest.raises(ServiceError) as refused:
        roster_submit(player=team, slot=3, content=army("zerg-starter", "Cal"), by=bob)
    assert refused.value.code == "team-slot"


def test_a_lower_team_budget_judges_the_stored_armies_again(alice, bob):
    event = doubles(alice)
    team = team_join(
        event=event, user=bob, join_code="let-me-in", team_name="Raiders", teammates=["Bob", "Ann"]
    )
    first = roster_submit(player=team, slot=1, content=army("terran-starter", "Bob"), by=bob)
    second = roster_submit(player=team, slot=2, content=army("zerg-starter", "Ann"), by=bob)
    assert first.legal
    assert second.legal
    event_update(event=event, actor=alice, team_budget=1900)
    first.refresh_from_db()
    assert not first.legal
    assert team_codes(first) == ["team-minerals-over-limit"]


def test_withdrawing_an_army_judges_the_rest_of_the_team_again(alice, bob):
    event = doubles(alice)
    team = team_join(
        event=event, user=bob, join_code="let-me-in", team_name="Raiders", teammates=["Bob", "Ann"]
    )
    first = roster_submit(player=team, slot=1, content=big_terran("Bob"), by=bob)
    roster_submit(player=team, slot=2, content=army("zerg-starter", "Ann"), by=bob)
    roster_withdraw(player=team, slot=2, by=bob)
    first.refresh_from_db()
    assert first.legal


# --- the TO's pages -----------------------------------------------------------------------


def test_the_to_adds_a_team_with_its_players(client, alice):
    event = doubles(alice)
    client.force_login(alice)
    page = client.get(f"/e/{event.slug}/manage/players/").content.decode()
    assert "Add a team" in page
    assert "Player 2" in page
    answer = client.post(
        f"/e/{event.slug}/manage/players/add/",
        {"name": "Raiders", "teammate_1": "Ann", "teammate_2": "Ben"},
    )
    assert answer.status_code == 302
    team = event.players.get()
    assert [m.name for m in team.teammates.all()] == ["Ann", "Ben"]
    page = client.get(f"/e/{event.slug}/manage/players/").content.decode()
    assert "Ann, Ben" in page
    refused = client.post(
        f"/e/{event.slug}/manage/players/add/",
        {"name": "Swarm", "teammate_1": "Cal", "teammate_2": "cal"},
    )
    assert "named twice" in refused.content.decode()
    assert event.players.count() == 1


# --- pairing: the teams are the Swiss engine's entrants ------------------------------------


def test_team_pairings_are_optimal_by_the_player_pairings_oracle(alice):
    """Seven teams of a 3v3 event after two rounds (a bye each round): the next round the
    services pair, read back from the database, is one of the brute-force oracle's best."""
    from pairings.engine import pair_round
    from tests.builders.rows import play_round
    from tests.pairings.oracle import best_pairings
    from tests.pairings.test_oracle import check_valid
    from tournaments.bridges.pairing import pairing_request

    names = [f"Team {n}" for n in range(1, 8)]
    event = make_event(to=alice, team_size=3, team_budget=3000, players=names)
    for team in event.players.all():
        teammates_set(team=team, names=[f"{team.name} {i}" for i in (1, 2, 3)], by=alice, as_staff=True)
    play_round(event, 1)
    play_round(event, 2)
    request = pairing_request(event, number=3, seed=5)
    assert {e.id for e in request.entrants} == set(event.players.values_list("external_id", flat=True))
    pairing = pair_round(request)
    check_valid(request, tuple(g.players for g in pairing.games))
    best, _ = best_pairings(request)
    assert pairing.report.objective.matching == best
    assert sum(g.is_bye for g in pairing.games) == 1


def test_the_team_page_names_its_players(client, alice, bob):
    event = doubles(alice)
    team = team_join(
        event=event, user=bob, join_code="let-me-in", team_name="Raiders", teammates=["Bob", "Ann"]
    )
    page = client.get(f"/e/{event.slug}/standings/{team.external_id}/").content.decode()
    assert "Team of Bob, Ann" in page
    page = client.get(f"/e/{event.slug}/").content.decode()
    assert "Raiders</strong>: Bob, Ann" in page


def test_staff_edit_a_teammates_army_under_their_name(client, alice, bob):
    event = doubles(alice)
    team = team_join(
        event=event, user=bob, join_code="let-me-in", team_name="Raiders", teammates=["Bob", "Ann"]
    )
    client.force_login(alice)
    page = client.get(f"/e/{event.slug}/manage/rosters/").content.decode()
    assert "Player 2's army" in page
    url = f"/e/{event.slug}/manage/rosters/{team.pk}/2/"
    page = client.get(url).content.decode()
    assert "Ann&#x27;s army, Raiders" in page
    answer = client.post(url, {"r2-content": json.dumps(army("zerg-starter", "Ann"))}, follow=True)
    assert "Ann&#x27;s army, Raiders is saved (legal)." in answer.content.decode()


@pytest.mark.parametrize("ticked", [True, False])
def test_the_captain_consents_to_the_teams_stream_on_the_join_page(client, alice, bob, ticked):
    """The captain holds the team's entry: their tick is the team's consent (docs/venue.md)."""
    event = doubles(alice, join_code="let-me-in")
    client.force_login(bob)
    page = client.get(f"/e/{event.slug}/join/let-me-in/").content.decode()
    # A form's label, escaped by the form renderer (config/form_renderer.py) in its own way.
    assert "Show our team on the event's stream" in html.unescape(page)
    data = {"name": "Raiders", "teammate_1": "Bob", "teammate_2": "Ann"}
    answer = client.post(
        f"/e/{event.slug}/join/let-me-in/", data | ({"stream_consent": "on"} if ticked else {})
    )
    assert answer.status_code == 302
    assert event.players.get().stream_consent is ticked
