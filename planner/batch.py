"""`payplan batch IN OUT`: many requests, answered in order, on local processes or on Ray.

IN is JSON lines or a folder of scenario files; OUT is JSON lines, one answer per request, in
input order, each as `payplan serve` writes it (`{"id", "ok", "result"}` or `{"id", "ok",
"errors"}`). `-` is stdin or stdout.

- A line of IN is a request as `serve` reads it (`{"id", "command", "scenario"}`), or a bare
  scenario (an object with none of those keys), answered as the request `{"id": LINE,
  "command": "plan", "scenario": it}` where LINE is its line number (from 1). Blank lines are
  skipped; any other line gets exactly one answer (a line that isn't JSON: `"id": null`).
- A folder: its files ending in `.yaml`, `.yml` or `.json` (not its subfolders), sorted by name
  (code point order, so `10.yaml` comes before `9.yaml`), each planned as `{"id": FILE NAME,
  "command": "plan", "scenario": the file}`; a file that can't be read or parsed is answered
  with the same problems `payplan plan FILE` prints. An entry with one of those suffixes that
  is not a regular file (a FIFO, a device or a link to one, a dangling link) is not read: it is
  named on stderr (`batch: IN/NAME: skipped: not a regular file`, or `dangling link`), the other
  files are still answered, and the exit is 2.

The requests go to workers in chunks (`chunk` requests per task), so the cost of sending a task
is paid once per chunk. Answers come back in any order and are written in input order (a reorder
buffer; at most `window` chunks are outstanding, so memory stays bounded whatever the input's
size). Each answer is written and flushed as soon as every answer before it is written, so an
interrupted run loses nothing it wrote, and `resume` carries on from there.

A worker that dies loses no request: its chunk is sent again; a chunk that fails twice is split
into single requests, each tried twice; a single request that kills its worker twice is answered
`"errors": ["internal: ..."]`. A chunk that runs past its time (`request_timeout` seconds per
request) is split the same way, and a single request that does is answered `"timeout: ..."`.

Exit codes: 0 every request answered; 2 a problem with the command itself (said before OUT is
written), or a folder entry skipped (see above); 3 every request answered and at least one answer
is an internal error (3 wins over a skipped entry's 2); 4 OUT refused an answer (a full disk:
`batch: OUT: cannot write: No space left on device`, with the advice that `--resume` continues
from the answers written, a torn last line dropped).

Local workers are `planner.workers.LocalPool` processes (`serve` runs its requests in the same
kind). On Ray the same chunks are Ray tasks (`max_retries=1`: Ray resends a task whose worker
died once; the split above handles the rest), gathered with `ray.wait`; no scheduling of our
own beyond the chunking.
"""

from __future__ import annotations

import io
import json
import logging
import os
import socket
import stat
import subprocess
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Callable, Generic, Iterable, Iterator, Sequence, TypeVar

from ..engine.problems import ScenarioError
from ..engine.reading import Limits, available_mb, bounded_lines, read_data
from .answers import EXIT_BAD_INPUT
from .arguments import WORKER_MB, printable
from .config import DEFAULT_CONFIG, SolverConfig
from .output import flushed
from .serve import REQUEST_KEYS, Answer, _encode, _TooLong, answer_line, answer_request, handle
from .workers import Failure, LocalPool, Outcome, Pool, timeout_error

__all__ = ["BatchOptions", "Progress", "RayPool", "Request", "batch", "read_requests",
           "run_ordered"]

SCENARIO_SUFFIXES: tuple[str, ...] = (".yaml", ".yml", ".json")
# Requests per task, from the per-task costs measured by benchmarks/scaling.py (RESULTS.md): a
# Ray task costs ~2.2 ms of CPU (driver, raylet and worker together) against ~1.4 to 1.8 ms for
# a typical plan, so 64 requests a task keep it near 0.035 ms a request; a local task costs
# ~0.02 to 0.18 ms (measured at two loads), so 16 a task keep it near 0.01 ms.
LOCAL_CHUNK = 16
RAY_CHUNK = 64
# Bytes of request lines read ahead of the answers written (besides `window` chunks): lines may
# be up to the size limit each (8 MiB), and the driver holds those read ahead.
WINDOW_BYTES = 64 * 1024 * 1024
EXIT_INTERNAL = 3  # every request answered, and at least one answer is an internal error
CONNECT_SECONDS = 20.0  # at most this long to join a Ray cluster at an address
RESUME_ADVICE = ("the answers written are kept: the same command with --resume continues from "
                 "them")

