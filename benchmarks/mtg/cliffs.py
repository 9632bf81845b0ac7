"""The `mtg/1` shapes of the `cliffs` suite (issue 22): each turns one knob of an mtg/1 cast up.

`cliff(knob, size)` returns mtg/1 data (deterministic: no randomness beyond the seeded board of
`engine.mtg.generate`); `KNOBS` lists them with the sizes the issue names:

- `mtg_kickers`: `{G}{W}` with kicker `{2}`, multikicker `{1}{G/W}` and replicate `{1}{U}`, all
  `auto` (benefits 2, 3, 3), on `size` permanents (mostly basic lands, a few of every other
  source: `_board`). Priced option by option, 3,000 to 6,000 options at 31 permanents.
- `mtg_x`: `{X}{R}{R}`, `x: auto`, on the mtg family's board of `size` sources (seed 0).
- `mtg_five_color`: `{25}{W}{U}{B}{R}{G}` on the mtg family's board of `size` sources.
- `mtg_hybrid`: twelve hybrid, mono-hybrid and Phyrexian pips (six kinds, two of each) on the
  mtg family's board of `size` sources: 1,458 announcements.
- `mtg_hand`: `payplan hand` with 60 spells of the mtg family's list in hand (their generic
  part growing by one every eight cards) on `size` permanents (`_board`).

Each is measured as a whole process (`measure`: interpreter start, imports, loading and the
plan, the parent's wall time) and, inside it, the plan alone; against a typical CP-SAT plan
timed the same way in the same run (`typical`: the mtg family's 20-source board of seed 3, which
CP-SAT decides with the fast path off); and again under `--time-limit 2`, where every cast the
greedy (`benchmarks.mtg_bench.greedy_plan`) pays must answer `ok`.

The payplan/1 shapes of issue 22 (`benchmarks.cliffs.SHAPES`) are measured the same way, each
against a typical payplan/1 CP-SAT plan (`typical_p1`: the `typical` family's turn of seed 0,
fast path off) and with payplan/1's greedy (`benchmarks.baselines.greedy_plan`); an `orders`
shape counts as optimal when its count was not cut.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from typing import Any

from ...engine.mtg.generate import CARDS, SPELLS, generate_mtg

Data = dict[str, Any]

# knob -> (what it counts, the sizes the issue names, the command it times)
KNOBS: dict[str, tuple[str, tuple[int, ...], str]] = {
    "mtg_kickers": ("mtg/1: multikicker + replicate + kicker, all auto; permanents", (31, 96), "plan"),
    "mtg_x": ("mtg/1: {X}{R}{R}, x auto; sources", (120,), "plan"),
    "mtg_five_color": ("mtg/1: {25}{W}{U}{B}{R}{G}; sources", (200,), "plan"),
    "mtg_hybrid": ("mtg/1: 12 hybrid/Phyrexian pips; sources", (60,), "plan"),
    "mtg_hand": ("mtg/1: hand of 60 spells; permanents", (60,), "hand"),
}
SWEEP: dict[str, tuple[int, ...]] = {
    "mtg_kickers": (8, 16, 31, 64, 96),
    "mtg_x": (20, 60, 120),
    "mtg_five_color": (50, 100, 200),
    "mtg_hybrid": (20, 40, 60),
    "mtg_hand": (10, 30, 60),
}
AIM_X_TYPICAL = 5.0  # whole process, against a typical CP-SAT plan's whole process
AIM_RUSHED_S = 3.0  # under --time-limit 2, wall time of the whole process
RUSHED_LIMIT = 2.0
TYPICAL = (20, 3)  # the mtg family's board CP-SAT decides, as the typical CP-SAT plan
TYPICAL_P1 = (7, 0)  # payplan/1's `typical` turn planned with the fast path off, likewise


def _board(size: int) -> list[Data]:
    """`size` permanents: basic lands of the five colors in turn, every sixth of the first 72
    another kind of source."""
    extras = ["dual-wu", "dual-br", "dual-rg", "tri-gwu", "city-of-brass", "mystic-gate",
              "graven-cairns", "sol-ring", "treasure", "llanowar-elves", "birds", "bear-g"]
    basics = ["plains", "island", "swamp", "mountain", "forest"]
    return [{"id": f"p{i}", "card": extras[i // 6] if i % 6 == 5 and i // 6 < len(extras)
             else basics[(i - min(i // 6, len(extras))) % 5]} for i in range(size)]


def _family_board(size: int) -> list[Data]:
    board: list[Data] = generate_mtg(size, 0)["state"]["you"]["battlefield"]
    return board


def _mtg(spell: Data | None, board: list[Data], play: Data | None,
         benefits: Data | None = None) -> Data:
    cards = dict(CARDS)
    you: Data = {"life": 20, "library": 30, "battlefield": board, "hand": [], "graveyard": []}
    if spell is not None:
        cards["spell"] = spell
        you["hand"] = [{"id": "s1", "card": "spell"}]
    out: Data = {"format": "mtg/1", "cards": cards, "state": {"you": you}}
    if play is not None:
        out["play"] = play
    if benefits:
        out["objective"] = {"benefits": benefits}
    return out


def cliff(knob: str, size: int) -> Data:
    """The mtg/1 scenario of `knob` at `size`."""
    if knob == "mtg_kickers":
        spell = {"types": ["sorcery"], "cost": "{G}{W}", "kicker": ["{2}"],
                 "multikicker": "{1}{G/W}", "replicate": "{1}{U}"}
        return _mtg(spell, _board(size), {"object": "s1", "optional": {
            "kicker": "auto", "multikicker": "auto", "replicate": "auto"}},
            {"kicker": 2, "multikicker": 3, "replicate": 3})
    if knob == "mtg_x":
        return _mtg({"types": ["sorcery"], "cost": "{X}{R}{R}"}, _family_board(size),
                    {"object": "s1"})
    if knob == "mtg_five_color":
        return _mtg({"types": ["sorcery"], "cost": "{25}{W}{U}{B}{R}{G}"}, _family_board(size),
                    {"object": "s1"})
    if knob == "mtg_hybrid":
        cost = "{W/U}{W/U}{B/R}{B/R}{G/P}{G/P}{2/W}{2/W}{U/B/P}{U/B/P}{R/G}{R/G}"
        return _mtg({"types": ["sorcery"], "cost": cost}, _family_board(size), {"object": "s1"})
    if knob == "mtg_hand":
        data = _mtg(None, _board(size), None)
        for i in range(60):
            spell = SPELLS[i % len(SPELLS)]
            data["cards"][f"spell{i}"] = dict(spell, cost=f"{{{i // 8}}}{spell['cost']}")
        data["state"]["you"]["hand"] = [{"id": f"h{i}", "card": f"spell{i}"} for i in range(60)]
        return data
    raise ValueError(f"unknown mtg knob {knob!r} (one of: {', '.join(KNOBS)})")


_CHILD = """
import json, resource, sys, time
from payplan.benchmarks.cliffs import KNOBS, cliff
from payplan.benchmarks.mtg.cliffs import TYPICAL, TYPICAL_P1
from payplan.engine.riftbound.generate import generate
from payplan.engine.mtg.generate import generate_mtg
from payplan.planner import rulesets
from payplan.planner.config import SolverConfig
knob, size, limit = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
config = SolverConfig(time_limit=limit)
if knob in ("typical", "typical_p1"):
    data = generate_mtg(*TYPICAL) if knob == "typical" else generate("typical", *TYPICAL_P1)
    config = SolverConfig(time_limit=limit, fast_path=False)
    command = "plan"
