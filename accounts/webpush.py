"""Web Push, the low level (docs/push.md): the VAPID keys, the endpoint guard, one push.

A browser that subscribes hands us an endpoint (its push service's URL for it) and two keys;
a push is the payload encrypted to those keys (RFC 8291, aes128gcm) and POSTed to the
endpoint with a VAPID header signed by our key (RFC 8292). pywebpush does the encryption and
the signing; this module decides where a push may go and what its answer means:

- The endpoint comes from the browser, so the server would POST wherever it is told. Only
  https, only the hosts of the known push services (`WEBPUSH_ENDPOINT_HOSTS`), never an
  address written as a number, never a name that resolves into a private network, never a
  redirect followed (the SSRF guard). `WEBPUSH_ALLOW_LOOPBACK` (development, the tests) lets
  http://127.0.0.1 through for a stand-in push service.
- 201 (or any 2xx) is delivered; 404 or 410 means the browser dropped the subscription, so
  it is deleted; anything else (an error, a timeout, a refusal) is a failure, logged and
  counted, and the subscription goes after `MAX_FAILURES` of them in a row.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import ipaddress
import json
import logging
import os
import re
import socket
from enum import StrEnum
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urlsplit

import requests
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from accounts.models import PushSubscription

log = logging.getLogger(__name__)

# Failed pushes in a row after which a subscription is dropped (a browser long gone whose
# push service does not say 410).
MAX_FAILURES = 5
MAX_ENDPOINT_LENGTH = 1024


class Outcome(StrEnum):
    DELIVERED = "delivered"
    GONE = "gone"  # the push service says the subscription no longer exists: deleted
    FAILED = "failed"


# ---------------------------------------------------------------------------- keys


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64url(text: str) -> bytes:
    text = text.strip()
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def load_private_key(text: str) -> ec.EllipticCurvePrivateKey:
    """A P-256 private key from PEM, or from base64url: the raw 32-byte scalar (what
    `manage.py webpush_keys` and most Web Push tools print) or DER. ValueError if neither."""
    text = text.strip()
    key: Any
    if text.startswith("-----BEGIN"):
        key = serialization.load_pem_private_key(text.encode(), password=None)
    else:
        try:
            raw = _unb64url(text)
        except (ValueError, TypeError) as exc:
            raise ValueError("not base64url") from exc
        try:
            if len(raw) == 32:
                key = ec.derive_private_key(int.from_bytes(raw, "big"), ec.SECP256R1())
            else:
                key = serialization.load_der_private_key(raw, password=None)
        except ValueError as exc:
            raise ValueError("neither PEM nor the base64url of a P-256 private key") from exc
    if not isinstance(key, ec.EllipticCurvePrivateKey) or not isinstance(key.curve, ec.SECP256R1):
        raise ValueError("not a P-256 (prime256v1) private key")
    return key


def public_key_of(key: ec.EllipticCurvePrivateKey) -> str:
    """The public key as the browser's `applicationServerKey` takes it: the uncompressed point, base64url."""
    point = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return _b64url(point)


def new_key_pair() -> tuple[str, str]:
    """A fresh VAPID pair: (private key as base64url of its 32 bytes, public key)."""
    key = ec.generate_private_key(ec.SECP256R1())
    return _b64url(key.private_numbers().private_value.to_bytes(32, "big")), public_key_of(key)


def _dev_key_text(path: Path) -> str:
    """`make run`'s pair, generated once into var/ (git-ignored) so a fresh clone can push."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        key = ec.generate_private_key(ec.SECP256R1())
        pem = key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(pem)
    return path.read_text(encoding="ascii")


def private_key_text() -> str:
    """The configured key, or under DEBUG the development pair's; empty: push is off."""
    if settings.WEBPUSH_VAPID_PRIVATE_KEY:
        return str(settings.WEBPUSH_VAPID_PRIVATE_KEY)
    if settings.DEBUG:
        try:
            return _dev_key_text(Path(settings.WEBPUSH_DEV_KEY_FILE))
        except (OSError, FileExistsError):
            log.exception("the development VAPID key could not be made")
    return ""