T = TypeVar("T")
R = TypeVar("R")


class BatchError(Exception):
    """A problem with the command itself (IN, OUT, --resume, --ray): one line, exit 2."""


# --- Requests -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Request:
    """One request of IN: a line's bytes (`raw`, its line `number`), or a scenario file (`path`,
    whose id is `name`). It is read and parsed by the worker, not by the process that sends it."""

    source: str
    number: int
    raw: bytes = b""
    path: str = ""
    name: str = ""
    too_long: bool = False  # a line over the size limit (its bytes are not kept)


def read_requests(source: str, stdin: IO[bytes] | None = None,
                  limits: Limits | None = None) -> Iterator[Request]:
    """The requests of IN in order: JSON lines (a file or `-`), or the scenario files of a
    folder sorted by name. Raises BatchError when IN can't be opened. A line over the size
    limit is a `too_long` request, yielded as soon as it passes the limit (`bounded_lines`):
    no line is ever held whole past the limit."""
    limits = limits if limits is not None else Limits.from_env()
    if source != "-" and Path(source).is_dir():
        folder = Path(source)
        names = sorted(p.name for p in _scenario_entries(folder) if p.is_file())
        for name in names:
            yield Request(source, 0, path=str(folder / name), name=name)
        return
    if source == "-":
        stream = stdin if stdin is not None else sys.stdin.buffer
        yield from _lines(stream, "<stdin>", limits)
        return
    try:
        handle_ = open(source, "rb")
    except OSError as exc:
        raise BatchError(f"{source}: cannot read: {exc.strerror or exc}") from None
    with handle_:
        yield from _lines(handle_, source, limits)


def _scenario_entries(folder: Path) -> Iterator[Path]:
    """The entries of `folder` whose names end in a scenario suffix (files or not)."""
    return (p for p in folder.iterdir() if p.suffix.lower() in SCENARIO_SUFFIXES)


def skipped_entries(source: str) -> list[tuple[str, str]]:
    """The scenario-named entries of the folder `source` that are not read, sorted by name,
    each with why: `dangling link`, or `not a regular file` (a FIFO, a device, a link to one);
    a subfolder is not an input, so not listed. Empty when `source` is not a folder."""
    if source == "-" or not Path(source).is_dir():
        return []
    skipped = []
    for path in sorted(_scenario_entries(Path(source)), key=lambda p: p.name):
        if path.is_file() or path.is_dir():
            continue
        dangling = path.is_symlink() and not path.exists()
        skipped.append((str(path), "dangling link" if dangling else "not a regular file"))
    return skipped


def _lines(stream: IO[bytes], name: str, limits: Limits) -> Iterator[Request]:
    for number, raw in bounded_lines(stream.readline, limits.max_bytes):
        if raw is None:
            yield Request(name, number, too_long=True)
        elif raw.strip():
            yield Request(name, number, raw=raw)


def expected_id(request: Request) -> object:
    """The id the answer to `request` carries (what `--resume` checks OUT against)."""
    if request.path:
        return request.name
    if request.too_long:
        return None
    try:
        data = json.loads(request.raw.decode("utf-8-sig" if request.number == 1 else "utf-8"))
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    if not any(key in data for key in REQUEST_KEYS):
        return request.number
    return data.get("id")


def answer(request: Request, config: SolverConfig = DEFAULT_CONFIG) -> Answer:
    """The answer to one request, computed in this process (what every worker runs)."""
    def run(command: str, data: object) -> Answer:
        return handle(command, data, config)

    if request.path:
        try:
            data = read_data(request.path)
        except ScenarioError as err:
            return {"id": request.name, "ok": False, "errors": list(err.lines)}
        return answer_request({"id": request.name, "command": "plan", "scenario": data}, run)
    if request.too_long:
        return answer_line(_TooLong(), request.number, run, source=request.source)
    line: str | UnicodeDecodeError
    try:
        line = request.raw.decode("utf-8-sig" if request.number == 1 else "utf-8")
    except UnicodeDecodeError as exc:
        line = exc
    return answer_line(line, request.number, run, source=request.source, bare=True)


