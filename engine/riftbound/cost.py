"""Costs: Energy, Power pips by domain, and non-standard costs (rules 353.6, 102).

A cost is a frozen value. Power is held as a fixed-length tuple of pip counts, one slot per
domain in `DOMAINS` order and a last slot for `[A]` (Power of any domain), so that costs hash and
compare fast inside the discount-order search.

Text form (round-trips through `Cost.parse` and `str`): `[2][fury][fury][A]` is 2 Energy, two
Fury pips and one pip of any domain; non-standard parts follow as `{discard 1}` or
`{kill 1 type=unit}`. The empty cost is `[0]`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Literal, Mapping

from ..discounts import ANY_INDEX, NO_POWER, Power

Domain = Literal["fury", "calm", "mind", "body", "chaos", "order"]
Zone = Literal["hand", "trash", "board", "banishment", "facedown"]
"""The zones of a player's objects (runes and the rune deck are held apart)."""
Player = Literal["you", "opponent"]
DOMAINS: tuple[Domain, ...] = ("fury", "calm", "mind", "body", "chaos", "order")
ANY = "any"
POWER_KEYS: tuple[str, ...] = DOMAINS + (ANY,)
DOMAIN_AT: dict[str, int] = {domain: i for i, domain in enumerate(DOMAINS)}  # a domain's index
assert ANY_INDEX == len(DOMAINS) and len(NO_POWER) == len(POWER_KEYS)  # the algebra's slots

OTHER_KINDS: tuple[str, ...] = (
    "discard",
    "kill",
    "exhaust",
    "recycle_from_trash",
    "return_to_hand",
    "spend_buff",
    "spend_xp",
)
# Atoms that name the object whose ability is played (real-card abilities). `exhaust_self` and
# `kill_self` are priced as `exhaust` / `kill` of that one object (filter `id`); the others keep
# their kind, with the same filter.
SELF_KINDS: tuple[str, ...] = ("exhaust_self", "kill_self", "banish_self", "disempower_self",
                               "recycle_self")



def power_from_map(pips: Mapping[str, int]) -> Power:
    """The pip tuple of a `{domain: count}` map (`any` for `[A]`)."""
    return tuple(int(pips.get(key, 0)) for key in POWER_KEYS)


def power_to_map(power: Power) -> dict[str, int]:
    """The `{domain: count}` map of a pip tuple, zero entries left out, in `POWER_KEYS` order."""
    return {key: n for key, n in zip(POWER_KEYS, power) if n}


def power_add(a: Power, b: Power) -> Power:
    return tuple(x + y for x, y in zip(a, b))


def power_text(power: Power) -> str:
    return "".join(
        ("[A]" if key == ANY else f"[{key}]") * n for key, n in zip(POWER_KEYS, power)
    )


@dataclass(frozen=True, slots=True)
class Filter:
    """Conditions an object (or the card being played) must all meet.

    Fields left at their defaults do not constrain. `controller`, `from_zone` and `keyword` are
    meaningful on a grant's `applies_to` (the card being played) and, for `controller`, on the
    objects a non-standard cost chooses.
    """

    type: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    domain: str | None = None
    name: str | None = None
    max_might: int | None = None
    min_might: int | None = None
    location: str | None = None
    controller: Player | None = None
    from_zone: Zone | None = None
    keyword: str | None = None
    ability: str | None = None  # equip|empower|activated|hide|any: matches ability plays only
    id: str | None = None  # one object (the self atoms of an ability)
    printed_energy: int | None = None  # an object whose card prints exactly this Energy
    printed_power: int | None = None  # ... and this many Power pips (Atakhan's victims)
    any_tags: tuple[str, ...] = ()  # at least one of these tags ("a Bird, Cat, Dog, or Poro")
    self_: bool = False  # `self: true`: the granting object itself (a grant's `applies_to` only)
    stunned: bool | None = None  # a board object stunned (true) or not (false)
    timing: str | None = None  # normal|action|reaction: the played card's timing (as played)

    def text(self) -> str:
        """`key=value` for each field that constrains, `|` between the values of a list."""
        parts = []
        for key in Filter.__dataclass_fields__:
            value = getattr(self, key)
            if isinstance(value, tuple):
                if value:
                    parts.append(f"{key}={'|'.join(value)}")
            elif value is not None and value is not False:
                parts.append(f"{key}={value}")
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class OtherCost:
    """A non-standard cost: `discard 1`, `kill 1 unit`, `spend_xp 3`, ..."""

    kind: str
    count: int
    filter: Filter = field(default_factory=Filter)

    def __str__(self) -> str:
        text = self.filter.text()
        return f"{{{self.kind} {self.count}{' ' + text if text else ''}}}"


