"""The turn suite's wide payplan/1 family (`benchmarks/turns.py`): many spells that do not
interact, over one set of runes, so the whole turn is a knapsack over Energy and each domain's
Power (rules 353.1-353.3). Seeded: the same seed gives the same turn."""

from __future__ import annotations

import random
from typing import Any

DOMAINS = ("fury", "calm", "mind", "body", "chaos", "order")


def wide_turn(seed: int, plays: int = 30) -> dict[str, Any]:
    """`plays` spells (Energy 1-4, half of them a Power pip of a domain), worth 1-3, over 8-12
    runes of the six domains."""
    rng = random.Random(seed)
    cards: dict[str, Any] = {}
    hand = []
    for i in range(plays):
        cost: dict[str, Any] = {"energy": rng.randint(1, 4)}
        if rng.random() < 0.5:
            cost["power"] = {rng.choice(DOMAINS): 1}
        cards[f"spell-{i}"] = {"name": f"Spell {i}", "type": "spell", "cost": cost}
        hand.append({"id": f"h{i}", "card": f"spell-{i}"})
    runes = [{"id": f"r{j}", "domain": rng.choice(DOMAINS)} for j in range(rng.randint(8, 12))]
    return {"format": "payplan/1", "cards": cards, "state": {"you": {"runes": runes, "hand": hand}},
            "turn": {"values": {h["id"]: rng.randint(1, 3) for h in hand}}}


__all__ = ["wide_turn"]
