"""One set of loaders (`tournaments.access.*_or_404`) for web, API and judging: scoped to
the caller's event and role, 404 alike for what does not exist and what may not be seen."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.http import Http404

from rosters.models import Roster
from tests.builders.documents import raynor
from tests.builders.rows import add_round
from tests.builders.worlds import build_world
from tournaments.access import (
    access_event,
    game_or_404,
    player_or_404,
    roster_or_404,
    round_or_404,
    seat_or_404,
)
from tournaments.models import Game, RoundStatus

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def test_a_round_still_being_reviewed_is_for_staff_only(users, world):
    add_round(world.event, 1, [(world.bob, world.carol), (world.dan, world.erin)], RoundStatus.PAIRED)
    staff = access_event(users["alice"], world.event.slug)
    player = access_event(users["bob"], world.event.slug)
    assert round_or_404(staff, 1).number == 1
    game = Game.objects.filter(round__event=world.event).first()
    assert game is not None
    assert game_or_404(staff, game.pk) == game
    with pytest.raises(Http404):
        round_or_404(player, 1)
    with pytest.raises(Http404):
        game_or_404(player, game.pk)


def test_published_rounds_are_seen_by_players_and_seats_by_their_two_players(users, world):
    add_round(world.event, 1, [(world.bob, world.carol), (world.dan, world.erin)], RoundStatus.PUBLISHED)
    bob = access_event(users["bob"], world.event.slug)
    game = Game.objects.get(round__event=world.event, player_one=world.bob)
    assert round_or_404(bob, 1).number == 1
    assert seat_or_404(bob, game) == world.bob
    other = Game.objects.get(round__event=world.event, player_one=world.dan)
    with pytest.raises(Http404):
        seat_or_404(bob, other)
    with pytest.raises(Http404):
        round_or_404(bob, 2)


def test_rows_of_another_event_are_not_found(users, world):
    elsewhere = build_world(users, name="Elsewhere", rosters=False)
    add_round(elsewhere.event, 1, [(elsewhere.bob, elsewhere.carol)], RoundStatus.PUBLISHED)
    roster = Roster.objects.create(player=elsewhere.bob, slot=1, document=raynor(), report={})
    staff = access_event(users["alice"], world.event.slug)
    assert player_or_404(staff, world.bob.external_id) == world.bob
    assert player_or_404(staff, pk=world.bob.pk) == world.bob
    game = Game.objects.get(round__event=elsewhere.event)
    for load in (
        lambda: player_or_404(staff, pk=elsewhere.bob.pk),
        lambda: player_or_404(staff),
        lambda: game_or_404(staff, game.pk),
        lambda: roster_or_404(staff, roster.pk),
    ):
        with pytest.raises(Http404):
            load()
    assert roster_or_404(access_event(users["alice"], elsewhere.event.slug), roster.pk) == roster


LOADER_NAMES = {"event_round", "event_player", "event_game", "player_in_event", "round_in_event"}


def test_no_app_defines_loaders_of_its_own():
    """The loaders live in tournaments/access.py alone; web, API and judging import them."""
    found = []
    for package in ("tournaments", "judging", "printing", "interchange"):
        for source in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in source.parts or source == ROOT / "tournaments" / "access.py":
                continue
            tree = ast.parse(source.read_text(encoding="utf-8"))
            names = [node.name for node in tree.body if isinstance(node, ast.FunctionDef)]
            found += [
                f"{source.relative_to(ROOT)}:{name}"
                for name in names
                if name.endswith("_or_404") or name in LOADER_NAMES
            ]
    assert found == []
