"""The pre-game draft on two phones, through the web pages and their htmx fragments.

Bob (seat A) plays Carol (seat B) at table 1. Bob's rosters: 1 = full Raynor's Raiders (1670
Minerals, 185 Gas), 2 = without the Goliath (1480). Carol's: 1 = full (1670), 2 = without a
Medic squad (1560). Gas is 185 everywhere, so priority goes on Minerals (OP Guide: Step 3).
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from django.utils import timezone

from judging.models import GameDraft
from judging.selectors import draft_result_for_game
from judging.services import clock_start
from tests.builders.documents import NO_GOLIATH_MINERALS
from tests.builders.worlds import T0, World
from tournaments.models import ListFormat

pytestmark = pytest.mark.django_db

BOB_R1 = "Roster 1: Raynor's Raiders"
BOB_R2 = "Roster 2: Raynor's Raiders"
CAROL_R1 = "Roster 1: Raynor's Raiders"


class Phone:
    """One player's phone on the draft page: reads the fragment, taps buttons."""

    def __init__(self, world: World, who: str) -> None:
        self.world = world
        self.client = world.client(who)
        game = world.game(world.bob)
        self.base = world.url(f"games/{game.pk}/draft/")

    def page(self):
        return self.client.get(self.base)

    def fragment(self):
        return self.client.get(self.base + "state/", HTTP_HX_REQUEST="true")

    def view(self) -> dict[str, Any]:
        view: dict[str, Any] = self.fragment().context["draft"]
        return view

    def labels(self) -> list[str]:
        return [a["label"] for a in self.view()["actions"]]

    def post(self, payload: dict[str, Any]):
        return self.client.post(self.base + "act/", {"action": json.dumps(payload)}, HTTP_HX_REQUEST="true")

    def tap(self, label: str):
        actions = {a["label"]: a["json"] for a in self.view()["actions"]}
        assert label in actions, f"{label!r} not among {sorted(actions)}"
        response = self.client.post(self.base + "act/", {"action": actions[label]}, HTTP_HX_REQUEST="true")
        assert response.status_code == 200
        assert response.context["error"] == "", response.context["error"]
        return response


def stored(world: World) -> GameDraft:
    return GameDraft.objects.get(game=world.game(world.bob))


def test_two_phones_through_the_whole_sequence(world, round_one):
    bob, carol = Phone(world, "bob"), Phone(world, "carol")
    page = bob.page()
    assert page.status_code == 200
    assert b"Step 1: roster selection" in page.content
    assert b'hx-trigger="every 2s"' in page.content  # both phones poll the state fragment
    assert bob.labels() == [f"Play {BOB_R1}", f"Play {BOB_R2}"]
    assert carol.labels() == [f"Play {CAROL_R1}", "Play Roster 2: Raynor's Raiders"]

    # Step 1, blind: Bob's choice is hidden from Carol until she has chosen too.
    bob.tap(f"Play {BOB_R2}")
    seen_by_carol = carol.view()
    assert seen_by_carol["players"][0] == {
        "seat": "A",
        "name": "Bob",
        "me": False,
        "roster": None,
        "has_chosen": True,
        "colour": None,
    }
    assert "Bob has chosen a roster; it is revealed when both have chosen." in seen_by_carol["history"]
    assert not any("Roster 2" in line for line in seen_by_carol["history"])
    assert b"has chosen a roster (hidden until both have chosen)" in carol.fragment().content
    assert bob.view()["players"][0]["roster"] == BOB_R2
    assert bob.labels() == []  # Bob waits; his choice is final

    carol.tap(f"Play {CAROL_R1}")
    for phone in (bob, carol):
        view = phone.view()
        assert [p["roster"] for p in view["players"]] == [BOB_R2, CAROL_R1]  # revealed together
        # Step 3: equal Gas (185), Bob spent fewer Minerals (1480 against 1670).
        assert view["priority"] == {"name": "Bob", "reason": "fewer Minerals spent, Gas equal"}
    assert f"({NO_GOLIATH_MINERALS} against 1670)" in " ".join(bob.view()["history"])

    # The player without priority picks the perspective; the one with it, colour then control.
    assert bob.labels() == []
    carol.tap("Read the Deployment from Bob's side")
    bob.tap("Be the Red Player")
    bob.tap("Control the Mission Draft")

    # Step 4: Carol (without Mission control) removes two; Bob picks one of the remaining two.
    assert carol.labels() == [
        "Remove Frontlines (Bob's copy)",
        "Remove Artefact Hunt (Bob's copy)",
        "Remove Supply Drop (Carol's copy)",
        "Remove Hold Position (Carol's copy)",
    ]
    carol.tap("Remove Frontlines (Bob's copy)")
    carol.tap("Remove Hold Position (Carol's copy)")
    bob.tap("Pick Supply Drop (Carol's copy)")
    # Step 5: Carol controls the Deployment Draft, so Bob removes two and Carol picks.
    bob.tap("Remove Gauntlet (Carol's copy)")
    bob.tap("Remove Acropolis (Bob's copy)")
    done = carol.tap("Pick Breach (Bob's copy)")
    assert b"hx-trigger" not in done.content  # complete: the phones stop polling
    assert b"Draft complete" in done.content

    draft = stored(world)
    assert draft.picks == {"mission": "Supply Drop", "deployment": "Breach"}
    assert (draft.red, draft.blue, draft.priority) == (world.bob, world.carol, world.bob)
    assert draft.priority_reason == "minerals"
    assert draft.completed_at_random is False
    slip = draft_result_for_game(world.game(world.bob))
    assert slip is not None
    assert slip.picks == {"mission": "Supply Drop", "deployment": "Breach"}
    # The lines the slip prints are StarCraft's own: whose card was picked, colours, priority.
    assert slip.summary == (
        ("Mission", "Supply Drop (Carol's card)"),
        ("Deployment", "Breach (Bob's card)"),
        ("Red Player", "Bob"),
        ("Blue Player", "Carol"),
        ("Priority", "Bob (fewer Minerals spent, Gas equal)"),
    )
    assert slip.rosters == (BOB_R2, CAROL_R1)
    assert world.event.audit_log.filter(action="draft-completed").exists()


