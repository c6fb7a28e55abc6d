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
