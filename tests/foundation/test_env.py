from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_int, env_list, parse_database_url


def test_env_bool_reads_common_spellings(monkeypatch):
    monkeypatch.setenv("FLAG", "yes")
    assert env_bool("FLAG") is True
    monkeypatch.setenv("FLAG", "0")
    assert env_bool("FLAG", default=True) is False


def test_env_bool_rejects_nonsense(monkeypatch):
    monkeypatch.setenv("FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="FLAG must be a boolean"):
        env_bool("FLAG")


def test_env_int_rejects_nonsense(monkeypatch):
    monkeypatch.setenv("N", "ten")
    with pytest.raises(ImproperlyConfigured, match="N must be an integer"):
        env_int("N", 1)


def test_env_list_splits_and_trims(monkeypatch):
    monkeypatch.setenv("HOSTS", " a.example , b.example,, ")
    assert env_list("HOSTS", []) == ["a.example", "b.example"]


def test_postgres_url():
    db = parse_database_url("postgres://postgres:s%40cret@127.0.0.1:5432/muster?sslmode=disable")
    assert db.as_django() == {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": "muster",
        "USER": "postgres",
        "PASSWORD": "s@cret",
        "HOST": "127.0.0.1",
        "PORT": "5432",
        "OPTIONS": {"sslmode": "disable"},
    }


def test_sqlite_url_keeps_absolute_path():
    assert parse_database_url("sqlite:////tmp/x/db.sqlite3").name == "/tmp/x/db.sqlite3"


@pytest.mark.parametrize("url", ["mysql://h/db", "postgres://host/", "sqlite://"])
def test_bad_database_urls_fail_loudly(url):
    with pytest.raises(ImproperlyConfigured):
        parse_database_url(url)


def test_email_url_smtp_with_starttls():
    from config.env import parse_email_url

    settings = parse_email_url("smtp://mailer:s%40cret@mail.example.org:587?tls=1&timeout=10").as_settings()
    assert settings == {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "mail.example.org",
        "EMAIL_PORT": 587,
        "EMAIL_HOST_USER": "mailer",
        "EMAIL_HOST_PASSWORD": "s@cret",
        "EMAIL_USE_TLS": True,
        "EMAIL_USE_SSL": False,
        "EMAIL_TIMEOUT": 10,
    }


@pytest.mark.parametrize(
    ("url", "backend", "port", "tls", "ssl"),
    [
        ("smtps://u:p@mail.example.org", "smtp", 465, False, True),
        ("submission://u:p@mail.example.org", "smtp", 587, True, False),
        ("smtp://relay.internal", "smtp", 25, False, False),
        ("console://", "console", None, None, None),
        ("locmem://", "locmem", None, None, None),
        ("dummy://", "dummy", None, None, None),
    ],
)
def test_email_url_schemes(url, backend, port, tls, ssl):
    from config.env import parse_email_url

    parsed = parse_email_url(url).as_settings()
    assert parsed["EMAIL_BACKEND"] == f"django.core.mail.backends.{backend}.EmailBackend"
    if port is not None:
        assert (parsed["EMAIL_PORT"], parsed["EMAIL_USE_TLS"], parsed["EMAIL_USE_SSL"]) == (port, tls, ssl)
    else:
        assert "EMAIL_HOST" not in parsed


def test_email_url_file_needs_a_directory():
    from config.env import parse_email_url

    assert parse_email_url("file:///var/mail/muster").as_settings()["EMAIL_FILE_PATH"] == "/var/mail/muster"
    with pytest.raises(ImproperlyConfigured, match="needs a directory"):
        parse_email_url("file://")


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("smpt://mail.example.org", "scheme 'smpt' is not supported"),
        ("mail.example.org:25", "is not supported"),
        ("smtp://", "needs a host"),
        ("smtp://mail.example.org:notaport", "not a valid URL"),
        ("smtp://mail.example.org?tls=1&ssl=1", "both tls"),
        ("smtp://mail.example.org?tls=maybe", "tls must be a boolean"),
        ("smtp://mail.example.org?timeout=soon", "timeout must be a number"),
        ("smtp://mail.example.org?timeout=0", "timeout must be positive"),
        ("smtp://mail.example.org?starttls=1", "unknown option"),
    ],
)
def test_email_url_fails_loudly(url, message):
    from config.env import parse_email_url

    with pytest.raises(ImproperlyConfigured, match=message):
        parse_email_url(url)


