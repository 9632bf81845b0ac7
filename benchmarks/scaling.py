"""Planning at scale: plans per second for `--requests` typical requests on every path.

    python -m payplan.benchmarks.scaling --requests 100000 [--out DIR] [--paths ...]

The requests are `benchmarks.generate`'s typical family, seeds 0 .. N-1, as serve-style lines
(`{"id", "command": "plan", "scenario"}`), written to a file first (not timed). Paths:

- `loop`: `plan()` in a loop in this process, with the same per-request work as a worker does
  (parse the line, read the scenario, plan, write the answer line): the baseline;
- `local-1`, `local-2`: `payplan batch` (`planner.batch.batch`) on 1 and 2 local processes;
- `ray-1`, `ray-2`: `payplan batch --ray` on a local Ray cluster started with 1 and 2 CPUs (the
  cluster's start is timed apart and not counted in the rate);
- `serve`: `payplan serve` as a process, fed by one client (a thread writing every line, the
  main thread reading the answers).

Every path's OUT must equal the loop's byte for byte (checked; a mismatch fails the run).

Per-task overhead: on `--sample` requests, `local-2` and `ray-2` with chunks of 1 and of 64;
with W workers, a request costs each worker `wall * W / n`, so the cost of one task is
`(wall_1 - wall_64) * W / n / (1 - 1/64)`. Per-request overhead of a path: `wall * W / N` minus
the loop's time per request. The projection to a 64-CPU Ray cluster:
`min(64 / (t_request + task_overhead / chunk), 1 / driver_cpu_per_request)`, where
`driver_cpu_per_request` is this process's CPU time per request in the `ray-2` run (reading IN,
sending chunks, gathering and writing answers). It assumes 64 worker CPUs each as fast as one
here and not shared, a driver with a core of its own, per-task costs on a network like those of
the local cluster (chunks are small: ~150 KB of requests per task), and the same request mix.

Figures go to `--out` (default `bench-results/scaling`): `scaling.json`, rewritten after every
path (an interrupted run keeps what it measured), and `scaling.md`, the table.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from payplan.benchmarks.generate import generate
from payplan.planner.batch import BatchOptions, batch, start_ray
from payplan.planner.config import DEFAULT_CONFIG
from payplan.planner.serve import _encode, answer_line, handle

PATHS: tuple[str, ...] = ("loop", "local-1", "local-2", "ray-1", "ray-2", "serve")
WORKERS: dict[str, int] = {"loop": 1, "local-1": 1, "local-2": 2, "ray-1": 1, "ray-2": 2,
                           "serve": 1}
BIG_CHUNK = 64


def write_requests(path: Path, count: int) -> None:
    with open(path, "w", encoding="utf-8") as out:
        for seed in range(count):
            request = {"id": seed, "command": "plan", "scenario": generate("typical", 7, seed)}
            out.write(json.dumps(request) + "\n")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def run_loop(source: Path, target: Path) -> dict[str, Any]:
    """`plan()` in a loop, with a worker's per-request work around it."""
    def run(command: str, data: object) -> dict[str, object]:
        return handle(command, data, DEFAULT_CONFIG)

    start, cpu = time.perf_counter(), time.process_time()
    with open(source, encoding="utf-8") as lines, open(target, "w", encoding="utf-8") as out:
        for number, line in enumerate(lines, 1):
            out.write(_encode(answer_line(line, number, run)) + "\n")
    return {"wall_s": time.perf_counter() - start, "driver_cpu_s": time.process_time() - cpu}


def run_batch(source: Path, target: Path, jobs: int, ray: bool,
              chunk: int | None = None) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    ray_module = None
    if ray:
        start = time.perf_counter()
        ray_module = start_ray(None, jobs)
        figures["startup_s"] = time.perf_counter() - start
    try:
        options = BatchOptions(jobs=jobs, ray=ray, chunk=chunk, progress=False)
        start, cpu = time.perf_counter(), time.process_time()
        batch(str(source), str(target), options)
        figures["wall_s"] = time.perf_counter() - start
        figures["driver_cpu_s"] = time.process_time() - cpu
    finally:
        if ray_module is not None:
            ray_module.shutdown()
    return figures


