"""The `mtg` family in CPU time: `python -m payplan.benchmarks.mtg.cpu [--cases 20] [--repeats 7]`.

On a shared machine `payplan bench --suite mtg`'s wall times are mostly time spent waiting for
a CPU. This times the same boards (`generate_mtg`, seeds 0 to cases-1 at each size) in CPU
time (`time.process_time`), which waiting does not count: each plan and each greedy run
`repeats` times one after the other in one process, the least of the runs per case, then p50
and p90 over the cases per size and the planner-to-greedy ratios, the greedy of the same
commit in the same run (`benchmarks.mtg_bench.greedy_plan`, unchanged)."""

from __future__ import annotations

import argparse
import time
from functools import partial
from typing import Any, Callable

from ...engine.mtg.generate import generate_mtg
from ...engine.mtg.loader import scenario_from_data
from ..suite import percentile
from .bench import greedy_plan

SIZES = (5, 10, 20, 40, 60)


def least_cpu(run: Callable[[], Any], repeats: int) -> float:
    """The least CPU seconds of `repeats` runs of `run`."""
    best = float("inf")
    for _ in range(max(1, repeats)):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    from ...planner.mtg.plan import plan

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=20, help="boards per size (default 20)")
    parser.add_argument("--repeats", type=int, default=7, help="runs per board (default 7)")
    args = parser.parse_args(argv)
    print("| sources | cases | planner p50 / p90 ms | greedy p50 / p90 ms | p50 ratio | p90 ratio |")
    print("|---|---|---|---|---|---|")
    for size in SIZES:
        planner, greedy = [], []
        for seed in range(args.cases):
            scenario = scenario_from_data(generate_mtg(size, seed), require_play=True)
            planner.append(1000 * least_cpu(partial(plan, scenario), args.repeats))
            greedy.append(1000 * least_cpu(partial(greedy_plan, scenario), args.repeats))
        p = [percentile(planner, q) for q in (50, 90)]
        g = [percentile(greedy, q) for q in (50, 90)]
        print(f"| {size} | {args.cases} | {p[0]:.2f} / {p[1]:.2f} | {g[0]:.2f} / {g[1]:.2f} | "
              f"{p[0] / g[0]:.1f}x | {p[1] / g[1]:.1f}x |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
