"""The awards' rules, service by service (OP Guide: Hobby Awards; docs/awards.md)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from awards.models import Award, AwardKind, AwardProgramme, AwardVote
from awards.selectors import FACTION_BALLOT_CLOSED, ballots_for, my_ballots, tallies
from awards.services import (
    award_break_tie,
    award_nominate,
    award_vote,
    awards_close_voting,
    awards_offer,
    awards_publish,
)
from rules_engine.registry import get_system
from tests.awards.conftest import award, painted, publish_rosters, sportsman
from tests.builders.worlds import World
from tournaments.errors import ServiceError
from tournaments.models import AuditEntry, Event, Player
from tournaments.services.players import player_register

pytestmark = pytest.mark.django_db


def _code(call: Callable[[], object]) -> str:
    with pytest.raises(ServiceError) as caught:
        call()
    return caught.value.code


# --- announced with the event ------------------------------------------------------------


def test_offering_best_in_faction_makes_one_award_per_group_of_the_game_system(offered: World):
    groups = offered.event.system.award_groups
    assert groups is not None
    expected = [g.key for g in groups.groups(None)]
    faction = Award.objects.filter(event=offered.event, kind=AwardKind.BEST_IN_FACTION).order_by("id")
    assert [a.group for a in faction] == expected
    assert len(expected) == 3  # the guide: "one each" for the game's three races
    kinds = list(Award.objects.filter(event=offered.event).values_list("kind", flat=True))
    assert kinds[0] == AwardKind.BEST_PAINTED
    assert kinds[-1] == AwardKind.BEST_SPORTSMAN


def test_offering_is_audited_and_bumps_the_event_version(world: World):
    before = Event.objects.get(pk=world.event.pk).version
    awards_offer(
        event=world.event,
        by=world.users["alice"],
        best_painted=True,
        best_in_faction=False,
        best_sportsman=False,
        owner=world.users["judy"],
    )
    entry = AuditEntry.objects.get(event=world.event, action="awards-offered")
    assert entry.data["awards"] == {"old": "none", "new": "Best Painted"}
    assert entry.data["owner"] == {"old": "", "new": "judy"}
    assert Event.objects.get(pk=world.event.pk).version > before
    assert AwardProgramme.objects.get(event=world.event).owner == world.users["judy"]


def test_the_owner_must_be_on_the_staff(world: World):
    code = _code(
        lambda: awards_offer(
            event=world.event,
            by=world.users["alice"],
            best_painted=True,
            best_in_faction=False,
            best_sportsman=False,
            owner=world.users["mallory"],
        )
    )
    assert code == "owner-not-staff"
    assert not Award.objects.filter(event=world.event).exists()


def test_an_award_with_ballots_cannot_be_withdrawn_but_others_can(offered: World):
    award_vote(award=painted(offered), voter=offered.bob, choice=offered.carol, by=offered.users["bob"])
    code = _code(
        lambda: awards_offer(
            event=offered.event,
            by=offered.users["alice"],
            best_painted=False,
            best_in_faction=True,
            best_sportsman=True,
        )
    )
    assert code == "award-has-votes"
    assert Award.objects.filter(event=offered.event).count() == 5  # nothing half-done
    awards_offer(
        event=offered.event,
        by=offered.users["alice"],
        best_painted=True,
        best_in_faction=False,
        best_sportsman=False,
    )
    assert list(Award.objects.filter(event=offered.event).values_list("kind", flat=True)) == ["best-painted"]
    assert AwardVote.objects.count() == 1  # the kept award kept its ballot


def test_a_system_without_groups_offers_no_best_in_faction(users):
    event = Event.objects.create(name="Warp Night", slug="warp-night", game_system="warpspawn-starcraft")
    assert get_system("warpspawn-starcraft").award_groups is None
    code = _code(
        lambda: awards_offer(
            event=event, by=users["alice"], best_painted=False, best_in_faction=True, best_sportsman=False
        )
    )
    assert code == "no-award-groups"


# --- Best Painted: one vote per attendee, never for oneself, until closed ----------------


def test_one_vote_per_attendee_changeable_until_closed(offered: World):
    best = painted(offered)
    award_vote(award=best, voter=offered.bob, choice=offered.carol, by=offered.users["bob"])
    award_vote(award=best, voter=offered.bob, choice=offered.dan, by=offered.users["bob"])
    assert AwardVote.objects.filter(award=best, voter=offered.bob).count() == 1
    assert my_ballots(offered.bob) == {best.pk: offered.dan}
    awards_close_voting(event=offered.event, by=offered.users["alice"])
    code = _code(
        lambda: award_vote(award=best, voter=offered.bob, choice=offered.erin, by=offered.users["bob"])
    )
    assert code == "voting-closed"
    assert my_ballots(offered.bob) == {best.pk: offered.dan}


def test_never_for_oneself(offered: World):
    code = _code(
        lambda: award_vote(
            award=painted(offered), voter=offered.bob, choice=offered.bob, by=offered.users["bob"]
        )
    )
    assert code == "own-vote"
    assert not AwardVote.objects.exists()


def test_dropped_players_vote_disqualified_ones_do_not(offered: World):
    Player.objects.filter(pk=offered.dan.pk).update(dropped_after_round=1)
    Player.objects.filter(pk=offered.erin.pk).update(disqualified_after_round=1)
    dan, erin = Player.objects.get(pk=offered.dan.pk), Player.objects.get(pk=offered.erin.pk)
    award_vote(award=painted(offered), voter=dan, choice=offered.bob, by=offered.users["alice"])
    assert _code(
        lambda: award_vote(award=painted(offered), voter=erin, choice=offered.bob, by=offered.users["alice"])
    ) == ("not-attendee")
    assert _code(
        lambda: award_vote(award=painted(offered), voter=offered.bob, choice=erin, by=offered.users["bob"])
    ) == ("not-a-candidate")


def test_a_player_of_another_event_is_neither_voter_nor_candidate(offered: World, users):
    other = Event.objects.create(name="Elsewhere", slug="elsewhere")
    stranger = player_register(event=other, name="Stranger", by=users["alice"])
    best = painted(offered)
    assert _code(lambda: award_vote(award=best, voter=stranger, choice=offered.bob, by=users["alice"])) == (
        "not-attendee"
    )
    assert _code(lambda: award_vote(award=best, voter=offered.bob, choice=stranger, by=users["bob"])) == (
        "not-a-candidate"
    )


def test_casting_a_ballot_writes_no_audit_entry(offered: World):
    before = AuditEntry.objects.filter(event=offered.event).count()
    award_vote(award=painted(offered), voter=offered.bob, choice=offered.carol, by=offered.users["bob"])
    award_nominate(event=offered.event, voter=offered.carol, choice=offered.bob, by=offered.users["carol"])
    assert AuditEntry.objects.filter(event=offered.event).count() == before


# --- Best in Faction: voted by and for the players of the group --------------------------


def test_best_in_faction_is_voted_within_the_group(offered: World):
    publish_rosters(offered)
    first_group = offered.event.system.award_groups.groups(None)  # type: ignore[union-attr]
    bob_group = next(g.key for g in first_group if g.key != "zerg")  # Raynor's Raiders' race
    theirs = award(offered, AwardKind.BEST_IN_FACTION, bob_group)
    award_vote(award=theirs, voter=offered.bob, choice=offered.carol, by=offered.users["bob"])
    assert _code(
        lambda: award_vote(award=theirs, voter=offered.bob, choice=offered.erin, by=offered.users["bob"])
    ) == ("not-in-group")
    assert _code(
        lambda: award_vote(award=theirs, voter=offered.erin, choice=offered.bob, by=offered.users["alice"])
    ) == ("not-in-group")
    ballots = {b.award.pk: b for b in ballots_for(offered.event, offered.bob)}
    assert {p.name for p in ballots[theirs.pk].candidates} == {"Carol", "Dan"}
    zerg = award(offered, AwardKind.BEST_IN_FACTION, "zerg")
    assert ballots[zerg.pk].refusal
    assert not ballots[zerg.pk].candidates
    assert {p.name for p in ballots[painted(offered).pk].candidates} == {"Carol", "Dan", "Erin"}


def test_best_in_faction_reveals_no_faction_before_rosters_are_public(offered: World):
    """Until the roster policy publishes rosters, every voter meets the same closed ballot and
    every choice the same refusal: nothing tells bob which faction erin or carol brought."""
    zerg = award(offered, AwardKind.BEST_IN_FACTION, "zerg")
    factions = Award.objects.filter(event=offered.event, kind=AwardKind.BEST_IN_FACTION)
    others = [a for a in factions if a != zerg]
    for voter in (offered.bob, offered.erin):
        ballots = {b.award.pk: b for b in ballots_for(offered.event, voter)}
        for closed in (zerg, *others):
            assert ballots[closed.pk].candidates == ()
            assert ballots[closed.pk].refusal == FACTION_BALLOT_CLOSED
    for choice in (offered.carol, offered.erin):
        for closed in (zerg, *others):
            with pytest.raises(ServiceError) as caught:
                award_vote(award=closed, voter=offered.bob, choice=choice, by=offered.users["bob"])
            assert caught.value.code == "rosters-not-public"
    publish_rosters(offered)
    ballots = {b.award.pk: b for b in ballots_for(offered.event, offered.erin)}
    assert ballots[zerg.pk].candidates == ()  # erin is the only Zerg player
    assert ballots[zerg.pk].refusal == ""


# --- Best Sportsman ----------------------------------------------------------------------


def test_a_nomination_needs_the_award(world: World):
    awards_offer(
        event=world.event,
        by=world.users["alice"],
        best_painted=True,
        best_in_faction=False,
        best_sportsman=False,
    )
    code = _code(
        lambda: award_nominate(event=world.event, voter=world.bob, choice=world.carol, by=world.users["bob"])
    )
    assert code == "not-offered"


def test_one_nomination_per_player(offered: World):
    award_nominate(event=offered.event, voter=offered.bob, choice=offered.carol, by=offered.users["bob"])
    award_nominate(event=offered.event, voter=offered.bob, choice=offered.dan, by=offered.users["bob"])
    assert list(
        AwardVote.objects.filter(award=sportsman(offered)).values_list("choice__name", flat=True)
    ) == ["Dan"]


# --- secrecy, closing, ties, publishing --------------------------------------------------


def test_counts_only_when_asked_and_never_who_voted(offered: World):
    best = painted(offered)
    for voter in (offered.bob, offered.carol):
        award_vote(award=best, voter=voter, choice=offered.dan, by=offered.users["alice"])
    award_vote(award=best, voter=offered.dan, choice=offered.erin, by=offered.users["alice"])
    hidden = next(t for t in tallies(offered.event, counted=False) if t.award.pk == best.pk)
    assert hidden.votes_cast == 3
    assert hidden.counts == ()
    assert hidden.winner is None
    counted = next(t for t in tallies(offered.event, counted=True) if t.award.pk == best.pk)
    assert [(p.name, n) for p, n in counted.counts] == [("Dan", 2), ("Erin", 1)]
    assert counted.winner == offered.dan
    assert not counted.tied


def test_close_is_audited_once_and_needs_awards(world: World, offered: World):
    awards_close_voting(event=offered.event, by=offered.users["alice"])
    entry = AuditEntry.objects.get(event=offered.event, action="awards-voting-closed")
    assert entry.data["Best Painted"] == 0
    assert (
        _code(lambda: awards_close_voting(event=offered.event, by=offered.users["alice"])) == "voting-closed"
    )


def test_closing_an_event_without_awards_is_refused(world: World):
    assert _code(lambda: awards_close_voting(event=world.event, by=world.users["alice"])) == "no-awards"


def _tie(offered: World) -> Award:
    best = painted(offered)
    award_vote(award=best, voter=offered.bob, choice=offered.carol, by=offered.users["bob"])
    award_vote(award=best, voter=offered.carol, choice=offered.bob, by=offered.users["carol"])
    award_vote(award=best, voter=offered.dan, choice=offered.erin, by=offered.users["alice"])
    award_vote(award=best, voter=offered.erin, choice=offered.carol, by=offered.users["alice"])
    return best  # Carol 2, Bob 1, Erin 1: no tie yet


def test_a_tie_is_broken_among_the_tied_only_after_closing_and_publish_waits_for_it(offered: World):
    best = _tie(offered)
    award_vote(
        award=best, voter=offered.erin, choice=offered.bob, by=offered.users["alice"]
    )  # Bob 2, Carol 1
    award_vote(
        award=best, voter=offered.dan, choice=offered.carol, by=offered.users["alice"]
    )  # Carol 2: tied
    alice = offered.users["alice"]
    assert _code(lambda: award_break_tie(award=best, winner=offered.bob, by=alice)) == "voting-open"
    assert _code(lambda: awards_publish(event=offered.event, by=alice)) == "voting-open"
    awards_close_voting(event=offered.event, by=alice)
    tally = next(t for t in tallies(offered.event, counted=True) if t.award.pk == best.pk)
    assert tally.tied
    assert {p.name for p in tally.leaders} == {"Bob", "Carol"}
    assert tally.winner is None
    assert _code(lambda: awards_publish(event=offered.event, by=alice)) == "unresolved-tie"
    assert _code(lambda: award_break_tie(award=best, winner=offered.dan, by=alice)) == "not-tied"
    assert _code(lambda: award_break_tie(award=sportsman(offered), winner=offered.dan, by=alice)) == "no-tie"
    award_break_tie(award=best, winner=offered.carol, by=alice, reason="Drew lots at the prize-giving")
    entry = AuditEntry.objects.get(event=offered.event, action="award-tie-broken")
    assert entry.reason == "Drew lots at the prize-giving"
    assert entry.data == {"tied": "Bob, Carol", "chosen": "Carol"}
    best.refresh_from_db()
    assert set(best.tie_among) == {offered.bob.external_id, offered.carol.external_id}
    awards_publish(event=offered.event, by=alice)
    best.refresh_from_db()
    assert best.winner == offered.carol
    assert sportsman(offered).winner is None  # nobody nominated: not awarded
    published = AuditEntry.objects.get(event=offered.event, action="awards-published")
    assert published.data["Best Painted"] == "Carol"
    assert published.data["Best Sportsman"] == "no ballots"
    assert _code(lambda: awards_publish(event=offered.event, by=alice)) == "published"
    assert _code(lambda: award_break_tie(award=best, winner=offered.bob, by=alice)) == "published"


def test_nothing_changes_after_closing(offered: World):
    awards_close_voting(event=offered.event, by=offered.users["alice"])
    code = _code(
        lambda: awards_offer(
            event=offered.event,
            by=offered.users["alice"],
            best_painted=False,
            best_in_faction=False,
            best_sportsman=False,
        )
    )
    assert code == "voting-closed"
    assert Award.objects.filter(event=offered.event).count() == 5
