"""The planner against the brute force on generated mtg/1 casts.

    python -m tests.mtg_reference.campaign --casts 10000 [--seed 0] [--out DIR]

Each cast is planned twice, as `payplan plan --json` does (fast path on) and with the fast path
off (the CP-SAT model alone); each answer is compared with the brute force (status, score, total,
X) and its payment checked by the reference (legal, pays the total, its score recomputed). It
prints the casts checked, the disagreements (each saved as a YAML scenario in DIR, with both
answers in its header, for `payplan plan FILE --json` to replay) by cause, and the wall time. A
cause is the reading of the brute force under which the planner's answers agree
(`tests.mtg_reference.explain`): a filter land paying its own cost, issue 20's classes 12 and 13;
else "unexplained".
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

import yaml

from payplan.benchmarks.mtg_reference.compare import check

from . import PLANNERS, explain, mtg_supported
from .strategies import casts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--casts", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("mtg-campaign-disagreements"))
    args = parser.parse_args(argv)
    if not mtg_supported():
        print("payplan does not read format: mtg/1 yet: nothing to compare", file=sys.stderr)
        return 2
    start = time.perf_counter()
    statuses: Counter[str] = Counter()
    disagreements = 0
    explained: Counter[str] = Counter()
    for seed, data in casts(args.seed, args.casts):
        verdict = check(data, PLANNERS)
        statuses[verdict.reference.status] += 1
        if verdict.problems:
            disagreements += 1
            why = explain(data, verdict)
            explained[why] += 1
            args.out.mkdir(parents=True, exist_ok=True)
            header = [f"# campaign cast seed {seed}: the planner and the brute force disagree"]
            header += [f"#   {p}" for p in verdict.problems]
            header.append(f"# reference: {verdict.reference.as_dict()}")
            header.append(f"# explained by: {why}")
            (args.out / f"cast-{seed}.yaml").write_text(
                "\n".join(header) + "\n" + yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
            print(f"cast {seed}: " + "; ".join(verdict.problems) + f" [{why}]", flush=True)
    wall = time.perf_counter() - start
    print(f"casts checked: {args.casts} (reference: {dict(sorted(statuses.items()))})")
    print(f"disagreements: {disagreements}" + (f" (scenarios in {args.out})" if disagreements else ""))
    for why, n in sorted(explained.items()):
        print(f"  {n}: {why}")
    print(f"wall time: {wall:.1f} s")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
