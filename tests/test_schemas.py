"""Every answer has its command's documented shape (the JSON Schemas in planner/schemas/): the
golden transcripts of both games (and the toy ruleset's), and answers on generated scenarios of
every family."""

from __future__ import annotations

import json

import pytest
from regen_golden import GOLDEN, cases
from test_rulesets import SCHEMA, check_shape

from payplan.benchmarks.generate import families, generate
from payplan.planner.commands import answer
from payplan.planner.config import SolverConfig

JSON_CASES = [c for c in cases() if c.name.endswith(".json") and not c.name.startswith("demo")]


def test_each_command_has_a_schema() -> None:
    assert set(SCHEMA) == {"plan", "hand", "orders", "play", "turn", "check"}
    for name, schema in SCHEMA.items():
        assert schema["$id"].endswith(f"/{name}.schema.json")


@pytest.mark.parametrize("case", JSON_CASES, ids=[c.name for c in JSON_CASES])
def test_golden_answers_have_the_documented_shape(case: object) -> None:
    command = case.args[0]  # type: ignore[attr-defined]
    check_shape(command, json.loads((GOLDEN / case.name).read_text(encoding="utf-8")))  # type: ignore[attr-defined]


def test_the_demo_is_a_plan() -> None:
    check_shape("plan", json.loads((GOLDEN / "demo.json").read_text(encoding="utf-8")))


@pytest.mark.slow
@pytest.mark.parametrize("family", list(families()))
def test_answers_on_generated_scenarios_have_the_documented_shape(family: str) -> None:
    (ruleset, fam) = families()[family]
    for seed in range(3):
        data = generate(family, min(fam.sizes), seed)
        for command in ("plan", "hand", "orders", "play"):
            if command != "hand" and "play" not in data:
                continue  # a turn: no one play to plan
            check_shape(command, answer(command, data).to_json())
        if "play" in data:  # the plan's own payment, checked (and a payment that pays nothing)
            payment = answer("plan", data).to_json()["payment"]
            for paid in ([payment] if payment is not None else []) + [{}]:
                check_shape("check", answer("check", {**data, "payment": paid}).to_json())
        if ruleset.format == "payplan/1" and family != "hand":  # (mtg/1's turn: being built)
            check_shape("turn", answer("turn", {k: v for k, v in data.items() if k != "play"},
                                       SolverConfig(time_limit=2)).to_json())


def test_a_wrong_shape_is_caught() -> None:
    """The schemas can fail: a plan without `format`, an mtg/1 plan's total in payplan/1's form."""
    from jsonschema import ValidationError

    plan = json.loads((GOLDEN / "01-sky-splitter-order.plan.json").read_text(encoding="utf-8"))
    with pytest.raises(ValidationError):
        check_shape("plan", {k: v for k, v in plan.items() if k != "format"})
    mtg = json.loads((GOLDEN / "mtg" / "20-flashback-from-graveyard.plan.json").read_text(
        encoding="utf-8"))
    with pytest.raises(ValidationError):
        check_shape("plan", {**mtg, "total": {"energy": 2}})
