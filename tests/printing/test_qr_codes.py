"""The QR codes on paper (docs/venue.md, "QR codes"): result slips and table cards, asked
for on the print page, rendered by the worker, downloaded, rasterised as a phone would see
them (PDFium) and decoded (zxing-cpp) back to the addresses they promise."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from printing.documents import load_table_cards
from printing.models import PrintJob, PrintKind
from printing.params import PrintParams
from tests.builders.rows import PRINTING_OPEN, add_round, add_staff, make_event
from tests.printing.pdf import pages, squash
from tests.venue.qr_reading import codes_in_pdf
from tournaments.errors import ServiceError
from tournaments.models import Game, Table

pytestmark = pytest.mark.django_db
SLUG = "printing-open"
SITE = "https://muster.example.org"


@pytest.fixture
def event(alice: Any, settings: Any, django_capture_on_commit_callbacks: Any) -> Any:
    settings.SITE_URL = SITE
    event = make_event(**PRINTING_OPEN, players=["Ana", "Bruno", "Chloé", "Dmitri", "Eve", "Filip"], tables=3)
    add_staff(event, alice)
    return event


def _printed(client: Any, alice: Any, captured: Any, **data: str) -> bytes:
    client.force_login(alice)
    with captured(execute=True):
        response = client.post(reverse("printing:request", args=[SLUG]), data)
    assert response.status_code == 302
    job = PrintJob.objects.latest("id")
    download = client.get(reverse("printing:download", args=[SLUG, job.pk]))
    assert download.status_code == 200
    return b"".join(download.streaming_content)


def test_each_slip_holds_its_games_result_address(
    client: Any, event: Any, alice: Any, django_capture_on_commit_callbacks: Any
) -> None:
    add_round(event, 1, [("p1", "p2"), ("p3", "p4"), ("p5", "p6")])
    content = _printed(client, alice, django_capture_on_commit_callbacks, kind="slips", round="1")
    games = list(Game.objects.filter(round__event=event).order_by("table__number"))
    expected = [[f"{SITE}/e/{SLUG}/games/{g.pk}/result/"] for g in games]
    assert codes_in_pdf(content) == expected
    # The slip still fits its page, with the table number beside the code.
    texts = pages(content)
    assert len(texts) == 3
    assert "Scan to enter the result" in squash(texts[0])


def test_table_cards_one_per_table_with_its_page(
    client: Any, event: Any, alice: Any, django_capture_on_commit_callbacks: Any
) -> None:
    Table.objects.filter(event=event, number=2).update(layout="Ruined city")
    Table.objects.filter(event=event, number=1).update(layout="")
    content = _printed(client, alice, django_capture_on_commit_callbacks, kind="table-cards")
    assert codes_in_pdf(content) == [[f"{SITE}/e/{SLUG}/tables/{n}/"] for n in (1, 2, 3)]
    texts = [squash(t) for t in pages(content)]
    assert len(texts) == 3
    assert "Table2" in texts[1].replace(" ", "")  # the big number: extraction splits its letters
    assert "Layout: Ruined city" in texts[1]
    assert "Layout" not in texts[0]


def test_table_cards_need_tables(alice: Any) -> None:
    event = make_event(**PRINTING_OPEN, players=["Ana", "Bruno"], tables=0)
    add_staff(event, alice)
    with pytest.raises(ServiceError) as refused:
        load_table_cards(event, PrintParams())
    assert refused.value.code == "no-tables"


@pytest.mark.parametrize("who", ["bob", "mallory", None])
def test_only_staff_print_table_cards(client: Any, event: Any, who: str | None, request: Any) -> None:
    if who is not None:
        client.force_login(request.getfixturevalue(who))
    page = client.get(reverse("printing:page", args=[SLUG])).content.decode()
    assert PrintKind.TABLE_CARDS.label not in page
    response = client.post(reverse("printing:request", args=[SLUG]), {"kind": "table-cards"})
    assert response.status_code in (302, 404)
    assert not PrintJob.objects.filter(kind="table-cards").exists()


def test_the_to_is_offered_table_cards(client: Any, event: Any, alice: Any) -> None:
    client.force_login(alice)
    page = client.get(reverse("printing:page", args=[SLUG])).content.decode()
    assert "Table cards" in page
    assert 'value="table-cards"' in page
