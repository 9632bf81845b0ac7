"""Issue 12's adversarial inputs: the planner stays exact on them (against the brute force where
it can run), the optional sets collapse without changing the plan, and the time limit bounds the
whole plan, search included, with `optimal: false` for what it did not prove."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

import pytest

import test_planner_vs_oracle as oracle
from payplan.benchmarks.brute_force import Payment, payment_problems
from payplan.benchmarks.cliffs import cliff
from payplan.engine import options as options_module
from payplan.engine.options import play_options
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
    """The optional costs chosen by the model, and one set per distinct total added, against
    every set enumerated (2^size): the same plan, byte for byte."""
    scenario = scenario_from_data(cliff(knob, size))
    assert play_options(scenario, free=True).free  # the model chooses them here
    chosen = plan(scenario)
    monkeypatch.setattr(options_module, "FREE_FROM", 10 ** 6)
    collapsed = plan(scenario)
    monkeypatch.setattr(options_module, "COLLAPSE_FROM", 10 ** 6)
    every = plan(scenario)
    assert chosen.optimal and collapsed.optimal and every.optimal
    assert chosen.dumps() == collapsed.dumps() == every.dumps()


def _toolbox(rng: random.Random) -> dict[str, Any]:
    """A card with 1 to 7 printed optional costs (`auto`, `yes` or `no`), sometimes identical,
    with benefits, component discounts, Flow and "play it for" bases; runes to pay some of them."""
    n = rng.randint(1, 7)
    same = rng.random() < 0.3
    extras = []
    for i in range(n):
        k = 0 if same else i
        power = {random.Random(k).choice(["fury", "calm", "any"]): 1} if (k + n) % 3 else {}
        extras.append({"id": f"x{i}", "mandatory": False,
                       "cost": {"energy": 1 + (k * 7 + n) % 3, "power": power}})
    card: dict[str, Any] = {"name": "Toolbox", "type": "spell", "domains": ["fury"],
                            "cost": {"energy": rng.randint(0, 3)}, "additional_costs": extras}
    if rng.random() < 0.5:  # one or two Flow bases (from the trash)
        card["keywords"] = {"flow": [{"energy": rng.randint(0, 2), "power": {"fury": 1}}
                                     for _ in range(rng.randint(1, 2))]}
    discounts: list[dict[str, Any]] = []
    if rng.random() < 0.5:
        discounts.append({"id": "cheap-extras", "component": "optional", "energy": 1})
    if rng.random() < 0.3:
        discounts.append({"id": "on-total", "energy": 1, "minimum": {"energy": 1}})
    choice = ["auto", "auto", "auto", "yes", "no"]
    optional = {f"x{i}": rng.choice(choice) for i in range(n)}
    benefits = {f"x{i}": rng.choice([0, 1, 2, 3, 9]) if not same else 9 for i in range(n)}
    domains = ("fury", "calm", "mind")
    runes = [{"id": f"r{k}", "domain": rng.choice(domains)} for k in range(rng.randint(2, 7))]
    data: dict[str, Any] = {
        "format": "payplan/1", "cards": {"toolbox": card},
        "state": {"phase": "main", "turn": "you",
                  "you": {"runes": runes, "trash": [{"id": "t1", "card": "toolbox"}]}},
        "play": {"object": "t1", "from": "trash", "optional": optional, "discounts": discounts},
        "objective": {"benefits": benefits}}
    if rng.random() < 0.3:
        data["state"]["you"]["pool"] = {"energy": 1, "power": {"any": 1}}
    if rng.random() < 0.4:  # one more base, whatever the zone
        data["play"]["play_for"] = {"energy": rng.randint(0, 3)}
    return data


@pytest.mark.parametrize("seed", range(40))
def test_optional_costs_chosen_by_the_model_match_the_enumeration(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """From one `auto` cost on, the model's choice (`free_costs`) gives the plan every set
    enumerated gives, byte for byte, ties included (identical costs: the set listed first)."""
    data = _toolbox(random.Random(seed))
    if random.Random(seed).random() < 0.5:
        data["play"]["object"], data["play"]["from"] = "h1", "hand"
        data["state"]["you"]["hand"] = [{"id": "h1", "card": "toolbox"}]
    scenario = scenario_from_data(data)
    monkeypatch.setattr(options_module, "FREE_FROM", 1)
    chosen = plan(scenario)
    monkeypatch.setattr(options_module, "FREE_FROM", 10 ** 6)
    monkeypatch.setattr(options_module, "COLLAPSE_FROM", 10 ** 6)
    every = plan(scenario)
    assert chosen.dumps() == every.dumps()


def test_the_model_matches_the_brute_force_wherever_it_chooses() -> None:
    """The planner-vs-brute-force property with every `auto` optional cost it can give to the
    model given to it (FREE_FROM 1)."""
    saved = options_module.FREE_FROM
    options_module.FREE_FROM = 1
    try:
        oracle.test_planner_matches_brute_force()
    finally:
        options_module.FREE_FROM = saved


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