def run_serve(source: Path, target: Path) -> dict[str, Any]:
    """`payplan serve` fed by one client: every line written by one thread, answers read here."""
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "payplan.planner.cli", "serve"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None
    stdin = process.stdin

    def feed() -> None:
        with open(source, "rb") as lines:
            for line in lines:
                stdin.write(line)
        stdin.close()

    writer = threading.Thread(target=feed)
    writer.start()
    with open(target, "wb") as out:
        for answer in process.stdout:
            out.write(answer)
    writer.join()
    process.wait()
    return {"wall_s": time.perf_counter() - start, "includes": "the service's start"}


def measure(paths: list[str], count: int, sample: int, out: Path) -> dict[str, Any]:
    out.mkdir(parents=True, exist_ok=True)
    results: dict[str, Any] = {
        "format": "payplan-scaling/1", "requests": count, "sample": sample,
        "command": " ".join(["python -m payplan.benchmarks.scaling", *sys.argv[1:]]),
        "machine": {"python": platform.python_version(), "platform": platform.platform(),
                    "cpus": os.cpu_count(), "load_before": os.getloadavg()},
        "paths": {}, "task_overhead": {},
    }
    with tempfile.TemporaryDirectory(prefix="payplan-scaling-") as scratch:
        folder = Path(scratch)
        source = folder / "requests.jsonl"
        small = folder / "sample.jsonl"
        start = time.perf_counter()
        write_requests(source, count)
        with open(source, encoding="utf-8") as lines, open(small, "w", encoding="utf-8") as o:
            for _, line in zip(range(sample), lines):
                o.write(line)
        results["generate_s"] = time.perf_counter() - start
        reference = None
        for name in paths:
            target = folder / f"{name}.jsonl"
            print(f"scaling: {name} on {count} requests ...", file=sys.stderr, flush=True)
            if name == "loop":
                figures = run_loop(source, target)
            elif name == "serve":
                figures = run_serve(source, target)
            else:
                figures = run_batch(source, target, WORKERS[name], name.startswith("ray"))
            figures["load_after"] = os.getloadavg()
            figures["plans_per_s"] = count / figures["wall_s"]
            figures["digest"] = digest(target)
            reference = reference or figures["digest"]
            figures["same_answers_as_first_path"] = figures["digest"] == reference
            results["paths"][name] = figures
            target.unlink()
            _save(results, out)
            print(f"scaling: {name}: {figures['plans_per_s']:.1f} plans/s", file=sys.stderr)
        for name in ("local-2", "ray-2"):
            if name not in paths:
                continue
            ray = name.startswith("ray")
            walls = {}
            for chunk in (1, BIG_CHUNK):
                print(f"scaling: {name} chunk {chunk} on {sample} requests ...", file=sys.stderr,
                      flush=True)
                walls[chunk] = run_batch(small, folder / "chunk.jsonl", WORKERS[name], ray,
                                         chunk)["wall_s"]
            workers = WORKERS[name]
            per_task = (walls[1] - walls[BIG_CHUNK]) * workers / sample / (1 - 1 / BIG_CHUNK)
            results["task_overhead"][name] = {"wall_chunk_1_s": walls[1],
                                              f"wall_chunk_{BIG_CHUNK}_s": walls[BIG_CHUNK],
                                              "per_task_ms": per_task * 1000}
            _save(results, out)
    results["summary"] = summarise(results)
    results["machine"]["load_end"] = os.getloadavg()
    _save(results, out)
    (out / "scaling.md").write_text(markdown(results), encoding="utf-8")
    return results


