"""An independent reference for the `mtg/1` ruleset: a brute force written from the spec, seed 003
and the comprehensive rules, sharing no code with payplan's engine or planner.

- `brute.solve(data)`: the optimum of one cast by exhaustion (`data` is the scenario's raw dict).
- `strategies`: a seeded generator of small mtg/1 casts covering every feature of the spec.
- `campaign`: `python -m tests.mtg_reference.campaign --casts 10000` compares the planner with
  the brute force and saves every disagreement for replay.
- This module: reading the `# expect:` block of an example, and running payplan's CLI.
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLES = ROOT / "examples" / "mtg"


def read_expect(path: Path) -> dict[str, Any]:
    """The lines after `# expect:` that start with `#   `, read as YAML once `# ` is stripped."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == "# expect:")
    block = []
    for line in lines[start + 1:]:
        if not line.startswith("#   "):
            break
        block.append(line[2:])
    expect = yaml.safe_load("\n".join(block))
    if not isinstance(expect, dict):
        raise ValueError(f"{path.name}: empty expect block")
    return expect


def run_cli(args: list[str]) -> tuple[int, str, str]:
    """payplan's CLI in this process: (exit code, stdout, stderr)."""
    from payplan.planner.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(args)
        except SystemExit as exit_:      # argparse
            code = int(exit_.code or 0)
    return code, out.getvalue(), err.getvalue()


def plan_json(path: Path) -> tuple[int, dict[str, Any] | None, str]:
    code, out, err = run_cli(["plan", str(path), "--json"])
    try:
        return code, json.loads(out), err
    except json.JSONDecodeError:
        return code, None, err


_SUPPORTED: bool | None = None


def mtg_supported() -> bool:
    """False while payplan refuses `format: mtg/1` as an unknown format; the tests that compare
    the planner skip until then, and run on their own once support lands."""
    global _SUPPORTED
    if _SUPPORTED is None:
        code, _, err = run_cli(["plan", str(EXAMPLES / "02-autotap-taps-more.yaml"), "--json"])
        _SUPPORTED = not (code == 2 and "unknown format 'mtg/1'" in err)
    return _SUPPORTED
