"""`payplan serve`: a JSON-lines service on stdin and stdout.

Each input line is one request, `{"id": ANY, "command": "plan"|"hand"|"orders"|"play",
"scenario": {...}}` (the scenario in any registered format); each gets exactly one answer line,
in input order, flushed at once:

- `{"id": ID, "ok": true, "result": ...}`: `result` is the JSON the command prints with `--json`
  (for `plan`, a plan whose status may be `unpayable` or `illegal`: those are answers too);
- `{"id": ID, "ok": false, "errors": ["path: message", ...]}`: a request that can't be answered.
  Paths into the request are written from its top: problems with the scenario start with
  `scenario.` (`scenario.state.you.runes[3].domain: unknown domain 'firey' ...`), which is what
  `payplan plan` prints for the same file with the `scenario.` prefix added.

A line that is not JSON (or not a JSON object) gets `"id": null`; so does a request without an
`id`. Blank lines are skipped. Unknown request keys are errors, as in the scenario format.

Requests run one at a time in a worker process, so a request that takes too long never holds up
the service: after `request_timeout` seconds (by default the time limit plus
`config.REQUEST_MARGIN`, so that a plan the time limit stops is answered, `optimal: false`) the
worker is stopped, the request is answered `"errors": ["timeout: ..."]`, and a fresh worker
serves the next line. A line over the size limit is answered as soon as it passes the limit,
then read past in pieces (an endless line costs neither memory nor a wait for its end). A worker that dies is
replaced the same way. Workers come from a fork server that has already imported the planner,
so starting one takes milliseconds. The service ends, with exit code 0, at the end of its input;
a stdout that refuses an answer (a full disk) ends it with one line and exit code 4.
"""

from __future__ import annotations

import difflib
import json
from typing import IO, Any, Callable, Iterator, Literal

from ..engine.problems import ScenarioError, exception_line
from ..engine.reading import Limits, bounded_lines, parse_json
from .arguments import nearest
from .commands import COMMANDS as _COMMANDS
from .commands import answer
from .config import DEFAULT_CONFIG, SolverConfig
from .config import request_timeout as default_timeout
from .output import flushed
from .rulesets import formats
from .workers import Failure, LocalPool, Outcome, timeout_error

__all__ = ["COMMANDS", "answer_line", "answer_request", "handle", "serve"]

COMMANDS: tuple[str, ...] = tuple(_COMMANDS)
REQUEST_KEYS: tuple[str, ...] = ("id", "command", "scenario")
STDIN = "<stdin>"

Answer = dict[str, object]
Runner = Callable[[str, object], Answer]  # (command, scenario data) -> {"ok", ...}


def serve(stdin: IO[str], stdout: IO[str], config: SolverConfig = DEFAULT_CONFIG,
          request_timeout: float | None | Literal["auto"] = "auto",
          limits: Limits | None = None) -> int:
    """Answer every request line of `stdin` on `stdout`, in order; 0 at the end of input.

    `request_timeout` is in seconds; None or 0 (or less) means no limit, "auto" the time limit
    plus `REQUEST_MARGIN` (`config.request_timeout`). A line over `limits.max_bytes` is
    answered as an error as soon as it passes the limit, without being read whole.
    """
    if request_timeout == "auto":
        request_timeout = default_timeout(config)
    if request_timeout is not None and request_timeout <= 0:
        request_timeout = None
    limits = limits if limits is not None else Limits.from_env()
    worker = Worker(config)
    try:
        for number, line in _lines(stdin, limits):
            if isinstance(line, str) and not line.strip():
                continue
            answer = _answer(line, number, worker, request_timeout, limits)
            flushed(stdout, _encode(answer) + "\n", "stdout")
    finally:
        worker.close()
    return 0


class _TooLong:
    """A line longer than the limit: skipped, never held whole."""


Line = str | UnicodeDecodeError | _TooLong


