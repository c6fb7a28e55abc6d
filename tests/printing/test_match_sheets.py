"""A team tournament's match sheets (docs/team-matches.md): a page per team match, with its
block of tables, who plays where (blanks while the captains' protocol is still pairing),
blanks for each game's result and the captains' signatures. The TO prints every match of a
round from the round page; a captain prints their own team's match."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from printing.documents import load_sheet, render_document
from printing.models import PrintJob, PrintKind, PrintStatus
from printing.params import PrintParams
from printing.policy import may_print, request_params
from tests.builders.rows import make_event
from tests.builders.team_tournaments import member_ids
from tests.builders.teams import MEMBERS, first_match, squad, team_tournament
from tests.printing.pdf import pages, squash
from tournaments.access import access_event
from tournaments.errors import ServiceError
from tournaments.models import Event, MatchPairing
from tournaments.services.team_matches import protocol_choose

pytestmark = pytest.mark.django_db


@pytest.fixture
def dan(django_user_model):
    return django_user_model.objects.create_user("dan", "dan@example.org", "dan-pass-123")


def four_teams(alice, bob, carol, dan, **fields) -> Event:
    """Red (captain bob, then dan), Blue (captain carol), Green and Gold: two matches."""
    return team_tournament(
        alice,
        teams=("Red", "Blue", "Green", "Gold"),
        accounts={"Red": [bob, dan], "Blue": [carol]},
        pairing=MatchPairing.STANDINGS_ORDER,
        **fields,
    )


def test_the_to_prints_a_page_per_match_of_the_round(alice, bob, carol, dan):
    event = four_teams(alice, bob, carol, dan)
    filename, mimetype, content = render_document(event, PrintKind.MATCH_SHEETS, PrintParams(round=1))
    assert (filename, mimetype) == ("team-cup-match-sheets-round-1-a4.pdf", "application/pdf")
    texts = [squash(text) for text in pages(content)]
    assert len(texts) == 2
    matches = list(event.rounds.get(number=1).team_matches.order_by("first_table"))
    for text, match, block in zip(texts, matches, ("Tables 1\u20133", "Tables 4\u20136"), strict=True):
        assert match.team_b is not None
        assert f"{match.team_a.name} v {match.team_b.name}" in text
        assert f"Round 1 match sheet · {block}".replace(" ", "") in text.replace(" ", "")
        for game in match.games.select_related("table", "player_one", "player_two"):
            assert game.table is not None
            assert game.player_two is not None
            assert f"{game.table.number} {game.player_one.name} {game.player_two.name}" in text
        captain_a = MEMBERS[match.team_a.name][0]
        assert f"Captain of {match.team_a.name} ({captain_a}): signature" in text
        assert f"Captain of {match.team_b.name}" in text
        assert "The team that wins more games wins the match; as many each is a draw." in text
        assert "Games won:" in text
        assert "Game points:" not in text
        assert "☐ A ☐ B ☐ Draw" in text


def test_a_protocol_match_not_yet_paired_prints_its_tables_with_blanks(alice, bob, carol, dan):
    event = team_tournament(
        alice, size=5, accounts={"Red": [bob], "Blue": [carol]}, match_rule="game-points", match_draw_margin=3
    )
    match = first_match(event)
    assert match.team_b is not None
    a, b = match.team_a, match.team_b
    protocol_choose(match=match, squad=a, choice=[member_ids(a)[0]], by=alice)
    protocol_choose(match=match, squad=b, choice=[member_ids(b)[0]], by=alice)
    protocol_choose(match=match, squad=a, choice=member_ids(a)[1:3], by=alice)
    protocol_choose(match=match, squad=b, choice=member_ids(b)[1:3], by=alice)
    protocol_choose(match=match, squad=a, choice=[member_ids(b)[1]], by=alice)
    protocol_choose(match=match, squad=b, choice=[member_ids(a)[1]], by=alice)  # two games made
    sheet = load_sheet(event, PrintKind.MATCH_SHEETS, PrintParams(round=1))
    games = sheet.matches[0].games  # type: ignore[union-attr]
    assert [g.table for g in games] == [1, 2, 3, 4, 5]
    assert [bool(g.one) for g in games] == [True, True, False, False, False]
    text = squash(pages(render_document(event, PrintKind.MATCH_SHEETS, PrintParams(round=1))[2])[0])
    assert "a difference of 3 or less is a draw" in text
    assert "Game points:" in text


def test_a_captain_prints_their_own_teams_match_only(alice, bob, carol, dan):
    event = four_teams(alice, bob, carol, dan)
    red = squad(event, "Red")
    bobs = access_event(bob, event.slug)
    kind, params = request_params(bobs, PrintKind.MATCH_SHEETS, paper=None)
    assert params == PrintParams(round=1, team=red.external_id)
    assert may_print(bobs, kind, params)
    sheet = load_sheet(event, kind, params)
    assert len(sheet.matches) == 1  # type: ignore[union-attr]
    assert "Red" in (sheet.matches[0].team_a, sheet.matches[0].team_b)  # type: ignore[union-attr]
    # Another team's match, every match, a member who is not captain: not theirs to print.
    blue = squad(event, "Blue")
    assert not may_print(bobs, kind, PrintParams(round=1, team=blue.external_id))
    assert not may_print(bobs, kind, PrintParams(round=1))
    dans = access_event(dan, event.slug)
    assert not may_print(dans, *request_params(dans, PrintKind.MATCH_SHEETS, paper=None))
    # The TO prints them all; nobody prints them for an event of players.
    alices = access_event(alice, event.slug)
    assert may_print(alices, *request_params(alices, PrintKind.MATCH_SHEETS, paper=None))
    plain = make_event(to=alice, slug="plain")
    assert not may_print(access_event(alice, plain.slug), PrintKind.MATCH_SHEETS, PrintParams(round=1))


def test_a_captain_sees_no_draft_round_and_a_team_with_the_bye_has_no_sheet(alice, bob, carol):
    event = team_tournament(
        alice, teams=("Red", "Blue", "Green"), accounts={"Red": [bob], "Blue": [carol]}, published=False
    )
    bobs = access_event(bob, event.slug)
    red = squad(event, "Red")
    assert not may_print(bobs, PrintKind.MATCH_SHEETS, PrintParams(round=1, team=red.external_id))
    bye = event.rounds.get(number=1).team_matches.get(team_b__isnull=True).team_a
    with pytest.raises(ServiceError) as caught:
        load_sheet(event, PrintKind.MATCH_SHEETS, PrintParams(round=1, team=bye.external_id))
    assert caught.value.code == "no-team-match"


def test_the_round_page_and_the_team_page_print_them(
    alice, bob, carol, dan, django_capture_on_commit_callbacks
):
    event = four_teams(alice, bob, carol, dan)
    to, captain, member = Client(), Client(), Client()
    to.force_login(alice)
    captain.force_login(bob)
    member.force_login(dan)
    round_page = to.get(f"/e/{event.slug}/manage/rounds/1/").content.decode()
    assert "Print the match sheets" in round_page
    assert 'name="kind" value="match-sheets"' in round_page
    assert "Print the match sheet" in captain.get(f"/e/{event.slug}/my-team/").content.decode()
    request = reverse("printing:request", args=[event.slug])
    with django_capture_on_commit_callbacks(execute=True):
        answer = captain.post(request, {"kind": "match-sheets", "round": "1"})
    assert answer.status_code == 302
    job = PrintJob.objects.get()
    assert job.params == {"paper": "a4", "round": 1, "team": squad(event, "Red").external_id}
    assert job.status == PrintStatus.DONE
    assert member.post(request, {"kind": "match-sheets", "round": "1"}).status_code == 404
    to.post(request, {"kind": "match-sheets", "round": "1"})
    assert PrintJob.objects.filter(params={"paper": "a4", "round": 1}).exists()
    # The print page offers them to the TO and to a captain, never to a member.
    assert "Team match sheets" in to.get(f"/e/{event.slug}/print/").content.decode()
    assert "Team match sheets" in captain.get(f"/e/{event.slug}/print/").content.decode()
    assert "Team match sheets" not in member.get(f"/e/{event.slug}/print/").content.decode()
