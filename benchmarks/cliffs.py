"""Adversarial scenarios: each turns one knob of issue 12's table up, everything else small.

`cliff(knob, size)` returns a scenario in the `payplan/1` format (plain data, as
`benchmarks.generate` does); `KNOBS` lists the knobs with the sizes the issue's table names.
They are deterministic (no randomness): the same knob and size give the same data.

- `any_less`: one "[A] less 8" (with a Power minimum of 1, so it is not the last discount)
  on a cost of `size` pips spread over the six domains, plus one Energy discount with a minimum.
- `mixed`: `size` discounts with both an Energy and a Power part, all different.
- `repeat`: a card with `size` Repeat instances and Accelerate, all `auto`, with component
  discounts.
- `optional`: a card with `size` printed optional costs, all `auto`.
- `either`: `size` "[1] or [A] less" discounts, all different (different minimums).
- `either_same`: `size` identical "[1] or [A] less" discounts.
- `flow_trash`: `payplan hand` with `size` distinct Flow cards in the trash.
- `orders`: `payplan orders` on the `modifiers` family at `size` discounts.
"""

from __future__ import annotations

from typing import Any

from payplan.benchmarks.generate import BASE_CARDS, DOMAINS, generate

Data = dict[str, Any]

# knob -> (what it counts, the sizes the table names, the command it times)
KNOBS: dict[str, tuple[str, tuple[int, ...], str]] = {
    "any_less": ("Power pips over six domains under one '[A] less 8'", (12, 18), "plan"),
    "mixed": ("mixed Energy+Power discounts, all different", (11, 13, 16), "plan"),
    "repeat": ("Repeat instances (+ Accelerate), auto", (10, 12), "plan"),
    "optional": ("printed optional costs, auto", (16,), "plan"),
    "either": ("'[1] or [A] less' discounts, all different", (16, 18), "plan"),
    "either_same": ("'[1] or [A] less' discounts, identical", (24, 26), "plan"),
    "flow_trash": ("distinct Flow cards in the trash", (1000,), "hand"),
    "orders": ("generated discounts (modifiers family)", (16,), "orders"),
}


def cliff(knob: str, size: int) -> Data:
    """The adversarial scenario of `knob` at `size`."""
    build = {"any_less": _any_less, "mixed": _mixed, "repeat": _repeat, "optional": _optional,
             "either": _either, "either_same": _either_same, "flow_trash": _flow_trash,
             "orders": _orders}
    if knob not in build:
        raise ValueError(f"unknown knob {knob!r} (one of: {', '.join(build)})")
    data = build[knob](size)
    data["format"] = "payplan/1"
    return {key: data[key] for key in ("format", "cards", "state", "play", "objective") if key in data}


def _runes(per_domain: int, domains: tuple[str, ...] = DOMAINS) -> list[Data]:
    return [{"id": f"r{d}{k}", "domain": d} for d in domains for k in range(per_domain)]


