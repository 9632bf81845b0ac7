"""The benchmark suite: `payplan bench [--suite NAME] [--out DIR]`.

Each game declares its own suites (the `SUITES` of its bench module, found through the ruleset
registry: `benchmarks.parts`), e.g. a `quick` smoke test (every family at small sizes, the
whole pipeline in under a minute) and one suite per family; `all` runs every game's families
together (each game's `ALL`). Two suites have their own runner and output: `cliffs`, the
adversarial knobs turned up, each size in a fresh process (`benchmarks.cliffs.bench_cliffs`),
and `turn`, the turn planner against two baselines (`benchmarks.turns.bench_turns`). The
per-family suites run seeded cases from `benchmarks.generate` through three methods, each
measured by the case's game (`measure` of its bench module):

- `planner`: the game's CP-SAT planner (the scenario loaded once, outside the timing);
- `greedy`: the game's fixed-order baseline payer, scored with the same objective;
- `brute_force`: the game's brute force, only where it can finish (the suite's `BruteLimits`
  on the case's shape: by default at most 7 discounts, 6 runes, 4 sources, 12 objects), and
  never at a larger size of a family once a smaller one ran out of time.

Every method runs in a worker with a per-case time budget (`--budget`, `--brute-budget`): a
case not answered within its budget plus 6 s (the repeat allowance and the worker's start) is
recorded as timed out (the worker is replaced), and the method is skipped at the larger sizes of
that family. The workers are `payplan batch`'s (`planner.batch`): one local process by default,
so no two measurements share the machine; `--jobs N` runs N at once, `--ray` (or
`--ray-address ADDRESS`) runs them as Ray tasks (a local cluster without an address), each
measurement on one Ray worker. A case is timed `--repeats` times with `time.perf_counter`
(fewer once its runs add up to a second or more); its time is the median of its runs. Per
family, size and method the suite reports p50, p90 and mean time per plan over the cases, and
plans per second.

The greedy's optimality gap is read against the planner's optimum (the brute force's where the
planner has none): how often it pays more, by how much, and how often it fails to find a
payment that exists. Where the planner and the brute force both finish, their objectives are
compared too.

Output in `--out` (default `bench-results`): `results.json` (every figure, every case),
`summary.md` (the headline tables), and PNG plots (matplotlib, Agg): time per plan against size
for each family a game plots (`PLOTS`), typical turns per method, and the greedy's gap."""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import sys
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from ..planner.batch import BatchError, Progress, RayPool, run_ordered, start_ray
from ..planner.config import SolverConfig
from ..planner.workers import Failure, LocalPool, Pool
from . import parts
from .generate import case_name, generate
from .provenance import command_line, tree

METHODS: tuple[str, ...] = ("planner", "greedy", "brute_force")
OWN_SUITES: tuple[str, ...] = ("all", "cliffs", "turn")  # the games' suites come first
REPEAT_BUDGET = 1.0  # seconds: stop repeating a case once its runs add up to this


@dataclass(frozen=True, slots=True)
class Run:
    """`cases` seeded scenarios of one family at one size."""

    family: str
    size: int
    cases: int


@dataclass(frozen=True, slots=True)
class BruteLimits:
    """Where the brute force is tried at all (it walks every order and every payment)."""

    discounts: int = 7
    runes: int = 6
    sources: int = 4
    objects: int = 12


@dataclass(frozen=True, slots=True)
class SuiteSpec:
    name: str
    runs: tuple[Run, ...]
    repeats: int = 5
    budget: float = 30.0  # seconds per case, planner and greedy
    brute_budget: float = 45.0  # seconds per case, brute force
    brute: BruteLimits = BruteLimits()


@dataclass(frozen=True, slots=True)
class Job:
    """One method on one case: what a worker measures."""

    case: int  # index of the case in the suite's list
    method: str
    data: dict[str, Any]
    repeats: int
    timeout: float  # seconds before it counts as timed out


def family_runs(family: str, sizes: dict[int, int]) -> tuple[Run, ...]:
    """The runs of one family: size -> cases."""
    return tuple(Run(family, size, cases) for size, cases in sizes.items())


