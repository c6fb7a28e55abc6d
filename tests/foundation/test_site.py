import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

from accounts.webpush import new_key_pair
from rosters.models import Roster
from tournaments.demo import DEMO_SLUG, DOUBLES_SLUG, SECOND_SLUG, load_demo
from tournaments.models import Event, EventPack
from tournaments.selectors import event_standings

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_home_page_lists_events(client):
    load_demo()
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert "Demo Winter Clash" in response.content.decode()


@pytest.mark.django_db
def test_demo_is_idempotent():
    load_demo()
    load_demo()
    assert Event.objects.filter(slug=DEMO_SLUG).count() == 1
    assert Event.objects.get(slug=DEMO_SLUG).players.count() == 16


@pytest.mark.django_db
def test_demo_is_a_real_event_three_rounds_played_fourth_paired():
    event = load_demo()
    rosters = Roster.objects.filter(player__event=event)
    assert event.players.count() == 16
    assert rosters.count() == 24  # every other player brings a dual list
    assert all(rosters.values_list("legal", flat=True))
    statuses = list(event.rounds.order_by("number").values_list("status", flat=True))
    assert statuses == ["closed", "closed", "closed", "published"]
    assert event.rounds.get(number=4).games.count() == 8
    standings = event_standings(event)
    assert not standings.final
    assert sum(row.mp for row in standings.rows) in range(3 * 8 * 2, 3 * 8 * 3 + 1)


@pytest.mark.django_db
def test_the_doubles_demo_is_a_team_game_with_legal_teams(client):
    load_demo()
    event = Event.objects.get(slug=DOUBLES_SLUG)
    assert (event.team_size, event.team_budget) == (2, 2000)
    assert event.players.count() == 4
    for team in event.players.all():
        assert team.teammates.count() == 2
        assert [r.legal for r in team.rosters.order_by("slot")] == [True, True]
    assert list(event.rounds.order_by("number").values_list("status", flat=True)) == ["closed", "published"]
    page = client.get(f"/e/{DOUBLES_SLUG}/").content.decode()
    assert "Team game: teams of 2 (2v2)" in page
    assert "Dice Hall Raiders" in page


@pytest.mark.django_db
def test_healthz_reports_database(client, settings):
    response = client.get("/healthz")
    body = response.json()
    assert response.status_code == 200
    assert body["checks"]["database"] == "ok"
    expected_redis = "ok" if settings.REDIS_URL else "not configured"
    assert body["checks"]["redis"] == expected_redis


@pytest.mark.django_db
def test_healthz_fails_when_redis_is_unreachable(client, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["checks"]["redis"].startswith("error")


@pytest.mark.django_db
def test_login_logout_pages(client, alice):
    assert client.get(reverse("login")).status_code == 200
    response = client.post(reverse("login"), {"username": "alice", "password": "alice-pass-123"})
    assert response.status_code == 302
    assert client.get(reverse("home")).context["user"].username == "alice"
    client.post(reverse("logout"))
    assert not client.get(reverse("home")).context["user"].is_authenticated


@pytest.mark.django_db
def test_openapi_schema_and_docs(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == 200
    assert json.loads(schema.content)["info"]["title"] == "Muster API"
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    assert b"swagger" in docs.content.lower()


@pytest.mark.django_db
def test_admin_login_page(client):
    """The admin's login is the site's (accounts.admin_login), which then comes back."""
    response = client.get("/admin/login/", follow=True)
    assert response.status_code == 200
    assert response.redirect_chain == [("/accounts/login/?next=%2Fadmin%2F", 302)]


def _manage(*args, env_overrides):
    env = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY", "DJANGO_SETTINGS_MODULE"}}
    env.update(env_overrides)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def test_check_deploy_is_clean_with_production_settings():
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        env_overrides={
            "DEBUG": "0",
            "SECRET_KEY": "a-production-grade-secret-key-" + "x" * 40,
            "ALLOWED_HOSTS": "tournaments.example.org",
            "SITE_URL": "https://tournaments.example.org",
            # Push on (docs/push.md); accounts.W001 says so when it is not.
            "WEBPUSH_VAPID_PRIVATE_KEY": new_key_pair()[0],
        },
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_production_refuses_to_start_without_secret_key():
    result = _manage("check", env_overrides={"DEBUG": "0"})
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_offline_commands_run_without_any_configuration(tmp_path):
    """The interchange commands work on a bare machine: no DEBUG, no SECRET_KEY, no database."""
    event = tmp_path / "event.json"
    event.write_text(
        json.dumps(
            {
                "format": "event/1",
                "players": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}],
                "rounds": [{"number": 1, "games": [{"table": 1, "players": ["a", "b"], "vp": [10, 0]}]}],
            }
        )
    )
    result = _manage(
        "standings",
        str(event),
        "--json",
        env_overrides={"DATABASE_URL": "postgres://nobody@127.0.0.1:1/none"},
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["standings"][0] == {
        "rank": 1, "player": "a", "name": "A", "mp": 3, "tp": 5, "sos": 0.0, "otp": 0.0, "placed": True,
    }  # fmt: skip


@pytest.mark.django_db
def test_the_second_game_demo_is_a_dropzone_event_two_rounds_played(client):
    """`make run` shows a newcomer a second game: Dropzone, its pack, KP standings."""
    load_demo()
    event = Event.objects.get(slug=SECOND_SLUG)
    assert event.game_system == "dropzone-commander"
    assert EventPack.objects.get(event=event).sample is True
    rosters = Roster.objects.filter(player__event=event)
    assert rosters.count() == 8
    assert all(rosters.values_list("legal", flat=True))
    statuses = list(event.rounds.order_by("number").values_list("status", flat=True))
    assert statuses == ["closed", "closed", "published"]
    standings = event_standings(event)
    assert standings.kill_points
    assert sum(row.kp or 0 for row in standings.rows) > 0
    page = client.get(f"/e/{SECOND_SLUG}/standings/").content.decode()
    assert "KP" in page
    assert "Demo Dropzone Clash" in client.get(reverse("home")).content.decode()
