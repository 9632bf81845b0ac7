"""Issue 12's adversarial inputs: the planner stays exact on them (against the brute force where
it can run), the optional sets collapse without changing the plan, and the time limit bounds the
whole plan, search included, with `optimal: false` for what it did not prove."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from dataclasses import replace
from typing import Any

import pytest
import test_planner_vs_oracle as oracle
from hypothesis import HealthCheck, given, settings
from strategies import scenarios
from test_fastpath import same_without

from payplan.benchmarks.cliffs import cliff
from payplan.benchmarks.riftbound.brute_force import Payment, payment_problems
from payplan.engine.discounts import Deadline
from payplan.engine.riftbound import options as options_module
from payplan.engine.riftbound.cost import DOMAINS
from payplan.engine.riftbound.legality import base_choices
from payplan.engine.riftbound.loader import scenario_from_data
from payplan.engine.riftbound.options import PlayOptions, play_options
from payplan.engine.riftbound.payment import Resources
from payplan.engine.riftbound.scenario import Play, Scenario
from payplan.engine.riftbound.total_cost import Choices, best_components, context, modifiers, price
from payplan.planner import SolverConfig
from payplan.planner.riftbound import fastpath
from payplan.planner.riftbound import hand as hand_module
from payplan.planner.riftbound.hand import plan_hand
from payplan.planner.riftbound.plan import Plan, plan


@pytest.mark.parametrize("knob,size", [("any_less", 7), ("any_less", 9), ("mixed", 5),
                                       ("either", 3), ("either_same", 4), ("optional", 4),
                                       ("repeat", 2), ("split_mixed", 6), ("any_number", 3)])
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


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_the_model_matches_the_brute_force_wherever_it_chooses(scenario: Scenario) -> None:
    """The planner-vs-brute-force check with every `auto` optional cost the model can choose
    given to it (FREE_FROM 1)."""
    saved = options_module.FREE_FROM
    options_module.FREE_FROM = 1
    try:
        oracle.check(scenario, SolverConfig())
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


@pytest.mark.parametrize("knob,size", [("mixed", 16), ("optional", 16), ("any_less", 20),
                                       ("repeat", 12), ("either", 18)])
def test_a_tiny_time_limit_bounds_the_search(knob: str, size: int) -> None:
    assert_valid(cliff(knob, size), 1e-6)


def _many_component_discounts() -> dict[str, Any]:
    """One optional cost of pips in three domains under six different component discounts
    ("[A] less" with minimums, "[1] or [A] less"): many distinct results to search and combine."""
    extra = {"id": "extra", "mandatory": False,
             "cost": {"energy": 4, "power": {"fury": 2, "calm": 2, "mind": 2, "any": 1}}}
    card = {"name": "Kit", "type": "spell", "domains": ["fury"], "cost": {"energy": 1},
            "additional_costs": [extra]}
    discounts: list[dict[str, Any]] = [
        {"id": f"c{k}", "component": "optional", "power": {"any": 1 + k % 2},
         "minimum": {"power": k}} for k in range(4)]
    discounts += [{"id": f"e{k}", "component": "optional", "minimum": {"energy": k},
                   "choice": [{"energy": 1}, {"power": {"any": 1}}]} for k in range(2)]
    runes = [{"id": f"r{d}{k}", "domain": d} for d in ("fury", "calm", "mind") for k in range(4)]
    return {"format": "payplan/1", "cards": {"kit": card},
            "state": {"phase": "main", "turn": "you",
                      "you": {"runes": runes, "hand": [{"id": "h1", "card": "kit"}]}},
            "play": {"object": "h1", "optional": {"extra": "auto"}, "discounts": discounts},
            "objective": {"benefits": {"extra": 3}}}


def test_the_components_search_stops_at_the_deadline() -> None:
    """Past the deadline, `best_components` follows one order and choice per part and combines
    first results only: one way, still complete (every component discount applied once)."""
    scenario = scenario_from_data(_many_component_discounts())
    ctx = context(scenario)
    base = base_choices(ctx)[0][0]
    mods = modifiers(ctx, base, ("extra",))
    every = best_components(ctx, ("extra",), mods)
    assert len(every) > 1
    passed = Deadline(0.0)  # an instant already gone
    cut = best_components(ctx, ("extra",), mods, (), passed)
    assert passed.cut and len(cut) == 1
    assert sorted(app.index for app in cut[0][0]) == list(range(len(mods.components)))
    total = price(ctx, Choices(base, ("extra",), cut[0]), mods).total
    assert total in {price(ctx, Choices(base, ("extra",), way), mods).total for way in every}


def test_a_tiny_time_limit_bounds_the_components_search() -> None:
    assert_valid(_many_component_discounts(), 1e-6)


def test_the_cli_says_a_cut_plan_is_not_optimal(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "mixed.json"
    path.write_text(json.dumps(cliff("mixed", 16)), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "payplan.cli", "plan", str(path),
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
        alone = plan(replace(scenario, play=Play(p.play["object"], p.play["from"])))
        assert (alone.status, alone.score, alone.total, alone.payment) == (
            p.status, p.score, p.total, p.payment)


def _hand_vs_alone(scenario: Scenario) -> list[Plan]:
    plans = plan_hand(scenario)
    for p in plans:
        alone = plan(replace(scenario, play=Play(p.play["object"], p.play["from"])))
        assert alone.dumps() == p.dumps()
    return plans


def test_hand_shares_options_between_cards_nothing_tells_apart(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Flow cards equal but for their id and name (card i and card i + 20) share one option
    search; a card a grant names by name gets its own, and its own discount; every plan is the
    plan of that card alone."""
    data = cliff("flow_trash", 40)
    searched: list[str] = []

    def counting(scenario: Scenario, *args: Any, **kwargs: Any) -> PlayOptions:
        assert scenario.play is not None
        searched.append(scenario.play.object)
        return play_options(scenario, *args, **kwargs)

    monkeypatch.setattr(hand_module, "play_options", counting)
    _hand_vs_alone(scenario_from_data(data))
    assert len(searched) == 21  # the grunt in hand, 20 kinds of Flow card
    data["cards"]["patron"] = {
        "name": "Patron", "type": "unit", "domains": ["calm"], "cost": {"energy": 1}, "might": 1,
        "grants": [{"discount": {"id": "named", "energy": 2}, "applies_to": {"name": "Flow 3"}}]}
    data["state"]["you"]["board"] = [{"id": "u1", "card": "patron"}]
    searched.clear()
    plans = {p.play["object"]: p for p in _hand_vs_alone(scenario_from_data(data))}
    assert "t3" in searched and "t23" in searched
    assert plans["t3"].total != plans["t23"].total