Line = tuple[str, bool]  # an answer line (JSON, without the newline), and whether it is internal


def answer_chunk(requests: Sequence[Request], config: SolverConfig) -> list[Line]:
    """The answer lines to a chunk of requests, in order, each with whether it is an internal
    error (a bug): a worker's task. The worker encodes them, so the process that writes OUT
    only writes."""
    lines = []
    for request in requests:
        result = answer(request, config)
        lines.append((_encode(result), is_internal(result)))
    return lines


def is_internal(result: Answer) -> bool:
    """Whether an answer is an internal error (our bug, or a worker that died twice), not an
    answer about the request."""
    errors = result.get("errors") if result.get("ok") is False else None
    return isinstance(errors, list) and any(str(e).startswith("internal:") for e in errors)


def failure_answer(request: Request, failure: Failure) -> Line:
    """The answer line to a request that could not be answered by a worker."""
    if failure.kind == "timeout":
        text = timeout_error(failure.detail)
    elif failure.kind == "died":
        text = (f"internal: the worker answering this request stopped, {failure.attempts} times "
                f"({failure.detail})")
    else:
        text = f"internal: {failure.detail}"
    return _encode({"id": expected_id(request), "ok": False, "errors": [text]}), \
        failure.kind != "timeout"


# --- Running tasks in order ---------------------------------------------------------------------


@dataclass(slots=True)
class _Task(Generic[T]):
    start: int  # position of its first item in the input
    items: list[T]
    attempts: int = 0


def run_ordered(items: Iterable[T], pool: Pool, chunk: int,
                on_failure: Callable[[T, Failure], R],
                timeout: float | Callable[[T], float] | None = None,
                window: int | None = None, weight: Callable[[T], int] | None = None,
                window_weight: int = 0, barrier: Callable[[T], bool] | None = None
                ) -> Iterator[tuple[T, R]]:
    """Each item with its result, in input order, computed on `pool` in chunks of `chunk`.

    Items are read lazily: at most `window` chunks (default 4 per task the pool runs at once)
    are outstanding between the first item not yet yielded and the last one read, and with
    `weight`, at most `window_weight` of their summed weight (a chunk ends once it reaches it;
    one chunk is always allowed). An item `barrier` holds ends its chunk, and nothing more is
    read until it is yielded (reading past it may take long: the rest of an endless line).
    `timeout` is in seconds per item, or a function of the item (a chunk gets the sum over its
    items). A chunk whose worker died is sent again, once; a chunk that fails again (or times
    out, or raises) is split into its items, and an item that fails alone is given
    `on_failure(item, failure)`.
    """
    chunk = max(1, chunk)
    window_items = chunk * (window if window is not None else 4 * max(1, pool.capacity))
    source = iter(items)
    exhausted = False
    read = 0  # items read from `source`
    yielded = 0  # items yielded, in order
    held = 0  # summed weight of the items read and not yet yielded
    hold_until = -1  # position of a barrier read and not yet yielded
    ready: dict[int, tuple[T, R]] = {}
    queued: deque[_Task[T]] = deque()  # tasks to send again (retries and splits) go first
    running: dict[int, _Task[T]] = {}
    keys = 0
    while True:
        while len(running) < pool.capacity:
            if queued:
                task = queued.popleft()
            elif (not exhausted and read - yielded < window_items and hold_until < yielded
                  and (weight is None or held < window_weight or read == yielded)):
                part: list[T] = []
                part_weight = 0
                for item in source:
                    part.append(item)
                    part_weight += weight(item) if weight is not None else 0
                    if barrier is not None and barrier(item):
                        hold_until = read + len(part) - 1
                        break
                    if len(part) >= chunk or (weight is not None and
                                              held + part_weight >= window_weight):
                        break
                if not part:
                    exhausted = True
                    continue
                task = _Task(read, part)
                read += len(part)
                held += part_weight
            else:
                break
            keys += 1
            running[keys] = task
            pool.submit(keys, task.items, _limit(task.items, timeout))
        if not running:
            break
        for key, outcome in pool.wait():
            task = running.pop(key)
            if not isinstance(outcome, Failure):
                for offset, (item, result) in enumerate(zip(task.items, outcome)):
                    ready[task.start + offset] = (item, result)
                continue
            attempts = task.attempts + outcome.attempts
            if outcome.kind == "died" and attempts < 2:
                queued.appendleft(_Task(task.start, task.items, attempts))
            elif len(task.items) > 1:
                queued.extendleft(reversed([_Task(task.start + i, [item])
                                            for i, item in enumerate(task.items)]))
            else:
                failure = Failure(outcome.kind, outcome.detail, attempts)
                ready[task.start] = (task.items[0], on_failure(task.items[0], failure))
        while yielded in ready:
            item, result = ready.pop(yielded)
            held -= weight(item) if weight is not None else 0
            yielded += 1
            yield item, result
    assert not ready and not queued, "every item is answered"


