"""Timing a knob of the `cliffs` suite as a whole process: interpreter start, imports, loading
and the plan, as a user running `payplan` once waits for it.

`measure(game, knob, size)` runs one of a game's whole-process knobs (its cliffs module's
`WHOLE`) in a fresh process through the ruleset registry (`Ruleset.plan`, `hand` or `orders`,
as the knob's command says) and reports the parent's wall time of the whole process
(`process_s`), the plan's own time and CPU time inside it, whether every answer is proved
optimal, the answers' statuses, the game's greedy baseline's status on the same scenario
(`greedy_status`, timed apart and taken off), and the peak RSS. `typical(game)` times the game's
typical CP-SAT plan (`typical_data`, fast path off) the same way; `row` is the suite's row, at
the suite's time limit and again under `RUSHED_LIMIT`, where every play the greedy pays must
answer `ok`; `markdown` is a game's table.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from types import ModuleType
from typing import Any

RUSHED_LIMIT = 2.0  # seconds: the time limit of the rushed run

# Run with `python -c`, outside any package: its imports are absolute.
_CHILD = """
import importlib, json, resource, sys, time
from payplan.planner import rulesets
from payplan.planner.config import SolverConfig
game = importlib.import_module(sys.argv[1])
knob, size, limit = sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
config = SolverConfig(time_limit=limit)
if knob == "typical":
    data = game.typical_data()
    config = SolverConfig(time_limit=limit, fast_path=False)
    command = "plan"
else:
    data = game.cliff(knob, size)
    command = game.KNOBS[knob][2]
ruleset = rulesets.for_data(data)
scenario = ruleset.load(data, require_play=command != "hand")
cpu = time.process_time()
began = time.perf_counter()
if command == "plan":
    plans = [ruleset.plan(scenario, config)]
elif command == "hand":
    plans = list(ruleset.hand(scenario, config).plans)
else:
    plans = [ruleset.orders(scenario, config)]
elapsed = time.perf_counter() - began
cpu = time.process_time() - cpu
greedy = []
greedy_s = time.perf_counter()
greedy_cpu = time.process_time()
if command != "hand" and knob != "typical":
    greedy = [game.greedy_status(scenario)]
