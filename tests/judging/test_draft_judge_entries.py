"""Judges entering draft choices for the players (OP Guide, The Pre-Game Sequence).

Step 1 under Dual List: if the players can't agree how to reveal, "each tells a judge
privately and the judge announces both". Step 3: a Roll-Off may be rolled with real dice at
the table, and a judge enters the winner. Bob (seat A) plays Carol (seat B) at table 1;
judy is a Floor Judge, hank the Head Judge, mallory an outsider.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from judging.models import GameDraft
from judging.services import draft_enter_roll_off, draft_enter_roster
from judging.services.draft import draft_state
from tests.builders.worlds import World
from tournaments.errors import ServiceError
from tournaments.models import StaffRole, StaffRoleKind

pytestmark = pytest.mark.django_db

BOB_R1 = "Roster 1: Raynor's Raiders"
BOB_R2 = "Roster 2: Raynor's Raiders"
CAROL_R1 = "Roster 1: Raynor's Raiders"
CAROL_R2 = "Roster 2: Raynor's Raiders"
PUBLIC_LINE = "Bob has chosen a roster; it is revealed when both have chosen."


class Screen:
    """One person's draft page (a player's phone or a judge's tablet), through the web views."""

    def __init__(self, world: World, who: str) -> None:
        self.client = world.client(who)
        self.base = world.url(f"games/{world.game(world.bob).pk}/draft/")

    def fragment(self):
        return self.client.get(self.base + "state/", HTTP_HX_REQUEST="true")

    def view(self) -> dict[str, Any]:
        view: dict[str, Any] = self.fragment().context["draft"]
        return view

    def tap(self, label: str):
        actions = {a["label"]: a["json"] for a in self.view()["actions"]}
        assert label in actions, f"{label!r} not among {sorted(actions)}"
        response = self.client.post(self.base + "act/", {"action": actions[label]}, HTTP_HX_REQUEST="true")
        assert response.context["error"] == "", response.context["error"]

    def enter_roster(self, seat: str, roster: str, htmx: bool = True):
        headers = {"HX-Request": "true"} if htmx else {}
        data = {"seat": seat, "roster": roster}
        return self.client.post(self.base + "enter-roster/", data, headers=headers)

    def enter_roll_off(self, winner: str, htmx: bool = True):
        headers = {"HX-Request": "true"} if htmx else {}
        return self.client.post(self.base + "enter-roll-off/", {"winner": winner}, headers=headers)


def stored(world: World) -> GameDraft:
    return GameDraft.objects.get(game=world.game(world.bob))


def rosters_seen(view: dict[str, Any]) -> list[str | None]:
    return [p["roster"] for p in view["players"]]


# --- the web pages -------------------------------------------------------------------------


def test_a_judge_enters_a_roster_told_privately_and_it_stays_blind(world, round_one):
    judge, bob, carol = Screen(world, "judy"), Screen(world, "bob"), Screen(world, "carol")
    panel = judge.fragment()
    assert panel.context["judge"]["entries"] == {
        "rosters": [
            {"seat": "A", "name": "Bob", "options": [BOB_R1, BOB_R2]},
            {"seat": "B", "name": "Carol", "options": [CAROL_R1, CAROL_R2]},
        ],
        "roll_off": [],
    }
    assert b"Bob plays Roster 2: Raynor&#x27;s Raiders" in panel.content

    entered = judge.enter_roster("A", BOB_R2)
    assert entered.status_code == 200
    assert entered.context["error"] == ""
    # Recorded as the judge's entry, in the stored action and in the history.
    action = stored(world).actions[-1]
    assert action == {"type": "choose-roster", "player": "A", "roster": BOB_R2, "by_judge": True}
    judge_history = judge.view()["history"]
    assert (
        "[judge] Bob chose Roster 2: Raynor's Raiders (told to a judge privately). "
        "(hidden from the opponent until the reveal)"
    ) in judge_history
    # Only Carol's choice is left to enter.
    assert [side["seat"] for side in judge.fragment().context["judge"]["entries"]["rosters"]] == ["B"]

    # Carol sees that Bob has chosen, not what: not in the players, the history or the page.
    seen = carol.view()
    assert rosters_seen(seen) == [None, None]
    assert seen["players"][0]["has_chosen"] is True
    assert PUBLIC_LINE in seen["history"]
    assert not any("Roster 2" in line or "[judge]" in line for line in seen["history"])
    page = carol.fragment().content
    assert b"Bob chose" not in page
    assert b"told to a judge" not in page
    # Bob sees his own roster, and has nothing left to choose.
    assert bob.view()["players"][0]["roster"] == BOB_R2
    assert bob.view()["actions"] == []

    # Carol chooses on her own phone: both are revealed together.
    carol.tap(f"Play {CAROL_R1}")
    for screen in (bob, carol):
        assert rosters_seen(screen.view()) == [BOB_R2, CAROL_R1]
    assert (
        "[judge] Bob chose Roster 2: Raynor's Raiders (told to a judge privately)." in carol.view()["history"]
    )
    assert judge.fragment().context["judge"]["entries"] is None  # priority went on Minerals


