"""`manage.py import_event FILE [--slug S]` and `manage.py export_event SLUG [-o FILE]`."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from standings.eventfile import event_to_json, load_event
from tests.builders.records import WINTER_CLASH
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_import_prints_the_slug_and_export_prints_the_event():
    assert run("import_event", str(WINTER_CLASH)) == "winter-clash\n"
    assert run("import_event", str(WINTER_CLASH), "--slug", "wc-copy") == "wc-copy\n"
    exported = json.loads(run("export_event", "wc-copy"))
    assert exported["slug"] == "wc-copy"
    players = [{k: v for k, v in p.items() if k != "registered_at"} for p in exported["players"]]
    assert players == event_to_json(load_event(WINTER_CLASH))["players"]


def test_export_to_a_file_reads_back(tmp_path):
    run("import_event", str(WINTER_CLASH))
    target = tmp_path / "out.json"
    assert run("export_event", "winter-clash", "-o", str(target)) == ""
    again = load_event(target)
    assert again.name == "Winter Clash"
    assert again.extra["slug"] == "winter-clash"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read"),
        ("[1, 2", "is not valid JSON"),
        ('{"format": "event/1", "x": ' + "[" * 3000 + "]" * 3000 + "}", "nested deeper than 64 levels"),
        ('{"format": "event/1", "name": "X", "planned_rounds": NaN}', "NaN is not a number JSON allows"),
        ('{"format": "roster/1"}', "format must be 'event/1'"),
        ('{"format": "event/1", "name": "X", "scale": "tiny", "players": []}', "no engagement scale 'tiny'"),
    ],
)
def test_import_of_bad_input_exits_2(tmp_path, content, message):
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(CommandError, match=message) as caught:
        run("import_event", str(path))
    assert caught.value.returncode == 2
    assert Event.objects.count() == 0


def test_import_under_a_taken_slug_exits_2():
    run("import_event", str(WINTER_CLASH))
    with pytest.raises(CommandError, match="already exists") as caught:
        run("import_event", str(WINTER_CLASH), "--slug", "winter-clash")
    assert caught.value.returncode == 2


def test_export_of_an_unknown_slug_exits_2():
    with pytest.raises(CommandError, match="no event with slug 'nope'") as caught:
        run("export_event", "nope")
    assert caught.value.returncode == 2
