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
import sys
from importlib import resources as package_files
from typing import Callable, Sequence

from payplan.engine.loader import ScenarioError, load_file, load_text
from payplan.engine.scenario import Scenario
from payplan.planner.config import SolverConfig
from payplan.planner.plan import Plan, plan
from payplan.planner.render import render_plan

EXIT_OK, EXIT_NOT_PLAYABLE, EXIT_BAD_INPUT = 0, 1, 2


def _config(args: argparse.Namespace) -> SolverConfig:
    return SolverConfig(workers=args.workers, time_limit=args.time_limit, seed=args.seed)


def _load(path: str, require_play: bool = True) -> Scenario:
    scenario = load_file(path)
    if require_play and scenario.play is None:
        raise ScenarioError(["play: this command needs a `play` in the file"])
    return scenario


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
    from payplan.planner.hand import plan_hand, render_hand

    plans = plan_hand(_load(args.file, require_play=False), _config(args))
    if args.json:
        _print_json({"plays": [p.to_json() for p in plans]})
    else:
        print(render_hand(plans))
    return EXIT_OK


def cmd_orders(args: argparse.Namespace) -> int:
    from payplan.planner.orders import discount_orders, render_orders

    result = discount_orders(_load(args.file))
    if args.json:
        _print_json(result.to_json())
    else:
        print(render_orders(result))
    return EXIT_OK if result.legal else EXIT_NOT_PLAYABLE


def cmd_play(args: argparse.Namespace) -> int:
    from payplan.planner.play import play_file, render_play

    outcome = play_file(args.file, _config(args))
    if args.json:
        _print_json(outcome.to_json())
    else:
        print(render_play(outcome))
    return EXIT_OK if outcome.ok else EXIT_NOT_PLAYABLE


def cmd_serve(args: argparse.Namespace) -> int:
    from payplan.planner.serve import serve

    return serve(sys.stdin, sys.stdout, _config(args), request_timeout=args.request_timeout)


def cmd_batch(args: argparse.Namespace) -> int:
    from payplan.planner.batch import BatchError, BatchOptions, batch

    options = BatchOptions(config=_config(args), jobs=args.jobs, ray=args.ray is not None,
                           address=args.ray or None, chunk=args.chunk,
                           request_timeout=args.request_timeout, resume=args.resume)
    if (args.jobs is not None and args.jobs < 1) or (args.chunk is not None and args.chunk < 1):
        print("batch: --jobs and --chunk must be at least 1", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        return batch(args.input, args.output, options)
    except BatchError as err:
        print(f"batch: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT


def cmd_gen(args: argparse.Namespace) -> int:
    from payplan.benchmarks.generate import main as gen_main

    return gen_main(args)


def cmd_bench(args: argparse.Namespace) -> int:
    from payplan.benchmarks.suite import main as bench_main

    return bench_main(args)


def add_pool_arguments(parser: argparse.ArgumentParser, jobs_default: str) -> None:
    """Where the work runs: `--jobs` local processes, or `--ray [ADDRESS]` (batch and bench)."""
    parser.add_argument("--jobs", type=int, default=None,
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
    parser.add_argument("--chunk", type=int, default=None,
                        help="requests per task (default 8 local, 64 on Ray)")
    parser.add_argument("--request-timeout", type=float, default=0.0,
                        help="seconds one request may take before it is stopped and answered "
                             "as an error (default 0: no limit)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="payplan", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)

    def command(name: str, func: Callable[[argparse.Namespace], int], help_text: str,
                file: bool = True, json_flag: bool = True) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text)
        if file:
            p.add_argument("file", help="scenario file (YAML or JSON, format payplan/1)")
        if json_flag:
            p.add_argument("--json", action="store_true", help="print JSON as the spec says")
        p.add_argument("--workers", type=int, default=1, help="CP-SAT workers (default 1)")
        p.add_argument("--time-limit", type=float, default=10.0,
                       help="CP-SAT time limit per plan, seconds (default 10)")
        p.add_argument("--seed", type=int, default=0, help="CP-SAT random seed (default 0)")
        p.set_defaults(func=func)
        return p

    command("plan", cmd_plan, "the cheapest plan for the file's play")
    command("demo", cmd_demo, "plan a built-in example and explain it", file=False)
    command("hand", cmd_hand, "plan every card in hand and every card playable from the trash")
    command("orders", cmd_orders, "each distinct total the orders of the discounts reach")
    command("play", cmd_play, "plan and apply the play (or `plays`), print the state after")
    serve = command("serve", cmd_serve, "JSON-lines service on stdin/stdout", file=False,
                    json_flag=False)
    serve.add_argument("--request-timeout", type=float, default=10.0,
                       help="seconds one request may take before it is answered as an error")
    batch = command("batch", cmd_batch, "answer many requests in order, on every core or on Ray",
                    file=False, json_flag=False)
    add_batch_arguments(batch)
    try:
        from payplan.benchmarks.generate import add_arguments as gen_arguments
        from payplan.benchmarks.suite import add_arguments as bench_arguments
    except ImportError:  # pragma: no cover - benchmarks not installed
        pass
    else:
        gen_arguments(command("gen", cmd_gen, "generate seeded benchmark scenarios", file=False,
                              json_flag=False))
        bench_arguments(command("bench", cmd_bench, "run the benchmark suite", file=False,
                                json_flag=False))
    return parser


def _mtg(args: argparse.Namespace) -> int | None:
    """A file of format `mtg/1` goes to the second ruleset (`planner.mtg_commands`); None for
    any other file. Only a file that mentions the format is parsed here."""
    path = getattr(args, "file", None)
    if path is None or args.command not in ("plan", "hand", "orders", "play"):
        return None
    from pathlib import Path

    from payplan.engine.loader import read_data
    from payplan.engine.mtg.loader import is_mtg
    from payplan.planner import mtg_commands

    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None  # the payplan/1 reader reports it
    if not mtg_commands.looks_mtg(text):
        return None
    data = read_data(path)
    if not is_mtg(data):
        return None
    return mtg_commands.run(args.command, data, _config(args), args.json)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        mtg_code = _mtg(args)
        if mtg_code is not None:
            return mtg_code
        code: int = args.func(args)
        return code
    except ScenarioError as err:
        for line in err.problems:
            print(line, file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
