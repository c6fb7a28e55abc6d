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
