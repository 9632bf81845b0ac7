"""The second ruleset, `mtg/1`: a Magic-style game (casting spells and activating abilities by
rule 601.2, its total cost and its payment), registered as `RULESET`.

Its rules are `engine/mtg/`; its optimiser and commands are this folder's modules, named as
`planner/riftbound/`'s are for `payplan/1` (`plan`, `model`, `fastpath`, `hand`, `orders`,
`play`, `check`, `moves`, `explain`). It is a `Ruleset[Scenario, Plan]` and a `Bench`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator, Mapping

from ...engine.mtg import FORMAT
from ...engine.mtg import generate as generator
from ...engine.mtg.cards import Scenario
from ...engine.mtg.loader import scenario_from_data
from ...engine.problems import Problem
from .. import answers
from ..answers import Hand
from ..config import SolverConfig
from ..rulesets import Family, Ruleset
from ..turn import NOT_A_TURN

if TYPE_CHECKING:
    from .plan import Plan


@dataclass(frozen=True, slots=True)
class Mtg:
    """`mtg/1`: see the module docstring."""

    format: str = FORMAT
    title: str = "casting spells in a Magic-style game (rule 601.2)"
    families: tuple[Family, ...] = tuple(
        Family(name, generator.DEFAULT_SIZE[name], generator.SIZES[name], generator.ABOUT[name])
        for name in generator.FAMILIES)
    bench: str | None = "payplan.benchmarks.mtg.bench"
    # What serve's and batch's workers import ahead: the planner of each command.
    preload: tuple[str, ...] = ("payplan.planner.mtg.plan", "payplan.planner.mtg.hand",
                                "payplan.planner.mtg.orders", "payplan.planner.mtg.play")

    def owns(self, scenario: object) -> bool:
        return isinstance(scenario, Scenario)

    def load(self, data: object, *, require_play: bool = False) -> Scenario:
        return scenario_from_data(data, require_play=require_play)

    def plan(self, scenario: Scenario, config: SolverConfig) -> Plan:
        from .plan import plan

        return plan(scenario, config)

    def hand(self, scenario: Scenario, config: SolverConfig) -> Hand:
        from .hand import hand_table, plan_hand

        return Hand(FORMAT, tuple(plan_hand(scenario, config)), hand_table(scenario))

    def orders(self, scenario: Scenario, config: SolverConfig) -> answers.Orders:
        from .orders import discount_orders

        return discount_orders(scenario, config)

    def play(self, data: Mapping[str, object], config: SolverConfig) -> answers.PlayResult:
        from .play import play_data

        return play_data(data, config)

    def check(self, data: Mapping[str, object], config: SolverConfig,
              scenario: Scenario | None = None) -> answers.Check:
        from .check import check_data

        return check_data(data, config, scenario)

    def turn(self, scenario: Scenario, config: SolverConfig) -> answers.Answer:
        from ..kernel import deadline
        from ..turn import plan_turn, turn_of
        from .moves import Moves
        from .whole_turn import whole_turn

        turn = turn_of(scenario, turn_refused)
        moves = Moves(scenario, config, turn.candidates)
        model = whole_turn(scenario, turn, moves.deferred)
        return plan_turn(moves, scenario, turn, FORMAT, deadline(config),
                         aim=None if model is None else model.aim, ordered=model is not None)

    def turn_moves(self, scenario: Scenario, defer: bool = True) -> Any:
        from ..turn import turn_of
        from .moves import Moves

        return Moves(scenario, listed=turn_of(scenario, turn_refused).candidates,
                     deferred=None if defer else False)

    def apply_play(self, scenario: Scenario, plan: answers.Plan) -> Scenario:
        from ...engine.mtg.stack import resolve
        from .plan import Plan
        from .play import resolved_of

        if not isinstance(plan, Plan):
            raise TypeError(f"not an mtg/1 plan: {type(plan).__name__}")
        return resolve(scenario, resolved_of(plan))

    def dump(self, scenario: Scenario) -> dict[str, object]:
        from ...engine.mtg.dump import scenario_to_data

        return scenario_to_data(scenario)

    def generate(self, family: str, size: int, seed: int) -> dict[str, object]:
        return generator.generate(family, size, seed)


def turn_refused(scenario: Scenario) -> Iterator[Problem]:
    """What `payplan turn` does not plan in an `mtg/1` file (`planner.turn.turn_of`'s hook),
    in this order: a `play` or `plays` it gives, then the keys the turn's own payments do not
    build (`planner.mtg.moves`: they cast face up): morph. Each of these casts is planned
    alone by `payplan plan`. (`planner.mtg.moves` refuses the rest, for `plays` too.)"""
    for key, given in (("play", scenario.play is not None), ("plays", bool(scenario.plays))):
        if given:
            yield Problem((key,), NOT_A_TURN + "`" + key + "`")
    for card_id, card in scenario.cards.items():
        if card.morph is not None:
            yield Problem(("cards", card_id, "morph"),
                          "morph is not supported by `payplan turn` (plan each cast face down "
                          "and each turn_face_up with `payplan plan`)")


RULESET: Ruleset[Scenario, Plan] = Mtg()

__all__ = ["Mtg", "RULESET", "turn_refused"]
