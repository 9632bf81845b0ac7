"""Plays drawn fresh for this test run, shared by the tests that read them.

`plays(family)` draws `PLAYS` scenarios of a family (`classic`: `strategies.scenario_data`,
`real`: `strategies.real_scenario_data`) with Hypothesis, randomized (no seed is fixed, so each
run draws others; `pytest --hypothesis-seed N` repeats one), once per test process:
`tests/test_reference.py` checks the engine against the reference on them and
`tests/test_reference_keys.py` checks that they meet every key of the loader. `turns()` draws
turns the same way (`turn_strategies.turn_data`), whose keys the same test meets.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis.strategies import SearchStrategy

from .strategies import real_scenario_data, scenario_data
from .turn_strategies import turn_data

PLAYS = 700
TURNS = 150
FAMILIES = ("classic", "real")


def _draw(strategy: SearchStrategy[dict[str, Any]], count: int, batch: int
          ) -> tuple[dict[str, Any], ...]:
    """`count` examples of `strategy`. A batch past the first is drawn from a seed of its own:
    under CI Hypothesis derandomizes, and every batch would otherwise be the first again."""
    out: list[dict[str, Any]] = []

    @settings(max_examples=count, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def draw(data: dict[str, Any]) -> None:
        out.append(data)

    (seed(batch)(draw) if batch else draw)()
    return tuple(out)


@lru_cache(maxsize=None)
def _drawn(family: str, batch: int = 0) -> tuple[dict[str, Any], ...]:
    return _draw(real_scenario_data() if family == "real" else scenario_data(), PLAYS, batch)


def plays(family: str, batch: int = 0) -> tuple[dict[str, Any], ...]:
    """The plays of `family` drawn for this run (the same ones for every caller); `batch` > 0:
    another `PLAYS` of them, drawn apart."""
    assert family in FAMILIES, family
    return _drawn(family, batch)


@lru_cache(maxsize=None)
def turns(batch: int = 0) -> tuple[dict[str, Any], ...]:
    """`TURNS` turns (`turn_strategies.turn_data`) drawn for this run; `batch` > 0: others."""
    return _draw(turn_data(), TURNS, batch)
