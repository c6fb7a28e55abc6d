"""Typed readers for environment variables.

Each helper fails loudly (ImproperlyConfigured) on a value it cannot read, so a typo in
a deployment's environment stops the process at start-up instead of silently falling
back to a default.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false, yes/no), got {raw!r}")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer, got {raw!r}") from None


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_path(name: str, default: Path) -> Path:
    raw = os.environ.get(name)
    return Path(raw).expanduser().resolve() if raw else default


@dataclass(frozen=True)
class DatabaseUrl:
    engine: str
    name: str
    user: str = ""
    password: str = ""
    host: str = ""
    port: str = ""
    options: dict[str, str] | None = None

    def as_django(self) -> dict[str, object]:
        config: dict[str, object] = {
            "ENGINE": self.engine,
            "NAME": self.name,
            "USER": self.user,
            "PASSWORD": self.password,
            "HOST": self.host,
            "PORT": self.port,
        }
        if self.options:
            config["OPTIONS"] = dict(self.options)
        return config


_ENGINES = {
    "postgres": "django.db.backends.postgresql",
    "postgresql": "django.db.backends.postgresql",
    "sqlite": "django.db.backends.sqlite3",
}


def parse_database_url(url: str) -> DatabaseUrl:
    """Read `postgres://user:pass@host:port/name` or `sqlite:///path/to/file.sqlite3`."""
    parts = urlsplit(url)
    engine = _ENGINES.get(parts.scheme)
    if engine is None:
        supported = ", ".join(sorted(_ENGINES))
        raise ImproperlyConfigured(
            f"DATABASE_URL scheme {parts.scheme!r} is not supported (use one of: {supported})"
        )
    if parts.scheme == "sqlite":
        path = unquote(parts.path)
        if path.startswith("/") and parts.netloc == "":
            path = path[1:] if path.startswith("//") else path
        if not path or path == "/":
            raise ImproperlyConfigured("DATABASE_URL for sqlite needs a file path: sqlite:////abs/path.db")
        return DatabaseUrl(engine=engine, name=path)
    name = unquote(parts.path.lstrip("/"))
    if not name:
        raise ImproperlyConfigured(f"DATABASE_URL {url!r} names no database")
    options = {key: values[-1] for key, values in parse_qs(parts.query).items()}
    return DatabaseUrl(
        engine=engine,
        name=name,
        user=unquote(parts.username or ""),
        password=unquote(parts.password or ""),
        host=parts.hostname or "",
        port=str(parts.port or ""),
        options=options or None,
    )
