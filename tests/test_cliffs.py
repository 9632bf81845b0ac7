"""Issue 12's adversarial inputs: the planner stays exact on them (against the brute force where
it can run), the optional sets collapse without changing the plan, and the time limit bounds the
whole plan, search included, with `optimal: false` for what it did not prove."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import test_planner_vs_oracle as oracle
from payplan.benchmarks.brute_force import Payment, payment_problems
from payplan.benchmarks.cliffs import cliff
from payplan.engine import options as options_module
from payplan.engine.loader import scenario_from_data
from payplan.engine.total_cost import context, price
from payplan.planner import SolverConfig, plan
from payplan.planner.hand import plan_hand


@pytest.mark.parametrize("knob,size", [("any_less", 7), ("any_less", 9), ("mixed", 5),
                                       ("either", 3), ("either_same", 4), ("optional", 4),
                                       ("repeat", 2)])
def test_small_cliffs_match_the_brute_force(knob: str, size: int) -> None:
    data = cliff(knob, size)
    runes = data["state"]["you"]["runes"]  # at most 6, spread: the brute force tries them all
    data["state"]["you"]["runes"] = runes[::-(-len(runes) // 6)]
    oracle.check(scenario_from_data(data), SolverConfig())


@pytest.mark.parametrize("knob,size", [("optional", 8), ("optional", 10), ("repeat", 8)])
def test_collapsed_optional_sets_give_the_same_plan(knob: str, size: int,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """One set per distinct total added, against every set enumerated (2^size)."""
    scenario = scenario_from_data(cliff(knob, size))
    collapsed = plan(scenario)
    monkeypatch.setattr(options_module, "COLLAPSE_FROM", 10 ** 6)
    every = plan(scenario)
    assert collapsed.optimal and every.optimal
    assert (collapsed.status, collapsed.score, collapsed.objective, collapsed.total,
            collapsed.paid_optional) == (every.status, every.score, every.objective, every.total,
                                         every.paid_optional)


def assert_valid(scenario_data: dict[str, object], time_limit: float) -> None:
    """A plan cut by the time limit: not claimed optimal, and what it says is true."""
    scenario = scenario_from_data(scenario_data)
    got = plan(scenario, SolverConfig(time_limit=time_limit))
    assert not got.optimal
    assert got.status in ("ok", "unpayable")
    if got.status == "unpayable":
        assert any("time limit" in r for r in got.reasons)
        return
    assert got.option is not None and got.total is not None and got.payment is not None
    assert price(context(scenario), got.option.choices).total == got.total
    assert payment_problems(scenario, got.total, Payment.from_json(got.payment.to_json())) == []


@pytest.mark.parametrize("knob,size", [("mixed", 16), ("optional", 16), ("any_less", 20)])
def test_a_tiny_time_limit_bounds_the_search(knob: str, size: int) -> None:
    assert_valid(cliff(knob, size), 1e-6)


def test_the_cli_says_a_cut_plan_is_not_optimal(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "mixed.json"
    path.write_text(json.dumps(cliff("mixed", 16)), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "payplan.planner.cli", "plan", str(path),
                           "--json", "--time-limit", "0.000001"], capture_output=True, text=True)
    answer = json.loads(done.stdout)
    assert answer["optimal"] is False
    assert answer["status"] in ("ok", "unpayable")


def test_hand_with_many_distinct_flow_cards() -> None:
    """Resources gathered once per scan give each card the plan it gets alone."""
    scenario = scenario_from_data(cliff("flow_trash", 40))
    plans = plan_hand(scenario)
    assert len(plans) == 41
    for p in plans[:6] + plans[-6:]:
        from dataclasses import replace

        from payplan.engine.scenario import Play

        alone = plan(replace(scenario, play=Play(p.play["object"], p.play["from"])))
        assert (alone.status, alone.score, alone.total, alone.payment) == (
            p.status, p.score, p.total, p.payment)
