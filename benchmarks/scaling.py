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

On a machine shared with other work, wall time measures the neighbours as much as payplan, so
every path is also measured in CPU seconds: this process's and every process under it (the
worker processes, `serve`, Ray's raylet, GCS and workers), read from /proc while the path runs.
CPU per request is what a path costs; `W * N / CPU` is what it would give on W cores of its own
(each path runs requests independently). Ray's start is timed and metered apart.

Per-task overhead: `--sample` requests through `local-2` and `ray-2` with chunks of 1 and of
64; the CPU they differ by, over the tasks saved, is the CPU one task costs. The projection to
a 64-CPU Ray cluster: `min(64 / worker_cpu_per_request, 1 / driver_cpu_per_request)` from the
`ray-2` run (chunks of 64), where the driver (this process: reading IN, sending chunks,
gathering and writing answers) is the one serial part. It assumes 64 worker CPUs each as fast
as one here, a driver with a core of its own, per-task costs on a network like those of the
local cluster (a chunk is ~150 KB of requests), Ray's own processes spread over the nodes as
here, and the same request mix.

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

from ..planner.batch import RAY_CHUNK, BatchOptions, batch, start_ray
from ..planner.config import DEFAULT_CONFIG
from ..planner.serve import _encode, answer_line, handle
from .generate import generate

PATHS: tuple[str, ...] = ("loop", "local-1", "local-2", "ray-1", "ray-2", "serve")
WORKERS: dict[str, int] = {"loop": 1, "local-1": 1, "local-2": 2, "ray-1": 1, "ray-2": 2,
                           "serve": 1}
BIG_CHUNK = 64  # the chunk the per-task overhead is measured against (and Ray's default)


class CpuMeter:
    """CPU seconds (user + system) spent by this process and every process below it (worker
    processes, the fork server, `serve`, Ray's raylet, GCS and workers) while it runs: a
    thread reads /proc every `interval` seconds and keeps each process's last figure, so a
    process that ends loses at most its last `interval` (Linux; elsewhere only this process)."""

    def __init__(self, interval: float = 0.2) -> None:
        self.interval = interval
        self.tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
        self._start: dict[int, float] = {}
        self._last: dict[int, float] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._self_start = 0.0
        self.meter_s = 0.0

    def __enter__(self) -> CpuMeter:
        self._start = self._sample()
        self._self_start = time.process_time()
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()
        self._merge(self._sample())
        self.own_s = time.process_time() - self._self_start - self.meter_s
        self.others_s = sum(cpu - self._start.get(pid, 0.0) for pid, cpu in self._last.items())
        self.total_s = self.own_s + self.others_s

    def _run(self) -> None:
        start = time.thread_time()
        while not self._stop.wait(self.interval):
            self._merge(self._sample())
        self.meter_s = time.thread_time() - start  # the meter's own reading of /proc

    def _merge(self, sample: dict[int, float]) -> None:
        for pid, cpu in sample.items():
            self._last[pid] = max(cpu, self._last.get(pid, 0.0))

    def _sample(self) -> dict[int, float]:
        """utime + stime of every process below this one (not this one), by pid."""
        parents: dict[int, int] = {}
        cpu: dict[int, float] = {}
        try:
            entries = os.listdir("/proc")
        except OSError:
            return {}
        for entry in entries:
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat", "rb") as stat:
                    fields = stat.read().rsplit(b")", 1)[1].split()
            except (OSError, IndexError):
                continue
            pid = int(entry)
            parents[pid] = int(fields[1])
            cpu[pid] = (int(fields[11]) + int(fields[12])) / self.tick
        mine = os.getpid()
        below: dict[int, float] = {}
        for pid in cpu:
            seen, walk = 0, parents.get(pid)
            while walk and walk != mine and seen < 64:
                walk, seen = parents.get(walk), seen + 1
            if walk == mine:
                below[pid] = cpu[pid]
        return below


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

    start = time.perf_counter()
    with open(source, encoding="utf-8") as lines, open(target, "w", encoding="utf-8") as out:
        for number, line in enumerate(lines, 1):
            out.write(_encode(answer_line(line, number, run)) + "\n")
    return {"wall_s": time.perf_counter() - start}


def run_batch(source: Path, target: Path, jobs: int, ray: bool,
              chunk: int | None = None) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    ray_module = None
    if ray:
        start = time.perf_counter()
        with CpuMeter() as meter:
            ray_module = start_ray(None, jobs)
        figures["startup_s"] = time.perf_counter() - start
        figures["startup_cpu_s"] = meter.total_s
    try:
        options = BatchOptions(jobs=jobs, ray=ray, chunk=chunk, progress=False)
        start = time.perf_counter()
        batch(str(source), str(target), options)
        figures["wall_s"] = time.perf_counter() - start
    finally:
        if ray_module is not None:
            ray_module.shutdown()
    return figures