def test_a_judge_announces_both_rosters(world, round_one):
    judge, carol = Screen(world, "hank"), Screen(world, "carol")
    judge.enter_roster("B", CAROL_R2)
    bob_view = Screen(world, "bob").view()
    assert rosters_seen(bob_view) == [None, None]  # Bob cannot see Carol's, nor has he chosen
    assert "Carol has chosen a roster; it is revealed when both have chosen." in bob_view["history"]
    assert carol.view()["actions"] == []  # her choice is made and final
    judge.enter_roster("A", BOB_R1)
    # Bob 1670 Minerals, Carol 1560: Carol takes priority (Step 3).
    view = carol.view()
    assert rosters_seen(view) == [BOB_R1, CAROL_R2]
    assert view["priority"] == {"name": "Carol", "reason": "fewer Minerals spent, Gas equal"}
    assert [a["by_judge"] for a in stored(world).actions] == [True, True]


def test_a_judge_enters_the_winner_of_a_roll_off_rolled_at_the_table(world, round_one):
    judge, bob, carol = Screen(world, "judy"), Screen(world, "bob"), Screen(world, "carol")
    refused = judge.enter_roll_off("B")
    assert "A Roll-Off for priority is not due: the draft is at roster selection" in refused.context["error"]
    bob.tap(f"Play {BOB_R1}")
    carol.tap(f"Play {CAROL_R1}")  # 1670 Minerals and 185 Gas each: a Roll-Off
    panel = judge.fragment().context["judge"]["entries"]
    assert panel == {
        "rosters": [],
        "roll_off": [{"seat": "A", "name": "Bob"}, {"seat": "B", "name": "Carol"}],
    }

    entered = judge.enter_roll_off("B")
    assert entered.context["error"] == ""
    view = bob.view()
    assert view["step"] == "perspective"
    assert view["priority"] == {"name": "Carol", "reason": "won the Roll-Off"}
    assert "[judge] Carol won the Roll-Off and takes priority." in view["history"]
    assert stored(world).actions[-1] == {"type": "roll-off", "winner": "B", "totals": [], "by_judge": True}
    # The player without priority (Bob) now picks the perspective, as if the phones had rolled.
    assert [a["label"] for a in view["actions"]] == [
        "Read the Deployment from Bob's side",
        "Read the Deployment from Carol's side",
    ]
    again = judge.enter_roll_off("A")
    assert "A Roll-Off for priority is not due" in again.context["error"]


def test_refused_entries_say_why_and_change_nothing(world, round_one):
    judge, bob = Screen(world, "judy"), Screen(world, "bob")
    bob.tap(f"Play {BOB_R2}")
    before = list(stored(world).actions)
    taken = judge.enter_roster("A", BOB_R1)
    assert taken.context["error"] == "Bob has already chosen a roster; the choice is final."
    unknown = judge.enter_roster("B", "Roster 3: Zerg")
    assert "Carol has no roster called 'Roster 3: Zerg'" in unknown.context["error"]
    nobody = judge.enter_roster("C", CAROL_R1)
    assert nobody.context["error"] == "Say whose roster this is."
    assert stored(world).actions == before
    # Without htmx: a message on the page after the redirect.
    plain = judge.enter_roster("A", BOB_R1, htmx=False)
    assert plain.status_code == 302
    followed = judge.client.get(plain["Location"])
    assert b"the choice is final" in followed.content


