"""The checkers share no code with what they check (issue 20): the independent references
(`benchmarks/riftbound/reference/`, `benchmarks/mtg/reference/`) and the brute force
(`benchmarks/riftbound/brute_force.py`) import nothing from `engine/` or `planner/` but the public entry
points they compare against or read scenarios with, each listed here with why.

Read from the source (every `import` and `from ... import`, at the top or inside a function,
relative ones resolved to their package), so an import added anywhere in these files is seen.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECKERS = sorted([*(ROOT / "benchmarks" / "riftbound" / "reference").glob("*.py"),
                   *(ROOT / "benchmarks" / "mtg" / "reference").glob("*.py"),
                   ROOT / "benchmarks" / "riftbound" / "brute_force.py"])

# file -> the names it may import from the engine or the planner, and why.
ALLOWED: dict[str, dict[str, str]] = {
    "benchmarks/riftbound/reference/compare.py": {
        "payplan.planner.riftbound.plan.plan": "`payplan.plan`, the answer it compares: `payplan plan`",
        "payplan.planner.riftbound.orders.discount_orders": "`payplan.orders`, the answer it compares: "
                                                  "`payplan orders`",
        "payplan.engine.riftbound.loader.scenario_from_data": "the loader, to hand the engine the scenario",
    },
    "benchmarks/riftbound/reference/turn.py": {
        "payplan.planner.commands.answer": "the command table's answer, the turn it compares: "
                                           "`payplan turn --json`",
    },
    "benchmarks/mtg/reference/__init__.py": {
        "payplan.planner.cli.main": "the command line (its planner commands, without the benchmark "
                                    "ones that run the reference), the answer it compares: "
                                    "`payplan plan --json`",
    },
    "benchmarks/mtg/reference/turn.py": {
        "payplan.planner.commands.answer": "the command table's `turn`, the answer it compares: "
                                           "`payplan turn`",
    },
    "benchmarks/riftbound/brute_force.py": {
        "payplan.engine.riftbound.dump.scenario_to_data": "the format's writer (the loader's inverse), to "
                                                "read a loaded Scenario handed to it as raw data",
    },
}
# Packages a checker may not reach (the lazy `payplan.X` names resolve into them, too).
CHECKED = ("payplan.engine", "payplan.planner")
PUBLIC = {"plan": "payplan.planner", "orders": "payplan.planner", "plan_hand": "payplan.planner",
          "load_file": "payplan.engine", "load_text": "payplan.engine",
          "apply_play": "payplan.engine"}


def _module_of(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(("payplan",) + parts)


def imported(path: Path, module: str | None = None) -> set[str]:
    """Every name `path` (the module `module`, by default its place in the repository)
    imports, as `package.module` or `package.module.name`."""
    module = module or _module_of(path)
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")[:-node.level]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            out |= {f"{source}.{alias.name}" for alias in node.names}
    return out


def reaches_checked(name: str) -> bool:
    if name.startswith(CHECKED) or name in ("payplan.engine", "payplan.planner"):
        return True
    head, _, attr = name.rpartition(".")
    return head == "payplan" and attr in PUBLIC  # `from payplan import plan` is the planner


def test_the_checkers_are_found() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in CHECKERS}
    assert {"benchmarks/riftbound/reference/pricing.py", "benchmarks/riftbound/reference/payer.py",
            "benchmarks/riftbound/reference/compare.py", "benchmarks/riftbound/brute_force.py",
            "benchmarks/mtg/reference/brute.py", "benchmarks/mtg/reference/turn.py"} <= names


@pytest.mark.parametrize("path", CHECKERS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_a_checker_imports_only_the_entry_points_it_compares_against(path: Path) -> None:
    allowed = ALLOWED.get(path.relative_to(ROOT).as_posix(), {})
    reached = {name for name in imported(path) if reaches_checked(name)}
    assert reached <= set(allowed), f"{path.name} imports {sorted(reached - set(allowed))}"


def test_the_import_reading_sees_relative_and_nested_imports(tmp_path: Path) -> None:
    """The reading itself: a relative import of the engine inside a function is found, and the
    public `payplan.plan` counts as the planner."""
    probe = tmp_path / "probe.py"
    probe.write_text("import json\n\ndef f():\n    from ....engine.discounts import outcomes\n"
                     "    from .pricing import Total\n")
    names = imported(probe, "payplan.benchmarks.riftbound.reference.probe")
    assert names == {"json", "payplan.engine.discounts.outcomes",
                     "payplan.benchmarks.riftbound.reference.pricing.Total"}
    assert {n for n in names if reaches_checked(n)} == {"payplan.engine.discounts.outcomes"}
    assert reaches_checked("payplan.plan") and not reaches_checked("payplan.benchmarks.riftbound.reference")
