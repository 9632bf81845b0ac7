"""The fast path's part for non-standard costs (`fastpath._pay_other`, `fastpath.min_cost_flow`):
its flow against networkx's, written apart from it, and its plans against the CP-SAT model's
and the brute force's on plays whose needs share objects."""

from __future__ import annotations

import math
import textwrap
from dataclasses import replace

import networkx as nx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import real_card_scenarios, scenarios
from test_planner_vs_oracle import check

from payplan.engine.riftbound.loader import load_text, scenario_from_data
from payplan.engine.riftbound.options import play_options
from payplan.engine.riftbound.payment import resources, score
from payplan.engine.riftbound.scenario import Scenario
from payplan.planner import SolverConfig
from payplan.planner.riftbound import fastpath
from payplan.planner.riftbound.plan import plan


@st.composite
def flow_problems(draw: st.DrawFn) -> tuple[list[int], list[dict[int, int]], list[int]]:
    groups = draw(st.integers(1, 6))
    needs = draw(st.integers(1, 4))
    caps = draw(st.lists(st.integers(0, 3), min_size=groups, max_size=groups))
    demands = draw(st.lists(st.integers(0, 4), min_size=needs, max_size=needs))
    arcs = [draw(st.dictionaries(st.integers(0, groups - 1), st.integers(0, 9), max_size=groups))
            for _ in range(needs)]
    return demands, arcs, caps


def networkx_cost(demands: list[int], arcs: list[dict[int, int]], caps: list[int]) -> int | None:
    graph = nx.DiGraph()
    graph.add_node("source", demand=-sum(demands))
    graph.add_node("sink", demand=sum(demands))
    for k, demand in enumerate(demands):
        graph.add_edge("source", ("need", k), capacity=demand, weight=0)
        for g, charge in arcs[k].items():
            graph.add_edge(("need", k), ("group", g), weight=charge)
    for g, cap in enumerate(caps):
        graph.add_edge(("group", g), "sink", capacity=cap, weight=0)
    try:
        return int(nx.min_cost_flow_cost(graph))
    except nx.NetworkXUnfeasible:
        return None


@settings(max_examples=500, deadline=None)
@given(flow_problems())
def test_min_cost_flow_matches_networkx(problem: tuple[list[int], list[dict[int, int]], list[int]]) -> None:
    demands, arcs, caps = problem
    got = fastpath.min_cost_flow(demands, arcs, caps)
    expected = networkx_cost(demands, arcs, caps)
    if expected is None:
        assert got is None
        return
    assert got is not None
    # A flow that meets each demand, within each cap, on arcs that exist, at the least charge.
    for k, demand in enumerate(demands):
        assert sum(n for (kk, _), n in got.items() if kk == k) == demand
    for g, cap in enumerate(caps):
        assert sum(n for (_, gg), n in got.items() if gg == g) <= cap
    assert all(n > 0 and g in arcs[k] for (k, g), n in got.items())
    assert sum(arcs[k][g] * n for (k, g), n in got.items()) == expected


def without_sources(scenario: Scenario) -> Scenario:
    you = replace(scenario.state.you, sources=())
    return replace(scenario, state=replace(scenario.state, you=you))


def _same_as_model(scenario: Scenario) -> None:
    fast, model = plan(scenario), plan(scenario, SolverConfig(fast_path=False))
    assert (fast.status, fast.objective, fast.score, fast.total) == (
        model.status, model.objective, model.score, model.total)


SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(scenarios())
def test_fast_path_with_non_standard_costs_matches_the_model(scenario: Scenario) -> None:
    _same_as_model(without_sources(scenario))


@SETTINGS
@given(real_card_scenarios())
def test_fast_path_on_real_card_plays_matches_the_brute_force(scenario: Scenario) -> None:
    scenario = without_sources(scenario)
    check(scenario, SolverConfig())
    _same_as_model(scenario)


