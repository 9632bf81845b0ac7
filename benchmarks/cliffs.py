"""Adversarial scenarios: each turns one knob of a play up, everything else small, and the
`cliffs` suite of `payplan bench` that times them.

Each game names its knobs in a cliffs module of its own (`CLIFFS` of its bench module, found
through the ruleset registry: `benchmarks.parts`), which holds:

- `KNOBS`: knob -> (what it counts, the sizes its aims are read at, the command it times:
  `plan`, `hand` or `orders`), and `SWEEP`: knob -> the sizes the suite runs;
- `cliff(knob, size)`: the knob's scenario, as plain data in the game's format, deterministic;
- `WHOLE`: the knobs timed as whole processes (`benchmarks.process`), against the game's typical
  CP-SAT plan timed the same way (`typical_data`, `TYPICAL_KEY`, `TYPICAL_SAID`), with its
  greedy baseline (`greedy_status`);
- for the other knobs, timed in a process of their own, the plan alone: `measure(knob, size,
  time_limit, brute)` (knob `typical`: the median of `size` typical plans, what every such knob
  is read against) and `BRUTE_UP_TO` (knob -> the largest size the brute force checks).

The aims: every plan under 100 ms (`AIM_MS`) and 200 MB (`AIM_MB`), `payplan orders` at 16
discounts under 1 s (`AIM_ORDERS_MS`).

`python -m payplan.benchmarks.cliffs` runs every knob at its aims' sizes, each in a fresh
process, and prints time, the ratio to the median typical plan of the same run, and peak RSS as
a Markdown table (benchmarks/RESULTS.md, "Cliffs").

`payplan bench --suite cliffs [--out DIR]` (`bench_cliffs`) turns each knob up through its
sweep, each size timed in a fresh process; where the brute force can run (`BRUTE_UP_TO`), a
second fresh process checks the knob's plans against it. It writes `results.json`,
`summary.md` and two plots (time and peak memory against size, one panel per knob, with the
aims and the typical plan of the same run drawn in); it exits 1 when the brute force disagrees
or a measurement fails. `--cliff-sizes "any_less=3,6;orders=4"` runs only the named knobs at
those sizes.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from . import parts, process

Data = dict[str, Any]

AIM_MS = 100.0  # every plan under 100 ms
AIM_MB = 200.0  # and under 200 MB
AIM_ORDERS_MS = 1000.0  # `payplan orders` at 16 discounts under 1 s


def owners() -> dict[str, ModuleType]:
    """knob -> the cliffs module of the game it belongs to, every game's knobs in order."""
    found: dict[str, ModuleType] = {}
    for game in parts.cliffs():
        for knob in game.KNOBS:
            found.setdefault(knob, game)
    return found


def knobs() -> dict[str, tuple[str, tuple[int, ...], str]]:
    """Every game's knobs: knob -> (what it counts, its aims' sizes, the command it times)."""
    return {knob: game.KNOBS[knob] for knob, game in owners().items()}


def sweep() -> dict[str, tuple[int, ...]]:
    """Every game's knobs -> the sizes the suite runs."""
    return {knob: game.SWEEP[knob] for knob, game in owners().items()}


def whole() -> set[str]:
    """The knobs timed as whole processes."""
    return {knob for knob, game in owners().items() if knob in game.WHOLE}


def cliff(knob: str, size: int) -> Data:
    """The adversarial scenario of `knob` at `size`, from its game's cliffs module."""
    found = owners()
    if knob not in found:
        raise ValueError(f"unknown knob {knob!r} (one of: {', '.join(found)})")
    data: Data = found[knob].cliff(knob, size)
    return data


def _in_process() -> ModuleType | None:
    """The first game with knobs timed in a process of their own: its typical plan is what
    those knobs are read against."""
    return next((game for game in parts.cliffs() if set(game.KNOBS) - set(game.WHOLE)), None)


