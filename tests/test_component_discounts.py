"""Discounts on a component (Accelerate, Repeat, optional costs) against an exhaustive search.

A component discount applies to its part as the part is added (353.2), before increases (353.3)
and the discounts on the total (353.4). Which pips it leaves matters later: a total discount that
removes only a domain pip can take a Fury pip and not an `[A]` one, and a Power minimum counts
pips. So the engine's cost options (`engine.options.play_options`) must equal the Pareto-best of
every total reachable by every component choice (every order, branch and "[A] less" pip choice
per optional cost paid) times every order and choice of the total discounts.

The search here is written from the seeds and the format spec, apart from the engine: it walks
every permutation and choice with its own arithmetic, and imports nothing from engine/ but the
loader (to build the scenario), `play_options` (what it checks) and, as a second check, the
payment oracle's walk over every option (`benchmarks.brute_force.brute_options`).
"""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from payplan.benchmarks.riftbound.brute_force import brute_options
from payplan.engine.riftbound.cost import Cost
from payplan.engine.riftbound.loader import scenario_from_data
from payplan.engine.riftbound.options import play_options
from payplan.planner.riftbound.plan import plan

KEYS = ("fury", "calm", "any")  # pip slots used here: two domains and [A]
Pips = tuple[int, int, int]
Pair = tuple[int, Pips]

# --- The exhaustive search ----------------------------------------------------------------------


def plain(d: dict[str, Any]) -> list[dict[str, Any]]:
    """The branches of a discount ("[1] or [A] less" has two), each with the shared minimum."""
    if "choice" not in d:
        return [d]
    out = []
    for b in d["choice"]:
        merged = dict(b)
        merged["minimum"] = d.get("minimum", {})
        out.append(merged)
    return out


def apply_one(pair: Pair, d: dict[str, Any]) -> set[Pair]:
    """Every result of one discount (one branch) on (Energy, pips): Energy falls by its amount but
    not below its minimum (353.4.c) nor 0 (353.5); pips go while the count stays at or above its
    Power minimum, the named domain pips first, then "[A] less" pips of the player's choice."""
    energy, pips = pair
    minimum = d.get("minimum", {})
    cut = d.get("energy", 0)
    floor = min(energy, minimum.get("energy", 0))
    energy = max(energy - cut, floor)
    room = max(0, sum(pips) - minimum.get("power", 0))
    left = list(pips)
    for k, key in enumerate(KEYS[:2]):
        take = min(d.get("power", {}).get(key, 0), left[k], room)
        left[k] -= take
        room -= take
    take = min(d.get("power", {}).get("any", 0), room, sum(left))
    out = set()
    for removed in itertools.product(*(range(n + 1) for n in left)):
        if sum(removed) == take:
            after = (left[0] - removed[0], left[1] - removed[1], left[2] - removed[2])
            out.add((energy, after))
    return out


def every_result(start: Pair, discounts: list[dict[str, Any]]) -> set[Pair]:
    """Every (Energy, pips) some order of `discounts` with some choices reaches from `start`."""
    found: set[Pair] = set()
    for order in itertools.permutations(discounts):
        states = {start}
        for d in order:
            states = {after for s in states for branch in plain(d) for after in apply_one(s, branch)}
        found |= states
    return found


def add(a: Pair, b: Pair) -> Pair:
    return (a[0] + b[0], (a[1][0] + b[1][0], a[1][1] + b[1][1], a[1][2] + b[1][2]))


def easier(a: Pair, b: Pair) -> bool:
    """`a` is at least as easy to pay as `b` (any rune pays an `[A]` pip)."""
    return (a[0] <= b[0] and a[1][0] <= b[1][0] and a[1][1] <= b[1][1]
            and sum(a[1]) <= sum(b[1]))


def best(pairs: set[Pair]) -> set[Pair]:
    return {p for p in pairs if not any(q != p and easier(q, p) for q in pairs)}


def pair_of(cost: dict[str, Any]) -> Pair:
    power = cost.get("power", {})
    return (cost.get("energy", 0), (power.get("fury", 0), power.get("calm", 0), power.get("any", 0)))


def brute_totals(case: dict[str, Any]) -> set[Pair]:
    """Rule 353 by hand: base, each optional part with its component discounts in every way,
    increases, then every order and choice of the total discounts; the Pareto-best."""
    card = case["cards"]["x"]
    running = {pair_of(card["cost"])}
    parts = [("accelerate", card["keywords"]["accelerate"])] if "accelerate" in card["keywords"] else []
    parts += [("repeat", cost) for cost in card["keywords"].get("repeat", [])]
    for component, cost in parts:
        mine = [d for d in card["discounts"] if d.get("component") in (component, "optional")]
        results = every_result(pair_of(cost), mine)
        running = {add(r, p) for r in running for p in results}
    for inc in case["increases"]:
        running = {add(r, pair_of(inc)) for r in running}
    total = [d for d in card["discounts"] if d.get("component", "total") == "total"]
    finals: set[Pair] = set()
    for start in running:
        finals |= every_result(start, total)
    return best(finals)


# --- Generated cases ----------------------------------------------------------------------------

power_maps = st.sampled_from([{}, {"fury": 1}, {"calm": 1}, {"any": 1}, {"fury": 1, "any": 1},
                              {"any": 2}, {"fury": 1, "calm": 1}])