@functools.lru_cache(maxsize=4)
def _parsed(text: str) -> ec.EllipticCurvePrivateKey | None:
    try:
        return load_private_key(text)
    except ValueError:
        log.error("WEBPUSH_VAPID_PRIVATE_KEY cannot be read: push is off (manage.py check says why)")
        return None


def private_key() -> ec.EllipticCurvePrivateKey | None:
    text = private_key_text()
    return _parsed(text) if text else None


def public_key() -> str | None:
    """The public key pages hand to `pushManager.subscribe`; None when push is unavailable."""
    key = private_key()
    return public_key_of(key) if key is not None else None


def push_available() -> bool:
    return private_key() is not None


# ---------------------------------------------------------------------------- the endpoint guard


class Refusal(NamedTuple):
    code: str
    message: str


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _host_listed(host: str) -> bool:
    for pattern in settings.WEBPUSH_ENDPOINT_HOSTS:
        pattern = pattern.strip().lower().rstrip(".")
        if pattern.startswith("*."):
            if host.endswith(pattern[1:]) and len(host) > len(pattern) - 1:
                return True
        elif host == pattern:
            return True
    return False


_HOST_NAME = re.compile(r"^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$")


def endpoint_refusal(url: str) -> Refusal | None:
    """Why the server will not POST to `url`, or None if it may (checked when a browser
    subscribes and again before every push, so a narrowed setting applies at once)."""
    if len(url) > MAX_ENDPOINT_LENGTH:
        return Refusal("push-endpoint", f"The endpoint is longer than {MAX_ENDPOINT_LENGTH} characters.")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return Refusal("push-endpoint", "The endpoint is not a URL.")
    host = (parts.hostname or "").lower().rstrip(".")
    if not host or parts.username is not None or parts.password is not None or parts.fragment:
        return Refusal(
            "push-endpoint", "The endpoint is not a push service's URL (no host, or a login in it)."
        )
    loopback_ok = settings.WEBPUSH_ALLOW_LOOPBACK and _loopback(host)
    if parts.scheme != "https" and not (parts.scheme == "http" and loopback_ok):
        return Refusal("push-endpoint-scheme", "The endpoint must be an https:// URL.")
    try:
        ipaddress.ip_address(host)
    except ValueError:
        pass
    else:
        if loopback_ok:
            return None
        return Refusal(
            "push-endpoint-address", "The endpoint is an IP address: push services are reached by their name."
        )
    if not _HOST_NAME.match(host) or not _host_listed(host):
        return Refusal("push-endpoint-host", f"{host} is not a known push service.")
    if port not in (None, 443):
        return Refusal("push-endpoint", "A push service is reached on the https port (443).")
    return None


def _resolves_outside(host: str) -> bool:
    """Whether every address the name resolves to is on the public internet: a listed name
    that points into the server's own network (DNS gone wrong, or worse) is not pushed to."""
    if settings.WEBPUSH_ALLOW_LOOPBACK and _loopback(host):
        return True
    try:
        found = socket.getaddrinfo(host, 443, proto=socket.IPPROTO_TCP)
    except OSError:
        return False
    addresses = {ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in found}
    return bool(addresses) and all(address.is_global for address in addresses)


_KEY_TEXT = re.compile(r"^[A-Za-z0-9_-]+={0,2}$")


def keys_refusal(p256dh: str, auth: str) -> Refusal | None:
    """Why these are not a browser's push keys: p256dh a P-256 point, auth 16 bytes, both base64url."""
    if not _KEY_TEXT.match(p256dh) or not _KEY_TEXT.match(auth):
        return Refusal("push-keys", "The subscription's keys are not base64url.")
    try:
        point, secret = _unb64url(p256dh), _unb64url(auth)
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError:
        return Refusal("push-keys", "The subscription's p256dh key is not a P-256 public key.")
    if len(point) != 65 or len(secret) != 16:
        return Refusal(
            "push-keys", "The subscription's keys have the wrong length (p256dh 65 bytes, auth 16)."
        )
    return None


# ---------------------------------------------------------------------------- removing


@transaction.atomic
def subscription_remove(*, user: AbstractBaseUser, subscription_id: int) -> bool:
    """Forget one of the user's devices; False if they have none with that id."""
    deleted, _ = PushSubscription.objects.filter(user_id=user.pk, pk=subscription_id).delete()
    return bool(deleted)