def test_needs_sharing_objects_take_them_jointly() -> None:
    # {discard 1} and {discard 1 type=spell}: taking the cheapest card for the first need (the
    # spell) would leave the second nothing. The flow gives the spell to the second need.
    s = load_text("format: payplan/1\n" + textwrap.dedent("""
        cards:
          pact:
            type: spell
            cost: {energy: 1}
            additional_costs:
              - {id: a, cost: {other: [{discard: 1}, {discard: {count: 1, filter: {type: [spell]}}}]}}
          spark: {type: spell, cost: {energy: 1}}
          brute: {type: unit, cost: {energy: 5}}
        state:
          you:
            runes: {fury: 1}
            hand: [{id: p, card: pact}, {id: s1, card: spark, value: 1}, {id: u1, card: brute, value: 6}]
        play: {object: p}
    """))
    opts = play_options(s)
    assert fastpath.applies(opts.options, resources(s, opts.ctx.obj))
    p = plan(s)
    assert p.status == "ok" and p.score == 1 + 1 + 6
    assert p.payment is not None
    assert sorted(p.payment.other) == [("discard", ("s1",)), ("discard", ("u1",))]
    _same_as_model(s)


def same_without(scenario: Scenario, name: str, stand_in: object) -> None:
    """The fast path's solution with its shortcut `name` (a function of `fastpath`) and with
    `stand_in` in its place (the shortcut off) are equal, on the scenario without sources,
    where it has two options or more and the fast path applies."""
    scenario = without_sources(scenario)
    opts = play_options(scenario)
    if not opts.legal or len(opts.options) < 2:
        return
    res = resources(scenario, opts.ctx.obj)
    if not fastpath.applies(opts.options, res):
        return
    benefits = tuple(sum(scenario.objective.benefit(n) for n in o.paid_optional if n in opts.auto)
                     for o in opts.options)
    got = fastpath.solve_fast(scenario, opts.options, benefits, res)
    saved = getattr(fastpath, name)
    setattr(fastpath, name, stand_in)
    try:
        every = fastpath.solve_fast(scenario, opts.options, benefits, res)
    finally:
        setattr(fastpath, name, saved)
    assert got == every


def _no_bound(option: object, res: object, runes: object) -> float:
    return -math.inf


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_least_score_leaves_the_fast_paths_choice_unchanged(scenario: Scenario) -> None:
    """`fastpath._least_score` skips options that can't win: the same solution as paying all."""
    same_without(scenario, "_least_score", _no_bound)


def test_least_score_is_under_every_payment() -> None:
    """The bound against the score the fast path pays, on generated typical plays."""
    from payplan.benchmarks.generate import generate
    from payplan.engine.riftbound.loader import scenario_from_data

    checked = 0
    for seed in range(150):
        scenario = scenario_from_data(generate("typical", 7, seed))
        opts = play_options(scenario)
        if not opts.legal:
            continue
        res = resources(scenario, opts.ctx.obj)
        if not fastpath.applies(opts.options, res):
            continue
        runes = fastpath._Runes(res)
        for k, option in enumerate(opts.options):
            solution = fastpath.solve_fast(scenario, (option,), (0,), res)
            if solution is None:
                continue
            bound = fastpath._least_score(option, res, runes)
            assert bound <= score(scenario, option.total, res, solution)
            checked += bound > -math.inf
    assert checked > 50


def test_a_flow_past_its_work_bound_goes_to_the_model() -> None:
    """`applies` keeps the flow quick: units taken times object groups at most `MAX_FLOW`."""
    def hand(cards: int, discard: int) -> Scenario:
        data = {"format": "payplan/1",
                "cards": {**{f"c{i}": {"type": "unit", "cost": {"energy": 1}, "might": 1}
                             for i in range(cards)},
                          "big": {"type": "spell", "cost": {"energy": 0}, "additional_costs": [
                              {"id": "a", "cost": {"other": [{"discard": discard}]}}]}},
                "state": {"you": {"hand": [{"id": "p", "card": "big"}] + [
                    {"id": f"h{i}", "card": f"c{i}"} for i in range(cards)]}},
                "play": {"object": "p"}}
        return scenario_from_data(data)

    for discard, quick in ((fastpath.MAX_FLOW // 400, True), (fastpath.MAX_FLOW // 400 + 1, False)):
        scenario = hand(400, discard)
        opts = play_options(scenario)
        res = resources(scenario, opts.ctx.obj)
        assert len(res.objects) == 400
        assert fastpath.applies(opts.options, res) is quick
        assert plan(scenario).status == "ok"
        _same_as_model(scenario)
