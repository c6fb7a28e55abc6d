"""Sending one mail, and making text safe for a mail header: the leaf every mail of the
event core goes through (notifications, invitations), importing nothing of the core."""

from __future__ import annotations

import logging
import unicodedata
from smtplib import SMTPException

from django.core.mail import send_mail

log = logging.getLogger(__name__)


def header_text(text: str) -> str:
    """Text for a mail header: every run of whitespace or control characters one space.

    Names are refused with a line break now (tournaments.limits.control_characters_in), but
    a name stored before, or imported, may hold one; Django refuses to send a header with a
    newline (BadHeaderError), which would lose the mail."""
    return " ".join("".join(" " if unicodedata.category(c)[0] in "CZ" else c for c in text).split())


def send_one_mail(*, subject: str, body: str, to: str, what: str) -> bool:
    """Send one mail now (an invitation, from its task); False, logged with `what`,
    when the mail server refuses it or a header cannot be sent, so the caller goes on with
    the others."""
    try:
        send_mail(subject=header_text(subject), message=body, from_email=None, recipient_list=[to])
    except (SMTPException, OSError, ValueError):  # ValueError: BadHeaderError
        log.exception("%s not sent", what)
        return False
    return True