def test_an_illegal_choice_shows_the_reason_and_changes_nothing(world, round_one):
    bob, carol = Phone(world, "bob"), Phone(world, "carol")
    bob.tap(f"Play {BOB_R2}")
    carol.tap(f"Play {CAROL_R1}")
    before = list(stored(world).actions)
    # The perspective is Carol's to choose (she has no priority), not Bob's.
    response = bob.post({"type": "choose-perspective", "player": "A", "side": "A"})
    assert response.status_code == 200
    assert "It is Carol's choice, not Bob's" in response.context["error"]
    assert b'role="alert"' in response.content
    assert stored(world).actions == before
    # Nor can Bob make Carol's choice for her.
    response = bob.post({"type": "choose-perspective", "player": "B", "side": "A"})
    assert "you can only make your own choices" in response.context["error"]
    garbage = bob.client.post(bob.base + "act/", {"action": "not json"}, HTTP_HX_REQUEST="true")
    assert "could not be read" in garbage.context["error"]
    assert stored(world).actions == before
    # Without htmx the same refusal comes back as a message on the page.
    plain = bob.client.post(bob.base + "act/", {"action": json.dumps({"type": "overrun", "by_judge": True})})
    assert plain.status_code == 302
    assert stored(world).actions == before


def test_equal_spend_goes_to_a_roll_off_the_server_rolls(world, round_one):
    bob, carol = Phone(world, "bob"), Phone(world, "carol")
    bob.tap(f"Play {BOB_R1}")
    carol.tap(f"Play {CAROL_R1}")  # 1670 and 185 on both sides
    assert bob.view()["step"] == "roll-off"
    assert bob.labels() == ["Roll off for priority"] == carol.labels()
    carol.tap("Roll off for priority")
    view = bob.view()
    assert view["priority"]["reason"] == "won the Roll-Off"
    assert view["step"] == "perspective"
    assert any("won the Roll-Off (" in line for line in view["history"])


def test_who_may_see_the_draft(world, round_one):
    base = world.url(f"games/{world.game(world.bob).pk}/draft/")
    assert world.client("mallory").get(base).status_code == 404
    assert world.client("anonymous").get(base).status_code == 302
    other_game = world.url(f"games/{world.game(world.dan).pk}/draft/")
    assert world.client("bob").get(other_game).status_code == 404  # not Bob's game
    judge = world.client("judy").get(base)
    assert judge.status_code == 200
    assert judge.context["draft"]["actions"] == []  # judges watch; players choose
    assert b"The round clock has not started" in judge.content
    assert world.client("judy").post(base + "act/", {"action": "{}"}).status_code == 404


def test_single_list_starts_at_priority(world, round_one):
    world.event.list_format = ListFormat.SINGLE
    world.event.save(update_fields=["list_format"])
    view = Phone(world, "bob").view()
    # Step 1 skipped: both play roster 1, 1670 Minerals and 185 Gas each, so a Roll-Off is next.
    assert view["step"] == "roll-off"
    assert [p["roster"] for p in view["players"]] == [BOB_R1, CAROL_R1]


# --- the overrun: a judge completes it at random after 15 minutes ------------------------------


def freeze(monkeypatch, moment: dt.datetime) -> None:
    monkeypatch.setattr(timezone, "now", lambda: moment)