def run_serve(source: Path, target: Path) -> dict[str, Any]:
    """`payplan serve` fed by one client: every line written by one thread, answers read here."""
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "payplan.cli", "serve"],
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
            with CpuMeter() as meter:
                if name == "loop":
                    figures = run_loop(source, target)
                elif name == "serve":
                    figures = run_serve(source, target)
                else:
                    figures = run_batch(source, target, WORKERS[name], name.startswith("ray"))
            # Ray's start (its raylet and GCS booting) is paid once per cluster, not per request
            figures["cpu_s"] = meter.total_s - figures.get("startup_cpu_s", 0.0)
            figures["driver_cpu_s"] = meter.own_s
            figures["cpu_ms_per_request"] = figures["cpu_s"] / count * 1000
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
            cpus = {}
            for chunk in (1, BIG_CHUNK):
                print(f"scaling: {name} chunk {chunk} on {sample} requests ...", file=sys.stderr,
                      flush=True)
                with CpuMeter() as meter:
                    figures = run_batch(small, folder / "chunk.jsonl", WORKERS[name], ray, chunk)
                # Ray's start (its raylet and GCS booting) is not a cost of the tasks
                cpus[chunk] = meter.total_s - figures.get("startup_cpu_s", 0.0)
            tasks = sample - sample / BIG_CHUNK  # tasks saved by chunks of 64
            results["task_overhead"][name] = {
                "cpu_chunk_1_s": cpus[1], f"cpu_chunk_{BIG_CHUNK}_s": cpus[BIG_CHUNK],
                "per_task_ms": (cpus[1] - cpus[BIG_CHUNK]) / tasks * 1000}
            _save(results, out)
    results["summary"] = summarise(results)
    results["machine"]["load_end"] = os.getloadavg()
    _save(results, out)
    (out / "scaling.md").write_text(markdown(results), encoding="utf-8")
    return results


def summarise(results: dict[str, Any]) -> dict[str, Any]:
    """Figures that hold on a shared machine: CPU time per request of each path (its driver
    and every process under it), the overhead over the loop's, and what W cores of one's own
    would give (W / CPU per request: the paths run requests independently)."""
    count = results["requests"]
    paths = results["paths"]
    summary: dict[str, Any] = {}
    if "loop" not in paths:
        return summary
    loop_s = paths["loop"]["cpu_s"] / count
    summary["loop_cpu_ms_per_request"] = loop_s * 1000
    summary["overhead_cpu_ms_per_request"] = {
        name: (figures["cpu_s"] / count - loop_s) * 1000 for name, figures in paths.items()}
    summary["plans_per_s_on_own_cores"] = {
        name: WORKERS[name] * count / figures["cpu_s"] for name, figures in paths.items()}
    ray = results["task_overhead"].get("ray-2")
    if ray is not None and "ray-2" in paths:
        figures = paths["ray-2"]
        driver_s = figures["driver_cpu_s"] / count
        # a worker's CPU per request: the path's CPU without the driver's and Ray's start
        worker_s = (figures["cpu_s"] - figures["driver_cpu_s"]) / count
        workers_rate = 64 / worker_s
        driver_rate = 1 / driver_s if driver_s > 0 else float("inf")
        summary["projection_64_cpus"] = {
            "chunk": RAY_CHUNK, "task_overhead_ms": ray["per_task_ms"],
            "worker_cpu_ms_per_request": worker_s * 1000,
            "driver_cpu_ms_per_request": driver_s * 1000,
            "workers_bound_plans_per_s": workers_rate, "driver_bound_plans_per_s": driver_rate,
            "plans_per_s": min(workers_rate, driver_rate)}
    return summary


def markdown(results: dict[str, Any]) -> str:
    count = results["requests"]
    summary = results.get("summary", {})
    overhead = summary.get("overhead_cpu_ms_per_request", {})
    own = summary.get("plans_per_s_on_own_cores", {})
    lines = [f"Scaling: {count:,} typical requests ({results['command']})", "",
             "| path | workers | wall (s) | plans/s (wall) | CPU (s) | CPU ms / request "
             "| overhead ms / request | plans/s on own cores | same answers |",
             "|---|---|---|---|---|---|---|---|---|"]
    for name, figures in results["paths"].items():
        extra = overhead.get(name)
        rate = own.get(name)
        lines.append(
            f"| {name} | {WORKERS[name]} | {figures['wall_s']:.1f} | "
            f"{figures['plans_per_s']:,.0f} | {figures['cpu_s']:.1f} | "
            f"{figures['cpu_ms_per_request']:.3f} | "
            f"{'-' if extra is None else f'{extra:+.3f}'} | "
            f"{'-' if rate is None else f'{rate:,.0f}'} | "
            f"{'yes' if figures['same_answers_as_first_path'] else 'NO'} |")
    for name, figures in results["task_overhead"].items():
        lines.append("")
        lines.append(f"Per-task overhead, {name} ({results['sample']:,} requests): CPU with "
                     f"chunks of 1 {figures['cpu_chunk_1_s']:.1f} s, of {BIG_CHUNK} "
                     f"{figures[f'cpu_chunk_{BIG_CHUNK}_s']:.1f} s: "
                     f"**{figures['per_task_ms']:.2f} ms per task**")
    projection = summary.get("projection_64_cpus")
    if projection:
        lines.append("")
        lines.append(f"Projection to 64 CPUs on Ray (chunk {projection['chunk']}): workers bound "
                     f"{projection['workers_bound_plans_per_s']:,.0f} plans/s "
                     f"({projection['worker_cpu_ms_per_request']:.3f} ms CPU per request), "
                     f"driver bound {projection['driver_bound_plans_per_s']:,.0f} plans/s "
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
