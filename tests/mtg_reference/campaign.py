"""The planner against the brute force on generated mtg/1 casts.

    python -m tests.mtg_reference.campaign --casts 10000 [--seed 0] [--jobs 2] [--cast-limit 120]
        [--progress 500] [--out DIR] [--only SEED,...]

Each cast is planned twice, as `payplan plan --json` does (fast path on) and with the fast path
off (the CP-SAT model alone); each answer is compared with the brute force (status, score, total,
X) and its payment checked by the reference (legal, pays the total, its score recomputed). It
prints the casts checked, the disagreements (each saved as a YAML scenario in DIR, with both
answers in its header, for `payplan plan FILE --json` to replay) by cause, and the wall time. A
cause is the reading of the brute force under which the planner's answers agree
(`tests.mtg_reference.explain`): a filter land paying its own cost, issue 20's classes 12 and 13;
else "unexplained".

Cast i of seed S is drawn from `random.Random(S * 1_000_003 + i)` (its "cast seed"), whatever
`--jobs`: the same casts and the same report for any number of processes. A cast whose brute
force takes longer than `--cast-limit` seconds (it is exhaustive, and a few boards make it slow;
the planner is not limited) is *undecided*: never counted as agreeing, saved in DIR as
`undecided-SEED.yaml` and named in the report; `--only SEED,...` (with `--cast-limit 0`, no
limit) checks those casts alone.
Exit 0 when every cast was decided and agrees, 1 on a disagreement, 2 when payplan does not read
mtg/1, 3 when some cast was left undecided (and none disagrees).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import re
import signal
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any, Iterator

import yaml

from payplan.benchmarks.mtg.reference.compare import judge

from . import PLANNERS, explain, mtg_supported
from .strategies import cast_seeds, random_cast


@dataclass(frozen=True, slots=True)
class Result:
    """One cast's check: `status` the reference's, or "undecided" past the limit; on a
    disagreement the problems, the reference's whole answer and the cause."""
    seed: int
    status: str
    problems: tuple[str, ...] = ()
    reference: dict[str, Any] | None = None
    why: str = ""


class _Overtime(Exception):
    pass


def _overtime(signum: int, frame: FrameType | None) -> None:
    raise _Overtime


# The keys of this round's contracts: until a builder's branch is merged, payplan refuses them.
# A cast every planner refuses with lines that each name one of them is `refused`: never a
# disagreement, never counted as agreeing; any other refusal is a disagreement. A line names a
# key when its path holds it (`cards.g.grants[0].applies_to.all_types: ...`), or, for the keys
# that are values (`adds: sacrificed`, `per: power`, `player: enchanted`), when it says the word.
CONTRACT_KEYS = ("all_types", "restricted_pool", "x_cost", "times", "each", "additional",
                 "color_only", "attached_to", "power")
CONTRACT_WORDS = ("sacrificed", "produced", "enchanted", "power", "removed")


def _names_contract_key(line: str) -> bool:
    path = line.split(":", 1)[0]
    parts = set(re.split(r"[.\[\]]+", path))
    return bool(parts & set(CONTRACT_KEYS)) or any(re.search(rf"\b{w}\b", line) for w in CONTRACT_WORDS)


def refused_for_contract_keys(answers: dict[str, tuple[int, Any, str]]) -> bool:
    """Every planner exited 2 with no JSON, each line of its stderr naming a contract key."""
    for code, result, err in answers.values():
        lines = [line for line in err.splitlines() if line.strip()]
        if code != 2 or result is not None or not lines:
            return False
        if not all(_names_contract_key(line) for line in lines):
            return False
    return True


def check_cast(seed: int, limit: float) -> Result:
    """The cast of this cast seed checked, the brute force (and the readings that explain a
    disagreement) within `limit` seconds of wall time (0: none). The planners run first and
    whole: the limit interrupts only the reference, whose state is its own."""
    data = random_cast(random.Random(seed))
    answers = {name: planner(data) for name, planner in PLANNERS.items()}
    if refused_for_contract_keys(answers):
        return Result(seed, "refused", why="; ".join(sorted({e.strip() for _, _, e in answers.values()})))
    if limit > 0:
        signal.signal(signal.SIGALRM, _overtime)
    try:
        if limit > 0:  # inside the try: a limit that ends at once is undecided, not a crash
            signal.setitimer(signal.ITIMER_REAL, limit)
        verdict = judge(data, answers)
        if not verdict.problems:
            return Result(seed, verdict.reference.status)
        try:
            why = explain(data, verdict)
        except _Overtime:
            why = "unexplained (the readings ran past the cast limit)"
        return Result(seed, verdict.reference.status, verdict.problems,
                      verdict.reference.as_dict(), why)
    except _Overtime:
        return Result(seed, "undecided")
    finally:
        if limit > 0:
            signal.setitimer(signal.ITIMER_REAL, 0)