def _limit(items: list[T], timeout: float | Callable[[T], float] | None) -> float | None:
    if timeout is None or timeout == 0:
        return None
    if callable(timeout):
        return sum(timeout(item) for item in items)
    return timeout * len(items)


# --- Ray ----------------------------------------------------------------------------------------


def ray_module() -> Any:
    """The `ray` package, or a BatchError that says how to install it."""
    try:
        import ray
    except ImportError:
        raise BatchError("--ray: Ray is not installed (pip install 'payplan[ray]')") from None
    return ray


def start_ray(address: str | None, cpus: int | None = None) -> Any:
    """Connect to the Ray cluster at `address` (`auto`, `HOST:PORT`, `ray://HOST:PORT`), or
    start a local one (with `cpus` CPUs, default all) when `address` is None or empty. A
    cluster that can't be reached (nothing listening, a bad address, no cluster for `auto`, no
    answer within `CONNECT_SECONDS`) is a BatchError, one line, never a traceback or a hang."""
    ray = ray_module()
    if ray.is_initialized():
        return ray
    options: dict[str, Any] = {"log_to_driver": False, "configure_logging": False}
    if address:
        probe = os.environ.get("RAY_ADDRESS", "") if address == "auto" else address
        if probe and probe != "auto":
            _reachable(probe)
        quiet = _Without("SIGTERM handler is not set")  # ray.init's warning off the main thread
        logging.getLogger("ray._private.worker").addFilter(quiet)
        try:
            joined = _within(CONNECT_SECONDS, lambda: ray.init(address=address, **options))
        finally:
            logging.getLogger("ray._private.worker").removeFilter(quiet)
        if isinstance(joined, BaseException):
            raise BatchError(f"--ray-address: can't join the Ray cluster at {address}: "
                             f"{_first_line(joined)}")
        if joined is _LATE:
            raise BatchError(f"--ray-address: no Ray cluster answered at {address} within "
                             f"{CONNECT_SECONDS:g} s")
    else:
        try:
            ray.init(num_cpus=cpus, include_dashboard=False, **options)
        except Exception as exc:
            raise BatchError(f"--ray: can't start a local Ray cluster: {_first_line(exc)}") \
                from None
        _reap_with_this_process(ray)
    return ray


# The reaper of a local cluster: it waits for its stdin to close (the driver exited, however:
# even SIGKILL closes it), then kills every process the cluster's raylet started (they carry
# RAY_RAYLET_PID in their environment). Ray ends its own head processes with the driver, but
# its agents (about 200 MB) outlive a killed driver by a minute or more: they try to report
# the raylet's death to the dead GCS, with a 60 s timeout, before they exit.
_REAPER = r"""
import os, signal, sys, time
sys.stdin.buffer.read()
mark = b"RAY_RAYLET_PID=" + sys.argv[1].encode()
for _ in range(3):
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open("/proc/" + name + "/environ", "rb") as env:
                found = mark in env.read().split(b"\0")
        except OSError:
            continue
        if found:
            try:
                os.kill(int(name), signal.SIGKILL)
            except OSError:
                pass
    time.sleep(1)
"""