def _lines(stdin: IO[str], limits: Limits) -> Iterator[tuple[int, Line]]:
    """Numbered lines; read as bytes where possible so that bad UTF-8 spoils one line only.
    A line over the byte limit is yielded as `_TooLong` as soon as it passes the limit, then
    read past in pieces, never held whole (`bounded_lines`)."""
    binary: IO[bytes] | None = getattr(stdin, "buffer", None)
    if binary is None:
        for number, text in bounded_lines(stdin.readline, limits.max_bytes):
            yield number, text if text is not None else _TooLong()
        return
    for number, raw in bounded_lines(binary.readline, limits.max_bytes):
        if raw is None:
            yield number, _TooLong()
            continue
        try:
            yield number, raw.decode("utf-8")  # a leading byte-order mark: parse_json drops it
        except UnicodeDecodeError as exc:
            yield number, exc


def _answer(line: Line, number: int, worker: Worker, timeout: float | None,
            limits: Limits) -> Answer:
    """The answer to one input line; never raises for any input."""
    return answer_line(line, number, lambda command, data: worker.run(command, data, timeout),
                       limits=limits)


def answer_line(line: Line, number: int, run: Runner, source: str = STDIN,
                bare: bool = False, limits: Limits | None = None) -> Answer:
    """The answer to one line of requests, `serve`'s and `batch`'s alike; never raises.

    `run(command, scenario_data)` answers a checked request (`serve` runs `handle` in a worker
    process, `batch` calls it in its own). With `bare`, a JSON object that has none of the keys
    `id`, `command`, `scenario` is a bare scenario, answered as the request
    `{"id": number, "command": "plan", "scenario": it}`. A line over `limits` (bytes, values;
    the environment's by default) is refused.
    """
    try:
        limits = limits if limits is not None else Limits.from_env()
        if isinstance(line, _TooLong):
            return _failed(None, [str(limits.too_big(f"{source}:{number}", "the request line"))])
        if isinstance(line, UnicodeDecodeError):
            return _failed(None, [f"{source}:{number}:{line.start + 1}: not UTF-8: {line.reason}"])
        if len(line) > limits.max_bytes and len(line.encode("utf-8")) > limits.max_bytes:
            return _failed(None, [str(limits.too_big(f"{source}:{number}", "the request line"))])
        try:
            request = parse_json(line, source, limits, line=number)
        except ScenarioError as err:
            return _failed(None, list(err.lines))
        if not isinstance(request, dict):
            return _failed(None, [f"{source}:{number}: expected a request object "
                                  f"{{\"id\", \"command\", \"scenario\"}}, got {_kind(request)}"])
        if bare and not any(key in request for key in REQUEST_KEYS):
            request = {"id": number, "command": "plan", "scenario": request}
        return answer_request(request, run)
    except Exception as exc:  # a bug of ours: still one answer for the line
        return _failed(None, [_internal_text(exc)])


def answer_request(request: dict[str, Any], run: Runner) -> Answer:
    """The answer to one parsed request: its key problems, or `run`'s answer with its id."""
    ident = request.get("id")
    errors = check_request(request)
    if errors:
        return _failed(ident, errors)
    return {"id": ident, **run(request["command"], request["scenario"])}


