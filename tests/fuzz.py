"""The fuzz campaign: `python -m tests.fuzz --inputs 100000`.

Hypothesis draws inputs for four targets and checks what payplan promises for any input:

- `loader`: text (YAML or JSON) read by `parse_text` + `scenario_from_data`;
- `cli`: the text as a file for `payplan plan|hand|orders|play [--json]` and random option
  values, run in-process through `payplan.planner.cli.main` (SystemExit caught);
- `serve`: the data as a request line answered by the service's own path (`_answer`, with a
  real worker process, so a request that runs too long is stopped);
- `brute`: a valid, small scenario planned by the planner and by the independent brute force
  (`payplan.benchmarks.brute_force`), which must agree on the status and the objective.

Inputs: the examples and generated scenarios (`benchmarks.generate`), mutated at a random path
(a value of a wrong type, a huge or negative or NaN number, a deleted or unknown key, deep
nesting), and raw text: random bytes, cut-off files, deep nesting, YAML alias bombs, duplicate
keys. Checks: no exception other than the documented refusal, no input over the time limit,
every refusal exit code 2 with every stderr line starting with a path (`PATH: message`), every
service answer one JSON line with `errors` of the same form, and agreement with the brute force.

Findings are printed (target, check, a reproducer) and counted; the exit code is 1 if any.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import re
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from payplan.benchmarks.generate import generate
from payplan.engine.loader import parse_text, scenario_from_data
from payplan.engine.problems import ScenarioError
from payplan.planner.cli import main as cli_main
from payplan.planner.config import SolverConfig

ROOT = Path(__file__).resolve().parent.parent
TARGETS = ("loader", "cli", "serve", "brute")
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
    """Valid scenarios: every example, and small generated ones of every family."""
    seeds: list[dict[str, Any]] = []
    for path in sorted((ROOT / "examples").glob("*.yaml")):
        seeds.append(yaml.safe_load(path.read_text(encoding="utf-8")))
    for family, size in (("typical", 7), ("hand", 6), ("modifiers", 4), ("sources", 4)):
        for seed in range(3):
            seeds.append(generate(family, size, seed))
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


def bomb(levels: int) -> str:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, levels)]
    return "\n".join(lines) + "\nformat: payplan/1\n"


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
        return "format: payplan/1\nstate: " + open_ * n + "1" + close * n + "\n", "yaml"
    if kind == "bomb":
        return bomb(draw(st.integers(3, 12))), "yaml"
    text = dump(draw(st.sampled_from(seeds)), "yaml")
    return text + "format: payplan/1\n", "yaml"


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
        scenario_from_data(data)
    except ScenarioError as err:
        check_lines(c, "loader", list(err.lines), text)


OPTION_VALUES = st.one_of(st.sampled_from(["nan", "-1", "0", "1e999", "inf", "x", "",
                                           "99999999999999999999", "0.5", "2", "-0"]),
                          st.text(max_size=6))


def run_cli(c: Campaign, text: str, suffix: str, command: str, extra: list[str],
            folder: Path) -> None:
    path = folder / f"input.{suffix}"
    path.write_text(text, encoding="utf-8", errors="replace")
    out, err = io.StringIO(), io.StringIO()
    argv = [command, str(path), *extra]
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = cli_main(argv)
            except SystemExit as stop:
                code = stop.code if isinstance(stop.code, int) else -1
    except Hang:
        raise
    except Exception as exc:
        c.found("cli", "exception", f"{type(exc).__name__}: {exc}", f"payplan {argv}\n{text}")
        return
    if code not in (0, 1, 2):
        c.found("cli", "exit code", str(code), f"payplan {argv}\n{text}")
    if code == 2:
        check_lines(c, "cli", err.getvalue().splitlines(), f"payplan {argv}\n{text}")
    elif err.getvalue().strip():
        c.found("cli", "stderr on success", err.getvalue()[:300], f"payplan {argv}\n{text}")


def run_serve(c: Campaign, line: str, worker: Any) -> None:
    from payplan.engine.loader import Limits
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
    from payplan.benchmarks.brute_force import brute_plan
    from payplan.benchmarks.suite import BruteLimits, brute_eligible, shape
    from payplan.planner.plan import plan

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
             report: Path | None = None) -> Campaign:
    """Run `inputs` inputs (Hypothesis, derandomised); return the figures. With `report`, the
    figures so far are written there every 500 inputs (a long run can be read while it runs)."""
    started = time.perf_counter()
    from payplan.planner.serve import Worker

    c = Campaign(time_limit)
    seeds = corpus()
    worker = Worker(CONFIG)
    folder = Path(tempfile.mkdtemp(prefix="payplan-fuzz-"))

    @settings(max_examples=inputs, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck), print_blob=False)
    @given(st.data())
    def one(data: st.DataObject) -> None:
        # A worker round trip costs more: the service gets one input in `serve_every`.
        pick = data.draw(st.integers(0, 99))
        target = ("serve" if pick < 100 // serve_every else "brute" if pick < 25
                  else "cli" if pick < 60 else "loader")
        c.inputs += 1
        c.per_target[target] += 1
        start = time.perf_counter()
        text, suffix = data.draw(texts(seeds))
        try:
            with contextlib.nullcontext() if target == "brute" else deadline(time_limit + 5):
                if target == "loader":
                    run_loader(c, text, suffix)
                elif target == "cli":
                    command = data.draw(st.sampled_from(["plan", "hand", "orders", "play"]))
                    extra = ["--json"] if data.draw(st.booleans()) else []
                    extra += ["--time-limit", "2"]
                    if data.draw(st.integers(0, 4)) == 0:
                        extra += [data.draw(st.sampled_from(["--time-limit", "--workers",
                                                             "--seed"])),
                                  data.draw(OPTION_VALUES)]
                    run_cli(c, text, suffix, command, extra, folder)
                elif target == "serve":
                    request = {"id": c.inputs, "command": data.draw(st.sampled_from(
                        ["plan", "hand", "orders"])), "scenario": data.draw(mutated(seeds))}
                    run_serve(c, dump(request, "json"), worker)
                else:
                    run_brute(c, data.draw(renumbered(seeds)))
        except Hang as hang:
            c.found(target, "hang", str(hang), text)
        except Exception as exc:
            c.found(target, "exception", f"{type(exc).__name__}: {exc}", text)
        c.slowest = max(c.slowest, time.perf_counter() - start)
        if report is not None and c.inputs % 500 == 0:
            write_report(report, c, time.perf_counter() - started)

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
    args = parser.parse_args(argv)
    report = Path(args.report) if args.report else None
    start = time.perf_counter()
    c = campaign(args.inputs, args.time_limit, report=report)
    elapsed = time.perf_counter() - start
    for finding in c.findings:
        print(json.dumps(finding), file=sys.stderr)
    print(json.dumps(figures(c, elapsed)))
    if report is not None:
        write_report(report, c, elapsed)
    return 1 if c.findings else 0


if __name__ == "__main__":
    sys.exit(main())
