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

`python -m payplan.benchmarks.cliffs` runs every knob at the table's sizes, each in a fresh
process, and prints time, the ratio to the median typical plan of the same run, and peak RSS as
a Markdown table (benchmarks/RESULTS.md, "Cliffs").
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


# --- Measuring: python -m payplan.benchmarks.cliffs ---------------------------------------------

_CHILD = """
import json, resource, sys, time
from payplan.benchmarks.cliffs import KNOBS, cliff
from payplan.benchmarks.generate import generate
from payplan.engine.loader import scenario_from_data
from payplan.planner.config import SolverConfig
knob, size, limit = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
config = SolverConfig(time_limit=limit)
if knob == "typical":
    from payplan.planner.plan import plan
    cases = [scenario_from_data(generate("typical", 7, seed)) for seed in range(size)]
    plan(cases[0], config)
    times = []
    for scenario in cases:
        began = time.perf_counter()
        plan(scenario, config)
        times.append(time.perf_counter() - began)
    times.sort()
    print(json.dumps({"time": times[len(times) // 2], "optimal": True,
                      "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
    sys.exit(0)
import ortools.sat.python.cp_model  # imports are not timed: OR-Tools loads on first use
scenario = scenario_from_data(cliff(knob, size))
command = KNOBS[knob][2]
began = time.perf_counter()
if command == "plan":
    from payplan.planner.plan import plan
    optimal = plan(scenario, config).optimal
elif command == "hand":
    from payplan.planner.hand import plan_hand
    optimal = all(p.optimal for p in plan_hand(scenario, config))
else:
    from payplan.planner.orders import discount_orders
    discount_orders(scenario, config)
    optimal = True
print(json.dumps({"time": time.perf_counter() - began, "optimal": optimal,
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def measure(knob: str, size: int, time_limit: float = 10.0) -> dict[str, Any]:
    """One run of `knob` at `size` in a fresh process: seconds (imports and loading left out),
    whether the answer is proved optimal, and the process's peak RSS."""
    import json
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", _CHILD, knob, str(size), str(time_limit)],
                          capture_output=True, text=True, timeout=time_limit * 4 + 120)
    if done.returncode != 0:
        return {"error": done.stderr.strip().splitlines()[-1:]}
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def main() -> None:
    """Every knob at the issue's sizes against the median typical plan of the same run, as a
    Markdown table on stdout."""
    import os

    typical = measure("typical", 21)
    base = typical["time"]
    print(f"Typical plan (median of 21 `typical` turns): {base * 1000:.2f} ms, "
          f"peak RSS {typical['rss_mb']:.0f} MB; load average {os.getloadavg()[0]:.1f}.\n")
    print("| knob | size | time | x typical | peak RSS | optimal |")
    print("|---|---|---|---|---|---|")
    for knob, (what, sizes, _) in KNOBS.items():
        for size in sizes:
            got = measure(knob, size)
            if "error" in got:
                print(f"| {what} | {size} | error: {got['error']} | | | |")
                continue
            print(f"| {what} | {size} | {got['time'] * 1000:.1f} ms | {got['time'] / base:,.0f}x "
                  f"| {got['rss_mb']:.0f} MB | {got['optimal']} |", flush=True)


if __name__ == "__main__":
    main()
