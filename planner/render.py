"""Readable text for players: plans as small aligned tables."""

from __future__ import annotations

import unicodedata
from typing import Sequence

from .plan import Plan


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


def width(text: str) -> int:
    """How many columns `text` (printable, as `cell` makes it) takes on a terminal: wide and
    full-width characters (East Asian width W or F) two, combining marks none, others one."""
    if text.isascii():
        return len(text)
    return sum(0 if unicodedata.category(ch) in ("Mn", "Me") else
               2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def render_plan(p: Plan) -> str:
    head = f"{p.play['card']} ({p.play['object']}, from {p.play['from']}): {p.status}"
    if p.status != "ok":
        return "\n".join([head] + [f"  - {r}" for r in p.reasons])
    assert p.total is not None and p.payment is not None and p.base is not None
    out = [head, ""]
    out.append(table(["rule", "step", "total"], [(s.rule, s.text, s.total) for s in p.steps]))
    out.append("")
    out.append(f"Total: {p.total}" + (f"   paid optional: {', '.join(p.paid_optional)}"
                                       if p.paid_optional else ""))
    if p.discount_order:
        out.append(f"Discount order: {' -> '.join(p.discount_order)}")
    out.append("")
    pay = p.payment
    rows: list[tuple[str, str]] = []
    if pay.pool_energy or any(pay.pool_power):
        from ..engine.cost import Cost

        rows.append(("from the pool", str(Cost(pay.pool_energy, pay.pool_power))))
    if pay.exhaust:
        rows.append(("exhaust (Energy)", " ".join(pay.exhaust)))
    if pay.recycle:
        rows.append(("recycle (Power)", " ".join(f"{r}->{pays}" for r, pays in pay.recycle)))
    if pay.sources:
        rows.append(("use sources", " ".join(pay.sources)))
    for kind, ids in pay.other:
        rows.append((kind.replace("_", " "), " ".join(ids)))
    if not rows:
        rows.append(("nothing to pay", ""))
    out.append(table(["pay with", "what"], rows))
    out.append("")
    tail = f"Score {p.score}"
    if p.objective != p.score:
        tail += f" (objective {p.objective} after benefits)"
    tail += f"; executions {p.executions}"
    if p.destination is not None:
        tail += f"; leaves the Chain to: {p.destination}"
    if not p.optimal:
        tail += "; NOT proven optimal (time limit)"
    out.append(tail)
    return "\n".join(out)
