"""The turn brute force against the planner on many generated turns (issue 23, payplan/1).

    python -m tests.reference.turn_campaign N [--seed 0] [--show 3] [--progress 500] [--minimal]
        [--out DIR]

Draws N turns with `turn_strategies.turn_data` (seeded: a run is repeatable), asks `payplan
turn --json` (the command table's answer) and checks it against
`payplan.benchmarks.riftbound.reference.turn.compare`: value, objective and size against the brute
force's, and the planner's plays replayed on the reference (legal, totals reached, payments
legal and scored as claimed, the state after). Prints the turns checked (by how many plays the
best turn makes), the disagreements (the first few turns as YAML) and the wall time. Runs from
the repository root; exit 1 when there is a disagreement. `--minimal`: the brute force pays
each play only in the ways no rune's use can be cut in (exact by the argument beside
`turn.payments`, itself tested against the exhaustive mode in tests/test_turn_reference.py).
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed

from payplan.benchmarks.riftbound.reference.pricing import Unsupported
from payplan.benchmarks.riftbound.reference.turn import best_turn, compare

from .turn_strategies import turn_data


def run(turns: int, seed: int, progress: int = 0, minimal: bool = False, out: Path | None = None
        ) -> tuple[int, list[tuple[dict[str, Any], list[str]]], collections.Counter[str]]:
    found: list[tuple[dict[str, Any], list[str]]] = []
    outcomes: collections.Counter[str] = collections.Counter()
    checked = 0

    @hypothesis_seed(seed)
    @settings(max_examples=turns, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(turn_data())
    def one(data: dict[str, Any]) -> None:
        nonlocal checked
        try:
            expected = best_turn(data, minimal)
            problems = compare(data, expected)
            value = expected[0]
        except Unsupported:
            outcomes["unsupported"] += 1
            return
        checked += 1
        outcomes[f"value {value}" if value < 4 else "value 4+"] += 1
        if problems:
            found.append((data, problems))
            if out is not None:  # each as it is found: a long run shows them before its end
                out.mkdir(parents=True, exist_ok=True)
                text = "".join(f"# {p}\n" for p in problems)
                (out / f"turn-{checked}.yaml").write_text(
                    text + yaml.safe_dump(data, sort_keys=False, default_flow_style=None))
                print(f"turn {checked}: {problems[0]}", flush=True)
        if progress and checked % progress == 0:
            print(f"... {checked} checked, {len(found)} disagreements, "
                  f"{time.perf_counter() - start:.0f} s", flush=True)

    start = time.perf_counter()
    one()
    return checked, found, outcomes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("turns", type=int, nargs="?", default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--show", type=int, default=3)
    parser.add_argument("--progress", type=int, default=0,
                        help="print a line every this many turns checked")
    parser.add_argument("--out", type=Path, default=None,
                        help="write each disagreement's turn here as it is found (turn-K.yaml)")
    parser.add_argument("--minimal", action="store_true",
                        help="the brute force over minimal payments only (exact by the argument "
                             "in turn.payments; many times faster)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    checked, found, outcomes = run(args.turns, args.seed, args.progress, args.minimal, args.out)
    wall = time.perf_counter() - start
    kinds = collections.Counter(p.split(":")[0] for _, ps in found for p in ps)
    print(f"turns checked: {checked} ({dict(sorted(outcomes.items()))})")
    print(f"disagreements: {len(found)} {dict(kinds)}")
    print(f"wall time: {wall:.1f} s")
    for data, problems in found[: args.show]:
        print("---")
        for p in problems:
            print(f"# {p}")
        print(yaml.safe_dump(data, sort_keys=False, default_flow_style=None).rstrip())
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
