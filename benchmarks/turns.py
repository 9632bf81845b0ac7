"""`payplan bench --suite turn`: the turn planner against the two baselines of the turn spec, and
its time against one typical single plan, measured in the same run.

For every ruleset with a turn family (a family named `turn` or `...-turn`), every size
(candidates in hand) and `--cases` seeds, in this process, one case at a time:

- the planner: `Ruleset.turn` (its value, objective, time, whether proved optimal);
- greedy (`greedy`): repeatedly make the affordable play of highest value (ties: candidate
  order), each paid alone at its cheapest (its first move as the planner ranks them alone);
- listed order (`listed`): the candidates in candidate order, each paid alone at its cheapest
  when it can be.

The baselines see the same candidates and make the same moves as the planner (a ruleset's
`turn_moves` with nothing settled at the end), one play at a time, never looking ahead. It
writes `results.json`, `summary.md` (how often and by how much each baseline loses value, or
only objective, against the planner; the planner's time against a typical plan: p50 and p90
per size, the share proved optimal) and `turn_losses.png`, `turn_time.png` (with matplotlib).
The typical plan is the median time of `payplan plan` on its own game's typical family and size
(`TYPICAL_PLAN` of the game's bench module, found through the registry: `benchmarks.parts`),
planned in the same run; each format's turns are compared with its own, and the typical plan of
the game of the family named `turn` is also the headline `typical_plan_ms`.
Each game's bench module may give `wide_turn(seed)`: its wide family (30 plays that do not
interact, over one pool: `benchmarks/riftbound/wide.py`, `benchmarks/mtg/wide.py`), run at
size 30 beside the sizes of its turn family. Every time is reported as wall and as this
process's CPU time, each also as a ratio to the typical plan's (wall to wall, CPU to CPU).
The aims (read, not checked): at 7 candidates a turn's p50 within 20 typical plans and its p90
within 100; at 12, p50 within 100 and p90 within 500, every turn proved; at 20, every turn
proved and p50 within 1,000; the wide family exact and proved within a second.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any, Callable

from ..planner.config import SolverConfig
from ..planner.kernel import deadline
from . import parts
from .generate import families, generate

SIZES = (4, 7, 12, 20)
WIDE = 30  # plays of the wide family
CASES = 20
TYPICAL_CASES = 40
HEADLINE_FAMILY = "turn"  # its game's typical plan is the headline `typical_plan_ms`


def baseline(ruleset: Any, scenario: Any, pick: str, config: SolverConfig) -> dict[str, Any]:
    """One baseline's turn: its value, objective and the plays it made."""
    turn = scenario.turn if scenario.turn is not None else _default_turn()
    moves = ruleset.turn_moves(scenario, defer=False)
    state = moves.begin(scenario)
    limit = deadline(config)
    played: set[str] = set()
    value = objective = 0
    order: list[str] = []
    listed = list(moves.candidates(state, turn))
    position = 0
    while len(order) < turn.play_limit:
        options = moves.candidates(state, turn)
        options = [c for c in options if c.card_object is None or c.card_object not in played]
        chosen: tuple[Any, Any] | None = None
        if pick == "listed":
            while position < len(listed) and chosen is None:
                candidate = listed[position]
                position += 1
                here = next((c for c in options if c.key == candidate.key), None)
                found = moves.moves(state, here, limit) if here is not None else []
                if found:
                    chosen = (here, found[0])
            if chosen is None:
                break
        else:
            best: tuple[int, int] | None = None
            for k, candidate in enumerate(options):
                found = moves.moves(state, candidate, limit)
                if not found:
                    continue
                rank = (-turn.value(candidate.key), k)
                if best is None or rank < best:
                    best, chosen = rank, (candidate, found[0])
            if chosen is None:
                break
        candidate, move = chosen
        value += turn.value(candidate.key)
        objective += move.objective
        order.append(candidate.key)
        if candidate.card_object is not None:
            played.add(candidate.card_object)
        state = move.after
    return {"value": value, "objective": objective, "order": order}


def _default_turn() -> Any:
    from ..engine.turn import Turn

    return Turn()


