"""Reading the PDFs back: page texts and page sizes (pypdf)."""

from __future__ import annotations

import io

from pypdf import PdfReader

# Page sizes in PDF points (1/72 inch): A4 is 210 x 297 mm, US Letter 8.5 x 11 in.
A4 = (595, 842)
LETTER = (612, 792)


def pages(content: bytes) -> list[str]:
    assert content.startswith(b"%PDF-")
    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(content)).pages]


def page_size(content: bytes) -> tuple[int, int]:
    box = PdfReader(io.BytesIO(content)).pages[0].mediabox
    return round(float(box.width)), round(float(box.height))


def squash(text: str) -> str:
    """Text with runs of whitespace made single spaces (extraction splits lines freely)."""
    return " ".join(text.split())
