"""The fuzz campaign: `python -m tests.fuzz --inputs 100000`.

Hypothesis draws inputs for five targets and checks what payplan promises for any input, in
both formats (payplan/1 and mtg/1):

- `loader`: text (YAML or JSON) read by `parse_text` and its ruleset's loader (`rulesets`);
- `cli`: the text as a file (or as standard input, `-`) for every command of the command table
  (`plan|hand|orders|play|turn [--json]`) with random options and option values (every option
  of the command line, known or not for the command, and mistyped command words) and random
  values of the environment variables (`PAYPLAN_MAX_BYTES`, `PAYPLAN_MAX_VALUES`,
  `PAYPLAN_RULESETS`), run in-process through `payplan.planner.cli.main` (SystemExit caught);
- `options`: random options and values of `payplan serve` and `payplan batch`, parsed as the
  command line parses them (the commands themselves are not started);
- `serve`: the data as a request line answered by the service's own path (`_answer`, with a
  real worker process, so a request that runs too long is stopped);
- `brute`: a valid, small scenario planned by the planner and by the independent brute force
  (`payplan.benchmarks.riftbound.brute_force`), which must agree on the status and the objective.

Inputs: the examples and generated scenarios (`benchmarks.generate`), mutated at a random path
(a value of a wrong type, a huge or negative or NaN number, a deleted or unknown key, deep
nesting), and raw text: random bytes, cut-off files, deep nesting, YAML alias bombs, duplicate
keys. Checks: no exception other than the documented refusal, no input over the time limit,
every refusal exit code 2 with every stderr line starting with a path (`PATH: message`), every
service answer one JSON line with `errors` of the same form, and agreement with the brute force.

Findings are printed (target, check, a reproducer) and counted; the exit code is 1 if any.
Each run draws its own inputs (`--seed N`, default 0: the same seed, the same inputs).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import yaml
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from payplan.benchmarks.generate import generate
from payplan.engine.problems import ScenarioError
from payplan.engine.riftbound.loader import parse_text, scenario_from_data
from payplan.planner import rulesets
from payplan.planner.cli import build_parser
from payplan.planner.cli import main as cli_main
from payplan.planner.commands import COMMANDS
from payplan.planner.config import SolverConfig

ROOT = Path(__file__).resolve().parent.parent
TARGETS = ("loader", "cli", "options", "serve", "brute")
# A refusal line: a path (or a file, or an option) and a message. No traceback, no bare text.
REFUSAL = re.compile(r"^(\(top level\)|[^\s:][^\n]*?): \S")
CONFIG = SolverConfig(time_limit=2.0)
BRUTE_BUDGET = 10.0  # CPU seconds the brute force may take on one input


@dataclass
class Campaign:
    """What ran and what was found."""

    time_limit: float
    inputs: int = 0
    per_target: dict[str, int] = field(default_factory=lambda: {t: 0 for t in TARGETS})
    findings: list[dict[str, str]] = field(default_factory=list)
    brute_compared: int = 0
    brute_skipped: int = 0  # over BRUTE_BUDGET: not compared
    slowest: float = 0.0

    def found(self, target: str, check: str, detail: str, reproducer: str) -> None:
        self.findings.append({"target": target, "check": check, "detail": detail[:500],
                              "input": reproducer[:2000]})


class Hang(Exception):
    """An input ran past the campaign's time limit."""


@contextlib.contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Raise Hang in this (main) thread after `seconds` of this process's CPU time (its threads,
    CP-SAT's included): a machine busy with other work does not make an input look hung."""
    def ring(signum: int, frame: object) -> None:
        raise Hang(f"over {seconds:g} CPU seconds")

    old = signal.signal(signal.SIGPROF, ring)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)


# --- The corpus and the mutations ---------------------------------------------------------------


