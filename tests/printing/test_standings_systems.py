"""Standings show each system's extra keys: Dropzone's total Kill Points as a
fifth key on the web page, in the API, the CSV and the PDF; the PDF says Match Points."""

from __future__ import annotations

import csv
import io

import pytest
from rest_framework.test import APIClient

from printing.csv_exports import standings_csv
from printing.documents import render_document
from printing.models import PrintKind
from printing.params import PrintParams
from tests.builders.results_systems import a_win, one_game
from tests.printing.pdf import pages, squash
from tournaments.services.reporting import ResultInput, result_set

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    return APIClient()


def dropzone_event(users):
    """Bob beats Carol on KP at equal VP (900-450); Dan and Erin draw, equal VP and KP."""
    t = one_game(users, "dropzone-commander")
    result_set(game=t.game, result=a_win("dropzone-commander", t), by=users["judy"], reason="slip")
    other = t.event.rounds.get(number=1).games.exclude(pk=t.game.pk).get()
    draw = ResultInput(vp_one=3, vp_two=3, kp_one=300, kp_two=300)
    result_set(game=other, result=draw, by=users["judy"], reason="slip")
    return t.event


def test_dropzone_standings_carry_kill_points_everywhere(client, api, users):
    event = dropzone_event(users)

    page = client.get(f"/e/{event.slug}/standings/").content.decode()
    assert 'title="Kill Points scored">KP</th>' in page
    assert '<td class="num">900</td>' in page

    rows = api.get(f"/api/events/{event.slug}/standings/").json()["standings"]
    assert {row["name"]: row["kp"] for row in rows} == {"Bob": 900, "Carol": 450, "Dan": 300, "Erin": 300}

    _, _, content = standings_csv(event)
    table = list(csv.DictReader(io.StringIO(content.decode("utf-8-sig"))))
    assert list(table[0])[8] == "kp"  # after oTP
    assert {row["name"]: row["kp"] for row in table} == {
        "Bob": "900",
        "Carol": "450",
        "Dan": "300",
        "Erin": "300",
    }

    flat = squash(pages(render_document(event, PrintKind.STANDINGS, PrintParams())[2])[0])
    assert "KP" in flat
    assert "then Kill Points scored (KP)" in flat
    assert "Bob" in flat
    assert "900" in flat


def test_standings_without_kill_points_leave_the_column_out(client, api, users):
    t = one_game(users, "starcraft-tmg")
    result_set(game=t.game, result=a_win("starcraft-tmg", t), by=users["judy"], reason="slip")
    assert "Kill Points" not in client.get(f"/e/{t.event.slug}/standings/").content.decode()
    rows = api.get(f"/api/events/{t.event.slug}/standings/").json()["standings"]
    assert all("kp" not in row for row in rows)
    _, _, content = standings_csv(t.event)
    assert "kp" not in content.decode("utf-8-sig").splitlines()[0].split(",")
    flat = squash(pages(render_document(t.event, PrintKind.STANDINGS, PrintParams())[2])[0])
    assert "KP" not in flat


def test_the_standings_pdf_says_match_points_as_the_web_does(users):
    # The web page's MP header reads "Match Points"; the PDF said "Mission Points".
    t = one_game(users, "starcraft-tmg")
    flat = squash(pages(render_document(t.event, PrintKind.STANDINGS, PrintParams())[2])[0])
    assert "Order: Match Points (MP)" in flat
    assert "Mission Points" not in flat


def test_pairings_csv_has_the_systems_result_columns(users):
    from printing.csv_exports import pairings_csv

    event = dropzone_event(users)
    _, _, content = pairings_csv(event, event.rounds.get(number=1))
    rows = list(csv.DictReader(io.StringIO(content.decode("utf-8-sig"))))
    assert [(r["vp_one"], r["kp_one"], r["kp_two"]) for r in rows] == [
        ("6", "900", "450"),
        ("3", "300", "300"),
    ]
    assert "winner" not in rows[0]

    w = one_game(users, "warpspawn-starcraft")
    result_set(game=w.game, result=a_win("warpspawn-starcraft", w), by=users["judy"], reason="slip")
    _, _, content = pairings_csv(w.event, w.event.rounds.get(number=1))
    rows = list(csv.DictReader(io.StringIO(content.decode("utf-8-sig"))))
    assert [(r["outcome"], r["vp_one"], r["winner"]) for r in rows] == [("played", "", "p1"), ("", "", "")]
    assert "kp_one" not in rows[0]
