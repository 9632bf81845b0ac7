"""payplan: the exact total cost of a card play and the cheapest way to pay it, for every
registered ruleset: a Riftbound-style game (`payplan/1`) and a Magic-style game (`mtg/1`).

The public API, imported lazily so that `import payplan` stays cheap (OR-Tools is loaded only when
a plan needs the solver):

    load_file(path) -> scenario            read a file of any registered format (JSON or YAML)
    load_text(text) -> scenario            the same from a string
    plan(scenario) -> Plan                 the cheapest plan for the scenario's play
    plan_hand(scenario) -> list[Plan]      every play you could make now, planned
    plan_turn(scenario) -> TurnPlan        the best plays this turn, in order, paid together
    orders(scenario) -> Orders             each total the discount orders reach, with counts
    check_payment(scenario, payment) -> Check  is a payment the player chose legal, and its gap
    apply_play(scenario, plan) -> scenario the scenario after an ok plan is paid and resolved

The packages: `payplan.engine` (the rules), `payplan.planner` (the optimiser, the commands and
the ruleset registry), `payplan.benchmarks` (baselines, the references, the suite).
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

__version__ = "0.2.0"

# The layout. The installed package holds its subpackages inside it (`payplan/engine/`, ...); in
# a checkout they are the repository's own top-level folders `engine/`, `planner/` and
# `benchmarks/`, beside this folder, which holds only the public API. Run from the repository's
# root (where Python finds this folder first, before any installed copy), the root is added to
# the package's search path, so `payplan.engine` is the folder `engine/` there: every import
# name is then found where it is, from any folder, with or without an install.
_HERE = Path(__file__).resolve().parent
if not (_HERE / "engine").is_dir() and (_HERE.parent / "engine" / "discounts.py").is_file():
    __path__.append(str(_HERE.parent))

# name -> (module, attribute)
_EXPORTS: dict[str, tuple[str, str]] = {
    "load_file": ("payplan.planner.api", "load_file"),
    "load_text": ("payplan.planner.api", "load_text"),
    "load_data": ("payplan.planner.api", "load_data"),
    "ScenarioError": ("payplan.engine.problems", "ScenarioError"),
    "Problem": ("payplan.engine.problems", "Problem"),
    "Scenario": ("payplan.engine.riftbound.scenario", "Scenario"),
    "Play": ("payplan.engine.riftbound.scenario", "Play"),
    "Objective": ("payplan.engine.riftbound.scenario", "Objective"),
    "State": ("payplan.engine.riftbound.state", "State"),
    "Card": ("payplan.engine.riftbound.cards", "Card"),
    "Cost": ("payplan.engine.riftbound.cost", "Cost"),
    "plan": ("payplan.planner.api", "plan"),
    "Plan": ("payplan.planner.answers", "Plan"),
    "Orders": ("payplan.planner.answers", "Orders"),
    "Hand": ("payplan.planner.answers", "Hand"),
    "PlayResult": ("payplan.planner.answers", "PlayResult"),
    "MtgScenario": ("payplan.engine.mtg.cards", "Scenario"),
    "register": ("payplan.planner.rulesets", "register"),
    "Ruleset": ("payplan.planner.rulesets", "Ruleset"),
    "Payment": ("payplan.engine.riftbound.payment", "Payment"),
    "SolverConfig": ("payplan.planner.config", "SolverConfig"),
    "SolverConfigError": ("payplan.planner.config", "SolverConfigError"),
    "plan_hand": ("payplan.planner.api", "plan_hand"),
    "plan_turn": ("payplan.planner.api", "plan_turn"),
    "TurnPlan": ("payplan.planner.turn", "TurnPlan"),
    "orders": ("payplan.planner.api", "orders"),
    "apply_play": ("payplan.planner.api", "apply_play"),
    "check_payment": ("payplan.planner.api", "check_payment"),
    "Check": ("payplan.planner.answers", "Check"),
    "PlanRefused": ("payplan.engine.riftbound.chain", "PlanRefused"),
}

__all__ = ["Card", "Check", "Cost", "Hand", "MtgScenario", "Objective", "Orders", "Payment", "Plan",
           "PlanRefused", "Play", "PlayResult", "Problem", "Ruleset", "Scenario", "ScenarioError",
           "SolverConfig", "SolverConfigError", "State", "TurnPlan", "apply_play",
           "check_payment", "load_data", "load_file", "load_text", "orders", "plan", "plan_hand",
           "plan_turn", "register",
           "__version__"]

if TYPE_CHECKING:
    from .engine.mtg.cards import Scenario as MtgScenario
    from .engine.problems import Problem, ScenarioError
    from .engine.riftbound.cards import Card
    from .engine.riftbound.chain import PlanRefused
    from .engine.riftbound.cost import Cost
    from .engine.riftbound.payment import Payment
    from .engine.riftbound.scenario import Objective, Play, Scenario
    from .engine.riftbound.state import State
    from .planner.answers import Check, Hand, Orders, Plan, PlayResult
    from .planner.api import (
        apply_play,
        check_payment,
        load_data,
        load_file,
        load_text,
        orders,
        plan,
        plan_hand,
        plan_turn,
    )
    from .planner.config import SolverConfig, SolverConfigError
    from .planner.rulesets import Ruleset, register
    from .planner.turn import TurnPlan


def __getattr__(name: str) -> Any:
    try:
        module, attribute = _EXPORTS[name]
    except KeyError:
        raise AttributeError(f"module 'payplan' has no attribute {name!r}") from None
    value = getattr(import_module(module), attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
