"""Text cells of the CSV files Muster writes, safe to open in a spreadsheet.

A cell starting with = + - @, a tab or a carriage return is run as a formula by Excel,
LibreOffice and Google Sheets (CSV injection): a player's name, a penalty's notes or a
username (Django allows `+`, `-` and `@` in them) would then compute, or call out, on the
TO's machine. Such a cell is written with a leading apostrophe, which spreadsheets show
as text and do not display.
"""

from __future__ import annotations

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def safe_text(value: str) -> str:
    return "'" + value if value.startswith(FORMULA_START) else value