def suite_specs() -> dict[str, SuiteSpec]:
    """Every per-family suite: each game's own (`SUITES` of its bench module), then `all`, every
    game's `ALL` runs together, the brute force tried up to 8 discounts (the modifiers probe)."""
    games = parts.every()
    specs: dict[str, SuiteSpec] = {}
    for game in games:
        specs.update(game.SUITES)
    specs["all"] = SuiteSpec("all", tuple(run for game in games for run in game.ALL),
                             brute=BruteLimits(discounts=8))
    return specs


def suite_names() -> tuple[str, ...]:
    """What `--suite` accepts: the per-family suites, then `cliffs` and `turn`."""
    return tuple(dict.fromkeys((*suite_specs(), *OWN_SUITES)))


def plot_families() -> dict[str, tuple[str, bool]]:
    """family -> (the x axis's label, log scale): the families whose time is plotted."""
    return {family: how for game in parts.every() for family, how in game.PLOTS.items()}


def brute_eligible(case_shape: dict[str, int], limits: BruteLimits) -> bool:
    return (case_shape["discounts"] <= limits.discounts and case_shape["runes"] <= limits.runes
            and case_shape["sources"] <= limits.sources
            and case_shape["objects"] <= limits.objects)


# --- The worker ---------------------------------------------------------------------------------


def timed(run: Callable[[], Any], repeats: int, budget: float) -> tuple[list[float], Any]:
    """Run `run` up to `repeats` times (at least once), stopping once `budget` seconds are spent:
    the wall time of each run, and the last run's result."""
    times: list[float] = []
    result: Any = None
    for _ in range(max(1, repeats)):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
        if sum(times) >= budget:
            break
    return times, result


def measure(method: str, data: dict[str, Any], repeats: int,
            config: SolverConfig) -> dict[str, Any]:
    """Load the case, run `method` up to `repeats` times, return its times and its answer."""
    result: dict[str, Any] = parts.of_data(data).measure(method, data, repeats, config,
                                                       REPEAT_BUDGET)
    return result


def measure_jobs(jobs: list[Job], config: SolverConfig) -> list[dict[str, Any]]:
    """The measurements of a chunk of jobs (a task of `planner.batch`'s pools, run in a worker
    process or on Ray); a job that raises is reported with its case, never fatal to the suite."""
    out = []
    for job in jobs:
        try:
            out.append(measure(job.method, job.data, job.repeats, config))
        except Exception:
            out.append({"error": traceback.format_exc(limit=4)})
    return out


def _lost(job: Job, failure: Failure) -> dict[str, Any]:
    """What a job that brought no measurement is recorded as."""
    if failure.kind == "timeout":
        return {"timeout": True}
    return {"error": f"the worker stopped ({failure.kind}: {failure.detail}, "
                     f"{failure.attempts} times)"}


