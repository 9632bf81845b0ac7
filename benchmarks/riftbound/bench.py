"""`payplan bench`'s parts for `payplan/1` (`Ruleset.bench`): measuring the planner, the greedy
baseline (`benchmarks.baselines`) and the brute force (`benchmarks.brute_force`) on one case,
and the case's shape (what the suite's size limits of the brute force read)."""

from __future__ import annotations

from typing import Any, Callable

from ...engine.riftbound.loader import scenario_from_data
from ...planner.config import SolverConfig

Data = dict[str, Any]


def shape(data: Data) -> dict[str, int]:
    """The suite's case shape: discounts, runes, sources, hand and objects."""
    from ..suite import shape as scenario_shape

    return scenario_shape(scenario_from_data(data))


def measure(method: str, data: Data, repeats: int, config: SolverConfig,
            budget: float) -> Data:
    """One method on one `payplan/1` case, as `benchmarks.suite.measure` records it."""
    from ...planner.riftbound.plan import plan
    from ..suite import timed
    from .baselines import greedy_plan
    from .brute_force import brute_plan, payment_problems

    scenario = scenario_from_data(data)
    run: Callable[[], Any]
    if method == "planner":
        def run() -> Any:
            return plan(scenario, config)
    elif method == "greedy":
        def run() -> Any:
            return greedy_plan(scenario)
    else:
        def run() -> Any:
            return brute_plan(scenario)
    times, result = timed(run, repeats, budget)
    out: Data = {"times": times, "status": result.status,
                           "objective": result.objective, "score": result.score}
    if method == "planner":
        out["size"] = result.total.size if result.total is not None else None
        out["optimal"] = result.optimal
    elif method == "greedy":
        out["size"] = result.total.size if result.total is not None else None
        out["reason"] = result.reason
        if result.payment is not None:
            out["problems"] = payment_problems(scenario, result.total, result.payment)
    else:
        out["size"] = result.size
    return out


__all__ = ["measure", "shape"]