def check_request(request: dict[str, object]) -> list[str]:
    """Problems with the request's own keys (not the scenario's)."""
    errors = []
    for key in request:
        if key not in REQUEST_KEYS:
            close = difflib.get_close_matches(str(key)[:200], REQUEST_KEYS, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else (
                f" (expected one of: {', '.join(REQUEST_KEYS)})")
            errors.append(f"{_key(key)}: unknown key {_show(key)}{hint}")
    if "id" not in request:
        errors.append("id: missing (any JSON value; the answer repeats it)")
    command = request.get("command")
    if "command" not in request:
        errors.append(f"command: missing (one of: {', '.join(COMMANDS)})")
    elif not isinstance(command, str):
        errors.append(f"command: expected one of {', '.join(COMMANDS)}, got {_kind(command)}")
    elif command not in COMMANDS:
        near = nearest(command, COMMANDS)
        hint = f" (did you mean {near!r}?)" if near else f" (expected one of: {', '.join(COMMANDS)})"
        errors.append(f"command: unknown command {_show(command)}{hint}")
    if "scenario" not in request:
        errors.append(f"scenario: missing (a scenario of format {' or '.join(formats())})")
    return errors


def handle(command: str, data: object, config: SolverConfig = DEFAULT_CONFIG) -> Answer:
    """Run one command on scenario data, for whichever ruleset its `format` names: `{"ok":
    true, "result": ...}` or the errors. This is what the worker runs; it never raises."""
    try:
        result = answer(command, data, config).to_json()
    except ScenarioError as err:
        return {"ok": False, "errors": [str(p.under("scenario")) for p in err.problems]}
    except Exception as exc:
        return _internal(exc)
    return {"ok": True, "result": result}


# --- The worker ---------------------------------------------------------------------------------


class Worker:
    """One worker process (a `LocalPool` of one), asked one request at a time, replaced when it
    is stopped or dies. It starts with the first request."""

    def __init__(self, config: SolverConfig) -> None:
        self.config = config
        self._pool: LocalPool | None = None

    def run(self, command: str, data: object, timeout: float | None) -> Answer:
        """The answer of the worker, or an error if it takes longer than `timeout` seconds."""
        if self._pool is None:
            self._pool = LocalPool(1, _handle_all, self.config)
        try:
            self._pool.submit(0, [(command, data)], timeout)
        except Exception as exc:  # could not be pickled (too deep), or the worker is gone
            return {"ok": False,
                    "errors": [f"scenario: can't be sent to the worker: {exception_line(exc)}"]}
        done: list[tuple[int, Outcome]] = []
        while not done:
            done = self._pool.wait()
        outcome = done[0][1]
        if not isinstance(outcome, Failure):
            answer: Answer = outcome[0]
            return answer
        if outcome.kind == "timeout":
            limit = f"{timeout:g}" if timeout is not None else "the"
            return {"ok": False, "errors": [timeout_error(limit)]}
        return {"ok": False, "errors": [f"internal: the worker stopped ({outcome.detail})"]}

    def close(self) -> None:
        """Ask the worker to finish, and stop it if it doesn't at once."""
        if self._pool is not None:
            self._pool.close()
            self._pool = None


def _handle_all(requests: list[tuple[str, object]], config: SolverConfig) -> list[Answer]:
    """In the worker: `handle` each (command, scenario data) pair."""
    return [handle(command, data, config) for command, data in requests]


# --- Small helpers ------------------------------------------------------------------------------


def _internal(exc: Exception) -> Answer:
    """The answer to a request our own code failed on (a bug): still an answer, never a crash."""
    return {"ok": False, "errors": [_internal_text(exc)]}


def _internal_text(exc: Exception) -> str:
    return f"internal: {type(exc).__name__}: {exception_line(exc)}"


def _failed(ident: object, errors: list[str]) -> Answer:
    return {"id": ident, "ok": False, "errors": errors}


def _encode(answer: Answer) -> str:
    """One line of JSON. An id that can't be written back (absurdly deep) becomes null."""
    try:
        return json.dumps(answer, allow_nan=False)
    except (ValueError, TypeError, RecursionError) as exc:
        return json.dumps(_failed(None, [f"id: can't be repeated in the answer: {exception_line(exc)}"]))


def _key(key: object) -> str:
    text = key if isinstance(key, str) else json.dumps(key)
    return text if len(text) <= 80 else text[:77] + "..."


def _show(value: object) -> str:
    if isinstance(value, str):
        return repr(value if len(value) <= 60 else value[:57] + "...")
    return _kind(value)


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object"
