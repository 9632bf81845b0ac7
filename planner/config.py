"""Solver settings, in one place, explicit and reproducible."""

from __future__ import annotations

import math
from dataclasses import dataclass

INT32_MAX = 2**31 - 1  # CP-SAT's `num_workers` and `random_seed` are 32-bit


class SolverConfigError(ValueError):
    """A solver setting CP-SAT can't take (the message names the setting and the value)."""


@dataclass(frozen=True, slots=True)
class SolverConfig:
    """CP-SAT settings. One worker and a fixed seed make every answer reproducible; a time
    limit that stops the search with a payment in hand gives a plan marked `optimal: false`.

    `workers`: 0 lets CP-SAT choose, else that many search workers. `time_limit`: seconds for
    the whole search, more than 0 (`inf`: none), the rule `--time-limit` applies too (which
    also caps it at a day). `seed`: CP-SAT's random seed. Anything else raises
    `SolverConfigError`, so a bad setting never reaches the model as an answer."""

    workers: int = 1
    time_limit: float = 10.0
    seed: int = 0
    fast_path: bool = True

    def __post_init__(self) -> None:
        if not _whole(self.workers) or not 0 <= self.workers <= INT32_MAX:
            raise SolverConfigError(f"workers: expected a whole number from 0 to {INT32_MAX}, "
                                    f"got {self.workers!r}")
        if (isinstance(self.time_limit, bool) or not isinstance(self.time_limit, (int, float))
                or math.isnan(self.time_limit) or self.time_limit <= 0):
            raise SolverConfigError(f"time_limit: expected seconds more than 0 (inf: no limit), "
                                    f"got {self.time_limit!r}")
        if not _whole(self.seed) or not -INT32_MAX - 1 <= self.seed <= INT32_MAX:
            raise SolverConfigError(f"seed: expected a whole number from {-INT32_MAX - 1} to "
                                    f"{INT32_MAX}, got {self.seed!r}")


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


DEFAULT_CONFIG = SolverConfig()

REQUEST_MARGIN = 10.0
"""Seconds past the time limit a `serve` request gets by default before its worker is stopped:
the documented margin (CP-SAT's least 0.05 s, pricing the options found and building the model,
about 1 s at 15,000 variables, OR-Tools' first import 0.6 s), reading the request and sending
the answer, with room to spare on a loaded machine."""


def request_timeout(config: SolverConfig) -> float:
    """`serve`'s default `--request-timeout`: the time limit plus `REQUEST_MARGIN`, so that a
    plan the time limit stops is answered (`optimal: false`), not stopped as a timeout."""
    return config.time_limit + REQUEST_MARGIN
