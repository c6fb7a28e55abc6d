"""Page structure that axe-core checks, held in the server's HTML: every input named, the
heading outline in order, a main landmark and a skip link on every page."""

from __future__ import annotations

import itertools
import re

import pytest

from tests.builders.worlds import build_world

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(users):
    return build_world(users, name="Winter Clash", rosters=False)


def test_every_scoring_band_input_has_a_name(world):
    page = world.client("alice").get(world.url("manage/settings/")).content.decode()
    section = page[page.index('id="scoring"') :]
    inputs = re.findall(r"<input [^>]*name=\"scoring-band\d+_\w+\"[^>]*>", section)
    assert inputs
    assert all("aria-label=" in tag for tag in inputs)
    assert "forget the bands and bye above" in page


def test_the_projector_clock_has_a_main_landmark_and_a_skip_link(world):
    page = world.client("anonymous").get(world.url("clock/")).content.decode()
    assert '<main id="content"' in page
    assert 'class="skip-link" href="#content"' in page


def test_the_judge_queue_headings_go_in_order(world):
    from tests.builders.rows import add_round
    from tournaments.models import ResultStatus, RoundStatus

    round_ = add_round(world.event, 1, [(world.bob, world.carol)], RoundStatus.PUBLISHED)
    round_.games.update(result_status=ResultStatus.DISPUTED)
    page = world.client("judy").get(world.url("judge/")).content.decode()
    levels = [int(n) for n in re.findall(r"<h([1-6])", page[page.index("<main") :])]
    assert levels[0] == 1
    assert all(b - a <= 1 for a, b in itertools.pairwise(levels)), levels


def test_no_table_has_an_empty_header(world):
    for who, path in (("alice", "manage/staff/"), ("alice", "manage/"), ("anonymous", "pairings/")):
        page = world.client(who).get(world.url(path)).content.decode()
        assert "<th></th>" not in page, path


def test_the_judges_game_page_has_a_main_heading(world):
    from tests.builders.rows import add_round
    from tournaments.models import RoundStatus

    round_ = add_round(world.event, 1, [(world.bob, world.carol)], RoundStatus.PUBLISHED)
    game = round_.games.get()
    page = world.client("judy").get(world.url(f"judge/games/{game.pk}/")).content.decode()
    levels = [int(n) for n in re.findall(r"<h([1-6])", page[page.index("<main") :])]
    assert levels[0] == 1, levels
    assert all(b - a <= 1 for a, b in itertools.pairwise(levels)), levels


def test_the_chess_clock_page_headings_go_in_order(world):
    """h1 the page, h2 the game, h3 the clock (the clock's own heading, h3 where the table
    view holds it): the page went from h1 straight to h3."""
    from judging.services import clock_start
    from judging.services.chess_clock import chess_clock_start
    from tests.builders.rows import add_round
    from tournaments.models import RoundStatus

    round_ = add_round(world.event, 1, [(world.bob, world.carol)], RoundStatus.PUBLISHED, running=True)
    clock_start(round_=round_, by=world.users["alice"])
    game = round_.games.get()
    for started in (False, True):
        if started:
            chess_clock_start(game=game, player=world.bob, by=world.users["bob"])
        page = world.client("bob").get(world.url(f"games/{game.pk}/chess-clock/")).content.decode()
        levels = [int(n) for n in re.findall(r"<h([1-6])", page[page.index("<main") :])]
        assert levels[0] == 1, levels
        assert all(b - a <= 1 for a, b in itertools.pairwise(levels)), levels


@pytest.mark.parametrize("system", ["dropzone-commander", "morsdei", "warpspawn-starcraft"])
def test_the_judges_game_page_links_no_draft_where_the_system_has_none(users, system):
    """A system without a pre-game draft has no draft page (404): the judge's game page
    linked one for every game."""
    from django.test import Client

    from tests.builders.results_systems import one_game

    t = one_game(users, system)
    judge = Client()
    judge.force_login(users["judy"])
    page = judge.get(f"/e/{t.event.slug}/judge/games/{t.game.pk}/").content.decode()
    assert f"/games/{t.game.pk}/draft/" not in page
    assert judge.get(f"/e/{t.event.slug}/games/{t.game.pk}/draft/").status_code == 404
