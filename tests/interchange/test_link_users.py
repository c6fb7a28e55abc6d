"""An import grants nothing to an existing account unless the importing admin links it.

Without `--link-users`, a file whose TO is "alice" must not make this installation's alice
the TO: everyone in the file becomes a seat or a record without an account, and a
re-export still says exactly what the file said.
"""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from interchange.event_export import export_event
from interchange.event_import import import_event, parse_user_links
from interchange.values import EventImportError
from judging.models import ConductReport, Penalty, RosterFinding, TimeLimit
from standings.eventfile import parse_event
from tests.builders.scenario import full_event
from tournaments.access import access_event
from tournaments.models import AuditEntry, Event, Player, ResultReport, StaffRole

pytestmark = pytest.mark.django_db


def as_file(data: dict[str, Any]) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(json.dumps(data))
    return loaded


def without_slug(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in as_file(data).items() if k != "slug"}


def test_an_import_without_links_grants_no_role_to_an_account_of_the_same_name(users):
    first = as_file(export_event(full_event(users)))
    copy = import_event(parse_event(first), slug="elsewhere")

    assert not StaffRole.objects.filter(event=copy).exists()
    assert not Player.objects.filter(event=copy, user__isnull=False).exists()
    for name in ("alice", "hank", "judy", "bob", "carol"):
        assert access_event(users[name], "elsewhere").roles == frozenset(), name
    # No record points at a local account either.
    assert not AuditEntry.objects.filter(event=copy, actor__isnull=False).exists()
    assert not Penalty.objects.filter(event=copy, issued_by__isnull=False).exists()
    assert not Penalty.objects.filter(event=copy, decided_by__isnull=False).exists()
    assert not TimeLimit.objects.filter(event=copy, imposed_by__isnull=False).exists()
    assert not ConductReport.objects.filter(event=copy, reporter__isnull=False).exists()
    assert not RosterFinding.objects.filter(event=copy, found_by__isnull=False).exists()
    assert not ResultReport.objects.filter(game__round__event=copy, entered_by__isnull=False).exists()


def test_unlinked_people_are_seats_and_records_and_nothing_is_lost(users):
    first = as_file(export_event(full_event(users)))
    copy = import_event(parse_event(first), slug="elsewhere")

    bob = Player.objects.get(event=copy, name="Bob")
    assert bob.user is None
    # The hook for claiming the seat by invitation: the file's e-mail address stays.
    assert bob.email == "bob@example.org"
    assert bob.extra["user"] == "bob"
    # Staff without a link are kept as records on the event: in the export, not in the roles.
    assert [e["user"] for e in first["staff"]] == ["alice", "hank", "judy"]
    assert without_slug(export_event(copy)) == without_slug(first)
    # ...and so is a second generation.
    again = import_event(parse_event(as_file(export_event(copy))), slug="elsewhere-again")
    assert without_slug(export_event(again)) == without_slug(first)


def test_a_link_grants_the_file_roles_to_the_named_account(users, django_user_model):
    first = as_file(export_event(full_event(users)))
    zed = django_user_model.objects.create_user("zed", password="x")
    copy = import_event(parse_event(first), slug="linked", link_users={"alice": "zed", "bob": "bob"})

    assert list(StaffRole.objects.filter(event=copy).values_list("user__username", "role")) == [("zed", "to")]
    assert access_event(zed, "linked").is_to
    assert access_event(users["alice"], "linked").roles == frozenset()
    assert Player.objects.get(event=copy, name="Bob").user == users["bob"]
    assert access_event(users["bob"], "linked").player is not None
    assert AuditEntry.objects.filter(event=copy, action="event-created").get().actor == zed
    # The export names the local account now; the unlinked staff are still there.
    again = as_file(export_event(copy))
    assert again["staff"] == [
        {"user": "zed", "role": "to"},
        {"user": "hank", "role": "head-judge"},
        {"user": "judy", "role": "floor-judge"},
    ]


@pytest.mark.parametrize(
    ("links", "message"),
    [
        ({"nobody": "alice"}, "the file names no user 'nobody'"),
        ({"alice": "ghost"}, "no account 'ghost' here"),
        ({"alice": "alice", "hank": "alice"}, "are both linked to 'alice'"),
    ],
)
def test_a_bad_link_is_refused_and_nothing_is_stored(users, links, message):
    first = as_file(export_event(full_event(users)))
    before = Event.objects.count()
    with pytest.raises(EventImportError, match=message):
        import_event(parse_event(first), slug="refused", link_users=links)
    assert Event.objects.count() == before


def test_the_link_text():
    assert parse_user_links("alice=zed, bob = bob,") == {"alice": "zed", "bob": "bob"}
    assert parse_user_links("") == {}
    for bad in ("alice", "alice=", "=zed", "alice=zed,alice=bob"):
        with pytest.raises(EventImportError):
            parse_user_links(bad)


def test_the_command_links_only_with_link_users(users, tmp_path: Path):
    full_event(users)
    path = tmp_path / "backup.json"
    call_command("export_event", "spring-clash", "-o", str(path), stderr=StringIO())

    call_command("import_event", str(path), "--slug", "plain", stdout=StringIO())
    assert not StaffRole.objects.filter(event__slug="plain").exists()

    out = StringIO()
    links = ["--link-users", "alice=alice", "--link-users", "hank=hank"]
    call_command("import_event", str(path), "--slug", "linked", *links, stdout=out)
    assert out.getvalue() == "linked\n"
    assert set(StaffRole.objects.filter(event__slug="linked").values_list("user__username", "role")) == {
        ("alice", "to"),
        ("hank", "head-judge"),
    }

    with pytest.raises(CommandError, match="file-username=local-username") as raised:
        call_command("import_event", str(path), "--slug", "bad", "--link-users", "alice")
    assert raised.value.returncode == 2
    assert not Event.objects.filter(slug="bad").exists()
