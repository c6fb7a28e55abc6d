"""A team tournament through the API (docs/team-matches.md, docs/api.md "Team tournaments"):
the settings, teams registered by their captains and the TO, a round's matches, each
captain's view of the protocol (never the other's hidden choice), their choices and the
engine's codes, the TO's pairs and "Call time", and both standings."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from team_match import protocol
from tests.builders.rows import make_event
from tests.builders.team_tournaments import member_ids, played_team_event, register, score_match
from tournaments.bridges.team_record import event_individual_standings
from tournaments.models import Event, MatchPairing, Squad, TeamMatch

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]


def url(event: Event, tail: str = "") -> str:
    return f"/api/events/{event.slug}/{tail}"


def body(response: Any) -> Any:
    return json.loads(response.content)


def members(*names: str) -> list[dict[str, str]]:
    return [{"name": n} for n in names]


# --- the settings ------------------------------------------------------------------------


def test_the_to_sets_a_team_tournament_up_and_every_check_of_the_service_applies(api):
    to = api("alice")
    made = to.post(
        "/api/events/",
        {"name": "Team Open", "scale": "skirmish", "kind": "community", "squad_size": 5},
        format="json",
    )
    assert made.status_code == 201, made.content
    event = body(made)
    assert (event["squad_size"], event["match_rule"], event["match_pairing"]) == (5, "games-won", "protocol")
    assert (event["protocol_step_minutes"], event["match_draw_margin"], event["distinct_factions"]) == (
        3,
        0,
        False,
    )
    slug = event["slug"]
    changed = to.patch(
        f"/api/events/{slug}/",
        {
            "match_rule": "game-points",
            "match_draw_margin": 3,
            "match_pairing": "organiser",
            "distinct_factions": True,
        },
        format="json",
    )
    assert changed.status_code == 200, changed.content
    assert body(changed)["match_draw_margin"] == 3
    public = body(api("anonymous").get(f"/api/events/{slug}/"))
    assert (public["squad_size"], public["match_pairing"]) == (5, "organiser")
    for fields, code in [
        ({"match_rule": "games-won", "match_draw_margin": 2}, "draw-margin-without-game-points"),
        ({"cut_size": 4}, "team-tournament-no-cut"),
        ({"squad_size": 9}, "invalid"),  # the schema's range: 3 to 8
        ({"protocol_step_minutes": 0}, "invalid"),
    ]:
        refused = to.patch(f"/api/events/{slug}/", fields, format="json")
        assert refused.status_code == 400, fields
        assert body(refused)["code"] == code
    listed = body(api("anonymous").get("/api/events/"))["results"]
    assert next(e for e in listed if e["slug"] == slug)["squad_size"] == 5


# --- teams -------------------------------------------------------------------------------


def test_a_captain_registers_their_team_with_the_join_code(api, alice):
    event = make_event(to=alice, squad_size=3)
    made = api("bob").post(
        url(event, "teams/"),
        {
            "name": "Red",
            "join_code": "let-me-in",
            "members": [{"name": "Bob"}, {"name": "Cy", "email": "cy@example.org"}, {"name": "Dee"}],
        },
        format="json",
    )
    assert made.status_code == 201, made.content
    team = body(made)
    assert team["name"] == "Red"
    assert [m["name"] for m in team["members"]] == ["Bob", "Cy", "Dee"]
    assert team["captain"] == team["members"][0]
    assert team["status"] == "active"
    squad = Squad.objects.get(event=event)
    assert squad.captain is not None
    assert squad.captain.user is not None
    assert squad.captain.user.get_username() == "bob"
    listed = body(api("anonymous").get(url(event, "teams/")))
    assert listed["count"] == 1
    assert listed["results"][0]["id"] == team["id"]
    for payload, code in [
        ({"name": "red", "join_code": "let-me-in", "members": members("X", "Y", "Z")}, "team-name-taken"),
        ({"name": "Blue", "join_code": "wrong", "members": members("X", "Y", "Z")}, "bad-join-code"),
        ({"name": "Blue", "members": members("X", "Y", "Z")}, "bad-join-code"),  # not the TO: a code
        ({"name": "Blue", "join_code": "let-me-in", "members": members("X", "Y", "x")}, "teammate-repeated"),
        (
            {"name": "Blue", "join_code": "let-me-in", "members": members("X", "Y", "Z", "W")},
            "team-size-mismatch",
        ),
    ]:
        refused = api("carol").post(url(event, "teams/"), payload, format="json")
        assert refused.status_code == 400, payload
        assert body(refused)["code"] == code
    assert Squad.objects.filter(event=event).count() == 1


def test_the_to_enters_a_team_and_drops_it(api, alice):
    event = make_event(to=alice, squad_size=3)
    made = api("alice").post(
        url(event, "teams/"),
        {"name": "Gold", "members": members("Lee", "Max", "Ned"), "username": "bob"},
        format="json",
    )
    assert made.status_code == 201, made.content
    team = body(made)
    squad = Squad.objects.get(event=event, external_id=team["id"])
    assert squad.captain is not None
    assert squad.captain.invited_user is not None  # bob is invited to the captain's seat
    assert api("bob").post(url(event, f"teams/{team['id']}/drop/")).status_code == 404
    dropped = api("alice").post(url(event, f"teams/{team['id']}/drop/"))
    assert dropped.status_code == 200
    assert body(dropped)["status"] == "dropped"
    again = api("alice").post(url(event, f"teams/{team['id']}/drop/"))
    assert body(again)["code"] == "already-dropped"
    assert api("alice").post(url(event, "teams/nope/drop/")).status_code == 404


def test_an_event_of_players_has_no_teams(api, world):
    refused = api("alice").post(
        f"{world.api_url()}teams/", {"name": "Red", "members": members("A", "B", "C")}, format="json"
    )
    assert body(refused)["code"] == "not-a-team-tournament"
    assert body(api("anonymous").get(f"{world.api_url()}teams/"))["results"] == []
    assert body(api("anonymous").get(f"{world.api_url()}team-standings/"))["code"] == "not-a-team-tournament"


# --- a round's matches and the protocol ----------------------------------------------------


def captained(alice: Any, bob: Any, carol: Any, *, size: int = 5) -> tuple[Event, TeamMatch]:
    """A published round 1 of Red (bob captains) v Blue (carol captains), by the protocol."""
    from tournaments.services.rounds import round_pair, round_publish
    from tournaments.services.squads import Member, squad_join

    event = make_event(to=alice, squad_size=size, slug="captains")
    names = {"Red": ["Bob", "Ben", "Cy", "Dee", "Eli"], "Blue": ["Carol", "Gus", "Hal", "Ida", "Jo"]}
    for (team, names_), user in zip(names.items(), (bob, carol), strict=True):
        squad_join(
            event=event,
            user=user,
            join_code="let-me-in",
            team_name=team,
            members=[Member(n) for n in names_[:size]],
        )
    round_ = round_pair(event=event, by=alice, seed=1, confirm=True)
    round_publish(round_=round_, by=alice, confirm=True)
    return event, round_.team_matches.get()


def squad_named(name: str) -> Squad:
    return Squad.objects.get(name=name)


def test_a_rounds_matches_for_everyone_and_the_protocols_progress_for_staff(api, alice, bob, carol):
    event, match = captained(alice, bob, carol)
    public = api("anonymous").get(url(event, "rounds/1/matches/"))
    assert public.status_code == 200
    (row,) = body(public)["matches"]
    assert row["id"] == match.pk
    assert {row["team_a"]["name"], row["team_b"]["name"]} == {"Red", "Blue"}
    assert (row["first_table"], row["tables"], row["pairing"]) == (1, [1, 2, 3, 4, 5], "protocol")
    assert (row["games"], row["pairs_complete"], row["results_in"]) == ([], False, 0)
    assert "protocol" not in row
    staff = body(api("alice").get(url(event, "rounds/1/matches/")))["matches"][0]
    assert staff["protocol"]["step"] == "defender"
    assert sorted(staff["protocol"]["waiting_for"]) == sorted(
        s.external_id for s in Squad.objects.filter(event=event)
    )
    assert staff["protocol"]["deadline"] is not None  # published: the clock runs


def choose(client: Any, match: TeamMatch, *players: str) -> Any:
    return client.post(
        url(match.round.event, f"matches/{match.pk}/protocol/"), {"players": list(players)}, format="json"
    )


def test_each_captain_sees_their_own_view_and_never_the_others_hidden_choice(api, alice, bob, carol):
    event, match = captained(alice, bob, carol)
    red, blue = squad_named("Red"), squad_named("Blue")
    hidden = member_ids(blue)[3]  # Ida
    chosen = choose(api("carol"), match, hidden)
    assert chosen.status_code == 200, chosen.content
    mine = body(chosen)["captain"]
    assert mine["my_choice"] == "Ida"
    assert mine["options"] == []
    assert not mine["they_have_chosen"]
    red_view = api("bob").get(url(event, f"matches/{match.pk}/protocol/"))
    assert red_view.status_code == 200
    # Ida is among Blue's unpaired players, as every Blue player is; nowhere else.
    shown = body(red_view)
    shown["captain"].pop("their_unpaired")
    assert hidden not in json.dumps(shown)
    assert "Ida" not in json.dumps(shown)
    panel = body(red_view)["captain"]
    assert panel["they_have_chosen"]
    assert panel["my_choice"] is None
    assert panel["team"]["name"] == "Red"
    assert [o["label"] for o in panel["options"]] == ["Bob", "Ben", "Cy", "Dee", "Eli"]
    assert panel["default"] == "Bob"
    # Staff read the progress: who is still to choose, never what.
    staff = body(api("alice").get(url(event, f"matches/{match.pk}/protocol/")))
    assert staff["captain"] is None
    assert staff["progress"]["waiting_for"] == [red.external_id]
    assert hidden not in json.dumps(staff)
    # A member who is not a captain, a player of no team, anyone: 404.
    for role in ("mallory", "anonymous"):
        assert api(role).get(url(event, f"matches/{match.pk}/protocol/")).status_code == 404
    # Red chooses: both are revealed together.
    assert choose(api("bob"), match, member_ids(red)[0]).status_code == 200
    revealed = body(api("bob").get(url(event, f"matches/{match.pk}/protocol/")))["captain"]
    assert revealed["revealed"] == ["Defenders: Red Bob; Blue Ida"]
    assert len(revealed["options"]) == 6  # two of Ben, Cy, Dee, Eli


def test_the_engines_codes_come_back_as_they_are(api, alice, bob, carol):
    event, match = captained(alice, bob, carol)
    red, blue = squad_named("Red"), squad_named("Blue")
    r, b = member_ids(red), member_ids(blue)

    def code(role: str, *players: str) -> str:
        response = choose(api(role), match, *players)
        assert response.status_code == 400, response.content
        return str(body(response)["code"])

    assert code("bob", b[0]) == "not-in-pool"  # the other team's player
    assert code("bob", r[0], r[1]) == "wrong-count"  # one defender, not two
    assert choose(api("bob"), match, r[0]).status_code == 200
    assert code("bob", r[1]) == "already-chosen"
    assert choose(api("carol"), match, b[0]).status_code == 200
    assert code("bob", r[0], r[1]) == "not-in-pool"  # the defender does not attack
    assert choose(api("bob"), match, r[1], r[2]).status_code == 200
    assert choose(api("carol"), match, b[1], b[2]).status_code == 200
    assert code("bob", b[3]) == "not-offered"  # a pick is one of the two offered
    # Finish by "Call time": each captain still to choose is given the default.
    while True:
        called = api("alice").post(url(event, f"matches/{match.pk}/call-time/"))
        assert called.status_code == 200, called.content
        if not body(called)["defaulted"]:
            break
    final = body(called)["match"]
    assert final["pairs_complete"]
    assert len(final["games"]) == 5
    assert [g["table"] for g in final["games"]] == [1, 2, 3, 4, 5]
    assert final["protocol"]["complete"]
    assert code("bob", r[0]) == "protocol-over"
    assert api("bob").post(url(event, f"matches/{match.pk}/call-time/")).status_code == 404
    pairs = api("alice").put(
        url(event, f"matches/{match.pk}/pairs/"), {"pairs": [[r[i], b[i]] for i in range(5)]}, format="json"
    )
    assert body(pairs)["code"] == "not-organiser-pairing"


def test_the_engines_codes_the_api_answers_are_in_docs_api_md():
    documented = set(re.findall(r"^\| `([a-z0-9-]+)` \| \d{3} \|", (ROOT / "docs/api.md").read_text(), re.M))
    answered = {
        protocol.ALREADY_CHOSEN,
        protocol.WRONG_COUNT,
        protocol.NOT_IN_POOL,
        protocol.NOT_OFFERED,
        protocol.NOT_A_MATCHING,
        protocol.PROTOCOL_OVER,
        protocol.BAD_STATE,
    }
    assert answered <= documented


def test_the_tos_pairs_and_a_result(api, alice):
    event = make_event(to=alice, squad_size=3, match_pairing=MatchPairing.ORGANISER, slug="organiser")
    register(event, alice, teams=("Red", "Blue"))
    assert (
        api("alice").post(url(event, "rounds/"), {"seed": 1, "confirm": True}, format="json").status_code
        == 201
    )
    match = TeamMatch.objects.get(round__event=event)
    assert match.team_b is not None
    a, b = member_ids(match.team_a), member_ids(match.team_b)
    bad = api("alice").put(
        url(event, f"matches/{match.pk}/pairs/"),
        {"pairs": [[a[0], b[0]], [a[0], b[1]], [a[2], b[2]]]},
        format="json",
    )
    assert body(bad)["code"] == "not-a-matching"
    stranger = api("alice").put(
        url(event, f"matches/{match.pk}/pairs/"),
        {"pairs": [[a[0], b[0]], [a[1], b[1]], [a[2], "nobody"]]},
        format="json",
    )
    assert body(stranger)["code"] == "not-in-pool"
    good = api("alice").put(
        url(event, f"matches/{match.pk}/pairs/"),
        {"pairs": [[a[0], b[2]], [a[1], b[1]], [a[2], b[0]]]},
        format="json",
    )
    assert good.status_code == 200, good.content
    row = body(good)
    assert [(g["player_a"]["external_id"], g["player_b"]["external_id"]) for g in row["games"]] == [
        (a[0], b[2]),
        (a[1], b[1]),
        (a[2], b[0]),
    ]
    assert row["pairs_complete"]
    assert row["protocol"] is None
    assert (
        api("bob").put(url(event, f"matches/{match.pk}/pairs/"), {"pairs": []}, format="json").status_code
        == 404
    )
    call = api("alice").post(url(event, f"matches/{match.pk}/call-time/"))
    assert body(call)["code"] == "not-protocol"
    published = api("alice").post(url(event, "rounds/1/publish/"), {"confirm": True}, format="json")
    assert published.status_code == 200
    score_match(match, alice, scores=[(10, 2)])  # one game of three: the round runs on
    again = api("alice").put(
        url(event, f"matches/{match.pk}/pairs/"), {"pairs": [[a[i], b[i]] for i in range(3)]}, format="json"
    )
    assert body(again)["code"] == "has-results"


def test_the_team_standings_and_the_individual_ranking(api, alice):
    event = played_team_event(alice)
    teams = api("anonymous").get(url(event, "team-standings/"))
    assert teams.status_code == 200
    data = body(teams)
    assert data["tiebreak"] == "games-won"
    assert data["rounds_played"] == 2
    rows = data["standings"]
    assert len(rows) == 5
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)
    assert {
        "team",
        "name",
        "mp",
        "games_won",
        "game_points",
        "tiebreak",
        "sos",
        "otp",
        "matches",
        "status",
    } <= set(rows[0])
    # The individual ranking is the standings/ endpoint, every member from their own games.
    players = body(api("anonymous").get(url(event, "standings/")))["standings"]
    expected = event_individual_standings(event)
    assert [(p["player"], p["mp"], p["tp"]) for p in players] == [
        (r.player, r.mp, r.tp) for r in expected.rows
    ]
    assert len(players) == 15
