"""What test files of both games share: where the repository and its examples are, an example
read by the start of its name, a payplan/1 scenario written inline, a command's JSON answer (in
this process, or from `payplan` run as a process on a file), and parameters some of which are in
the slow lane. mtg/1's card library and scenario builder are in tests/mtg_cases.py."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any, Iterable

import pytest
import yaml

from payplan.engine.riftbound.loader import load_file, load_text
from payplan.engine.riftbound.scenario import Scenario
from payplan.planner.commands import answer
from payplan.planner.config import DEFAULT_CONFIG, SolverConfig

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
MTG_EXAMPLES = EXAMPLES / "mtg"
# The CLI of the environment the tests run in, never a path of one machine.
PAYPLAN_CLI = (sys.executable, "-m", "payplan.cli")


def example_path(start: str, folder: Path = EXAMPLES) -> Path:
    """The one example of `folder` whose file name starts with `start`."""
    (path,) = [p for p in sorted(folder.glob("*.yaml")) if p.name.startswith(start)]
    return path


def example_data(start: str, folder: Path = EXAMPLES) -> Any:
    """The raw data of the example of `folder` whose file name starts with `start`."""
    return yaml.safe_load(example_path(start, folder).read_text(encoding="utf-8"))


def example(start: str) -> Scenario:
    """The payplan/1 example of examples/ whose file name starts with `start`, loaded."""
    return load_file(example_path(start))


def payplan_text(text: str) -> Scenario:
    """A payplan/1 scenario written inline (indented as the test's source is; no `format` line)."""
    return load_text("format: payplan/1\n" + textwrap.dedent(text))


def answer_json(command: str, data: dict[str, Any],
                config: SolverConfig = DEFAULT_CONFIG) -> dict[str, Any]:
    """The JSON answer of `command` on a file's data, whatever its ruleset, in this process."""
    out = answer(command, data, config).to_json()
    assert isinstance(out, dict)
    return out


def payplan_cli(*args: str, stdin: str | None = None,
                cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`python -m payplan.cli ARGS` as a process (stdin given as text), stopped after 120 s."""
    return subprocess.run([*PAYPLAN_CLI, *args], input=stdin, capture_output=True, text=True,
                          timeout=120, cwd=cwd)


def command_on_file(command: str, data: dict[str, Any],
                    tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """`python -m payplan COMMAND FILE --json` as a process, FILE holding `data` as YAML."""
    path = tmp_path / "scenario.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "payplan", command, str(path), "--json"],
                          capture_output=True, text=True, check=False)


def paths_with_slow(paths: Iterable[Path], slow: set[str]) -> list[Any]:
    """`paths` as parameters named by their file names, those named in `slow` in the slow lane."""
    return [pytest.param(p, id=p.name, marks=[pytest.mark.slow] if p.name in slow else [])
            for p in paths]
