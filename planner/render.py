"""Readable text for players: plans as small aligned tables."""

from __future__ import annotations

import unicodedata
from typing import Sequence


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A plain aligned table with a rule under the header. A cell is one line of printable
    text (`cell`), padded to the columns' width on a terminal (`width`)."""
    cells = [[cell(h) for h in headers]] + [[cell(c) for c in row] for row in rows]
    widths = [max(width(row[i]) for row in cells) for i in range(len(headers))]
    lines = ["  ".join(c + " " * (w - width(c)) for c, w in zip(row, widths)).rstrip()
             for row in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def cell(value: object) -> str:
    """`value` as one line of printable text: a line break, a tab, any other control or format
    character and a lone surrogate are written as their Python escape (`\\n`, `\\ud800`)."""
    text = str(value)
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                   for ch in text)


def readable(text: str) -> str:
    """Text for a terminal: each of its lines as `cell` writes a cell, so no id or name in it
    (a header, a step, a list of state changes) can send the terminal an escape sequence (ESC,
    OSC, BEL, CSI) or turn the text around (a bidi override). Lines already escaped stay as
    they are (a backslash is printable)."""
    return "\n".join(cell(line) for line in text.split("\n"))


def width(text: str) -> int:
    """How many columns `text` (printable, as `cell` makes it) takes on a terminal: wide and
    full-width characters (East Asian width W or F) two, combining marks none, others one."""
    if text.isascii():
        return len(text)
    return sum(0 if unicodedata.category(ch) in ("Mn", "Me") else
               2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)
