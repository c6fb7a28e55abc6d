"""CSV downloads: UTF-8 with BOM, proper quoting, names that survive a round trip."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from printing.csv_exports import pairings_csv, rosters_csv, standings_csv, to_csv
from tests.builders.rows import PRINTING_OPEN, add_roster, add_round, add_staff, make_event, player_of
from tournaments.models import RoundStatus
from tournaments.spreadsheet import safe_text

pytestmark = pytest.mark.django_db

TRICKY = ["Zoë, d'Arc", 'Bruno "The Wall" Keller', "Søren\nNewline", "Ñandú; Pérez"]


def read(content: bytes) -> list[list[str]]:
    assert content.startswith(b"\xef\xbb\xbf")  # the BOM spreadsheets look for
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig"), newline="")))


def test_names_with_accents_commas_quotes_and_newlines_survive_a_round_trip():
    content = to_csv(("name", "n"), [(name, i) for i, name in enumerate(TRICKY)])
    assert read(content) == [["name", "n"], *([name, str(i)] for i, name in enumerate(TRICKY))]


def test_lines_end_with_crlf_and_only_cells_that_need_it_are_quoted():
    content = to_csv(("a", "b"), [("plain", "Zoë, d'Arc")])
    assert content.decode("utf-8-sig") == 'a,b\r\nplain,"Zoë, d\'Arc"\r\n'


def test_text_that_a_spreadsheet_would_run_as_a_formula_is_defused():
    assert safe_text('=HYPERLINK("http://evil")') == '\'=HYPERLINK("http://evil")'
    assert safe_text("+1") == "'+1"
    assert safe_text("@SUM(A1)") == "'@SUM(A1)"
    assert safe_text("Zoë") == "Zoë"
    assert read(to_csv(("n",), [(-3,)]))[1] == ["-3"]  # numbers stay numbers


def test_standings_csv_round_trip():
    event = make_event(**PRINTING_OPEN, players=TRICKY, tables=2, planned_rounds=1)
    add_round(event, 1, [("p1", "p2"), ("p3", "p4")], status=RoundStatus.CLOSED, results=[(12, 3), (5, 5)])
    filename, mimetype, content = standings_csv(event)
    assert (filename, mimetype) == ("printing-open-standings.csv", "text/csv; charset=utf-8")
    rows = read(content)
    assert rows[0] == [
        "rank",
        "shared",
        "player",
        "name",
        "mp",
        "tp",
        "sos",
        "otp",
        "games",
        "status",
        "standings",
    ]
    assert rows[1] == ["1", "", "p1", "Zoë, d'Arc", "3", "4", "0.0000", "1.0000", "1", "active", "final"]
    # p3 and p4 drew 5-5 and tie on all four keys: they share second place.
    assert [r[:2] for r in rows[1:]] == [["1", ""], ["2", "yes"], ["2", "yes"], ["4", ""]]
    assert {r[3] for r in rows[1:]} == set(TRICKY)


def test_pairings_csv_shows_confirmed_results_only():
    event = make_event(**PRINTING_OPEN, players=TRICKY[:3], tables=1)
    round_ = add_round(event, 1, [("p1", "p2"), ("p3", None)], results=[(10, 2)])
    filename, _, content = pairings_csv(event, round_)
    assert filename == "printing-open-round-1-pairings.csv"
    rows = read(content)
    assert rows[1] == [
        "1",
        "1",
        "Map 1",
        "p1",
        "Zoë, d'Arc",
        "p2",
        'Bruno "The Wall" Keller',
        "played",
        "10",
        "2",
        "confirmed",
    ]
    assert rows[2] == ["1", "", "", "p3", "Søren\nNewline", "", "", "bye", "", "", "confirmed"]
    pending = add_round(event, 2, [("p1", "p3"), ("p2", None)], status=RoundStatus.PAIRED)
    assert read(pairings_csv(event, pending)[2])[1][7:] == ["", "", "", "pending"]


def test_rosters_csv_has_one_row_per_unit_and_card():
    event = make_event(**PRINTING_OPEN, players=["Zoë, d'Arc"], tables=0)
    roster = add_roster(player_of(event, "p1"))
    rows = read(rosters_csv(event, [roster])[2])
    header, body = rows[0], rows[1:]
    assert header[:9] == ["player", "name", "roster", "faction", "legal", "minerals", "gas", "supply", "line"]
    units = [r for r in body if r[8] == "unit"]
    cards = [r for r in body if r[8] == "card"]
    assert len(units) == 9
    assert len(cards) == 6
    assert units[0][:14] == [
        "p1",
        "Zoë, d'Arc",
        "1",
        "Raynor's Raiders",
        "yes",
        "1670",
        "185",
        "13",
        "unit",
        "Marine",
        "9",
        "core",
        "",
        "2",
    ]
    assert units[0][14] == "210"
    assert cards[0][9:13] == ["Barracks", "", "", "tactical"]
    assert cards[0][15] == "25"


def test_csv_downloads_by_role(client, alice, mallory):
    event = make_event(**PRINTING_OPEN, players=TRICKY[:2], tables=1)
    add_staff(event, alice)
    add_roster(player_of(event, "p1"))
    add_round(event, 1, [("p1", "p2")], status=RoundStatus.PAIRED)
    standings = reverse("printing:csv-standings", args=[event.slug])
    pairings = reverse("printing:csv-pairings", args=[event.slug, 1])
    rosters = reverse("printing:csv-rosters", args=[event.slug])
    client.force_login(mallory)
    assert [client.get(u).status_code for u in (standings, pairings, rosters)] == [404, 404, 404]
    client.force_login(alice)
    response = client.get(rosters)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="printing-open-rosters.csv"'
    assert read(response.content)[1][1] == "Zoë, d'Arc"
    assert client.get(pairings).status_code == 200
    event.rounds.update(status=RoundStatus.PUBLISHED)
    client.force_login(mallory)
    assert client.get(pairings).status_code == 200
    assert client.get(standings).status_code == 200
    assert client.get(reverse("printing:csv-pairings", args=[event.slug, 2])).status_code == 404