def test_a_bad_email_url_stops_the_process():
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env.update(DEBUG="1", SECRET_KEY="x", EMAIL_URL="smtp://")
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert "EMAIL_URL smtp:// needs a host" in result.stderr


def test_files_go_to_media_root_by_default(monkeypatch):
    from config.env import storages_from_env

    monkeypatch.delenv("FILE_STORAGE", raising=False)
    assert storages_from_env()["default"] == {"BACKEND": "django.core.files.storage.FileSystemStorage"}


def test_an_s3_compatible_store_is_configured_from_the_environment(monkeypatch):
    from django.core.files.storage import storages
    from django.core.files.storage.handler import StorageHandler

    from config.env import storages_from_env

    for name, value in {
        "FILE_STORAGE": "s3",
        "S3_BUCKET": "muster-prints",
        "S3_ENDPOINT_URL": "http://127.0.0.1:9000",
        "S3_REGION": "eu-west-1",
        "S3_ACCESS_KEY_ID": "key",
        "S3_SECRET_ACCESS_KEY": "secret",
        "S3_PREFIX": "/venue-a/",
    }.items():
        monkeypatch.setenv(name, value)
    config = storages_from_env()
    assert config["default"]["BACKEND"] == "storages.backends.s3.S3Storage"
    # django-storages builds the backend from these options (no network until a file is used).
    handler: Any = StorageHandler(config)  # type: ignore[arg-type]  # the settings' shape, not instances
    backend: Any = handler["default"]
    assert type(backend).__name__ == "S3Storage"
    assert backend.bucket_name == "muster-prints"
    assert backend.endpoint_url == "http://127.0.0.1:9000"
    assert backend.region_name == "eu-west-1"
    assert backend.location == "venue-a"
    assert backend.default_acl is None
    assert backend.file_overwrite is False
    assert storages["default"].__class__.__name__ == "FileSystemStorage"  # the running app's is untouched


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"FILE_STORAGE": "ftp"}, "FILE_STORAGE must be filesystem or s3"),
        ({"FILE_STORAGE": "s3"}, "FILE_STORAGE=s3 needs S3_BUCKET"),
    ],
)
def test_bad_storage_settings_fail_loudly(monkeypatch, env, message):
    from config.env import storages_from_env

    monkeypatch.delenv("S3_BUCKET", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(ImproperlyConfigured, match=message):
        storages_from_env()


@pytest.mark.parametrize("value", ["10/m/ip,5/5m/key", "30/m", "1/10s/key", "3/1.5h/user", ""])
def test_rate_limits_in_allauths_format_are_read(monkeypatch, value):
    from config.env import env_rate_limit

    monkeypatch.setenv("RATE", value)
    assert env_rate_limit("RATE", "9/m/ip") == value
    monkeypatch.delenv("RATE")
    assert env_rate_limit("RATE", "9/m/ip") == "9/m/ip"


@pytest.mark.parametrize("value", ["5 per minute", "0/m/ip", "5/m/host", "5/w/ip", "m/5", "5/m/ip;3/h"])
def test_a_bad_rate_limit_fails_loudly(monkeypatch, value):
    from config.env import env_rate_limit

    monkeypatch.setenv("RATE", value)
    with pytest.raises(ImproperlyConfigured, match="RATE must be rate limits like"):
        env_rate_limit("RATE", "9/m/ip")


@pytest.mark.parametrize(
    ("database_url", "conn_max_age", "expected"),
    [
        ("postgres://u:p@127.0.0.1:5432/muster", None, 60),  # a thread keeps its connection
        ("postgres://u:p@127.0.0.1:5432/muster", "0", 0),  # one per request, if asked for
        ("sqlite:////tmp/muster-env-test.sqlite3", None, 0),  # in-process: nothing to keep
    ],
)
def test_postgresql_connections_are_kept_by_default(database_url, conn_max_age, expected):
    """A new PostgreSQL connection per request forks a backend every time."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "CONN_MAX_AGE")}
    env.update(DEBUG="1", SECRET_KEY="x", DATABASE_URL=database_url, DJANGO_SETTINGS_MODULE="config.settings")
    if conn_max_age is not None:
        env["CONN_MAX_AGE"] = conn_max_age
    code = (
        "from django.conf import settings; d = settings.DATABASES['default']; "
        "print(d['CONN_MAX_AGE'], d['CONN_HEALTH_CHECKS'])"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [str(expected), "True"]