def _spread(pips: int) -> dict[str, int]:
    """`pips` Power pips over the six domains, as evenly as they go."""
    return {d: pips // 6 + (1 if k < pips % 6 else 0) for k, d in enumerate(DOMAINS)
            if pips // 6 + (1 if k < pips % 6 else 0)}


def _scenario(card: Data, runes: list[Data], play: Data, objective: Data | None = None) -> Data:
    cards: Data = dict(BASE_CARDS)
    cards["target"] = card
    you: Data = {"runes": runes, "hand": [{"id": "h1", "card": "target"}]}
    out: Data = {"cards": cards, "state": {"phase": "main", "turn": "you", "you": you},
                 "play": {"object": "h1", **play}}
    if objective:
        out["objective"] = objective
    return out


def _any_less(pips: int) -> Data:
    card = {"name": "Prism", "type": "spell", "domains": list(DOMAINS),
            "cost": {"energy": 6, "power": _spread(pips)}}
    discounts = [{"id": "prism-less", "power": {"any": 8}, "minimum": {"power": 1}},
                 {"id": "thrift", "energy": 2, "minimum": {"energy": 2}}]
    return _scenario(card, _runes(3), {"discounts": discounts})


def _mixed(n: int) -> Data:
    card = {"name": "Grand Design", "type": "spell", "domains": ["fury", "calm"],
            "cost": {"energy": 3 * n, "power": {"fury": 4, "calm": 4, "any": 4}}}
    discounts = []
    for i in range(n):
        d: Data = {"id": f"m{i + 1}", "energy": 1 + i % 3,
                   "power": {("fury", "calm", "any")[i % 3]: 1},
                   "minimum": {"energy": i % 5}}
        if i % 2:
            d["minimum"]["power"] = i % 4
        discounts.append(d)
    return _scenario(card, _runes(6, ("fury", "calm", "mind")), {"discounts": discounts})


def _repeat(n: int) -> Data:
    card = {"name": "Echo", "type": "spell", "domains": ["mind"],
            "cost": {"energy": 2, "power": {"mind": 1}},
            "keywords": {"accelerate": True,
                         "repeat": [{"energy": 1 + i % 3, "power": {"any": i % 2}}
                                    for i in range(n)]}}
    optional = {"accelerate": "auto", "repeat": "auto"}
    optional.update({f"repeat.{i}": "auto" for i in range(1, n)})
    discounts = [{"id": "echo-less", "component": "repeat", "energy": 1},
                 {"id": "haste-less", "component": "accelerate", "power": {"any": 1}}]
    benefits = {"accelerate": 2, "repeat": 3}
    benefits.update({f"repeat.{i}": 2 + i % 3 for i in range(1, n)})
    return _scenario(card, _runes(4, ("mind", "calm")),
                     {"optional": optional, "discounts": discounts}, {"benefits": benefits})


def _optional(n: int) -> Data:
    extras = [{"id": f"extra{i + 1}", "mandatory": False,
               "cost": {"energy": 1 + i % 2, "power": {DOMAINS[i % 3]: 1}}}
              for i in range(n)]
    card = {"name": "Toolbox", "type": "unit", "domains": ["fury"], "might": 3,
            "cost": {"energy": 2}, "additional_costs": extras}
    optional = {f"extra{i + 1}": "auto" for i in range(n)}
    benefits = {f"extra{i + 1}": 1 + i % 4 for i in range(n)}
    return _scenario(card, _runes(3, DOMAINS[:3]), {"optional": optional},
                     {"benefits": benefits})


def _either(n: int) -> Data:
    card = {"name": "Crossroads", "type": "spell", "domains": ["fury", "calm"],
            "cost": {"energy": n + 2, "power": {"fury": 3, "calm": 3, "any": 3}}}
    discounts = [{"id": f"either{i + 1}", "choice": [{"energy": 1 + i % 2}, {"power": {"any": 1}}],
                  "minimum": {"energy": i}} for i in range(n)]
    return _scenario(card, _runes(3, ("fury", "calm")), {"discounts": discounts})


def _either_same(n: int) -> Data:
    card = {"name": "Crossroads", "type": "spell", "domains": ["fury", "calm"],
            "cost": {"energy": n + 2, "power": {"fury": 3, "calm": 3, "any": 3}}}
    discounts = [{"id": f"either{i + 1}", "choice": [{"energy": 1}, {"power": {"any": 1}}]}
                 for i in range(n)]
    return _scenario(card, _runes(3, ("fury", "calm")), {"discounts": discounts})


def _flow_trash(n: int) -> Data:
    cards: Data = dict(BASE_CARDS)
    trash = []
    for i in range(n):
        cards[f"flow{i}"] = {"name": f"Flow {i}", "type": "spell", "domains": ["fury"],
                             "cost": {"energy": 3 + i % 5},
                             "keywords": {"flow": [{"energy": 1 + i % 4}]}}
        trash.append({"id": f"t{i}", "card": f"flow{i}"})
    you: Data = {"runes": _runes(3, ("fury", "calm")), "hand": [{"id": "h1", "card": "grunt"}],
                 "trash": trash}
    return {"cards": cards, "state": {"phase": "main", "turn": "you", "you": you}}


def _orders(n: int) -> Data:
    return generate("modifiers", n, 0)