def measure(knob: str, size: int, time_limit: float = 10.0, brute: bool = False) -> dict[str, Any]:
    """One run of `knob` at `size` in a fresh process (knob `typical`: the median of `size`
    typical plans), timed as its game times it: seconds, CPU time, whether the answer is proved
    optimal, the peak RSS; with `brute`, its plans checked against the brute force."""
    found = owners()
    if knob in found and knob in found[knob].WHOLE:
        return process.measure(found[knob], knob, size, time_limit)
    game = found.get(knob) if knob != "typical" else _in_process()
    if game is None:
        return {"error": f"no game measures the knob {knob!r}"}
    answer: dict[str, Any] = game.measure(knob, size, time_limit, brute)
    return answer


def main() -> None:
    """Every knob at its aims' sizes against the median typical plan of the same run, as a
    Markdown table on stdout."""
    import os

    typical = measure("typical", 21)
    base = typical["time"]
    print(f"Typical plan (median of 21 `typical` turns): {base * 1000:.2f} ms, "
          f"peak RSS {typical['rss_mb']:.0f} MB; load average {os.getloadavg()[0]:.1f}.\n")
    print("| knob | size | time | x typical | peak RSS | optimal |")
    print("|---|---|---|---|---|---|")
    for knob, (what, sizes, _) in knobs().items():
        for size in sizes:
            got = measure(knob, size)
            if "error" in got:
                print(f"| {what} | {size} | error: {got['error']} | | | |")
                continue
            print(f"| {what} | {size} | {got['time'] * 1000:.1f} ms | {got['time'] / base:,.0f}x "
                  f"| {got['rss_mb']:.0f} MB | {got['optimal']} |", flush=True)


# --- The `cliffs` suite of `payplan bench` -------------------------------------------------------


def parse_sizes(spec: str) -> dict[str, tuple[int, ...]]:
    """`"any_less=3,6;orders=4"` -> {"any_less": (3, 6), "orders": (4,)}; ValueError if bad."""
    known = knobs()
    chosen: dict[str, tuple[int, ...]] = {}
    for part in filter(None, (p.strip() for p in spec.split(";"))):
        knob, _, sizes = part.partition("=")
        if knob.strip() not in known:
            raise ValueError(f"unknown knob {knob.strip()!r} (one of: {', '.join(known)})")
        values = tuple(int(v) for v in sizes.split(",") if v.strip())
        if not values or min(values) < 1:
            raise ValueError(f"{knob.strip()}: expected sizes of at least 1, got {sizes!r}")
        chosen[knob.strip()] = values
    if not chosen:
        raise ValueError("no knob named")
    return chosen



def run_cliffs(sizes: dict[str, tuple[int, ...]], time_limit: float = 10.0,
               typical_cases: int = 21, log: Any = None) -> dict[str, Any]:
    """Every knob of `sizes` at each of its sizes (each a fresh process), the brute force where
    it can run, against the median typical plan of the same run: the suite's results."""
    import os

    def say(text: str) -> None:
        if log is not None:
            print(text, file=log, flush=True)

    typical = measure("typical", typical_cases, time_limit)
    base = typical.get("time")
    say(f"typical plan: {base * 1000:.2f} ms" if base else f"typical plan: {typical}")
    found = owners()
    bases = {game.TYPICAL_KEY: process.typical(game, time_limit) for game in parts.cliffs()
             if any(knob in game.WHOLE and found.get(knob) is game for knob in sizes)}
    checks: dict[str, Any] = {"brute_force_agree": 0, "brute_force_disagree": [], "errors": []}
    measured: dict[str, Any] = {}
    for knob, at in sizes.items():
        what, table, command = found[knob].KNOBS[knob]
        rows: dict[str, Any] = {}
        for size in at:
            if knob in found[knob].WHOLE:
                of = bases.get(found[knob].TYPICAL_KEY) or {}
                row = process.row(found[knob], knob, size, of.get("process_s"), time_limit,
                                  of.get("process_cpu_s"))
                if "error" in row:
                    checks["errors"].append({"knob": knob, "size": size, "error": row["error"]})
            else:
                row = _in_process_row(found[knob], knob, size, time_limit, base, checks)
            rows[str(size)] = row
            say(f"{knob} {size}: {row}")
        measured[knob] = {"what": what, "command": command, "table_sizes": list(table),
                          "sizes": rows}
    return {
        "format": "payplan-bench/1",
        "suite": "cliffs",
        "load_average": round(os.getloadavg()[0], 2),
        "time_limit_s": time_limit,
        "typical": {"cases": typical_cases, "p50_ms": round(base * 1000, 3) if base else None,
                    "rss_mb": typical.get("rss_mb")},
        "aims": {"plan_ms": AIM_MS, "orders_ms": AIM_ORDERS_MS, "rss_mb": AIM_MB},
        "knobs": measured,
        **{key: {"process_ms": round(got["process_s"] * 1000, 1),
                 "process_cpu_ms": round(got["process_cpu_s"] * 1000, 1),
                 "time_ms": round(got["time"] * 1000, 3), "rss_mb": round(got["rss_mb"], 1)}
           for key, got in bases.items() if "error" not in got},
        "checks": checks,
    }


