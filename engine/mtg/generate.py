"""Seeded `mtg/1` scenarios for the benchmarks: boards of mana sources and one spell to cast.

`generate("mtg", size, seed)`: a board of `size` mana sources and creatures (basic lands, dual
and tri lands, filter lands, Sol Ring, Treasures, mana creatures, some summoning sick or
tapped), a graveyard, and one spell drawn from a fixed list covering X, hybrid, Phyrexian,
kicker, convoke and delve. The same (size, seed) always gives the same data: every draw comes
from one `random.Random` seeded with `"mtg:{size}:{seed}"`.
"""

from __future__ import annotations

import random
from typing import Any

Data = dict[str, Any]

FAMILIES: tuple[str, ...] = ("mtg",)
DEFAULT_SIZE: dict[str, int] = {"mtg": 20}
SIZES: dict[str, tuple[int, ...]] = {"mtg": (5, 10, 20, 40, 60)}
ABOUT: dict[str, str] = {"mtg": "an mtg/1 board of SIZE mana sources and creatures"}


def generate(family: str, size: int, seed: int) -> Data:
    """One scenario of `family` (only `mtg`) at `size`, as plain data."""
    if family not in FAMILIES:
        raise ValueError(f"unknown mtg/1 family {family!r} (one of: {', '.join(FAMILIES)})")
    return generate_mtg(size, seed)


CARDS: Data = {
    "plains": {"types": ["land"], "mana": [{"adds": "{W}"}]},
    "island": {"types": ["land"], "mana": [{"adds": "{U}"}]},
    "swamp": {"types": ["land"], "mana": [{"adds": "{B}"}]},
    "mountain": {"types": ["land"], "mana": [{"adds": "{R}"}]},
    "forest": {"types": ["land"], "mana": [{"adds": "{G}"}]},
    "wastes": {"types": ["land"], "mana": [{"adds": "{C}"}]},
    "dual-wu": {"types": ["land"], "mana": [{"adds": "{W}|{U}"}]},
    "dual-br": {"types": ["land"], "mana": [{"adds": "{B}|{R}"}]},
    "dual-rg": {"types": ["land"], "mana": [{"adds": "{R}|{G}"}]},
    "tri-gwu": {"types": ["land"], "mana": [{"adds": "{G}|{W}|{U}"}]},
    "city-of-brass": {"types": ["land"], "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}",
                                                   "costs": ["tap", {"pay_life": 1}]}]},
    "mystic-gate": {"types": ["land"], "mana": [
        {"adds": "{C}"}, {"adds": "{W}{W}|{W}{U}|{U}{U}", "costs": ["tap", "{W/U}"]}]},
    "graven-cairns": {"types": ["land"], "mana": [
        {"adds": "{C}"}, {"adds": "{B}{B}|{B}{R}|{R}{R}", "costs": ["tap", "{B/R}"]}]},
    "sol-ring": {"types": ["artifact"], "mana": [{"adds": "{C}{C}"}]},
    "treasure": {"types": ["artifact"], "tags": ["treasure", "token"],
                 "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}", "costs": ["tap", "sacrifice_self"]}]},
    "llanowar-elves": {"types": ["creature"], "cost": "{G}", "mana": [{"adds": "{G}"}]},
    "birds": {"types": ["creature"], "cost": "{G}", "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}"}]},
    "bear-w": {"types": ["creature"], "cost": "{1}{W}"},
    "bear-r": {"types": ["creature"], "cost": "{1}{R}"},
    "bear-g": {"types": ["creature"], "cost": "{1}{G}"},
    "chaff": {"types": ["sorcery"], "cost": "{1}{B}"},
}
BOARD: tuple[tuple[str, int], ...] = (
    ("plains", 3), ("island", 3), ("swamp", 3), ("mountain", 3), ("forest", 3), ("wastes", 1),
    ("dual-wu", 2), ("dual-br", 2), ("dual-rg", 2), ("tri-gwu", 1), ("city-of-brass", 1),
    ("mystic-gate", 1), ("graven-cairns", 1), ("sol-ring", 1), ("treasure", 2),
    ("llanowar-elves", 1), ("birds", 1), ("bear-w", 1), ("bear-r", 1), ("bear-g", 1))
SPELLS: tuple[Data, ...] = (
    {"types": ["sorcery"], "cost": "{X}{R}{R}"},
    {"types": ["instant"], "cost": "{2}{W/U}{W/U}{B/P}"},
    {"types": ["sorcery"], "cost": "{3}{G}{G}", "kicker": ["{2}{R}"]},
    {"types": ["instant"], "cost": "{4}{R}{R}", "convoke": True},
    {"types": ["sorcery"], "cost": "{6}{U}", "delve": True},
    {"types": ["creature"], "cost": "{2/W}{2/U}{2/B}{2/R}{2/G}"},
    {"types": ["instant"], "cost": "{1}{W}{U}{B}{R}{G}"},
    {"types": ["sorcery"], "cost": "{X}{G}{W}{U}"},
)


def generate_mtg(size: int, seed: int) -> Data:
    """A board of `size` mana sources and creatures, a graveyard, and one spell to cast."""
    rng = random.Random(f"mtg:{size}:{seed}")
    names = [n for n, w in BOARD for _ in range(w)]
    battlefield = []
    for i in range(size):
        card = rng.choice(names)
        obj: Data = {"id": f"p{i}", "card": card}
        if CARDS[card]["types"] == ["creature"] and rng.random() < 0.25:
            obj["sick"] = True
        if rng.random() < 0.1:
            obj["tapped"] = True
        battlefield.append(obj)
    spell = dict(rng.choice(SPELLS))
    extra = max(0, size // 6 - 2)
    if "X" not in spell["cost"] and extra:
        spell["cost"] = f"{{{extra}}}" + spell["cost"]
    cards = dict(CARDS)
    cards["spell"] = spell
    play: Data = {"object": "s1"}
    if "kicker" in spell:
        play["optional"] = {"kicker": "auto"}
    return {
        "format": "mtg/1",
        "cards": cards,
        "state": {"you": {"life": rng.choice([3, 10, 20]), "library": 30,
                          "battlefield": battlefield, "hand": [{"id": "s1", "card": "spell"}],
                          "graveyard": [{"id": f"g{i}", "card": "chaff"}
                                        for i in range(rng.randint(0, size // 3))]}},
        "play": play,
        "objective": {"benefits": {"kicker": 6}},
    }


__all__ = ["ABOUT", "DEFAULT_SIZE", "FAMILIES", "SIZES", "generate", "generate_mtg"]
