"""The benchmark pieces: seeded generators, the greedy baseline, and `payplan bench` end to end.

No test here asserts a wall-clock time: the suite's figures are read, never judged.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from payplan.benchmarks.generate import dumps, generate
from payplan.benchmarks.riftbound.baselines import GreedyResult, greedy_plan
from payplan.benchmarks.riftbound.brute_force import Payment, payment_problems, score_payment
from payplan.cli import main as cli_main
from payplan.engine.riftbound.cost import Cost
from payplan.engine.riftbound.generate import FAMILIES, SIZES
from payplan.engine.riftbound.loader import load_file, scenario_from_data
from payplan.engine.riftbound.scenario import Scenario
from payplan.planner.riftbound.plan import Plan, plan

ROOT = Path(__file__).resolve().parent.parent
SMALL = {"typical": 7, "hand": 50, "modifiers": 6, "sources": 12, "turn": 4}


# --- The generators -----------------------------------------------------------------------------


@pytest.mark.parametrize("family", FAMILIES)
def test_generator_is_deterministic(family: str) -> None:
    for seed in range(3):
        first = generate(family, SMALL[family], seed)
        assert first == generate(family, SMALL[family], seed)
        assert json.loads(json.dumps(first)) == first  # plain data only
    assert generate(family, SMALL[family], 0) != generate(family, SMALL[family], 1)


@pytest.mark.parametrize("family", FAMILIES)
def test_every_generated_scenario_loads(family: str) -> None:
    for size in SIZES[family]:
        for seed in range(3):
            data = generate(family, size, seed)
            scenario = scenario_from_data(data, require_play=family != "turn")
            assert (scenario.play is not None) == (family != "turn")
            assert (scenario.turn is not None) == (family == "turn")
            assert scenario_from_data(yaml.safe_load(dumps(data, "yaml"))) == scenario
            assert scenario_from_data(json.loads(dumps(data, "json"))) == scenario


def test_generated_sizes_are_what_they_say() -> None:
    from payplan.benchmarks.suite import shape

    for size in (4, 12, 24):
        assert shape(scenario_from_data(generate("modifiers", size, 0)))["discounts"] == size
    for size in SIZES["hand"]:
        assert shape(scenario_from_data(generate("hand", size, 0)))["hand"] == size
    for size in SIZES["sources"]:
        assert shape(scenario_from_data(generate("sources", size, 0)))["runes"] == size
    assert shape(scenario_from_data(generate("typical", 7, 0)))["hand"] == 7


def test_gen_command_prints_and_writes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["gen", "typical", "--seed", "3"]) == 0
    assert yaml.safe_load(capsys.readouterr().out) == generate("typical", 7, 3)

    out = tmp_path / "cases"
    assert cli_main(["gen", "modifiers", "--size", "8", "--seed", "5", "--count", "3",
                     "--out", str(out), "--format", "json"]) == 0
    files = sorted(p.name for p in out.iterdir())
    assert files == ["modifiers-8-5.json", "modifiers-8-6.json", "modifiers-8-7.json"]
    assert json.loads((out / "modifiers-8-6.json").read_text()) == generate("modifiers", 8, 6)
    load_file(out / "modifiers-8-7.json")

    assert cli_main(["gen", "hand", "--count", "2"]) == 2  # several need --out


# --- The greedy baseline ------------------------------------------------------------------------


def _payment(p: Plan) -> Payment:
    """The planner's payment in the brute force's terms."""
    assert p.payment is not None
    return Payment.from_json(p.payment.to_json())


def _assert_greedy_pays(scenario: Scenario, greedy: GreedyResult) -> None:
    """The greedy's payment pays its total, and the brute force scores it as the greedy does."""
    assert greedy.payment is not None and greedy.total is not None
    assert payment_problems(scenario, greedy.total, greedy.payment) == []
    assert score_payment(scenario, greedy.total, greedy.payment) == greedy.score


def test_greedy_never_beats_the_planner_on_typical_cases() -> None:
    paid = 0
    for seed in range(40):
        scenario = scenario_from_data(generate("typical", 7, seed))
        best = plan(scenario)
        greedy = greedy_plan(scenario)
        if greedy.status != "ok":
            assert greedy.status == "failed" and greedy.reason
            continue
        paid += 1
        _assert_greedy_pays(scenario, greedy)
        assert best.status == "ok", f"seed {seed}: the greedy paid what the planner could not"
        assert best.objective is not None and greedy.objective is not None
        assert best.objective <= greedy.objective, f"seed {seed}"
    assert paid >= 30


