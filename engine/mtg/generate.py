"""Seeded `mtg/1` scenarios for the benchmarks: boards of mana sources and one spell to cast,
and turns to plan.

`generate("mtg", size, seed)`: a board of `size` mana sources and creatures (basic lands, dual
and tri lands, filter lands, Sol Ring, Treasures, mana creatures, some summoning sick or
tapped), a graveyard, and one spell drawn from a fixed list covering X, hybrid, Phyrexian,
kicker, convoke and delve. The same (size, seed) always gives the same data: every draw comes
from one `random.Random` seeded with `"mtg:{size}:{seed}"`.

`generate("mtg-turn", size, seed)`: a turn (`turn:`, no `play`) with `size` cards in hand and
10 to 12 lands of two colors, drawn so that order and payment matter (`generate_turn`).
"""

from __future__ import annotations

import random
from typing import Any

Data = dict[str, Any]

FAMILIES: tuple[str, ...] = ("mtg", "mtg-turn")
DEFAULT_SIZE: dict[str, int] = {"mtg": 20, "mtg-turn": 7}
SIZES: dict[str, tuple[int, ...]] = {"mtg": (5, 10, 20, 40, 60), "mtg-turn": (4, 7, 12)}
ABOUT: dict[str, str] = {"mtg": "an mtg/1 board of SIZE mana sources and creatures",
                         "mtg-turn": "an mtg/1 turn of SIZE cards in hand, 10-12 lands of two "
                                     "colors, plays whose order and payment matter"}


def generate(family: str, size: int, seed: int) -> Data:
    """One scenario of `family` at `size`, as plain data."""
    if family not in FAMILIES:
        raise ValueError(f"unknown mtg/1 family {family!r} (one of: {', '.join(FAMILIES)})")
    if family == "mtg-turn":
        return generate_turn(size, seed)
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


BASICS = {"W": "plains", "U": "island", "B": "swamp", "R": "mountain", "G": "forest"}


def _turn_cards(a: str, b: str) -> Data:
    """The cards of a turn in colors `a` and `b`: what makes order and payment matter."""
    la, lb = a.lower(), b.lower()
    return {
        BASICS[a]: {"types": ["land"], "mana": [{"adds": f"{{{a}}}"}]},
        BASICS[b]: {"types": ["land"], "mana": [{"adds": f"{{{b}}}"}]},
        "dual": {"types": ["land"], "mana": [{"adds": f"{{{a}}}|{{{b}}}"}]},
        "tapped-dual": {"types": ["land"], "enters_tapped": True,
                        "mana": [{"adds": f"{{{a}}}|{{{b}}}"}]},
        "treasure": {"types": ["artifact"], "tags": ["treasure", "token"],
                     "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}", "costs": ["tap", "sacrifice_self"]}]},
        "dork": {"name": "Mana Dork", "types": ["creature"], "cost": f"{{{a}}}",
                 "mana": [{"adds": f"{{{a}}}"}]},
        f"bear-{la}": {"types": ["creature"], "cost": f"{{1}}{{{a}}}"},
        f"bear-{lb}": {"types": ["creature"], "cost": f"{{1}}{{{b}}}"},
        f"double-{la}": {"types": ["sorcery"], "cost": f"{{{a}}}{{{a}}}"},
        f"ogre-{lb}": {"types": ["creature"], "cost": f"{{2}}{{{b}}}"},
        "ritual": {"name": "Ritual", "types": ["instant"], "cost": f"{{{a}}}",
                   "effect": {"adds": f"{{{a}}}{{{a}}}{{{a}}}"}},
        "hybrid": {"types": ["creature"], "cost": f"{{{a}/{b}}}{{{a}/{b}}}"},
        "phyrexian": {"types": ["instant"], "cost": f"{{1}}{{{b}/P}}"},
        "kicked": {"types": ["sorcery"], "cost": f"{{1}}{{{b}}}", "kicker": ["{2}"]},
        "flashback": {"types": ["instant"], "cost": f"{{1}}{{{a}}}",
                      "flashback": f"{{2}}{{{a}}}"},
        "rock": {"name": "Mana Rock", "types": ["artifact"], "cost": "{2}",
                 "mana": [{"adds": "{C}"}]},
        "fireball": {"types": ["sorcery"], "cost": f"{{X}}{{{b}}}"},
        "big": {"types": ["creature"], "cost": f"{{4}}{{{a}}}{{{b}}}"},
    }


