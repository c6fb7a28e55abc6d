"""Reading a TO's list of players from CSV: a spreadsheet export or a paste. Pure Python.

A header row is matched by name, case, spaces and punctuation aside, with the synonyms
spreadsheets use (`First Name`, `Surname`, `E-mail Address`, ...); without one, columns
are positional: name, then optionally e-mail and username. Comma or semicolon separated
(a spreadsheet in a comma-decimal locale saves with semicolons). Checking the rows
against the event (accounts, the name's length) is the service's job:
`tournaments.services.players.players_import_csv`.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

NAME, FIRST, LAST, EMAIL, USERNAME = "name", "first_name", "last_name", "email", "username"

# Normalised header text (lower case, letters and digits only) -> the column it means.
COLUMNS: dict[str, str] = {
    **dict.fromkeys(("name", "fullname", "player", "playername", "displayname", "participant"), NAME),
    **dict.fromkeys(("firstname", "first", "givenname", "forename", "christianname"), FIRST),
    **dict.fromkeys(("lastname", "last", "surname", "familyname"), LAST),
    **dict.fromkeys(("email", "emailaddress", "mail", "mailaddress"), EMAIL),
    **dict.fromkeys(("username", "user", "account", "login", "musterusername"), USERNAME),
}
# Columns people export that the import knows and leaves out on purpose, with why.
NOT_IMPORTED: dict[str, str] = {
    **dict.fromkeys(("faction", "army", "race"), "a player's faction comes from their roster"),
}
POSITIONAL = (NAME, EMAIL, USERNAME)


class CsvProblem(ValueError):
    """The file as a whole cannot be read (no name column in the header)."""


@dataclass(frozen=True)
class CsvRow:
    number: int  # the row as a spreadsheet numbers it: a header row is row 1
    name: str
    email: str
    username: str


@dataclass(frozen=True)
class PlayerList:
    rows: tuple[CsvRow, ...]
    header: bool
    ignored: tuple[str, ...]  # header cells not imported, as written, each with why


def _key(cell: str) -> str:
    return re.sub(r"[^0-9a-z]", "", cell.strip().lower())


def decode_upload(raw: bytes) -> str:
    """A player file's text: UTF-8 (with or without a byte-order mark), UTF-16 with its
    byte-order mark (Excel's "Unicode Text"), else Windows' legacy code page, in which every
    byte is a character. A NUL character is refused: no text file has one, and nothing
    can store it."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            text = raw.decode("utf-16")
        except UnicodeDecodeError:
            raise CsvProblem(
                "The file says it is UTF-16 text but is not: save it again as CSV (UTF-8)."
            ) from None
    else:
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = raw.decode("cp1252", errors="replace")
    return text


def _dialect(text: str) -> str:
    """The separator: a tab (Excel's "Unicode Text"), a semicolon (a comma-decimal
    locale's CSV) or a comma, whichever the first line has most of."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    counts = {",": first.count(","), ";": first.count(";"), "\t": first.count("\t")}
    return max(counts, key=lambda sep: (counts[sep], sep == ","))


def _header(cells: list[str]) -> dict[str, int] | None:
    """Column positions if `cells` is a header row (a name column matched), else None."""
    known = {_key(c) for c in cells} & (set(COLUMNS) | set(NOT_IMPORTED))
    if not known or any("@" in c for c in cells):  # a player's row, e-mail and all
        return None
    found: dict[str, int] = {}
    for position, cell in enumerate(cells):
        column = COLUMNS.get(_key(cell))
        if column is not None:
            found.setdefault(column, position)
    if NAME not in found and FIRST not in found and LAST not in found:
        raise CsvProblem(
            "The header row has no name column: name it Name, or First Name and Last Name "
            f"(found: {', '.join(c.strip() for c in cells if c.strip())})."
        )
    return found


def read_player_list(text: str) -> PlayerList:
    """The rows of a player list, blank rows skipped, cells trimmed."""
    text = text.lstrip("\ufeff")
    if "\x00" in text:
        raise CsvProblem(
            "The list contains NUL characters, so it is not text: save it from the spreadsheet "
            "as CSV (UTF-8) and try again."
        )
    try:
        rows = list(csv.reader(io.StringIO(text), delimiter=_dialect(text)))
    except csv.Error as exc:
        raise CsvProblem(f"The list cannot be read as CSV ({exc}).") from None
    first = 1  # the spreadsheet's number of the first row left in `rows`
    while rows and not any(c.strip() for c in rows[0]):
        rows.pop(0)
        first += 1
    columns = _header(rows[0]) if rows else None
    has_header = columns is not None
    ignored: list[str] = []
    if columns is None:
        columns = {column: position for position, column in enumerate(POSITIONAL)}
    else:
        for cell in rows[0]:
            key = _key(cell)
            if key and key not in COLUMNS:
                why = NOT_IMPORTED.get(key, "not a column the import knows")
                ignored.append(f"{cell.strip()} ({why})")
        rows = rows[1:]
        first += 1

    def value(row: list[str], column: str) -> str:
        position = columns.get(column)
        return row[position].strip() if position is not None and position < len(row) else ""

    out = []
    for number, row in enumerate(rows, start=first):
        if not any(c.strip() for c in row):
            continue
        name = value(row, NAME) or " ".join(p for p in (value(row, FIRST), value(row, LAST)) if p)
        out.append(CsvRow(number, name, value(row, EMAIL), value(row, USERNAME)))
    return PlayerList(tuple(out), header=has_header, ignored=tuple(ignored))
