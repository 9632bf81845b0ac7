"""The solver kernel: one CP-SAT solve of a lexicographic objective, for every ruleset's model.

A ruleset's model (`planner.model` for `payplan/1`, `planner.mtg.model` for `mtg/1`) builds its
variables and constraints and hands this module its objective as ranked terms, most important
first; this module folds them into exact weighted sums, solves them in stages, reads CP-SAT's
statuses, keeps the time limit, and imports OR-Tools only when a model is first built. Nothing
here knows a game rule.

- **Stages.** Consecutive terms share one weighted sum while it stays exact: each term's weight
  exceeds everything the terms after it in its stage can add up to (`weight = next weight *
  span`, the span being the number of values the next term can take: given by the model, or
  read from its variables' bounds), and the stage's magnitude (every |coefficient| times the
  larger |bound| of its variable, weights included, plus the offsets: what CP-SAT's overflow
  check adds up) stays at or below 2^53, where int64 arithmetic and CP-SAT's double-valued
  objective are both exact. A term that doesn't fit starts the next stage: minimise, fix that
  optimum with a constraint, minimise the next, starting from the solution in hand (hints).
  A single term past int64 can't be solved exactly and is a `ModelInvalid`.
- **Statuses.** Only INFEASIBLE in the first stage means no payment exists (`None`). UNKNOWN in
  the first stage is `SolverStopped` (the time limit, never "unpayable"), or the incumbent's
  answer where the model gave one (below); in a later stage the
  previous stage's answer stands with `optimal: false`, as does a FEASIBLE answer (stopped with a
  payment in hand). MODEL_INVALID is a bug in the model, raised as `ModelInvalid` with CP-SAT's
  validation message; INFEASIBLE after fixing an optimum found is one too.
- **An incumbent first.** A model that knows a feasible answer before the solve (a greedy
  payment it has checked) passes it as an `Incumbent`: its values are CP-SAT's hint (the search
  starts from them), and its read-back is the answer, with `optimal: false`, when the time limit
  stops the first stage before CP-SAT has a solution of its own. So a play with a known payment
  is never answered "no payment found" for lack of time.
- **Time.** One deadline, `config.time_limit` from the first solve, bounds every stage; a later
  stage that finds no time left keeps the answer in hand (`optimal: false`). `deadline` and
  `solver_config` let a plan share one time limit between its option search and CP-SAT.
"""

from __future__ import annotations

import importlib
import time
from dataclasses import dataclass, replace
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Generic, Sequence, TypeVar

from ..engine.discounts import Deadline
from .config import SolverConfig