TURN_SPELLS = ("bear-a", "bear-b", "double-a", "ogre-b", "ritual", "hybrid", "phyrexian",
               "kicked", "flashback", "rock", "big", "dork")


def generate_turn(size: int, seed: int) -> Data:
    """A turn to plan: `size` cards in hand (7), 10-12 lands of two colors (a few tapped, some
    of them duals), sometimes a Treasure, a mana dork or a floating mana; the hand mixes one or
    two lands (a basic, a dual entering tapped) with spells whose order and payment matter:
    colors a later spell needs (two {1}{A} creatures against lands of both colors), a ritual
    paying the spells after it, a mana rock, hybrid and Phyrexian pips, a kicker, a flashback
    card (another in the graveyard), X (a Fireball, one turn in six). Values make some plays
    worth more. Seeded by `"mtg-turn:{size}:{seed}"`."""
    rng = random.Random(f"mtg-turn:{size}:{seed}")
    a, b = rng.sample("WUBRG", 2)
    cards = _turn_cards(a, b)
    named = {"bear-a": f"bear-{a.lower()}", "bear-b": f"bear-{b.lower()}",
             "double-a": f"double-{a.lower()}", "ogre-b": f"ogre-{b.lower()}"}
    battlefield: list[Data] = []
    for i in range(rng.randint(10, 12)):
        card = rng.choice([BASICS[a]] * 4 + [BASICS[b]] * 4 + ["dual"])
        obj: Data = {"id": f"l{i + 1}", "card": card}
        if rng.random() < 0.2:
            obj["tapped"] = True
        battlefield.append(obj)
    if rng.random() < 0.25:
        battlefield.append({"id": "t1", "card": "treasure"})
    if rng.random() < 0.2:
        battlefield.append({"id": "d1", "card": "dork", "sick": rng.random() < 0.5})
    lands = [rng.choice([BASICS[a], BASICS[b], "tapped-dual"])
             for _ in range(min(size, rng.choice([1, 1, 2])))]
    spells = [named.get(c, c) for c in (rng.choice(TURN_SPELLS) for _ in range(size - len(lands)))]
    if rng.random() < 1 / 6 and spells:
        spells[rng.randrange(len(spells))] = "fireball"
    chosen = lands + spells
    rng.shuffle(chosen)
    hand = [{"id": f"h{i + 1}", "card": card} for i, card in enumerate(chosen)]
    graveyard = [{"id": "g1", "card": "flashback"}] if rng.random() < 0.3 else []
    turn: Data = {"candidates": "auto"}
    values = {h["id"]: rng.choice([0, 1, 1, 2, 3]) for h in hand if rng.random() < 0.4}
    if values:
        turn["values"] = values
    you: Data = {"life": rng.choice([3, 20]), "library": 30, "battlefield": battlefield,
                 "hand": hand, "graveyard": graveyard}
    if rng.random() < 0.2:
        you["mana_pool"] = f"{{{rng.choice([a, b])}}}"
    used = {o["card"] for o in (*battlefield, *hand, *graveyard)}
    return {"format": "mtg/1", "cards": {k: v for k, v in cards.items() if k in used},
            "state": {"you": you}, "turn": turn}


__all__ = ["ABOUT", "DEFAULT_SIZE", "FAMILIES", "SIZES", "generate", "generate_mtg",
           "generate_turn"]
