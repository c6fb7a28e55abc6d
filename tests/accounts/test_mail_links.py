"""Every mail links to SITE_URL, whatever address the visitor used (accounts.links)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core import mail
from django.core.checks import run_checks
from django.test import override_settings
from django.urls import reverse

from tests.accounts.test_accounts import SIGNUP
from tests.builders.rows import make_event
from tournaments.models import Player
from tournaments.services.invitations import invitations_send

pytestmark = pytest.mark.django_db

SITE = "http://10.0.0.5:8123"


@override_settings(SITE_URL=SITE)
def test_sign_up_reset_and_invitation_mails_all_link_to_site_url(client, alice, mails_after_commit):
    client.post(reverse("account_signup"), SIGNUP, HTTP_HOST="localhost:9999")
    client.post(reverse("account_reset_password"), {"email": "alice@example.org"}, HTTP_HOST="localhost:9999")
    event = make_event(to=alice)
    Player.objects.create(event=event, name="Ada", email="ada@example.org", external_id="s1")
    mails_after_commit(lambda: invitations_send(event=event, by=alice))
    assert len(mail.outbox) == 3
    for message in mail.outbox:
        assert f"{SITE}/" in message.body, message.subject
        assert "localhost:9999" not in message.body
        assert "testserver" not in message.body


def test_make_run_sets_site_url_from_host_and_port():
    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text()
    run = makefile.split("\nrun: setup\n", 1)[1].split("\n\n", 1)[0]
    assert "SITE_URL=$${SITE_URL:-http://$(HOST):$(PORT)}" in run


@override_settings(SITE_URL="http://127.0.0.1:8000")
def test_the_deploy_check_warns_when_site_url_is_left_at_its_default():
    ids = {m.id for m in run_checks(include_deployment_checks=True)}
    assert "config.W001" in ids
    with override_settings(SITE_URL="https://tournaments.example.org"):
        assert "config.W001" not in {m.id for m in run_checks(include_deployment_checks=True)}
