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

Issue 22's payplan/1 shapes (`SHAPES`), each timed as a whole process against a typical CP-SAT
plan of payplan/1 timed the same way, as the mtg/1 shapes are (`benchmarks.mtg_cliffs`):

- `hand_gear`: `payplan hand` on a board of `size` objects: gear with Equip (and an Empower and
  an exhaust ability) and identical units with an ability of their own (Equip's targets: the
  `size // 2 + 1` units are equivalent).
- `any_number`: a unit with two "any number" costs (kill a unit: a Power pip less each; exhaust a
  unit: an Energy less each), both `auto`, over `size` units of four values.
- `orders_mixed`: `payplan orders` on `mixed`'s play at `size` discounts.
- `split_mixed`: `size` discounts on the total, half on Energy and half on Power pips, each with
  its own minimum.

`python -m payplan.benchmarks.cliffs` runs every knob at the table's sizes, each in a fresh
process, and prints time, the ratio to the median typical plan of the same run, and peak RSS as
a Markdown table (benchmarks/RESULTS.md, "Cliffs").

`payplan bench --suite cliffs [--out DIR]` (`bench_cliffs`) turns each knob up through `SWEEP`
(the table's sizes and a few below), each size timed in a fresh process; where the brute force
can run (`BRUTE_UP_TO`), a second fresh process plans the knob's scenario with its runes thinned
to six and checks the plan against `benchmarks.brute_force.brute_plan`. It writes
`results.json`, `summary.md` and two plots (time and peak memory against size, one panel per
knob, with the aims and the typical plan of the same run drawn in); it exits 1 when the brute
force disagrees or a measurement fails. `--cliff-sizes "any_less=3,6;orders=4"` runs only the
named knobs at those sizes.
"""

from __future__ import annotations

from typing import Any

from ..engine.riftbound.generate import BASE_CARDS, DOMAINS, generate
from .mtg import cliffs as mtg_cliffs

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


# knob -> sizes the `cliffs` suite of `payplan bench` runs: the table's and a few below
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
# Issue 22's payplan/1 shapes, measured as whole processes like the mtg/1 shapes.
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
# The mtg/1 shapes (issue 22: `benchmarks.mtg_cliffs`), measured as whole processes.
KNOBS.update(mtg_cliffs.KNOBS)
SWEEP.update(mtg_cliffs.SWEEP)
WHOLE = set(SHAPES) | set(mtg_cliffs.KNOBS)  # the knobs timed as whole processes
AIM_MS = 100.0  # issue 12: every row under 100 ms per plan
AIM_MB = 200.0  # and under 200 MB
AIM_ORDERS_MS = 1000.0  # `payplan orders` at 16 discounts under 1 s


def cliff(knob: str, size: int) -> Data:
    """The adversarial scenario of `knob` at `size`."""
    build = {"any_less": _any_less, "mixed": _mixed, "repeat": _repeat, "optional": _optional,
             "either": _either, "either_same": _either_same, "flow_trash": _flow_trash,
             "orders": _orders, "hand_gear": _hand_gear, "any_number": _any_number,
             "orders_mixed": _mixed, "split_mixed": _split_mixed}
    if knob in mtg_cliffs.KNOBS:
        return mtg_cliffs.cliff(knob, size)
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


# --- Measuring: python -m payplan.benchmarks.cliffs ---------------------------------------------

# Run with `python -c`, outside any package: its imports are absolute.
_CHILD = """
import json, resource, sys, time
from payplan.benchmarks.cliffs import KNOBS, cliff
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
    optimal, and the process's peak RSS. With `brute`: the plan of
    the knob's scenario (runes thinned to six) against the brute force, `{"checked": plans,
    "disagree": [...]}`."""
    import json
    import subprocess
    import sys

    if knob in WHOLE:
        return mtg_cliffs.measure(knob, size, time_limit)
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


# --- The `cliffs` suite of `payplan bench` -------------------------------------------------------


def parse_sizes(spec: str) -> dict[str, tuple[int, ...]]:
    """`"any_less=3,6;orders=4"` -> {"any_less": (3, 6), "orders": (4,)}; ValueError if bad."""
    sweep: dict[str, tuple[int, ...]] = {}
    for part in filter(None, (p.strip() for p in spec.split(";"))):
        knob, _, sizes = part.partition("=")
        if knob.strip() not in KNOBS:
            raise ValueError(f"unknown knob {knob.strip()!r} (one of: {', '.join(KNOBS)})")
        values = tuple(int(v) for v in sizes.split(",") if v.strip())
        if not values or min(values) < 1:
            raise ValueError(f"{knob.strip()}: expected sizes of at least 1, got {sizes!r}")
        sweep[knob.strip()] = values
    if not sweep:
        raise ValueError("no knob named")
    return sweep


def run_cliffs(sweep: dict[str, tuple[int, ...]], time_limit: float = 10.0,
               typical_cases: int = 21, log: Any = None) -> dict[str, Any]:
    """Every knob of `sweep` at each of its sizes (each a fresh process), the brute force where
    it can run, against the median typical plan of the same run: the suite's results."""
    import os

    def say(text: str) -> None:
        if log is not None:
            print(text, file=log, flush=True)

    typical = measure("typical", typical_cases, time_limit)
    base = typical.get("time")
    say(f"typical plan: {base * 1000:.2f} ms" if base else f"typical plan: {typical}")
    knobs: dict[str, Any] = {}
    mtg_base = (mtg_cliffs.typical(time_limit) if any(k in mtg_cliffs.KNOBS for k in sweep)
                else None)
    p1_base = (mtg_cliffs.typical(time_limit, knob="typical_p1")
               if any(k in SHAPES for k in sweep) else None)
    agree = 0
    disagree: list[dict[str, Any]] = []
    errors: list[dict[str, Any]] = []
    for knob, sizes in sweep.items():
        what, table, command = KNOBS[knob]
        rows: dict[str, Any] = {}
        for size in sizes:
            if knob in WHOLE:
                of = mtg_base if knob in mtg_cliffs.KNOBS else p1_base
                row = mtg_cliffs.row(knob, size, (of or {}).get("process_s"), time_limit,
                                     (of or {}).get("process_cpu_s"))
                if "error" in row:
                    errors.append({"knob": knob, "size": size, "error": row["error"]})
                rows[str(size)] = row
                say(f"{knob} {size}: {row}")
                continue
            got = measure(knob, size, time_limit)
            row = {}
            if "error" in got:
                row["error"] = got["error"]
                errors.append({"knob": knob, "size": size, "error": got["error"]})
            else:
                row = {"time_ms": round(got["time"] * 1000, 3),
                       "cpu_ms": round(got["cpu"] * 1000, 3), "rss_mb": round(got["rss_mb"], 1),
                       "optimal": got["optimal"],
                       "x_typical": round(got["time"] / base, 1) if base else None}
            if size <= BRUTE_UP_TO.get(knob, 0):
                brute = measure(knob, size, time_limit, brute=True)
                row["brute_force"] = brute
                if "error" in brute:
                    errors.append({"knob": knob, "size": size, "brute_force": brute["error"]})
                elif brute["disagree"]:
                    disagree.append({"knob": knob, "size": size, "plans": brute["disagree"]})
                else:
                    agree += brute["checked"]
            rows[str(size)] = row
            say(f"{knob} {size}: {row}")
        knobs[knob] = {"what": what, "command": command, "table_sizes": list(table),
                       "sizes": rows}
    return {
        "format": "payplan-bench/1",
        "suite": "cliffs",
        "load_average": round(os.getloadavg()[0], 2),
        "time_limit_s": time_limit,
        "typical": {"cases": typical_cases, "p50_ms": round(base * 1000, 3) if base else None,
                    "rss_mb": typical.get("rss_mb")},
        "aims": {"plan_ms": AIM_MS, "orders_ms": AIM_ORDERS_MS, "rss_mb": AIM_MB},
        "knobs": knobs,
        **({"mtg_typical": {"process_ms": round(mtg_base["process_s"] * 1000, 1),
                            "process_cpu_ms": round(mtg_base["process_cpu_s"] * 1000, 1),
                            "time_ms": round(mtg_base["time"] * 1000, 3),
                            "rss_mb": round(mtg_base["rss_mb"], 1)}}
           if mtg_base and "error" not in mtg_base else {}),
        **({"p1_typical": {"process_ms": round(p1_base["process_s"] * 1000, 1),
                           "process_cpu_ms": round(p1_base["process_cpu_s"] * 1000, 1),
                           "time_ms": round(p1_base["time"] * 1000, 3),
                           "rss_mb": round(p1_base["rss_mb"], 1)}}
           if p1_base and "error" not in p1_base else {}),
        "checks": {"brute_force_agree": agree, "brute_force_disagree": disagree,
                   "errors": errors},
    }


def cliffs_markdown(results: dict[str, Any]) -> str:
    """The suite's table, in Markdown (what benchmarks/RESULTS.md quotes)."""
    typical = results["typical"]
    lines = [f"Typical plan (median of {typical['cases']} `typical` turns): "
             f"{typical['p50_ms']} ms, peak RSS {typical['rss_mb']:.0f} MB; load average "
             f"{results['load_average']}."]
    if any(k not in WHOLE for k in results["knobs"]):  # (the whole processes have their own)
        lines += ["", "| knob | size | time | CPU time | x typical | peak RSS | optimal | "
                  "brute force |", "|---|---|---|---|---|---|---|---|"]
    for knob, entry in results["knobs"].items():
        if knob in WHOLE:
            continue  # their own tables, below
        for size, row in entry["sizes"].items():
            brute = row.get("brute_force")
            if brute is None:
                said = ""
            elif "error" in brute:
                said = f"error: {brute['error']}"
            elif brute["disagree"]:
                said = f"disagrees on {len(brute['disagree'])} of {brute['checked']}"
            else:
                said = f"agrees ({brute['checked']} plan{'s' * (brute['checked'] != 1)})"
            if "error" in row:
                lines.append(f"| {entry['what']} | {size} | error: {row['error']} | | | | | {said} |")
                continue
            x = row["x_typical"]
            ratio = "-" if x is None else f"{x:,.1f}x" if x < 10 else f"{x:,.0f}x"
            lines.append(f"| {entry['what']} | {size} | {row['time_ms']:,.1f} ms | "
                         f"{row['cpu_ms']:,.1f} ms | {ratio} | "
                         f"{row['rss_mb']:.0f} MB | {row['optimal']} | {said} |")
    if any(k in SHAPES for k in results["knobs"]):
        lines += ["", mtg_cliffs.markdown(results, SHAPES, "p1_typical",
                                          "payplan/1's `typical` turn of seed 0").rstrip("\n")]
    if any(k in mtg_cliffs.KNOBS for k in results["knobs"]):
        lines += ["", mtg_cliffs.markdown(results).rstrip("\n")]
    c = results["checks"]
    lines += ["", f"Checks: the brute force agrees on {c['brute_force_agree']} plans, disagrees "
              f"on {len(c['brute_force_disagree'])} sizes; errors {len(c['errors'])}."]
    return "\n".join(lines) + "\n"


def plot_cliffs(results: dict[str, Any], out: Any) -> list[str]:
    """Time and peak memory against size, one panel per knob; return the file names."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    knobs = results["knobs"]
    typical = results["typical"]["p50_ms"]
    written = []
    for name, key, label, aim in (("cliffs_time.png", "time_ms", "time per plan, ms", AIM_MS),
                                  ("cliffs_memory.png", "rss_mb", "peak RSS, MB", AIM_MB)):
        columns = min(4, max(1, len(knobs)))
        rows = -(-len(knobs) // columns)
        fig, axes = plt.subplots(rows, columns, figsize=(3.6 * columns, 3.0 * rows), squeeze=False)
        for ax in axes.flat[len(knobs):]:
            ax.set_visible(False)
        for ax, (knob, entry) in zip(axes.flat, knobs.items()):
            points = [(int(s), r[key]) for s, r in entry["sizes"].items() if key in r]
            checked = [(int(s), r[key]) for s, r in entry["sizes"].items()
                       if key in r and "disagree" in r.get("brute_force", {})]
            if points:
                ax.plot(*zip(*points), "o-", color="tab:blue",
                        label="wall time" if key == "time_ms" else "measured")
            cpu = [(int(s), r["cpu_ms"]) for s, r in entry["sizes"].items() if "cpu_ms" in r]
            if key == "time_ms" and cpu:
                ax.plot(*zip(*cpu), ".--", color="tab:purple", label="CPU time")
            if checked:
                ax.plot(*zip(*checked), "s", color="tab:green", markerfacecolor="none",
                        markersize=10, label="checked by brute force")
            limit = AIM_ORDERS_MS if key == "time_ms" and entry["command"] == "orders" else aim
            ax.axhline(limit, color="tab:red", linestyle="--", linewidth=1, label="aim")
            if key == "time_ms" and typical:
                ax.axhline(typical, color="tab:gray", linestyle=":", linewidth=1,
                           label="typical plan")
            ax.set_yscale("log")
            ax.set_title(f"{knob} ({entry['command']})", fontsize=9)
            ax.set_xlabel(entry["what"], fontsize=7)
            ax.set_ylabel(label, fontsize=8)
            ax.grid(True, which="both", alpha=0.3)
            ax.tick_params(labelsize=7)
        axes.flat[0].legend(fontsize=6)
        fig.suptitle(f"Cliffs: {label} against each knob (issue 12)", fontsize=10)
        fig.tight_layout()
        fig.savefig(out / name, dpi=100)
        plt.close(fig)
        written.append(name)
    return written


def bench_cliffs(out: Any, time_limit: float, sizes: str | None, log: Any = None) -> int:
    """`payplan bench --suite cliffs`: run, write results.json, summary.md and the plots; 0
    when every measurement ran and the brute force agreed, 1 otherwise, 2 for bad --cliff-sizes."""
    import json
    import sys
    from pathlib import Path

    try:
        sweep = parse_sizes(sizes) if sizes else dict(SWEEP)
    except ValueError as err:
        print(f"--cliff-sizes: {err}", file=sys.stderr)
        return 2
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    results = run_cliffs(sweep, time_limit, log=log)
    from .provenance import command_line, tree

    results["command"] = command_line()
    results["tree"] = tree()
    results["plots"] = []
    summary = cliffs_markdown(results)
    (out / "summary.md").write_text(summary, encoding="utf-8")
    (out / "results.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    try:
        results["plots"] = plot_cliffs(results, out)
    except ImportError:
        print("bench: plots skipped: matplotlib is not installed (pip install 'payplan[bench]' "
              "to draw them)", file=sys.stderr)
    (out / "results.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print(summary)
    c = results["checks"]
    return 1 if c["brute_force_disagree"] or c["errors"] else 0


if __name__ == "__main__":
    main()
