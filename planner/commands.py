"""The commands that answer a scenario, for every ruleset: `plan`, `hand`, `orders`, `play`,
`turn`, `check`.

The command line, `serve` and `batch` all answer through `answer(command, data, config)`: the
ruleset of the data is found by its `format` (`planner.rulesets`), and the command runs on it.
Each command answers with its type of `planner.answers` (its JSON, text and exit code are the
same for every ruleset's answer of that type).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from ..engine.problems import Problem, ScenarioError
from . import rulesets
from .answers import Answer, Plan
from .config import DEFAULT_CONFIG, SolverConfig
from .rulesets import Ruleset


@dataclass(frozen=True, slots=True)
class Command:
    """One command: its name, a line of help, and what it does with a ruleset, the file's data
    and the solver settings."""

    name: str
    help: str
    run: Callable[[Ruleset[Any, Plan], Mapping[str, object], SolverConfig], Answer]


def _plan(ruleset: Ruleset[Any, Plan], data: Mapping[str, object], config: SolverConfig) -> Answer:
    return ruleset.plan(ruleset.load(data, require_play=True), config)


def _hand(ruleset: Ruleset[Any, Plan], data: Mapping[str, object], config: SolverConfig) -> Answer:
    return ruleset.hand(ruleset.load(data), config)


def _orders(ruleset: Ruleset[Any, Plan], data: Mapping[str, object], config: SolverConfig) -> Answer:
    return ruleset.orders(ruleset.load(data, require_play=True), config)


def _play(ruleset: Ruleset[Any, Plan], data: Mapping[str, object], config: SolverConfig) -> Answer:
    return ruleset.play(data, config)


def _turn(ruleset: Ruleset[Any, Plan], data: Mapping[str, object], config: SolverConfig) -> Answer:
    return ruleset.turn(ruleset.load(data), config)


def _check(ruleset: Ruleset[Any, Plan], data: Mapping[str, object], config: SolverConfig) -> Answer:
    return ruleset.check(data, config)


COMMANDS: dict[str, Command] = {c.name: c for c in (
    Command("plan", "the cheapest plan for the file's play", _plan),
    Command("hand", "plan every card in hand and every card playable from the trash or "
                    "graveyard, and every ability", _hand),
    Command("orders", "each distinct total the orders of the discounts reach", _orders),
    Command("play", "plan and apply the play (or `plays`), print the state after", _play),
    Command("turn", "the best plays to make this turn, in order, paid together", _turn),
    Command("check", "check the file's `payment` for its play: legal, its score, the gap to the "
                     "best plan", _check),
)}


def answer(command: str, data: object, config: SolverConfig = DEFAULT_CONFIG) -> Answer:
    """The answer of `command` on a file's parsed data, whatever its ruleset; a `ScenarioError`
    (every problem at its path) for data that is not a scenario of a registered ruleset."""
    ruleset = rulesets.for_data(data)
    if not isinstance(data, Mapping):
        ruleset.load(data)  # the loader says what a file must hold
        raise ScenarioError([Problem((), "expected a mapping")])  # not reached: it raised
    return COMMANDS[command].run(ruleset, data, config)


__all__ = ["COMMANDS", "Command", "answer"]
