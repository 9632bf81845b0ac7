"""An independent reference for the `mtg/1` ruleset, shipped so that `payplan bench --suite mtg`
can check its answers with it: a brute force written from the format's documentation
(docs/mtg-format.md) and the comprehensive rules, sharing no code with payplan's engine or
planner (the planner is reached only through its command line, `plan_json`: the planner's own
`payplan.planner.cli.main`, the commands without the benchmark ones, so that the reference and
the `bench` command that runs it never import each other).

- `brute.solve(data)`: the optimum of one cast by exhaustion (`data` is the scenario's raw dict),
  the search itself; the modules it reads, each one concept, lower ones never importing higher:
  `objects` (what a scenario holds, filters, targets), `knobs` (the wrong readings a test may
  switch on), `grants` (601.2f's cost changers), `counted` (mana counted from the board),
  `counters` (counters removed as a cost, loyalty), `effects` (mana effects), `reflect` (mana
  another permanent could produce), `untap_mill` (untap costs, milled mana), `activation` (one
  mana ability's activation and the pool, 601.2g-h), `mana_abilities` (a card's abilities read
  into activations), `spells` (an ability or a face-down card as what is cast), `board` (what
  a payment may use), `pricing` (every total cost the cast can have, 601.2b-f).
- `compare.check(data)`: one cast through both sides.
- `mana`: the reference's own reading of mana symbols.
- `payment.check_payment`: a plan's payment checked against the rules.

The generator and the campaign are test code: `tests/mtg_reference/`.
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any


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