# --- Statistics ---------------------------------------------------------------------------------


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100), linear between closest ranks."""
    ordered = sorted(values)
    if not ordered:
        return math.nan
    pos = (len(ordered) - 1) * q / 100
    low = math.floor(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def time_stats(case_times: Sequence[float]) -> dict[str, float | int]:
    """p50, p90 and mean of per-case times, in milliseconds, and plans per second."""
    if not case_times:
        return {"cases": 0}
    mean = statistics.fmean(case_times)
    return {
        "cases": len(case_times),
        "p50_ms": round(percentile(case_times, 50) * 1000, 3),
        "p90_ms": round(percentile(case_times, 90) * 1000, 3),
        "mean_ms": round(mean * 1000, 3),
        "plans_per_s": round(1 / mean, 2) if mean > 0 else math.inf,
    }


def gap_category(case: dict[str, Any]) -> tuple[str, int | None]:
    """How the greedy did on a case against the optimum: (category, gap in objective)."""
    greedy = case.get("greedy") or {}
    optimum: dict[str, Any] | None = None
    for method in ("planner", "brute_force"):
        answer = case.get(method) or {}
        if answer.get("status") in ("ok", "unpayable", "illegal"):
            optimum = answer
            break
    if greedy.get("status") not in ("ok", "failed", "illegal") or optimum is None:
        return "unknown", None
    if optimum["status"] == "illegal":
        return "illegal", None
    if greedy["status"] == "ok":
        if optimum["status"] != "ok":
            return "greedy_pays_unpayable", None
        gap = int(greedy["objective"]) - int(optimum["objective"])
        if gap < 0:
            return "greedy_better", gap
        return ("optimal" if gap == 0 else "pays_more"), gap
    if optimum["status"] == "ok":
        return "fails_payable", None
    return "both_unpayable", None


def gap_summary(cases: Sequence[dict[str, Any]]) -> dict[str, Any]:
    counts: dict[str, int] = {}
    gaps: list[int] = []
    for case in cases:
        category, gap = gap_category(case)
        counts[category] = counts.get(category, 0) + 1
        if category == "pays_more" and gap is not None:
            gaps.append(gap)
    known = sum(n for c, n in counts.items() if c not in ("unknown", "illegal"))
    payable = sum(counts.get(c, 0) for c in ("optimal", "pays_more", "fails_payable",
                                               "greedy_better"))
    histogram: dict[str, int] = {}
    for gap in sorted(gaps):
        histogram[str(gap)] = histogram.get(str(gap), 0) + 1
    return {
        "cases": len(cases),
        "compared": known,
        "payable": payable,
        "counts": counts,
        "pays_more_pct": round(100 * counts.get("pays_more", 0) / payable, 1) if payable else None,
        "fails_payable_pct": round(100 * counts.get("fails_payable", 0) / payable, 1)
        if payable else None,
        "gap_mean_when_more": round(statistics.fmean(gaps), 2) if gaps else None,
        "gap_median_when_more": percentile(gaps, 50) if gaps else None,
        "gap_max": max(gaps) if gaps else None,
        "gap_histogram": histogram,
    }


# --- Running a suite ----------------------------------------------------------------------------


def run_suite(spec: SuiteSpec, config: SolverConfig, first_seed: int, cases: int | None,
              repeats: int | None, pool: Pool | None = None) -> list[dict[str, Any]]:
    """Run every case of the suite on `pool` (default: one local worker process, so that no two
    measurements share the machine); return the raw cases, in order."""
    runs = [Run(r.family, r.size, cases if cases is not None else r.cases) for r in spec.runs]
    repeats = repeats if repeats is not None else spec.repeats
    progress = Progress(sum(r.cases for r in runs), f"bench {spec.name}", log_when_piped=True)
    timed_out: dict[tuple[str, str], int] = {}  # (family, method) -> smallest size timed out
    out: list[dict[str, Any]] = []

    def jobs() -> Iterator[Job]:
        """The measurements to make, read lazily: whether a method is skipped at a size is
        decided when its job is due, from the timeouts seen so far (with one worker, all of
        them; with several, those of the jobs already finished)."""
        for r in runs:
            for seed in range(first_seed, first_seed + r.cases):
                data = generate(r.family, r.size, seed)
                case_shape = parts.of_data(data).shape(data)
                case: dict[str, Any] = {"name": case_name(r.family, r.size, seed),
                                        "family": r.family, "size": r.size, "seed": seed,
                                        "shape": case_shape}
                out.append(case)
                for method in METHODS:
                    skip = _skip(method, case_shape, r, spec, timed_out)
                    if skip is not None:
                        case[method] = skip
                        continue
                    budget = spec.brute_budget if method == "brute_force" else spec.budget
                    yield Job(len(out) - 1, method, data, repeats,
                              budget + REPEAT_BUDGET + 5)

    own = pool is None
    if pool is None:
        pool = LocalPool(1, measure_jobs, config)
    finished = 0  # cases whose every method is in
    try:
        for job, answer in run_ordered(jobs(), pool, 1, _lost, lambda job: job.timeout):
            case = out[job.case]
            case[job.method] = _recorded(job, answer, case, spec, timed_out)
            while finished < len(out) and all(m in out[finished] for m in METHODS):
                progress.step(f"{out[finished]['name']} planner "
                              f"{_brief(out[finished]['planner'])}")
                finished += 1
    finally:
        if own:
            pool.close()
    for case in out[finished:]:
        progress.step(f"{case['name']} planner {_brief(case['planner'])}")
    return out


def _skip(method: str, case_shape: dict[str, int], r: Run, spec: SuiteSpec,
          timed_out: dict[tuple[str, str], int]) -> dict[str, Any] | None:
    """Why `method` is not run on this case, or None."""
    key = (r.family, method)
    if method == "brute_force" and not brute_eligible(case_shape, spec.brute):
        return {"status": "skipped", "why": "too large for the brute force"}
    if key in timed_out and timed_out[key] < r.size:
        return {"status": "skipped", "why": f"timed out at size {timed_out[key]}"}
    return None


def _recorded(job: Job, answer: dict[str, Any], case: dict[str, Any], spec: SuiteSpec,
              timed_out: dict[tuple[str, str], int]) -> dict[str, Any]:
    """A job's measurement as the case records it (a timeout also skips larger sizes)."""
    if answer.get("timeout"):
        key = (case["family"], job.method)
        timed_out[key] = min(timed_out.get(key, case["size"]), case["size"])
        return {"status": "timeout",
                "budget_s": spec.brute_budget if job.method == "brute_force" else spec.budget}
    if "error" in answer:
        return {"status": "error", "error": answer["error"]}
    answer["time"] = statistics.median(answer["times"])
    return answer


