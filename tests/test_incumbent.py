"""An incumbent first (issue 22): before CP-SAT runs, a payment found without search is checked
by the engine and handed to the solver kernel; when the time limit stops CP-SAT before it has a
payment of its own, that payment is the answer (`optimal: false`), never `unpayable`."""

from __future__ import annotations

from dataclasses import replace

import pytest

from payplan.benchmarks.generate import generate
from payplan.benchmarks.riftbound.baselines import greedy_plan
from payplan.engine.discounts import Deadline
from payplan.engine.riftbound.chain import Applied, apply_payment
from payplan.engine.riftbound.loader import scenario_from_data
from payplan.engine.riftbound.options import play_options
from payplan.engine.riftbound.payment import resources
from payplan.planner import kernel
from payplan.planner.config import SolverConfig
from payplan.planner.riftbound import model
from payplan.planner.riftbound.fastpath import incumbent
from payplan.planner.riftbound.plan import plan

BLINK = SolverConfig(time_limit=1e-9)  # CP-SAT stops before its first solution


def test_the_kernel_answers_with_the_incumbent_when_stopped() -> None:
    """The kernel's part alone: a stopped first stage raises `SolverStopped` without an
    incumbent, and answers the incumbent's value, not proved optimal, with one."""
    m = kernel.cp_model.CpModel()
    x = [m.new_int_var(0, 50, f"x{i}") for i in range(30)]
    m.add(sum(x) >= 700)
    terms = [kernel.Term(sum((i % 7 + 1) * v for i, v in enumerate(x)))]
    with pytest.raises(kernel.SolverStopped):
        kernel.solve(m, terms, BLINK, lambda s: "solved", x)
    known = kernel.Incumbent("known", [(v, 50) for v in x])
    solved = kernel.solve(m, terms, BLINK, lambda s: "solved", x, known)
    assert solved is not None and (solved.value, solved.optimal) == ("known", False)
    full = kernel.solve(m, terms, SolverConfig(), lambda s: "solved", x, known)
    assert full is not None and (full.value, full.optimal) == ("solved", True)


def _cases() -> list[tuple[str, int, int]]:
    return ([("sources", size, seed) for size in (12, 24, 36) for seed in range(12)]
            + [("typical", 7, seed) for seed in range(60)]
            + [("hand", 50, seed) for seed in range(6)])


@pytest.mark.parametrize("family,size,seed", _cases())
def test_a_play_the_greedy_pays_is_answered_ok_when_stopped(family: str, size: int,
                                                             seed: int) -> None:
    """With no time for CP-SAT, every play the fixed-order greedy pays is still `ok` (its
    payment applied by the engine, its score at least the optimum's); one the planner proves
    unpayable stays so."""
    scenario = scenario_from_data(generate(family, size, seed))
    best = plan(scenario)
    rushed = plan(scenario, BLINK)
    if greedy_plan(scenario).status == "ok":
        assert rushed.status == "ok"
    if rushed.status == "ok":
        assert best.status == "ok" and rushed.score is not None and best.score is not None
        assert rushed.objective is not None and best.objective is not None
        assert rushed.objective >= best.objective
        option = rushed.option
        assert option is not None and rushed.payment is not None
        apply_payment(scenario, Applied(rushed.play["object"], option.choices, option.total,
                                        rushed.payment))
    elif best.status == "unpayable" and best.optimal:
        assert rushed.status == "unpayable"


@pytest.mark.parametrize("seed", range(20))
def test_the_incumbent_pays_its_option(seed: int) -> None:
    """`fastpath.incumbent` on the `sources` family: its counts satisfy the model (CP-SAT,
    with every decision fixed to them, finds them feasible)."""
    scenario = scenario_from_data(generate("sources", 24, seed))
    opts = play_options(scenario, Deadline(), free=True)
    res = resources(scenario, opts.ctx.obj)
    found = incumbent(scenario, opts.options, res)
    assert found is not None
    fixed = model.solve(scenario, (opts.options[found.option],), (0,), res, SolverConfig(),
                        incumbent=replace(found, option=0))
    assert fixed is not None and fixed.option == 0


@pytest.mark.parametrize("seed", range(12))
def test_a_hinted_model_finds_the_same_optimum(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Hinting changes where CP-SAT starts, not what is cheapest: with every model hinted
    (`HINT_FROM` 0), the same objective and score, still proved optimal."""
    scenario = scenario_from_data(generate("sources", 36, seed))
    plain = plan(scenario)
    monkeypatch.setattr(model, "HINT_FROM", 0)
    hinted = plan(scenario)
    assert (hinted.status, hinted.objective, hinted.score, hinted.optimal) == (
        plain.status, plain.objective, plain.score, plain.optimal)
