"""What a person sees across the event's pages: one navigation bar, readable words, labelled fields.

Found by looking at the demo event as a TO, a judge and a player on a phone and a desktop.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.demo import DEMO_SLUG, load_demo
from tournaments.models import Game


def _client(username: str) -> Client:
    client = Client()
    assert client.login(username=username, password=username)
    return client


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "section_link"),
    [
        ("judging:penalties", "Penalties"),
        ("judging:penalty-new", "Penalties"),
        ("judging:drafts", "Drafts"),
        ("judging:findings", "Roster findings"),
        ("judging:conduct-inbox", "Conduct reports"),
    ],
)
def test_judging_pages_show_the_event_navigation_with_their_section_marked(name, section_link):
    load_demo()
    page = _client("demo-judge").get(reverse(name, args=[DEMO_SLUG])).content.decode()
    nav = re.search(r'<nav class="subnav".*?</nav>', page, re.S)
    assert nav is not None
    # The same links as on the pairings page, not a judging-only bar.
    for link in ("Pairings", "Standings", "Rosters", ">Judge queue<", "Roster board", "Print"):
        assert link in nav.group(0)
    assert re.search(rf'aria-current="page">{section_link}</a>', nav.group(0))


@pytest.mark.django_db
def test_a_players_draft_page_shows_the_event_navigation():
    event = load_demo()
    game = Game.objects.get(round__event=event, round__number=4, player_one__user__username="demo-player")
    page = _client("demo-player").get(reverse("judging:draft", args=[DEMO_SLUG, game.pk])).content.decode()
    nav = re.search(r'<nav class="subnav".*?</nav>', page, re.S)
    assert nav is not None
    assert "My event" in nav.group(0)
    assert "Standings" in nav.group(0)


@pytest.mark.django_db
def test_draft_overview_names_the_step_in_words_not_its_code():
    event = load_demo()
    game = Game.objects.get(round__event=event, round__number=4, player_one__user__username="demo-player")
    _client("demo-player").get(reverse("judging:draft", args=[DEMO_SLUG, game.pk]))
    page = _client("demo-judge").get(reverse("judging:drafts", args=[DEMO_SLUG])).content.decode()
    assert "Step 1: roster selection" in page
    assert "roster-selection" not in page


@pytest.mark.django_db
def test_a_clock_that_has_not_started_does_not_count_down_to_its_first_call():
    load_demo()
    page = Client().get(reverse("judging:clock", args=[DEMO_SLUG])).content.decode()
    assert "Not started" in page
    assert "When the clock starts: " in page
    assert " in 0:00" not in page


@pytest.mark.django_db
def test_penalty_page_labels_point_at_their_own_fields():
    load_demo()
    page = _client("demo-judge").get(reverse("judging:penalty-new", args=[DEMO_SLUG])).content.decode()
    ids = re.findall(r'\bid="([^"]+)"', page)
    assert len(ids) == len(set(ids)), "an id used twice sends a label to the wrong field"
    for target in re.findall(r'<label for="([^"]+)"', page):
        assert target in ids


@pytest.mark.django_db
def test_manage_tabs_mark_the_page_you_are_on():
    load_demo()
    page = _client("demo-to").get(reverse("manage-players", args=[DEMO_SLUG])).content.decode()
    tabs = re.search(r'<nav class="tabs".*?</nav>', page, re.S)
    assert tabs is not None
    assert re.search(r'aria-current="page">Players</a>', tabs.group(0))
    assert tabs.group(0).count('aria-current="page"') == 1