class _OnFirstUse:
    """A module imported the first time one of its names is read: OR-Tools (0.5-0.6 s with
    numpy and pandas) loads only when a model is built, never for a fast-path plan."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._module: ModuleType | None = None

    def __getattr__(self, attr: str) -> Any:
        if self._module is None:
            self._module = importlib.import_module(self._name)
        return getattr(self._module, attr)


if TYPE_CHECKING:
    from ortools.sat.python import cp_model
else:
    cp_model = _OnFirstUse("ortools.sat.python.cp_model")

EXACT = 2**53  # a stage's magnitude at or below this is exact in int64 and in a double
INT64 = 2**63 - 1
MIN_SOLVE = 0.05  # seconds CP-SAT always gets, even when the option search used the time limit

T = TypeVar("T")


class SolverStopped(Exception):
    """The time limit stopped CP-SAT before it found a payment or proved there is none."""

    def __init__(self, time_limit: float) -> None:
        super().__init__(f"time limit: no payment found within {time_limit:g} s, and none was "
                         f"proved impossible (raise --time-limit)")
        self.time_limit = time_limit


class ModelInvalid(RuntimeError):
    """CP-SAT rejected the model: a bug in the model that built it, never an answer."""


@dataclass(frozen=True, slots=True)
class Term:
    """One term of a lexicographic objective: a linear expression and, where the model knows
    it, `span`, a bound on how many values it takes (else read from its variables' bounds)."""

    expr: cp_model.LinearExprT
    span: int | None = None


@dataclass(frozen=True, slots=True)
class Incumbent(Generic[T]):
    """A feasible answer known before the solve: `value` (what `read_back` would give for it)
    and `hint`, the values of the model's variables that make it (all of them, or the decisions
    only: CP-SAT completes a partial hint). The model vouches that the values are feasible."""

    value: T
    hint: Sequence[tuple[cp_model.IntVar, int]] = ()


@dataclass(frozen=True, slots=True)
class SolveStats:
    """What one solve did: its stages, each stage's CP-SAT status, and the time and branches."""

    stages: int
    statuses: tuple[str, ...]
    wall_time: float
    branches: int


@dataclass(frozen=True, slots=True)
class Solved(Generic[T]):
    """The read-back of the last stage solved, whether it is proved optimal, and the stats."""

    value: T
    optimal: bool
    stats: SolveStats


def deadline(config: SolverConfig) -> Deadline:
    """The instant `config.time_limit` from now: a plan's option search and CP-SAT share it."""
    return Deadline(time.monotonic() + config.time_limit)


def solver_config(config: SolverConfig, limit: Deadline | None) -> SolverConfig:
    """`config` with CP-SAT's time limit cut to what is left before `limit` (at least
    `MIN_SOLVE`: the documented margin past the time limit)."""
    if limit is None or limit.at is None:
        return config
    left = max(MIN_SOLVE, limit.at - time.monotonic())
    return replace(config, time_limit=min(config.time_limit, left))


def solve(model: cp_model.CpModel, terms: Sequence[Term], config: SolverConfig,
          read_back: Callable[[cp_model.CpSolver], T],
          hints: Sequence[cp_model.IntVar],
          incumbent: Incumbent[T] | None = None) -> Solved[T] | None:
    """Minimise `terms` lexicographically over `model` (see the module docstring): the
    read-back of the best solution, or None when the model has none (INFEASIBLE).

    `read_back(solver)` turns the solver's values into the model's answer; `hints` are the
    variables whose values start each later stage; `incumbent`, a feasible answer known before
    the solve (hinted to the first stage, and the answer if the time limit stops it first).
    Raises `SolverStopped` (only without an incumbent) and `ModelInvalid`."""
    stages = fold(terms)
    if incumbent is not None and incumbent.hint:
        model.clear_hints()  # type: ignore[no-untyped-call]
        for var, value in incumbent.hint:
            model.add_hint(var, value)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = config.workers
    solver.parameters.random_seed = config.seed
    started = time.monotonic()
    until = started + config.time_limit
    statuses: list[str] = []
    found: T | None = None
    optimal = True

    def done(value: T, proved: bool) -> Solved[T]:
        stats = SolveStats(len(stages), tuple(statuses), time.monotonic() - started,
                           int(solver.num_branches))
        return Solved(value, proved, stats)

    for k, stage in enumerate(stages):
        if k:
            if until - time.monotonic() <= 0:
                assert found is not None
                return done(found, False)  # the earlier stages' ranks stand; this one is not proved
            # Fix the optimum of the stage solved, and start the next from its solution.
            previous = stages[k - 1]
            model.add(previous == solver.value(previous))
            model.clear_hints()  # type: ignore[no-untyped-call]
            for var in hints:
                model.add_hint(var, solver.value(var))
        solver.parameters.max_time_in_seconds = max(0.0, until - time.monotonic())
        model.minimize(stage)
        status = solver.solve(model)
        statuses.append(solver.status_name(status))
        if status == cp_model.MODEL_INVALID:
            raise ModelInvalid(f"CP-SAT rejected the payment model: {_first_line(model.validate())}")
        if status == cp_model.INFEASIBLE:
            if k:  # the previous stage's optimum satisfies the fixing constraint
                raise ModelInvalid("CP-SAT found no solution after fixing an optimum it found")
            return None
        if status == cp_model.UNKNOWN:
            if found is None and incumbent is not None:
                return done(incumbent.value, False)  # stopped first: the known answer stands
            if found is None:
                raise SolverStopped(config.time_limit)
            return done(found, False)  # stopped before it found the last stage's answer again
        found = read_back(solver)
        if status != cp_model.OPTIMAL:  # FEASIBLE: stopped by the time limit with a payment
            optimal = False
            break
    assert found is not None
    return done(found, optimal)


def _first_line(text: str) -> str:
    """CP-SAT's validation message without the proto it dumps after the first line."""
    return text.splitlines()[0] if text else "(no message)"


# --- Folding terms into exact stages -------------------------------------------------------------


def fold(terms: Sequence[Term]) -> list[cp_model.LinearExpr]:
    """The ranked terms as few exact weighted sums as fit (see the module docstring)."""
    stages: list[cp_model.LinearExpr] = []
    group: list[Term] = []  # terms of the current stage, most important first
    for term in reversed(terms):
        if group and _magnitude([term, *group]) > EXACT:
            stages.append(_weighted(group))
            group = []
        if _magnitude([term]) > INT64:  # not reachable within the loaders' limits
            raise ModelInvalid(f"an objective term's bound exceeds {INT64}: it can't be solved "
                               "exactly")
        group.insert(0, term)
    stages.append(_weighted(group))
    return stages[::-1]


def _weights(group: Sequence[Term]) -> list[int]:
    weights = [1]
    for term in reversed(group[1:]):
        weights.insert(0, weights[0] * _span(term))
    return weights


def _span(term: Term) -> int:
    if term.span is not None:
        return term.span
    low, high = _bounds(term.expr)
    return high - low + 1


def _weighted(group: Sequence[Term]) -> cp_model.LinearExpr:
    return cp_model.LinearExpr.weighted_sum([t.expr for t in group], _weights(group))


def _magnitude(group: Sequence[Term]) -> int:
    """What CP-SAT's overflow check adds up for the stage: every |coefficient| times the larger
    |bound| of its variable, plus the offsets."""
    total = 0
    for weight, term in zip(_weights(group), group):
        offset, pairs = _flat(term.expr)
        total += weight * (abs(offset) + sum(
            abs(c) * max(map(abs, _ends(var))) for c, var in pairs))
    return total


def _bounds(expr: cp_model.LinearExprT) -> tuple[int, int]:
    """The least and greatest value the expression can take over its variables' domains."""
    offset, pairs = _flat(expr)
    low = high = offset
    for c, var in pairs:
        ends = [c * end for end in _ends(var)]
        low += min(ends)
        high += max(ends)
    return low, high


def _flat(expr: cp_model.LinearExprT) -> tuple[int, list[tuple[int, cp_model.IntVar]]]:
    """An expression (or a plain number) as its offset and (coefficient, variable) pairs."""
    if not isinstance(expr, cp_model.LinearExpr):
        return int(expr), []
    flat = cp_model.FlatIntExpr(expr)
    return flat.offset, list(zip(flat.coeffs, flat.vars))


def _ends(var: cp_model.IntVar) -> tuple[int, int]:
    """A variable's least and greatest value (its proto's domain does not index from the end)."""
    domain = list(var.proto.domain)
    return domain[0], domain[-1]


__all__ = ["EXACT", "Incumbent", "MIN_SOLVE", "ModelInvalid", "SolveStats", "Solved",
           "SolverStopped", "Term",
           "cp_model", "deadline", "fold", "solve", "solver_config"]