@pytest.mark.parametrize("family", ["hand", "modifiers", "sources"])
def test_greedy_payments_are_valid_and_never_better(family: str) -> None:
    for seed in range(4):
        scenario = scenario_from_data(generate(family, SMALL[family], seed))
        greedy = greedy_plan(scenario)
        if greedy.status != "ok":
            continue
        _assert_greedy_pays(scenario, greedy)
        best = plan(scenario)
        assert best.objective is not None and greedy.objective is not None
        assert best.objective <= greedy.objective


@pytest.mark.parametrize("family", [f for f in FAMILIES if f != "turn"])  # one play each
def test_brute_force_scores_the_planners_payments_as_the_planner_does(family: str) -> None:
    # The brute force checks a payment by trying every assignment of objects to costs: hands
    # of a dozen cards keep that quick.
    sizes = {**SMALL, "hand": 12}
    for seed in range(5):
        scenario = scenario_from_data(generate(family, sizes[family], seed))
        best = plan(scenario)
        if best.status != "ok":
            continue
        assert best.total is not None
        assert payment_problems(scenario, best.total, _payment(best)) == []
        assert score_payment(scenario, best.total, _payment(best)) == best.score


def test_greedy_takes_the_listed_order_in_the_sky_splitter_example() -> None:
    # Listed order: Sky Splitter's own discount first (8 -> 1), then Eager Apprentice (its
    # minimum keeps 1): [1][fury], paid by exhausting r2 and recycling r1 (score 4). The
    # planner applies Eager Apprentice first and pays [fury] alone (score 3).
    scenario = load_file(ROOT / "examples" / "01-sky-splitter-order.yaml")
    greedy = greedy_plan(scenario)
    assert greedy.status == "ok"
    assert greedy.total == Cost.parse("[1][fury]")
    assert greedy.payment is not None
    assert greedy.payment.exhaust == ("r2",)
    assert greedy.payment.recycle == ("r1",)
    assert greedy.score == 4
    assert plan(scenario).score == 3


def test_greedy_fails_where_the_first_eligible_objects_block_a_later_cost() -> None:
    data: dict[str, Any] = {
        "format": "payplan/1",
        "cards": {
            "offering": {"name": "Offering", "type": "spell", "cost": {"energy": 0},
                         "additional_costs": [{"id": "toll", "mandatory": True, "cost": {
                             "other": [{"discard": 1},
                                       {"discard": {"count": 1, "filter": {"type": "spell"}}}]}}]},
            "spark": {"name": "Spark", "type": "spell", "cost": {"energy": 1}},
            "grunt": {"name": "Grunt", "type": "unit", "cost": {"energy": 2}, "might": 2},
        },
        "state": {"you": {"hand": [{"id": "h1", "card": "offering"}, {"id": "h2", "card": "spark"},
                                   {"id": "h3", "card": "grunt"}]}},
        "play": {"object": "h1"},
    }
    scenario = scenario_from_data(data)
    assert greedy_plan(scenario).status == "failed"
    best = plan(scenario)
    assert best.status == "ok" and best.score == 8


# --- The suite, end to end ----------------------------------------------------------------------