@pytest.mark.parametrize("who", ["bob", "carol", "mallory"])
def test_players_and_outsiders_cannot_enter_choices(world, round_one, who):
    screen = Screen(world, who)
    assert screen.enter_roster("A", BOB_R2).status_code == 404
    assert screen.enter_roster("B", CAROL_R1).status_code == 404
    assert screen.enter_roll_off("A").status_code == 404
    draft = GameDraft.objects.filter(game=world.game(world.bob)).first()
    assert draft is None or draft.actions == []


def test_players_never_see_the_judge_panel(world, round_one):
    for who in ("bob", "carol"):
        response = Screen(world, who).fragment()
        assert response.context["judge"] is None
        assert b"enter-roster" not in response.content


def test_a_judge_playing_in_the_game_cannot_enter_its_choices(world, round_one):
    # A community event: Bob also judges. His own game is another judge's to enter.
    StaffRole.objects.create(event=world.event, user=world.users["bob"], role=StaffRoleKind.FLOOR_JUDGE)
    screen = Screen(world, "bob")
    assert screen.fragment().context["judge"]["entries"] is None
    refused = screen.enter_roster("B", CAROL_R1)
    assert refused.context["error"] == "You play in this game: another judge enters its choices for you."
    draft = stored(world)
    with pytest.raises(ServiceError) as err:
        draft_enter_roll_off(draft=draft, winner=world.bob, by=world.users["bob"])
    assert err.value.code == "own-game"
    assert stored(world).actions == []


def test_the_services_check_the_player_and_the_judge(world, round_one):
    Screen(world, "judy").fragment()  # opens the draft
    draft = stored(world)
    with pytest.raises(ServiceError) as err:
        draft_enter_roster(draft=draft, player=world.dan, roster=BOB_R1, by=world.users["judy"])
    assert (err.value.code, err.value.field) == ("not-in-game", "player")
    with pytest.raises(ServiceError) as err:
        draft_enter_roster(draft=draft, player=world.bob, roster=BOB_R1, by=world.users["mallory"])
    assert err.value.code == "not-allowed"
    assert stored(world).actions == []


def test_the_audit_log_does_not_give_a_blind_choice_away(world, round_one):
    judge = Screen(world, "judy")
    judge.enter_roster("A", BOB_R2)
    entry = world.event.audit_log.get(action="draft-roster-entered-by-judge")
    assert entry.actor == world.users["judy"]
    assert entry.data == {"player": world.bob.external_id, "seat": "A"}
    assert "Roster 2" not in entry.subject + json.dumps(entry.data)


# --- the API -------------------------------------------------------------------------------


def api_url(world: World) -> str:
    return world.api_url(f"games/{world.game(world.bob).pk}/draft/")


