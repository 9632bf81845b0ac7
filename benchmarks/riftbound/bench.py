"""`payplan bench`'s parts for `payplan/1` (`Ruleset.bench`, read by `benchmarks.parts`):
measuring the planner, the greedy baseline (`baselines`) and the brute force (`brute_force`) on
one case, the case's shape (what the suite's size limits of the brute force read), the game's
suites and plots, its typical plan and its cliffs (`cliffs`)."""

from __future__ import annotations

from typing import Any, Callable

from ...engine.riftbound.loader import scenario_from_data
from ...engine.riftbound.scenario import Scenario
from ...planner.config import SolverConfig
from ..suite import BruteLimits, SuiteSpec, family_runs, timed
from .wide import wide_turn  # the turn suite's wide family (benchmarks/turns.py)

Data = dict[str, Any]

PLACE = 0  # the first game: its suites, plots and knobs first
CLIFFS = "payplan.benchmarks.riftbound.cliffs"
TYPICAL_PLAN = ("typical", 7)  # family, size: the typical single plan

TYPICAL = family_runs("typical", {7: 200})
HAND = family_runs("hand", {50: 10, 200: 10, 1000: 10})
MODIFIERS = family_runs("modifiers", {4: 4, 6: 4, 7: 4, 8: 4, 10: 3, 12: 3, 16: 3, 20: 2, 24: 2})
SOURCES = family_runs("sources", {12: 10, 24: 10, 36: 10, 48: 10, 60: 10})
SUITES: dict[str, SuiteSpec] = {
    "quick": SuiteSpec(
        "quick",
        family_runs("typical", {7: 8}) + family_runs("hand", {50: 2, 200: 1})
        + family_runs("modifiers", {4: 2, 6: 2}) + family_runs("sources", {12: 2, 24: 2}),
        repeats=3, budget=20.0, brute_budget=15.0),
    "typical": SuiteSpec("typical", TYPICAL),
    "hand": SuiteSpec("hand", HAND),
    # The brute force probes 8 discounts here: where the speedup over it is read.
    "modifiers": SuiteSpec("modifiers", MODIFIERS, brute=BruteLimits(discounts=8)),
    "sources": SuiteSpec("sources", SOURCES),
}
ALL = TYPICAL + HAND + MODIFIERS + SOURCES
PLOTS: dict[str, tuple[str, bool]] = {"hand": ("hand size (cards)", True),
                                      "modifiers": ("discounts on the total", False),
                                      "sources": ("runes (plus Seals, Gold, restricted sources)",
                                                  False)}


def discount_count(scenario: Scenario) -> int:
    """How many discounts could reach the play: its card's own, its play's one-shot ones, those
    its optional costs unlock, and every discount granted by an object on either board."""
    assert scenario.play is not None
    found = scenario.state.you.find(scenario.play.object)
    card = scenario.card(found[1].card) if found is not None else None
    count = len(scenario.play.discounts)
    if card is not None:
        count += len(card.discounts) + sum(len(a.unlocks) for a in card.additional_costs)
    for who in ("you", "opponent"):
        for obj in scenario.state.player(who).board:
            granting = scenario.cards.get(obj.card)
            if granting is not None:
                count += sum(1 for g in granting.grants if g.discount is not None)
    return count


def scenario_shape(scenario: Scenario) -> dict[str, int]:
    """A loaded scenario's shape: discounts, runes, sources, hand and objects."""
    you = scenario.state.you
    return {
        "discounts": discount_count(scenario),
        "runes": len(you.runes),
        "sources": len(you.sources),
        "hand": len(you.hand),
        "objects": len(you.hand) + len(you.board) + len(you.trash)
        + len(scenario.state.opponent.board),
    }


def shape(data: Data) -> dict[str, int]:
    """The suite's case shape: discounts, runes, sources, hand and objects."""
    return scenario_shape(scenario_from_data(data))


def measure(method: str, data: Data, repeats: int, config: SolverConfig,
            budget: float) -> Data:
    """One method on one `payplan/1` case, as `benchmarks.suite.measure` records it."""
    from ...planner.riftbound.plan import plan
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
    out: Data = {"times": times, "status": result.status, "objective": result.objective,
                 "score": result.score}
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


__all__ = ["wide_turn", "ALL", "CLIFFS", "PLACE", "PLOTS", "SUITES", "TYPICAL_PLAN", "discount_count",
           "measure", "scenario_shape", "shape"]
