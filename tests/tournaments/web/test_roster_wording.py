"""What the roster pages say of where a problem is: in words, never a document path.
A stored roster is roster/1, so a problem judged again later points at `units[4]`; the
player reads "unit 5". The API and the command line keep the engine's `where`."""

from __future__ import annotations

import pytest

from tests.builders.documents import raynor
from tests.builders.rows import add_player, make_event
from tournaments.services.rosters import roster_submit
from tournaments.templatetags.wording import where_words
from tournaments.wording import in_players_words


def test_document_paths_read_as_words():
    said = "Jim Raynor is Unique and is already in the roster at units[4]; remove this one."
    assert (
        in_players_words(said)
        == "Jim Raynor is Unique and is already in the roster at unit 5; remove this one."
    )
    assert (
        in_players_words("the limit is passed at units[0], Marine") == "the limit is passed at unit 1, Marine"
    )
    assert in_players_words("Supply Drop is already at missions[0]") == "Supply Drop is already at mission 1"
    assert in_players_words("rosters[1] is Zerg") == "Roster 2 is Zerg"


@pytest.mark.parametrize(
    ("where", "words"),
    [
        ("units[2]", "Unit 3"),
        ("units[0].upgrades[1]", "Unit 1, upgrade 2"),
        ("cards[0]", "Card 1"),
        ("line 9", "Line 9"),
        ("line 9.aboard", "Line 9 (aboard)"),
        ("units[0].variants", "Unit 1 (variants)"),
        ("faction", "Faction"),
    ],
)
def test_where_reads_as_words(where, words):
    assert where_words(where) == words


@pytest.mark.django_db
def test_the_player_page_never_shows_a_document_path(client, alice, bob):
    event = make_event(to=alice, slug="paths")
    player = add_player(event, bob, "Bob")
    units = raynor()["units"]
    hero = next(u for u in units if u["name"] == "Jim Raynor")
    doc = raynor(units=[*units, hero])  # a second copy of the Unique hero, units[9]
    roster_submit(player=player, slot=1, content=doc, by=bob)
    client.force_login(bob)
    html = client.get("/e/paths/me/").content.decode()
    assert "units[" not in html
    assert "already in the roster at unit 6" in html  # the first Jim Raynor, in words
