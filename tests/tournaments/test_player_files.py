"""Player lists as spreadsheets save them: UTF-16 "Unicode Text", legacy code pages, and
files that are not text at all (tournaments.players_csv.decode_upload)."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.builders.rows import make_event
from tournaments.players_csv import CsvProblem, decode_upload, read_player_list

pytestmark = pytest.mark.django_db

URL = "/e/spring-skirmish/manage/players/import/"


def _upload(client, raw: bytes):
    return client.post(
        URL, {"file": SimpleUploadedFile("players.csv", raw, content_type="text/csv")}, follow=True
    )


def test_excels_unicode_text_imports(client, alice):
    """Excel's "Unicode Text": UTF-16 with a byte-order mark, tab-separated."""
    event = make_event(to=alice)
    client.force_login(alice)
    text = "First Name\tLast Name\tEmail\r\nZoë\tMüller\tzoe@example.org\r\n"
    page = _upload(client, text.encode("utf-16")).content.decode()
    assert "Imported 1 player" in page, page
    assert [(p.name, p.email) for p in event.players.all()] == [("Zoë Müller", "zoe@example.org")]


@pytest.mark.parametrize(
    "raw",
    [
        b"Name,Email\nAda\x00,ada@example.org\n",
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
    ],
)
def test_a_file_with_nul_bytes_is_refused_clearly_and_nothing_imported(client, alice, raw):
    event = make_event(to=alice)
    client.force_login(alice)
    response = _upload(client, raw)
    assert response.status_code == 200
    assert "NUL characters" in response.content.decode()
    assert event.players.count() == 0


def test_a_file_claiming_utf16_that_is_not_is_refused(client, alice):
    event = make_event(to=alice)
    client.force_login(alice)
    response = _upload(client, b"\xff\xfeN\x00a\x00m")  # an odd byte count
    assert "not: save it again as CSV (UTF-8)" in response.content.decode()
    assert event.players.count() == 0


def test_decoding():
    assert decode_upload("Name\nAda\n".encode("utf-8-sig")) == "Name\nAda\n"
    assert decode_upload("Name\nZoë\n".encode("cp1252")) == "Name\nZoë\n"
    assert decode_upload("Name\nZoë\n".encode("utf-16-be").join([b"\xfe\xff", b""])) == "Name\nZoë\n"


def test_a_pasted_nul_is_refused_too():
    with pytest.raises(CsvProblem, match="NUL"):
        read_player_list("Name\nAda\x00\n")


def test_tabs_semicolons_and_commas_are_told_apart():
    assert [r.name for r in read_player_list("Name\tEmail\nAda, Countess\ta@example.org\n").rows] == [
        "Ada, Countess"
    ]
    assert [r.email for r in read_player_list("Name;Email\nAda;a@example.org\n").rows] == ["a@example.org"]
    assert [r.email for r in read_player_list("Name,Email\nAda,a@example.org\n").rows] == ["a@example.org"]
