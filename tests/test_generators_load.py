"""Every generator draws only what the loader accepts, under many seeds.

A generator that draws a combination the loader refuses fails whoever's CI draws it next (a
planeswalker ability with `remove_counters` of kind loyalty beside `loyalty: N` did). Here every
generator is run under seeds of its own and each draw is loaded:

- both games' `payplan gen` families (`benchmarks.generate`), by their seeds;
- the property tests' generators of raw scenario data in tests/ (Hypothesis strategies and the
  `random.Random` casts and turns of the mtg/1 reference campaigns), each under a seed base.
  (Generators of parts, not scenarios, such as test_shortfall's boards, are loaded by their
  tests' own builders.)

How many seeds: `PAYPLAN_TEST_SEEDS` (default 5 per generator in the fast lane; the slow lane,
`pytest -m slow tests/test_generators_load.py`, runs at least 200). The seed base is drawn fresh
each run and named in a failure; `PAYPLAN_TEST_SEED_BASE=N` replays it. Run this file with
`PAYPLAN_TEST_SEEDS=200` before a change to a generator lands (docs/CHANGELOG.md and the
README's test command say so); Hypothesis tests themselves also take `--hypothesis-seed N`.
"""

from __future__ import annotations

import os
import random
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st
from mtg_reference.strategies import random_cast
from mtg_reference.turn_strategies import random_turn
from reference.strategies import real_scenario_data, scenario_data
from reference.turn_strategies import turn_data
from test_component_discounts import cases as component_cases
from test_dump import scenarios as dump_scenarios
from test_mtg_dump import every_key_scenario

from payplan.benchmarks.generate import families, generate
from payplan.engine.problems import ScenarioError
from payplan.planner.api import load_data

FAST_SEEDS = 5
SLOW_SEEDS = 200


def seed_count(least: int) -> int:
    return max(least, int(os.environ.get("PAYPLAN_TEST_SEEDS") or 0))


def seed_base() -> int:
    fixed = os.environ.get("PAYPLAN_TEST_SEED_BASE")
    return int(fixed) if fixed else random.SystemRandom().randrange(2**31)


STRATEGIES: dict[str, Callable[[], st.SearchStrategy[dict[str, Any]]]] = {
    "reference.scenario_data": scenario_data,
    "reference.real_scenario_data": real_scenario_data,
    "reference.turn_data": turn_data,
    "test_dump.scenarios": dump_scenarios,
    "test_mtg_dump.every_key_scenario": every_key_scenario,
    # (its cases carry the increases apart, which the test drops before loading)
    "test_component_discounts.cases": lambda: component_cases().map(
        lambda case: {k: v for k, v in case.items() if k != "increases"}),
}
RANDOM: dict[str, Callable[[random.Random], dict[str, Any]]] = {
    "mtg_reference.random_cast": random_cast,
    "mtg_reference.random_turn": random_turn,
}


def refused(data: dict[str, Any]) -> str | None:
    """The loader's problems with `data`, or None when it loads."""
    try:
        load_data(data)
    except ScenarioError as err:
        return "; ".join(err.lines)
    return None


def draws_of_strategy(name: str, count: int, base: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []

    @seed(base)
    @settings(max_examples=count, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(STRATEGIES[name]())
    def draw(data: dict[str, Any]) -> None:
        out.append(data)

    try:
        draw()
    except Exception as err:  # the strategy itself loads (and the loader refused its draw)
        raise AssertionError(f"{name} raised while drawing (seed base {base}: "
                             f"PAYPLAN_TEST_SEED_BASE={base} replays): {err}") from err
    return out


def check_strategy(name: str, count: int) -> None:
    base = seed_base()
    bad = [why for data in draws_of_strategy(name, count, base) if (why := refused(data))]
    assert not bad, (f"{name} drew {len(bad)} scenarios the loader refuses (seed base {base}: "
                     f"PAYPLAN_TEST_SEED_BASE={base} replays): {bad[:3]}")


def check_random(name: str, count: int) -> None:
    base = seed_base()
    bad = [(s, why) for s in range(base, base + count)
           if (why := refused(RANDOM[name](random.Random(s))))]
    assert not bad, f"{name} drew scenarios the loader refuses (Random(seed)): {bad[:3]}"


def check_family(name: str, count: int) -> None:
    base = seed_base()
    bad = [(s, why) for s in range(base, base + count) if (why := refused(generate(name, None, s)))]
    assert not bad, f"payplan gen {name} --seed S drew scenarios the loader refuses: {bad[:3]}"


def test_every_generator_is_listed() -> None:
    """Each `gen` family of both games is run here (a new family is met at once)."""
    formats = {ruleset.format for ruleset, _ in families().values()}
    assert formats == {"payplan/1", "mtg/1"}


@pytest.mark.parametrize("name", sorted(families()))
def test_gen_families_draw_what_the_loader_accepts(name: str) -> None:
    check_family(name, seed_count(FAST_SEEDS))


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_property_strategies_draw_what_the_loader_accepts(name: str) -> None:
    check_strategy(name, seed_count(FAST_SEEDS))


@pytest.mark.parametrize("name", sorted(RANDOM))
def test_reference_casts_and_turns_draw_what_the_loader_accepts(name: str) -> None:
    check_random(name, seed_count(FAST_SEEDS))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(families()))
def test_gen_families_under_many_seeds(name: str) -> None:
    check_family(name, seed_count(SLOW_SEEDS))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_property_strategies_under_many_seeds(name: str) -> None:
    check_strategy(name, seed_count(SLOW_SEEDS))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(RANDOM))
def test_reference_casts_and_turns_under_many_seeds(name: str) -> None:
    check_random(name, seed_count(SLOW_SEEDS))