def corpus() -> list[dict[str, Any]]:
    """Valid scenarios of both formats: every example (payplan/1's, mtg/1's, the turns'), and
    small generated ones of every family."""
    seeds: list[dict[str, Any]] = []
    for folder in ("", "mtg", "turns"):
        for path in sorted((ROOT / "examples" / folder).glob("*.yaml")):
            seeds.append(yaml.safe_load(path.read_text(encoding="utf-8")))
    for family, size in (("typical", 7), ("hand", 6), ("modifiers", 4), ("sources", 4),
                         ("mtg", 5), ("mtg", 10)):
        for n in range(3):
            seeds.append(generate(family, size, n))
    return seeds


def paths(data: object, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into the data (keys and indices), the top included."""
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out += paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out += paths(value, (*prefix, i))
    return out


def replaced(data: Any, path: tuple[Any, ...], value: Any, delete: bool = False) -> Any:
    """A copy of `data` with the value at `path` replaced (or deleted)."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        out = dict(data)
        if delete and not rest:
            out.pop(head, None)
        else:
            out[head] = replaced(data[head], rest, value, delete)
        return out
    out_list = list(data)
    if delete and not rest:
        del out_list[head]
    else:
        out_list[head] = replaced(data[head], rest, value, delete)
    return out_list


WORDS = st.sampled_from(["fury", "calm", "mind", "body", "chaos", "order", "any", "c", "hand",
                         "trash", "board", "h1", "r1", "exhaust", "kill", "yes", "no", "auto",
                         "repeat", "repeat.1", "accelerate", "flow", "", "firey", "play",
                         "plays", "energy", "power", "discard"])
NUMBERS = st.one_of(st.integers(-5, 30), st.sampled_from([1000, 1001, 10**6, 10**6 + 1, 2**63,
                                                           -(2**63), 10**400]),
                    st.floats(allow_nan=True, allow_infinity=True))
LEAVES = st.one_of(st.none(), st.booleans(), NUMBERS, WORDS, st.text(max_size=12))
VALUES = st.recursive(LEAVES, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.one_of(WORDS, st.text(max_size=6)), inner,
                                                 max_size=4)), max_leaves=8)


@st.composite
def mutated(draw: st.DrawFn, seeds: list[dict[str, Any]]) -> Any:
    """A valid scenario with one to three mutations at random paths."""
    data: Any = draw(st.sampled_from(seeds))
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(paths(data)))
        how = draw(st.sampled_from(["value", "value", "delete", "unknown key", "nest"]))
        if how == "delete" and where:
            data = replaced(data, where, None, delete=True)
        elif how == "unknown key":
            at = where if isinstance(_get(data, where), dict) else ()
            extra = {**_get(data, at), draw(WORDS): draw(LEAVES)} if isinstance(
                _get(data, at), dict) else {"x": 1}
            data = replaced(data, at, extra)
        elif how == "nest":
            depth = draw(st.integers(1, 200))
            value = _get(data, where)
            for _ in range(depth):
                value = [value] if depth % 2 else {"x": value}
            data = replaced(data, where, value)
        else:
            data = replaced(data, where, draw(VALUES))
    return data


@st.composite
def renumbered(draw: st.DrawFn, seeds: list[dict[str, Any]]) -> Any:
    """A valid scenario with some of its small numbers changed: mostly still valid, so the
    planner and the brute force both answer."""
    data: Any = draw(st.sampled_from(seeds))
    numbers = [p for p in paths(data) if type(_get(data, p)) is int and _get(data, p) < 50]
    for _ in range(draw(st.integers(0, 4)) if numbers else 0):
        data = replaced(data, draw(st.sampled_from(numbers)), draw(st.integers(0, 6)))
    return data


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


FORMATS = st.sampled_from(["payplan/1", "mtg/1"])


def bomb(levels: int, format_: str = "payplan/1") -> str:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, levels)]
    return "\n".join(lines) + f"\nformat: {format_}\n"


