"""The design system's colours (static/css/site.css, docs/design.md) meet WCAG 2.1 AA: every
text colour on the surface it is used on has a contrast ratio of at least 4.5:1, in the
light scheme and in the dark one (prefers-color-scheme). And the pages stay light: no web
fonts and no stylesheet pulled from elsewhere ("light pages")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

CSS = Path(__file__).resolve().parents[2] / "static" / "css"
SITE = (CSS / "site.css").read_text()

# (text, surface): each pair the stylesheet puts together.
PAIRS = [
    ("ink", "bg"),
    ("ink", "card"),
    ("muted", "bg"),
    ("muted", "card"),
    ("muted", "neutral-bg"),
    ("accent", "card"),
    ("accent", "bg"),
    ("accent", "accent-bg"),
    ("accent-ink", "accent"),
    ("brand-ink", "brand"),
    ("brand-soft", "brand"),
    ("ink", "neutral-bg"),
    ("ink", "accent-bg"),
    ("ink", "warn-bg"),
    ("ink", "info-bg"),
    ("ok", "ok-bg"),
    ("bad", "bad-bg"),
    ("warn", "warn-bg"),
    ("info", "info-bg"),
    ("ok", "card"),
    ("bad", "card"),
    ("warn", "card"),
]


def _tokens(block: str) -> dict[str, str]:
    found = re.findall(r"--([\w-]+):\s*#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b", block)
    return {
        name: "#" + (value if len(value) == 6 else "".join(c * 2 for c in value)) for name, value in found
    }


def _schemes() -> dict[str, dict[str, str]]:
    light = _tokens(SITE[SITE.index(":root") : SITE.index("}", SITE.index(":root"))])
    dark_start = SITE.index("@media (prefers-color-scheme: dark)")
    dark_root = SITE.index(":root", dark_start)
    dark = {**light, **_tokens(SITE[dark_root : SITE.index("}", dark_root)])}
    return {"light": light, "dark": dark}


def _luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, two: str) -> float:
    """WCAG 2.1's contrast ratio (1.4.3 Contrast (Minimum)), from 1 to 21."""
    a, b = sorted((_luminance(one), _luminance(two)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def test_contrast_matches_wcags_reference_points():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)  # just under AA


hex_colours = st.integers(0, 0xFFFFFF).map(lambda n: f"#{n:06x}")


@given(hex_colours, hex_colours)
def test_contrast_is_symmetric_and_bounded(one, two):
    assert contrast(one, two) == pytest.approx(contrast(two, one))
    assert 1.0 <= contrast(one, two) <= 21.0


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(("text", "surface"), PAIRS)
def test_every_text_colour_meets_aa_on_its_surface(scheme, text, surface):
    tokens = _schemes()[scheme]
    ratio = contrast(tokens[text], tokens[surface])
    pair = f"--{text} {tokens[text]} on --{surface} {tokens[surface]}"
    assert ratio >= 4.5, f"{scheme}: {pair} is {ratio:.2f}:1"


def test_both_schemes_define_every_token_the_pairs_use():
    for scheme, tokens in _schemes().items():
        missing = {name for pair in PAIRS for name in pair} - tokens.keys()
        assert not missing, (scheme, missing)


@pytest.mark.parametrize("sheet", sorted(p.name for p in CSS.glob("*.css")))
def test_no_web_fonts_and_nothing_loaded_from_elsewhere(sheet):
    text = (CSS / sheet).read_text()
    assert "@font-face" not in text
    assert "@import" not in text
    assert not re.search(r"url\(\s*['\"]?(https?:)?//", text), "a stylesheet reaching off the site"
