"""`payplan web`: a local explorer for players, in the browser.

A small HTTP server (the standard library's `ThreadingHTTPServer`: nothing to install, nothing
fetched from the network) that serves one page (`web_assets/`: plain HTML, JavaScript, CSS and
SVG, no build step) and the JSON API the page is drawn from:

    GET  /                      the page (`/?example=NAME` opens a shipped example)
    GET  /static/NAME           the page's own script and style, nothing else
    GET  /api/examples          the shipped examples' names (`01-sky-splitter-order`, `mtg/...`)
    GET  /api/example?name=N    one example: its text and its data
    GET  /api/vocabulary        per format, the zones' flags and values the shipped examples use
    POST /api/parse?name=FILE   YAML or JSON text (an upload, a paste) read as data, or its problems
    POST /api/COMMAND           plan, hand, orders, play, check, turn: the body is a scenario
                                (JSON, or YAML with a YAML content type); the answer is exactly
                                what `payplan serve` answers for it, without the request id:
                                `{"ok": true, "result": ...}` or `{"ok": false, "errors": [...]}`

Every scenario is answered by the ruleset its `format` names (`planner.rulesets`, through
`serve.handle`): this module names no game. Bad input is a 4xx answer with the same one-line
problems the command line prints (paths under `scenario.`), never a traceback. Safe by default:
it binds 127.0.0.1, serves only its own assets and the shipped examples (a name is looked up in
the list of examples, never joined to a path), refuses a body over the size limit (413, as
`serve` refuses a line), and runs each request in a worker process stopped after the request
timeout, as `serve` does.
"""

from __future__ import annotations

import json
import queue
import re
import signal
import sys
import threading
from functools import lru_cache
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any, Callable
from urllib.parse import parse_qs, urlsplit

from ..engine.problems import ScenarioError, exception_line
from ..engine.reading import Limits, parse_text
from . import rulesets
from .config import SolverConfig
from .config import request_timeout as default_timeout
from .serve import COMMANDS, Answer, Worker, check_request

DEFAULT_PORT = 8353
ASSETS = {"index.html": "text/html", "app.js": "text/javascript", "style.css": "text/css"}
WORKERS = 2  # requests solved at once; more wait their turn
_NAME = re.compile(r"[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*")


# --- What it serves ----------------------------------------------------------------------------


def asset(name: str) -> bytes | None:
    """One of the page's own files, or None for any other name."""
    if name not in ASSETS:
        return None
    return resources.files("payplan.planner").joinpath("web_assets", name).read_bytes()


def examples_root() -> Path | None:
    """The shipped examples: `payplan/examples` in an install (package data), the repository's
    `examples/` in a checkout (the package path holds the checkout's root); None if neither."""
    import payplan

    for entry in payplan.__path__:
        folder = Path(entry) / "examples"
        if folder.is_dir():
            return folder
    return None


@lru_cache(maxsize=1)
def examples() -> dict[str, Path]:
    """Every shipped example by its name: its path under examples/ without `.yaml`."""
    root = examples_root()
    if root is None:
        return {}
    found = {p.relative_to(root).with_suffix("").as_posix(): p for p in root.rglob("*.yaml")}
    return dict(sorted(found.items()))


def example(name: str) -> Path | None:
    """The shipped example `name`, or None: a name is looked up, never joined to a path."""
    return examples().get(name) if _NAME.fullmatch(name) else None


@lru_cache(maxsize=1)
def vocabulary() -> dict[str, dict[str, Any]]:
    """Per registered format: its ruleset's `title`; per zone name (a list of objects in a
    player's state) the keys its objects hold true/false (`flags`), the values its other keys
    take (`values`) and whether it holds cards (`cards`); the keys a `play` holds with a value
    each (`play`); and the values each play key and each key under it take (`choices`: `x` ->
    ["auto"], `optional` -> the names under it, `optional.repeat` -> ["yes", "no"]): as the
    shipped examples write them. The page offers these when a person adds, edits or moves an
    object or picks the play's choices."""
    out: dict[str, dict[str, Any]] = {
        f: {"title": getattr(rulesets.find(f), "title", f), "zones": {}, "play": {},
            "choices": {}}
        for f in rulesets.formats()}
    for path in examples().values():
        try:
            data = parse_text(path.read_text(encoding="utf-8"), path.name, as_json=False)
        except (ScenarioError, OSError):
            continue
        known = out.get(str(data.get("format"))) if isinstance(data, dict) else None
        if known is None or not isinstance(data, dict):
            continue
        if isinstance(data.get("state"), dict):
            _learn(known["zones"], data["state"])
        if isinstance(data.get("play"), dict):
            for key, value in data["play"].items():
                known["play"].setdefault(key, value)
                _choices(known["choices"], key, value)
    for known in out.values():  # the commonest flag first: what an object is most often
        for zone in known["zones"].values():
            counts = zone.pop("counts")
            zone["flags"] = sorted(counts, key=lambda flag: -counts[flag])
    return out