@st.composite
def texts(draw: st.DrawFn, seeds: list[dict[str, Any]]) -> tuple[str, str]:
    """(text, file suffix): a mutated scenario as YAML or JSON, or raw hostile text."""
    kind = draw(st.sampled_from(["yaml", "json", "yaml", "json", "bytes", "cut", "deep",
                                 "bomb", "duplicate"]))
    if kind in ("yaml", "json"):
        data = draw(mutated(seeds))
        return dump(data, kind), kind
    if kind == "bytes":
        raw = draw(st.binary(max_size=300))
        return raw.decode("utf-8", errors="replace"), draw(st.sampled_from(["yaml", "json"]))
    if kind == "cut":
        text = dump(draw(st.sampled_from(seeds)), "yaml")
        return text[: draw(st.integers(0, len(text)))], "yaml"
    if kind == "deep":
        n = draw(st.integers(50, 5000))
        open_, close = draw(st.sampled_from([("[", "]"), ("{a: ", "}"), ('{"a": ', "}")]))
        return (f"format: {draw(FORMATS)}\nstate: " + open_ * n + "1" + close * n + "\n",
                "yaml")
    if kind == "bomb":
        return bomb(draw(st.integers(3, 12)), draw(FORMATS)), "yaml"
    text = dump(draw(st.sampled_from(seeds)), "yaml")
    return text + f"format: {draw(FORMATS)}\n", "yaml"


def dump(data: Any, kind: str) -> str:
    try:
        if kind == "json":
            return json.dumps(data)
        return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    except (ValueError, OverflowError, RecursionError, yaml.YAMLError):
        return repr(data)


# --- The checks ---------------------------------------------------------------------------------


def check_lines(c: Campaign, target: str, lines: list[str], text: str) -> None:
    if not lines:
        c.found(target, "refusal without a message", "", text)
    for line in lines:
        if not REFUSAL.match(line) or "Traceback" in line:
            c.found(target, "refusal line without a path", line, text)
            return


def run_loader(c: Campaign, text: str, suffix: str) -> None:
    try:
        data = parse_text(text, f"fuzz.{suffix}", as_json=suffix == "json")
        rulesets.for_data(data).load(data)
    except ScenarioError as err:
        check_lines(c, "loader", list(err.lines), text)


OPTION_VALUES = st.one_of(st.sampled_from(["nan", "-1", "0", "1e999", "inf", "x", "",
                                           "99999999999999999999", "0.5", "2", "-0"]),
                          st.text(max_size=6))
# Every option of the command line (a flag, or one taking a value), whichever command it
# belongs to, and a few that none has.
FLAGS = ("--json", "--ray", "--resume", "--version", "--help", "--bogus", "-", "--")
VALUED = ("--time-limit", "--workers", "--seed", "--jobs", "--chunk", "--request-timeout",
          "--ray-address", "--ray=", "--ray-address=", "--time-limit=", "--size")
ADDRESSES = st.sampled_from(["auto", "127.0.0.1:1", "ray://127.0.0.1:1", "host", "h:99999",
                             "ray://", ":1", "[::1]:1", "notanaddress", "a b:1"])
# Values of the environment variables the commands read. PAYPLAN_RULESETS names modules that
# import at no cost (never one with side effects on import).
SIZE_VALUES = st.one_of(OPTION_VALUES, st.sampled_from(["1", "10", "100", "1000", "1_000", "_1",
                                                        "2_", "4611686018427387904",
                                                        "4611686018427387905", " 7 ", "٣"]))
RULESET_VALUES = st.sampled_from([
    "", ",", ":", "::", ".x", "os:path", "os:sep", "json", "json:loads", "no_such_module:X",
    "payplan.planner.riftbound.ruleset:RULESET", "payplan.planner.mtg.ruleset:RULESET",
    "payplan.planner.riftbound.ruleset:RULESET,no_such_module", "payplan.planner.riftbound.ruleset:FORMAT"])
ENVIRONMENT = {"PAYPLAN_MAX_BYTES": SIZE_VALUES, "PAYPLAN_MAX_VALUES": SIZE_VALUES,
               "PAYPLAN_RULESETS": RULESET_VALUES}
COMMAND_WORDS = st.sampled_from(["plam", "PLAN", "hands", "order", "", "-", "plan plan",
                                 "serv", "bach", "trun"])


