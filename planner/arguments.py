"""The command line's option values and shared options, for `payplan`'s commands and the
benchmark commands alike: a bad value is one line that starts with the option's name, exit 2.
"""

from __future__ import annotations

import argparse
import difflib
import math
import re
from dataclasses import fields
from typing import Any, Callable, NoReturn, Sequence

from .answers import EXIT_BAD_INPUT
from .config import SolverConfig

# What an option may be: beyond these, a value is a typo or a mistake, not a wish.
MAX_SECONDS = 86_400.0  # --time-limit, --request-timeout: one day
MAX_WORKERS = 256
MAX_JOBS = 4096  # batch/bench worker processes, or the CPUs of a local Ray cluster
WORKER_MB = 200
"""A local `batch` worker's memory, as the refusal of a `--jobs` that would not fit estimates
it: about 80 MB measured after typical plans (the planner and OR-Tools imported, some 60 MB of
it its own), with room for a large request."""
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
    (the option, or the command) and exit code 2, like a bad file; a mistyped command gets the
    nearest command suggested (`plam`: `plan`), as serve's unknown commands do."""

    def error(self, message: str) -> NoReturn:
        where, _, what = message.partition(": ") if message.startswith("argument ") else (
            "", "", message)
        where = where.removeprefix("argument ").split("/")[0]
        choice = _INVALID_CHOICE.fullmatch(what)
        if where == "command" and choice is not None:
            word, known = choice["word"], [c.strip(" '") for c in choice["known"].split(",")]
            close = nearest(word, known)
            what = f"unknown command {word!r}" + (f" (did you mean {close!r}?)" if close else
                                                  f" (expected one of: {', '.join(known)})")
        line = f"{where}: {what}" if where else f"{self.prog}: {message}"
        self.exit(EXIT_BAD_INPUT, f"{printable(line)} (see {self.prog} --help)\n")


def printable(text: str) -> str:
    """`text` with every character that is not printable (a line break of any kind, a control
    character, a lone surrogate) written as its Python escape: a bad argument
    (`unrecognized arguments: a\x1db`) stays on its one line, and any stderr can encode it."""
    return "".join(c if c.isprintable() or c == " " else repr(c)[1:-1] for c in text)


_INVALID_CHOICE = re.compile(r"invalid choice: '(?P<word>.*)' \(choose from (?P<known>.*)\)",
                             re.DOTALL)


def nearest(word: str, options: Sequence[str]) -> str | None:
    """The option nearest `word` (as difflib measures it, 0.6 or more alike), ties going to the
    earlier option: `plam` is `plan`, not `play`."""
    scores = [difflib.SequenceMatcher(None, word[:200], option).ratio() for option in options]
    best = max(range(len(options)), key=lambda i: (scores[i], -i), default=None)
    return options[best] if best is not None and scores[best] >= 0.6 else None


def ray_address(text: str) -> str:
    """An argparse type: a Ray cluster's address, `auto`, `HOST:PORT` or `ray://HOST:PORT`."""
    found = _ADDRESS.fullmatch(text)
    if text == "auto" or (found is not None and 1 <= int(found["port"]) <= 65535):
        return text
    raise argparse.ArgumentTypeError(
        f"expected auto, HOST:PORT or ray://HOST:PORT, got {text[:60]!r}")


_ADDRESS = re.compile(r"(ray://)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):(?P<port>[0-9]{1,5})")


class _LocalRay(argparse.Action):
    """`--ray` alone: a local cluster, unless `--ray-address` named one (it never takes the
    next word, so `--ray IN OUT` is IN and OUT)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        if getattr(namespace, self.dest, None) is None:
            setattr(namespace, self.dest, "")


def add_pool_arguments(parser: argparse.ArgumentParser, jobs_default: str) -> None:
    """Where the work runs: `--jobs` local processes, or Ray (batch and bench): `--ray` a local
    cluster, `--ray-address ADDRESS` (or `--ray=ADDRESS`) a running one. Both set `ray`: None
    (no Ray), "" (a local cluster) or the address."""
    parser.add_argument("--jobs", type=whole_number(1, MAX_JOBS), default=None, metavar="N",
                        help=f"local worker processes ({jobs_default}); with --ray, the CPUs of "
                             "the local Ray cluster")
    parser.add_argument("--ray", action=_LocalRay, nargs=0, dest="ray", default=None,
                        help="run on Ray (pip install 'payplan[ray]'): start a local cluster, "
                             "and stop it at the end")
    parser.add_argument("--ray-address", type=ray_address, dest="ray", metavar="ADDRESS",
                        help="run on the running Ray cluster at ADDRESS (auto, HOST:PORT, "
                             "ray://HOST:PORT; --ray=ADDRESS says the same)")


def ray_equals(words: Sequence[str]) -> list[str]:
    """The command line with `--ray=ADDRESS` read as `--ray-address=ADDRESS` (`--ray` itself
    takes no value)."""
    out: list[str] = []
    for i, word in enumerate(words):
        if word == "--":
            return out + list(words[i:])
        out.append("--ray-address=" + word[len("--ray="):] if word.startswith("--ray=") else word)
    return out


TURN_TIME_HELP = ("seconds for the whole turn, from when the file is read (default {:g}): past "
                  "it the best turn found is answered with optimal: false and bound, the most "
                  "any turn could be worth, within a grace of a tenth of the limit (at most 1 "
                  "s) plus the pricing of the plays made")


def solver_options(p: argparse.ArgumentParser, seed_help: str, turn: bool = False) -> None:
    """--workers, --time-limit and --seed, their defaults read from `SolverConfig`; `turn`:
    the time limit's help says how it bounds a turn."""
    p.add_argument("--workers", type=whole_number(1, MAX_WORKERS), default=DEFAULTS["workers"],
                   help=f"CP-SAT workers (default {DEFAULTS['workers']})")
    p.add_argument("--time-limit", type=seconds(0, MAX_SECONDS), default=DEFAULTS["time_limit"],
                   metavar="SECONDS",
                   help=TURN_TIME_HELP.format(DEFAULTS["time_limit"]) if turn else
                   f"CP-SAT time limit per plan, seconds (default {DEFAULTS['time_limit']:g})")
    p.add_argument("--seed", type=whole_number(0, MAX_SEED), default=DEFAULTS["seed"],
                   help=f"{seed_help} (default {DEFAULTS['seed']})")




__all__ = ["DEFAULTS", "MAX_CHUNK", "MAX_JOBS", "MAX_SECONDS", "MAX_SEED", "MAX_WORKERS", "Parser",
           "WORKER_MB", "add_pool_arguments", "config_of", "nearest", "ray_address", "ray_equals", "seconds",
           "solver_options", "whole_number"]