def _brief(answer: dict[str, Any]) -> str:
    if "time" in answer:
        return f"{answer['status']} {answer['time'] * 1000:.1f}ms"
    return str(answer.get("status"))


# --- Aggregation --------------------------------------------------------------------------------


def aggregate(cases: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Per family and size: time statistics per method, the greedy's gap, agreement checks."""
    families: dict[str, Any] = {}
    for family in dict.fromkeys(c["family"] for c in cases):
        in_family = [c for c in cases if c["family"] == family]
        sizes: dict[str, Any] = {}
        for size in sorted({c["size"] for c in in_family}):
            at_size = [c for c in in_family if c["size"] == size]
            methods: dict[str, Any] = {}
            for method in METHODS:
                answers = [c[method] for c in at_size]
                stats: dict[str, Any] = dict(time_stats([a["time"] for a in answers if "time" in a]))
                for status in ("timeout", "skipped", "error"):
                    stats[status] = sum(1 for a in answers if a.get("status") == status)
                methods[method] = stats
            sizes[str(size)] = {"cases": len(at_size), "methods": methods,
                                "greedy_gap": gap_summary(at_size)}
        families[family] = {"sizes": sizes, "greedy_gap": gap_summary(in_family)}
    return families


def checks(cases: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Cross-checks: the planner against the brute force, the greedy against the optimum."""
    agree = 0
    disagree: list[dict[str, Any]] = []
    greedy_better: list[str] = []
    greedy_invalid: list[dict[str, Any]] = []
    not_proven: list[str] = []
    errors: list[dict[str, str]] = []
    for c in cases:
        planner, brute, greedy = c["planner"], c["brute_force"], c["greedy"]
        if planner.get("status") in ("ok", "unpayable") and brute.get("status") in ("ok", "unpayable"):
            if (planner["status"], planner.get("objective")) == (brute["status"], brute.get("objective")):
                agree += 1
            else:
                disagree.append({"case": c["name"], "planner": planner.get("objective"),
                                 "brute_force": brute.get("objective")})
        if gap_category(c)[0] in ("greedy_better", "greedy_pays_unpayable"):
            greedy_better.append(c["name"])
        if greedy.get("problems"):
            greedy_invalid.append({"case": c["name"], "problems": greedy["problems"]})
        if planner.get("optimal") is False:
            not_proven.append(c["name"])
        for method in METHODS:
            if c[method].get("status") == "error":
                errors.append({"case": c["name"], "method": method, "error": c[method]["error"]})
    return {"planner_vs_brute_agree": agree, "planner_vs_brute_disagree": disagree,
            "greedy_better_than_optimum": greedy_better, "greedy_invalid_payments": greedy_invalid,
            "planner_not_proven_optimal": not_proven, "errors": errors}


def headline(families: dict[str, Any], cases: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The two figures asked for: p50 per plan on typical turns, the speedup over brute force
    at 8 discounts (or at the largest discount count where it finished)."""
    out: dict[str, Any] = {}
    typical = families.get("typical")
    if typical is not None:
        out["typical_p50_ms"] = {
            method: stats.get("p50_ms")
            for size in typical["sizes"].values()
            for method, stats in size["methods"].items()
        }
    mods = [c for c in cases if c["family"] == "modifiers"]
    finished = sorted({c["size"] for c in mods if "time" in c["brute_force"]
                       and "time" in c["planner"]})
    if finished:
        size = 8 if 8 in finished else finished[-1]
        both = [c for c in mods if c["size"] == size and "time" in c["brute_force"]
                and "time" in c["planner"]]
        tried = [c for c in mods if c["size"] == size and c["brute_force"].get("status")
                 not in ("skipped",)]
        planner_p50 = percentile([c["planner"]["time"] for c in both], 50)
        brute_p50 = percentile([c["brute_force"]["time"] for c in both], 50)
        ratios = [c["brute_force"]["time"] / c["planner"]["time"] for c in both]
        tried_at_8 = [c for c in mods if c["size"] == 8
                      and c["brute_force"].get("status") != "skipped"]
        if size == 8:
            note = "measured at 8 discounts"
        elif tried_at_8:
            note = (f"brute force did not finish at 8 discounts in this run "
                    f"({len(tried_at_8)} cases tried); measured at {size}")
        else:
            note = f"this suite does not run the brute force at 8 discounts; measured at {size}"
        timeouts = sum(1 for c in tried if c["brute_force"].get("status") == "timeout")
        if timeouts:
            note += (f"; {timeouts} of {len(tried)} brute-force cases at this size ran out of "
                     "time and are left out (so the speedup is understated)")
        out["speedup_vs_brute"] = {
            "discounts": size, "cases": len(both), "brute_timeouts": timeouts,
            "planner_p50_ms": round(planner_p50 * 1000, 3),
            "brute_p50_ms": round(brute_p50 * 1000, 3),
            "speedup_p50": round(brute_p50 / planner_p50, 1),
            "speedup_per_case_geomean": round(math.exp(statistics.fmean(
                math.log(r) for r in ratios)), 1),
            "note": note,
        }
    elif mods:
        out["speedup_vs_brute"] = {"note": "the brute force finished on no modifiers case"}
    else:
        out["speedup_vs_brute"] = {"note": "not measured: this suite runs no modifiers cases"}
    return out


# --- Plots --------------------------------------------------------------------------------------

COLORS = {"planner": "tab:blue", "greedy": "tab:orange", "brute_force": "tab:red"}


def plot(families: dict[str, Any], cases: Sequence[dict[str, Any]], out: Path) -> list[str]:
    """Write the PNG plots; return their file names."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator, NullLocator

    written: list[str] = []
    for family, (xlabel, log_x) in plot_families().items():
        if family not in families:
            continue
        fig, ax = plt.subplots(figsize=(7, 4.5))
        sizes = families[family]["sizes"]
        for method in METHODS:
            xs, p50, p90 = [], [], []
            for size, entry in sizes.items():
                stats = entry["methods"][method]
                if stats.get("cases"):
                    xs.append(int(size))
                    p50.append(stats["p50_ms"])
                    p90.append(stats["p90_ms"])
            if xs:
                ax.plot(xs, p50, "o-", color=COLORS[method], label=f"{method} p50")
                ax.fill_between(xs, p50, p90, color=COLORS[method], alpha=0.15)
                ax.plot(xs, p90, ":", color=COLORS[method], linewidth=1)
            timeouts = [int(s) for s, e in sizes.items() if e["methods"][method].get("timeout")]
            if timeouts:
                ax.plot(timeouts, [_budget_ms(cases, family, method)] * len(timeouts), "x",
                        color=COLORS[method], markersize=9, label=f"{method}: timed out")
        ax.set_yscale("log")
        if log_x:
            ax.set_xscale("log")
            ax.xaxis.set_minor_locator(NullLocator())
        ax.set_xticks([int(size) for size in sizes], [str(size) for size in sizes])
        ax.set_xlabel(xlabel)
        ax.set_ylabel("time per plan, ms (p50 line, band to p90)")
        ax.set_title(f"Time per plan: {family} family")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
        fig.tight_layout()
        name = f"time_vs_{family}.png"
        fig.savefig(out / name, dpi=110)
        plt.close(fig)
        written.append(name)

    if "typical" in families:
        typical = [c for c in cases if c["family"] == "typical"]
        data = [[c[m]["time"] * 1000 for c in typical if "time" in c[m]] for m in METHODS]
        labels = [m for m, d in zip(METHODS, data) if d]
        data = [d for d in data if d]
        fig, ax = plt.subplots(figsize=(6, 4))
        ax.boxplot(data, whis=(10, 90), showfliers=True)
        ax.set_xticks(range(1, len(labels) + 1), labels)
        ax.set_yscale("log")
        ax.set_ylabel("time per plan, ms (whiskers p10-p90)")
        ax.set_title(f"Typical turns ({len(typical)} cases)")
        ax.grid(True, axis="y", which="both", alpha=0.3)
        fig.tight_layout()
        fig.savefig(out / "time_typical.png", dpi=110)
        plt.close(fig)
        written.append("time_typical.png")

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.5))
    names = list(families)
    more = [families[f]["greedy_gap"]["pays_more_pct"] or 0 for f in names]
    fails = [families[f]["greedy_gap"]["fails_payable_pct"] or 0 for f in names]
    slots = list(range(len(names)))
    left.bar([x - 0.2 for x in slots], more, width=0.4, label="pays more than the optimum")
    left.bar([x + 0.2 for x in slots], fails, width=0.4, label="fails though a payment exists")
    left.set_xticks(slots, names)
    left.set_ylabel("% of payable cases")
    left.set_title("Fixed-order greedy vs the optimum")
    left.legend(fontsize=8)
    stacks = {f: [int(g) for g, n in families[f]["greedy_gap"]["gap_histogram"].items()
                  for _ in range(n)] for f in names}
    stacks = {f: gaps for f, gaps in stacks.items() if gaps}
    if stacks:
        top = max(max(gaps) for gaps in stacks.values())
        right.hist(list(stacks.values()), bins=[b - 0.5 for b in range(1, top + 2)],
                   stacked=True, label=list(stacks))
        right.legend(fontsize=8)
    else:
        right.text(0.5, 0.5, "the greedy never paid more", ha="center", transform=right.transAxes)
    right.xaxis.set_major_locator(MaxNLocator(integer=True))
    right.yaxis.set_major_locator(MaxNLocator(integer=True))
    right.set_xlabel("greedy objective minus optimum (when it pays more)")
    right.set_ylabel("cases")
    right.set_title("How much more the greedy pays")
    fig.tight_layout()
    fig.savefig(out / "greedy_gap.png", dpi=110)
    plt.close(fig)
    written.append("greedy_gap.png")
    return written


def _budget_ms(cases: Sequence[dict[str, Any]], family: str, method: str) -> float:
    budgets: list[float] = [c[method]["budget_s"] for c in cases
               if c["family"] == family and c[method].get("status") == "timeout"]
    return max(budgets) * 1000


# --- Report -------------------------------------------------------------------------------------


def summary_markdown(results: dict[str, Any]) -> str:
    """The headline tables, in Markdown (what benchmarks/RESULTS.md quotes)."""
    lines = [f"Suite `{results['suite']}`: {len(results['cases'])} cases in "
             f"{results['elapsed_s']:.0f} s. Command: `{results['command']}`", ""]
    head = results["headline"]
    if "typical_p50_ms" in head:
        lines.append("Typical turns, p50 time per plan: " + ", ".join(
            f"{m} {v} ms" for m, v in head["typical_p50_ms"].items() if v is not None))
        lines.append("")
    speed = head.get("speedup_vs_brute", {})
    if "speedup_p50" in speed:
        lines.append(f"Speedup over brute force at {speed['discounts']} discounts: "
                     f"{speed['speedup_p50']}x at p50 (planner {speed['planner_p50_ms']} ms, brute "
                     f"force {speed['brute_p50_ms']} ms, {speed['cases']} cases; per-case "
                     f"geometric mean {speed['speedup_per_case_geomean']}x). {speed['note']}.")
    else:
        lines.append(f"Speedup over brute force: {speed.get('note')}.")
    lines += ["", "| family | size | method | cases | p50 ms | p90 ms | mean ms | plans/s | "
              "timeouts | skipped |", "|---|---|---|---|---|---|---|---|---|---|"]
    for family, entry in results["families"].items():
        for size, at_size in entry["sizes"].items():
            for method, s in at_size["methods"].items():
                if not s.get("cases") and not s.get("timeout"):
                    continue
                lines.append(f"| {family} | {size} | {method} | {s.get('cases', 0)} | "
                             f"{s.get('p50_ms', '-')} | {s.get('p90_ms', '-')} | "
                             f"{s.get('mean_ms', '-')} | {s.get('plans_per_s', '-')} | "
                             f"{s['timeout']} | {s['skipped']} |")
    lines += ["", "| family | compared | payable | greedy optimal | pays more | fails though "
              "payable | mean extra (when more) | max extra |", "|---|---|---|---|---|---|---|---|"]
    for family, entry in results["families"].items():
        g = entry["greedy_gap"]
        counts = g["counts"]
        lines.append(f"| {family} | {g['compared']} | {g['payable']} | "
                     f"{counts.get('optimal', 0)} | {counts.get('pays_more', 0)} "
                     f"({g['pays_more_pct']}%) | {counts.get('fails_payable', 0)} "
                     f"({g['fails_payable_pct']}%) | {g['gap_mean_when_more']} | {g['gap_max']} |")
    c = results["checks"]
    lines += ["", f"Checks: planner and brute force agree on {c['planner_vs_brute_agree']} cases, "
              f"disagree on {len(c['planner_vs_brute_disagree'])}; greedy better than the "
              f"optimum on {len(c['greedy_better_than_optimum'])}; invalid greedy payments "
              f"{len(c['greedy_invalid_payments'])}; planner not proven optimal on "
              f"{len(c['planner_not_proven_optimal'])}; errors {len(c['errors'])}."]
    return "\n".join(lines) + "\n"


# --- The command --------------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """`payplan bench`'s own options (the parser already has --workers, --time-limit, --seed;
    --seed is also the first generator seed)."""
    parser.add_argument("--suite", choices=suite_names(), default="quick",
                        help="which suite (default quick: every family, small, under a minute)")
    parser.add_argument("--out", default="bench-results",
                        help="directory for results.json, summary.md and the plots "
                             "(default bench-results)")
    parser.add_argument("--cases", type=int, default=None,
                        help="cases per family and size (default: the suite's own)")
    parser.add_argument("--repeats", type=int, default=None,
                        help="timed runs per case and method (default: the suite's own; fewer "
                             f"once a case's runs add up to {REPEAT_BUDGET:g} s)")
    parser.add_argument("--budget", type=float, default=None,
                        help="seconds per case for the planner and the greedy before it counts "
                             "as timed out (default: the suite's own)")
    parser.add_argument("--brute-budget", type=float, default=None,
                        help="seconds per case for the brute force (default: the suite's own)")
    from ..planner.arguments import add_pool_arguments

    add_pool_arguments(parser, "default 1: one measurement at a time")
    parser.add_argument("--cliff-sizes", default=None, metavar="SPEC",
                        help="--suite cliffs only: the knobs and sizes to run, e.g. "
                             "'any_less=3,6;orders=4' (default: every knob through its sweep)")
    parser.add_argument("--no-fast-path", action="store_true",
                        help="send every plan to CP-SAT (the planner's exact runes-only "
                             "shortcut off)")


def missing_extras() -> list[str]:
    """The packages of `payplan[bench]` the suite can't run without: networkx, for the brute
    force (without matplotlib it runs and writes no plots)."""
    import importlib.util

    return [name for name in ("networkx",) if importlib.util.find_spec(name) is None]


def main(args: argparse.Namespace) -> int:
    """Run `payplan bench`: 0 when every case ran and every check passed, 1 otherwise; 2 when
    the environment lacks what the suite needs."""
    missing = missing_extras()
    if missing:
        print(f"bench: the brute force needs {' and '.join(missing)} (pip install "
              "'payplan[bench]')", file=sys.stderr)
        return 2
    if args.suite == "cliffs":
        from .cliffs import bench_cliffs

        return bench_cliffs(args.out, args.time_limit, args.cliff_sizes, log=sys.stderr)
    if args.cliff_sizes is not None:
        print("bench: --cliff-sizes is for --suite cliffs", file=sys.stderr)
        return 2
    if args.suite == "turn":
        from .turns import bench_turns

        return bench_turns(args.out, SolverConfig(workers=args.workers,
                                                  time_limit=args.time_limit, seed=args.seed),
                           args.cases, log=sys.stderr)
    spec = suite_specs()[args.suite]
    if args.budget is not None or args.brute_budget is not None:
        spec = SuiteSpec(spec.name, spec.runs, spec.repeats,
                         args.budget if args.budget is not None else spec.budget,
                         args.brute_budget if args.brute_budget is not None else spec.brute_budget,
                         spec.brute)
    if any(value is not None and value < 1 for value in (args.cases, args.repeats, args.jobs)):
        print("bench: --cases, --repeats and --jobs must be at least 1", file=sys.stderr)
        return 2
    config = SolverConfig(workers=args.workers, time_limit=args.time_limit, seed=args.seed,
                          fast_path=not args.no_fast_path)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    started = time.time()
    start = time.perf_counter()
    pool: Pool
    if args.ray is not None:
        try:
            ray = start_ray(args.ray or None, args.jobs)
        except BatchError as err:
            print(f"bench: {err}", file=sys.stderr)
            return 2
        pool = RayPool(measure_jobs, config)  # one job per CPU: a job's time runs from its start
    else:
        ray = None
        pool = LocalPool(args.jobs or 1, measure_jobs, config)
    try:
        cases = run_suite(spec, config, args.seed, args.cases, args.repeats, pool)
    finally:
        pool.close()
        if ray is not None and not args.ray:
            ray.shutdown()
    elapsed = time.perf_counter() - start
    families = aggregate(cases)
    results: dict[str, Any] = {
        "format": "payplan-bench/1",
        "suite": spec.name,
        "command": command_line(),
        "started": time.strftime("%Y-%m-%dT%H:%M:%S%z", time.localtime(started)),
        "elapsed_s": round(elapsed, 1),
        "machine": {"python": platform.python_version(), "platform": platform.platform(),
                    "cpus": os.cpu_count(), "ortools": _version("ortools")},
        "tree": tree(),
        "config": {"workers": config.workers, "time_limit": config.time_limit,
                   "seed": config.seed, "fast_path": config.fast_path,
                   "repeats": args.repeats or spec.repeats,
                   "repeat_budget_s": REPEAT_BUDGET, "budget_s": spec.budget,
                   "brute_budget_s": spec.brute_budget,
                   "runner": (f"ray {args.ray or 'local cluster'}" if args.ray is not None
                              else f"{args.jobs or 1} local process(es)"),
                   "brute_limits": {"discounts": spec.brute.discounts, "runes": spec.brute.runes,
                                    "sources": spec.brute.sources,
                                    "objects": spec.brute.objects}},
        "methods": list(METHODS),
        "headline": headline(families, cases),
        "greedy_gap": gap_summary(cases),
        "families": families,
        "checks": checks(cases),
        "cases": cases,
    }
    # The figures first: a plot that fails (or matplotlib missing) must not lose the run.
    results["plots"] = []
    write_results(results, out)
    try:
        results["plots"] = plot(families, cases, out)
    except ImportError:
        print("bench: plots skipped: matplotlib is not installed (pip install 'payplan[bench]' "
              "to draw them)", file=sys.stderr)
    else:
        write_results(results, out)
    summary = summary_markdown(results)
    print(summary)
    print(f"wrote {out / 'results.json'}, {out / 'summary.md'} and "
          f"{len(results['plots'])} plots", file=sys.stderr)
    c = results["checks"]
    failed = (c["planner_vs_brute_disagree"] or c["greedy_better_than_optimum"]
              or c["greedy_invalid_payments"] or c["errors"])
    return 1 if failed else 0


def write_results(results: dict[str, Any], out: Path) -> None:
    """`results.json` and `summary.md` in `out`."""
    (out / "results.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    (out / "summary.md").write_text(summary_markdown(results), encoding="utf-8")


def _version(package: str) -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(package)
    except PackageNotFoundError:
        return None
