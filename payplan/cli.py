"""The `payplan` command: the planner's commands (`payplan.planner.cli`) and the benchmark
commands `gen` and `bench` (`payplan.benchmarks`), which sit above the planner and use it.

    payplan plan|hand|orders|play FILE [--json]   (see `payplan --help`)
    payplan demo | serve | batch IN OUT
    payplan gen FAMILY / payplan bench            seeded scenarios and the benchmark suite
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from .planner import cli
from .planner.arguments import MAX_SEED, Parser, solver_options, whole_number


def _benchmark_commands(sub: argparse._SubParsersAction[Parser], command_word: str | None) -> None:
    """`gen` and `bench`. Their own options are read only when the command line names one of
    them (or lists every command): reading them imports the suite, which a plan should not pay
    for at start-up."""
    gen = sub.add_parser("gen", help="generate seeded benchmark scenarios",
                         description="generate seeded benchmark scenarios")
    gen.add_argument("--seed", type=whole_number(0, MAX_SEED), default=0,
                     help="the scenario seed: the first of --count seeds (default 0)")
    gen.set_defaults(func=_gen)
    bench = sub.add_parser("bench", help="run the benchmark suite",
                           description="run the benchmark suite")
    solver_options(bench, seed_help="one seed for both the scenarios (the first generator "
                                    "seed) and CP-SAT")
    bench.set_defaults(func=_bench)
    if command_word is None or command_word in ("gen", "bench"):
        from .benchmarks.generate import add_arguments as gen_arguments
        from .benchmarks.suite import add_arguments as bench_arguments

        gen_arguments(gen)
        bench_arguments(bench)


def _gen(args: argparse.Namespace) -> int:
    from .benchmarks.generate import main as gen_main

    return gen_main(args)


def _bench(args: argparse.Namespace) -> int:
    from .benchmarks.suite import main as bench_main

    return bench_main(args)


def main(argv: Sequence[str] | None = None) -> int:
    return cli.main(argv, extra=_benchmark_commands)


if __name__ == "__main__":
    sys.exit(main())
