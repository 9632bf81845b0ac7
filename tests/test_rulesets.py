"""Every registered ruleset through one conformance test, and a third game through every command.

As OpenSpiel runs one playthrough for every registered game: each ruleset's examples are loaded,
planned, applied, dumped and loaded again, and every answer is checked against the JSON Schemas
of `planner/schemas/`. The tests' own ruleset (`tests/toy_ruleset.py`, format `toy/1`) is
registered here, in this process, and through `PAYPLAN_RULESETS` in the processes the command
line, `serve` and `batch` start: no line of theirs names it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest
import toy_ruleset
import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from regen_golden import EXAMPLE_FOLDERS

from payplan.engine.problems import ScenarioError
from payplan.planner import rulesets
from payplan.planner.answers import Hand, Orders, Plan, PlayResult
from payplan.planner.config import SolverConfig
from payplan.planner.rulesets import Ruleset

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "planner" / "schemas"
CONFIG = SolverConfig()
TOY_ENV = {"PAYPLAN_RULESETS": "toy_ruleset:RULESET",
           "PYTHONPATH": os.pathsep.join([str(ROOT / "tests"), str(ROOT),
                                          os.environ.get("PYTHONPATH", "")])}


def _schemas() -> tuple[dict[str, dict[str, Any]], Registry]:
    found = {p.name.split(".")[0]: json.loads(p.read_text(encoding="utf-8"))
             for p in sorted(SCHEMAS.glob("*.schema.json"))}
    registry: Registry = Registry().with_resources(
        (schema["$id"], Resource.from_contents(schema)) for schema in found.values())
    return found, registry


SCHEMA, REGISTRY = _schemas()


def check_shape(command: str, answer: dict[str, Any]) -> None:
    """`answer` has the documented shape of `command`'s answer (its JSON Schema)."""
    Draft202012Validator(SCHEMA[command], registry=REGISTRY).validate(answer)


@pytest.fixture
def toy() -> Iterator[Ruleset]:
    """The tests' own ruleset, registered in this process for one test."""
    rulesets.register(toy_ruleset.RULESET)
    try:
        yield toy_ruleset.RULESET
    finally:
        rulesets.unregister(toy_ruleset.FORMAT)


def examples(fmt: str) -> list[Path]:
    folder = ROOT / EXAMPLE_FOLDERS[fmt]
    return sorted(folder.glob("*.yaml"))


