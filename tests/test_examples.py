"""Every example in examples/ (the seeds' worked examples) with the answer its comment states."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from payplan.engine.riftbound.cost import Cost
from payplan.engine.riftbound.loader import load_file
from payplan.engine.riftbound.scenario import LeavesChain
from payplan.planner.riftbound.plan import plan

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

# file -> (status, total, base kind, base index, paid_optional, score, destination, executions)
EXPECTED = {
    "01-sky-splitter-order.yaml": ("ok", "[fury]", "printed", None, (), 3, "trash", 1),
    "02-ignore-cost-accelerate.yaml": ("ok", "[1][fury]", "ignore", None, ("accelerate",), 4, "board", 1),
    "03-optional-cost-discounted-to-zero.yaml": ("ok", "[2]", "printed", None, ("wind-up",), 2, "board", 1),
    "04-flow-base-cost.yaml": ("ok", "[2]", "flow", 0, (), 2, "banishment", 1),
    "05-flow-repeat-deflect.yaml": ("ok", "[3][A][A]", "flow", 0, ("repeat",), 9, "banishment", 2),
    "06-two-flow-costs.yaml": ("ok", "[1]{discard 1}", "flow", 1, (), 5, "banishment", 1),
    # Seed 000: countered, "its effect did not execute and its paid costs stay paid": 0 executions.
    "07-flow-countered.yaml": ("ok", "[2]", "flow", 0, (), 2, "banishment", 0),
}


def test_every_example_is_covered() -> None:
    names = {p.name for p in EXAMPLES.glob("*.yaml")}
    assert names == set(EXPECTED) | {"08-flow-keeps-timing.yaml"}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example(name: str) -> None:
    status, total, kind, index, optional, score, destination, executions = EXPECTED[name]
    p = plan(load_file(EXAMPLES / name))
    assert p.status == status, p.reasons
    assert p.total == Cost.parse(total)
    assert p.base is not None and p.base.kind == kind and p.base.index == index
    assert p.paid_optional == optional
    assert p.score == score
    assert p.destination == destination
    assert p.executions == executions


def test_sky_splitter_order_and_payment() -> None:
    """353.4.c: Eager Apprentice first; the exhausted r1 is recycled."""
    p = plan(load_file(EXAMPLES / "01-sky-splitter-order.yaml"))
    assert p.discount_order == ("eager-apprentice", "sky-splitter")
    assert p.payment is not None
    assert p.payment.recycle == (("r1", "fury"),)
    assert p.payment.exhaust == ()


def test_ignore_cost_pays_accelerate_from_one_rune() -> None:
    p = plan(load_file(EXAMPLES / "02-ignore-cost-accelerate.yaml"))
    assert p.payment is not None
    assert p.payment.exhaust == ("r1",) and [r for r, _ in p.payment.recycle] == ["r1"]


def test_repeat_deflect_recycles_exhausted_runes() -> None:
    p = plan(load_file(EXAMPLES / "05-flow-repeat-deflect.yaml"))
    assert p.payment is not None
    recycled = {r for r, _ in p.payment.recycle}
    assert len(p.payment.exhaust) == 3 and len(recycled) == 2
    assert recycled <= set(p.payment.exhaust)


def test_two_flow_costs_unpayable_with_empty_hand() -> None:
    scenario = load_file(EXAMPLES / "06-two-flow-costs.yaml")
    you = scenario.state.you
    empty = replace(scenario, state=replace(scenario.state, you=replace(you, hand=())))
    p = plan(empty)
    assert p.status == "unpayable"
    assert any("discard" in r and "hand is empty" in r for r in p.reasons), p.reasons


def test_flow_countered_self_instruction_goes_to_hand() -> None:
    scenario = load_file(EXAMPLES / "07-flow-countered.yaml")
    assert scenario.play is not None
    own = replace(scenario.play, leaves_chain=LeavesChain("effect", "hand", "self"))
    p = plan(replace(scenario, play=own))
    assert p.destination == "hand"


def test_flow_keeps_timing() -> None:
    p = plan(load_file(EXAMPLES / "08-flow-keeps-timing.yaml"))
    assert p.status == "illegal"
    assert any("timing" in r for r in p.reasons)


def test_unpayable_names_the_missing_power() -> None:
    scenario = load_file(EXAMPLES / "01-sky-splitter-order.yaml")
    you = scenario.state.you
    mind_only = replace(you, runes=tuple(r for r in you.runes if r.domain == "mind"))
    p = plan(replace(scenario, state=replace(scenario.state, you=mind_only)))
    assert p.status == "unpayable"
    assert p.reasons == ("needs 1 more Fury Power: no Fury rune and none in the pool",)


def test_same_input_same_plan_byte_for_byte() -> None:
    for name in EXPECTED:
        a = plan(load_file(EXAMPLES / name)).dumps()
        b = plan(load_file(EXAMPLES / name)).dumps()
        assert a == b



def test_a_time_limit_that_stops_the_search_says_so() -> None:
    """With no time to search, the answer is not a claim that no payment exists."""
    from payplan.planner import SolverConfig

    scenario = load_file(EXAMPLES / "05-flow-repeat-deflect.yaml")
    stopped = plan(scenario, SolverConfig(time_limit=1e-9, fast_path=False))
    if stopped.status == "ok":  # the solver may finish a tiny model before it looks at the clock
        assert stopped.score == 9
        return
    assert stopped.status == "unpayable" and stopped.optimal is False
    assert stopped.reasons[0].startswith("time limit:")