def _choices(seen: dict[str, list[Any]], key: str, value: object) -> None:
    """Add a play key's value to `seen` (see `vocabulary`): a scalar as a value of `key`, a
    mapping's keys as the names under `key` and their scalars as values of `key.NAME`."""
    values = seen.setdefault(key, [])
    if isinstance(value, dict):
        for name, inner in value.items():
            if name not in values:
                values.append(name)
            if isinstance(inner, (str, int, bool)) and inner not in seen.setdefault(
                    f"{key}.{name}", []):
                seen[f"{key}.{name}"].append(inner)
    elif isinstance(value, (str, int, bool)) and value not in values:
        values.append(value)


def _learn(zones: dict[str, dict[str, Any]], state: dict[str, Any]) -> None:
    """Add what the state's zones hold to `zones` (see `vocabulary`)."""
    for player in state.values():
        if not isinstance(player, dict):
            continue
        for zone, items in player.items():
            if not isinstance(items, list):
                continue
            seen = zones.setdefault(zone, {"flags": [], "values": [], "counts": {}, "cards": False})
            for item in items:
                seen["cards"] = seen["cards"] or (isinstance(item, dict) and "card" in item)
                for key, value in item.items() if isinstance(item, dict) else ():
                    if isinstance(value, bool):
                        seen["counts"][key] = seen["counts"].get(key, 0) + 1
                    elif key not in ("id", "card") and isinstance(value, str) and \
                            [key, value] not in seen["values"] and len(seen["values"]) < 60:
                        seen["values"].append([key, value])


# --- Answers -----------------------------------------------------------------------------------


class Runner:
    """`WORKERS` serve workers, each answering one request at a time; a request that takes longer
    than the timeout is stopped and answered as an error, and its worker replaced."""

    def __init__(self, config: SolverConfig, timeout: float | None, size: int = WORKERS) -> None:
        self.timeout = timeout
        self._closed = False
        self._idle: queue.Queue[Worker] = queue.Queue()
        for _ in range(size):
            self._idle.put(Worker(config))
        self._all = list(self._idle.queue)

    def warm(self) -> None:
        """Start every worker and plan the built-in demo in it, in the background: the first
        answer a person waits for is then as quick as the next."""
        text = resources.files("payplan.planner").joinpath("demo.yaml").read_text(encoding="utf-8")
        demo = parse_text(text, "demo.yaml", as_json=False)
        for _ in self._all:
            threading.Thread(target=self.run, args=("plan", demo), daemon=True).start()

    def run(self, command: str, data: object) -> Answer:
        worker = self._idle.get()
        try:
            if self._closed:
                return {"ok": False, "errors": ["internal: the server is stopping"]}
            return worker.run(command, data, self.timeout)
        finally:
            self._idle.put(worker)

    def close(self) -> None:
        """Stop every worker: an idle one at once, a busy one after a second at most (its
        request is then answered as an error)."""
        self._closed = True
        for _ in self._all:
            try:
                self._idle.get(timeout=1.0)
            except queue.Empty:
                pass
        for worker in self._all:
            worker.close()


def status_of(answer: Answer) -> int:
    """The HTTP status of a serve answer: 200 answered (unpayable and illegal plans are answers),
    504 stopped by the timeout, 500 our own bug, 422 a scenario with problems."""
    if answer.get("ok"):
        return 200
    first = str((answer.get("errors") or [""])[0])  # type: ignore[index]
    return 504 if first.startswith("timeout:") else 500 if first.startswith("internal:") else 422


class WebServer(ThreadingHTTPServer):
    """The explorer's server: the solver settings, the limits, and the workers."""

    daemon_threads = True

    def __init__(self, host: str, port: int, config: SolverConfig,
                 request_timeout: float | None = None, limits: Limits | None = None) -> None:
        super().__init__((host, port), Handler)
        self.limits = limits if limits is not None else Limits.from_env()
        timeout = default_timeout(config) if request_timeout is None else request_timeout
        # The registry is filled here, before the workers' threads start: filled by two
        # threads at once, one of them could find it empty for a moment (and `vocabulary`,
        # cached, would keep that).
        rulesets.formats()
        self.runner = Runner(config, timeout if timeout > 0 else None)
        self.runner.warm()
        threading.Thread(target=vocabulary, daemon=True).start()  # ready for the first page

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        name = host.decode() if isinstance(host, bytes) else str(host)
        return f"http://[{name}]:{port}/" if ":" in name else f"http://{name}:{port}/"

    def server_close(self) -> None:
        super().server_close()
        self.runner.close()


