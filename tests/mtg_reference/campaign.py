"""The planner against the brute force on generated mtg/1 casts.

    python -m tests.mtg_reference.campaign --casts 10000 [--seed 0] [--out DIR]

prints the casts checked, the disagreements (each saved as a YAML scenario in DIR, with both
answers in its header, for `payplan plan FILE --json` to replay) and the wall time. Each
disagreement is also re-checked against a reference that lets a filter land pay its own cost (a
reading the rules forbid): when that reading agrees with the planner, the disagreement is marked
as exactly that planner mistake.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

import yaml

from payplan.benchmarks.mtg_reference import brute

from . import mtg_supported
from payplan.benchmarks.mtg_reference.compare import Verdict, check
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
        verdict = check(data)
        statuses[verdict.reference.status] += 1
        if verdict.problems:
            disagreements += 1
            why = _explain(data)
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


SELF_PAYING = "the planner pays a filter land's cost with that land's own mana"


def _explain(data: dict[str, object]) -> str:
    brute.DIAGNOSE_SELF_PAYING_FILTERS = True
    try:
        again: Verdict = check(data)
    finally:
        brute.DIAGNOSE_SELF_PAYING_FILTERS = False
    return SELF_PAYING if not again.problems else "unexplained"


if __name__ == "__main__":
    sys.exit(main())
