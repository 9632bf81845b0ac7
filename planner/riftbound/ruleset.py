"""The first ruleset, `payplan/1`: a Riftbound-style game (rule 353 total cost, Flow, the real
card pool's mechanics), registered as `RULESET`.

Its rules are `engine/riftbound/` (the loader, rule 353's pricing, the paying rules, the Chain);
its optimiser and commands are the modules of this folder (`plan`, `model`, `fastpath`, `hand`,
`orders`, `play`, `check`, `moves`). This object is what the registry hands the command line,
`serve`, `batch`, `bench` and the Python API; it is a `Ruleset[Scenario, Plan]` and a `Bench`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Iterator, Mapping

from ...engine.problems import Problem
from ...engine.riftbound import generate as generator
from ...engine.riftbound.chain import apply_payment
from ...engine.riftbound.dump import scenario_to_data
from ...engine.riftbound.loader import scenario_from_data
from ...engine.riftbound.scenario import FORMAT, Scenario
from .. import answers
from ..answers import Hand
from ..config import SolverConfig
from ..rulesets import Family, Ruleset
from ..turn import NOT_A_TURN

if TYPE_CHECKING:
    from .plan import Plan


@dataclass(frozen=True, slots=True)
class Riftbound:
    """`payplan/1`: see the module docstring."""

    format: str = FORMAT
    title: str = "Riftbound-style card plays (rule 353)"
    families: tuple[Family, ...] = tuple(
        Family(name, generator.DEFAULT_SIZE[name], generator.SIZES[name], generator.ABOUT[name])
        for name in generator.FAMILIES)
    bench: str | None = "payplan.benchmarks.riftbound.bench"
    # What serve's and batch's workers import ahead: the planner of each command.
    preload: tuple[str, ...] = ("payplan.planner.riftbound.plan", "payplan.planner.riftbound.hand",
                                "payplan.planner.riftbound.orders",
                                "payplan.planner.riftbound.play")

    def owns(self, scenario: object) -> bool:
        return isinstance(scenario, Scenario)

    def load(self, data: object, *, require_play: bool = False) -> Scenario:
        return scenario_from_data(data, require_play=require_play)

    def plan(self, scenario: Scenario, config: SolverConfig) -> Plan:
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
        from ..turn import plan_turn, turn_of
        from .bound import relaxation
        from .moves import Moves
        from .whole_turn import whole_turn

        moves = Moves(scenario)
        turn = turn_of(scenario, turn_refused)
        model = whole_turn(scenario, turn)
        return plan_turn(moves, scenario, turn, FORMAT, deadline(config),
                         relax=relaxation(scenario, moves.rune_cost),
                         aim=None if model is None else model.aim,
                         ordered=model is not None and moves.deferred)

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


def turn_refused(scenario: Scenario) -> Iterator[Problem]:
    """What `payplan turn` does not plan in a `payplan/1` file (`planner.turn.turn_of`'s
    hook): a `play` it gives."""
    if scenario.play is not None:
        yield Problem(("play",), NOT_A_TURN + "one `play`")


RULESET: Ruleset[Scenario, Plan] = Riftbound()

__all__ = ["RULESET", "Riftbound", "turn_refused"]