def test_bench_quick_runs_end_to_end(tmp_path: Path) -> None:
    payplan = Path(sys.executable).parent / "payplan"
    command = [str(payplan)] if payplan.exists() else [sys.executable, "-m", "payplan.cli"]
    out = tmp_path / "bench"
    done = subprocess.run(command + ["bench", "--suite", "quick", "--out", str(out)],
                          capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    results = json.loads((out / "results.json").read_text())
    assert results["suite"] == "quick"
    assert results["methods"] == ["planner", "greedy", "brute_force"]
    for name in ("time_vs_hand.png", "time_vs_modifiers.png", "time_vs_sources.png",
                 "time_typical.png", "greedy_gap.png"):
        assert (out / name).stat().st_size > 0
        assert name in results["plots"]
    assert (out / "summary.md").exists()
    assert set(results["families"]) == set(FAMILIES) - {"turn"}  # turns: --suite turn
    for case in results["cases"]:
        for method in results["methods"]:
            assert "status" in case[method]
        assert case["planner"]["status"] in ("ok", "unpayable")
        assert case["greedy"]["status"] in ("ok", "failed")
    for family in results["families"].values():
        for at_size in family["sizes"].values():
            assert at_size["methods"]["planner"]["cases"] == at_size["cases"]
            assert at_size["methods"]["greedy"]["cases"] == at_size["cases"]
    assert "typical_p50_ms" in results["headline"]
    assert "speedup_vs_brute" in results["headline"]
    checks = results["checks"]
    assert checks["greedy_better_than_optimum"] == []
    assert checks["greedy_invalid_payments"] == []
    assert checks["planner_vs_brute_disagree"] == []
    assert checks["errors"] == []


def test_bench_cliffs_runs_at_tiny_sizes(tmp_path: Path) -> None:
    """The `cliffs` suite end to end at tiny sizes: each size measured (time, peak memory, the
    ratio to the typical plan of the run), the brute force run and agreeing where it can, the
    table and both plots written. Figures are read for their shape, never judged."""
    payplan = Path(sys.executable).parent / "payplan"
    command = [str(payplan)] if payplan.exists() else [sys.executable, "-m", "payplan.cli"]
    out = tmp_path / "cliffs"
    sizes = "any_less=3,4;mixed=2;flow_trash=2;orders=4;either=12"
    done = subprocess.run(command + ["bench", "--suite", "cliffs", "--out", str(out),
                                     "--cliff-sizes", sizes],
                          capture_output=True, text=True, timeout=900, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    results = json.loads((out / "results.json").read_text())
    assert results["suite"] == "cliffs"
    assert list(results["knobs"]) == ["any_less", "mixed", "flow_trash", "orders", "either"]
    assert results["typical"]["p50_ms"] > 0
    rows = {(knob, int(size)): row for knob, entry in results["knobs"].items()
            for size, row in entry["sizes"].items()}
    assert set(rows) == {("any_less", 3), ("any_less", 4), ("mixed", 2), ("flow_trash", 2),
                         ("orders", 4), ("either", 12)}
    for (knob, size), row in rows.items():
        assert row["time_ms"] > 0 and row["cpu_ms"] > 0 and row["rss_mb"] > 0
        assert row["x_typical"] > 0
        assert row["optimal"] is True
        if knob == "either":  # past BRUTE_UP_TO: not tried
            assert "brute_force" not in row
            continue
        assert row["brute_force"]["disagree"] == []
        assert row["brute_force"]["checked"] == (size + 1 if knob == "flow_trash" else 1)
    checks = results["checks"]
    assert checks["errors"] == [] and checks["brute_force_disagree"] == []
    assert checks["brute_force_agree"] == 7  # one plan per size checked, and the hand's 3 plays
    assert results["plots"] == ["cliffs_time.png", "cliffs_memory.png"]
    for name in results["plots"]:
        assert (out / name).stat().st_size > 0
    summary = (out / "summary.md").read_text()
    assert "| knob | size | time | CPU time | x typical | peak RSS | optimal | brute force |" in summary
    assert summary.count("agrees (") == 5
    assert summary in done.stdout


def test_bench_cliffs_refuses_bad_sizes(tmp_path: Path) -> None:
    assert cli_main(["bench", "--suite", "cliffs", "--out", str(tmp_path / "x"),
                     "--cliff-sizes", "cliff=3"]) == 2
    assert cli_main(["bench", "--suite", "quick", "--cliff-sizes", "orders=3"]) == 2


def test_the_mtg_cpu_table_has_a_row_per_size(capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m payplan.benchmarks.mtg.cpu` (the CPU-time figures of benchmarks/RESULTS.md):
    one row per size, each with its case count and two ratios."""
    from payplan.benchmarks.mtg import cpu as mtg_cpu

    assert mtg_cpu.main(["--cases", "1", "--repeats", "1"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ") and
            line.split("|")[1].strip().isdigit()]
    assert [int(r.split("|")[1]) for r in rows] == list(mtg_cpu.SIZES)
    assert all(r.split("|")[2].strip() == "1" and r.count("x |") == 2 for r in rows)
