"""Reading QR codes back from what the site serves (zxing-cpp): an <img> data URI on a
page, or a PDF rasterised page by page with poppler's pdftoppm, as a phone sees paper."""

from __future__ import annotations

import base64
import io
import re
import subprocess
import tempfile
from pathlib import Path

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
    """The QR codes of each page of a PDF, in page order, rasterised at `dpi`."""
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "doc.pdf"
        source.write_bytes(content)
        subprocess.run(
            ["pdftoppm", "-r", str(dpi), "-png", str(source), str(Path(folder) / "page")], check=True
        )
        pages = sorted(Path(folder).glob("page-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
        return [decode_image(Image.open(page).convert("L")) for page in pages]
