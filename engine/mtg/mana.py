"""Mana symbols and mana costs (rules 107.4, 202, 118.7).

A mana cost is a string of symbols in braces: generic `{2}`, colored `{W}{U}{B}{R}{G}`,
colorless `{C}`, hybrid `{W/U}`, mono-hybrid `{2/W}`, Phyrexian `{B/P}`, hybrid Phyrexian
`{G/W/P}`, `{X}` and snow `{S}` (107.4h: one generic mana paid with mana from a snow source;
it stays apart from the plain `Mana` a total holds, counted as `snow`). `ManaCost.parse` reads
one strictly: a bad symbol is a `ManaError` naming its position (0-based, counted in symbols),
and `str(cost)` gives the text back.

Plain mana (what a total holds once every hybrid and Phyrexian pip is announced, and what a
source adds) is a `Mana` tuple: generic first, then W U B R G C. Its canonical text puts the
generic number first, then the colors in that order (`{1}{U}{B}`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

COLORS: tuple[str, ...] = ("W", "U", "B", "R", "G")
TYPES: tuple[str, ...] = COLORS + ("C",)  # the kinds of mana; C is colorless
COLOR_NAMES: dict[str, str] = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green",
                               "C": "colorless"}
NAME_COLORS: dict[str, str] = {name: c for c, name in COLOR_NAMES.items() if c != "C"}

Mana = tuple[int, int, int, int, int, int, int]  # (generic, W, U, B, R, G, C)
NO_MANA: Mana = (0, 0, 0, 0, 0, 0, 0)
MAX_GENERIC = 1000


class ManaError(ValueError):
    """A malformed mana string: `index` is the position of the bad symbol (in symbols)."""

    def __init__(self, index: int, message: str) -> None:
        self.index = index
        self.message = message
        super().__init__(f"[{index}]: {message}")


@dataclass(frozen=True, slots=True)
class Symbol:
    """One mana symbol. `kind` is generic, color, hybrid, monohybrid, phyrexian, x or snow."""

    kind: str
    colors: tuple[str, ...] = ()  # the color(s) named, in printed order
    amount: int = 0  # generic: the number; monohybrid: the generic half

    @property
    def text(self) -> str:
        if self.kind == "generic":
            return f"{{{self.amount}}}"
        if self.kind == "x":
            return "{X}"
        if self.kind == "snow":
            return "{S}"
        if self.kind == "color":
            return f"{{{self.colors[0]}}}"
        if self.kind == "hybrid":
            return "{" + "/".join(self.colors) + "}"
        if self.kind == "monohybrid":
            return f"{{{self.amount}/{self.colors[0]}}}"
        return "{" + "/".join(self.colors) + "/P}"

    @property
    def announced(self) -> bool:
        """Whether the player announces a half for it (601.2b): hybrid and Phyrexian pips."""
        return self.kind in ("hybrid", "monohybrid", "phyrexian")

    def halves(self) -> tuple[str, ...]:
        """What the player may announce for it: a mana text, or `life` for 2 life."""
        if self.kind == "hybrid":
            return tuple(f"{{{c}}}" for c in self.colors)
        if self.kind == "monohybrid":
            return (f"{{{self.amount}}}", f"{{{self.colors[0]}}}")
        if self.kind == "phyrexian":
            return ("life",) + tuple(f"{{{c}}}" for c in self.colors)
        return (self.text,)


_SYMBOL = re.compile(r"\{([^{}]*)\}")


def parse_symbol(body: str, index: int) -> Symbol:
    text = "{" + body + "}"
    up = body.upper()
    if up.isdigit() and body.isascii():
        amount = int(up) if len(up) < 6 else MAX_GENERIC + 1
        if amount > MAX_GENERIC:
            raise ManaError(index, f"absurd generic amount {text!r} (at most {MAX_GENERIC:,})")
        return Symbol("generic", amount=amount)
    if up == "X":
        return Symbol("x")
    if up == "S":
        return Symbol("snow")
    if up in TYPES:
        return Symbol("color", (up,))
    parts = up.split("/")
    if len(parts) == 2 and parts[1] == "P" and parts[0] in COLORS:
        return Symbol("phyrexian", (parts[0],))
    if len(parts) == 3 and parts[2] == "P" and _pair(parts[0], parts[1]):
        return Symbol("phyrexian", (parts[0], parts[1]))
    if len(parts) == 2 and _pair(parts[0], parts[1]):
        return Symbol("hybrid", (parts[0], parts[1]))
    if len(parts) == 2 and parts[0].isdigit() and parts[0].isascii() and parts[1] in COLORS:
        amount = int(parts[0]) if len(parts[0]) < 6 else MAX_GENERIC + 1
        if 0 < amount <= MAX_GENERIC:
            return Symbol("monohybrid", (parts[1],), amount)
    raise ManaError(index, f"unknown mana symbol {text!r}")


def _pair(a: str, b: str) -> bool:
    return a in COLORS and b in COLORS and a != b


def _symbols(text: str) -> list[Symbol]:
    out: list[Symbol] = []
    pos = 0
    for match in _SYMBOL.finditer(text):
        if match.start() != pos:
            _stray(text[pos:match.start()], len(out))
        out.append(parse_symbol(match.group(1), len(out)))
        pos = match.end()
    if pos != len(text):
        _stray(text[pos:], len(out))
    return out


def _stray(text: str, index: int) -> None:
    if not text.strip():
        raise ManaError(index, "spaces between mana symbols (write {2}{W}, not {2} {W})")
    shown = text if len(text) <= 20 else text[:17] + "..."
    raise ManaError(index, f"unexpected text {shown!r} (mana symbols are written in braces, "
                           f"like {{2}}{{W}})")


@dataclass(frozen=True, slots=True)
class ManaCost:
    """A mana cost as printed: its symbols in order. The empty cost is `""` (no mana cost)."""

    symbols: tuple[Symbol, ...] = ()

    @classmethod
    def parse(cls, text: str) -> ManaCost:
        return cls(tuple(_symbols(text)))

    def __str__(self) -> str:
        return "".join(s.text for s in self.symbols)

    def __repr__(self) -> str:
        return f"ManaCost.parse({str(self)!r})"

    @property
    def x_count(self) -> int:
        return sum(1 for s in self.symbols if s.kind == "x")

    @property
    def announced(self) -> tuple[Symbol, ...]:
        return tuple(s for s in self.symbols if s.announced)

    @property
    def snow(self) -> int:
        """How many {S} symbols it has (107.4h)."""
        return sum(1 for s in self.symbols if s.kind == "snow")

    def plain(self) -> Mana:
        """The plain part: generic and colored symbols (X, hybrid and Phyrexian left out)."""
        out = list(NO_MANA)
        for s in self.symbols:
            if s.kind == "generic":
                out[0] += s.amount
            elif s.kind == "color":
                out[1 + TYPES.index(s.colors[0])] += 1
        return _mana(out)

    def least_mana(self) -> int:
        """The least mana paying it takes: generic and colored pips, a hybrid pip 1, a {2/W}
        pip 1, a Phyrexian pip and X 0 (life can pay a Phyrexian pip)."""
        least = 0
        for s in self.symbols:
            if s.kind == "generic":
                least += s.amount
            elif s.kind == "monohybrid":
                least += min(s.amount, 1)
            elif s.kind in ("color", "hybrid", "snow"):
                least += 1
        return least

    def mana_value(self) -> int:
        """Rule 202.3: X is 0; a hybrid pip counts its largest half, a Phyrexian pip 1."""
        total = 0
        for s in self.symbols:
            if s.kind == "generic":
                total += s.amount
            elif s.kind == "monohybrid":
                total += max(s.amount, 1)
            elif s.kind != "x":
                total += 1
        return total

    def colors(self) -> tuple[str, ...]:
        """The colors of the colored symbols (rule 202.2), in WUBRG order."""
        named = {c for s in self.symbols for c in s.colors if c != "C"}
        return tuple(c for c in COLORS if c in named)


def _mana(values: list[int]) -> Mana:
    return (values[0], values[1], values[2], values[3], values[4], values[5], values[6])


def mana(generic: int = 0, **colored: int) -> Mana:
    """`mana(1, U=1, B=1)` is {1}{U}{B}."""
    out = [generic] + [colored.get(t, 0) for t in TYPES]
    return _mana(out)


def add(a: Mana, b: Mana) -> Mana:
    return _mana([x + y for x, y in zip(a, b)])


def total(m: Mana) -> int:
    return sum(m)


def mana_text(m: Mana, empty: str = "{0}") -> str:
    """Canonical text: the generic number first (left out when 0 and there are colors), then
    W U B R G C."""
    parts = [f"{{{m[0]}}}"] if m[0] else []
    for t, n in zip(TYPES, m[1:]):
        parts.append(f"{{{t}}}" * n)
    text = "".join(parts)
    return text if text else empty


def total_text(m: Mana, snow: int = 0, empty: str = "{0}") -> str:
    """A total's canonical text: `mana_text` with its `snow` {S} symbols right after the
    generic number (`{2}{S}{S}{G}`; `{S}{G}` with no generic mana)."""
    if not snow:
        return mana_text(m, empty)
    rest = mana_text((0,) + m[1:], "")
    return (f"{{{m[0]}}}" if m[0] else "") + "{S}" * snow + rest


def parse_plain(text: str) -> Mana:
    """Plain mana only (what a source adds or a pool holds); a ManaError names the bad symbol."""
    out = list(NO_MANA)
    for i, s in enumerate(_symbols(text)):
        if s.kind == "generic":
            raise ManaError(i, f"{s.text} is not a kind of mana (a source adds {{W}}, ..., {{C}})")
        if s.kind != "color":
            raise ManaError(i, f"{s.text} is not plain mana (use one of {{W}}{{U}}{{B}}{{R}}{{G}}{{C}})")
        out[1 + TYPES.index(s.colors[0])] += 1
    return _mana(out)


def parse_options(text: str) -> tuple[Mana, ...]:
    """`{W}|{U}` (one of several) or `{C}{C}` (all at once): each option as plain mana.

    A ManaError's index counts symbols across the whole string."""
    options: list[Mana] = []
    offset = 0
    for part in text.split("|"):
        try:
            m = parse_plain(part)
        except ManaError as err:
            raise ManaError(err.index + offset, err.message) from None
        if not total(m):
            raise ManaError(offset, "an empty option (write {W}|{U}, each option some mana)")
        offset += len(_SYMBOL.findall(part))
        options.append(m)
    return tuple(options)
