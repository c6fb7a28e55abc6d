"""HTML templates to PDF with WeasyPrint, reading every resource from the local disk.

A venue's network is not to be trusted and a worker must never fetch over HTTP: the
`base_url` is the project's static folder and the URL fetcher refuses anything that is
not a file inside it (or an inline `data:` URL).
"""

from __future__ import annotations

import contextlib
import functools
import gc
import hashlib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import weasyprint
from django.conf import settings
from django.template import loader

PAPERS = {"a4": "A4", "letter": "Letter"}  # our option value → the CSS @page size keyword
PAPER_LABELS = {"a4": "A4", "letter": "US Letter"}
DEFAULT_PAPER = "a4"
PRINT_CSS = "print/print.css"
PDF_MIMETYPE = "application/pdf"


class LocalOnlyError(ValueError):
    """A print template asked for a resource outside the static folder."""


def static_root() -> Path:
    return Path(settings.BASE_DIR) / "static"


def local_only_fetcher(url: str, timeout: int = 10, ssl_context: Any = None) -> dict[str, Any]:
    """WeasyPrint's URL fetcher, restricted to `data:` URLs and files under the static folder."""
    if url.startswith("data:"):
        fetched: dict[str, Any] = weasyprint.default_url_fetcher(
            url, timeout=timeout, ssl_context=ssl_context
        )
        return fetched
    parsed = urlparse(url)
    if parsed.scheme != "file":
        raise LocalOnlyError(f"print templates read local files only; refused {url!r}")
    path = Path(unquote(parsed.path)).resolve()
    if not path.is_relative_to(static_root().resolve()):
        raise LocalOnlyError(f"print templates read the static folder only; refused {url!r}")
    fetched = weasyprint.default_url_fetcher(url, timeout=timeout, ssl_context=ssl_context)
    return fetched


@functools.cache
def _stylesheet(paper: str) -> Any:
    """print.css plus the page size; parsed once per process and paper (WeasyPrint reuses it)."""
    css = loader.get_template(PRINT_CSS).render({})
    css += f"\n@page {{ size: {PAPERS[paper]} portrait; }}\n"
    return weasyprint.CSS(string=css, base_url=str(static_root()), url_fetcher=local_only_fetcher)


@functools.cache
def templates_version() -> str:
    """A hash of the print templates' source: a changed layout must not reuse old files."""
    digest = hashlib.sha256()
    templates = Path(settings.BASE_DIR) / "templates"
    # The print templates, and each game system's roster sheet they include.
    paths = [*(templates / "print").glob("*"), *(templates / "games").glob("*/roster_sheet.html")]
    for path in sorted(paths):
        if path.is_file():
            digest.update(str(path.relative_to(templates)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while WeasyPrint lays out a document.

    A 256-page document is a tree of hundreds of thousands of boxes; the collector keeps
    rescanning it as it grows, which costs about a fifth of the render time. Nothing in it
    needs collecting before the render ends, and collection resumes right after.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def render_html(template_name: str, context: Mapping[str, Any]) -> str:
    return loader.get_template(template_name).render(dict(context))


def render_pdf(template_name: str, context: Mapping[str, Any]) -> bytes:
    """Render a print template to PDF bytes. `context["paper"]` is "a4" (default) or "letter"."""
    paper = str(context.get("paper") or DEFAULT_PAPER)
    if paper not in PAPERS:
        raise ValueError(f"unknown paper size {paper!r}; use one of {', '.join(PAPERS)}")
    html = render_html(template_name, {**context, "paper": paper})
    document = weasyprint.HTML(string=html, base_url=str(static_root()), url_fetcher=local_only_fetcher)
    with gc_paused():
        pdf: bytes = document.write_pdf(stylesheets=[_stylesheet(paper)])
    return pdf
