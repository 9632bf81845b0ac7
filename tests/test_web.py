"""`payplan web`: its API answers what `serve` answers, it serves nothing but its own files and
the shipped examples, and a real browser (Debian's Chromium, driven by Playwright) is used as a
person uses it: open an example of each game, change a rune or a land, move a card, pick the
play's optional costs, targets and X, play it, check a payment, look at a turn, submit a bad
file, and see each answer change; the answer each view draws is what the command line answers
(a few examples here, every shipped example in the slow lane). Each browser test saves a
screenshot of each view it visits and the time each answer took to be drawn after its change
(to PAYPLAN_WEB_SHOTS if set, else the test's temporary folder): measured, never asserted.

The browser tests skip when no Chromium (or no Playwright) is found, unless the environment
variable CI is set: in CI they must run (`.ci/web-deps` installs both).
"""

from __future__ import annotations

import contextlib
import http.client
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import tomllib
from pathlib import Path
from typing import Any, Iterator

import pytest
import yaml

from payplan.cli import main as cli_main
from payplan.engine.reading import Limits
from payplan.planner.config import SolverConfig
from payplan.planner.serve import COMMANDS, handle
from payplan.planner.web import WebServer, examples, vocabulary

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


@pytest.fixture(scope="module")
def server() -> Iterator[WebServer]:
    web = WebServer("127.0.0.1", 0, SolverConfig())
    thread = threading.Thread(target=web.serve_forever, daemon=True)
    thread.start()
    yield web
    web.shutdown()
    web.server_close()


