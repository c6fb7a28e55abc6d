"""The hall screen's page and data (docs/venue.md, "Hall screen"): public, chosen per
screen by its link, fed from the public pages' selectors, conditional on the event's
version, and cheap in queries whatever the field's size."""

from __future__ import annotations

import pytest

from tests.builders.rows import add_round, make_event, play_round
from tests.builders.teams import team_tournament
from tournaments.models import Event, RoundStage, RoundStatus
from venue.services import announcement_post, announcement_withdraw

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(alice) -> Event:
    event = make_event(to=alice, players=["Zoë Adams", "Álvaro Brown", "Carl Cole", "Dee Dunn", "Eve Ellis"])
    play_round(event, 1)
    add_round(event, 2, [("p1", "p3"), ("p2", "p5"), ("p4", None)])
    return event


def test_the_screen_is_public_and_has_no_site_chrome(client, event):
    response = client.get(f"/e/{event.slug}/screen/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "data-hall-screen" in page
    assert 'data-clock-poll="0.5"' in page  # the clock in the corner, on the fast channel
    assert "/e/spring-skirmish/clock/state/" in page
    assert 'class="site-nav' not in page
    assert "<nav" not in page
    assert response["Cache-Control"] == "no-store"


def test_a_clock_only_screen_shows_the_big_clock_alone(client, event):
    page = client.get(f"/e/{event.slug}/screen/?show=clock").content.decode()
    assert "clock-big" in page
    assert "data-hall-screen" not in page
    assert "hall_screen.js" not in page


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ("?show=pairings,scores", "cannot show scores"),
        ("?seconds=fast", "seconds must be a number"),
        ("?seconds=0", "between 0.2 and 120"),
    ],
)
def test_a_link_asking_for_what_no_screen_shows_is_told_why(client, event, query, said):
    response = client.get(f"/e/{event.slug}/screen/{query}")
    assert response.status_code == 400
    assert said in response.content.decode()


def test_the_views_are_chosen_per_screen_in_rotation_order(client, event):
    page = client.get(
        f"/e/{event.slug}/screen/?show=standings&show=names,pairings&seconds=3"
    ).content.decode()
    assert "&quot;views&quot;: [&quot;pairings&quot;, &quot;names&quot;, &quot;standings&quot;]" in page
    assert "&quot;seconds&quot;: 3.0" in page


def test_the_data_is_what_the_public_pages_show(client, event, alice):
    announcement_post(event=event, by=alice, text="Lunch in the foyer")
    data = client.get(f"/e/{event.slug}/screen/data/").json()
    assert data["round"] == {"number": 2, "title": "Round 2", "scenario": "", "closed": False}
    assert data["player_word"] == "Player"
    assert data["pairings"] == [
        {"kind": "game", "table": "1", "one": "Zoë Adams", "two": "Carl Cole"},
        {"kind": "game", "table": "2", "one": "Álvaro Brown", "two": "Eve Ellis"},
        {"kind": "game", "table": "—", "one": "Dee Dunn", "two": None},
    ]
    # Alphabetical as people read a list, accents ignored (Álvaro with the A's).
    assert [(s["name"], s["table"]) for s in data["names"]] == [
        ("Álvaro Brown", "2"),
        ("Carl Cole", "1"),
        ("Dee Dunn", "—"),
        ("Eve Ellis", "2"),
        ("Zoë Adams", "1"),
    ]
    assert data["names"][2]["opponent"] == "Bye"
    standings = data["standings"]
    assert standings["columns"] == ["MP", "TP", "SoS", "oTP"]
    assert len(standings["rows"]) == 5
    assert standings["rows"][0]["rank"] in ("1", "=1")
    assert standings["final"] is False
    assert [a["text"] for a in data["announcements"]] == ["Lunch in the foyer"]


def test_a_cut_round_says_so(client, alice):
    event = make_event(to=alice, players=4)
    round_ = add_round(event, 1, [("p1", "p2"), ("p3", "p4")])
    round_.stage = RoundStage.CUT
    round_.save(update_fields=["stage"])
    assert client.get(f"/e/{event.slug}/screen/data/").json()["round"]["title"] == "Round 1 · top cut"