else:
    data = cliff(knob, size)
    command = KNOBS[knob][2]
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
if command != "hand" and not knob.startswith("typical"):
    if data["format"] == "mtg/1":
        from payplan.benchmarks.mtg.bench import greedy_plan
        greedy = [greedy_plan(scenario).status]
    else:
        from payplan.benchmarks.riftbound.baselines import greedy_plan
        greedy = [greedy_plan(scenario).status]
greedy_s = time.perf_counter() - greedy_s
greedy_cpu = time.process_time() - greedy_cpu
optimal = all(getattr(p, "optimal", getattr(p, "counted", True)) for p in plans)
print(json.dumps({"time": elapsed, "cpu": cpu, "optimal": optimal,
                  "statuses": [p.status for p in plans], "greedy": greedy, "greedy_s": greedy_s, "greedy_cpu": greedy_cpu,
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def measure(knob: str, size: int, time_limit: float = 10.0) -> dict[str, Any]:
    """One run of `knob` at `size` (or the typical CP-SAT plan, knob `typical`) in a fresh
    process: the plan's seconds and CPU seconds inside it, `process_s` (the whole process, the
    parent's wall time: interpreter, imports, loading, planning; the greedy's check after it
    is left out: the child reports its time, `greedy_s`, taken off), whether every plan is proved optimal, the plans'
    statuses, the greedy's, and the peak RSS; `process_cpu_s`, the whole process's CPU seconds
    (the greedy's left out likewise), which waiting for a CPU on a loaded machine does not
    count."""
    import resource

    argv = [sys.executable, "-c", _CHILD, knob, str(size), str(time_limit)]
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


def typical(time_limit: float = 10.0, runs: int = 5, knob: str = "typical") -> dict[str, Any]:
    """The typical CP-SAT plan as a whole process: the median of `runs` fresh processes
    (`knob` "typical_p1": payplan/1's)."""
    got = [measure(knob, 0, time_limit) for _ in range(runs)]
    fine = sorted((g for g in got if "error" not in g), key=lambda g: g["process_s"])
    if not fine:
        return got[0]
    return fine[len(fine) // 2]


def row(knob: str, size: int, base_process_s: float | None, time_limit: float,
        base_cpu_s: float | None = None) -> dict[str, Any]:
    """The suite's row for one mtg knob and size: the default time limit, then `RUSHED_LIMIT`;
    against the typical CP-SAT plan's whole process in wall time and (`base_cpu_s`) CPU time."""
    got = measure(knob, size, time_limit)
    if "error" in got:
        return {"error": got["error"]}
    rushed = measure(knob, size, RUSHED_LIMIT)
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


def markdown(results: dict[str, Any], knobs: Any = None, base_key: str = "mtg_typical",
             said: str = "the mtg family's 20-source board of seed 3") -> str:
    """The mtg/1 rows (or those of `knobs`, against `results[base_key]`) as a Markdown table
    (benchmarks/RESULTS.md quotes it)."""
    knobs = KNOBS if knobs is None else knobs
    base = results.get(base_key, {})
    lines = [f"Typical CP-SAT plan as a whole process ({said}, "
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
