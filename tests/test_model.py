"""The CP-SAT model's statuses, its exact ranking of the objective's terms, and its settings.

Issue 9: weights and benefits of 1,000,000 (the most the loader accepts) on a hand of 2,000
cards overflowed the one weighted sum that ranked the terms; CP-SAT answered MODEL_INVALID and
the planner said "unpayable", `optimal: true`. Now terms that can't share one exact sum are
solved in stages, a rejected model is a `ModelInvalid` error, never an answer, and a bad solver
setting is refused before any model is built.
"""

from __future__ import annotations

import math
from dataclasses import replace
from types import MappingProxyType
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import scenarios
from test_planner_vs_oracle import check

from payplan.benchmarks.generate import generate
from payplan.engine.riftbound.chain import apply_payment
from payplan.engine.riftbound.loader import scenario_from_data
from payplan.engine.riftbound.scenario import DEFAULT_WEIGHTS, Objective, Scenario
from payplan.planner import SolverConfig, kernel
from payplan.planner.config import SolverConfigError
from payplan.planner.riftbound import model
from payplan.planner.riftbound.plan import plan
from payplan.planner.riftbound.play import applied_of

MOST = 1_000_000  # the loader's limit for weights and benefits
HUGE = st.sampled_from([0, 1, MOST - 1, MOST])


@st.composite
def huge_objectives(draw: st.DrawFn, scenario: Scenario) -> Scenario:
    weights = {key: draw(HUGE) for key in DEFAULT_WEIGHTS}
    benefits = {key: draw(HUGE) for key in scenario.objective.benefits}
    return replace(scenario, objective=Objective(MappingProxyType(weights), MappingProxyType(benefits)))


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(scenarios().flatmap(huge_objectives))
def test_the_largest_weights_match_the_brute_force(scenario: Scenario) -> None:
    check(scenario, SolverConfig(fast_path=False))


@SETTINGS
@given(scenarios().flatmap(huge_objectives))
def test_one_stage_per_term_matches_the_brute_force(scenario: Scenario) -> None:
    """With no room for a weighted sum, every term is its own stage: the staged search (minimise,
    fix the optimum, minimise the next) must find the brute force's optimum too."""
    with mock.patch.object(kernel, "EXACT", 0):
        check(scenario, SolverConfig(fast_path=False))


def big_hand(size: int) -> Scenario:
    """The issue's case: every weight and benefit 1,000,000, `size` cards in hand, optional
    costs the planner chooses."""
    data = generate("hand", size, 0)
    data["cards"]["ritual"]["keywords"] = {"accelerate": {"energy": 1}, "repeat": [{"energy": 1}]}
    data["play"]["optional"] = {"accelerate": "auto", "repeat": "auto"}
    data["objective"] = {"weights": {key: MOST for key in DEFAULT_WEIGHTS},
                         "benefits": {"accelerate": MOST, "repeat": MOST}}
    return scenario_from_data(data)


def test_two_thousand_cards_at_the_largest_weights_give_an_optimal_plan() -> None:
    scenario = big_hand(2000)
    assert len(scenario.state.you.hand) == 2000
    got = plan(scenario, SolverConfig(fast_path=False))
    assert got.status == "ok" and got.optimal, got.reasons
    assert got.payment is not None and got.total is not None
    # The engine applies it (the brute force's checker can't walk 2,000 cards; the smaller
    # hands above are checked by it).
    apply_payment(scenario, applied_of(got))
    # One weighted sum would overflow here: the stages must agree with one stage per term (on
    # the ranked values; equally cheap objects may differ).
    with mock.patch.object(kernel, "EXACT", 0):
        staged = plan(scenario, SolverConfig(fast_path=False))
    assert staged.optimal
    assert (staged.objective, staged.total, staged.score) == (got.objective, got.total, got.score)


def test_a_model_cp_sat_rejects_is_an_error_not_an_answer() -> None:
    """Folding every term into one sum whatever its size overflows on the big hand: CP-SAT answers
    MODEL_INVALID, and the planner raises with CP-SAT's own validation message."""
    with mock.patch.object(kernel, "EXACT", 2**200), pytest.raises(model.ModelInvalid,
                                                                  match="overflow"):
        plan(big_hand(2000), SolverConfig(fast_path=False))


@pytest.mark.parametrize("settings_", [
    {"time_limit": -1.0}, {"time_limit": math.nan}, {"workers": -1}, {"workers": 1.5},
    {"workers": True}, {"seed": 2**31}, {"seed": "0"}, {"time_limit": "10"},
])
def test_bad_solver_settings_are_refused(settings_: dict[str, object]) -> None:
    with pytest.raises(SolverConfigError, match=next(iter(settings_))):
        SolverConfig(**settings_)  # type: ignore[arg-type]
    assert issubclass(SolverConfigError, ValueError)


def test_good_solver_settings_are_kept() -> None:
    config = SolverConfig(workers=0, time_limit=math.inf, seed=-5)
    assert (config.workers, config.time_limit, config.seed) == (0, math.inf, -5)