@st.composite
def options(draw: st.DrawFn) -> list[str]:
    """Up to three options, known or not, each with a value if it takes one."""
    out: list[str] = []
    for _ in range(draw(st.integers(0, 3))):
        if draw(st.booleans()):
            out.append(draw(st.sampled_from(FLAGS)))
            continue
        option = draw(st.sampled_from(VALUED))
        value = draw(ADDRESSES) if "ray" in option and draw(st.booleans()) else \
            draw(OPTION_VALUES)
        out += [option + value] if option.endswith("=") else [option, value]
    return out


@contextlib.contextmanager
def environment(values: dict[str, str]) -> Iterator[None]:
    """The environment variables set to `values` for the block, and the ruleset registry read
    afresh (it reads PAYPLAN_RULESETS once per process), as a new process would see them."""
    old = {name: os.environ.get(name) for name in values}
    registry = (dict(rulesets._REGISTRY), rulesets._LOADED, rulesets._SCANNED)
    os.environ.update(values)
    if "PAYPLAN_RULESETS" in values:
        rulesets._REGISTRY.clear()
        rulesets._LOADED = rulesets._SCANNED = False
    try:
        yield
    finally:
        for name, value in old.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        rulesets._REGISTRY.clear()
        rulesets._REGISTRY.update(registry[0])
        rulesets._LOADED, rulesets._SCANNED = registry[1], registry[2]


def _settable(value: str) -> bool:
    """Whether an environment variable can hold `value` (no NUL; encodable as the OS encodes
    the environment): what no process can be started with is not an input."""
    try:
        return "\0" not in value and bool(os.fsencode(value) or True)
    except UnicodeError:
        return False


def run_cli(c: Campaign, text: str, suffix: str, command: str, extra: list[str],
            folder: Path, env: dict[str, str] | None = None, stdin: bool = False) -> None:
    path = folder / f"input.{suffix}"
    path.write_text(text, encoding="utf-8", errors="replace")
    out, err = io.StringIO(), io.StringIO()
    argv = [command, "-" if stdin else str(path), *extra]
    shown = f"{' '.join(f'{k}={v!r}' for k, v in (env or {}).items())} payplan {argv}\n{text}"
    old_stdin = sys.stdin
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
                environment(env or {}):
            if stdin:
                sys.stdin = io.TextIOWrapper(io.BytesIO(text.encode("utf-8", "replace")))
            try:
                code = cli_main(argv)
            except SystemExit as stop:
                code = stop.code if isinstance(stop.code, int) else -1
    except Hang:
        raise
    except Exception as exc:
        c.found("cli", "exception", f"{type(exc).__name__}: {exc}", shown)
        return
    finally:
        sys.stdin = old_stdin
    if code not in (0, 1, 2):
        c.found("cli", "exit code", str(code), shown)
    if code == 2:
        check_lines(c, "cli", err.getvalue().splitlines(), shown)
    elif err.getvalue().strip():
        c.found("cli", "stderr on success", err.getvalue()[:300], shown)


def run_options(c: Campaign, argv: list[str], env: dict[str, str]) -> None:
    """`payplan serve|batch ARGS` parsed as `main` parses them (not run): a refusal is exit 2
    with `PATH: message` lines; what parses is what `main` would start."""
    from payplan.engine.reading import Limits
    from payplan.planner.arguments import ray_equals

    err = io.StringIO()
    shown = f"{' '.join(f'{k}={v!r}' for k, v in env.items())} payplan {argv}"
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err), \
                environment(env):
            try:
                build_parser(argv[0]).parse_args(ray_equals(argv))
                Limits.from_env()
                code = 0
            except SystemExit as stop:
                code = stop.code if isinstance(stop.code, int) else -1
            except ScenarioError as refused:
                print("\n".join(refused.lines), file=sys.stderr)
                code = 2
    except Exception as exc:
        c.found("options", "exception", f"{type(exc).__name__}: {exc}", shown)
        return
    if code not in (0, 2):
        c.found("options", "exit code", str(code), shown)
    if code == 2 and "--help" not in argv:
        check_lines(c, "options", err.getvalue().splitlines(), shown)


