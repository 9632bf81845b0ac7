"""`payplan serve` (planner.serve): one answer line per request, in order, whatever the input;
a request that takes too long is stopped and answered as an error, and the service goes on.

The service runs in-process (`serve` on in-memory streams) and as a real process fed by another
real process through a pipe, as a client would run it."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from helpers import example_data

from payplan.engine.riftbound.loader import load_file
from payplan.planner.config import DEFAULT_CONFIG
from payplan.planner.riftbound.orders import discount_orders
from payplan.planner.riftbound.plan import plan
from payplan.planner.riftbound.ruleset import RULESET
from payplan.planner.serve import COMMANDS, check_request, handle, serve

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def example(name: str) -> Any:
    return example_data(name)


SKY = example("01-sky-splitter-order.yaml")
FLOW = example("04-flow-base-cost.yaml")


def slow_scenario() -> dict[str, Any]:
    """A play with 24 discounts on the total: counting their orders takes far longer than any
    test's time limit (the search is exponential in the number of discounts)."""
    discounts = [{"id": f"d{i}", "energy": 1 + i % 5, "minimum": {"energy": i % 7},
                  "power": {"any": i % 2}} for i in range(24)]
    return {
        "format": "payplan/1",
        "cards": {"big": {"name": "Big", "type": "spell", "domains": ["fury"],
                          "cost": {"energy": 60, "power": {"fury": 3, "any": 3}}}},
        "state": {"you": {"runes": {"fury": 3}, "hand": [{"id": "h1", "card": "big"}]}},
        "play": {"object": "h1", "discounts": discounts},
    }


def run(lines: list[str], timeout: float | None = 30.0) -> tuple[int, list[dict[str, Any]]]:
    out = io.StringIO()
    code = serve(io.StringIO("".join(line + "\n" for line in lines)), out, DEFAULT_CONFIG,
                 request_timeout=timeout)
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


def request(ident: object, command: object, scenario: object) -> str:
    return json.dumps({"id": ident, "command": command, "scenario": scenario})


# --- The answers ---------------------------------------------------------------------------------


def test_results_are_what_the_commands_print() -> None:
    scenario = load_file(EXAMPLES / "01-sky-splitter-order.yaml")
    code, answers = run([request(1, "plan", SKY), request("two", "hand", SKY),
                         request([3], "orders", SKY)])
    assert code == 0
    assert answers == [
        {"id": 1, "ok": True, "result": plan(scenario).to_json()},
        {"id": "two", "ok": True, "result": RULESET.hand(scenario, DEFAULT_CONFIG).to_json()},
        {"id": [3], "ok": True, "result": discount_orders(scenario).to_json()},
    ]


def test_unpayable_and_illegal_plans_are_answers() -> None:
    illegal = example("08-flow-keeps-timing.yaml")
    code, [a, b] = run([request(1, "plan", illegal), request(2, "orders", illegal)])
    assert a["ok"] and a["result"]["status"] == "illegal"
    assert b["ok"] and b["result"]["orders"] == [] and b["result"]["reasons"]


