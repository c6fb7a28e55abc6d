"""A stand-in push service on 127.0.0.1 and a "browser" that subscribes to it (docs/push.md).

The service records every request (path, headers, body) and answers each path with the
status the test sets (201 by default). The browser holds what a real one does: a P-256 key
pair and a 16-byte auth secret; it decrypts a received body (RFC 8291, aes128gcm) with
them, and checks the VAPID header (RFC 8292) against the site's public key.
"""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class PushService:
    """The HTTP server thread; `answers` maps a path to the status it answers."""

    server: ThreadingHTTPServer
    received: list[Received] = field(default_factory=list)
    answers: dict[str, int] = field(default_factory=dict)
    redirects: dict[str, str] = field(default_factory=dict)
    public_key: str = ""  # the site's VAPID public key, once a test has chosen one

    @property
    def origin(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host!s}:{port}"

    def to(self, path: str) -> list[Received]:
        return [r for r in self.received if r.path == path]

    def wait_for(self, count: int, timeout: float = 10.0) -> list[Received]:
        deadline = time.monotonic() + timeout
        while len(self.received) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        return list(self.received)


def start_push_service() -> PushService:
    service: PushService

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length)
            service.received.append(
                Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
            )
            if self.path in service.redirects:
                self.send_response(307)
                self.send_header("Location", service.redirects[self.path])
            else:
                self.send_response(service.answers.get(self.path, 201))
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    service = PushService(server)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return service


@dataclass
class Browser:
    """What a browser keeps for one push subscription."""

    endpoint: str
    key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    @property
    def p256dh(self) -> str:
        point = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return b64url(point)

    def subscription(self) -> dict[str, Any]:
        """As `PushSubscription.toJSON()` gives it."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": b64url(self.auth)}}

    def decrypt(self, received: Received) -> dict[str, Any]:
        assert received.headers["content-encoding"] == "aes128gcm"
        plain = http_ece.decrypt(
            received.body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        payload: dict[str, Any] = json.loads(plain)
        return payload


def vapid_claims(received: Received, public_key: str) -> dict[str, Any]:
    """The VAPID JWT's claims, once its signature is checked against the site's public key
    (`Authorization: vapid t=<jwt>,k=<public key>`); AssertionError if anything is off."""
    scheme, _, params = received.headers["authorization"].partition(" ")
    assert scheme == "vapid"
    parts = dict(item.split("=", 1) for item in params.split(","))
    assert parts["k"] == public_key
    header, claims, signature = parts["t"].split(".")
    assert json.loads(unb64url(header)) == {"typ": "JWT", "alg": "ES256"}
    raw = unb64url(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(public_key))
    key.verify(der, f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    out: dict[str, Any] = json.loads(unb64url(claims))
    return out