# ---------------------------------------------------------------------------- sending


class _NoRedirects(requests.Session):
    """A push service answers; it never sends us on elsewhere (a redirect could point anywhere)."""

    def request(self, *args: Any, **kwargs: Any) -> requests.Response:
        kwargs["allow_redirects"] = False
        return super().request(*args, **kwargs)


def topic_of(tag: str) -> str:
    """The `Topic` header (at most 32 base64url characters): a newer push of the same topic
    replaces one the push service still holds for a phone that is off."""
    return _b64url(hashlib.sha256(tag.encode()).digest())[:32]


def send(
    subscription: PushSubscription, payload: dict[str, Any], *, ttl: int, urgency: str = "high"
) -> Outcome:
    """Push `payload` (JSON) to one browser; what became of it. Never raises for the push
    service's sake: the caller falls back to the mail."""
    from py_vapid import Vapid02
    from pywebpush import WebPushException, webpush

    key = private_key()
    if key is None:
        return Outcome.FAILED
    refused = endpoint_refusal(subscription.endpoint)
    host = urlsplit(subscription.endpoint).hostname or ""
    if refused is None and not _resolves_outside(host):
        refused = Refusal("push-endpoint-address", f"{host} resolves to an address of a private network.")
    if refused is not None:
        log.warning(
            "push %s to subscription %s refused: %s", payload.get("kind"), subscription.pk, refused.message
        )
        return _failed(subscription)
    headers: dict[str, str | int | float] = {"Urgency": urgency}
    if payload.get("tag"):
        headers["Topic"] = topic_of(str(payload["tag"]))
    try:
        with _NoRedirects() as session:
            webpush(
                subscription_info=subscription.info(),
                data=json.dumps(payload, ensure_ascii=False),
                vapid_private_key=Vapid02(key),
                vapid_claims={"sub": settings.WEBPUSH_SUBJECT},  # aud and exp are filled in per push
                content_encoding="aes128gcm",
                ttl=ttl,
                headers=headers,
                timeout=settings.WEBPUSH_TIMEOUT,
                requests_session=session,
            )
    except WebPushException as exc:
        if exc.status_code in (404, 410):
            PushSubscription.objects.filter(pk=subscription.pk).delete()
            log.info("push subscription %s is gone (%s): deleted", subscription.pk, exc.status_code)
            return Outcome.GONE
        log.warning("push %s to %s failed: %s", payload.get("kind"), host, exc.status_code or exc.message)
        return _failed(subscription)
    except Exception:  # a network error, a timeout, a key the library refuses: the mail goes instead
        log.exception("push %s to %s failed", payload.get("kind"), host)
        return _failed(subscription)
    PushSubscription.objects.filter(pk=subscription.pk).update(last_sent_at=timezone.now(), failures=0)
    return Outcome.DELIVERED


def _failed(subscription: PushSubscription) -> Outcome:
    PushSubscription.objects.filter(pk=subscription.pk).update(failures=F("failures") + 1)
    PushSubscription.objects.filter(pk=subscription.pk, failures__gte=MAX_FAILURES).delete()
    return Outcome.FAILED


def device_label(user_agent: str) -> str:
    """ "Chrome on Android", "Safari on iPhone": enough for a person to tell their devices apart."""
    ua = user_agent or ""
    browser = next(
        (
            name
            for marker, name in (
                ("Edg/", "Edge"),
                ("SamsungBrowser", "Samsung Internet"),
                ("Firefox/", "Firefox"),
                ("OPR/", "Opera"),
                ("Chrome/", "Chrome"),
                ("Chromium/", "Chromium"),
                ("Safari/", "Safari"),
            )
            if marker in ua
        ),
        "A browser",
    )
    system = next(
        (
            name
            for marker, name in (
                ("iPhone", "iPhone"),
                ("iPad", "iPad"),
                ("Android", "Android"),
                ("Windows", "Windows"),
                ("Mac OS X", "macOS"),
                ("CrOS", "ChromeOS"),
                ("Linux", "Linux"),
            )
            if marker in ua
        ),
        "",
    )
    return f"{browser} on {system}" if system else browser