def test_nothing_published_yet(client, alice):
    event = make_event(to=alice, players=4)
    add_round(event, 1, [("p1", "p2"), ("p3", "p4")], RoundStatus.PAIRED)  # the TO's draft only
    data = client.get(f"/e/{event.slug}/screen/data/").json()
    assert data["round"] is None
    assert data["pairings"] == []
    assert data["names"] == []


def test_a_team_tournament_is_shown_match_by_match(client, alice):
    event = team_tournament(alice)
    data = client.get(f"/e/{event.slug}/screen/data/").json()
    headings = [row for row in data["pairings"] if row["kind"] == "heading"]
    assert headings, data["pairings"]
    assert " v " in headings[0]["text"]
    assert headings[0]["text"].startswith("Tables ")
    assert data["standings"]["title"] == "Team standings"


def test_the_data_is_a_304_until_the_event_changes(client, event, alice, settings):
    settings.LIVE_REFRESH_MS = 0  # every new version rendered at once (see the next test)
    url = f"/e/{event.slug}/screen/data/"
    first = client.get(url)
    etag = first["ETag"]
    assert etag
    assert "no-cache" in first["Cache-Control"]
    assert client.get(url, headers={"if-none-match": etag}).status_code == 304
    announcement = announcement_post(event=event, by=alice, text="Round 3 at 15:00")
    changed = client.get(url, headers={"if-none-match": etag})
    assert changed.status_code == 200
    assert [a["text"] for a in changed.json()["announcements"]] == ["Round 3 at 15:00"]
    announcement_withdraw(announcement=announcement, by=alice)
    assert client.get(url, headers={"if-none-match": changed["ETag"]}).json()["announcements"] == []


def test_a_screen_polling_at_a_round_end_gets_a_version_at_most_a_second_old(client, event, alice, settings):
    # Screens poll in the background like the phones: a version rendered less than
    # LIVE_REFRESH_MS ago is answered under its own, older ETag (tournaments.caching).
    settings.LIVE_REFRESH_MS = 60_000
    url = f"/e/{event.slug}/screen/data/"
    first = client.get(url)
    announcement_post(event=event, by=alice, text="Round 3 at 15:00")
    lagging = client.get(url, headers={"if-none-match": first["ETag"]})
    assert lagging.status_code == 304
    assert lagging["ETag"] == first["ETag"]
    settings.LIVE_REFRESH_MS = 0
    assert client.get(url, headers={"if-none-match": first["ETag"]}).status_code == 200


@pytest.mark.parametrize("players", [8, 128])
def test_the_data_costs_the_same_queries_for_any_field(client, alice, players, django_assert_max_num_queries):
    event = make_event(to=alice, players=players)
    play_round(event, 1)
    play_round(event, 2, status=RoundStatus.PUBLISHED, scored=False)
    url = f"/e/{event.slug}/screen/data/"
    # The event, the rounds, the games, the results record (4), the cut, the round's
    # progress, the announcements: the same ten for 8 players as for 128.
    with django_assert_max_num_queries(10):
        response = client.get(url)
    assert len(response.json()["names"]) == players
    with django_assert_max_num_queries(1):  # the event alone: an anonymous screen has no roles
        assert client.get(url, headers={"if-none-match": response["ETag"]}).status_code == 304


def test_the_event_page_shows_the_announcements_in_force(client, event, alice):
    kept = announcement_post(event=event, by=alice, text="Car park closes at 19:00")
    gone = announcement_post(event=event, by=alice, text="Raffle at noon")
    announcement_withdraw(announcement=gone, by=alice)
    page = client.get(f"/e/{event.slug}/").content.decode()
    assert kept.text in page
    assert "Raffle at noon" not in page


def test_a_team_games_entrants_are_teams(client, alice):
    # A team game (docs/teams.md): each entrant is a team, named as on the pairings page.
    event = make_event(to=alice, players=["Red Raiders", "Blue Brigade"], team_size=2, team_budget=2000)
    add_round(event, 1, [("p1", "p2")])
    data = client.get(f"/e/{event.slug}/screen/data/").json()
    assert data["player_word"] == "Team"
    assert data["pairings"] == [{"kind": "game", "table": "1", "one": "Red Raiders", "two": "Blue Brigade"}]