class Handler(BaseHTTPRequestHandler):
    """One request: a route below, or 404; every answer a complete response, never a traceback."""

    server: WebServer
    server_version = "payplan-web"

    def log_message(self, format: str, *args: Any) -> None:
        pass  # quiet: the terminal shows the address, not every request

    def do_GET(self) -> None:
        self._safely(self._get)

    def do_POST(self) -> None:
        self._safely(self._post)

    def _safely(self, route: Callable[[], None]) -> None:
        """Run a route; a bug of ours is still an answer (500, one line), never a traceback."""
        try:
            route()
        except (BrokenPipeError, ConnectionResetError):  # the browser left: nobody to answer
            self.close_connection = True
        except Exception as exc:
            self.close_connection = True
            try:
                self._json(500, {"ok": False, "errors": [
                    f"internal: {type(exc).__name__}: {exception_line(exc)}"]})
            except OSError:
                pass

    def _get(self) -> None:
        url = urlsplit(self.path)
        query = parse_qs(url.query)
        if url.path in ("/", "/index.html"):
            name = query.get("example", [None])[0]
            bad = name is not None and example(name) is None
            self._send(404 if bad else 200, asset("index.html") or b"", "text/html")
        elif url.path.startswith("/static/"):
            body = asset(url.path.removeprefix("/static/"))
            if body is None:
                self._json(404, {"ok": False, "errors": [f"{url.path[:80]}: no such file"]})
            else:
                self._send(200, body, ASSETS[url.path.removeprefix("/static/")])
        elif url.path == "/api/examples":
            self._json(200, {"ok": True, "examples": list(examples()),
                             "packaged": examples_root() is not None})
        elif url.path == "/api/example":
            self._example(query.get("name", [""])[0])
        elif url.path == "/api/vocabulary":
            self._json(200, {"ok": True, "formats": vocabulary()})
        else:
            self._json(404, {"ok": False, "errors": [f"{url.path[:80]}: no such page"]})

    def _post(self) -> None:
        url = urlsplit(self.path)
        command = url.path.removeprefix("/api/")
        if not url.path.startswith("/api/") or command not in (*COMMANDS, "parse"):
            problems = check_request({"id": None, "command": command, "scenario": None})
            self._json(404, {"ok": False, "errors": problems or [f"{url.path[:80]}: no such API"]})
            return
        text = self._body()
        if text is None:
            return
        name = parse_qs(url.query).get("name", ["body"])[0][:200]
        yaml = "yaml" in (self.headers.get("Content-Type") or "") or (
            command == "parse" and not name.endswith(".json"))
        try:
            data = parse_text(text, name, as_json=not yaml, limits=self.server.limits)
        except ScenarioError as err:
            self._json(400, {"ok": False, "errors": list(err.lines)})
            return
        if command == "parse":
            self._json(200, {"ok": True, "data": data})
            return
        answer = self.server.runner.run(command, data)
        self._json(status_of(answer), answer)

    def _example(self, name: str) -> None:
        path = example(name)
        if path is None:
            self._json(404, {"ok": False, "errors": [
                f"example: no shipped example {name[:80]!r} (see /api/examples)"]})
            return
        text = path.read_text(encoding="utf-8")
        data = parse_text(text, path.name, as_json=False, limits=self.server.limits)
        self._json(200, {"ok": True, "name": name, "text": text, "data": data})

    def _body(self) -> str | None:
        """The request's body as text, or None once an error is sent (too big, not UTF-8)."""
        limit = self.server.limits.max_bytes
        try:
            size = int(self.headers.get("Content-Length") or "")
        except ValueError:
            self._json(411, {"ok": False, "errors": ["body: a Content-Length is required"]})
            return None
        if size > limit or size < 0:
            self.close_connection = True  # the body is never read: the connection can't be reused
            problem = self.server.limits.too_big("body", "the request body")
            self._json(413, {"ok": False, "errors": [str(problem)]})
            return None
        raw = self.rfile.read(size)
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            self._json(400, {"ok": False, "errors": [f"body: not UTF-8: {exc.reason}"]})
            return None

    def _json(self, status: int, payload: object) -> None:
        self._send(status, json.dumps(payload).encode("utf-8"), "application/json")

    def _send(self, status: int, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", f"{kind}; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        self.wfile.write(body)


# --- The command -------------------------------------------------------------------------------


def run_web(host: str, port: int, config: SolverConfig, request_timeout: float | None) -> int:
    """Serve until Ctrl-C (or SIGTERM); 0 when stopped, 2 if the address can't be taken."""
    try:
        server = WebServer(host, port, config, request_timeout)
    except OSError as exc:
        print(f"web: can't listen on {host}:{port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    print(server.url, flush=True)
    if threading.current_thread() is threading.main_thread():  # a service manager's stop too
        signal.signal(signal.SIGTERM, _interrupt)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("stopped", flush=True)
    finally:
        server.server_close()
    return 0


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


__all__ = ["DEFAULT_PORT", "Handler", "WebServer", "example", "examples",
           "run_web", "status_of", "vocabulary"]
