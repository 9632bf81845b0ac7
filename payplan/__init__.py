"""payplan: the exact total cost of a card play and the cheapest way to pay it.

The public API, imported lazily so that `import payplan` stays cheap (OR-Tools is loaded only when
a plan needs the solver):

    load_file(path) -> Scenario            read a `payplan/1` file (JSON or YAML)
    load_text(text) -> Scenario            the same from a string
    plan(scenario) -> Plan                 the cheapest plan for the scenario's play
    plan_hand(scenario) -> list[Plan]      every card you could play now, planned
    orders(scenario) -> OrdersResult       each total the discount orders reach, with counts
    apply_play(scenario, applied) -> State the state after a paid play has left the Chain

The packages: `payplan.engine` (the rules), `payplan.planner` (the optimiser and the command
line), `payplan.benchmarks` (generators, baselines, the brute force and the suite).
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
    "load_file": ("payplan.engine.loader", "load_file"),
    "load_text": ("payplan.engine.loader", "load_text"),
    "ScenarioError": ("payplan.engine.loader", "ScenarioError"),
    "Scenario": ("payplan.engine.scenario", "Scenario"),
    "Play": ("payplan.engine.scenario", "Play"),
    "Objective": ("payplan.engine.scenario", "Objective"),
    "State": ("payplan.engine.state", "State"),
    "Card": ("payplan.engine.cards", "Card"),
    "Cost": ("payplan.engine.cost", "Cost"),
    "plan": ("payplan.planner.plan", "plan"),
    "Plan": ("payplan.planner.plan", "Plan"),
    "Payment": ("payplan.engine.payment", "Payment"),
    "SolverConfig": ("payplan.planner.config", "SolverConfig"),
    "SolverConfigError": ("payplan.planner.config", "SolverConfigError"),
    "plan_hand": ("payplan.planner.hand", "plan_hand"),
    "orders": ("payplan.planner.orders", "discount_orders"),
    "apply_play": ("payplan.engine.chain", "apply_payment"),
    "PlanRefused": ("payplan.engine.chain", "PlanRefused"),
}

__all__ = sorted(_EXPORTS) + ["__version__"]

if TYPE_CHECKING:
    from payplan.engine.cards import Card
    from payplan.engine.chain import PlanRefused
    from payplan.engine.chain import apply_payment as apply_play
    from payplan.engine.cost import Cost
    from payplan.engine.loader import ScenarioError, load_file, load_text
    from payplan.engine.scenario import Objective, Play, Scenario
    from payplan.engine.state import State
    from payplan.planner.config import SolverConfig, SolverConfigError
    from payplan.planner.hand import plan_hand
    from payplan.planner.orders import discount_orders as orders
    from payplan.engine.payment import Payment
    from payplan.planner.plan import Plan, plan


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