def run_serve(c: Campaign, line: str, worker: Any) -> None:
    from payplan.engine.riftbound.loader import Limits
    from payplan.planner.serve import _answer, _encode

    answer = _answer(line, 1, worker, c.time_limit, Limits.from_env())
    encoded = _encode(answer)
    back = json.loads(encoded)
    if "\n" in encoded or set(back) - {"id", "ok", "result", "errors"}:
        c.found("serve", "answer shape", encoded[:300], line)
    if back.get("ok") is False:
        errors = back.get("errors")
        if not isinstance(errors, list):
            c.found("serve", "errors not a list", encoded[:300], line)
            return
        internal = [e for e in errors if str(e).startswith("internal:")]
        if internal:
            c.found("serve", "internal error", internal[0], line)
        lines = [e for e in errors if not str(e).startswith("timeout:")]
        if len(lines) != len(errors):
            c.found("serve", "timeout", errors[0], line)
        check_lines(c, "serve", [str(e) for e in lines], line)


def run_brute(c: Campaign, data: Any) -> None:
    """Planner and brute force on a valid small scenario: same status, same objective."""
    from payplan.benchmarks.riftbound.bench import scenario_shape as shape
    from payplan.benchmarks.riftbound.brute_force import brute_plan
    from payplan.benchmarks.suite import BruteLimits, brute_eligible
    from payplan.planner.riftbound.plan import plan

    try:
        scenario = scenario_from_data(data, require_play=True)
    except ScenarioError:
        return
    if not brute_eligible(shape(scenario), BruteLimits(discounts=5, runes=5, sources=3,
                                                       objects=8)):
        return
    try:
        with deadline(c.time_limit + 5):
            mine = plan(scenario, CONFIG)
    except Hang as hang:
        c.found("brute", "planner hang", str(hang), json.dumps(data))
        return
    if not mine.optimal:
        return  # the time limit cut the search: nothing sure to compare
    try:
        with deadline(BRUTE_BUDGET):  # the brute force promises no time: past it, no comparison
            theirs = brute_plan(scenario)
    except Hang:
        c.brute_skipped += 1
        return
    c.brute_compared += 1
    if (mine.status, mine.objective) != (theirs.status, theirs.objective):
        c.found("brute", "disagrees with the brute force",
                f"planner {mine.status} {mine.objective}, brute {theirs.status} "
                f"{theirs.objective}", json.dumps(data))


# --- The campaign -------------------------------------------------------------------------------


