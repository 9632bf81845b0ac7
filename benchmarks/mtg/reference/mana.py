"""Mana strings of mtg/1, read from the format (docs/mtg-format.md) and rule 107.4, written
apart from payplan's own parser (the checker shares no code with what it checks).

A symbol is one of:
  ("generic", n)       {0} {1} {12}
  ("mana", c)          {W} {U} {B} {R} {G} {C}
  ("hybrid", (a, b))   {W/U}: announced as a or b                      (107.4e)
  ("mono", (n, c))     {2/W}: announced as n generic or c              (107.4e)
  ("phyrexian", c)     {B/P}: announced as c or 2 life                 (107.4f)
  ("hphyrexian", (a, b)) {G/W/P}: announced as a, b or 2 life          (107.4f)
  ("x", 0)             {X}: announced; {X}{X} counts twice              (107.3)
  ("snow", 0)          {S}: one generic mana paid only with mana from a snow source (107.4h);
                       never inside a hybrid symbol
"""

from __future__ import annotations

import re
from typing import Any

COLORS = "WUBRG"
MANA = "WUBRGC"  # the order of a canonical total: generic first, then W U B R G C
COLOR_NAMES = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}

Symbol = tuple[str, Any]

_TOKEN = re.compile(r"\{([^{}]*)\}")


def parse_symbols(text: str) -> list[Symbol]:
    """Every symbol of `text` in order; ValueError names the first bad one."""
    if not isinstance(text, str):
        raise ValueError(f"not a mana string: {text!r}")
    out: list[Symbol] = []
    pos = 0
    for match in _TOKEN.finditer(text):
        if match.start() != pos:
            raise ValueError(f"stray text {text[pos:match.start()]!r} in {text!r}")
        pos = match.end()
        body = match.group(1).upper()
        parts = body.split("/")
        if body.isdigit():
            out.append(("generic", int(body)))
        elif body in MANA:
            out.append(("mana", body))
        elif body == "X":
            out.append(("x", 0))
        elif body == "S":
            out.append(("snow", 0))
        elif len(parts) == 2 and parts[1] == "P" and parts[0] in COLORS and parts[0]:
            out.append(("phyrexian", parts[0]))
        elif len(parts) == 2 and parts[0].isdigit() and parts[1] in COLORS and parts[1]:
            out.append(("mono", (int(parts[0]), parts[1])))
        elif (len(parts) == 2 and all(len(p) == 1 and p in COLORS for p in parts)
              and parts[0] != parts[1]):
            out.append(("hybrid", (parts[0], parts[1])))
        elif (len(parts) == 3 and parts[2] == "P" and all(len(p) == 1 and p in COLORS for p in parts[:2])
              and parts[0] != parts[1]):
            out.append(("hphyrexian", (parts[0], parts[1])))
        else:
            raise ValueError(f"unknown mana symbol {match.group(0)!r}")
    if pos != len(text.strip()) and text[pos:].strip():
        raise ValueError(f"stray text {text[pos:]!r} in {text!r}")
    return out


def announcements(symbol: Symbol) -> list[tuple[dict[str, int], int]]:
    """What a symbol can be announced as (601.2b): (plain mana counts, life)."""
    kind, arg = symbol
    if kind == "generic":
        return [({"generic": arg}, 0)]
    if kind == "mana":
        return [({arg: 1}, 0)]
    if kind == "snow":
        return [({"S": 1}, 0)]
    if kind == "hybrid":
        return [({arg[0]: 1}, 0), ({arg[1]: 1}, 0)]
    if kind == "mono":
        return [({"generic": arg[0]}, 0), ({arg[1]: 1}, 0)]
    if kind == "phyrexian":
        return [({arg: 1}, 0), ({}, 2)]
    if kind == "hphyrexian":
        return [({arg[0]: 1}, 0), ({arg[1]: 1}, 0), ({}, 2)]
    raise ValueError(f"{kind} has no fixed announcement")


# A plain amount of mana: (generic, W, U, B, R, G, C, S). {S} is generic mana of
# its own slot: it counts in the sum (the mana value, a floor's comparison), and no reduction
# reads its slot.
Vec = tuple[int, int, int, int, int, int, int, int]
ZERO: Vec = (0, 0, 0, 0, 0, 0, 0, 0)
SLOT = {"generic": 0, **{c: i + 1 for i, c in enumerate(MANA)}, "S": 7}


def vec_add(a: Vec, counts: dict[str, int]) -> Vec:
    v = list(a)
    for key, n in counts.items():
        v[SLOT[key]] += n
    return (v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7])


def vec_text(v: Vec) -> str:
    """Canonical text: the generic number first, then the {S} symbols, then W U B R G C;
    nothing is ''."""
    text = f"{{{v[0]}}}" if v[0] else ""
    text += "{S}" * v[7]
    for i, c in enumerate(MANA):
        text += f"{{{c}}}" * v[i + 1]
    return text


def parse_plain(text: str) -> Vec:
    """A total after announcement (plain symbols only), as printed in `total.mana`."""
    v = ZERO
    for kind, arg in parse_symbols(text or ""):
        if kind == "generic":
            v = vec_add(v, {"generic": arg})
        elif kind == "mana":
            v = vec_add(v, {arg: 1})
        elif kind == "snow":
            v = vec_add(v, {"S": 1})
        else:
            raise ValueError(f"not a plain total: {text!r}")
    return v


def produced_options(text: str) -> list[tuple[str, ...]]:
    """`adds: "{W}{W}|{W}{U}"`: each option as the colors of its mana, in order."""
    options: list[tuple[str, ...]] = []
    for part in str(text).split("|"):
        mana: list[str] = []
        for kind, arg in parse_symbols(part.strip()):
            if kind != "mana":
                raise ValueError(f"a mana ability adds plain mana, not {part!r}")
            mana.append(arg)
        options.append(tuple(mana))
    return options