def _every_domain_apart(res: Resources) -> list[tuple[int, ...]]:
    return [(d,) for d in range(len(DOMAINS))]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_alike_domains_leave_the_fast_paths_choice_unchanged(scenario: Scenario) -> None:
    """The fast path skips an option whose pips are an earlier one's with alike domains swapped
    (`fastpath._alike_domains`): the same solution as paying every option."""
    same_without(scenario, "_alike_domains", _every_domain_apart)


@pytest.mark.parametrize("pips", [9, 12])
def test_alike_domains_on_the_any_less_cliff(pips: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Six domains with the same runes: most "[A] less" results are others with domains swapped,
    and skipping them gives the plan paying every one gives, byte for byte."""
    scenario = scenario_from_data(cliff("any_less", pips))
    skipped = plan(scenario)
    monkeypatch.setattr(fastpath, "_alike_domains", _every_domain_apart)
    assert skipped.dumps() == plan(scenario).dumps()


def test_issue_22_payplan_shapes_run_as_whole_processes(tmp_path: object) -> None:
    """Issue 22's payplan/1 shapes in the `cliffs` suite at tiny sizes: each timed as a whole
    process against payplan/1's typical CP-SAT plan of the same run, proved optimal, and again
    under `--time-limit 2`, where a play the greedy pays answers ok. Figures are read for their
    shape, never judged."""
    from pathlib import Path

    payplan = Path(sys.executable).parent / "payplan"
    command = [str(payplan)] if payplan.exists() else [sys.executable, "-m", "payplan.cli"]
    out = Path(str(tmp_path)) / "cliffs"
    sizes = "hand_gear=6;any_number=3;orders_mixed=4;split_mixed=4"
    done = subprocess.run(command + ["bench", "--suite", "cliffs", "--out", str(out),
                                     "--cliff-sizes", sizes],
                          capture_output=True, text=True, timeout=900, cwd=str(tmp_path))
    assert done.returncode == 0, done.stderr[-3000:]
    results = json.loads((out / "results.json").read_text())
    assert results["p1_typical"]["process_ms"] > 0 and "mtg_typical" not in results
    for knob, size in (("hand_gear", "6"), ("any_number", "3"), ("orders_mixed", "4"),
                       ("split_mixed", "4")):
        row = results["knobs"][knob]["sizes"][size]
        assert row["process_ms"] > row["time_ms"] > 0 and row["x_cp_typical"] > 0
        assert row["optimal"] is True
        assert row["rushed"]["statuses"] and row["rushed"]["greedy_pays_and_ok"] is True
    summary = (out / "summary.md").read_text()
    assert "payplan/1's `typical` turn of seed 0" in summary
    assert "| knob | size | time | CPU time |" not in summary  # no knob timed in-process
