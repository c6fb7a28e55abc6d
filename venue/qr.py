"""QR codes for paper and screens (docs/venue.md, "QR codes").

One function, `qr_code`, gives what a page or a printed document embeds: a PNG as a
`data:` URI. The site's Content-Security-Policy allows `data:` images and nothing inline
beyond them (config/settings.py), and the print renderer fetches `data:` URLs and local
files only (printing.render), so the same image works in both, with no file to serve.

Every code holds an absolute address built from SITE_URL (accounts.links.absolute): a
phone that scans paper has no page to resolve a relative path against, and a request's
own host may be a LAN address the players' phones cannot reach.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import segno

from accounts.links import absolute

# ISO/IEC 18004 asks for a quiet zone of four modules around the symbol; phones reading a
# code off a crumpled slip need it. Medium error correction (15%) survives a pen mark.
QUIET_ZONE = 4
ERROR_CORRECTION = "m"
# Pixels per module of the PNG. The pages and print stylesheets size the image in CSS
# (millimetres on paper); the PNG only needs enough pixels to stay sharp when scaled.
DEFAULT_SCALE = 8


@dataclass(frozen=True, slots=True)
class QrCode:
    url: str  # the absolute address the code holds
    data_uri: str  # "data:image/png;base64,...": an <img> source for pages and PDFs
    pixels: int  # the PNG's side, quiet zone included


def qr_code(path_or_url: str, *, scale: int = DEFAULT_SCALE) -> QrCode:
    """The QR code of `path_or_url` made absolute on SITE_URL."""
    return _qr_code(absolute(path_or_url), scale)


@functools.lru_cache(maxsize=512)
def _qr_code(url: str, scale: int) -> QrCode:
    # A slip's or a card's code is drawn again for every reprint of the same document.
    symbol = segno.make(url, error=ERROR_CORRECTION, micro=False)
    side, _ = symbol.symbol_size(scale=scale, border=QUIET_ZONE)
    return QrCode(url, symbol.png_data_uri(scale=scale, border=QUIET_ZONE), int(side))
