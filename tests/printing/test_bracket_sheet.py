"""The top cut's bracket printed: from the same presenter as the page (seeds, tables,
results, the champion), offered only for an event with a cut once its first round is
paired (staff) or published (everyone), and drawn as a tree for a top 16 or smaller."""

from __future__ import annotations

import pytest

from printing.documents import load_bracket, render_document
from printing.models import PrintKind
from printing.params import PrintParams
from printing.policy import may_print
from tests.builders.rows import make_event
from tests.printing.pdf import pages, squash
from tests.tournaments.test_top_cut import cut_event, games_of, pair_and_publish, play
from tournaments.access import access_event
from tournaments.errors import ServiceError

pytestmark = pytest.mark.django_db


def test_the_bracket_sheet_from_pairing_to_champion(users):
    event = cut_event(users)
    outsider = access_event(users["mallory"], event.slug)
    assert not may_print(outsider, PrintKind.BRACKET, PrintParams())
    with pytest.raises(ServiceError, match="has not begun"):
        load_bracket(event, PrintParams())
    semis = pair_and_publish(event, users)
    assert may_print(outsider, PrintKind.BRACKET, PrintParams())
    first, second = games_of(semis)
    play(first, users, (9, 2))
    play(second, users, (5, 5))
    final = pair_and_publish(event, users)
    [game] = games_of(final)
    play(game, users, (3, 8))
    event.refresh_from_db()  # the bracket is cached per event version, as a worker reads it
    sheet = load_bracket(event, PrintParams())
    assert sheet.tree
    assert game.player_two is not None
    assert sheet.view.champion == game.player_two.name
    text = squash(" ".join(pages(render_document(event, PrintKind.BRACKET, PrintParams())[2])))
    assert "Top 4" in text
    assert f"Champion: {game.player_two.name}" in text
    assert "Semi-final 1" in text
    assert "Tied: the better seed goes on" in text


def test_no_bracket_without_a_cut(users):
    event = make_event(to=users["alice"], players=4)
    to = access_event(users["alice"], event.slug)
    assert not may_print(to, PrintKind.BRACKET, PrintParams())
