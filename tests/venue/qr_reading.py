"""Reading QR codes back from what the site serves (zxing-cpp): an <img> data URI on a
page, or a PDF rendered page by page (PDFium, through pypdfium2), as a phone sees paper."""

from __future__ import annotations

import base64
import io
import re

import pypdfium2 as pdfium
import zxingcpp
from PIL import Image

_IMG = re.compile(r'<img class="qr[^"]*" src="data:image/png;base64,([^"]+)"')


def decode_image(image: Image.Image) -> list[str]:
    return [
        found.text for found in zxingcpp.read_barcodes(image) if found.format == zxingcpp.BarcodeFormat.QRCode
    ]


def codes_on_page(html: str) -> list[str]:
    """The text of every QR image of a page, decoded from its pixels (not its data-url)."""
    found = []
    for payload in _IMG.findall(html):
        image = Image.open(io.BytesIO(base64.b64decode(payload)))
        found += decode_image(image.convert("L"))
    return found


def codes_in_pdf(content: bytes, dpi: int = 150) -> list[list[str]]:
    """The QR codes of each page of a PDF, in page order, rendered at `dpi` (PDFium) as a
    phone's camera sees the printed page."""
    document = pdfium.PdfDocument(content)
    try:
        return [decode_image(page.render(scale=dpi / 72).to_pil().convert("L")) for page in document]
    finally:
        document.close()