def test_api_judge_enters_a_roster_and_the_opponent_still_cannot_see_it(world, round_one):
    url = api_url(world)
    judge_view = world.api("judy").get(url).json()
    assert judge_view["judge_entries"]["rosters"][0] == {
        "seat": "A",
        "name": "Bob",
        "options": [BOB_R1, BOB_R2],
    }
    assert world.api("bob").get(url).json()["judge_entries"] is None

    entered = world.api("judy").post(url + "enter-roster/", {"seat": "A", "roster": BOB_R2}, format="json")
    assert entered.status_code == 200
    assert entered.json()["players"][0]["roster"] == BOB_R2  # the judge sees everything
    assert [s["seat"] for s in entered.json()["judge_entries"]["rosters"]] == ["B"]

    carol = world.api("carol").get(url).json()
    assert carol["players"][0] == {
        "seat": "A",
        "name": "Bob",
        "me": False,
        "roster": None,
        "has_chosen": True,
        "colour": None,
    }
    assert PUBLIC_LINE in carol["history"]
    # "Roster 2" is only in Carol's own choices; nothing else she is sent mentions Bob's.
    assert "Roster 2" not in json.dumps({k: v for k, v in carol.items() if k != "actions"})
    assert all(a["payload"]["player"] == "B" for a in carol["actions"])
    assert world.api("bob").get(url).json()["players"][0]["roster"] == BOB_R2

    twice = world.api("hank").post(url + "enter-roster/", {"seat": "A", "roster": BOB_R1}, format="json")
    assert twice.status_code == 400
    assert twice.json()["code"] == "draft-refused"
    assert twice.json()["message"] == "Bob has already chosen a roster; the choice is final."

    carol_enters = world.api("alice").post(
        url + "enter-roster/", {"seat": "B", "roster": CAROL_R1}, format="json"
    )
    assert carol_enters.status_code == 200  # the TO backs up the judges
    assert [p["roster"] for p in world.api("carol").get(url).json()["players"]] == [BOB_R2, CAROL_R1]


def test_api_judge_enters_a_roll_off_with_the_dice_thrown(world, round_one):
    url = api_url(world)
    for who, label in (("bob", BOB_R1), ("carol", CAROL_R1)):
        state = world.api(who).get(url).json()
        payload = next(a["payload"] for a in state["actions"] if a["label"] == f"Play {label}")
        assert world.api(who).post(url + "actions/", {"action": payload}, format="json").status_code == 200
    assert world.api("judy").get(url).json()["step"] == "roll-off"

    # 7 against 7 is re-rolled; 5 against 9 makes Carol the winner, not Bob.
    wrong = world.api("judy").post(
        url + "enter-roll-off/", {"winner": "A", "totals": [[7, 7], [5, 9]]}, format="json"
    )
    assert wrong.status_code == 400
    assert wrong.json()["message"] == "The totals 5 against 9 do not make Bob the winner."
    impossible = world.api("judy").post(
        url + "enter-roll-off/", {"winner": "B", "totals": [[1, 9]]}, format="json"
    )
    assert impossible.status_code == 400
    assert impossible.json()["code"] == "invalid"

    entered = world.api("judy").post(
        url + "enter-roll-off/", {"winner": "B", "totals": [[7, 7], [5, 9]]}, format="json"
    )
    assert entered.status_code == 200
    body = entered.json()
    assert body["priority"] == {"name": "Carol", "reason": "won the Roll-Off"}
    assert "[judge] Carol won the Roll-Off (7-7, 5-9) and takes priority." in body["history"]
    assert body["judge_entries"] is None
    assert draft_state(stored(world)).priority == "B"
    entry = world.event.audit_log.get(action="draft-roll-off-entered-by-judge")
    assert entry.data == {"winner": world.carol.external_id, "totals": [[7, 7], [5, 9]]}


@pytest.mark.parametrize("who", ["bob", "carol", "mallory"])
def test_api_players_and_outsiders_get_404(world, round_one, who):
    url = api_url(world)
    roster = world.api(who).post(url + "enter-roster/", {"seat": "A", "roster": BOB_R2}, format="json")
    roll = world.api(who).post(url + "enter-roll-off/", {"winner": "A"}, format="json")
    assert (roster.status_code, roll.status_code) == (404, 404)
    draft = GameDraft.objects.filter(game=world.game(world.bob)).first()
    assert draft is None or draft.actions == []


def test_api_anonymous_must_log_in(world, round_one):
    url = api_url(world)
    response = world.api("anonymous").post(
        url + "enter-roster/", {"seat": "A", "roster": BOB_R2}, format="json"
    )
    assert response.status_code == 401


def test_the_schema_documents_the_judge_entries(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    for tail in ("enter-roster", "enter-roll-off"):
        operation = schema["paths"][f"/api/events/{{slug}}/games/{{game_id}}/draft/{tail}/"]["post"]
        assert {"200", "400", "401", "404"} <= set(operation["responses"])
