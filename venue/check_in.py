"""The door's check-in code (docs/venue.md, "QR codes"): valid at one event, on one day.

The code is the venue's local date and an HMAC of it with the event (keyed by SECRET_KEY,
Django's `salted_hmac`): "20261003-5f0c…". A code photographed on Saturday does not check
anyone in on Sunday, and a code of another event checks nobody in here; nothing is stored,
and a TO who wants a fresh code for the next day simply opens the page again. The date in
the clear lets the refusal say which of the two went wrong.
"""

from __future__ import annotations

import datetime as dt
import re

from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac

from tournaments.event_time import event_zone
from tournaments.models import Event

SALT = "muster.venue.check-in"
MAC_LENGTH = 20  # hex digits: 80 bits, beyond guessing at a venue's scale
CODE = re.compile(rf"^(\d{{8}})-([0-9a-f]{{{MAC_LENGTH}}})$")


def venue_today(event: Event) -> dt.date:
    """Today's date at the venue (the event's time zone, tournaments.event_time)."""
    return timezone.localdate(timezone.now(), event_zone(event))


def _mac(event: Event, day: dt.date) -> str:
    value = f"{event.pk}|{event.slug}|{day.isoformat()}"
    return salted_hmac(SALT, value, algorithm="sha256").hexdigest()[:MAC_LENGTH]


def check_in_code(event: Event, day: dt.date | None = None) -> str:
    """The event's check-in code for `day` (default: today at the venue)."""
    day = day or venue_today(event)
    return f"{day:%Y%m%d}-{_mac(event, day)}"


class CodeVerdict:
    """What a scanned code is, as the service and the refusal page say it."""

    VALID = "valid"
    WRONG = "wrong"  # garbled, or another event's
    OTHER_DAY = "other-day"  # this event's, for another day


def read_code(event: Event, code: str) -> str:
    """One of CodeVerdict's values for `code` at `event`, today at the venue."""
    found = CODE.match(code)
    if found is None:
        return CodeVerdict.WRONG
    try:
        day = dt.datetime.strptime(found.group(1), "%Y%m%d").date()
    except ValueError:
        return CodeVerdict.WRONG
    if not constant_time_compare(found.group(2), _mac(event, day)):
        return CodeVerdict.WRONG
    return CodeVerdict.VALID if day == venue_today(event) else CodeVerdict.OTHER_DAY