def read(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


ALL_FORMATS = ("payplan/1", "mtg/1", "toy/1")


def test_every_registered_ruleset_has_examples_and_golden_transcripts(toy: Ruleset) -> None:
    """A ruleset registered without examples (and so without golden transcripts) fails here,
    whoever added it."""
    assert set(rulesets.formats()) == set(ALL_FORMATS)
    for fmt in rulesets.formats():
        assert fmt in EXAMPLE_FOLDERS, f"{fmt}: no examples folder in tests/regen_golden.py"
        assert examples(fmt), f"{fmt}: no examples in {EXAMPLE_FOLDERS[fmt]}"
        ruleset = rulesets.find(fmt)
        assert isinstance(ruleset, Ruleset) and ruleset.format == fmt


@pytest.mark.parametrize("fmt", ALL_FORMATS)
def test_conformance_load_plan_apply_dump_load(fmt: str, toy: Ruleset) -> None:
    """Each example: load, plan (its JSON in the plan schema), apply an ok plan, dump the
    scenario after, load it again (the same value), and the other commands' answers in their
    schemas; every ruleset the same way."""
    ruleset = rulesets.find(fmt)
    assert ruleset is not None
    applied = 0
    for path in examples(fmt):
        data = read(path)
        scenario = ruleset.load(data)
        assert rulesets.of(scenario) is ruleset
        assert ruleset.load(ruleset.dump(scenario)) == scenario, path.name
        hand = ruleset.hand(scenario, CONFIG)
        assert isinstance(hand, Hand) and all(isinstance(p, Plan) for p in hand.plans)
        check_shape("hand", hand.to_json())
        if scenario.play is None:
            continue
        p = ruleset.plan(scenario, CONFIG)
        assert isinstance(p, Plan) and p.format == fmt
        check_shape("plan", p.to_json())
        assert p.exit_code == (0 if p.status == "ok" else 1)
        orders = ruleset.orders(scenario, CONFIG)
        assert isinstance(orders, Orders)
        check_shape("orders", orders.to_json())
        played = ruleset.play(data, CONFIG)
        assert isinstance(played, PlayResult)
        check_shape("play", played.to_json())
        if p.status != "ok":
            continue
        # The plan's own payment, checked from the file and from the loaded scenario: legal,
        # the plan's score, gap 0.
        payment = p.to_json()["payment"]
        for checked in (ruleset.check({**data, "payment": payment}, CONFIG),
                        ruleset.check({"payment": payment}, CONFIG, scenario)):
            check_shape("check", checked.to_json())
            assert checked.legal and checked.exit_code == 0, (path.name, checked.problems)
            assert (checked.score, checked.gap) == (p.score, 0), path.name
        after = ruleset.apply_play(scenario, p)
        assert rulesets.of(after) is ruleset and after.play is None
        assert ruleset.load(ruleset.dump(after)) == after, path.name
        applied += 1
    assert applied, f"{fmt}: no example's plan was applied"


def test_the_public_api_plans_either_game() -> None:
    import payplan

    mtg = payplan.load_file(ROOT / "examples" / "mtg" / "20-flashback-from-graveyard.yaml")
    p = payplan.plan(mtg)
    assert isinstance(p, payplan.Plan) and p.status == "ok" and p.format == "mtg/1"
    after = payplan.apply_play(mtg, p)
    assert after.play is None and after.state != mtg.state
    rift = payplan.load_file(ROOT / "examples" / "01-sky-splitter-order.yaml")
    q = payplan.plan(rift)
    assert isinstance(q, payplan.Plan) and q.status == "ok" and q.format == "payplan/1"
    assert payplan.apply_play(rift, q).state != rift.state
    assert isinstance(payplan.orders(mtg), payplan.Orders)
    assert all(isinstance(x, payplan.Plan) for x in payplan.plan_hand(mtg))


def test_a_file_of_no_registered_format_is_one_problem_at_format() -> None:
    with pytest.raises(ScenarioError) as missing:
        rulesets.for_data({"cards": {}})
    assert [str(p) for p in missing.value.problems] == [
        "format: missing (required: one of mtg/1, payplan/1)"]
    with pytest.raises(ScenarioError) as unknown:
        rulesets.for_data({"format": "mtg/2"})
    assert [str(p) for p in unknown.value.problems] == [
        "format: unknown format 'mtg/2' (did you mean 'mtg/1'?)"]


# --- A third game through the command line, serve and batch, with no edit of theirs -----------

TOY = ROOT / "tests" / "toy" / "01-copper-before-gold.yaml"


def payplan(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "payplan", *args], input=stdin,
                          capture_output=True, text=True, timeout=300, cwd=ROOT,
                          env={**os.environ, **TOY_ENV})


@pytest.mark.slow
def test_a_test_ruleset_runs_through_plan_serve_and_batch(toy: Ruleset, tmp_path: Path) -> None:
    expected = toy.plan(toy.load(read(TOY)), CONFIG).to_json()
    done = payplan("plan", str(TOY), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == expected
    request = json.dumps({"id": 7, "command": "plan", "scenario": read(TOY)})
    served = payplan("serve", stdin=request + "\n")
    assert served.returncode == 0, served.stderr
    assert json.loads(served.stdout) == {"id": 7, "ok": True, "result": expected}
    source = tmp_path / "in.jsonl"
    source.write_text(request + "\n" + json.dumps(read(TOY)) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    batched = payplan("batch", str(source), str(out), "--jobs", "2")
    assert batched.returncode == 0, batched.stderr
    answers = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert answers == [{"id": 7, "ok": True, "result": expected},
                       {"id": 2, "ok": True, "result": expected}]
    check_shape("plan", expected)


def test_without_the_registration_the_format_is_unknown() -> None:
    done = subprocess.run([sys.executable, "-m", "payplan", "plan", str(TOY)],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 2
    assert done.stderr.strip().startswith("format: unknown format 'toy/1' (")
