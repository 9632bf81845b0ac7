"""The `payplan/1` knobs of the `cliffs` suite: each turns one knob of a play up, the rest small.

`cliff(knob, size)` returns a scenario in the `payplan/1` format (plain data, as
`benchmarks.generate` does); `KNOBS` lists the knobs with the sizes their aims are read at.
They are deterministic (no randomness): the same knob and size give the same data.

Timed in a process of their own, the plan alone (`measure`), against the median typical plan of
the same run, and checked against the brute force (`brute_force.brute_plan`) up to `BRUTE_UP_TO`
with the knob's runes thinned to six:

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

Timed as whole processes (`WHOLE`, `benchmarks.process`), against a typical CP-SAT plan of
payplan/1 timed the same way (`typical_data`: the `typical` family's turn of seed 0, planned
with the fast path off), and with the greedy baseline (`baselines.greedy_plan`):

- `hand_gear`: `payplan hand` on a board of `size` objects: gear with Equip (and an Empower and
  an exhaust ability) and identical units with an ability of their own (Equip's targets: the
  `size // 2 + 1` units are equivalent).
- `any_number`: a unit with two "any number" costs (kill a unit: a Power pip less each; exhaust a
  unit: an Energy less each), both `auto`, over `size` units of four values.
- `orders_mixed`: `payplan orders` on `mixed`'s play at `size` discounts.
- `split_mixed`: `size` discounts on the total, half on Energy and half on Power pips, each with
  its own minimum.
"""

from __future__ import annotations

from typing import Any

from ...engine.riftbound.generate import BASE_CARDS, DOMAINS, generate

Data = dict[str, Any]

# knob -> (what it counts, the sizes its aims are read at, the command it times)
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
# knob -> sizes the `cliffs` suite of `payplan bench` runs: the aims' sizes and a few below
SWEEP: dict[str, tuple[int, ...]] = {
    "any_less": (6, 9, 12, 15, 18),
    "mixed": (5, 8, 11, 13, 16),
    "repeat": (2, 4, 6, 8, 10, 12),
    "optional": (4, 8, 12, 14, 16),
    "either": (4, 8, 12, 16, 18),
    "either_same": (6, 12, 18, 24, 26),
    "flow_trash": (4, 30, 100, 300, 1000),
    "orders": (4, 7, 10, 13, 16),
}
# knob -> the largest size the brute force is run at (every order, choice and payment: small)
BRUTE_UP_TO: dict[str, int] = {"any_less": 9, "mixed": 5, "repeat": 2, "optional": 4,
                               "either": 3, "either_same": 4, "flow_trash": 4, "orders": 7}
# The shapes timed as whole processes.
SHAPES: dict[str, tuple[str, tuple[int, ...], str]] = {
    "hand_gear": ("payplan/1: hand on gear and units with abilities; board objects", (200,), "hand"),
    "any_number": ("payplan/1: two 'any number' costs; units", (40,), "plan"),
    "orders_mixed": ("payplan/1: orders, mixed Energy+Power discounts; discounts", (14,), "orders"),
    "split_mixed": ("payplan/1: discounts half on Energy, half on Power, each a minimum; "
                    "discounts", (12,), "plan"),
}
KNOBS.update(SHAPES)
SWEEP.update({"hand_gear": (50, 100, 200), "any_number": (10, 20, 40),
              "orders_mixed": (8, 11, 14), "split_mixed": (6, 9, 12)})
WHOLE = frozenset(SHAPES)  # the knobs timed as whole processes
TYPICAL_KEY = "p1_typical"  # where results.json holds its typical CP-SAT plan's process
TYPICAL_SAID = "payplan/1's `typical` turn of seed 0"
TYPICAL_CP_SAT = (7, 0)  # the `typical` family's size and seed, planned with the fast path off


