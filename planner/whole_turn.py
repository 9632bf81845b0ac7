"""The whole-turn models' shared part (`planner/riftbound/whole_turn.py`,
`planner/mtg/whole_turn.py`): solving a model of which plays a turn makes within a budget of
time that its building counts in. A model only picks the search's first incumbent
(`planner/turn.py`'s `_aimed`), so a model that runs out of time says nothing and the turn is
searched without one."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ortools.sat.python import cp_model
else:
    from .kernel import cp_model

CHECK_EVERY = 256  # candidates between two readings of the clock while a model is built


def too_late(i: int, until: float) -> bool:
    """Whether a model's building, at its `i`th candidate, is past `until` (the clock read
    every `CHECK_EVERY` candidates)."""
    return i % CHECK_EVERY == CHECK_EVERY - 1 and time.monotonic() > until


def solve(model: cp_model.CpModel, plays: list[cp_model.IntVar], indices: list[int],
          until: float) -> list[int] | None:
    """The indices whose plays the model's best solution found by `until` makes (one
    worker), None when it found none."""
    left = until - time.monotonic()
    if left <= 0:
        return None
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = left
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return [i for i, play in zip(indices, plays) if solver.value(play)]


__all__ = ["solve", "too_late"]
