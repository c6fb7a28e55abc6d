"""Unicode and HTML in names never break a page or a PDF."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from printing.documents import render_document
from printing.models import PrintKind
from printing.params import PrintParams
from tests.builders.rows import PRINTING_OPEN, add_round, add_staff, make_event
from tests.printing.pdf import pages, squash

pytestmark = pytest.mark.django_db

HOSTILE = "<script>alert(1)</script> Zoë 👾"
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt; Zoë 👾"


@pytest.fixture
def event():
    event = make_event(
        **{**PRINTING_OPEN, "name": f"{HOSTILE} Open"}, players=[HOSTILE, "Bruno", "Ana", "Dmitri"], tables=2
    )
    add_round(event, 1, [("p1", "p2"), ("p3", "p4")], results=[(12, 3), (5, 5)])
    return event


def test_pages_show_the_name_as_text_never_as_markup(client, event):
    to = get_user_model().objects.create_user("to", "to@example.org", "to-pass-123")
    add_staff(event, to)
    client.force_login(to)
    urls = [
        f"/e/{event.slug}/",
        f"/e/{event.slug}/pairings/",
        f"/e/{event.slug}/standings/",
        f"/e/{event.slug}/standings/p1/",
        f"/e/{event.slug}/manage/",
        f"/e/{event.slug}/manage/players/",
        "/",
    ]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        page = response.content.decode()
        assert "<script>alert(1)</script>" not in page, url
        assert ESCAPED in page or url == "/", url


def test_api_returns_the_name_unchanged(client, event):
    players = client.get(f"/api/events/{event.slug}/rounds/1/").json()
    names = {g["player_one"]["name"] for g in players["games"]}
    assert HOSTILE in names


@pytest.mark.parametrize("kind", [PrintKind.PAIRINGS, PrintKind.STANDINGS, PrintKind.FIND_TABLE])
def test_pdfs_print_the_name_as_text(event, kind):
    params = PrintParams(round=1) if kind != PrintKind.STANDINGS else PrintParams()
    text = squash(" ".join(pages(render_document(event, kind, params)[2])))
    assert "<script>alert(1)</script> Zoë" in text
    assert "&lt;" not in text  # escaped once for HTML, printed as the characters themselves