def _reap_with_this_process(ray: Any) -> None:
    """Start the reaper of the local cluster this process started (Linux: it reads /proc);
    where the raylet can't be found, nothing (the agents then exit on their own, in a minute
    or two)."""
    if not os.path.isdir("/proc"):
        return
    try:
        from ray._private import ray_constants, worker

        node: Any = worker._global_node
        raylet = node.all_processes[ray_constants.PROCESS_TYPE_RAYLET][0].process.pid
        reaper = subprocess.Popen([sys.executable, "-c", _REAPER, str(raylet)],
                                  stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, start_new_session=True)
    except Exception:  # Ray's internals moved: no reaper
        return
    _REAPERS.append(reaper)  # its stdin stays open until this process exits


_REAPERS: list[subprocess.Popen[bytes]] = []


def release_reapers() -> None:
    """After `ray.shutdown()`: let the reapers of the clusters this process started reap now
    (whatever of them is left) instead of when this process exits."""
    while _REAPERS:
        reaper = _REAPERS.pop()
        try:
            if reaper.stdin is not None:
                reaper.stdin.close()
            reaper.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            pass


def _reachable(address: str) -> None:
    """A BatchError unless something accepts a TCP connection at `address` (HOST:PORT, or
    ray://HOST:PORT) within a few seconds: Ray itself waits a minute or more for an address
    where nothing listens."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    host = host.strip("[]")
    try:
        with socket.create_connection((host, int(port)), timeout=5):
            pass
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else (
            str(exc) or type(exc).__name__)
        raise BatchError(f"--ray-address: can't reach {address}: {reason}") from None


_LATE = object()


class _Without(logging.Filter):
    """A log filter that drops the records whose message starts with `prefix`."""

    def __init__(self, prefix: str) -> None:
        super().__init__()
        self.prefix = prefix

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith(self.prefix)


def _within(seconds: float, call: Callable[[], object]) -> object:
    """`call()`'s result, or the exception it raised, or `_LATE` when it has not returned
    within `seconds` (it runs on in a daemon thread, which the process leaves behind)."""
    outcome: list[object] = []

    def run() -> None:
        try:
            outcome.append(call())
        except BaseException as exc:  # noqa: B036 - handed back to the caller
            outcome.append(exc)

    thread = threading.Thread(target=run, name="payplan-ray-connect", daemon=True)
    thread.start()
    thread.join(seconds)
    return outcome[0] if outcome else _LATE


class RayPool:
    """Tasks on the Ray cluster `ray.init` connected to: each chunk one task with
    `max_retries=1` (Ray sends it again when its worker dies once), gathered with `ray.wait`.
    A task past its time is cancelled (`ray.cancel(force=True)` ends its worker); its time
    counts from when it was sent, so with time limits `per_cpu` should be 1 (no queue)."""

    def __init__(self, function: Callable[[list[Any], Any], list[Any]], argument: Any,
                 per_cpu: int = 1) -> None:
        self._ray = ray_module()
        cpus = int(self._ray.cluster_resources().get("CPU", 1))
        self.capacity = max(1, cpus * per_cpu)
        self._remote = self._ray.remote(max_retries=1)(function)
        self._argument = self._ray.put(argument)
        self._refs: dict[Any, tuple[int, float | None, float]] = {}

    def submit(self, key: int, items: list[Any], timeout: float | None) -> None:
        ref = self._remote.remote(items, self._argument)
        now = time.monotonic()
        self._refs[ref] = (key, now + timeout if timeout is not None else None, now)

    def wait(self) -> list[tuple[int, Outcome]]:
        ray = self._ray
        refs = list(self._refs)
        deadlines = [d for _, d, _ in self._refs.values() if d is not None]
        timeout = max(0.0, min(deadlines) - time.monotonic()) if deadlines else None
        ready, _ = ray.wait(refs, num_returns=1, timeout=timeout)
        if ready:  # and whatever else is ready by now
            ready, _ = ray.wait(refs, num_returns=len(refs), timeout=0)
        done: list[tuple[int, Outcome]] = []
        for ref in ready:
            key, _, _ = self._refs.pop(ref)
            try:
                done.append((key, ray.get(ref)))
            except ray.exceptions.RayTaskError as exc:
                done.append((key, Failure("error", _first_line(exc))))
            except ray.exceptions.RayError as exc:  # the worker (or its node) died, twice
                done.append((key, Failure("died", type(exc).__name__, attempts=2)))
        now = time.monotonic()
        for ref, (key, deadline, sent) in list(self._refs.items()):
            if deadline is not None and now >= deadline:
                ray.cancel(ref, force=True)
                del self._refs[ref]
                done.append((key, Failure("timeout", f"{deadline - sent:g}")))
        return done

    def close(self) -> None:
        for ref in self._refs:
            self._ray.cancel(ref, force=True)
        self._refs.clear()


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[-1][:200] if text else type(exc).__name__


# --- Progress -----------------------------------------------------------------------------------


class Progress:
    """A one-line progress bar on stderr: done, rate, and the time left when the total is known.

    On a terminal it is redrawn in place; otherwise it writes a line per tenth of the total
    when `log_when_piped` (the bench suite), else nothing at all (`payplan batch`).
    """

    def __init__(self, total: int | None, label: str, width: int = 30,
                 log_when_piped: bool = False, stream: IO[str] | None = None,
                 done: int = 0) -> None:
        self.total = total
        self.label = label
        self.width = width
        self.done = self.first = done  # `done` already, before this run (a resumed batch)
        self.start = time.perf_counter()
        self.stream = stream if stream is not None else sys.stderr
        self.tty = self.stream.isatty()
        self.log = log_when_piped
        self.last_tenth = -1
        self.last_draw = 0.0

    def step(self, note: str = "", count: int = 1) -> None:
        self.done += count
        if not self.tty and not self.log:
            return
        now = time.perf_counter()
        elapsed = now - self.start
        finished = self.total is not None and self.done >= self.total
        rate = (self.done - self.first) / elapsed if elapsed > 0 else 0.0
        if self.total:
            filled = self.width * min(self.done, self.total) // self.total
            bar = "[" + "#" * filled + "." * (self.width - filled) + "] "
            left = (self.total - self.done) / rate if rate > 0 else 0.0
            count_text = f"{self.done}/{self.total}"
            eta = f" ETA {_clock(left)}"
        else:
            bar, count_text, eta = "", str(self.done), ""
        line = (f"{self.label} {bar}{count_text} {_clock(elapsed)} {rate:,.1f}/s{eta}"
                + (f" {note}" if note else ""))
        if self.tty:
            if now - self.last_draw < 0.1 and not finished:
                return
            self.last_draw = now
            self.stream.write("\r" + line[:110].ljust(110) + ("\n" if finished else ""))
        else:
            tenth = self.done * 10 // self.total if self.total else -1
            if tenth == self.last_tenth and not finished:
                return
            self.last_tenth = tenth
            self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        """End the line on a terminal if the total was not reached (or not known)."""
        if self.tty and (self.total is None or self.done < self.total) and self.done:
            self.stream.write("\n")
            self.stream.flush()


def _clock(seconds: float) -> str:
    seconds = int(seconds)
    if seconds >= 3600:
        return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"
    return f"{seconds // 60}:{seconds % 60:02d}"


# --- How many local workers --------------------------------------------------------------------

def cores() -> int:
    """The cores this process may run on (its CPU affinity where the platform says)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def local_jobs(asked: int | None, cores: int, available: int | None,
               oversubscribe: bool = False, per_worker: int = WORKER_MB) -> int:
    """How many local workers (or CPUs of a local Ray cluster) `batch` may start: `asked`
    (`--jobs`; default `cores`), at most `cores` unless `oversubscribe` (`--oversubscribe`).
    Where that many would not fit in `available` MB at `per_worker` MB each, the default is
    lowered to what fits (at least one) and an asked number is a BatchError naming the memory
    it would take. (The local pool starts a worker only for a chunk that finds none idle, so
    never more workers than chunks.)"""
    jobs = cores if asked is None else asked if oversubscribe else min(asked, cores)
    if available is None or jobs * per_worker <= available:
        return jobs
    if asked is None:
        return max(1, available // per_worker)
    raise BatchError(f"--jobs {asked}: {jobs} workers would take about "
                     f"{_megabytes(jobs * per_worker)} ({per_worker} MB each, estimated), more "
                     f"than the {_megabytes(available)} of memory available; lower --jobs")


def _megabytes(mb: int) -> str:
    return f"{mb / 1024:,.1f} GB" if mb >= 1024 else f"{mb} MB"


# --- The command --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BatchOptions:
    """How `payplan batch` runs: local processes (`jobs`, default every core) or Ray (`ray`
    True: `address` None starts a local cluster of `jobs` CPUs, default every core); either
    at most the cores unless `oversubscribe`, and within the memory (`local_jobs`)."""

    config: SolverConfig = DEFAULT_CONFIG
    jobs: int | None = None
    ray: bool = False
    address: str | None = None
    chunk: int | None = None
    request_timeout: float | None = None
    resume: bool = False
    progress: bool = True
    oversubscribe: bool = False


def batch(source: str, target: str, options: BatchOptions = BatchOptions(),
          stdin: IO[bytes] | None = None, stdout: IO[str] | None = None,
          stderr: IO[str] | None = None) -> int:
    """Answer every request of `source` into `target` (see the module's docstring): 0 when
    every request is answered, `EXIT_INTERNAL` (3) when every request is answered and at least
    one answer is an internal error, else `EXIT_BAD_INPUT` (2) when a folder entry was skipped
    (each named on `stderr`); BatchError for a problem with the command itself, raised before
    OUT is written (or cut back by `resume`)."""
    if options.resume and target == "-":
        raise BatchError("--resume: OUT must be a file (the answers already written are read "
                         "back from it)")
    if source != "-" and not Path(source).exists():
        raise BatchError(f"{source}: no such file or folder")
    limits = Limits.from_env()
    _refuse_same_file(source, target, stdin, stdout)
    jobs = (options.jobs if options.ray and options.address else
            local_jobs(options.jobs, cores(), available_mb(), options.oversubscribe))
    skipped = skipped_entries(source)
    for name, why in skipped:
        print(printable(f"batch: {name}: skipped: {why}"),
              file=stderr if stderr is not None else sys.stderr)
    requests: Iterable[Request] = read_requests(source, stdin, limits)
    done = 0
    if options.resume and Path(target).exists():
        requests, done = _resume(target, requests)
    timeout = options.request_timeout if options.request_timeout else None
    started_ray = False
    pool: Pool | None = None
    out: IO[str] | None = None
    progress = None
    internal = False
    try:
        if options.ray:  # before OUT is touched: a cluster that can't be reached costs nothing
            started_ray = not ray_module().is_initialized()
            start_ray(options.address, jobs)
        if options.progress and sys.stderr.isatty():  # the bar is for a person watching
            progress = Progress(_count(source, limits), "batch", done=done)
        if target == "-":
            out = stdout if stdout is not None else sys.stdout
        else:
            try:
                out = open(target, "a" if done else "w", encoding="utf-8")
            except OSError as exc:
                raise BatchError(f"{target}: cannot write: {exc.strerror or exc}") from None
        if options.ray:
            # Two tasks per CPU keep every worker busy while an answer travels back; with a
            # time limit, one (a task's time counts from when it is sent).
            pool = RayPool(answer_chunk, options.config, per_cpu=1 if timeout else 2)
            chunk = options.chunk or RAY_CHUNK
        else:
            pool = LocalPool(jobs or 1, answer_chunk, options.config, start=0)
            chunk = options.chunk or LOCAL_CHUNK
        for _, (line, failed) in run_ordered(requests, pool, chunk, failure_answer, timeout,
                                             weight=_weight, window_weight=WINDOW_BYTES,
                                             barrier=_ends_chunk):
            flushed(out, line + "\n", "stdout" if target == "-" else target,
                    "" if target == "-" else RESUME_ADVICE)
            internal = internal or failed
            if progress is not None:
                progress.step()
    finally:
        if pool is not None:
            pool.close()
        if started_ray:
            ray_module().shutdown()
            release_reapers()
        if out is not None and target != "-":
            try:
                out.close()
            except OSError:
                pass  # every answer was flushed: a failing close only repeats a failed write
        if progress is not None:
            progress.close()
    if internal:
        return EXIT_INTERNAL
    return EXIT_BAD_INPUT if skipped else 0


def _weight(request: Request) -> int:
    return len(request.raw)


def _ends_chunk(request: Request) -> bool:
    """A line over the size limit ends its chunk, and nothing is read past it until it is
    answered: the rest of it may be endless (`/dev/zero`)."""
    return request.too_long


def _refuse_same_file(source: str, target: str, stdin: IO[bytes] | None,
                      stdout: IO[str] | None) -> None:
    """A BatchError when OUT is IN (the same file by any path, a symlink or a hard link, or the
    same file as stdin or stdout), or OUT would be a scenario file of the folder IN: writing it
    would empty IN, or read back the answers as requests."""
    def identity(name: str, stream: object) -> tuple[int, int] | None:
        try:
            if name == "-":
                fileno = getattr(stream, "fileno", None)
                info = os.fstat(fileno()) if fileno is not None else None
            else:
                info = os.stat(name)
        except (OSError, ValueError, io.UnsupportedOperation):
            return None
        if info is None or not stat.S_ISREG(info.st_mode):
            return None  # a pipe, a terminal, /dev/null: nothing to lose
        return info.st_dev, info.st_ino

    if source != "-" and Path(source).is_dir():
        if target != "-" and Path(target).suffix.lower() in SCENARIO_SUFFIXES and (
                Path(target).resolve().parent == Path(source).resolve()):
            raise BatchError(f"{target}: OUT is a scenario file of the folder IN; write the "
                             "answers outside it (or with another suffix)")
        return
    read = identity(source, stdin if stdin is not None else sys.stdin)
    written = identity(target, stdout if stdout is not None else sys.stdout)
    if read is not None and read == written:
        what = "OUT (stdout)" if target == "-" else "OUT"
        which = "IN (stdin)" if source == "-" else f"IN ({source})"
        raise BatchError(f"{target}: {what} is the same file as {which}; writing the answers "
                         "would destroy the requests: write them to another file")


def _count(source: str, limits: Limits) -> int | None:
    """How many requests IN holds (for the progress bar's ETA), or None if unknown: IN read a
    second time, so only a folder or a regular file (never a pipe or a device)."""
    if source == "-":
        return None
    try:
        if not Path(source).is_dir() and not stat.S_ISREG(os.stat(source).st_mode):
            return None
        return sum(1 for _ in read_requests(source, limits=limits))
    except (BatchError, OSError):
        return None


def _resume(target: str, requests: Iterable[Request]) -> tuple[Iterator[Request], int]:
    """Skip the requests OUT already answers (by position and id): OUT is cut back to its last
    whole answer (a torn last line, from an interrupted run, is dropped and answered again).
    OUT is read line by line, never whole."""
    ids: list[object] = []
    offset = 0
    with open(target, "rb") as handle_:
        for number, line in enumerate(handle_, 1):
            if not line.endswith(b"\n"):
                break  # torn: the run was cut while writing it
            try:
                answer_ = json.loads(line)
                if not isinstance(answer_, dict) or "id" not in answer_ or "ok" not in answer_:
                    raise ValueError("not an answer")
            except (ValueError, RecursionError):
                kept = (f"its first {number - 1} lines are answers: keep them (`head -n "
                        f"{number - 1}`) to resume after them" if number > 1 else
                        "it holds no answer: write to another OUT")
                raise BatchError(f"{target}:{number}: not an answer of payplan batch; not "
                                 f"resuming ({kept}, or run without --resume to answer every "
                                 "request again)") from None
            ids.append(answer_["id"])
            offset += len(line)
    source = iter(requests)
    for position, ident in enumerate(ids):
        request = next(source, None)
        if request is None:
            raise BatchError(f"{target}: {len(ids)} answers but IN has {position} requests; not "
                             "resuming")
        expected = expected_id(request)
        if json.dumps(expected) != json.dumps(ident):
            raise BatchError(f"{target}:{position + 1}: answer id {json.dumps(ident)[:60]} is not "
                             f"the id of request {position + 1} ({json.dumps(expected)[:60]}); "
                             "OUT is not from this IN, not resuming")
    with open(target, "r+b") as handle_:
        handle_.truncate(offset)
    return source, len(ids)
