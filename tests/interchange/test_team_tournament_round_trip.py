"""A team tournament's event/1 file (docs/event-files.md, "Team tournaments"): the export
carries `team_event`, `teams` and each round's `matches`; importing it loses nothing (a
finished round, a bye, a protocol match, the TO's pairs, a match still waiting); a protocol
still running keeps its hidden choice in the TO's file and never shows it in the public one."""

from __future__ import annotations

import json
from typing import Any

import pytest

from interchange.event_export import export_event
from interchange.event_import import import_event
from interchange.values import EventImportError
from standings.eventfile import parse_event
from team_match.eventfile import read_team_event
from tests.builders.team_tournaments import member_ids, played_team_event, register, team_event
from tournaments.bridges.team_record import event_individual_standings, event_team_standings
from tournaments.models import Event, Game, MatchPairing, Squad, TeamMatch
from tournaments.services.rounds import round_pair, round_publish
from tournaments.services.team_matches import protocol_choose

pytestmark = pytest.mark.django_db


def as_file(data: dict[str, Any]) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(json.dumps(data))
    return loaded


def without_slug(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in as_file(data).items() if k != "slug"}


def copy_of(data: dict[str, Any], slug: str = "copy") -> Event:
    return import_event(parse_event(as_file(data)), slug=slug)


def test_the_export_says_who_is_in_which_team_and_which_teams_met(alice):
    event = played_team_event(alice)
    data = as_file(export_event(event))
    assert data["team_event"] == {
        "size": 3,
        "rule": "games-won",
        "draw_margin": 0,
        "pairing": "organiser",
        "distinct_factions": False,
        "step_minutes": 3,
    }
    for key in ("squad_size", "match_rule", "match_pairing", "protocol_step_minutes"):
        assert key not in data  # the settings travel as team_event only
    names = {p["id"]: p["name"] for p in data["players"]}
    red = next(t for t in data["teams"] if t["name"] == "Red")
    assert [names[m] for m in red["members"]] == ["Ann", "Ben", "Cy"]
    assert red["captain"] == red["members"][0]
    assert red["dropped_after_round"] is None
    assert all("squad_position" not in p for p in data["players"])
    first, second = data["rounds"]
    assert [len(m["teams"]) for m in first["matches"]] == [2, 2, 1]  # the bye last
    assert [m.get("first_table") for m in first["matches"]] == [1, 4, None]
    protocol_match = first["matches"][0]
    assert protocol_match["pairing"] == "protocol"
    assert protocol_match["protocol"]["step"] == "complete"
    assert len(protocol_match["protocol"]["games"]) == 3
    assert [m["pairing"] for m in second["matches"][:2]] == ["organiser", "organiser"]
    assert "protocol" not in second["matches"][0]
    # The members' games stay ordinary games: six in round 1, three byes, three in round 2.
    assert len(first["games"]) == 9
    assert len([g for g in first["games"] if g.get("outcome") == "bye"]) == 3
    assert len(second["games"]) == 6  # three scored, and the bye's three
    parsed = read_team_event(parse_event(data))
    assert parsed is not None
    assert parsed.rules.size == 3
    assert len(parsed.matches[1]) == 3


def test_export_import_export_loses_nothing(alice):
    event = played_team_event(alice)
    original = export_event(event)
    copy = copy_of(original)
    assert without_slug(export_event(copy)) == without_slug(original)
    # The rows behind it: teams, members in order, captains, matches and their games.
    for squad in Squad.objects.filter(event=event):
        twin = Squad.objects.get(event=copy, external_id=squad.external_id)
        assert twin.name == squad.name
        assert member_ids(twin) == member_ids(squad)
        assert twin.captain is not None
        assert squad.captain is not None
        assert twin.captain.external_id == squad.captain.external_id
    assert TeamMatch.objects.filter(round__event=copy).count() == 6
    for game in Game.objects.filter(round__event=event, player_two__isnull=False).select_related(
        "player_one", "round", "team_match__team_a"
    ):
        twin_game = Game.objects.select_related("team_match__team_a").get(
            round__event=copy,
            round__number=game.round.number,
            player_one__external_id=game.player_one.external_id,
        )
        assert game.team_match is not None
        assert twin_game.team_match is not None
        assert twin_game.team_match.team_a.external_id == game.team_match.team_a.external_id
    assert event_team_standings(copy) == event_team_standings(event)
    assert event_individual_standings(copy) == event_individual_standings(event)
    # The copy runs on: the match still waiting takes the TO's pairs as the original would.
    waiting = TeamMatch.objects.filter(round__event=copy, round__number=2, team_b__isnull=False)
    assert sorted(m.games.count() for m in waiting) == [0, 3]


