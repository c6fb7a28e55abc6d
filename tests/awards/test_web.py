"""The awards pages: announced on the event page, voted on the awards page, run by the TO
on theirs (set-up, turnout, counts after closing, tie-break, publish, print)."""

from __future__ import annotations

import pytest

from awards.models import AwardProgramme, AwardVote
from tests.awards.conftest import painted
from tests.builders.worlds import World
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db


def test_the_to_sets_up_the_awards_and_the_event_page_announces_them(world: World):
    to = world.client("alice")
    page = to.get(world.url("manage/awards/")).content.decode()
    assert "Best Painted" in page
    assert "Run by" in page
    response = to.post(
        world.url("manage/awards/"),
        {"best_painted": "on", "best_in_faction": "on", "owner": str(world.users["judy"].pk)},
    )
    assert response.status_code == 302
    home = world.client("anonymous").get(world.url()).content.decode()
    assert "Hobby awards" in home
    assert "Best Painted" in home
    assert "Best in Faction: Zerg" in home
    assert "Run by judy" not in home  # for the event's people only
    assert "Run by judy" in world.client("bob").get(world.url()).content.decode()
    assert AwardProgramme.objects.get(event=world.event).owner == world.users["judy"]


def test_an_owner_not_on_staff_is_a_form_error(world: World):
    response = world.client("alice").post(
        world.url("manage/awards/"), {"best_painted": "on", "owner": "999999"}
    )
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()


def test_a_player_votes_and_changes_their_vote(offered: World):
    best = painted(offered)
    bob = offered.client("bob")
    page = bob.get(offered.url("awards/")).content.decode()
    assert "Your votes" in page
    form = page.split(f'id="award-{best.pk}"', 1)[1].split("</section>", 1)[0]
    assert ">Carol<" in form
    assert ">Bob<" not in form
    assert (
        bob.post(offered.url(f"awards/{best.pk}/vote/"), {f"a{best.pk}-choice": offered.carol.pk}).status_code
        == 302
    )
    assert (
        bob.post(offered.url(f"awards/{best.pk}/vote/"), {f"a{best.pk}-choice": offered.dan.pk}).status_code
        == 302
    )
    assert list(AwardVote.objects.filter(award=best).values_list("choice__name", flat=True)) == ["Dan"]
    assert "You voted for <strong>Dan</strong>" in bob.get(offered.url("awards/")).content.decode()
    assert "You voted for" not in offered.client("carol").get(offered.url("awards/")).content.decode()


def test_voting_for_oneself_is_a_form_error(offered: World):
    best = painted(offered)
    response = offered.client("bob").post(
        offered.url(f"awards/{best.pk}/vote/"), {f"a{best.pk}-choice": offered.bob.pk}
    )
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert not AwardVote.objects.exists()


def test_the_to_page_shows_turnout_then_counts_then_publishes(offered: World):
    best = painted(offered)
    offered.client("bob").post(
        offered.url(f"awards/{best.pk}/vote/"), {f"a{best.pk}-choice": offered.carol.pk}
    )
    offered.client("carol").post(
        offered.url(f"awards/{best.pk}/vote/"), {f"a{best.pk}-choice": offered.dan.pk}
    )
    to = offered.client("alice")
    page = to.get(offered.url("manage/awards/")).content.decode()
    assert "Turnout" in page
    assert "2 ballots cast" in page
    assert '<th scope="col">Votes</th>' not in page  # no counts while voting is open
    to.post(offered.url("manage/awards/close/"), {"confirmed": "yes"})
    page = to.get(offered.url("manage/awards/")).content.decode()
    assert "Counts" in page
    assert "Tie" in page
    assert "Break the tie" in page
    publish = to.post(
        offered.url("manage/awards/publish/"), {"confirmed": "yes"}, follow=True
    ).content.decode()
    assert "Break the tie first" in publish
    to.post(
        offered.url(f"manage/awards/{best.pk}/tie-break/"),
        {f"t{best.pk}-winner": offered.dan.pk, f"t{best.pk}-reason": "lots"},
    )
    assert AuditEntry.objects.filter(event=offered.event, action="award-tie-broken").count() == 1
    to.post(offered.url("manage/awards/publish/"), {"confirmed": "yes"})
    home = offered.client("anonymous").get(offered.url()).content.decode()
    assert "Best Painted</strong>: Dan" in home
    awards_page = offered.client("anonymous").get(offered.url("awards/")).content.decode()
    assert "Winners" in awards_page
    assert "Best Painted</strong>: Dan" in awards_page
    assert "Print the awards sheet" in to.get(offered.url("manage/awards/")).content.decode()


def test_the_print_page_offers_the_awards_sheet_once_published(offered: World):
    from awards.services import awards_close_voting, awards_publish

    assert "Awards sheet" not in offered.client("anonymous").get(offered.url("print/")).content.decode()
    assert "Awards sheet" in offered.client("alice").get(offered.url("print/")).content.decode()
    awards_close_voting(event=offered.event, by=offered.users["alice"])
    awards_publish(event=offered.event, by=offered.users["alice"])
    assert "Awards sheet" in offered.client("anonymous").get(offered.url("print/")).content.decode()


def test_the_awards_sheet_pdf_names_each_winner_and_no_count(offered: World):
    from awards.services import award_vote, awards_close_voting, awards_publish
    from printing.documents import render_document
    from printing.models import PrintKind
    from printing.params import PrintParams
    from tests.printing.pdf import pages, squash

    before = squash(pages(render_document(offered.event, PrintKind.AWARDS, PrintParams())[2])[0])
    assert "the winners are not published yet" in before
    assert "Best Painted" in before
    best = painted(offered)
    award_vote(award=best, voter=offered.bob, choice=offered.erin, by=offered.users["bob"])
    awards_close_voting(event=offered.event, by=offered.users["alice"])
    awards_publish(event=offered.event, by=offered.users["alice"])
    filename, mimetype, content = render_document(offered.event, PrintKind.AWARDS, PrintParams())
    assert filename.endswith("-awards-a4.pdf")
    assert mimetype == "application/pdf"
    flat = squash(" ".join(pages(content)))
    assert "Best Painted Erin" in flat
    assert f"({offered.erin.external_id})" not in flat  # a name for the prize-giving, no internal id
    assert "Best Sportsman Not awarded" in flat
    assert "Bob" not in flat  # the voter is nowhere