def campaign(inputs: int, time_limit: float, serve_every: int = 20,
             report: Path | None = None, run_seed: int | None = None) -> Campaign:
    """Run `inputs` inputs (Hypothesis: drawn from `run_seed`, at random when None); return the
    figures. With `report`, the figures so far are written there every 500 inputs (a long run
    can be read while it runs)."""
    started = time.perf_counter()
    from payplan.planner.serve import Worker

    c = Campaign(time_limit)
    seeds = corpus()
    riftbound = [s for s in seeds if s.get("format") == "payplan/1"]  # the brute force's game
    worker = Worker(CONFIG)
    folder = Path(tempfile.mkdtemp(prefix="payplan-fuzz-"))

    @settings(max_examples=inputs, deadline=None, database=None,
              suppress_health_check=list(HealthCheck), print_blob=False)
    @given(st.data())
    def one(data: st.DataObject) -> None:
        # A worker round trip costs more: the service gets one input in `serve_every`.
        pick = data.draw(st.integers(0, 99))
        target = ("serve" if pick < 100 // serve_every else "brute" if pick < 25
                  else "options" if pick < 32 else "cli" if pick < 65 else "loader")
        start = time.perf_counter()
        text, suffix = data.draw(texts(seeds))
        try:
            with contextlib.nullcontext() if target == "brute" else deadline(time_limit + 5):
                if target == "loader":
                    run_loader(c, text, suffix)
                elif target == "cli":
                    command = data.draw(st.sampled_from(list(COMMANDS)))
                    if data.draw(st.integers(0, 19)) == 0:
                        command = data.draw(COMMAND_WORDS)
                    extra = ["--json"] if data.draw(st.booleans()) else []
                    extra += ["--time-limit", "2"]
                    if data.draw(st.integers(0, 3)) == 0:
                        extra += data.draw(options())
                    env = data.draw(st.dictionaries(st.sampled_from(list(ENVIRONMENT)),
                                                    st.just(""), max_size=2)) \
                        if data.draw(st.integers(0, 5)) == 0 else {}
                    env = {name: data.draw(ENVIRONMENT[name]) for name in env}
                    env = {k: v for k, v in env.items() if _settable(v)}
                    run_cli(c, text, suffix, command, extra, folder, env,
                            stdin=data.draw(st.integers(0, 9)) == 0)
                elif target == "options":
                    argv = [data.draw(st.sampled_from(["serve", "batch"]))]
                    if argv[0] == "batch":
                        argv += data.draw(st.lists(st.sampled_from(["-", "in.jsonl", "out",
                                                                    "--ray"]),
                                                   max_size=3))
                    argv += data.draw(options())
                    env = data.draw(st.dictionaries(st.sampled_from(list(ENVIRONMENT)[:2]),
                                                    SIZE_VALUES, max_size=2))
                    env = {k: v for k, v in env.items() if _settable(v)}
                    text = " ".join(argv)
                    run_options(c, argv, env)
                elif target == "serve":
                    request = {"id": c.inputs + 1, "command": data.draw(st.sampled_from(
                        list(COMMANDS))), "scenario": data.draw(mutated(seeds))}
                    run_serve(c, dump(request, "json"), worker)
                else:
                    run_brute(c, data.draw(renumbered(riftbound)))
        except Hang as hang:
            c.found(target, "hang", str(hang), text)
        except Exception as exc:
            c.found(target, "exception", f"{type(exc).__name__}: {exc}", text)
        # Counted once it ran: an input whose drawing Hypothesis abandoned (too big for its
        # buffer: StopTest, not an Exception) never reached its target.
        c.inputs += 1
        c.per_target[target] += 1
        c.slowest = max(c.slowest, time.perf_counter() - start)
        if report is not None and c.inputs % 500 == 0:
            write_report(report, c, time.perf_counter() - started)

    if run_seed is not None:
        one = seed(run_seed)(one)
    try:
        one()
    finally:
        worker.close()
    return c


def figures(c: Campaign, elapsed: float) -> dict[str, Any]:
    return {"inputs": c.inputs, "per_target": c.per_target, "wall_s": round(elapsed, 1),
            "brute_compared": c.brute_compared, "brute_skipped": c.brute_skipped, "slowest_s": round(c.slowest, 2),
            "findings": len(c.findings)}


def write_report(path: Path, c: Campaign, elapsed: float) -> None:
    path.write_text(json.dumps({**figures(c, elapsed), "found": c.findings}, indent=1) + "\n",
                    encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=1000, help="inputs to run (default 1000)")
    parser.add_argument("--time-limit", type=float, default=10.0,
                        help="seconds an input may take before it counts as a hang (plus 5)")
    parser.add_argument("--report", default=None, help="write the figures as JSON here")
    parser.add_argument("--seed", type=int, default=0,
                        help="the run's seed: another seed, other inputs (default 0)")
    args = parser.parse_args(argv)
    report = Path(args.report) if args.report else None
    start = time.perf_counter()
    c = campaign(args.inputs, args.time_limit, report=report, run_seed=args.seed)
    elapsed = time.perf_counter() - start
    for finding in c.findings:
        print(json.dumps(finding), file=sys.stderr)
    print(json.dumps(figures(c, elapsed)))
    if report is not None:
        write_report(report, c, elapsed)
    return 1 if c.findings else 0


if __name__ == "__main__":
    sys.exit(main())