def _check(job: tuple[int, float]) -> Result:
    return check_cast(*job)


def results(seeds: list[int], limit: float, jobs: int) -> Iterator[Result]:
    """Each cast's result, in the order of `seeds`."""
    work = [(s, limit) for s in seeds]
    if jobs <= 1:
        yield from map(_check, work)
        return
    # spawn, not fork: each worker starts its own OR-Tools.
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(_check, work, chunksize=4)


def _save(out: Path, name: str, header: list[str], seed: int) -> None:
    out.mkdir(parents=True, exist_ok=True)
    data = random_cast(random.Random(seed))
    (out / name).write_text("\n".join(header) + "\n" + yaml.safe_dump(data, sort_keys=False),
                            encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--casts", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="processes checking casts")
    parser.add_argument("--cast-limit", type=float, default=120.0, metavar="SECONDS",
                        help="a cast's check past this is undecided (0: no limit)")
    parser.add_argument("--progress", type=int, default=0, metavar="K",
                        help="print a line every K casts")
    parser.add_argument("--only", default="", metavar="SEED,...",
                        help="check these cast seeds alone (as named in a report)")
    parser.add_argument("--out", type=Path, default=Path("mtg-campaign-disagreements"))
    args = parser.parse_args(argv)
    problems = [f"--{name.replace('_', '-')} must be at least {least}, not {value}"
                for name, least, value in (("casts", 0, args.casts), ("jobs", 1, args.jobs),
                                           ("cast_limit", 0, args.cast_limit),
                                           ("progress", 0, args.progress)) if value < least]
    try:
        only = [int(s) for s in args.only.split(",") if s.strip()]
    except ValueError:
        problems.append(f"--only: cast seeds are whole numbers separated by commas, not {args.only!r}")
    for problem in problems:
        print(f"campaign: {problem}", file=sys.stderr)
    if problems:
        return 2
    if not mtg_supported():
        print("payplan does not read format: mtg/1 yet: nothing to compare", file=sys.stderr)
        return 2
    seeds = only or cast_seeds(args.seed, args.casts)
    start = time.perf_counter()
    statuses: Counter[str] = Counter()
    explained: Counter[str] = Counter()
    disagreements = 0
    undecided: list[int] = []
    for n, result in enumerate(results(seeds, args.cast_limit, args.jobs), 1):
        statuses[result.status] += 1
        if result.status == "refused":
            print(f"cast {result.seed}: refused by payplan for a contract key ({result.why})", flush=True)
        elif result.status == "undecided":
            undecided.append(result.seed)
            _save(args.out, f"undecided-{result.seed}.yaml",
                  [f"# campaign cast seed {result.seed}: its check ran past {args.cast_limit:g} s"],
                  result.seed)
            print(f"cast {result.seed}: undecided (its check ran past {args.cast_limit:g} s)", flush=True)
        elif result.problems:
            disagreements += 1
            explained[result.why] += 1
            header = [f"# campaign cast seed {result.seed}: the planner and the brute force disagree"]
            header += [f"#   {p}" for p in result.problems]
            header.append(f"# reference: {result.reference}")
            header.append(f"# explained by: {result.why}")
            _save(args.out, f"cast-{result.seed}.yaml", header, result.seed)
            print(f"cast {result.seed}: " + "; ".join(result.problems) + f" [{result.why}]", flush=True)
        if args.progress and n % args.progress == 0:
            print(f"{n}/{len(seeds)} casts, {disagreements} disagreements, {len(undecided)} undecided, "
                  f"{time.perf_counter() - start:.0f} s", flush=True)
    wall = time.perf_counter() - start
    decided = len(seeds) - len(undecided) - statuses["refused"]
    print(f"casts checked: {decided} of {len(seeds)} (reference: {dict(sorted(statuses.items()))})")
    print(f"disagreements: {disagreements}" + (f" (scenarios in {args.out})" if disagreements else ""))
    for why, count in sorted(explained.items()):
        print(f"  {count}: {why}")
    if undecided:
        print(f"undecided: {len(undecided)} (past {args.cast_limit:g} s; scenarios in {args.out}): "
              f"--only {','.join(map(str, undecided))}")
    print(f"wall time: {wall:.1f} s")
    return 1 if disagreements else 3 if undecided else 0


if __name__ == "__main__":
    sys.exit(main())
