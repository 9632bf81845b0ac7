"""The command line's option values and shared options, for `payplan`'s commands and the
benchmark commands alike: a bad value is one line that starts with the option's name, exit 2.
"""

from __future__ import annotations

import argparse
import math
from dataclasses import fields
from typing import Callable, NoReturn

from .answers import EXIT_BAD_INPUT
from .config import SolverConfig

# What an option may be: beyond these, a value is a typo or a mistake, not a wish.
MAX_SECONDS = 86_400.0  # --time-limit, --request-timeout: one day
MAX_WORKERS = 256
MAX_JOBS = 4096  # batch/bench worker processes, or the CPUs of a local Ray cluster
MAX_CHUNK = 100_000  # batch: requests per task
MAX_SEED = 2**31 - 1  # CP-SAT's random seed is a 32-bit int

DEFAULTS = {f.name: f.default for f in fields(SolverConfig)}


def config_of(args: argparse.Namespace) -> SolverConfig:
    """The solver settings the options name."""
    return SolverConfig(workers=args.workers, time_limit=args.time_limit, seed=args.seed)


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high`."""

    def read(text: str) -> int:
        try:
            value = int(text.strip().replace("_", "")) if len(text) < 30 else None
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"expected a whole number from {low:,} to {high:,}, got {text[:40]!r}")
        return value

    return read


def seconds(low: float, high: float, *, zero: bool = False) -> Callable[[str], float]:
    """An argparse type: a finite number of seconds above `low` (or 0 with `zero`) up to `high`."""

    def read(text: str) -> float:
        try:
            value = float(text) if len(text) < 40 else math.nan
        except ValueError:
            value = math.nan
        ok = math.isfinite(value) and (low < value <= high or (zero and value == 0))
        if not ok:
            span = (f"from 0 (no limit) to {high:,.0f}" if zero
                    else f"more than {low:g} and at most {high:,.0f}")
            raise argparse.ArgumentTypeError(f"expected seconds {span}, got {text[:40]!r}")
        return value

    return read


class Parser(argparse.ArgumentParser):
    """argparse, with a bad command line reported as one line that starts with what is wrong
    (the option, or the command) and exit code 2, like a bad file."""

    def error(self, message: str) -> NoReturn:
        where, _, what = message.partition(": ") if message.startswith("argument ") else (
            "", "", message)
        where = where.removeprefix("argument ").split("/")[0]
        line = f"{where}: {what}" if where else f"{self.prog}: {message}"
        self.exit(EXIT_BAD_INPUT, f"{line} (see {self.prog} --help)\n")


def add_pool_arguments(parser: argparse.ArgumentParser, jobs_default: str) -> None:
    """Where the work runs: `--jobs` local processes, or `--ray [ADDRESS]` (batch and bench)."""
    parser.add_argument("--jobs", type=whole_number(1, MAX_JOBS), default=None, metavar="N",
                        help=f"local worker processes ({jobs_default}); with --ray and no "
                             "address, the CPUs of the local Ray cluster")
    parser.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                        help="run on Ray (pip install 'payplan[ray]'): connect to the cluster "
                             "at ADDRESS (auto, HOST:PORT, ray://HOST:PORT), or without one "
                             "start a local cluster; put it after IN OUT or write --ray=ADDRESS")


def solver_options(p: argparse.ArgumentParser, seed_help: str) -> None:
    """--workers, --time-limit and --seed, their defaults read from `SolverConfig`."""
    p.add_argument("--workers", type=whole_number(1, MAX_WORKERS), default=DEFAULTS["workers"],
                   help=f"CP-SAT workers (default {DEFAULTS['workers']})")
    p.add_argument("--time-limit", type=seconds(0, MAX_SECONDS), default=DEFAULTS["time_limit"],
                   metavar="SECONDS",
                   help=f"CP-SAT time limit per plan, seconds (default {DEFAULTS['time_limit']:g})")
    p.add_argument("--seed", type=whole_number(0, MAX_SEED), default=DEFAULTS["seed"],
                   help=f"{seed_help} (default {DEFAULTS['seed']})")




__all__ = ["DEFAULTS", "MAX_CHUNK", "MAX_JOBS", "MAX_SECONDS", "MAX_SEED", "MAX_WORKERS", "Parser",
           "add_pool_arguments", "config_of", "seconds", "solver_options", "whole_number"]
