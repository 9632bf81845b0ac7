"""The first ruleset, `payplan/1`: a Riftbound-style game (rule 353 total cost, Flow, the real
card pool's mechanics), registered as `RULESET`.

Its rules are `engine/` (the loader, rule 353's pricing, the paying rules, the Chain); its
optimiser and commands are the modules of `planner/` (`plan`, `model`, `fastpath`, `hand`,
`orders`, `play`). This object is what the registry hands the command line, `serve`, `batch`,
`bench` and the Python API.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from ...engine.problems import ScenarioError
from ...engine.riftbound import generate as generator
from ...engine.riftbound.chain import apply_payment
from ...engine.riftbound.dump import scenario_to_data
from ...engine.riftbound.loader import scenario_from_data
from ...engine.riftbound.scenario import FORMAT, Play, Scenario
from ...engine.turn import Turn
from .. import answers
from ..answers import Hand
from ..config import SolverConfig
from ..rulesets import Family


@dataclass(frozen=True, slots=True)
class Riftbound:
    """`payplan/1`: see the module docstring."""

    format: str = FORMAT
    title: str = "Riftbound-style card plays (rule 353)"
    families: tuple[Family, ...] = tuple(
        Family(name, generator.DEFAULT_SIZE[name], generator.SIZES[name], generator.ABOUT[name])
        for name in generator.FAMILIES)
    bench: str | None = "payplan.benchmarks.riftbound.bench"

    def owns(self, scenario: object) -> bool:
        return isinstance(scenario, Scenario)

    def load(self, data: object, *, require_play: bool = False) -> Scenario:
        return scenario_from_data(data, require_play=require_play)

    def plan(self, scenario: Scenario, config: SolverConfig) -> answers.Plan:
        from .plan import plan

        return plan(scenario, config)

    def hand(self, scenario: Scenario, config: SolverConfig) -> Hand:
        from .hand import plan_hand, render_hand
        from .plan import Plan

        return Hand(FORMAT, tuple(plan_hand(scenario, config)),
                    lambda plans: render_hand([p for p in plans if isinstance(p, Plan)]))

    def orders(self, scenario: Scenario, config: SolverConfig) -> answers.Orders:
        from .orders import discount_orders

        return discount_orders(scenario, config)

    def play(self, data: Mapping[str, object], config: SolverConfig) -> answers.PlayResult:
        from .play import play_data

        return play_data(dict(data), config)

    def check(self, data: Mapping[str, object], config: SolverConfig,
              scenario: Scenario | None = None) -> answers.Check:
        from .check import check_data

        return check_data(data, config, scenario)

    def turn(self, scenario: Scenario, config: SolverConfig) -> answers.Answer:
        from ..kernel import deadline
        from ..turn import plan_turn
        from .moves import Moves

        return plan_turn(Moves(scenario), scenario, turn_of(scenario), FORMAT,
                         deadline(config))

    def turn_moves(self, scenario: Scenario, defer: bool = True) -> Any:
        from .moves import Moves

        return Moves(scenario, defer)

    def apply_play(self, scenario: Scenario, plan: answers.Plan) -> Scenario:
        from .plan import Plan
        from .play import applied_of

        if not isinstance(plan, Plan):
            raise TypeError(f"not a payplan/1 plan: {type(plan).__name__}")
        return replace(scenario, state=apply_payment(scenario, applied_of(plan)), play=None)

    def dump(self, scenario: Scenario) -> dict[str, object]:
        return scenario_to_data(scenario)

    def generate(self, family: str, size: int, seed: int) -> dict[str, object]:
        return generator.generate(family, size, seed)


def turn_of(scenario: Scenario) -> Turn[Play]:
    """The scenario's `turn` (default: every candidate, each worth 1); a file that gives a
    `play` is not a turn."""
    if scenario.play is not None:
        raise ScenarioError.at(("play",), "`payplan turn` plans the file's `turn` (its "
                                          "candidates: auto by default), not one `play`")
    return scenario.turn if scenario.turn is not None else Turn()


RULESET = Riftbound()

__all__ = ["RULESET", "Riftbound"]