def test_every_line_gets_one_answer_in_order() -> None:
    bad_domain = json.loads(json.dumps(SKY))
    bad_domain["state"]["you"]["runes"][2]["domain"] = "firey"
    lines = [
        request(1, "plan", FLOW),
        "",                                                   # blank: skipped
        "not json at all",
        "   ",                                                # blank: skipped
        "[1, 2, 3]",
        request(2, "plna", FLOW),
        json.dumps({"command": "plan", "scenario": FLOW}),    # no id
        json.dumps({"id": 3, "scenario": FLOW}),              # no command
        json.dumps({"id": 4, "command": "plan"}),             # no scenario
        json.dumps({"id": 5, "command": "plan", "scenario": FLOW, "senario": 1}),
        request(6, "plan", bad_domain),
        request(7, "plan", "a string"),
        request(8, "plan", {"format": "payplan/1"}),          # no play
        request(9, "hand", {"format": "payplan/1"}),          # hand needs none
        '{"id": NaN, "command": "plan", "scenario": {}}',
        '{"id": 10, "command": "plan", "scenario": {',
        request(None, "orders", FLOW),
        request(11, 42, FLOW),
        "\"just a string\"",
        request(12, "hand", FLOW),
    ]
    code, answers = run(lines)
    assert code == 0
    assert len(answers) == len([line for line in lines if line.strip()])
    ids = [a["id"] for a in answers]
    assert ids == [1, None, None, 2, None, 3, 4, 5, 6, 7, 8, 9, None, None, None, 11, None, 12]
    ok = [a["ok"] for a in answers]
    assert ok == [True, False, False, False, False, False, False, False, False, False, False,
                  True, False, False, True, False, False, True]
    errors = [a.get("errors", []) for a in answers]
    assert errors[1] == ["<stdin>:3:1: invalid JSON: Expecting value"]
    assert errors[2][0].startswith("<stdin>:5: expected a request object")
    assert errors[3] == ["command: unknown command 'plna' (did you mean 'plan'?)"]
    assert errors[4] == ["id: missing (any JSON value; the answer repeats it)"]
    assert errors[5] == [f"command: missing (one of: {', '.join(COMMANDS)})"]
    assert errors[6] == ["scenario: missing (a scenario of format mtg/1 or payplan/1)"]
    assert errors[7] == ["senario: unknown key 'senario' (did you mean 'scenario'?)"]
    assert errors[8] == ["scenario.state.you.runes[2].domain: unknown domain 'firey' "
                         "(did you mean 'fury'?)"]
    assert errors[9][0].startswith("scenario: expected a mapping")
    assert errors[10] == ["scenario.play: missing (this command plans one play)"]
    assert answers[11]["result"] == {"format": "payplan/1", "plays": []}
    assert "NaN" in errors[12][0]
    assert errors[13][0].startswith("<stdin>:16:")
    assert answers[14]["result"]["orders"][0]["total"] == {"energy": 2}
    assert errors[15] == [f"command: expected one of {', '.join(COMMANDS)}, got a number"]