def request(web: WebServer, method: str, path: str, body: bytes | None = None,
            headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    host, port = web.server_address[:2]
    conn = http.client.HTTPConnection(str(host), port, timeout=120)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def post(web: WebServer, command: str, data: object) -> tuple[int, Any]:
    status, body = request(web, "POST", f"/api/{command}", json.dumps(data).encode(),
                           {"Content-Type": "application/json"})
    return status, json.loads(body)


def load(name: str) -> Any:
    return yaml.safe_load((EXAMPLES / f"{name}.yaml").read_text(encoding="utf-8"))


# --- The API: what serve answers -----------------------------------------------------------


def _same_as_serve(web: WebServer, name: str) -> None:
    data = load(name)
    for command in COMMANDS:
        status, answer = post(web, command, data)
        expected = handle(command, data)
        assert answer == expected, (name, command)
        assert status == (200 if expected["ok"] else 422), (name, command, status)


@pytest.mark.parametrize("name", ["01-sky-splitter-order", "mtg/20-flashback-from-graveyard",
                                  "turns/01-apprentice-first", "mtg/17-tap-cost-unpayable"])
def test_api_answers_what_serve_answers(server: WebServer, name: str) -> None:
    _same_as_serve(server, name)


def test_api_answers_what_serve_answers_for_every_example(server: WebServer) -> None:
    names = list(examples())
    assert len(names) == len(list(EXAMPLES.rglob("*.yaml"))) > 200
    for name in names:
        _same_as_serve(server, name)


_CLI: dict[tuple[str, str], Any] = {}


def cli(command: str, name: str) -> Any:
    """What `payplan COMMAND examples/NAME.yaml --json` answers (run in this process), in the
    API's shape: `{"ok": true, "result": THE JSON}`, or for a file it refuses (exit 2) `{"ok":
    false, "errors": ITS LINES}` with the `scenario.` prefix that `serve` adds."""
    if (command, name) not in _CLI:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli_main([command, str(EXAMPLES / f"{name}.yaml"), "--json"])
        _CLI[command, name] = (
            {"ok": False, "errors": [f"scenario.{line}" for line in err.getvalue().splitlines()]}
            if code == 2 else {"ok": True, "result": json.loads(out.getvalue())})
    return _CLI[command, name]


def test_scenario_problems_are_422_with_serves_lines(server: WebServer) -> None:
    data = load("01-sky-splitter-order")
    data["state"]["you"]["runes"][1]["domain"] = "firey"
    status, answer = post(server, "plan", data)
    assert status == 422 and answer == handle("plan", data)
    assert answer["errors"][0].startswith("scenario.state.you.runes[1].domain: unknown domain")


def test_bad_json_and_yaml_are_400_with_the_problem(server: WebServer) -> None:
    status, body = request(server, "POST", "/api/plan", b'{"format": ', {})
    answer = json.loads(body)
    assert status == 400 and answer["ok"] is False
    assert answer["errors"][0].startswith("body:1:12: invalid JSON")
    status, body = request(server, "POST", "/api/plan", b"format: [\n",
                           {"Content-Type": "application/yaml"})
    assert status == 400 and json.loads(body)["errors"][0].startswith("body:")
    status, body = request(server, "POST", "/api/parse?name=bad.yaml", b"state: {a: [\n")
    assert status == 400 and json.loads(body)["errors"][0].startswith("bad.yaml:")
    status, body = request(server, "POST", "/api/parse?name=ok.yaml", b"format: mtg/1\n")
    assert status == 200 and json.loads(body) == {"ok": True, "data": {"format": "mtg/1"}}


def test_a_bug_of_ours_is_a_500_line_not_a_traceback(server: WebServer,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(name: str) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr("payplan.planner.web.example", broken)
    status, body = request(server, "GET", "/api/example?name=x")
    assert status == 500 and json.loads(body)["errors"] == ["internal: RuntimeError: a bug"]


def test_unknown_command_is_404_with_a_suggestion(server: WebServer) -> None:
    status, body = request(server, "POST", "/api/plam", b"{}")
    assert status == 404 and "did you mean 'plan'?" in json.loads(body)["errors"][0]


def test_no_file_outside_its_assets_and_examples(server: WebServer) -> None:
    for path in ("/?example=../../etc/passwd", "/api/example?name=../../etc/passwd",
                 "/api/example?name=/etc/passwd", "/static/../../pyproject.toml",
                 "/static/%2e%2e/web.py", "/static/../web.py", "/../../etc/passwd",
                 "/api/example?name=01-sky-splitter-order.yaml"):
        status, body = request(server, "GET", path)
        assert 400 <= status < 500, path
        assert b"root:" not in body and b"[build-system]" not in body and b"import" not in body
    status, body = request(server, "GET", "/api/example?name=mtg/20-flashback-from-graveyard")
    answer = json.loads(body)
    assert status == 200 and answer["data"] == load("mtg/20-flashback-from-graveyard")
    assert answer["text"] == (EXAMPLES / "mtg/20-flashback-from-graveyard.yaml").read_text()
    assert request(server, "GET", "/?example=01-sky-splitter-order")[0] == 200


def test_a_body_over_the_limit_is_413() -> None:
    web = WebServer("127.0.0.1", 0, SolverConfig(), limits=Limits(max_bytes=200))
    thread = threading.Thread(target=web.serve_forever, daemon=True)
    thread.start()
    try:
        status, body = request(web, "POST", "/api/plan", b"{" + b" " * 300 + b"}")
        assert status == 413 and "over the size limit of 200 bytes" in json.loads(body)["errors"][0]
        status, _ = request(web, "POST", "/api/plan", b"{}", {"Content-Length": "99999999999"})
        assert status == 413
    finally:
        web.shutdown()
        web.server_close()


def test_the_page_loads_nothing_from_the_network(server: WebServer) -> None:
    status, page = request(server, "GET", "/")
    assert status == 200
    links = re.findall(rb'(?:src|href)="([^"]+)"', page)
    assert links and all(link.startswith((b"/static/", b"data:")) for link in links), links
    for link in links:
        if link.startswith(b"/static/"):
            status, body = request(server, "GET", link.decode())
            body = body.replace(b"http://www.w3.org/2000/svg", b"")  # SVG's namespace: a name
            assert status == 200 and b"http://" not in body and b"https://" not in body


def test_vocabulary_comes_from_the_examples_of_each_format() -> None:
    formats = vocabulary()
    assert {"payplan/1", "mtg/1"} <= set(formats)
    zones = {f: v["zones"] for f, v in formats.items()}
    assert zones["payplan/1"]["runes"]["flags"][0] == "exhausted"
    assert zones["mtg/1"]["battlefield"]["flags"][0] == "tapped"


def test_every_examples_folder_ships_in_the_package() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    folders = {p.parent.relative_to(EXAMPLES).as_posix() for p in EXAMPLES.rglob("*.yaml")}
    for folder in folders:
        package = "payplan.examples" + ("" if folder == "." else "." + folder.replace("/", "."))
        assert package in config["packages"], package
        assert config["package-data"][package] == ["*.yaml"], package


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_the_command_prints_its_address_and_stops_on_ctrl_c(stop: signal.Signals) -> None:
    process = subprocess.Popen([sys.executable, "-m", "payplan", "web", "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert process.stdout is not None
        url = process.stdout.readline().strip()
        found = re.fullmatch(r"http://127\.0\.0\.1:(\d+)/", url)
        assert found, url
        conn = http.client.HTTPConnection("127.0.0.1", int(found[1]), timeout=30)
        conn.request("GET", "/")
        assert conn.getresponse().status == 200
        conn.close()
        process.send_signal(stop)
        out, err = process.communicate(timeout=30)
        assert process.returncode == 0, err
        assert "stopped" in out and "Traceback" not in err
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


def test_a_bad_port_is_one_line() -> None:
    done = subprocess.run([sys.executable, "-m", "payplan", "web", "--port", "70000"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 2 and done.stderr.startswith("--port: expected a whole number")


# --- A real browser --------------------------------------------------------------------------

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or (
    "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
BROWSER_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _browser_or_skip() -> Any:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    missing = ("no Chromium found (apt-get install chromium)" if CHROMIUM is None else
               "Playwright is not installed (pip install playwright)" if sync_playwright is None
               else None)
    if missing is not None:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the browser test: {missing}; see .ci/web-deps")
        pytest.skip(missing)
    return sync_playwright


class Page:
    """The explorer in a browser tab, with the waits a person does without thinking."""

    def __init__(self, page: Any, web: WebServer, shots: Path) -> None:
        self.page, self.web, self.shots = page, web, shots
        self.errors: list[str] = []
        self.timings: list[int] = []  # ms from each change to its answer drawn (the page's count)
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def seq(self) -> int:
        return int(self.page.evaluate("Number(document.querySelector('#view')?.dataset.seq || 0)"))

    def change(self, action: Any, before: int | None = None) -> str:
        """Do `action`, wait for the next answer to be drawn, and return the answer's text
        (`before`: the number of the answer drawn before, if not the one on the page now)."""
        before = self.seq() if before is None else before
        action()
        self.page.wait_for_function(f"Number(document.querySelector('#view')?.dataset.seq || 0) > {before}"
                                    " && document.querySelector('#busy').hidden", timeout=120_000)
        self.timings.append(int(self.page.get_attribute("#view", "data-ms") or -1))
        return str(self.page.inner_text("#view"))

    def answer(self) -> Any:
        """The answer the page drew last, as the API gave it to the page."""
        return self.page.evaluate("document.querySelector('#view').answer")

    def type_into(self, selector: str, text: str) -> str:
        """Type `text` into a field as a person does (then Tab away) and return the answer."""
        def action() -> None:
            self.page.fill(selector, text)
            self.page.press(selector, "Tab")
        return self.change(action)

    def open(self, name: str) -> str:
        return self.change(lambda: self.page.goto(f"{self.web.url}?example={name}"), before=0)

    def tab(self, name: str) -> str:
        return self.change(lambda: self.page.click(f"#tabs button[data-tab={name}]"))

    def shot(self, name: str) -> None:
        self.page.screenshot(path=str(self.shots / f"{name}.png"), full_page=True)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium for every browser test of this module."""
    sync_playwright = _browser_or_skip()
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def tab(browser: Any, server: WebServer, tmp_path: Path) -> Iterator[Page]:
    """A fresh tab; its screenshots go to PAYPLAN_WEB_SHOTS if set (CI keeps them), else to the
    test's temporary folder. No script error may happen in it."""
    shots = Path(os.environ.get("PAYPLAN_WEB_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = Page(context.new_page(), server, shots)
    try:
        yield page
        assert page.errors == []
    finally:
        context.close()


def test_a_person_explores_both_games_in_a_real_browser(tab: Page) -> None:
    _riftbound(tab)
    _mtg(tab)
    _turn(tab)
    _paste(tab)
    _bad_files(tab)
    assert {f"{name}.png" for name in SHOTS} <= {p.name for p in tab.shots.glob("*.png")}
    _report(tab, "explore")


SHOTS = ("1-plan-payplan", "2-unpayable-payplan", "3-orders-payplan", "3b-hand-payplan",
         "4-plan-mtg", "5-unpayable-mtg", "6-turn", "7-bad-yaml", "8-problem-on-the-rune")


def _report(tab: Page, name: str) -> None:
    """Record how long each answer took to be drawn after its change (the page's own count,
    from the click or the typed value to the answer on the screen): printed, and written
    beside the screenshots. Speed is measured, never asserted."""
    assert tab.timings and all(ms >= 0 for ms in tab.timings), tab.timings
    ordered = sorted(tab.timings)
    summary = {"answers": len(ordered), "median_ms": ordered[len(ordered) // 2],
               "p90_ms": ordered[(len(ordered) * 9) // 10], "max_ms": ordered[-1]}
    (tab.shots / f"timings-{name}.json").write_text(json.dumps({**summary, "each_ms": tab.timings}))
    print(f"web {name}: {summary}")


def _riftbound(tab: Page) -> None:
    text = tab.open("01-sky-splitter-order")
    assert "ok" in text and "eager-apprentice → sky-splitter" in text and "r1" in text
    assert "recycle" in tab.page.inner_text("[data-id=r1]")  # the payment drawn on the rune
    tab.shot("1-plan-payplan")
    # Remove the exhausted rune that paid: a ready one pays now, and the score goes up.
    text = tab.change(lambda: tab.page.click("[data-id=r1] button.x"))
    assert "r1" not in text and "r2" in text and "score\n4" in text.replace("\t", "\n")
    assert "r2" in tab.page.inner_text(".tile.used")
    # Exhaust it: recycling an exhausted rune costs less, the score goes down again.
    text = tab.change(lambda: tab.page.check("[data-id=r2] input[data-flag=exhausted]"))
    assert "r2" in text and "score\n3" in text
    # Remove it: no rune left can pay the fury power.
    text = tab.change(lambda: tab.page.click("[data-id=r2] button.x"))
    assert "unpayable" in text
    tab.shot("2-unpayable-payplan")
    tab.open("01-sky-splitter-order")
    text = tab.tab("orders")
    assert "best" in text and "1 order" in text
    tab.shot("3-orders-payplan")
    text = tab.tab("hand")
    assert "Sky Splitter" in text
    tab.shot("3b-hand-payplan")
    tab.tab("plan")


def _mtg(tab: Page) -> None:
    text = tab.open("mtg/20-flashback-from-graveyard")
    assert "flashback" in text and all(land in text for land in ("i1", "i2", "i3"))
    tab.shot("4-plan-mtg")
    text = tab.change(lambda: tab.page.check("[data-id=i1] input[data-flag=tapped]"))
    assert "unpayable" in text
    tab.shot("5-unpayable-mtg")


def _turn(tab: Page) -> None:
    tab.open("turns/03-land-drop-ritual")
    text = tab.tab("turn")
    assert "play 1" in text and "Dark Ritual" in text and "play 3" in text
    # What is left to pay with after each play: the answer's own `after`, as the turn walked it.
    after = tab.page.eval_on_selector_all("#turn .pool", "(ps) => ps.map((p) => p.textContent)")
    assert after == ["left after: untapped: s1 h1; mana pool: none",
                     "left after: untapped: h1; mana pool: {B}{B}{B}",
                     "left after: untapped: none; mana pool: none"]
    tab.shot("6-turn")
    tab.tab("plan")


def _paste(tab: Page) -> None:
    tab.page.click("#paste-box summary")
    tab.page.fill("#paste", (EXAMPLES / "mtg/20-flashback-from-graveyard.yaml").read_text())
    text = tab.change(lambda: tab.page.click("#load-paste"))
    assert "flashback" in text and "Think Twice" in text


def _bad_files(tab: Page) -> None:
    tab.page.set_input_files("#file", files=[{"name": "bad.yaml", "mimeType": "text/yaml",
                                              "buffer": b"format: payplan/1\nstate: {you: [\n"}])
    tab.page.wait_for_selector("#problems li", timeout=30_000)
    assert tab.page.inner_text("#problems").startswith("bad.yaml:")
    tab.shot("7-bad-yaml")
    data = load("01-sky-splitter-order")
    data["state"]["you"]["runes"][2]["domain"] = "firey"
    tab.change(lambda: tab.page.set_input_files("#file", files=[{
        "name": "firey.json", "mimeType": "application/json", "buffer": json.dumps(data).encode()}]))
    problem = tab.page.inner_text("[data-path='state.you.runes[2]'] .problem")
    assert problem.startswith("unknown domain 'firey'")
    assert "scenario.state.you.runes[2].domain: unknown domain" in tab.page.inner_text("#problems")
    tab.shot("8-problem-on-the-rune")


def _fact(tab: Page, name: str) -> str:
    """The value the answer shows for `name` (a row of its facts), or "" if it shows none."""
    return str(tab.page.evaluate(
        """(name) => { const dt = [...document.querySelectorAll('#view dl.facts dt')]
                                   .find((d) => d.textContent === name);
                      return dt ? dt.nextElementSibling.textContent : ''; }""", name))


def test_a_person_picks_optional_costs_targets_and_x(tab: Page) -> None:
    text = tab.open("05-flow-repeat-deflect")
    assert _fact(tab, "total") == "energy 3 + any 2"  # Flow [2], Repeat [1], Deflect [A][A]
    # The runes are a count in this file (`{fury: 3, chaos: 2}`): the payment still names them.
    chips = tab.page.eval_on_selector_all("#view .chip", "(cs) => cs.map((c) => c.textContent)")
    assert chips == ["r1 — exhaust", "r4 — exhaust; recycle: pays any", "r5 — exhaust; recycle: pays any"]
    assert "null" not in text and "costs nothing" not in text
    # Repeat not paid: [1] less.
    tab.type_into("input[data-path='play.optional.repeat']", "no")
    assert _fact(tab, "total") == "energy 2 + any 2"
    assert tab.answer()["result"]["paid_optional"] == []
    # No target: the opponent's unit's Deflect is not charged.
    tab.change(lambda: tab.page.click("[data-path='play.targets[0]'] button.drop"))
    assert _fact(tab, "total") == "energy 2"
    # Target it again, from the objects of the state.
    tab.change(lambda: tab.page.select_option("select[data-add='play.targets']", "e1"))
    assert _fact(tab, "total") == "energy 2 + any 2"
    # Drop the optional cost's choice, then name it again: the name is offered, "yes" taken.
    tab.change(lambda: tab.page.click("[data-path='play.optional.repeat'] button.drop"))
    assert tab.answer()["result"]["paid_optional"] == []
    names = tab.page.eval_on_selector("input[data-add='play.optional']",
                                      "(i) => [...i.list.options].map((o) => o.value)")
    assert "repeat" in names
    tab.type_into("input[data-add='play.optional']", "repeat")
    assert _fact(tab, "total") == "energy 3 + any 2"
    tab.shot("9-choices-payplan")
    # X: `auto` pays the largest X; a number is that X; one too big is unpayable, by how much.
    tab.open("mtg/26-x-before-reductions")
    assert _fact(tab, "total") == "{2}{R}" and tab.answer()["result"]["x"] == 3
    tab.type_into("input[data-path='play.x']", "1")
    assert _fact(tab, "total") == "{R}" and tab.answer()["result"]["x"] == 1
    text = tab.type_into("input[data-path='play.x']", "5")
    assert "unpayable" in text and _fact(tab, "shortfall") == "{2}"
    tab.shot("10-x-shortfall-mtg")
    # A value that is no X: the command line's problem, next to the X.
    tab.type_into("input[data-path='play.x']", "lots")
    problem = tab.page.inner_text("[data-path='play.x'] .problem")
    assert problem == "expected a whole number, got the string 'lots'"
    assert tab.page.inner_text("#problems") == "scenario.play.x: " + problem
    _report(tab, "choices")


def test_a_person_moves_cards_and_adds_runes_and_lands(tab: Page) -> None:
    tab.open("01-sky-splitter-order")
    # Move the card to the trash: from there it needs Flow, so it is illegal.
    text = tab.change(lambda: tab.page.select_option("[data-id=h1] select.move", "trash"))
    assert "illegal" in text and "trash" in text
    assert tab.page.locator("[data-path='state.you.trash'] [data-id=h1]").count() == 1
    text = tab.change(lambda: tab.page.select_option("[data-id=h1] select.move", "hand"))
    assert "illegal" not in text and _fact(tab, "score") == "3"
    # Remove both fury runes: unpayable; add a rune, make it fury: paid by exhausting it.
    tab.change(lambda: tab.page.click("[data-id=r1] button.x"))
    assert "unpayable" in tab.change(lambda: tab.page.click("[data-id=r2] button.x"))
    assert _fact(tab, "shortfall") == "fury 1"
    assert "short by fury 1" in tab.tab("hand")
    tab.tab("plan")
    tab.change(lambda: tab.page.click("button[data-add=runes]"))
    assert tab.page.locator("[data-id=r1]").count() == 1  # the new rune takes the free id
    text = tab.change(lambda: tab.page.select_option("[data-id=r1] select[data-key=domain]", "fury"))
    assert "ok" in text and "r1" in tab.page.inner_text(".tile.used")
    tab.shot("11-cards-moved-payplan")
    # mtg/1: tap a land, unpayable; add another land from the card list: paid again.
    tab.open("mtg/20-flashback-from-graveyard")
    assert "unpayable" in tab.change(lambda: tab.page.check("[data-id=i1] input[data-flag=tapped]"))
    text = tab.change(lambda: tab.page.select_option("select[data-add=battlefield]", "island"))
    added = tab.page.eval_on_selector_all("[data-path='state.you.battlefield'] .tile",
                                          "(ts) => ts.map((t) => t.dataset.id)")
    assert len(added) == 4 and added[-1] not in ("i1", "i2", "i3")
    assert "unpayable" not in text and added[-1] in text
    _report(tab, "cards")


def test_a_person_plays_it_and_checks_a_payment(tab: Page) -> None:
    tab.open("01-sky-splitter-order")
    text = tab.tab("play")
    assert "Sky Splitter h1: you hand → you trash" in text
    assert "r1: you runes → you rune_deck" in text  # recycled
    tab.shot("12-play-payplan")
    # Go on from the state after: no play is left, and that is said next to the play.
    tab.change(lambda: tab.page.click("#continue"))
    assert tab.page.locator("[data-path='state.you.trash'] [data-id=h1]").count() == 1
    assert tab.page.inner_text("[data-path=play] .problem").startswith("missing")
    # Check a payment: start from the best one, then recycle the other fury rune.
    tab.open("01-sky-splitter-order")
    text = tab.tab("check")
    assert "payment: missing" in text
    text = tab.change(lambda: tab.page.click("#start-check"))
    assert "legal" in text and _fact(tab, "gap to the best") == "0"
    text = tab.type_into("input[data-path='payment.recycle[0].rune']", "r2")
    assert _fact(tab, "score") == "4" and _fact(tab, "gap to the best") == "1"
    tab.shot("13-check-payplan")
    text = tab.type_into("input[data-path='payment.recycle[0].rune']", "r3")
    assert "illegal" in text and "mind rune" in tab.page.inner_text("#check-problems")
    tab.tab("plan")
    _report(tab, "play-check")


def test_the_turn_view_and_a_turn_asked_of_a_single_play(tab: Page) -> None:
    # A file with one play asked for a turn: the problem is drawn next to the play.
    tab.open("01-sky-splitter-order")
    tab.tab("turn")
    assert "plans the file's `turn`" in tab.page.inner_text("[data-path=play] .problem")
    # A turn file opens on the turn: each play, what pays it, and what is left after it.
    text = tab.open("turns/01-apprentice-first")
    assert "play 1" in text and "play 3" in text
    after = tab.page.eval_on_selector_all("#turn .pool", "(ps) => ps.map((p) => p.textContent)")
    assert after == ["left after: ready: r3 r4; pool: none", "left after: ready: r3; pool: none",
                     "left after: ready: none; pool: none"]
    # Without the calm rune, Calm Word is left unplayed, and the turn says why.
    text = tab.change(lambda: tab.page.click("[data-id=r3] button.x"))
    assert "play 3" not in text
    assert tab.page.inner_text("#not-played").startswith("Calm Word (h3): needs 1 more Energy")
    tab.shot("14-turn-payplan")
    _report(tab, "turn")


def _walk(tab: Page, names: list[str]) -> None:
    """Open each example from the page's list, as a person does, and look at every view: the
    answer the page drew is the command line's, and what it shows says so (the status, each
    play of the hand, each problem); and the API answers the same for the file's own data."""
    tab.open(names[0])
    for i, name in enumerate(names):
        if i:
            tab.change(lambda name=name: tab.page.select_option("#example", name))
        for command in COMMANDS:
            text = tab.tab(command)
            expected = cli(command, name)
            assert tab.answer() == expected, (name, command)
            assert post(tab.web, command, load(name))[1] == expected, (name, command)
            assert tab.page.get_attribute("#view", "data-command") == command
            if not expected["ok"]:
                shown = tab.page.eval_on_selector_all("#view ul.problems li",
                                                      "(ls) => ls.map((l) => l.textContent)")
                assert shown == expected["errors"], (name, command)
                continue
            result = expected["result"]
            if command == "hand":
                rows = tab.page.locator("#hand tr").count() - 1
                assert rows == len(result["plays"]), (name, command)
            elif command == "check":
                assert ("illegal" if not result["legal"] else "legal") in text, (name, command)
            else:
                status = "unpayable" if result.get("payable") is False else result["status"]
                badge = tab.page.inner_text("#view h3 .status")
                assert badge == status, (name, command, badge)


WALKED = ["01-sky-splitter-order", "05-flow-repeat-deflect", "cards/04-flow-from-trash",
          "mtg/17-tap-cost-unpayable", "mtg/26-x-before-reductions", "turns/03-land-drop-ritual"]


def test_the_page_answers_what_the_command_line_answers(tab: Page) -> None:
    _walk(tab, WALKED)
    _report(tab, "walk")


@pytest.mark.slow
def test_the_page_answers_what_the_command_line_answers_for_every_example(tab: Page) -> None:
    names = list(examples())
    assert len(names) == len(list(EXAMPLES.rglob("*.yaml"))) > 200
    _walk(tab, names)
    _report(tab, "every-example")
