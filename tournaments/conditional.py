"""Conditional GETs for the pages and API reads that phones poll (HTTP ETag, RFC 9110 §13).

A page's ETag is a digest of everything that decides its bytes:

- the event's version (tournaments.services.versions), which moves with every change a
  page shows;
- the caller: user id, roles at the event, and the CSRF secret (every page embeds a token
  masked from it, so a page cached before a new log-in must not be revalidated after it);
- whether the request came from htmx (a fragment, not the page) and the full path;
- the facts that change by time alone: the roster deadline passed (rosters lock and, under
  "hidden until the roster deadline", are published: OP Guide: Submission and Publication),
  the publication date reached.

Unchanged, the answer is a body-less 304 after the access queries only. The clock and the
draft change by the second and are never stored (`never_cache_by_time`); the clock's reads
carry an ETag of their own, of the clock's facts (judging.selectors.clock_etag, docs/polling.md
"The round clock"), which its script sends back itself. A page carrying
a one-off message (after a POST) gets no ETag either, so a later 304 cannot bring the
message back, and no request with a message waiting is answered 304 (it would be lost).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TypeVar

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.utils import timezone
from django.utils.cache import (
    add_never_cache_headers,
    get_conditional_response,
    patch_cache_control,
    patch_vary_headers,
)

from tournaments.access import EventAccess
from tournaments.caching import event_stamp
from tournaments.event_format import roster_lock
from tournaments.models import Event

VARY = ("Cookie", "Authorization", "HX-Request")


def is_htmx(request: HttpRequest) -> bool:
    """An htmx poll or swap asking for a fragment (a boosted navigation wants the page)."""
    return request.headers.get("HX-Request") == "true" and request.headers.get("HX-Boosted") != "true"


def time_facts(event: Event) -> str:
    """What a page shows that changes with the clock alone, not with a write: the roster
    deadline passing (rosters lock, and "hidden until the roster deadline" publishes them)
    and the publication date arriving. The other way rosters lock, round 1 being paired, is
    a write the event's version already carries, so no query is needed here."""
    now = timezone.now()
    deadline_passed = roster_lock(deadline=event.roster_deadline, now=now, round_one_paired=False) is not None
    published_on_date = event.rosters_published_at is not None and now >= event.rosters_published_at
    return f"deadline={int(deadline_passed)},on-date={int(published_on_date)}"


@dataclass(frozen=True)
class Conditional:
    """One page's validator: `fresh()` gives the 304, `finish()` labels the 200."""

    request: HttpRequest
    etag: str
    message_waiting: bool

    def fresh(self) -> HttpResponseBase | None:
        if self.message_waiting or self.request.method not in ("GET", "HEAD"):
            return None
        response = get_conditional_response(self.request, etag=self.etag)
        if response is not None:
            self._label(response)
        return response

    def finish(self, response: HttpResponseBase) -> HttpResponseBase:
        if response.status_code == 200 and not self.message_waiting:
            self._label(response)
        else:
            patch_vary_headers(response, VARY)
        return response

    def _label(self, response: HttpResponseBase) -> None:
        response["ETag"] = self.etag
        # Kept by the browser alone, and asked about again every time (the 304 is cheap).
        patch_cache_control(response, private=True, no_cache=True)
        patch_vary_headers(response, VARY)


def conditional(
    request: HttpRequest, access: EventAccess, page: str, *parts: object, version: int | None = None
) -> Conditional:
    """The validator for `page` as `request`'s caller sees it at `access.event`'s version
    (or at `version`, when what is shown is an older one: tournaments.caching)."""
    user = request.user
    csrf = str(request.META.get("CSRF_COOKIE", ""))
    raw = "|".join(
        [
            page,
            event_stamp(access.event, version),
            str(user.pk if user.is_authenticated else 0),
            ",".join(sorted(access.roles)),
            hashlib.blake2b(csrf.encode(), digest_size=8).hexdigest(),
            "htmx" if is_htmx(request) else "page",
            request.get_full_path(),
            time_facts(access.event),
            *map(str, parts),
        ]
    )
    etag = '"' + hashlib.blake2b(raw.encode(), digest_size=12).hexdigest() + '"'
    return Conditional(request, etag, message_waiting=len(messages.get_messages(request)) > 0)


R = TypeVar("R", bound=HttpResponse)


def never_cache_by_time(response: R) -> R:
    """For what changes by the second (the round clock): no stored copy (a reading's
    `server_now` must never come back from a cache as new)."""
    add_never_cache_headers(response)
    return response