def _timed(run: Callable[[], Any]) -> tuple[float, Any]:
    began = time.perf_counter()
    out = run()
    return (time.perf_counter() - began) * 1000, out


def typical_plan(format_: str) -> tuple[str, int]:
    """The family and size of the format's typical plan (`TYPICAL_PLAN` of its bench module)."""
    family, size = parts.of_format(format_).TYPICAL_PLAN
    return family, size


def headline_format(turns: dict[str, Any]) -> str:
    """The format whose typical plan is the headline `typical_plan_ms`: that of the family
    `HEADLINE_FAMILY`, else of the first turn family."""
    ruleset = turns.get(HEADLINE_FAMILY) or next(iter(turns.values()))
    format_: str = ruleset.format
    return format_


def typical_plan_ms(cases: int, config: SolverConfig, format_: str) -> tuple[float, float]:
    """The median wall and CPU time of one `payplan plan` on the format's typical family and
    size."""
    from ..planner.commands import answer

    family, size = typical_plan(format_)
    times, cpus = [], []
    for seed in range(cases):
        data = generate(family, size, seed)
        answer("plan", data, config)  # warm
        cpu = time.process_time()
        ms, _ = _timed(partial(answer, "plan", data, config))
        cpus.append((time.process_time() - cpu) * 1000)
        times.append(ms)
    return statistics.median(times), statistics.median(cpus)


def _wide(format_: str) -> Callable[[int, int], dict[str, Any]] | None:
    """The format's wide family (`wide_turn(seed, plays)` of its bench module), or None."""
    found: Callable[[int, int], dict[str, Any]] | None = getattr(parts.of_format(format_),
                                                                 "wide_turn", None)
    return found


def _case(ruleset: Any, family: str, size: int, seed: int, data: dict[str, Any],
          config: SolverConfig, typical: tuple[float, float]) -> dict[str, Any]:
    """One turn measured: the planner (wall and CPU) and both baselines."""
    scenario = ruleset.load(data)
    cpu = time.process_time()
    ms, planned = _timed(partial(ruleset.turn, scenario, config))
    cpu_ms = (time.process_time() - cpu) * 1000
    answer = planned.to_json()
    case: dict[str, Any] = {
        "format": ruleset.format, "family": family, "size": size, "seed": seed,
        "planner": {"ms": round(ms, 3), "cpu_ms": round(cpu_ms, 3), "value": answer["value"],
                    "bound": answer.get("bound"),
                    "objective": answer["objective"], "optimal": answer["optimal"],
                    "order": answer["order"]},
        "x_typical": round(ms / typical[0], 1) if typical[0] else None,
    }
    for pick in ("greedy", "listed"):
        bms, got = _timed(partial(baseline, ruleset, scenario, pick, config))
        got["ms"] = round(bms, 3)
        case[pick] = got
    return case