greedy_s = time.perf_counter() - greedy_s
greedy_cpu = time.process_time() - greedy_cpu
optimal = all(getattr(p, "optimal", getattr(p, "counted", True)) for p in plans)
print(json.dumps({"time": elapsed, "cpu": cpu, "optimal": optimal,
                  "statuses": [p.status for p in plans], "greedy": greedy, "greedy_s": greedy_s,
                  "greedy_cpu": greedy_cpu,
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def measure(game: ModuleType, knob: str, size: int, time_limit: float = 10.0) -> dict[str, Any]:
    """One run of the `game`'s `knob` at `size` (or its typical CP-SAT plan, knob `typical`) in
    a fresh process: the plan's seconds and CPU seconds inside it, `process_s` (the whole
    process, the parent's wall time: interpreter, imports, loading, planning; the greedy's check
    after it is left out: the child reports its time, `greedy_s`, taken off), whether every plan
    is proved optimal, the plans' statuses, the greedy's, and the peak RSS; `process_cpu_s`, the
    whole process's CPU seconds (the greedy's left out likewise), which waiting for a CPU on a
    loaded machine does not count."""
    import resource

    argv = [sys.executable, "-c", _CHILD, game.__name__, knob, str(size), str(time_limit)]
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=time_limit * 4 + 120)
    except subprocess.TimeoutExpired as expired:
        return {"error": f"no answer in {expired.timeout:g} s"}
    whole = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        return {"error": " ".join(done.stderr.strip().splitlines()[-1:])}
    answer: dict[str, Any] = json.loads(done.stdout)
    answer["process_s"] = whole - answer["greedy_s"]
    answer["process_cpu_s"] = (after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime
                               - answer["greedy_cpu"])
    return answer


def typical(game: ModuleType, time_limit: float = 10.0, runs: int = 5) -> dict[str, Any]:
    """The `game`'s typical CP-SAT plan as a whole process: the median of `runs` fresh
    processes."""
    got = [measure(game, "typical", 0, time_limit) for _ in range(runs)]
    fine = sorted((g for g in got if "error" not in g), key=lambda g: g["process_s"])
    if not fine:
        return got[0]
    return fine[len(fine) // 2]


def row(game: ModuleType, knob: str, size: int, base_process_s: float | None,
        time_limit: float, base_cpu_s: float | None = None) -> dict[str, Any]:
    """The suite's row for one knob and size: the default time limit, then `RUSHED_LIMIT`;
    against the typical CP-SAT plan's whole process in wall time and (`base_cpu_s`) CPU time."""
    got = measure(game, knob, size, time_limit)
    if "error" in got:
        return {"error": got["error"]}
    rushed = measure(game, knob, size, RUSHED_LIMIT)
    out: dict[str, Any] = {
        "time_ms": round(got["time"] * 1000, 3), "cpu_ms": round(got["cpu"] * 1000, 3),
        "rss_mb": round(got["rss_mb"], 1), "optimal": got["optimal"],
        "process_ms": round(got["process_s"] * 1000, 1),
        "x_cp_typical": round(got["process_s"] / base_process_s, 2) if base_process_s else None,
        "x_typical": None,
        "process_cpu_ms": round(got["process_cpu_s"] * 1000, 1),
        "x_cp_typical_cpu": round(got["process_cpu_s"] / base_cpu_s, 2) if base_cpu_s else None,
    }
    if "error" in rushed:
        out["rushed"] = {"error": rushed["error"]}
    else:
        paid = [g == "ok" for g in rushed["greedy"]]
        out["rushed"] = {"process_ms": round(rushed["process_s"] * 1000, 1),
                         "process_cpu_ms": round(rushed["process_cpu_s"] * 1000, 1),
                         "statuses": sorted(set(rushed["statuses"])),
                         "optimal": rushed["optimal"],
                         "greedy_pays_and_ok": all(s == "ok" for s, p in
                                                   zip(rushed["statuses"], paid) if p)}
    return out


def markdown(results: dict[str, Any], game: ModuleType) -> str:
    """The rows of the `game`'s whole-process knobs, against its typical CP-SAT plan, as a
    Markdown table (benchmarks/RESULTS.md quotes it)."""
    knobs = game.WHOLE
    base = results.get(game.TYPICAL_KEY, {})
    lines = [f"Typical CP-SAT plan as a whole process ({game.TYPICAL_SAID}, "
             f"fast path off; median of 5): {base.get('process_ms')} ms "
             f"({base.get('process_cpu_ms')} ms of CPU), its plan "
             f"{base.get('time_ms')} ms, peak RSS {base.get('rss_mb')} MB.", "",
             "| knob | size | whole process | x typical CP-SAT | plan | CPU | peak RSS | optimal "
             "| --time-limit 2: whole process | statuses | greedy-payable ok "
             "| whole process, CPU | x typical CP-SAT, CPU | --time-limit 2: whole process, CPU |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for knob, entry in results["knobs"].items():
        if knob not in knobs:
            continue
        for size, r in entry["sizes"].items():
            if "error" in r:
                lines.append(f"| {entry['what']} | {size} | error: {r['error']} "
                             "| | | | | | | | | | | |")
                continue
            rushed = r.get("rushed", {})
            lines.append(
                f"| {entry['what']} | {size} | {r['process_ms']:,.0f} ms | {r['x_cp_typical']}x | "
                f"{r['time_ms']:,.1f} ms | {r['cpu_ms']:,.1f} ms | {r['rss_mb']:.0f} MB | "
                f"{r['optimal']} | {rushed.get('process_ms', rushed.get('error'))} ms | "
                f"{', '.join(rushed.get('statuses', []))} | {rushed.get('greedy_pays_and_ok')} | "
                f"{r.get('process_cpu_ms')} ms | {r.get('x_cp_typical_cpu')}x | "
                f"{rushed.get('process_cpu_ms')} ms |")
    return "\n".join(lines) + "\n"


__all__ = ["RUSHED_LIMIT", "markdown", "measure", "row", "typical"]
