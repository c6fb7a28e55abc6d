"""venue.qr: every code holds an absolute address on SITE_URL, with its quiet zone, and
reads back to that address."""

from __future__ import annotations

import base64
import io
from typing import Any

from PIL import Image

from tests.venue.qr_reading import codes_on_page, decode_image
from venue.qr import QUIET_ZONE, qr_code
from venue.templatetags.venue_qr import qr_img


def _image(data_uri: str) -> Image.Image:
    assert data_uri.startswith("data:image/png;base64,")
    return Image.open(io.BytesIO(base64.b64decode(data_uri.split(",", 1)[1]))).convert("L")


def test_a_path_is_made_absolute_on_site_url_and_reads_back(settings: Any) -> None:
    settings.SITE_URL = "https://hall.example.org/"
    code = qr_code("/e/spring/tables/3/?x=1")
    assert code.url == "https://hall.example.org/e/spring/tables/3/?x=1"
    assert decode_image(_image(code.data_uri)) == [code.url]


def test_an_absolute_url_keeps_only_its_path_on_site_url(settings: Any) -> None:
    # A request's own host (a LAN address) never reaches paper: SITE_URL is the address.
    settings.SITE_URL = "https://muster.example.org"
    assert qr_code("http://10.0.0.7:8000/e/spring/").url == "https://muster.example.org/e/spring/"


def test_the_code_has_its_quiet_zone(settings: Any) -> None:
    settings.SITE_URL = "https://muster.example.org"
    code = qr_code("/e/spring/check-in/20261003-0123456789abcdef0123/", scale=5)
    image = _image(code.data_uri)
    assert image.size == (code.pixels, code.pixels)
    margin = QUIET_ZONE * 5
    light = 255
    # Four modules of light on every side, and dark modules right inside them (the finders).
    for x in range(code.pixels):
        for y in list(range(margin)) + list(range(code.pixels - margin, code.pixels)):
            assert image.getpixel((x, y)) == light
            assert image.getpixel((y, x)) == light
    assert image.getpixel((margin, margin)) != light


def test_the_tag_embeds_the_image_and_names_the_address(settings: Any) -> None:
    settings.SITE_URL = "https://muster.example.org"
    html = str(qr_img("/e/spring/tables/1/", 'Table "1"'))
    assert 'data-url="https://muster.example.org/e/spring/tables/1/"' in html
    assert 'alt="Table &quot;1&quot;"' in html
    assert codes_on_page(html) == ["https://muster.example.org/e/spring/tables/1/"]
