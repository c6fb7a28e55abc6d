"""Typed readers for environment variables.

Each helper fails loudly (ImproperlyConfigured) on a value it cannot read, so a typo in
an installation's environment stops the process at start-up instead of silently falling
back to a default.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any
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


_RATE = re.compile(r"^[1-9][0-9]*/([0-9]+(\.[0-9]+)?)?[smhd](/(ip|key|user))?$")


def env_rate_limit(name: str, default: str) -> str:
    """A rate limit in django-allauth's format: `amount/period[/per]`, several separated by
    commas, e.g. `10/m/ip,5/5m/key` (period s, m, h or d with an optional count; per ip,
    key or user). An empty value turns the limit off."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip()
    for part in filter(None, (p.strip() for p in value.split(","))):
        if not _RATE.match(part):
            raise ImproperlyConfigured(
                f"{name} must be rate limits like 10/m/ip,5/5m/key (amount/period/per), got {raw!r}"
            )
    return value


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


@dataclass(frozen=True)
class EmailUrl:
    """Django's EMAIL_* settings, read from one URL."""

    backend: str
    host: str = ""
    port: int = 0
    user: str = ""
    password: str = ""
    use_tls: bool = False
    use_ssl: bool = False
    timeout: int | None = None
    file_path: str = ""

    def as_settings(self) -> dict[str, object]:
        values: dict[str, object] = {"EMAIL_BACKEND": self.backend}
        if self.backend == _EMAIL_BACKENDS["smtp"]:
            values.update(
                EMAIL_HOST=self.host,
                EMAIL_PORT=self.port,
                EMAIL_HOST_USER=self.user,
                EMAIL_HOST_PASSWORD=self.password,
                EMAIL_USE_TLS=self.use_tls,
                EMAIL_USE_SSL=self.use_ssl,
                EMAIL_TIMEOUT=self.timeout,
            )
        if self.file_path:
            values["EMAIL_FILE_PATH"] = self.file_path
        return values


_EMAIL_BACKENDS = {
    "smtp": "django.core.mail.backends.smtp.EmailBackend",
    "smtps": "django.core.mail.backends.smtp.EmailBackend",
    "submission": "django.core.mail.backends.smtp.EmailBackend",
    "console": "django.core.mail.backends.console.EmailBackend",
    "file": "django.core.mail.backends.filebased.EmailBackend",
    "locmem": "django.core.mail.backends.locmem.EmailBackend",
    "dummy": "django.core.mail.backends.dummy.EmailBackend",
}
_EMAIL_OPTIONS = {"tls", "ssl", "timeout"}


def _url_flag(name: str, raw: str) -> bool:
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"EMAIL_URL option {name} must be a boolean (1/0, true/false), got {raw!r}")