def run_turns(sizes: tuple[int, ...], cases: int, config: SolverConfig,
              log: Any = None, wide: int = 0) -> dict[str, Any]:
    """Every turn case measured (see the module docstring); `wide`: the plays of each game's
    wide family (0: none)."""
    known = families()
    turns = {name: ruleset for name, (ruleset, _) in known.items()
             if name == "turn" or name.endswith("-turn")}
    headline = headline_format(turns)
    typical = {fmt: typical_plan_ms(TYPICAL_CASES, config, fmt)
               for fmt in sorted({headline, *(r.format for r in turns.values())})}
    out: dict[str, Any] = {"typical_plan_ms": round(typical[headline][0], 3),
                           "typical_plan_ms_by_format": {f: round(ms[0], 3)
                                                         for f, ms in typical.items()},
                           "typical_plan_cpu_ms_by_format": {f: round(ms[1], 3)
                                                             for f, ms in typical.items()},
                           "cases": []}
    for name, ruleset in turns.items():
        runs = [(name, size, seed, partial(generate, name, size, seed))
                for size in sizes for seed in range(cases)]
        make_wide = _wide(ruleset.format) if wide else None
        if make_wide is not None:
            runs += [("wide", wide, seed, partial(make_wide, seed, wide))
                     for seed in range(cases)]
        for family, size, seed, make in runs:
            case = _case(ruleset, family, size, seed, make(), config, typical[ruleset.format])
            out["cases"].append(case)
            if log is not None:
                print(f"turn {ruleset.format} {family} size {size} seed {seed}: "
                      f"{case['planner']['ms']:.0f} ms, value {case['planner']['value']} "
                      f"(greedy {case['greedy']['value']}, listed {case['listed']['value']})",
                      file=log, flush=True)
    out["summary"] = summarise(out["cases"], typical)
    return out


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    pos = (len(ordered) - 1) * q / 100
    low = int(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def summarise(cases: list[dict[str, Any]], typicals: dict[str, tuple[float, float]]
              ) -> list[dict[str, Any]]:
    rows = []
    groups: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for case in cases:
        groups.setdefault((case["format"], case["size"]), []).append(case)
    for (fmt, size), group in sorted(groups.items()):
        times = [c["planner"]["ms"] for c in group]
        # This process's CPU time: on a loaded machine the wall clock (and with it the time
        # limit, which is wall clock) runs ahead of it.
        cpus = [c["planner"].get("cpu_ms", 0.0) for c in group]
        wall, cpu = typicals[fmt]
        row: dict[str, Any] = {
            "format": fmt, "family": group[0].get("family", ""), "size": size,
            "cases": len(group),
            "p50_ms": round(_pct(times, 50), 2), "p90_ms": round(_pct(times, 90), 2),
            "p50_cpu_ms": round(_pct(cpus, 50), 2), "p90_cpu_ms": round(_pct(cpus, 90), 2),
            "p50_x_typical": round(_pct(times, 50) / wall, 1) if wall else None,
            "p90_x_typical": round(_pct(times, 90) / wall, 1) if wall else None,
            "p50_cpu_x_typical": round(_pct(cpus, 50) / cpu, 1) if cpu else None,
            "p90_cpu_x_typical": round(_pct(cpus, 90) / cpu, 1) if cpu else None,
            "optimal_share": round(sum(c["planner"]["optimal"] for c in group) / len(group), 3),
        }
        for pick in ("greedy", "listed"):
            lost = [c["planner"]["value"] - c[pick]["value"] for c in group]
            worse = [c[pick]["objective"] - c["planner"]["objective"] for c in group
                     if c[pick]["value"] == c["planner"]["value"]]
            row[pick] = {
                "loses_value": sum(1 for x in lost if x > 0),
                "loses_value_share": round(sum(1 for x in lost if x > 0) / len(group), 3),
                "mean_value_lost": round(statistics.mean(lost), 2),
                "max_value_lost": max(lost),
                "same_value_higher_objective": sum(1 for x in worse if x > 0),
                # A baseline turn worth more, or as much for less: never, when the planner's
                # answer is proved optimal (its cut answers are counted apart).
                "better_than_planner": sum(
                    1 for c in group if c["planner"]["optimal"] and (
                        c[pick]["value"] > c["planner"]["value"]
                        or (c[pick]["value"] == c["planner"]["value"]
                            and c[pick]["objective"] < c["planner"]["objective"]))),
            }
        rows.append(row)
    return rows


def markdown(results: dict[str, Any]) -> str:
    lines = ["# payplan bench --suite turn", "",
             f"Load average at the end: {results.get('load', '?')}.", "",
             "One typical `payplan plan` (median, same run): " + ", ".join(
                 f"{f} {ms} ms, CPU {results.get('typical_plan_cpu_ms_by_format', {}).get(f)}"
                 f" ms ({typical_plan(f)[0]} at {typical_plan(f)[1]})"
                 for f, ms in results["typical_plan_ms_by_format"].items()) + ".",
             "", "| format | size | cases | family | p50 ms | p90 ms | p50 / typical | "
                 "p90 / typical | p50 CPU ms | p90 CPU ms | p50 CPU / typical CPU | "
                 "p90 CPU / typical CPU | "
                 "optimal | greedy loses value | listed loses value | greedy mean lost | "
                 "listed mean lost |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in results["summary"]:
        g, lst = r["greedy"], r["listed"]
        lines.append(f"| {r['format']} | {r['size']} | {r['cases']} | {r.get('family', '')} | "
                     f"{r['p50_ms']} | "
                     f"{r['p90_ms']} | {r['p50_x_typical']}x | {r['p90_x_typical']}x | "
                     f"{r['p50_cpu_ms']} | {r['p90_cpu_ms']} | {r.get('p50_cpu_x_typical')}x | "
                     f"{r.get('p90_cpu_x_typical')}x | "
                     f"{r['optimal_share']:.0%} | {g['loses_value']} ({g['loses_value_share']:.0%})"
                     f" | {lst['loses_value']} ({lst['loses_value_share']:.0%}) | "
                     f"{g['mean_value_lost']} | {lst['mean_value_lost']} |")
    better = sum(r[p]["better_than_planner"] for r in results["summary"] for p in ("greedy", "listed"))
    lines += ["", f"Baseline turns better than the planner's: {better} (must be 0)."]
    return "\n".join(lines) + "\n"


def plot(results: dict[str, Any], out: Path) -> list[str]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = []
    rows = results["summary"]
    labels = [f"{r['format']}\n{r['size']}" for r in rows]
    fig, ax = plt.subplots(figsize=(8, 4))
    width = 0.38
    xs = range(len(rows))
    ax.bar([x - width / 2 for x in xs], [r["greedy"]["loses_value_share"] for r in rows],
           width, label="greedy")
    ax.bar([x + width / 2 for x in xs], [r["listed"]["loses_value_share"] for r in rows],
           width, label="listed order")
    ax.set_xticks(list(xs), labels)
    ax.set_ylabel("share of turns losing value vs the planner")
    ax.set_ylim(0, 1)
    ax.legend()
    fig.tight_layout()
    fig.savefig(out / "turn_losses.png", dpi=110)
    plt.close(fig)
    names.append("turn_losses.png")
    fig, ax = plt.subplots(figsize=(8, 4))
    for fmt in sorted({r["format"] for r in rows}):
        mine = [r for r in rows if r["format"] == fmt]
        ax.plot([r["size"] for r in mine], [r["p50_ms"] for r in mine], marker="o",
                label=f"{fmt} p50")
        ax.plot([r["size"] for r in mine], [r["p90_ms"] for r in mine], marker="x",
                linestyle="--", label=f"{fmt} p90")
    headline = next((c["format"] for c in results["cases"] if c["family"] == HEADLINE_FAMILY),
                    None)
    for fmt, ms in results["typical_plan_ms_by_format"].items():
        ax.axhline(ms, color="grey", linestyle=":" if fmt == headline else "-.",
                   label=f"one typical {fmt} plan")
    ax.set_yscale("log")
    ax.set_xlabel("candidates (cards in hand)")
    ax.set_ylabel("ms per turn")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out / "turn_time.png", dpi=110)
    plt.close(fig)
    names.append("turn_time.png")
    return names


def _load() -> str:
    try:
        import os

        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except (AttributeError, OSError):
        return "?"


def bench_turns(out: Any, config: SolverConfig, cases: int | None, log: Any = None) -> int:
    """`payplan bench --suite turn`: 0 when every case ran and no baseline beat the planner."""
    from .provenance import command_line, tree

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    results = run_turns(SIZES, cases or CASES, config, log=log, wide=WIDE)
    results["command"] = command_line()
    results["tree"] = tree()
    results["load"] = _load()
    results["config"] = {"time_limit": config.time_limit, "workers": config.workers,
                         "seed": config.seed}
    try:
        results["plots"] = plot(results, out)
    except ImportError:
        results["plots"] = []
        print("bench: plots skipped: matplotlib is not installed", file=sys.stderr)
    summary = markdown(results)
    (out / "summary.md").write_text(summary, encoding="utf-8")
    (out / "results.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print(summary)
    better = sum(r[p]["better_than_planner"] for r in results["summary"] for p in ("greedy", "listed"))
    return 1 if better else 0


__all__ = ["baseline", "bench_turns", "run_turns"]
