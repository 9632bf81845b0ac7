"""The `payplan` command line.

    payplan plan FILE [--json]     the cheapest plan for the file's play
    payplan demo                   plan a built-in example and explain it
    payplan hand FILE [--json]     every card in hand (and playable from the trash), planned
    payplan orders FILE [--json]   each distinct total the discount orders reach
    payplan play FILE [--json]     plan, apply, and print the state after (several `plays` too)
    payplan serve                  JSON-lines service on stdin/stdout
    payplan batch IN OUT           many requests, in order, on every core or on Ray
    payplan gen / bench            benchmark scenarios and the benchmark suite

Exit codes: 0 ok, 1 unpayable or illegal, 2 a bad file (one line per problem on stderr).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import fields
from typing import Callable, NoReturn, Sequence

from .. import __version__
from ..engine.loader import load_file, load_text
from ..engine.problems import ScenarioError
from ..engine.scenario import Scenario
from .config import REQUEST_TIMEOUT, SolverConfig
from .plan import Plan, plan
from .render import render_plan

EXIT_OK, EXIT_NOT_PLAYABLE, EXIT_BAD_INPUT = 0, 1, 2

# What an option may be: beyond these, a value is a typo or a mistake, not a wish.
MAX_SECONDS = 86_400.0  # --time-limit, --request-timeout: one day
MAX_WORKERS = 256
MAX_JOBS = 4096  # batch/bench worker processes, or the CPUs of a local Ray cluster
MAX_CHUNK = 100_000  # batch: requests per task
MAX_SEED = 2**31 - 1  # CP-SAT's random seed is a 32-bit int

DEFAULTS = {f.name: f.default for f in fields(SolverConfig)}


def _config(args: argparse.Namespace) -> SolverConfig:
    return SolverConfig(workers=args.workers, time_limit=args.time_limit, seed=args.seed)


def _load(path: str, require_play: bool = True) -> Scenario:
    scenario = load_file(path)
    if require_play and scenario.play is None:
        raise ScenarioError.at(("play",), "this command needs a `play` in the file")
    return scenario


# --- Option values ------------------------------------------------------------------------------


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


def _seconds(low: float, high: float, *, zero: bool = False) -> Callable[[str], float]:
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


class _Parser(argparse.ArgumentParser):
    """argparse, with a bad command line reported as one line that starts with what is wrong
    (the option, or the command) and exit code 2, like a bad file."""

    def error(self, message: str) -> NoReturn:
        where, _, what = message.partition(": ") if message.startswith("argument ") else (
            "", "", message)
        where = where.removeprefix("argument ").split("/")[0]
        line = f"{where}: {what}" if where else f"{self.prog}: {message}"
        self.exit(EXIT_BAD_INPUT, f"{line} (see {self.prog} --help)\n")


def _print_json(data: object) -> None:
    print(json.dumps(data, indent=2))


def _plan_exit(p: Plan) -> int:
    return EXIT_OK if p.status == "ok" else EXIT_NOT_PLAYABLE


def cmd_plan(args: argparse.Namespace) -> int:
    p = plan(_load(args.file), _config(args))
    if args.json:
        _print_json(p.to_json())
    else:
        print(render_plan(p))
    return _plan_exit(p)


def demo_text() -> str:
    from importlib import resources as package_files

    return package_files.files("payplan.planner").joinpath("demo.yaml").read_text(encoding="utf-8")


def cmd_demo(args: argparse.Namespace) -> int:
    scenario = load_text(demo_text(), "demo.yaml")
    p = plan(scenario, _config(args))
    if args.json:
        _print_json(p.to_json())
    else:
        print("Demo (rule 353.4.c): Sky Splitter with Eager Apprentice and a 7-Might unit.\n")
        print(render_plan(p))
    return _plan_exit(p)


def cmd_hand(args: argparse.Namespace) -> int:
    from .hand import plan_hand, render_hand

    plans = plan_hand(_load(args.file, require_play=False), _config(args))
    if args.json:
        _print_json({"plays": [p.to_json() for p in plans]})
    else:
        print(render_hand(plans))
    return EXIT_OK


def cmd_orders(args: argparse.Namespace) -> int:
    from .orders import discount_orders, render_orders

    result = discount_orders(_load(args.file), _config(args))
    if args.json:
        _print_json(result.to_json())
    else:
        print(render_orders(result))
    return EXIT_OK if result.legal else EXIT_NOT_PLAYABLE


def cmd_play(args: argparse.Namespace) -> int:
    from .play import play_file, render_play

    outcome = play_file(args.file, _config(args))
    if args.json:
        _print_json(outcome.to_json())
    else:
        print(render_play(outcome))
    return EXIT_OK if outcome.ok else EXIT_NOT_PLAYABLE


def cmd_serve(args: argparse.Namespace) -> int:
    from .serve import serve

    return serve(sys.stdin, sys.stdout, _config(args), request_timeout=args.request_timeout)


def cmd_batch(args: argparse.Namespace) -> int:
    from .batch import BatchError, BatchOptions, batch

    options = BatchOptions(config=_config(args), jobs=args.jobs, ray=args.ray is not None,
                           address=args.ray or None, chunk=args.chunk,
                           request_timeout=args.request_timeout, resume=args.resume)
    try:
        return batch(args.input, args.output, options)
    except BatchError as err:
        print(f"batch: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT


def cmd_gen(args: argparse.Namespace) -> int:
    from ..benchmarks.generate import main as gen_main

    return gen_main(args)


def cmd_bench(args: argparse.Namespace) -> int:
    from ..benchmarks.suite import main as bench_main

    return bench_main(args)


def add_pool_arguments(parser: argparse.ArgumentParser, jobs_default: str) -> None:
    """Where the work runs: `--jobs` local processes, or `--ray [ADDRESS]` (batch and bench)."""
    parser.add_argument("--jobs", type=whole_number(1, MAX_JOBS), default=None, metavar="N",
                        help=f"local worker processes ({jobs_default}); with --ray and no "
                             "address, the CPUs of the local Ray cluster")
    parser.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                        help="run on Ray (pip install 'payplan[ray]'): connect to the cluster "
                             "at ADDRESS (auto, HOST:PORT, ray://HOST:PORT), or without one "
                             "start a local cluster; put it after IN OUT or write --ray=ADDRESS")


def add_batch_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", metavar="IN",
                        help="JSON lines (requests as serve reads them, or bare scenarios), a "
                             "folder of scenario files (sorted by name), or - for stdin")
    parser.add_argument("output", metavar="OUT", help="JSON lines of answers, or - for stdout")
    add_pool_arguments(parser, "default: every core")
    parser.add_argument("--resume", action="store_true",
                        help="skip the requests OUT already answers (by position and id) and "
                             "append the rest")
    parser.add_argument("--chunk", type=whole_number(1, MAX_CHUNK), default=None, metavar="N",
                        help="requests per task (default 16 local, 64 on Ray)")
    parser.add_argument("--request-timeout", type=_seconds(0, MAX_SECONDS, zero=True), default=0.0,
                        help="seconds one request may take before it is stopped and answered "
                             "as an error (default 0: no limit)")


def build_parser(command_word: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command. With `command_word`, the command the arguments name, the
    benchmark commands' own options are added only if it is one of them: reading them imports
    the benchmark suite, which a plan should not pay for at start-up."""
    benchmark_options = command_word is None or command_word in ("gen", "bench")
    parser = _Parser(prog="payplan", description=__doc__.split("\n\n")[0])
    parser.add_argument("--version", action="version", version=f"payplan {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def command(name: str, func: Callable[[argparse.Namespace], int], help_text: str,
                file: bool = True, json_flag: bool = True,
                solver: bool = True) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text)
        if file:
            p.add_argument("file", help="scenario file (YAML or JSON, format payplan/1)")
        if json_flag:
            p.add_argument("--json", action="store_true", help="print JSON as the spec says")
        if solver:
            solver_options(p, seed_help="CP-SAT random seed")
        p.set_defaults(func=func)
        return p

    command("plan", cmd_plan, "the cheapest plan for the file's play")
    command("demo", cmd_demo, "plan a built-in example and explain it", file=False)
    command("hand", cmd_hand, "plan every card in hand and every card playable from the trash")
    command("orders", cmd_orders, "each distinct total the orders of the discounts reach")
    command("play", cmd_play, "plan and apply the play (or `plays`), print the state after")
    serve = command("serve", cmd_serve, "JSON-lines service on stdin/stdout", file=False,
                    json_flag=False)
    serve.add_argument("--request-timeout", type=_seconds(0, MAX_SECONDS, zero=True),
                       default=REQUEST_TIMEOUT, metavar="SECONDS",
                       help="seconds one request may take before its worker is stopped and "
                            f"it is answered as an error (default {REQUEST_TIMEOUT:g}; 0 means "
                            "no limit)")
    batch = command("batch", cmd_batch, "answer many requests in order, on every core or on Ray",
                    file=False, json_flag=False)
    add_batch_arguments(batch)
    gen = command("gen", cmd_gen, "generate seeded benchmark scenarios", file=False,
                  json_flag=False, solver=False)
    gen.add_argument("--seed", type=whole_number(0, MAX_SEED), default=0,
                     help="the scenario seed: the first of --count seeds (default 0)")
    bench = command("bench", cmd_bench, "run the benchmark suite", file=False,
                    json_flag=False, solver=False)
    solver_options(bench, seed_help="one seed for both the scenarios (the first generator "
                                    "seed) and CP-SAT")
    if benchmark_options:
        from ..benchmarks.generate import add_arguments as gen_arguments
        from ..benchmarks.suite import add_arguments as bench_arguments

        gen_arguments(gen)
        bench_arguments(bench)
    return parser