def parse_email_url(url: str) -> EmailUrl:
    """Read `smtp://user:pass@host:587?tls=1`, `smtps://user:pass@host:465`, `console://`,
    `file:///var/mail/muster`, `locmem://` or `dummy://`.

    `smtp` speaks STARTTLS when `?tls=1`; `smtps` is TLS from the first byte (port 465);
    `submission` is `smtp` with STARTTLS on port 587. A user name or password with `@`, `:`
    or `/` in it is percent-encoded (`%40`, `%3A`, `%2F`).
    """
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError as exc:
        raise ImproperlyConfigured(f"EMAIL_URL {url!r} is not a valid URL: {exc}") from None
    backend = _EMAIL_BACKENDS.get(parts.scheme)
    if backend is None:
        supported = ", ".join(sorted(_EMAIL_BACKENDS))
        raise ImproperlyConfigured(
            f"EMAIL_URL scheme {parts.scheme!r} is not supported (use one of: {supported})"
        )
    query = parse_qs(parts.query, keep_blank_values=True)
    unknown = sorted(set(query) - _EMAIL_OPTIONS)
    if unknown:
        raise ImproperlyConfigured(
            f"EMAIL_URL has unknown option(s) {', '.join(unknown)}"
            f" (known: {', '.join(sorted(_EMAIL_OPTIONS))})"
        )
    options = {key: values[-1] for key, values in query.items()}
    if parts.scheme == "file":
        path = unquote(parts.path)
        if not path or path == "/":
            raise ImproperlyConfigured("EMAIL_URL for file needs a directory: file:///var/mail/muster")
        return EmailUrl(backend=backend, file_path=path)
    if backend != _EMAIL_BACKENDS["smtp"]:
        return EmailUrl(backend=backend)
    if not parts.hostname:
        raise ImproperlyConfigured(
            f"EMAIL_URL {parts.scheme}:// needs a host: smtp://user:pass@mail.example.org:587"
        )
    use_tls = _url_flag("tls", options["tls"]) if "tls" in options else parts.scheme == "submission"
    use_ssl = _url_flag("ssl", options["ssl"]) if "ssl" in options else parts.scheme == "smtps"
    if use_tls and use_ssl:
        raise ImproperlyConfigured("EMAIL_URL cannot use both tls (STARTTLS) and ssl (implicit TLS)")
    timeout: int | None = None
    if "timeout" in options:
        try:
            timeout = int(options["timeout"])
        except ValueError:
            raise ImproperlyConfigured(
                f"EMAIL_URL option timeout must be a number of seconds, got {options['timeout']!r}"
            ) from None
        if timeout <= 0:
            raise ImproperlyConfigured(f"EMAIL_URL option timeout must be positive, got {timeout}")
    default_port = {"smtps": 465, "submission": 587}.get(
        parts.scheme, 465 if use_ssl else 587 if use_tls else 25
    )
    return EmailUrl(
        backend=backend,
        host=parts.hostname,
        port=port or default_port,
        user=unquote(parts.username or ""),
        password=unquote(parts.password or ""),
        use_tls=use_tls,
        use_ssl=use_ssl,
        timeout=timeout,
    )


def storages_from_env() -> dict[str, dict[str, Any]]:
    """Django's STORAGES: where rendered PDFs (and any other file) live.

    `FILE_STORAGE=filesystem` (the default) keeps them under MEDIA_ROOT, which must then be
    shared by every web and worker process (one machine, or a shared volume).
    `FILE_STORAGE=s3` keeps them in an S3-compatible bucket through django-storages, so web
    processes and workers on different machines see the same files:
    S3_BUCKET (required), S3_ENDPOINT_URL (MinIO, Ceph, ... ; empty for AWS), S3_REGION,
    S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY (empty: the usual AWS credential chain) and
    S3_PREFIX (a folder inside the bucket).
    """
    kind = env_str("FILE_STORAGE", "filesystem").strip().lower()
    static = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    if kind == "filesystem":
        return {"default": {"BACKEND": "django.core.files.storage.FileSystemStorage"}, "staticfiles": static}
    if kind != "s3":
        raise ImproperlyConfigured(f"FILE_STORAGE must be filesystem or s3, got {kind!r}")
    bucket = env_str("S3_BUCKET").strip()
    if not bucket:
        raise ImproperlyConfigured("FILE_STORAGE=s3 needs S3_BUCKET")
    options: dict[str, Any] = {
        "bucket_name": bucket,
        "location": env_str("S3_PREFIX").strip("/"),
        # Private files: downloads stream through the app, which checks who may read them.
        "default_acl": None,
        "file_overwrite": False,
    }
    for option, name in (
        ("endpoint_url", "S3_ENDPOINT_URL"),
        ("region_name", "S3_REGION"),
        ("access_key", "S3_ACCESS_KEY_ID"),
        ("secret_key", "S3_SECRET_ACCESS_KEY"),
    ):
        value = env_str(name).strip()
        if value:
            options[option] = value
    return {
        "default": {"BACKEND": "storages.backends.s3.S3Storage", "OPTIONS": options},
        "staticfiles": static,
    }
