"""`{% load venue_qr %}`: the QR image any page or print template embeds (docs/venue.md,
"QR codes"), and the featured-table panel of the TO's round page (a hook drawn by a tag, as
the awards and announcements panels are, so the event core never imports the venue:
docs/architecture.md)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from accounts.links import absolute
from tournaments.models import Game, Round, RoundStatus
from venue.qr import DEFAULT_SCALE, qr_code
from venue.services import missing_consent

register = template.Library()


@register.simple_tag
def qr_img(path_or_url: str, alt: str, css_class: str = "qr", scale: int = DEFAULT_SCALE) -> SafeString:
    """<img> of the QR code of `path_or_url` (made absolute on SITE_URL), with the address
    it holds in `data-url` (what the tests and a curious TO can read back)."""
    code = qr_code(path_or_url, scale=scale)
    return format_html(
        '<img class="{}" src="{}" alt="{}" width="{}" height="{}" data-url="{}">',
        css_class,
        code.data_uri,
        alt,
        code.pixels,
        code.pixels,
        code.url,
    )


@register.simple_tag
def qr_url(path_or_url: str) -> str:
    """The absolute address a QR code of `path_or_url` holds, to print beside it."""
    return absolute(path_or_url)


@register.inclusion_tag("venue/_featured_table.html")
def featured_table_panel(round_: Round, games: Iterable[Game]) -> dict[str, Any]:
    """The TO's round page: which table is streamed, and each table with who has not agreed
    to be streamed, for the form that features one (docs/venue.md). `games` are the page's
    own, players and tables loaded: the panel costs no query."""
    seated = [g for g in games if g.table is not None and g.player_two is not None]
    featured = next((g for g in seated if g.table_id == round_.featured_table_id), None)
    return {
        "round": round_,
        "event": round_.event,
        "featured": featured,
        "streamed": featured is not None and not missing_consent(featured),
        "tables": [{"game": g, "missing": missing_consent(g)} for g in seated],
        "closed": round_.status == RoundStatus.CLOSED,
    }
