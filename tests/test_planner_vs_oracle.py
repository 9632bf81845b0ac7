"""Every optimum the planner claims, checked three ways on generated small cases:

1. it equals the minimum the independent brute force (benchmarks/brute_force.py) finds over
   every option, order, choice and payment;
2. the plan's payment, re-scored by the oracle's own scorer, pays the total and scores what the
   planner says;
3. the engine accepts the plan as legal and re-prices it to the same total (engine.chain).

Both the CP-SAT model and the fast path are checked.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings

from payplan.benchmarks.brute_force import Payment, brute_plan, score_payment
from payplan.engine.chain import PlanRefused, apply_payment
from payplan.engine.scenario import Scenario
from payplan.planner import SolverConfig, plan
from payplan.planner.play import applied_of
from strategies import scenarios

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MANY = settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def yes_benefits(scenario: Scenario, paid: tuple[str, ...]) -> int:
    """The oracle subtracts the benefits of every optional cost paid; the planner only those of
    `auto` ones (the others are paid by every option, so the choice is the same)."""
    play = scenario.play
    assert play is not None
    return sum(scenario.objective.benefit(n) for n in paid if play.optional_choice(n) == "yes")


def check(scenario: Scenario, config: SolverConfig) -> None:
    expected = brute_plan(scenario)
    got = plan(scenario, config)
    assert got.status == expected.status, (got.reasons, expected)
    if got.status != "ok":
        return
    assert got.score is not None and got.objective is not None and got.total is not None
    assert got.objective - yes_benefits(scenario, got.paid_optional) == expected.objective
    assert got.total.size == expected.size
    assert got.score == expected.score
    assert got.total in expected.optimal_totals
    assert got.payment is not None
    rescored = score_payment(scenario, got.total, Payment.from_json(got.payment.to_json()))
    assert rescored == got.score
    try:
        apply_payment(scenario, applied_of(got))
    except PlanRefused as refused:  # pragma: no cover - a failure message
        pytest.fail(f"the engine refused the planner's own plan: {refused}")


@MANY
@given(scenarios())
def test_planner_matches_brute_force(scenario: Scenario) -> None:
    check(scenario, SolverConfig())


@SETTINGS
@given(scenarios())
def test_cp_sat_model_matches_brute_force(scenario: Scenario) -> None:
    check(scenario, SolverConfig(fast_path=False))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_fast_path_runes_only(scenario: Scenario) -> None:
    """Strip sources so the fast path takes over where it can, and compare with brute force."""
    you = replace(scenario.state.you, sources=())
    check(replace(scenario, state=replace(scenario.state, you=you)), SolverConfig())
