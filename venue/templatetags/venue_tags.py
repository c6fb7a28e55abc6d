"""Template tags of the venue app: the QR image any page or print template embeds, and
the featured-table panel of the TO's round page (a hook drawn by a tag, as the awards
panel is, so the event core never imports the venue: docs/architecture.md)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from accounts.links import absolute
from tournaments.models import Round, RoundStatus
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
def featured_table_panel(round_: Round) -> dict[str, Any]:
    """The TO's round page: which table is streamed, and the tables that may be (every
    player there agreed), for the form that features one (docs/venue.md)."""
    games = list(
        round_.games.filter(table__isnull=False, player_two__isnull=False)
        .select_related("table", "player_one", "player_two")
        .order_by("table__number")
    )
    featured = next((g for g in games if g.table_id == round_.featured_table_id), None)
    return {
        "round": round_,
        "event": round_.event,
        "featured": featured,
        "streamed": featured is not None and not missing_consent(featured),
        "tables": [
            {"game": g, "number": g.table.number if g.table else 0, "missing": missing_consent(g)}
            for g in games
        ],
        "closed": round_.status == RoundStatus.CLOSED,
    }