def test_bad_utf8_spoils_one_line_only() -> None:
    raw = (request(1, "plan", FLOW) + "\n").encode() + b'{"id": "\xff\xfe"}\n' + \
        (request(2, "plan", FLOW) + "\n").encode()
    out = io.StringIO()
    code = serve(io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8"), out, DEFAULT_CONFIG)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert code == 0
    assert [(a["id"], a["ok"]) for a in answers] == [(1, True), (None, False), (2, True)]
    assert answers[1]["errors"][0].startswith("<stdin>:2:9: not UTF-8")


def test_check_request_and_handle_directly() -> None:
    assert check_request({"id": 1, "command": "hand", "scenario": {}}) == []
    assert handle("plan", FLOW)["ok"] is True
    answer = handle("orders", {"format": "payplan/2"})
    assert answer == {"ok": False, "errors": [
        "scenario.format: unknown format 'payplan/2' (did you mean 'payplan/1'?)"]}


# --- Time limits ---------------------------------------------------------------------------------


def test_tiny_timeout_answers_every_request_as_an_error() -> None:
    code, answers = run([request(1, "plan", FLOW), "nope", request(2, "orders", SKY)],
                        timeout=0.0001)
    assert code == 0
    assert [(a["id"], a["ok"]) for a in answers] == [(1, False), (None, False), (2, False)]
    assert answers[0]["errors"][0].startswith("timeout: ")
    assert answers[2]["errors"][0].startswith("timeout: ")
    assert "invalid JSON" in answers[1]["errors"][0]  # checked before any worker runs


@pytest.mark.slow
def test_slow_request_is_stopped_and_the_next_is_answered() -> None:
    code, answers = run([request("slow", "orders", slow_scenario()), request("next", "plan", SKY),
                         request("again", "orders", slow_scenario()), request("last", "hand", FLOW)],
                        timeout=3.0)
    assert code == 0
    assert [(a["id"], a["ok"]) for a in answers] == [
        ("slow", False), ("next", True), ("again", False), ("last", True)]
    assert answers[0]["errors"] == [
        "timeout: the request took longer than 3 seconds and was stopped"]
    assert answers[1]["result"]["total"] == {"power": {"fury": 1}}


# --- As a real process -----------------------------------------------------------------------------


def server_command() -> list[str]:
    return [sys.executable, "-m", "payplan.cli", "serve"]


def environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


CLIENT = r"""
import json, sys
scenario = json.loads(sys.argv[1])
for i in range(60):
    kind = i % 6
    if kind == 0:
        line = json.dumps({"id": i, "command": "plan", "scenario": scenario})
    elif kind == 1:
        line = "this is not JSON " + str(i)
    elif kind == 2:
        line = json.dumps({"id": i, "command": "orders", "scenario": scenario})
    elif kind == 3:
        line = json.dumps({"id": i, "command": "plan", "scenario": {"format": "payplan/1", "cards": 7}})
    elif kind == 4:
        line = json.dumps({"id": i, "command": "hand", "scenario": scenario})
    else:
        line = json.dumps({"id": i, "command": "serve", "scenario": scenario})
    sys.stdout.write(line + "\n")
    if i % 10 == 0:
        sys.stdout.write("\n")
sys.stdout.flush()
"""


def test_a_client_process_piped_into_the_service() -> None:
    """`python client.py | payplan serve`: 60 requests, a third of them bad, all answered."""
    client = subprocess.Popen([sys.executable, "-c", CLIENT, json.dumps(SKY)],
                              stdout=subprocess.PIPE, cwd=ROOT, env=environment())
    server = subprocess.run(server_command(), stdin=client.stdout, capture_output=True,
                            cwd=ROOT, env=environment(), timeout=300)
    assert client.stdout is not None
    client.stdout.close()
    assert client.wait(timeout=60) == 0
    assert server.returncode == 0, server.stderr
    answers = [json.loads(line) for line in server.stdout.decode().splitlines()]
    assert len(answers) == 60
    for i, answer in enumerate(answers):
        kind = i % 6
        assert answer["id"] == (None if kind == 1 else i)
        assert answer["ok"] is (kind in (0, 2, 4)), answer
        if kind == 0:
            assert answer["result"]["total"] == {"power": {"fury": 1}}
        if kind == 2:
            assert [o["count"] for o in answer["result"]["orders"]] == [1, 1]
        if kind == 3:
            assert answer["errors"][0].startswith("scenario.cards: expected a mapping")
        if kind == 5:
            assert answer["errors"] == [
                f"command: unknown command 'serve' (expected one of: {', '.join(COMMANDS)})"]


def test_answers_come_as_each_line_arrives() -> None:
    """A client that waits for each answer before it sends the next line is never left hanging."""
    server = subprocess.Popen(server_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, cwd=ROOT, env=environment(), text=True)
    watchdog = threading.Timer(300, server.kill)
    watchdog.start()
    try:
        assert server.stdin is not None and server.stdout is not None
        for i, line in enumerate([request(0, "plan", SKY), "{", request(2, "orders", SKY)]):
            server.stdin.write(line + "\n")
            server.stdin.flush()
            answer = json.loads(server.stdout.readline())
            assert answer["id"] == (None if i == 1 else i)
        server.stdin.close()
        assert server.stdout.read() == ""
        assert server.wait(timeout=60) == 0
    finally:
        watchdog.cancel()
        if server.poll() is None:
            server.kill()


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_node_client_example() -> None:
    script = EXAMPLES / "clients" / "serve_client.js"
    done = subprocess.run(["node", str(script), *server_command()], capture_output=True,
                          text=True, cwd=ROOT, env=environment(), timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("plan-1 (plan) ok=true: ok: total [fury], score 3")
    assert lines[1].startswith("orders-1 (orders) ok=true: [fury] by eager-apprentice")
    assert lines[2] == "payplan serve exited with 0"


def test_zero_timeout_means_no_limit() -> None:
    code, answers = run([request(1, "plan", FLOW)], timeout=0)
    assert code == 0 and answers[0]["ok"] is True