def cliff(knob: str, size: int) -> Data:
    """The adversarial scenario of `knob` at `size`."""
    build = {"any_less": _any_less, "mixed": _mixed, "repeat": _repeat, "optional": _optional,
             "either": _either, "either_same": _either_same, "flow_trash": _flow_trash,
             "orders": _orders, "hand_gear": _hand_gear, "any_number": _any_number,
             "orders_mixed": _mixed, "split_mixed": _split_mixed}
    if knob not in build:
        raise ValueError(f"unknown knob {knob!r} (one of: {', '.join(build)})")
    data = build[knob](size)
    data["format"] = "payplan/1"
    return {key: data[key] for key in ("format", "cards", "state", "play", "objective") if key in data}


def typical_data() -> Data:
    """The typical CP-SAT plan's scenario, what the whole-process shapes are timed against."""
    return generate("typical", *TYPICAL_CP_SAT)


def greedy_status(scenario: Any) -> str:
    """The greedy baseline's status on a loaded scenario (imported here: its import is timed
    with it, apart from the plan's process)."""
    from .baselines import greedy_plan

    status: str = greedy_plan(scenario).status
    return status


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


def _hand_gear(n: int) -> Data:
    cards: Data = dict(BASE_CARDS)
    cards["dirk"] = {"name": "Dirk", "type": "gear", "domains": ["fury"], "cost": {"energy": 1},
                     "abilities": [{"id": "equip", "kind": "equip",
                                    "cost": {"power": {"fury": 1}}, "targets": {"type": "unit"}}]}
    cards["blade"] = {"name": "Blade", "type": "gear", "domains": ["calm"], "cost": {"energy": 2},
                      "abilities": [
                          {"id": "equip", "kind": "equip", "cost": {"energy": 1, "power": {"calm": 1}},
                           "targets": {"type": "unit"}},
                          {"id": "empower", "kind": "empower", "cost": {"energy": 3}},
                          {"id": "strike", "cost": {"energy": 1, "other": ["exhaust_self"]}}]}
    cards["squire"] = {"name": "Squire", "type": "unit", "domains": ["fury"], "cost": {"energy": 2},
                       "might": 2, "abilities": [
                           {"id": "rally", "cost": {"energy": 1, "other": ["exhaust_self"]}}]}
    units = n // 2 + 1
    board: list[Data] = [{"id": f"u{i}", "card": "squire"} for i in range(units)]
    board += [{"id": f"g{i}", "card": ("dirk", "blade")[i % 2]} for i in range(n - units)]
    you: Data = {"runes": _runes(4, ("fury", "calm")),
                 "hand": [{"id": "h1", "card": "bolt"}, {"id": "h2", "card": "squire"}],
                 "board": board}
    return {"cards": cards, "state": {"phase": "main", "turn": "you", "you": you}}


def _any_number(n: int) -> Data:
    card = {"name": "Warlord", "type": "unit", "domains": ["order"], "might": 8,
            "cost": {"energy": 9, "power": {"order": 6}},
            "additional_costs": [
                {"id": "sacrifice", "mandatory": False, "repeatable": True,
                 "cost": {"other": [{"kill": {"count": 1, "filter": {"type": "unit"}}}]},
                 "unlocks": [{"power": {"order": 1}, "per_payment": True}]},
                {"id": "muster", "mandatory": False, "repeatable": True,
                 "cost": {"other": [{"exhaust": {"count": 1, "filter": {"type": "unit"}}}]},
                 "unlocks": [{"energy": 1, "per_payment": True}]}]}
    data = _scenario(card, _runes(3, ("order", "fury")),
                     {"optional": {"sacrifice": "auto", "muster": "auto"}})
    data["state"]["you"]["board"] = [{"id": f"u{i}", "card": "grunt", "value": i % 4}
                                     for i in range(n)]
    return data