def _in_process_row(game: ModuleType, knob: str, size: int, time_limit: float,
                    base: float | None, checks: dict[str, Any]) -> dict[str, Any]:
    """One size of a knob timed in a process of its own, and checked against the brute force
    up to the game's `BRUTE_UP_TO` (what it finds goes into `checks`)."""
    got = game.measure(knob, size, time_limit, False)
    row: dict[str, Any] = {}
    if "error" in got:
        row["error"] = got["error"]
        checks["errors"].append({"knob": knob, "size": size, "error": got["error"]})
    else:
        row = {"time_ms": round(got["time"] * 1000, 3),
               "cpu_ms": round(got["cpu"] * 1000, 3), "rss_mb": round(got["rss_mb"], 1),
               "optimal": got["optimal"],
               "x_typical": round(got["time"] / base, 1) if base else None}
    if size <= game.BRUTE_UP_TO.get(knob, 0):
        brute = game.measure(knob, size, time_limit, True)
        row["brute_force"] = brute
        if "error" in brute:
            checks["errors"].append({"knob": knob, "size": size, "brute_force": brute["error"]})
        elif brute["disagree"]:
            checks["brute_force_disagree"].append({"knob": knob, "size": size,
                                                   "plans": brute["disagree"]})
        else:
            checks["brute_force_agree"] += brute["checked"]
    return row


def cliffs_markdown(results: dict[str, Any]) -> str:
    """The suite's table, in Markdown (what benchmarks/RESULTS.md quotes)."""
    typical = results["typical"]
    lines = [f"Typical plan (median of {typical['cases']} `typical` turns): "
             f"{typical['p50_ms']} ms, peak RSS {typical['rss_mb']:.0f} MB; load average "
             f"{results['load_average']}."]
    timed_whole = whole()
    if any(k not in timed_whole for k in results["knobs"]):  # (the whole processes have their own)
        lines += ["", "| knob | size | time | CPU time | x typical | peak RSS | optimal | "
                  "brute force |", "|---|---|---|---|---|---|---|---|"]
    for knob, entry in results["knobs"].items():
        if knob in timed_whole:
            continue  # their own tables, below
        lines += _in_process_lines(entry)
    for game in parts.cliffs():
        if any(k in game.WHOLE for k in results["knobs"]):
            lines += ["", process.markdown(results, game).rstrip("\n")]
    c = results["checks"]
    lines += ["", f"Checks: the brute force agrees on {c['brute_force_agree']} plans, disagrees "
              f"on {len(c['brute_force_disagree'])} sizes; errors {len(c['errors'])}."]
    return "\n".join(lines) + "\n"


def _in_process_lines(entry: dict[str, Any]) -> list[str]:
    """The table's rows of one knob timed in a process of its own."""
    lines: list[str] = []
    for size, row in entry["sizes"].items():
        brute = row.get("brute_force")
        if brute is None:
            said = ""
        elif "error" in brute:
            said = f"error: {brute['error']}"
        elif brute["disagree"]:
            said = f"disagrees on {len(brute['disagree'])} of {brute['checked']}"
        else:
            said = f"agrees ({brute['checked']} plan{'s' * (brute['checked'] != 1)})"
        if "error" in row:
            lines.append(f"| {entry['what']} | {size} | error: {row['error']} | | | | | {said} |")
            continue
        x = row["x_typical"]
        ratio = "-" if x is None else f"{x:,.1f}x" if x < 10 else f"{x:,.0f}x"
        lines.append(f"| {entry['what']} | {size} | {row['time_ms']:,.1f} ms | "
                     f"{row['cpu_ms']:,.1f} ms | {ratio} | "
                     f"{row['rss_mb']:.0f} MB | {row['optimal']} | {said} |")
    return lines