def _mtg(args: argparse.Namespace) -> int | None:
    """A file of format `mtg/1` goes to the second ruleset (`planner.mtg_commands`); None for
    any other file. Only a file that mentions the format is parsed here."""
    path = getattr(args, "file", None)
    if path is None or args.command not in ("plan", "hand", "orders", "play"):
        return None
    from pathlib import Path

    from ..engine.mtg import FORMAT

    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None  # the payplan/1 reader reports it
    if FORMAT not in text:  # a cheap first look: only files that mention it are parsed twice
        return None
    from ..engine.loader import read_data
    from ..engine.mtg.loader import is_mtg
    from . import mtg_commands

    data = read_data(path)
    if not is_mtg(data):
        return None
    return mtg_commands.run(args.command, data, _config(args), args.json)


def solver_options(p: argparse.ArgumentParser, seed_help: str) -> None:
    """--workers, --time-limit and --seed, their defaults read from `SolverConfig`."""
    p.add_argument("--workers", type=whole_number(1, MAX_WORKERS), default=DEFAULTS["workers"],
                   help=f"CP-SAT workers (default {DEFAULTS['workers']})")
    p.add_argument("--time-limit", type=_seconds(0, MAX_SECONDS), default=DEFAULTS["time_limit"],
                   metavar="SECONDS",
                   help=f"CP-SAT time limit per plan, seconds (default {DEFAULTS['time_limit']:g})")
    p.add_argument("--seed", type=whole_number(0, MAX_SEED), default=DEFAULTS["seed"],
                   help=f"{seed_help} (default {DEFAULTS['seed']})")


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else argv
    args = build_parser(next((w for w in words if not w.startswith("-")), "")).parse_args(argv)
    try:
        mtg_code = _mtg(args)
        if mtg_code is not None:
            return mtg_code
        code: int = args.func(args)
        return code
    except ScenarioError as err:
        for line in err.lines:
            print(line, file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