def _split_mixed(n: int) -> Data:
    card = {"name": "Grand Design", "type": "spell", "domains": ["fury", "calm"],
            "cost": {"energy": 2 * n, "power": {"fury": 3, "calm": 3, "any": n // 2}}}
    discounts = []
    for i in range(n):
        d: Data = ({"id": f"e{i + 1}", "energy": 1 + i % 3, "minimum": {"energy": i % 4}}
                   if i % 2 == 0 else
                   {"id": f"p{i + 1}", "power": {("fury", "calm", "any")[i % 3]: 1},
                    "minimum": {"power": i % 3}})
        discounts.append(d)
    return _scenario(card, _runes(6, ("fury", "calm", "mind")), {"discounts": discounts})


# --- Measuring in a process of its own ---------------------------------------------------------

_CHILD = """
import json, resource, sys, time
from payplan.benchmarks.riftbound.cliffs import KNOBS, cliff
from payplan.engine.riftbound.generate import generate
from payplan.engine.riftbound.loader import scenario_from_data
from payplan.planner.config import SolverConfig
knob, size, limit = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
config = SolverConfig(time_limit=limit)
if len(sys.argv) > 4 and sys.argv[4] == "brute":
    from dataclasses import replace
    from payplan.benchmarks.riftbound.brute_force import brute_plan, total_of
    from payplan.engine.riftbound.scenario import Play
    from payplan.planner.riftbound.plan import plan
    data = cliff(knob, size)
    runes = data["state"]["you"]["runes"]  # at most 6, spread: the brute force tries them all
    data["state"]["you"]["runes"] = runes[::-(-len(runes) // 6)]
    scenario = scenario_from_data(data)
    if KNOBS[knob][2] == "hand":
        from payplan.planner.riftbound.hand import plan_hand
        pairs = [(p, replace(scenario, play=Play(p.play["object"], p.play["from"])))
                 for p in plan_hand(scenario, config)]
    else:
        pairs = [(plan(scenario, config), scenario)]
    wrong = []
    for got, alone in pairs:
        want = brute_plan(alone)
        same = got.status == want.status and (got.status != "ok" or (
            got.score == want.score and got.total is not None and got.total.size == want.size
            and total_of(got.total) in want.optimal_totals))
        if not same:
            wrong.append(f"{got.play['object']}: planner {got.status} {got.total} score "
                         f"{got.score}, brute force {want.status} {want.total} score {want.score}")
    print(json.dumps({"checked": len(pairs), "disagree": wrong}))
    sys.exit(0)
if knob == "typical":
    from payplan.planner.riftbound.plan import plan
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
cpu = time.process_time()
began = time.perf_counter()
if command == "plan":
    from payplan.planner.riftbound.plan import plan
    optimal = plan(scenario, config).optimal
elif command == "hand":
    from payplan.planner.riftbound.hand import plan_hand
    optimal = all(p.optimal for p in plan_hand(scenario, config))
else:
    from payplan.planner.riftbound.orders import discount_orders
    discount_orders(scenario, config)
    optimal = True
print(json.dumps({"time": time.perf_counter() - began, "cpu": time.process_time() - cpu,
                  "optimal": optimal,
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def measure(knob: str, size: int, time_limit: float = 10.0, brute: bool = False) -> dict[str, Any]:
    """One run of `knob` at `size` in a fresh process: seconds (imports and loading left out),
    its CPU time (less moved by other work on the machine), whether the answer is proved
    optimal, and the process's peak RSS (knob `typical`: the median of `size` typical plans).
    With `brute`: the plan of the knob's scenario (runes thinned to six) against the brute
    force, `{"checked": plans, "disagree": [...]}`."""
    import json
    import subprocess
    import sys

    argv = [sys.executable, "-c", _CHILD, knob, str(size), str(time_limit)]
    try:
        done = subprocess.run(argv + (["brute"] if brute else []), capture_output=True,
                              text=True, timeout=time_limit * 4 + (600 if brute else 120))
    except subprocess.TimeoutExpired as expired:
        return {"error": f"no answer in {expired.timeout:g} s"}
    if done.returncode != 0:
        return {"error": " ".join(done.stderr.strip().splitlines()[-1:])}
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


__all__ = ["BRUTE_UP_TO", "KNOBS", "SHAPES", "SWEEP", "TYPICAL_KEY", "TYPICAL_SAID", "WHOLE",
           "cliff", "greedy_status", "measure", "typical_data"]
