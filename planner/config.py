"""Solver settings, in one place, explicit and reproducible."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SolverConfig:
    """CP-SAT settings. One worker and a fixed seed make every answer reproducible; a time
    limit that stops the search with a payment in hand gives a plan marked `optimal: false`."""

    workers: int = 1
    time_limit: float = 10.0
    seed: int = 0
    fast_path: bool = True


DEFAULT_CONFIG = SolverConfig()
