"""`payplan orders` (planner.orders): each distinct total the orders of the discounts on the total
reach, one order reaching it with its running cost, and how many orders do.

Counts are checked against every permutation priced by `engine.total_cost.price` (the one
function that prices a play), against 10! for ten discounts, and against a plain walk of every
permutation and every outcome with the independent reference's discount step
(`tests/reference/pricing.apply_discount`, which imports nothing from the engine)."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import scenarios
from test_discount_orders import cases, mod_st, power_st, repeated_case

from payplan.benchmarks.cliffs import cliff
from payplan.benchmarks.generate import generate
from payplan.benchmarks.riftbound.reference.pricing import Disc, apply_discount
from payplan.engine.discounts import Application, CountCut, Deadline, Mod, Pair, all_results, outcomes
from payplan.engine.riftbound.cost import POWER_KEYS, Cost
from payplan.engine.riftbound.loader import load_file, scenario_from_data
from payplan.engine.riftbound.options import play_options
from payplan.engine.riftbound.scenario import Scenario
from payplan.engine.riftbound.total_cost import Choices, context, modifiers, price
from payplan.planner.config import SolverConfig
from payplan.planner.riftbound.orders import OrdersResult, discount_orders, render_orders
from payplan.planner.riftbound.plan import plan

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def spell_with(discounts: list[dict[str, Any]], energy: int = 20, runes: int = 3,
               power: dict[str, int] | None = None) -> Scenario:
    """A spell of [energy] plus `power`, played from hand with these one-shot discounts."""
    return scenario_from_data({
        "format": "payplan/1",
        "cards": {"big": {"name": "Big", "type": "spell", "domains": ["fury"],
                          "cost": {"energy": energy, "power": power or {"fury": 1}}}},
        "state": {"you": {"runes": {"fury": runes}, "hand": [{"id": "h1", "card": "big"}]}},
        "play": {"object": "h1", "discounts": discounts},
    })


def test_sky_splitter_two_totals() -> None:
    result = discount_orders(load_file(EXAMPLES / "01-sky-splitter-order.yaml"))
    assert result.legal and result.payable
    assert [(o.total, o.count) for o in result.orders] == [
        (Cost.parse("[fury]"), 1), (Cost.parse("[1][fury]"), 1)]
    best, other = result.orders
    assert best.order == ("eager-apprentice", "sky-splitter")
    assert other.order == ("sky-splitter", "eager-apprentice")
    assert [s.total for s in best.steps] == [Cost.parse("[7][fury]"), Cost.parse("[fury]")]
    assert [s.total for s in other.steps] == [Cost.parse("[1][fury]"), Cost.parse("[1][fury]")]
    assert result.start == Cost.parse("[8][fury]")
    assert "Eager Apprentice's minimum [1] binds if Sky Splitter goes first" in result.why


def test_sky_splitter_json_per_spec() -> None:
    data = discount_orders(load_file(EXAMPLES / "01-sky-splitter-order.yaml")).to_json()
    orders = data["orders"]
    assert isinstance(orders, list)
    assert [{k: o[k] for k in ("total", "order", "count")} for o in orders] == [
        {"total": {"power": {"fury": 1}}, "order": ["eager-apprentice", "sky-splitter"], "count": 1},
        {"total": {"energy": 1, "power": {"fury": 1}}, "order": ["sky-splitter", "eager-apprentice"],
         "count": 1},
    ]
    assert orders[0]["steps"][0] == {
        "discount": "eager-apprentice", "rule": "353.4", "text": "[1] less, to a minimum of [1]",
        "total": {"energy": 7, "power": {"fury": 1}}}
    assert data["reasons"] == []
    assert data["total_orders"] == 2


def test_ten_discounts_count_every_order() -> None:
    """10 discounts on the total: 3,628,800 orders, counted without walking them."""
    discounts = [{"id": f"d{i}", "energy": 1 + i % 4, "minimum": {"energy": i % 3}}
                 for i in range(10)]
    scenario = spell_with(discounts)
    result = discount_orders(scenario)
    assert result.total_orders == math.factorial(10) == 3628800
    assert len(result.labels) == 10
    assert len(result.orders) > 1
    # The cheapest total is the plan's total: the planner finds the best order too.
    p = plan(scenario)
    assert p.status == "ok" and p.total == result.orders[0].total
    for o in result.orders:
        assert sorted(o.order) == sorted(result.labels)
        assert o.steps[-1].total == o.total
    sizes = [(o.total.size, o.total.energy) for o in result.orders]
    assert sizes == sorted(sizes)
    assert "10 discounts on the total, 3,628,800 orders." in render_orders(result)


def test_counts_match_every_permutation_priced() -> None:
    """Each permutation of four discounts priced by `price`: the same totals and counts."""
    discounts = [
        {"id": "a", "energy": 2, "minimum": {"energy": 2}},
        {"id": "b", "energy": 3},
        {"id": "c", "energy": 1, "minimum": {"energy": 1}},
        {"id": "d", "power": {"fury": 1}, "energy": 1, "minimum": {"energy": 3}},
    ]
    scenario = spell_with(discounts, energy=6, power={"fury": 2})
    result = discount_orders(scenario)
    ctx = context(scenario)
    option = play_options(scenario).options[0]
    mods = modifiers(ctx, option.base, option.paid_optional)
    seen: Counter[Cost] = Counter()
    for perm in itertools.permutations(range(len(mods.total))):
        choices = Choices(option.base, option.paid_optional, option.choices.components,
                          tuple(Application(i) for i in perm))
        seen[price(ctx, choices, mods).total] += 1
    assert {o.total: o.count for o in result.orders} == dict(seen)
    assert result.total_orders == 24


def test_no_discount_on_the_total() -> None:
    result = discount_orders(load_file(EXAMPLES / "04-flow-base-cost.yaml"))
    assert [(o.total, o.order, o.count, o.steps) for o in result.orders] == [
        (Cost.parse("[2]"), (), 1, ())]
    assert result.base is not None and result.base.kind == "flow"
    assert "no order to choose" in result.why


def test_illegal_play() -> None:
    result = discount_orders(load_file(EXAMPLES / "08-flow-keeps-timing.yaml"))
    assert not result.legal
    data = result.to_json()
    assert data["orders"] == []
    assert data["reasons"] and str(data["reasons"][0]).startswith("timing:")  # type: ignore[index]
    assert render_orders(result).splitlines()[0] == "dredge-up (t1, from trash): illegal"


def test_unpayable_play_orders_the_first_option() -> None:
    scenario = spell_with([{"id": "a", "energy": 2, "minimum": {"energy": 5}},
                           {"id": "b", "energy": 4}], energy=9, runes=1)
    assert plan(scenario).status == "unpayable"
    result = discount_orders(scenario)
    assert result.legal and not result.payable
    assert {o.total: o.count for o in result.orders} == {
        Cost.parse("[5][fury]"): 1, Cost.parse("[3][fury]"): 1}
    assert result.orders[0].total == Cost.parse("[3][fury]")
    # a first: 9 -> 7 -> 3. b first: 9 -> 5, and a's minimum keeps it at 5.
    assert result.orders[0].order == ("a", "b")
    assert result.why.startswith("a's minimum [5] binds if b goes first: ")
    assert "no plan can pay it" in render_orders(result)


def test_choices_count_as_orders() -> None:
    """"[1] or [A] less": each outcome of the choice counts as an order of its own."""
    scenario = spell_with([{"id": "x", "choice": [{"energy": 1}, {"power": {"any": 1}}]},
                           {"id": "y", "energy": 1}], energy=3)
    result = discount_orders(scenario)
    assert result.total_orders == 4  # 2 orders x 2 outcomes of x's choice
    assert {o.total for o in result.orders} == {Cost.parse("[1][fury]"), Cost.parse("[2]")}
    assert "counting each outcome of their choices" in render_orders(result)


def test_render_orders_table() -> None:
    text = render_orders(discount_orders(load_file(EXAMPLES / "01-sky-splitter-order.yaml")))
    lines = text.splitlines()
    assert lines[0] == "sky-splitter (h1, from hand): orders of the discounts on the total"
    assert "total      orders  one order reaching it" in lines
    assert any(line.startswith("[fury]     1       eager-apprentice -> sky-splitter") for line in lines)
    assert any(line.startswith("Why: Eager Apprentice's minimum [1] binds") for line in lines)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_generated_plays(scenario: Scenario) -> None:
    result = discount_orders(scenario)
    opts = play_options(scenario)
    assert result.legal == opts.legal
    if not result.legal:
        assert result.orders == () and result.reasons == opts.reasons
        return
    assert result.total_orders >= math.factorial(len(result.labels))
    totals = [o.total for o in result.orders]
    assert len(set(totals)) == len(totals)
    ctx = context(scenario)
    assert result.base is not None
    mods = modifiers(ctx, result.base, result.paid_optional)
    # Several options may share a base and optional set, differing only in their component-
    # discount choices (issue 10, item 1, keeps each distinct result): the order's replay must
    # reach its total from one of them.
    matching = [o for o in opts.options
                if o.base == result.base and o.paid_optional == result.paid_optional]
    assert matching
    for o in result.orders:
        assert sorted(o.order) == sorted(m.label for m in mods.total)
        assert (o.steps[-1].total if o.steps else result.start) == o.total
        # Replaying the listed order with `price` reaches the total (choices aside: none here).
        if not any(m.branches or m.power[-1] for m in mods.total):
            index = {m.label: i for i, m in enumerate(mods.total)}
            apps = tuple(Application(index[label]) for label in o.order)
            replays = {price(ctx, Choices(m.base, m.paid_optional, m.choices.components, apps),
                             mods).total for m in matching}
            assert o.total in replays
    p = plan(scenario)
    if p.status == "ok":
        assert result.payable
        assert p.total in totals
    else:
        assert not result.payable


def test_result_is_a_value() -> None:
    a = discount_orders(load_file(EXAMPLES / "01-sky-splitter-order.yaml"))
    b = discount_orders(load_file(EXAMPLES / "01-sky-splitter-order.yaml"))
    assert isinstance(a, OrdersResult) and a == b
    assert a.dumps() == b.dumps()
    with pytest.raises(AttributeError):
        a.why = "x"  # type: ignore[misc]
    assert replace(a, reasons=("x",)).legal is False


# --- The counts against a plain walk of every permutation ------------------------------------------


def as_disc(mod: Mod) -> Disc:
    """An engine discount as the reference's `Disc` (amounts already read; no `any_only`)."""
    assert not mod.any_only

    def pips(power: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
        return tuple((POWER_KEYS[k], n) for k, n in enumerate(power) if n)

    if mod.branches:
        mins = {(b.min_energy, b.min_power) for b in mod.branches}
        assert len(mins) == 1, "the reference reads one minimum for every branch"
        ((min_energy, min_power),) = mins
        return Disc(mod.label, 0, (), min_energy, min_power, "total",
                    tuple((b.energy, pips(b.power)) for b in mod.branches))
    return Disc(mod.label, mod.energy, pips(mod.power), mod.min_energy, mod.min_power, "total", ())


def every_permutation(start: Pair, mods: list[Mod]) -> Counter[Pair]:
    """Each permutation walked on its own, every distinct outcome of each step followed
    (the reference's step): how many (permutation, outcome sequence) reach each result."""
    discs = [as_disc(m) for m in mods]
    reached: Counter[Pair] = Counter()
    for perm in itertools.permutations(range(len(discs))):
        parts: Counter[Pair] = Counter({start: 1})
        for i in perm:
            after: Counter[Pair] = Counter()
            for part, n in parts.items():
                for result in apply_discount(part, discs[i]):
                    after[result] += n
            parts = after
        reached.update(parts)
    return reached


@settings(max_examples=150, deadline=None)
@given(cases)
def test_all_results_against_every_permutation(case: tuple[Pair, list[Mod]]) -> None:
    start, mods = case
    results = all_results(start, mods)
    assert {pair: count for pair, (count, _) in results.items()} == every_permutation(start, mods)


@settings(max_examples=100, deadline=None)
@given(repeated_case())
def test_identical_discounts_against_every_permutation(case: tuple[Pair, list[Mod]]) -> None:
    start, mods = case
    results = all_results(start, mods)
    assert {pair: count for pair, (count, _) in results.items()} == every_permutation(start, mods)


def first_sequences(start: Pair, mods: list[Mod]) -> dict[Pair, tuple[Application, ...]]:
    """Every (order, outcome) sequence walked in the order `all_results` names its first by
    (discount index, then the outcome's place in `outcomes`, step by step): the first one
    reaching each result."""
    first: dict[Pair, tuple[Application, ...]] = {}

    def walk(pair: Pair, left: tuple[int, ...], path: tuple[Application, ...]) -> None:
        if not left:
            first.setdefault(pair, path)
            return
        for i in left:
            rest = tuple(j for j in left if j != i)
            for after, app in outcomes(pair, mods[i], i):
                walk(after, rest, path + (app,))

    walk(start, tuple(range(len(mods))), ())
    return first


# Much Energy for the discounts' Energy parts: every order takes them in full from some point
# on (at the start or after a few steps), where the count settles the Energy at once.
plenty = st.tuples(st.tuples(st.integers(8, 40), power_st(2)), st.lists(mod_st(), max_size=6))


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(plenty)
def test_settled_energy_against_every_permutation(case: tuple[Pair, list[Mod]]) -> None:
    """Where the Energy parts left subtract in full in any order (`_OrderCount.settled`), the
    counts and the first sequence to each result are the plain walk's."""
    start, mods = case
    results = all_results(start, mods)
    assert {pair: count for pair, (count, _) in results.items()} == every_permutation(start, mods)

    def plain(path: tuple[Application, ...]) -> tuple[tuple[int, int, object], ...]:
        # Once every discount left is dead, `all_results` lists them as `Application(i)`:
        # branch -1, which pricing reads as the first branch (one outcome: the same result).
        return tuple((a.index, max(a.branch, 0) if mods[a.index].branches else -1, a.removed)
                     for a in path)

    assert ({pair: plain(path) for pair, (_, path) in results.items()}
            == {pair: plain(path) for pair, path in first_sequences(start, mods).items()})


def ordered_mods(scenario: Scenario) -> tuple[Pair, list[Mod]]:
    """The start and the discounts `payplan orders` orders (the cheapest plan's option)."""
    opts = play_options(scenario)
    p = plan(scenario)
    option = p.option if p.status == "ok" and p.option is not None else opts.options[0]
    ch = option.choices
    mods = modifiers(opts.ctx, option.base, option.paid_optional, ch.counts, ch.victims)
    before = price(opts.ctx, replace(ch, total=()), replace(mods, total=()))
    return (before.total.energy, before.total.power), list(mods.total)


@pytest.mark.parametrize("size,seed", [(size, seed) for size in (4, 5, 6, 7) for seed in range(4)]
                         + [(8, 0), (9, 1)])
def test_generated_discounts_against_every_permutation(size: int, seed: int) -> None:
    """`payplan orders` on the `modifiers` family (minimums, pips, both parts, "[1] or [A]",
    "[A] less", identical discounts): each total's count is the plain walk's."""
    scenario = scenario_from_data(generate("modifiers", size, seed))
    result = discount_orders(scenario)
    start, mods = ordered_mods(scenario)
    assert [m.label for m in mods] == list(result.labels)
    assert result.start is not None and (result.start.energy, result.start.power) == start
    if len(mods) > 7:
        pytest.skip(f"{len(mods)} discounts apply: past the plain walk's reach")
    walked = every_permutation(start, mods)
    assert {(o.total.energy, o.total.power): o.count for o in result.orders} == dict(walked)
    assert result.total_orders == sum(walked.values())


def test_sixteen_generated_discounts_are_counted() -> None:
    """Issue 12's `orders` row: 16 generated discounts (14 apply), over 10^12 orders; the
    counts add up to every order of every outcome, and each listed order replays to its total."""
    scenario = scenario_from_data(cliff("orders", 16))
    result = discount_orders(scenario)
    assert result.counted and len(result.labels) == 14
    assert result.total_orders is not None and result.total_orders >= math.factorial(14)
    _, mods = ordered_mods(scenario)
    assert all(o.count for o in result.orders)
    for o in result.orders:
        assert sorted(o.order) == sorted(m.label for m in mods)
        assert (o.steps[-1].total if o.steps else result.start) == o.total


def test_a_count_past_its_deadline_is_not_given() -> None:
    """The count stops at the deadline (exact or not given), and `payplan orders` then says so:
    `counted: false`, counts null, the totals the discount search reached, each still valid."""
    start, mods = ordered_mods(scenario_from_data(cliff("mixed", 16)))
    with pytest.raises(CountCut):
        all_results(start, mods, Deadline(0.0))
    scenario = scenario_from_data(cliff("mixed", 16))
    result = discount_orders(scenario, SolverConfig(time_limit=1e-6))
    assert not result.counted and result.orders
    data = result.to_json()
    assert data["counted"] is False and data["total_orders"] is None
    assert all(o["count"] is None for o in data["orders"])  # type: ignore[attr-defined]
    assert result.why.startswith("Not counted: the time limit")
    assert "not counted (the time limit passed)" in render_orders(result)
    for o in result.orders:
        assert (o.steps[-1].total if o.steps else result.start) == o.total
    # Counted in full, the key is not there (the golden transcripts keep their shape).
    assert "counted" not in discount_orders(load_file(EXAMPLES / "01-sky-splitter-order.yaml")).to_json()