def mid_protocol(alice: Any) -> tuple[Event, str]:
    """Two teams of three in a published round; Blue's captain has chosen a defender that
    Red's has not seen. Returns the event and the hidden choice's player id."""
    event = team_event(alice, slug="mid-protocol")
    squads = register(event, alice, teams=("Red", "Blue"))
    round_ = round_pair(event=event, by=alice, seed=1, confirm=True)
    round_publish(round_=round_, by=alice, confirm=True)
    match = round_.team_matches.get()
    blue = squads["Blue"]
    hidden = member_ids(blue)[2]
    protocol_choose(match=match, squad=blue, choice=[hidden], by=alice)
    return event, hidden


def test_a_running_protocol_keeps_its_hidden_choice_in_the_tos_file_only(alice):
    event, hidden = mid_protocol(alice)
    full = as_file(export_event(event))
    state = full["rounds"][0]["matches"][0]["protocol"]
    side = "b" if state["team_b"][2] == hidden else "a"
    assert state["pending"][0 if side == "a" else 1] == hidden
    copy = copy_of(full)
    assert without_slug(export_event(copy)) == without_slug(full)
    match = TeamMatch.objects.get(round__event=copy)
    assert match.protocol == state
    public = as_file(export_event(event, public=True))
    shown = public["rounds"][0]["matches"][0]["protocol"]
    assert shown["pending"] == [None, None]
    assert shown["step"] == "defender"
    assert hidden not in json.dumps(shown["pending"])
    published = copy_of(public, slug="published")
    assert TeamMatch.objects.get(round__event=published).protocol["pending"] == [None, None]


def test_the_public_file_of_a_finished_protocol_shows_it_whole(alice):
    event = played_team_event(alice)
    full, public = as_file(export_event(event)), as_file(export_event(event, public=True))
    assert public["rounds"][0]["matches"] == [
        {k: v for k, v in m.items()} for m in full["rounds"][0]["matches"]
    ]
    assert all("registered_at" not in t for t in public["teams"])
    assert all("registered_at" in t for t in full["teams"])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["team_event"].update(size=9), "team_event.size must be a whole number from 3 to 8"),
        (lambda d: d["teams"][0]["members"].pop(), "teams[0].members must list the team's 3 players"),
        (lambda d: d["teams"][1].update(name=d["teams"][0]["name"].upper()), "teams[1].name"),
        (lambda d: d["rounds"][0]["matches"][0].update(teams=["t1", "t1"]), "plays twice in the round"),
        (
            lambda d: d["rounds"][0]["matches"][0]["protocol"]["history"][0].update(a="nobody"),
            "round 1.matches[0].protocol",
        ),
        (lambda d: d.update(team_size=2), "team_size"),
    ],
)
def test_a_bad_team_file_is_refused_naming_the_place_and_nothing_is_stored(alice, change, message):
    event = played_team_event(alice)
    data = as_file(export_event(event))
    change(data)
    with pytest.raises(EventImportError) as caught:
        import_event(parse_event(data), slug="refused")
    assert message in str(caught.value)
    assert not Event.objects.filter(slug="refused").exists()


def test_the_settings_are_checked_as_the_event_settings_are(alice):
    event = played_team_event(alice, match_rule="game-points", match_draw_margin=2)
    data = as_file(export_event(event))
    assert data["team_event"]["rule"] == "game-points"
    assert data["team_event"]["draw_margin"] == 2
    copy = copy_of(data)
    assert (copy.squad_size, copy.match_rule, copy.match_draw_margin) == (3, "game-points", 2)
    assert copy.match_pairing == MatchPairing.ORGANISER
    data["team_event"]["step_minutes"] = 0
    with pytest.raises(EventImportError, match="step_minutes"):
        copy_of(data, slug="again")
