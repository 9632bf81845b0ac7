"""The `mtg/1` reference's generator and campaign (the brute force itself ships as
`payplan.benchmarks.mtg_reference`, so that `payplan bench --suite mtg` can use it).

- `strategies`: a seeded generator of small mtg/1 casts covering every feature of the spec.
- `campaign`: `python -m tests.mtg_reference.campaign --casts 10000` compares the planner with
  the brute force and saves every disagreement for replay.
- This module: reading the `# expect:` block of an example.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from payplan.benchmarks.mtg_reference import plan_json, run_cli

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


_SUPPORTED: bool | None = None


def mtg_supported() -> bool:
    """False while payplan refuses `format: mtg/1` as an unknown format; the tests that compare
    the planner skip until then, and run on their own once support lands."""
    global _SUPPORTED
    if _SUPPORTED is None:
        code, _, err = run_cli(["plan", str(EXAMPLES / "02-autotap-taps-more.yaml"), "--json"])
        _SUPPORTED = not (code == 2 and "unknown format 'mtg/1'" in err)
    return _SUPPORTED


__all__ = ["EXAMPLES", "ROOT", "mtg_supported", "plan_json", "read_expect", "run_cli"]
