"""payplan: the exact total cost of a card play and the cheapest way to pay it, for every
registered ruleset (`payplan/1`, a Riftbound-style game; `mtg/1`, seed 003's game).

The public API, imported lazily so that `import payplan` stays cheap (OR-Tools is loaded only when
a plan needs the solver):

    load_file(path) -> scenario            read a file of any registered format (JSON or YAML)
    load_text(text) -> scenario            the same from a string
    plan(scenario) -> Plan                 the cheapest plan for the scenario's play
    plan_hand(scenario) -> list[Plan]      every play you could make now, planned
    plan_turn(scenario) -> TurnPlan        the best plays this turn, in order, paid together
    orders(scenario) -> Orders             each total the discount orders reach, with counts
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
if not (_HERE / "engine").is_dir() and (_HERE.parent / "engine" / "total_cost.py").is_file():
    __path__.append(str(_HERE.parent))

# name -> (module, attribute)
_EXPORTS: dict[str, tuple[str, str]] = {
    "load_file": ("payplan.planner.api", "load_file"),
    "load_text": ("payplan.planner.api", "load_text"),
    "load_data": ("payplan.planner.api", "load_data"),
    "ScenarioError": ("payplan.engine.problems", "ScenarioError"),
    "Problem": ("payplan.engine.problems", "Problem"),
    "Scenario": ("payplan.engine.scenario", "Scenario"),
    "Play": ("payplan.engine.scenario", "Play"),
    "Objective": ("payplan.engine.scenario", "Objective"),
    "State": ("payplan.engine.state", "State"),
    "Card": ("payplan.engine.cards", "Card"),
    "Cost": ("payplan.engine.cost", "Cost"),
    "plan": ("payplan.planner.api", "plan"),
    "Plan": ("payplan.planner.answers", "Plan"),
    "Orders": ("payplan.planner.answers", "Orders"),
    "Hand": ("payplan.planner.answers", "Hand"),
    "PlayResult": ("payplan.planner.answers", "PlayResult"),
    "MtgScenario": ("payplan.engine.mtg.cards", "MtgScenario"),
    "register": ("payplan.planner.rulesets", "register"),
    "Ruleset": ("payplan.planner.rulesets", "Ruleset"),
    "Payment": ("payplan.engine.payment", "Payment"),
    "SolverConfig": ("payplan.planner.config", "SolverConfig"),
    "SolverConfigError": ("payplan.planner.config", "SolverConfigError"),
    "plan_hand": ("payplan.planner.api", "plan_hand"),
    "plan_turn": ("payplan.planner.api", "plan_turn"),
    "TurnPlan": ("payplan.planner.turn", "TurnPlan"),
    "orders": ("payplan.planner.api", "orders"),
    "apply_play": ("payplan.planner.api", "apply_play"),
    "PlanRefused": ("payplan.engine.chain", "PlanRefused"),
}

__all__ = ["Card", "Cost", "Hand", "MtgScenario", "Objective", "Orders", "Payment", "Plan",
           "PlanRefused", "Play", "PlayResult", "Problem", "Ruleset", "Scenario", "ScenarioError",
           "SolverConfig", "SolverConfigError", "State", "TurnPlan", "apply_play", "load_data",
           "load_file", "load_text", "orders", "plan", "plan_hand", "plan_turn", "register",
           "__version__"]

if TYPE_CHECKING:
    from .engine.cards import Card
    from .engine.chain import PlanRefused
    from .engine.cost import Cost
    from .engine.mtg.cards import MtgScenario
    from .engine.payment import Payment
    from .engine.problems import Problem, ScenarioError
    from .engine.scenario import Objective, Play, Scenario
    from .engine.state import State
    from .planner.answers import Hand, Orders, Plan, PlayResult
    from .planner.api import (apply_play, load_data, load_file, load_text, orders, plan, plan_hand,
                              plan_turn)
    from .planner.turn import TurnPlan
    from .planner.config import SolverConfig, SolverConfigError
    from .planner.rulesets import Ruleset, register


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
