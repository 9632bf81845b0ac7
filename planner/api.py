"""The Python API, for every ruleset: read a file, plan its play, plan a hand, count discount
orders, check a payment the player chose, apply a plan. `payplan` (the package) exports these.

Each function finds the ruleset of its input through the registry (`planner.rulesets`): a file
by its `format`, a scenario by the ruleset whose loader made it. Answers are the types of
`planner.answers` (`Plan`, `Orders`, ...), the same for every ruleset.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..engine.reading import Limits, parse_text, plain_data, read_data
from . import rulesets
from .answers import Answer, Check, Orders, Plan
from .config import DEFAULT_CONFIG, SolverConfig


def load_data(data: object) -> Any:
    """The scenario of data (a dict as YAML or JSON reads it), in its format's ruleset. Data
    built in Python may hold any mapping, any sequence as a list (a tuple), any integral number
    as an int (numpy's integers): `engine.reading.plain_data`."""
    return _load(plain_data(data))


def load_file(path: str | Path, limits: Limits | None = None) -> Any:
    """Read a scenario file of any registered format: JSON if its name ends in `.json`, else
    YAML (which also reads JSON; YAML 1.2's values, as the command line and `serve` read them).
    A `ScenarioError` lists every problem, each at its path."""
    return _load(read_data(path, limits))


def load_text(text: str, name: str = "<input>", limits: Limits | None = None) -> Any:
    """Read a scenario from YAML or JSON text, as `load_file` reads a file; `name` is used in
    syntax error messages (a name ending in `.json` is read as JSON)."""
    return _load(parse_text(text, name, as_json=name.lower().endswith(".json"), limits=limits))


def _load(data: object) -> Any:
    """The scenario of parsed data (what the parsers give), in its format's ruleset."""
    return rulesets.for_data(data).load(data)


def plan(scenario: Any, config: SolverConfig = DEFAULT_CONFIG) -> Plan:
    """The cheapest plan for the scenario's play."""
    return rulesets.of(scenario).plan(scenario, config)


def plan_hand(scenario: Any, config: SolverConfig = DEFAULT_CONFIG) -> list[Plan]:
    """Every play that could be made now (cards, and abilities), planned; playable first."""
    return list(rulesets.of(scenario).hand(scenario, config).plans)


def orders(scenario: Any, config: SolverConfig = DEFAULT_CONFIG) -> Orders:
    """Each distinct total the orders of the play's discounts reach, with how many orders."""
    return rulesets.of(scenario).orders(scenario, config)


def check_payment(scenario: Any, payment: object, config: SolverConfig = DEFAULT_CONFIG,
                  **choices: object) -> Check:
    """Check a payment the player chose for the scenario's play (what `payplan check` answers):
    `payment` in the shape the plan's JSON gives it (a mapping, or the ruleset's own payment
    value, such as `Payment` or `Payment`), and the choices it names as keyword arguments,
    also in the plan's shape (payplan/1: `base`, `paid_optional`, `paid`, `discount_order`;
    mtg/1: `cast`, `x`, `paid`, `announced`); a choice left out is the one `plan` would make for
    that payment. A payment of the wrong shape raises `ScenarioError`; an illegal one is an
    answer (`legal` false, its `problems`)."""
    ruleset = rulesets.of(scenario)
    to_json = getattr(payment, "to_json", None)
    data = plain_data({"payment": to_json() if callable(to_json) else payment, **choices})
    assert isinstance(data, dict)
    return ruleset.check(data, config, scenario)

def plan_turn(scenario: Any, config: SolverConfig = DEFAULT_CONFIG) -> Answer:
    """The best turn (`docs/turns.md`): the scenario's `turn` (default: every
    candidate, each worth 1), the plays to make in order, paid together (`planner.turn`)."""
    return rulesets.of(scenario).turn(scenario, config)


def apply_play(scenario: Any, plan: Plan) -> Any:
    """The scenario after `plan` (what `plan(scenario)` returned, status ok) is paid and
    resolved: its `state` is the state after the play, and it has no play. payplan/1 raises
    `PlanRefused` for a payment that doesn't fit the scenario."""
    return rulesets.of(scenario).apply_play(scenario, plan)


__all__ = ["apply_play", "check_payment", "load_data", "load_file", "load_text", "orders", "plan",
           "plan_hand", "plan_turn"]
