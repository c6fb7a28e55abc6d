"""The awards API: list, offer, vote, nominate, tallies, close, tie-break, publish, with
their stable error codes and the secrecy of ballots."""

from __future__ import annotations

import json

import pytest

from tests.awards.conftest import painted, sportsman
from tests.builders.worlds import World

pytestmark = pytest.mark.django_db


def test_the_to_offers_awards_and_everyone_reads_them(world: World):
    response = world.api("alice").put(
        world.api_url("awards/"),
        {"best_painted": True, "best_in_faction": True, "best_sportsman": True, "owner": "hank"},
        format="json",
    )
    assert response.status_code == 200, response.json()
    body = world.api("anonymous").get(world.api_url("awards/")).json()
    assert [a["kind"] for a in body["awards"]] == ["best-painted"] + ["best-in-faction"] * 3 + [
        "best-sportsman"
    ]
    assert body["voting_open"] is True
    assert body["published_at"] is None
    assert body["owner"] is None  # who runs them: for the event's people, like the staff list
    assert world.api("bob").get(world.api_url("awards/")).json()["owner"] == "hank"
    assert all(a["winner"] is None and a["your_vote"] is None for a in body["awards"])


def test_offer_refusals(world: World):
    api = world.api("alice")
    assert (
        api.put(world.api_url("awards/"), {"owner": "mallory"}, format="json").json()["code"]
        == "owner-not-staff"
    )
    assert api.put(world.api_url("awards/"), {"owner": "nobody-at-all"}, format="json").json()["code"] == (
        "owner-not-staff"
    )
    bad = api.put(world.api_url("awards/"), {"best_painted": "sometimes"}, format="json")
    assert bad.status_code == 400


def test_vote_and_nominate_and_see_only_your_own(offered: World):
    best = painted(offered)
    bob = offered.api("bob")
    voted = bob.post(
        offered.api_url(f"awards/{best.pk}/vote/"), {"choice": offered.carol.external_id}, format="json"
    )
    assert voted.status_code == 200, voted.json()
    assert voted.json()["choice"]["name"] == "Carol"
    nominated = bob.post(
        offered.api_url("awards/nominate/"), {"player": offered.dan.external_id}, format="json"
    )
    assert nominated.status_code == 200
    assert nominated.json()["award"] == sportsman(offered).pk
    mine = {a["id"]: a["your_vote"] for a in bob.get(offered.api_url("awards/")).json()["awards"]}
    assert mine[best.pk]["name"] == "Carol"
    theirs = {
        a["id"]: a["your_vote"] for a in offered.api("carol").get(offered.api_url("awards/")).json()["awards"]
    }
    assert theirs[best.pk] is None