@st.composite
def discount(draw: st.DrawFn, component: str) -> dict[str, Any]:
    shape = draw(st.sampled_from(["energy", "pips", "mixed", "choice"]))
    d: dict[str, Any] = {"component": component}
    if shape in ("energy", "mixed"):
        d["energy"] = draw(st.integers(1, 2))
    if shape in ("pips", "mixed"):
        d["power"] = draw(power_maps.filter(bool))
    if shape == "choice":
        d["choice"] = [{"energy": 1}, {"power": draw(st.sampled_from([{"any": 1}, {"fury": 1}]))}]
    minimum = {}
    if draw(st.integers(0, 3)) == 0:
        minimum["energy"] = draw(st.integers(1, 2))
    if draw(st.integers(0, 3)) == 0:
        minimum["power"] = draw(st.integers(1, 2))
    if minimum:
        d["minimum"] = minimum
    return d


def cost_of(pair: tuple[int, dict[str, int]]) -> dict[str, Any]:
    energy, power = pair
    out: dict[str, Any] = {"energy": energy}
    if power:
        out["power"] = power
    return out


@st.composite
def cases(draw: st.DrawFn) -> dict[str, Any]:
    """A unit with Accelerate and/or Repeat, discounts on its components and on the total
    (domain-specific ones included), and increases from a board object."""
    costs = st.tuples(st.integers(0, 2), power_maps).map(cost_of)
    keywords: dict[str, Any] = {}
    if draw(st.booleans()):
        keywords["accelerate"] = draw(costs)
    keywords["repeat"] = draw(st.lists(costs, min_size=0 if keywords else 1, max_size=2))
    components = draw(st.lists(st.sampled_from(["accelerate", "repeat", "optional"]).flatmap(
        discount), min_size=1, max_size=3))
    total = draw(st.lists(discount("total"), max_size=3))
    increases = draw(st.lists(st.tuples(st.integers(0, 1), power_maps).map(cost_of), max_size=1))
    card = {"name": "X", "type": "unit", "domains": ["fury"], "might": 1, "cost": draw(costs),
            "keywords": keywords, "discounts": components + total}
    return make_case(card, increases)


def make_case(card: dict[str, Any], increases: list[dict[str, Any]]) -> dict[str, Any]:
    cards: dict[str, Any] = {"x": card}
    board = []
    if increases:
        cards["taxer"] = {"name": "Taxer", "type": "gear", "cost": {"energy": 1},
                          "grants": [{"increase": inc, "applies_to": {"type": "unit"}}
                                     for inc in increases]}
        board = [{"id": "g1", "card": "taxer"}]
    optional = {"accelerate": "yes"} if "accelerate" in card["keywords"] else {}
    for i in range(len(card["keywords"].get("repeat", []))):
        optional["repeat" if i == 0 else f"repeat.{i}"] = "yes"
    return {"format": "payplan/1", "cards": cards, "increases": increases,
            "state": {"you": {"runes": {"fury": 4, "calm": 2}, "hand": [{"id": "h1", "card": "x"}],
                              "board": board}},
            "play": {"object": "h1", "optional": optional}}


def engine_totals(case: dict[str, Any]) -> set[Pair]:
    data = {k: v for k, v in case.items() if k != "increases"}
    options = play_options(scenario_from_data(data))
    assert options.legal, options.reasons
    return {(o.total.energy, (o.total.power[0], o.total.power[1], o.total.power[-1]))
            for o in options.options}


# --- The examples, pinned ---------------------------------------------------------------

ACCELERATE_A = make_case(
    {"name": "X", "type": "unit", "domains": ["fury"], "might": 1, "cost": {"energy": 2},
     "keywords": {"accelerate": {"power": {"fury": 1, "any": 1}}},
     "discounts": [{"power": {"any": 1}, "component": "accelerate"},  # "Accelerate costs [A] less"
                   {"power": {"fury": 1}}]},                          # "units cost [fury] less"
    [])
REPEAT_CHOICE = make_case(
    {"name": "X", "type": "unit", "domains": ["fury"], "might": 1, "cost": {"energy": 2},
     "keywords": {"repeat": [{"energy": 1, "power": {"fury": 1, "any": 1}}]},
     "discounts": [{"choice": [{"energy": 1}, {"power": {"any": 1}}], "component": "repeat"},
                   {"power": {"fury": 1}}]},
    [])


def test_accelerate_a_less_then_fury_less_costs_2() -> None:
    """Issue 10: the component discount takes the `[A]` pip, the total discount the Fury pip."""
    assert brute_totals(ACCELERATE_A) == {(2, (0, 0, 0))}
    assert engine_totals(ACCELERATE_A) == {(2, (0, 0, 0))}


def test_accelerate_a_less_is_payable_with_two_energy() -> None:
    data = {k: v for k, v in ACCELERATE_A.items() if k != "increases"}
    data["state"]["you"]["runes"] = {"calm": 2}
    p = plan(scenario_from_data(data))
    assert p.status == "ok" and p.total == Cost.parse("[2]")


def test_repeat_choice_takes_a_pip_for_the_total_to_take_fury() -> None:
    """"[1] or [A] less" on Repeat [1][fury][A]: [A] branch takes the `[A]`, the total discount
    the Fury pip: [3]; or the [1] branch: [2][A] after the Fury pip goes."""
    expected = {(3, (0, 0, 0)), (2, (0, 0, 1))}
    assert brute_totals(REPEAT_CHOICE) == expected
    assert engine_totals(REPEAT_CHOICE) == expected


# --- Generated ----------------------------------------------------------------------------------


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@example(ACCELERATE_A)
@example(REPEAT_CHOICE)
@given(cases())
def test_options_are_the_pareto_best_of_every_component_and_total_order(case: dict[str, Any]) -> None:
    expected = brute_totals(case)
    assert engine_totals(case) == expected
    # The payment oracle's own walk over every option (benchmarks/riftbound/brute_force.py) agrees too.
    data = {k: v for k, v in case.items() if k != "increases"}
    walked = {(c.energy, (c.power[0], c.power[1], c.power[-1]))
              for _, c in brute_options(scenario_from_data(data))}
    assert best(walked) == expected
