"""The 500 handler tells an outage (503) from a bug (500), JSON on API paths, HTML for
browsers, never a traceback. The end-to-end proof with real servers stopped is
test_outages.py; this pins the rules on any database."""

from __future__ import annotations

import json

import pytest
from django.db import IntegrityError, OperationalError
from kombu.exceptions import OperationalError as KombuOperationalError

from config.outages import MESSAGES, handler500, outage_of, wants_json


class Wrapped(RuntimeError):
    pass


def _raise_wrapped() -> None:
    try:
        raise OperationalError("connection to server at 127.0.0.1 refused")
    except OperationalError as exc:
        raise Wrapped("while loading the sheet") from exc


@pytest.mark.parametrize(
    ("exc", "kind"),
    [
        (OperationalError("server closed the connection unexpectedly"), "database"),
        (KombuOperationalError("Error 111 connecting to 127.0.0.1:6379"), "broker"),
        (IntegrityError("duplicate key"), None),
        (ValueError("a bug"), None),
    ],
)
def test_what_counts_as_an_outage(exc, kind):
    assert outage_of(exc) == kind


def test_a_wrapped_outage_is_still_an_outage():
    with pytest.raises(Wrapped) as caught:
        _raise_wrapped()
    assert outage_of(caught.value) == "database"


@pytest.mark.parametrize(
    ("path", "json_wanted"),
    [
        ("/api/events/x/", True),
        ("/e/x/print/api/jobs/", True),
        ("/e/api/", False),
        ("/e/x/standings/", False),
    ],
)
def test_api_paths_answer_json(rf, path, json_wanted):
    assert wants_json(rf.get(path)) is json_wanted


def _answer(rf, path, exc):
    try:
        raise exc
    except Exception:
        return handler500(rf.get(path))


def test_an_outage_is_a_503_in_the_api_shape_or_a_friendly_page(rf):
    api = _answer(rf, "/api/events/x/", OperationalError("refused"))
    assert api.status_code == 503
    assert json.loads(api.content) == {"code": "unavailable", "message": MESSAGES["database"]}
    assert api["Retry-After"] == "30"
    page = _answer(rf, "/e/x/standings/", KombuOperationalError("refused"))
    assert page.status_code == 503
    assert "Muster is back in a minute" in page.content.decode()
    assert MESSAGES["broker"] in page.content.decode()


def test_a_bug_is_a_500_json_on_the_api_and_never_a_traceback(rf):
    api = _answer(rf, "/api/events/x/", ValueError("secret detail"))
    assert api.status_code == 500
    assert json.loads(api.content)["code"] == "server-error"
    assert b"secret detail" not in api.content
    page = _answer(rf, "/e/x/standings/", ValueError("secret detail"))
    assert page.status_code == 500
    assert b"secret detail" not in page.content
    assert b"Traceback" not in page.content