@pytest.mark.parametrize(
    ("who", "choice", "code"),
    [("bob", "bob", "own-vote"), ("bob", "ghost", "not-a-candidate")],
)
def test_vote_refusals(offered: World, who: str, choice: str, code: str):
    target = offered.bob.external_id if choice == "bob" else choice
    response = offered.api(who).post(
        offered.api_url(f"awards/{painted(offered).pk}/vote/"), {"choice": target}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == code


def test_staff_who_do_not_play_cannot_vote(offered: World):
    response = offered.api("hank").post(
        offered.api_url(f"awards/{painted(offered).pk}/vote/"),
        {"choice": offered.bob.external_id},
        format="json",
    )
    assert response.status_code == 404


def test_an_award_of_another_event_is_not_found(offered: World):
    response = offered.api("bob").post(offered.api_url("awards/999999/vote/"), {"choice": "x"}, format="json")
    assert response.status_code == 404


def test_tallies_close_tie_break_publish(offered: World):
    best = painted(offered)
    for voter, choice in (("bob", offered.carol), ("carol", offered.bob)):
        offered.api(voter).post(
            offered.api_url(f"awards/{best.pk}/vote/"), {"choice": choice.external_id}, format="json"
        )
    to = offered.api("alice")
    before = to.get(offered.api_url("awards/tallies/")).json()
    row = next(a for a in before["awards"] if a["id"] == best.pk)
    assert before["voting_open"] is True
    assert row["votes_cast"] == 2
    assert row["counts"] == []
    assert row["leaders"] == []
    assert to.post(offered.api_url("awards/publish/")).json()["code"] == "voting-open"
    closed = to.post(offered.api_url("awards/close/"))
    assert closed.status_code == 200
    row = next(a for a in closed.json()["awards"] if a["id"] == best.pk)
    assert row["tied"] is True
    assert {c["votes"] for c in row["counts"]} == {1}
    assert to.post(offered.api_url("awards/close/")).json()["code"] == "voting-closed"
    assert to.post(offered.api_url("awards/publish/")).json()["code"] == "unresolved-tie"
    wrong = to.post(
        offered.api_url(f"awards/{best.pk}/tie-break/"), {"winner": offered.dan.external_id}, format="json"
    )
    assert wrong.json()["code"] == "not-tied"
    broken = to.post(
        offered.api_url(f"awards/{best.pk}/tie-break/"),
        {"winner": offered.bob.external_id, "reason": "Coin toss"},
        format="json",
    )
    assert broken.status_code == 200
    assert next(a for a in broken.json()["awards"] if a["id"] == best.pk)["winner"]["name"] == "Bob"
    published = to.post(offered.api_url("awards/publish/"))
    assert published.status_code == 200
    public = offered.api("anonymous").get(offered.api_url("awards/")).json()
    winners = {a["label"]: a["winner"] for a in public["awards"]}
    assert winners["Best Painted"]["name"] == "Bob"
    assert winners["Best Sportsman"] is None


def test_no_answer_names_a_voter(offered: World):
    """Secrecy: neither the TO's tallies nor anyone's list ties a voter to a choice."""
    best = painted(offered)
    offered.api("bob").post(
        offered.api_url(f"awards/{best.pk}/vote/"), {"choice": offered.dan.external_id}, format="json"
    )
    offered.api("alice").post(offered.api_url("awards/close/"))
    for who in ("alice", "carol", "anonymous"):
        for tail in ("awards/", "awards/tallies/"):
            response = offered.api(who).get(offered.api_url(tail))
            if response.status_code != 200:
                continue
            text = json.dumps(response.json())
            assert "Bob" not in text, (who, tail)
            assert offered.bob.external_id not in text, (who, tail)


def test_the_audit_api_shows_closing_without_ballots(offered: World):
    offered.api("bob").post(
        offered.api_url(f"awards/{painted(offered).pk}/vote/"),
        {"choice": offered.dan.external_id},
        format="json",
    )
    offered.api("alice").post(offered.api_url("awards/close/"))
    actions = [e["action"] for e in offered.api("alice").get(offered.api_url("audit/")).json()["results"]]
    assert "awards-voting-closed" in actions
    assert not any("vote" in a and a != "awards-voting-closed" for a in actions)


def test_judges_read_the_broken_tie_only_once_the_winners_are_published(offered: World):
    """The tie the TO broke names a winner: the judges' audit log leaves it out until the
    winners are published, the TO's shows it at once."""
    best = painted(offered)
    for voter, choice in (("bob", offered.carol), ("carol", offered.bob)):
        offered.api(voter).post(
            offered.api_url(f"awards/{best.pk}/vote/"), {"choice": choice.external_id}, format="json"
        )
    to = offered.api("alice")
    to.post(offered.api_url("awards/close/"))
    tie_break = offered.api_url(f"awards/{best.pk}/tie-break/")
    to.post(tie_break, {"winner": offered.bob.external_id}, format="json")

    def actions(who: str) -> list[str]:
        return [e["action"] for e in offered.api(who).get(offered.api_url("audit/")).json()["results"]]

    assert "award-tie-broken" in actions("alice")
    for judge in ("hank", "judy"):
        assert "award-tie-broken" not in actions(judge)
        assert "awards-voting-closed" in actions(judge)
    assert to.post(offered.api_url("awards/publish/")).status_code == 200
    for judge in ("hank", "judy"):
        assert "award-tie-broken" in actions(judge)