def summarise(results: dict[str, Any]) -> dict[str, Any]:
    count = results["requests"]
    paths = results["paths"]
    summary: dict[str, Any] = {}
    if "loop" not in paths:
        return summary
    per_request = paths["loop"]["wall_s"] / count
    summary["loop_ms_per_request"] = per_request * 1000
    summary["overhead_ms_per_request"] = {
        name: (figures["wall_s"] * WORKERS[name] / count - per_request) * 1000
        for name, figures in paths.items() if name != "loop"}
    ray = results["task_overhead"].get("ray-2")
    if ray is not None and "ray-2" in paths:
        task_s = max(0.0, ray["per_task_ms"] / 1000)
        driver_s = paths["ray-2"]["driver_cpu_s"] / count
        workers_rate = 64 / (per_request + task_s / BIG_CHUNK)
        driver_rate = 1 / driver_s if driver_s > 0 else float("inf")
        summary["projection_64_cpus"] = {
            "chunk": BIG_CHUNK, "task_overhead_ms": task_s * 1000,
            "driver_cpu_ms_per_request": driver_s * 1000,
            "workers_bound_plans_per_s": workers_rate, "driver_bound_plans_per_s": driver_rate,
            "plans_per_s": min(workers_rate, driver_rate)}
    return summary


def markdown(results: dict[str, Any]) -> str:
    count = results["requests"]
    summary = results.get("summary", {})
    overhead = summary.get("overhead_ms_per_request", {})
    lines = [f"Scaling: {count:,} typical requests ({results['command']})", "",
             "| path | workers | wall (s) | plans/s | per-request overhead (ms) | driver CPU (s) "
             "| same answers |", "|---|---|---|---|---|---|---|"]
    for name, figures in results["paths"].items():
        extra = overhead.get(name)
        lines.append(
            f"| {name} | {WORKERS[name]} | {figures['wall_s']:.1f} | "
            f"{figures['plans_per_s']:,.0f} | "
            f"{'-' if extra is None else f'{extra:.3f}'} | "
            f"{figures.get('driver_cpu_s', float('nan')):.1f} | "
            f"{'yes' if figures['same_answers_as_first_path'] else 'NO'} |")
    for name, figures in results["task_overhead"].items():
        lines.append("")
        lines.append(f"Per-task overhead, {name} ({results['sample']:,} requests): chunk 1 "
                     f"{figures['wall_chunk_1_s']:.1f} s, chunk {BIG_CHUNK} "
                     f"{figures[f'wall_chunk_{BIG_CHUNK}_s']:.1f} s: "
                     f"**{figures['per_task_ms']:.2f} ms per task**")
    projection = summary.get("projection_64_cpus")
    if projection:
        lines.append("")
        lines.append(f"Projection to 64 CPUs on Ray (chunk {projection['chunk']}): workers bound "
                     f"{projection['workers_bound_plans_per_s']:,.0f} plans/s, driver bound "
                     f"{projection['driver_bound_plans_per_s']:,.0f} plans/s "
                     f"({projection['driver_cpu_ms_per_request']:.3f} ms driver CPU per "
                     f"request): **{projection['plans_per_s']:,.0f} plans/s**")
    return "\n".join(lines) + "\n"


def _save(results: dict[str, Any], out: Path) -> None:
    (out / "scaling.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m payplan.benchmarks.scaling",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=100_000)
    parser.add_argument("--sample", type=int, default=2_000,
                        help="requests for the per-task overhead (chunks of 1 and 64)")
    parser.add_argument("--paths", default=",".join(PATHS),
                        help=f"comma-separated, in this order (default {','.join(PATHS)})")
    parser.add_argument("--out", default="bench-results/scaling")
    args = parser.parse_args(argv)
    paths = [p for p in args.paths.split(",") if p]
    unknown = [p for p in paths if p not in PATHS]
    if unknown or args.requests < 1 or args.sample < BIG_CHUNK:
        print(f"scaling: unknown paths {unknown} (or --requests < 1, --sample < {BIG_CHUNK})",
              file=sys.stderr)
        return 2
    results = measure(paths, args.requests, min(args.sample, args.requests), Path(args.out))
    print(markdown(results))
    same = all(f["same_answers_as_first_path"] for f in results["paths"].values())
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