def test_judge_completes_at_random_only_after_15_minutes(world, round_one, monkeypatch):
    bob, carol = Phone(world, "bob"), Phone(world, "carol")
    judge = world.client("judy")
    random_url = bob.base + "random/"
    bob.tap(f"Play {BOB_R2}")

    refused = judge.post(random_url, {"confirmed": "yes"}, HTTP_HX_REQUEST="true")
    assert "The round clock has not started" in refused.context["error"]

    clock_start(round_=round_one, by=world.users["alice"], at=T0)
    freeze(monkeypatch, T0 + dt.timedelta(minutes=14, seconds=30))
    early = judge.post(random_url, {"confirmed": "yes"}, HTTP_HX_REQUEST="true")
    assert "0:30 to go" in early.context["error"]
    assert stored(world).completed_at is None
    assert b"seconds to go" in judge.get(bob.base).content

    freeze(monkeypatch, T0 + dt.timedelta(minutes=15))
    assert bob.post({"type": "choose-roster", "player": "A", "roster": BOB_R1}).status_code == 200
    done = judge.post(random_url, {"confirmed": "yes"}, HTTP_HX_REQUEST="true")
    assert done.context["error"] == ""
    draft = stored(world)
    assert draft.completed_at is not None
    assert draft.completed_at_random is True
    assert draft.result["rosters"]["A"] == BOB_R2  # a choice already made stands
    assert set(draft.picks) == {"mission", "deployment"}
    assert all(draft.picks.values())
    assert draft.red
    assert draft.blue
    assert {draft.red, draft.blue} == {world.bob, world.carol}
    history = carol.view()["history"]
    assert any("a judge completes the remaining steps at random" in line for line in history)
    assert carol.labels() == []
    assert world.event.audit_log.get(action="draft-completed-at-random").data["seed"] == draft.seed
    # The stored actions replay to the same result.
    from judging.services.draft import draft_state

    assert draft_state(draft).step.value == "complete"
    assert world.client("bob").post(random_url).status_code == 404  # players cannot


def test_the_judges_overview_lists_every_table(world, round_one, monkeypatch):
    clock_start(round_=round_one, by=world.users["alice"], at=T0)
    freeze(monkeypatch, T0 + dt.timedelta(minutes=20))
    judge = world.client("hank")
    overview = judge.get(world.url("judge/drafts/"))
    assert overview.status_code == 200
    assert b"not opened" in overview.content
    assert b"Complete at random" in overview.content
    response = judge.post(
        world.url(f"games/{world.game(world.dan).pk}/draft/random/"), {"next": "overview", "confirmed": "yes"}
    )
    assert response.status_code == 302
    assert GameDraft.objects.get(game=world.game(world.dan)).completed_at_random
    assert world.client("bob").get(world.url("judge/drafts/")).status_code == 404


# --- the API ------------------------------------------------------------------------------


def test_api_state_and_actions(world, round_one):
    game = world.game(world.bob)
    url = world.api_url(f"games/{game.pk}/draft/")
    state = world.api("bob").get(url)
    assert state.status_code == 200
    assert state.json()["seat"] == "A"
    payload = next(a["payload"] for a in state.json()["actions"] if a["label"] == f"Play {BOB_R2}")
    acted = world.api("bob").post(url + "actions/", {"action": payload}, format="json")
    assert acted.status_code == 200
    assert acted.json()["players"][0]["roster"] == BOB_R2
    carol_view = world.api("carol").get(url).json()
    assert carol_view["players"][0]["roster"] is None
    assert carol_view["players"][0]["has_chosen"] is True
    again = world.api("bob").post(url + "actions/", {"action": payload}, format="json")
    assert again.status_code == 400
    assert again.json()["code"] == "draft-refused"
    assert world.api("mallory").get(url).status_code == 404
    too_early = world.api("judy").post(url + "complete-at-random/", {}, format="json")
    assert too_early.status_code == 400
    assert too_early.json()["code"] == "too-early"


def test_the_overview_queries_do_not_grow_with_the_tables(
    world, round_one, monkeypatch, django_assert_max_num_queries
):
    clock_start(round_=round_one, by=world.users["alice"], at=T0)
    freeze(monkeypatch, T0 + dt.timedelta(minutes=16))
    judge = world.client("hank")
    for game in (world.game(world.bob), world.game(world.dan)):
        judge.post(world.url(f"games/{game.pk}/draft/random/"), {"next": "overview", "confirmed": "yes"})
    with django_assert_max_num_queries(12):
        overview = judge.get(world.url("judge/drafts/"))
    assert overview.content.count(b"at random</span>") == 2


def test_an_unchanged_poll_swaps_nothing(world, round_one):
    bob, carol = Phone(world, "bob"), Phone(world, "carol")
    first = bob.fragment()
    version = first.context["version"]
    assert f"state/?v={version}" in first.content.decode()
    poll = bob.client.get(bob.base + f"state/?v={version}", HTTP_HX_REQUEST="true")
    assert poll.status_code == 204  # nothing new: htmx keeps the page
    carol.tap(f"Play {CAROL_R1}")
    changed = bob.client.get(bob.base + f"state/?v={version}", HTTP_HX_REQUEST="true")
    assert changed.status_code == 200
    assert changed.context["draft"]["players"][1]["has_chosen"] is True
