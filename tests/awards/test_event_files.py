"""The hobby awards in event/1 exports (OP Guide: Hobby Awards; docs/interchange.md: "importing its
own export must lose nothing"): the awards on offer, who runs them, the voting state, the
tie the TO broke and the published winners travel; the ballots never do (docs/awards.md,
Secrecy: nobody, the TO included, learns who voted for whom)."""

from __future__ import annotations

import json

import pytest

from awards.models import Award, AwardKind, AwardProgramme, AwardVote
from awards.services import award_break_tie, award_vote, awards_close_voting, awards_offer, awards_publish
from interchange.event_export import export_event
from interchange.event_import import import_event
from standings.eventfile import parse_event
from tests.awards.conftest import painted, sportsman
from tests.builders.worlds import World
from tests.interchange.test_round_trip import without_slug
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def _decided(world: World) -> None:
    """Best Painted tied between Carol and Dan (the TO chose Dan), Best Sportsman won by Bob."""
    alice = world.users["alice"]
    awards_offer(
        event=world.event, by=alice, best_painted=True, best_in_faction=False, best_sportsman=True,
        owner=world.users["judy"],
    )  # fmt: skip
    award_vote(award=painted(world), voter=world.bob, choice=world.carol, by=alice)
    award_vote(award=painted(world), voter=world.erin, choice=world.dan, by=alice)
    award_vote(award=sportsman(world), voter=world.carol, choice=world.bob, by=alice)
    awards_close_voting(event=world.event, by=alice)
    award_break_tie(award=painted(world), winner=world.dan, by=alice, reason="Coin toss")
    awards_publish(event=world.event, by=alice)


def test_the_full_export_carries_the_awards_and_their_winners_but_no_ballot(world: World):
    _decided(world)
    full = export_event(world.event)
    assert [(a["kind"], a["label"], a["winner"]) for a in full["awards"]] == [
        (AwardKind.BEST_PAINTED, "Best Painted", world.dan.external_id),
        (AwardKind.BEST_SPORTSMAN, "Best Sportsman", world.bob.external_id),
    ]
    assert full["awards"][0]["tie_among"] == sorted([world.carol.external_id, world.dan.external_id])
    assert full["awards"][0]["tie_chosen"] == world.dan.external_id
    (programme,) = full["award_programme"]
    assert programme["owner"] == "judy"
    assert programme["voting_closed_at"] is not None
    assert programme["published_at"] is not None
    text = json.dumps(full)
    assert "votes" not in full
    assert "voter" not in text  # no ballot, in any key


def test_export_import_export_is_identical_and_the_winners_show(world: World):
    _decided(world)
    full = export_event(world.event)
    copy = import_event(parse_event(json.loads(json.dumps(full))), slug="copied-awards")
    assert AwardProgramme.objects.get(event=copy).published_at is not None
    assert set(Award.objects.filter(event=copy).values_list("winner__name", flat=True)) == {"Dan", "Bob"}
    assert not AwardVote.objects.filter(award__event=copy).exists()
    again = export_event(Event.objects.get(slug=copy.slug))
    assert again["awards"] == full["awards"]
    assert again["award_programme"] == full["award_programme"]
    assert without_slug(again) == without_slug(full)
    page = world.client("anonymous").get(f"/e/{copy.slug}/awards/").content.decode()
    assert "Dan" in page


def test_the_public_export_shows_the_awards_as_the_public_page_does(world: World):
    alice = world.users["alice"]
    awards_offer(event=world.event, by=alice, best_painted=True, best_in_faction=False, best_sportsman=False)
    award_vote(award=painted(world), voter=world.bob, choice=world.carol, by=alice)
    award_vote(award=painted(world), voter=world.erin, choice=world.dan, by=alice)
    awards_close_voting(event=world.event, by=alice)
    award_break_tie(award=painted(world), winner=world.dan, by=alice)
    before = export_event(world.event, public=True)
    assert [(a["label"], a["winner"], a["tie_among"], a["tie_chosen"]) for a in before["awards"]] == [
        ("Best Painted", None, [], None)  # not published: no winner, and the tie is the TO's
    ]
    assert before["award_programme"][0]["owner"] is None
    awards_publish(event=world.event, by=alice)
    after = export_event(world.event, public=True)
    assert after["awards"][0]["winner"] == world.dan.external_id
    assert after["awards"][0]["tie_among"] == []


def test_an_older_file_without_awards_imports_with_none(world: World):
    full = export_event(world.event)
    assert full["awards"] == []
    for key in ("awards", "award_programme"):
        full.pop(key)
    copy = import_event(parse_event(json.loads(json.dumps(full))), slug="no-awards")
    assert not Award.objects.filter(event=copy).exists()
    assert not AwardProgramme.objects.filter(event=copy).exists()


def test_an_award_naming_a_player_not_at_the_event_is_refused_clearly(world: World):
    from interchange.values import EventImportError

    _decided(world)
    full = export_event(world.event)
    full["awards"][0]["winner"] = "nobody"
    with pytest.raises(EventImportError, match=r"awards\[0\]\.winner: no player 'nobody'"):
        import_event(parse_event(json.loads(json.dumps(full))), slug="bad-awards")
    assert not Event.objects.filter(slug="bad-awards").exists()
