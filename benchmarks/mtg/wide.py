"""The turn suite's wide mtg/1 family (`benchmarks/turns.py`): many spells that do not
interact, cast from one set of basic lands (rule 601.2g-h: each land taps for one mana of its
color), so the whole turn is a knapsack over the mana of each color. Seeded: the same seed
gives the same turn."""

from __future__ import annotations

import random
from typing import Any

COLORS = "WUBRG"
BASICS = {"W": "plains", "U": "island", "B": "swamp", "R": "mountain", "G": "forest"}


def wide_turn(seed: int, plays: int = 30) -> dict[str, Any]:
    """`plays` instants ({0}-{3} generic and one or two colored pips of two colors), worth 1-3,
    over 8-12 basic lands of those two colors."""
    rng = random.Random(seed)
    colors = rng.sample(COLORS, 2)
    cards: dict[str, Any] = {BASICS[c]: {"name": BASICS[c].title(), "types": ["land"],
                                         "mana": [{"adds": f"{{{c}}}"}]} for c in colors}
    hand = []
    for i in range(plays):
        generic = rng.randint(0, 3)
        pips = "".join(f"{{{rng.choice(colors)}}}" for _ in range(rng.randint(1, 2)))
        cost = (f"{{{generic}}}" if generic else "") + pips
        cards[f"spell-{i}"] = {"name": f"Spell {i}", "types": ["instant"], "cost": cost}
        hand.append({"id": f"h{i}", "card": f"spell-{i}"})
    lands = [{"id": f"l{j}", "card": BASICS[rng.choice(colors)]}
             for j in range(rng.randint(8, 12))]
    return {"format": "mtg/1", "cards": cards,
            "state": {"phase": "main", "you": {"battlefield": lands, "hand": hand}},
            "turn": {"values": {h["id"]: rng.randint(1, 3) for h in hand}}}


__all__ = ["wide_turn"]