def plot_cliffs(results: dict[str, Any], out: Any) -> list[str]:
    """Time and peak memory against size, one panel per knob; return the file names."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    knobs = results["knobs"]
    typical = results["typical"]["p50_ms"]
    written = []
    for name, key, label, aim in (("cliffs_time.png", "time_ms", "time per plan, ms", AIM_MS),
                                  ("cliffs_memory.png", "rss_mb", "peak RSS, MB", AIM_MB)):
        columns = min(4, max(1, len(knobs)))
        rows = -(-len(knobs) // columns)
        fig, axes = plt.subplots(rows, columns, figsize=(3.6 * columns, 3.0 * rows), squeeze=False)
        for ax in axes.flat[len(knobs):]:
            ax.set_visible(False)
        for ax, (knob, entry) in zip(axes.flat, knobs.items()):
            points = [(int(s), r[key]) for s, r in entry["sizes"].items() if key in r]
            checked = [(int(s), r[key]) for s, r in entry["sizes"].items()
                       if key in r and "disagree" in r.get("brute_force", {})]
            if points:
                ax.plot(*zip(*points), "o-", color="tab:blue",
                        label="wall time" if key == "time_ms" else "measured")
            cpu = [(int(s), r["cpu_ms"]) for s, r in entry["sizes"].items() if "cpu_ms" in r]
            if key == "time_ms" and cpu:
                ax.plot(*zip(*cpu), ".--", color="tab:purple", label="CPU time")
            if checked:
                ax.plot(*zip(*checked), "s", color="tab:green", markerfacecolor="none",
                        markersize=10, label="checked by brute force")
            limit = AIM_ORDERS_MS if key == "time_ms" and entry["command"] == "orders" else aim
            ax.axhline(limit, color="tab:red", linestyle="--", linewidth=1, label="aim")
            if key == "time_ms" and typical:
                ax.axhline(typical, color="tab:gray", linestyle=":", linewidth=1,
                           label="typical plan")
            ax.set_yscale("log")
            ax.set_title(f"{knob} ({entry['command']})", fontsize=9)
            ax.set_xlabel(entry["what"], fontsize=7)
            ax.set_ylabel(label, fontsize=8)
            ax.grid(True, which="both", alpha=0.3)
            ax.tick_params(labelsize=7)
        axes.flat[0].legend(fontsize=6)
        fig.suptitle(f"Cliffs: {label} against each knob", fontsize=10)
        fig.tight_layout()
        fig.savefig(out / name, dpi=100)
        plt.close(fig)
        written.append(name)
    return written


def bench_cliffs(out: Any, time_limit: float, sizes: str | None, log: Any = None) -> int:
    """`payplan bench --suite cliffs`: run, write results.json, summary.md and the plots; 0
    when every measurement ran and the brute force agreed, 1 otherwise, 2 for bad --cliff-sizes."""
    import json
    import sys
    from pathlib import Path

    try:
        chosen = parse_sizes(sizes) if sizes else sweep()
    except ValueError as err:
        print(f"--cliff-sizes: {err}", file=sys.stderr)
        return 2
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    results = run_cliffs(chosen, time_limit, log=log)
    from .provenance import command_line, tree

    results["command"] = command_line()
    results["tree"] = tree()
    results["plots"] = []
    summary = cliffs_markdown(results)
    (out / "summary.md").write_text(summary, encoding="utf-8")
    (out / "results.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    try:
        results["plots"] = plot_cliffs(results, out)
    except ImportError:
        print("bench: plots skipped: matplotlib is not installed (pip install 'payplan[bench]' "
              "to draw them)", file=sys.stderr)
    (out / "results.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print(summary)
    c = results["checks"]
    return 1 if c["brute_force_disagree"] or c["errors"] else 0


if __name__ == "__main__":
    main()
