"""The public event listing (the home page): each event names its game, as the game system
calls it and its engagement scale, and a side event names the event it runs beside (OP Guide:
Side Events)."""

from __future__ import annotations

import pytest

from tests.builders.rows import make_event

pytestmark = pytest.mark.django_db


def test_each_event_names_its_game_and_scale_as_the_system_calls_them(client):
    make_event(name="Spring Skirmish")
    make_event(name="Dropfest", slug="dropfest", game_system="dropzone-commander", scale="clash")
    page = client.get("/").content.decode()
    assert "StarCraft: Tabletop Miniature Game" in page
    assert "Dropzone Commander, Community, Clash" in page
    assert "starcraft-tmg" not in page


def test_a_side_event_is_listed_with_its_main_event(client, django_assert_max_num_queries):
    main = make_event(name="Grand Open", slug="grand-open")
    for n in range(3):
        make_event(name=f"Narrative {n}", slug=f"narrative-{n}", side_event_of=main)
    with django_assert_max_num_queries(2):  # the session aside: the events with their main events
        page = client.get("/").content.decode()
    assert page.count("Side event of") == 3
    assert page.count('href="/e/grand-open/"') == 4  # its own card and one link from each side event


def test_the_event_page_names_the_scale_as_the_system_calls_it(client):
    make_event(scale="grand-offensive", points_limit=3000)
    page = client.get("/e/spring-skirmish/").content.decode()
    assert "Grand Offensive" in page
    assert "Grand-offensive" not in page