@dataclass(frozen=True, slots=True)
class Cost:
    """A total or partial cost: Energy, Power pips, non-standard parts."""

    energy: int = 0
    power: Power = NO_POWER
    other: tuple[OtherCost, ...] = ()

    @staticmethod
    def of(
        energy: int = 0,
        power: Mapping[str, int] | None = None,
        other: Iterable[OtherCost] = (),
    ) -> Cost:
        return Cost(energy, power_from_map(power or {}), tuple(other))

    @property
    def pips(self) -> int:
        return sum(self.power)

    @property
    def size(self) -> int:
        """Energy plus Power pips: the tie-break between equally scored plans."""
        return self.energy + sum(self.power)

    def power_map(self) -> dict[str, int]:
        return power_to_map(self.power)

    def __add__(self, other: Cost) -> Cost:
        return Cost(
            self.energy + other.energy,
            power_add(self.power, other.power),
            self.other + other.other,
        )

    def to_json(self) -> dict[str, object]:
        """The spec's Cost shape, zero entries left out (readers treat missing keys as 0)."""
        out: dict[str, object] = {}
        if self.energy:
            out["energy"] = self.energy
        pm = self.power_map()
        if pm:
            out["power"] = pm
        if self.other:
            out["other"] = [other_to_json(o) for o in self.other]
        return out

    def __str__(self) -> str:
        text = (f"[{self.energy}]" if self.energy else "") + power_text(self.power)
        text += "".join(str(o) for o in self.other)
        return text or "[0]"

    def __repr__(self) -> str:
        return f"Cost.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> Cost:
        """Read the text form written by `str(cost)`."""
        energy = 0
        power = [0] * len(POWER_KEYS)
        other: list[OtherCost] = []
        pos = 0
        for match in _TOKEN.finditer(text):
            if match.start() != pos:
                raise ValueError(f"cannot read cost {text!r} at {text[pos:]!r}")
            pos = match.end()
            token = match.group(0)
            if token.startswith("{"):
                other.append(_parse_other(token, text))
                continue
            inner = token[1:-1]
            if inner.isdigit():
                energy += int(inner)
            elif inner in ("A", "any"):
                power[ANY_INDEX] += 1
            elif inner in DOMAINS:
                power[DOMAINS.index(inner)] += 1
            else:
                raise ValueError(f"cannot read cost {text!r}: unknown symbol {token!r}")
        if pos != len(text.strip()) or not text.strip():
            raise ValueError(f"cannot read cost {text!r}")
        return Cost(energy, tuple(power), tuple(other))


_TOKEN = re.compile(r"\[[^\]]*\]|\{[^}]*\}")


def _parse_other(token: str, text: str) -> OtherCost:
    words = token[1:-1].split()
    if len(words) < 2 or words[0] not in OTHER_KINDS + SELF_KINDS or not words[1].isdigit():
        raise ValueError(f"cannot read cost {text!r}: bad non-standard part {token!r}")
    fields: dict[str, object] = {}
    for word in words[2:]:
        key, _, value = word.partition("=")
        if key in ("type", "tags", "any_tags"):
            fields[key] = tuple(value.split("|"))
        elif key in ("max_might", "min_might", "printed_energy", "printed_power"):
            fields[key] = int(value)
        elif key in Filter.__dataclass_fields__:
            fields[key] = value
        else:
            raise ValueError(f"cannot read cost {text!r}: unknown filter key {key!r}")
    return OtherCost(words[0], int(words[1]), Filter(**fields))  # type: ignore[arg-type]


def filter_to_json(f: Filter) -> dict[str, object]:
    out: dict[str, object] = {}
    if f.type:
        out["type"] = f.type[0] if len(f.type) == 1 else list(f.type)
    if f.tags:
        out["tags"] = list(f.tags)
    if f.any_tags:
        out["any_tags"] = list(f.any_tags)
    for key in ("domain", "name", "max_might", "min_might", "location", "controller", "keyword",
                "ability", "id", "printed_energy", "printed_power", "stunned", "timing"):
        value = getattr(f, key)
        if value is not None:
            out[key] = value
    if f.from_zone is not None:
        out["from"] = f.from_zone
    if f.self_:
        out["self"] = True
    return out


def other_to_json(o: OtherCost) -> dict[str, object] | str:
    """`{"discard": 1}` or `{"kill": {"count": 1, "filter": {...}}}`, as the spec writes them."""
    if o.filter == Filter():
        if o.kind in SELF_KINDS and o.count == 1:
            return o.kind
        return {o.kind: o.count}
    return {o.kind: {"count": o.count, "filter": filter_to_json(o.filter)}}
