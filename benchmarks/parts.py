"""Each game's benchmark parts, found through the ruleset registry.

A ruleset names the module of its benchmark parts by import path (`Ruleset.bench`); the suites
of `payplan bench` ask this module for them and never name a game or a format themselves. A
game's bench module holds:

- `measure(method, data, repeats, config, budget)` and `shape(data)`: one method on one case,
  and the case's shape (what the brute force's size limits read), for the per-family suites;
- `SUITES`: its suites of `payplan bench --suite NAME` (`benchmarks.suite.SuiteSpec`), and `ALL`:
  its runs in the `all` suite;
- `PLOTS`: family -> (the x axis's label, whether it is drawn on a log scale), the families
  whose time is plotted against size;
- `TYPICAL_PLAN`: (family, size) of its typical single plan, what `--suite turn` compares a
  turn's time with;
- `CLIFFS`: the import path of its `cliffs` knobs (`benchmarks.cliffs` says what it holds), or
  None;
- `PLACE`: where its suites, plots and knobs stand among the games' (the first game first).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from ..planner import rulesets
from ..planner.rulesets import Ruleset


def of_ruleset(ruleset: Ruleset) -> ModuleType | None:
    """The benchmark parts of `ruleset`, or None when it has none."""
    return importlib.import_module(ruleset.bench) if ruleset.bench is not None else None


def of_data(data: dict[str, Any]) -> ModuleType:
    """The benchmark parts of a case's ruleset, found by the case's `format`."""
    ruleset = rulesets.for_data(data)
    found = of_ruleset(ruleset)
    if found is None:
        raise ValueError(f"the {ruleset.format} ruleset has no benchmark parts")
    return found


def of_format(format_: str) -> ModuleType:
    """The benchmark parts of the ruleset registered under `format_`."""
    ruleset = rulesets.find(format_)
    found = of_ruleset(ruleset) if ruleset is not None else None
    if found is None:
        raise ValueError(f"no benchmark parts for the format {format_!r}")
    return found


def every() -> list[ModuleType]:
    """The benchmark parts of every registered ruleset that has some, in `PLACE` order."""
    found: list[ModuleType] = []
    for fmt in rulesets.formats():
        ruleset = rulesets.find(fmt)
        module = of_ruleset(ruleset) if ruleset is not None else None
        if module is not None and module not in found:
            found.append(module)
    return sorted(found, key=lambda module: getattr(module, "PLACE", len(found)))


def cliffs() -> list[ModuleType]:
    """The `cliffs` knobs of every game that has some, in `PLACE` order."""
    return [importlib.import_module(module.CLIFFS) for module in every()
            if getattr(module, "CLIFFS", None)]


__all__ = ["cliffs", "every", "of_data", "of_format", "of_ruleset"]
