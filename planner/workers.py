"""Worker processes that can be stopped: `serve` and `batch` run every request in one.

A `LocalPool` keeps up to `jobs` processes, each given one task at a time (a list of items and a
module-level function to run on them), the first ones at once or each when a task finds none
idle (`batch`: so never more workers than the chunks that ran at once); a worker that dies, or
runs past its task's time, is killed and replaced, and the task is reported as a `Failure`.
Workers come from a fork server that has imported the planner (`context()`), so starting one
takes milliseconds.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.connection import wait as wait_connections
from multiprocessing.context import ForkServerContext, SpawnContext
from multiprocessing.process import BaseProcess
from typing import Any, Callable, Protocol

from . import rulesets


@dataclass(frozen=True, slots=True)
class Failure:
    """Why a task brought no results: its worker `died` (after `attempts` tries), it ran past
    its `timeout`, or it raised an `error` (a bug: the task functions catch everything)."""

    kind: str
    detail: str
    attempts: int = 1


Outcome = list[Any] | Failure


def timeout_error(limit: str) -> str:
    """The error of a request stopped after `limit` seconds (`serve` and `batch` alike)."""
    return f"timeout: the request took longer than {limit} seconds and was stopped"


class Pool(Protocol):
    """Where tasks run: `submit` a chunk under a key, `wait` for some to end."""

    capacity: int  # tasks that can run at once

    def submit(self, key: int, items: list[Any], timeout: float | None) -> None: ...

    def wait(self) -> list[tuple[int, Outcome]]: ...

    def close(self) -> None: ...


def _worker_main(conn: Connection, function: Callable[[list[Any], Any], list[Any]],
                 argument: Any, parent: int) -> None:
    """A local worker: a task in, its results out, until told to stop or cut off. It ends
    quietly when the process that started it is gone (killed, even by SIGKILL): its pipe
    closes, or, while it works on a task, `_orphan_watch` sees it go. Ctrl-C is the driver's
    to handle (it stops the workers), so a worker ignores SIGINT."""
    devnull = os.open(os.devnull, os.O_WRONLY)  # nothing a library prints reaches our stdout
    os.dup2(devnull, 1)
    os.close(devnull)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_orphan_watch, args=(parent,), name="payplan-orphan-watch",
                     daemon=True).start()
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        key, items = message
        results = function(items, argument)
        try:
            conn.send((key, results))
        except (OSError, EOFError):  # the driver is gone (BrokenPipeError): nobody to answer
            return


ORPHAN_CHECK = 0.5  # seconds between a worker's checks that its driver is still there


def _orphan_watch(parent: int) -> None:
    """In a worker: end the process, quietly, once the driver `parent` is gone. A worker is a
    child of the fork server, not of the driver, so a driver killed with SIGKILL (which runs no
    clean-up) would otherwise leave it computing its task to the end."""
    while True:
        time.sleep(ORPHAN_CHECK)
        if not _alive(parent):
            os._exit(0)


def _alive(pid: int) -> bool:
    """Whether process `pid` is running (a zombie, killed and not yet reaped, is not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's: the pid was reused, ours is gone
        return False
    try:
        with open(f"/proc/{pid}/stat", "rb") as status:
            return status.read().rpartition(b")")[2].split()[:1] != [b"Z"]
    except OSError:  # no /proc (not Linux): kill(0) is all there is
        return True


@dataclass(slots=True)
class _Slot:
    process: BaseProcess
    conn: Connection
    key: int | None = None
    deadline: float | None = None
    started: float = 0.0


class LocalPool:
    """Up to `jobs` worker processes, each given one task at a time, each replaced when it dies
    or runs past its task's time. `start` of them (default all) start at once, the others when
    a task finds none idle (`started`: with `start` 0, never more than the tasks that ran at
    once). `function(items, argument)` runs in the worker; it
    must be a module-level function (it is sent by name)."""

    def __init__(self, jobs: int, function: Callable[[list[Any], Any], list[Any]],
                 argument: Any, start: int | None = None) -> None:
        self.capacity = max(1, jobs)
        self._function = function
        self._argument = argument
        self._context = context()
        first = self.capacity if start is None else min(start, self.capacity)
        self._slots = [self._start() for _ in range(first)]

    @property
    def started(self) -> int:
        """The worker processes running now (idle or busy)."""
        return len(self._slots)

    def _start(self) -> _Slot:
        ours, theirs = self._context.Pipe()
        process = self._context.Process(target=_worker_main,
                                        args=(theirs, self._function, self._argument,
                                              os.getpid()),
                                        name="payplan-batch-worker", daemon=True)
        process.start()
        theirs.close()
        return _Slot(process, ours)

    def submit(self, key: int, items: list[Any], timeout: float | None) -> None:
        index = next((i for i, slot in enumerate(self._slots) if slot.key is None), None)
        if index is None:  # every worker is busy: one more, within `capacity`
            assert len(self._slots) < self.capacity, "a task past the pool's capacity"
            self._slots.append(self._start())
            index = len(self._slots) - 1
        slot = self._slots[index]
        try:
            slot.conn.send((key, items))
        except (OSError, ValueError):  # the idle worker is gone: a fresh one takes the task
            self._replace(index)
            slot = self._slots[index]
            slot.conn.send((key, items))
        slot.key = key
        slot.started = time.monotonic()
        slot.deadline = slot.started + timeout if timeout is not None else None

    def wait(self) -> list[tuple[int, Outcome]]:
        busy = [slot for slot in self._slots if slot.key is not None]
        deadlines = [slot.deadline for slot in busy if slot.deadline is not None]
        timeout = max(0.0, min(deadlines) - time.monotonic()) if deadlines else None
        readable = wait_connections([slot.conn for slot in busy], timeout)
        done: list[tuple[int, Outcome]] = []
        now = time.monotonic()
        for index, slot in enumerate(self._slots):
            if slot.key is None:
                continue
            key = slot.key
            if slot.conn in readable:
                try:
                    got_key, results = slot.conn.recv()
                    assert got_key == key
                    slot.key = slot.deadline = None
                    done.append((key, results))
                except (EOFError, OSError):
                    slot.process.join(timeout=5)
                    code = slot.process.exitcode
                    self._replace(index)
                    done.append((key, Failure("died", f"exit code {code}")))
            elif slot.deadline is not None and now >= slot.deadline:
                limit = f"{slot.deadline - slot.started:g}"
                self._replace(index)
                done.append((key, Failure("timeout", limit)))
        return done

    def _replace(self, index: int) -> None:
        _stop(self._slots[index])
        self._slots[index] = self._start()

    def close(self) -> None:
        for slot in self._slots:
            try:
                slot.conn.send(None)
            except (OSError, ValueError):
                pass
        for slot in self._slots:
            slot.process.join(timeout=2)
            _stop(slot)


def _stop(slot: _Slot) -> None:
    slot.conn.close()
    process = slot.process
    if process.is_alive():
        process.kill()
        process.join(timeout=5)
    process.close()


def context() -> ForkServerContext | SpawnContext:
    """A fork server that has imported the planner where the platform has one, else spawn:
    `serve`, each registered ruleset's `preload` (its planner's modules), and OR-Tools (a
    worker's first CP-SAT plan would otherwise import it, ~0.6 s)."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["payplan.planner.serve", *rulesets.preloads(),
                                    "ortools.sat.python.cp_model"])
        return ctx
    return multiprocessing.get_context("spawn")
