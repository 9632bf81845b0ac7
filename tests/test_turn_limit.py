"""The time limit bounds the whole turn (`planner/turn.py`, "The time limit"), and a cut turn
says how far it may be from the best (`bound`, `planner/turn_bound.py`).

The clock is injected (`plan_turn(..., clock=...)`): a clock that moves one second each time
it is read makes the search stop at the same place every run, and no test asserts a wall-clock
time. What is checked: past the limit and its grace the search prices no candidate, lists no
state's candidates and asks no reason; the answer is a valid turn with `optimal: false`; and
`bound` is at least the best turn's value (the brute forces, written apart from the planner:
`benchmarks/riftbound/reference/turn.py`, `benchmarks/mtg/reference/turn.py`), and equal to the
value when the turn is proved.
"""

from __future__ import annotations

import copy
import random
import time
from typing import Any

import pytest

from payplan.benchmarks.mtg.reference.turn import Unsupported as MtgUnsupported
from payplan.benchmarks.mtg.reference.turn import solve_turn
from payplan.benchmarks.riftbound.reference import turn as ref_turn
from payplan.engine.discounts import Deadline
from payplan.planner.commands import answer
from payplan.planner.config import SolverConfig
from payplan.planner.rulesets import for_data
from payplan.planner.turn import NOT_TRIED, grace, plan_turn

DOMAINS = ("fury", "calm", "mind", "body", "chaos", "order")


def independent_spells(n: int, runes: int) -> dict[str, Any]:
    """`n` payplan/1 spells that do not interact (Energy 1-4, some a Power pip of a domain),
    worth 1-3, over `runes` ready runes: a knapsack."""
    cards: dict[str, Any] = {}
    for i in range(n):
        cost: dict[str, Any] = {"energy": 1 + (i * 7) % 4}
        if (i // 6) % 2:
            cost["power"] = {DOMAINS[i % 6]: 1}
        cards[f"s{i}"] = {"type": "spell", "domains": [DOMAINS[i % 6]], "cost": cost}
    return {"format": "payplan/1", "cards": cards,
            "state": {"you": {"runes": [{"id": f"r{j}", "domain": DOMAINS[j % 6]}
                                        for j in range(runes)],
                              "hand": [{"id": f"h{i}", "card": f"s{i}"} for i in range(n)]}},
            "turn": {"values": {f"h{i}": 1 + (i * 5) % 3 for i in range(n)}}}


class Ticks:
    """A clock that moves one second each time it is read, from the real clock's now (so the
    moves' own searches, which read the real clock, are never cut by it)."""

    def __init__(self) -> None:
        self.now = time.monotonic()

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


class Watched:
    """A ruleset's moves, recording the clock when each candidate is priced, each state's
    candidates listed and each reason asked; each of those reads the clock (takes a second),
    as work does."""

    def __init__(self, moves: Any, clock: Ticks) -> None:
        self._moves = moves
        self._clock = clock
        self.calls: list[tuple[str, float]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._moves, name)

    def _seen(self, name: str) -> None:
        self.calls.append((name, self._clock()))

    def moves(self, *args: Any) -> Any:
        self._seen("moves")
        return self._moves.moves(*args)

    def candidates(self, *args: Any) -> Any:
        self._seen("candidates")
        return self._moves.candidates(*args)

    def reason(self, *args: Any) -> Any:
        self._seen("reason")
        return self._moves.reason(*args)


def planned(data: dict[str, Any], reads: float | None) -> tuple[Any, Watched, float | None]:
    """The turn of `data` with the limit `reads` clock readings away (None: no limit), its
    moves as watched, and the instant past which nothing may be begun."""
    ruleset = for_data(data)
    scenario = ruleset.load(copy.deepcopy(data))
    clock = Ticks()
    moves = Watched(ruleset.turn_moves(scenario), clock)
    at = None if reads is None else clock.now + reads
    stop = None if at is None else at + grace(reads or 0.0)
    plan = plan_turn(moves, scenario, scenario.turn, data["format"], Deadline(at), clock=clock)
    return plan, moves, stop


@pytest.mark.parametrize("n", [40, 300])
def test_past_the_limit_and_its_grace_nothing_more_is_begun(n: int) -> None:
    plan, moves, stop = planned(independent_spells(n, 10), reads=60)
    assert stop is not None
    late = [(name, at) for name, at in moves.calls if at > stop + 1]  # its own second
    assert late == []
    assert not plan.optimal
    assert plan.value == sum(1 + (int(key[1:]) * 5) % 3 for key in plan.order)
    assert plan.bound >= plan.value


def test_a_cut_turn_is_a_valid_turn() -> None:
    """The plays of a cut turn, paid together by `payplan play`, are the same plays."""
    data = independent_spells(40, 10)
    plan, _, _ = planned(data, reads=30)
    assert not plan.optimal and plan.order
    plays = copy.deepcopy(data)
    del plays["turn"]
    plays["plays"] = [{"object": key} for key in plan.order]
    played = answer("play", plays).to_json()
    assert played.get("stopped_at") is None, played


def test_a_thousand_candidates_under_a_tiny_limit() -> None:
    """Through `payplan turn`'s entry point with a limit far below one pass over the
    candidates: the answer is cut, and the reasons not priced say so."""
    data = independent_spells(1000, 10)
    out = answer("turn", data, SolverConfig(time_limit=0.01)).to_json()
    assert out["optimal"] is False
    assert out["bound"] >= out["value"]
    reasons = [entry["reason"] for entry in out["not_played"]]
    assert len(reasons) == 1000 - len(out["order"])
    assert NOT_TRIED in reasons


def test_a_proved_turn_is_its_own_bound() -> None:
    plan, _, _ = planned(independent_spells(8, 4), reads=None)
    assert plan.optimal and plan.bound == plan.value


def _riftbound_turns() -> list[dict[str, Any]]:
    from tests.reference.fresh import turns

    return list(turns())[:25]


def _mtg_turns() -> list[dict[str, Any]]:
    from tests.mtg_reference.turn_strategies import random_turn

    rng = random.Random(4611)
    return [random_turn(random.Random(rng.randrange(1 << 30))) for _ in range(20)]


@pytest.mark.parametrize("game", ["payplan/1", "mtg/1"])
def test_the_bound_is_at_least_the_brute_forces_best(game: str) -> None:
    """Cut after 0 to 40 clock readings, and not cut: the value found is at most the brute
    force's best, the bound at least it, and equal to the value when proved."""
    turns = _riftbound_turns() if game == "payplan/1" else _mtg_turns()
    checked = cut = 0
    for data in turns:
        try:
            best = (ref_turn.best_turn(copy.deepcopy(data), minimal=True)[0]
                    if game == "payplan/1" else solve_turn(copy.deepcopy(data)).value)
        except (ref_turn.Unsupported, MtgUnsupported):
            continue
        for reads in (0.5, 3, 10, 40, None):
            plan, _, _ = planned(data, reads)
            assert plan.value <= best <= plan.bound, (data, reads)
            if plan.optimal:
                assert plan.value == best == plan.bound
            cut += not plan.optimal
            checked += 1
    assert checked >= 50 and cut >= 10


def test_the_turn_bench_runs_the_wide_family_and_reports_cpu_ratios() -> None:
    """`payplan bench --suite turn`'s wide family (here 5 plays, one seed) for both games, and
    the CPU columns as ratios to the typical plan's CPU time."""
    from payplan.benchmarks.turns import markdown, run_turns

    results = run_turns((4,), 1, SolverConfig(time_limit=10), wide=5)
    wide = [c for c in results["cases"] if c["family"] == "wide"]
    assert {c["format"] for c in wide} == {"payplan/1", "mtg/1"}
    assert all(c["size"] == 5 and c["planner"]["bound"] >= c["planner"]["value"] for c in wide)
    rows = [r for r in results["summary"] if r["family"] == "wide"]
    assert len(rows) == 2 and all(r["p50_cpu_x_typical"] is not None for r in rows)
    assert set(results["typical_plan_cpu_ms_by_format"]) == {"payplan/1", "mtg/1"}
    assert "| payplan/1 | 5 | 1 | wide |" in markdown(results)


def test_the_whole_turn_model_keeps_to_its_share_of_the_time() -> None:
    """The model (`plan_turn`'s `aim`) is asked with at most a tenth of the time left, at
    most 1 s, and not at all where listing the candidates took longer than that (each clock
    reading a second): the time is then the search's. The answer is the same either way."""
    data = independent_spells(12, 10)
    ruleset = for_data(data)
    asked: list[float] = []

    def aim(candidates: Any, seconds: float) -> list[int]:
        asked.append(seconds)
        return [0, 1]

    def turn(clock: Any, at: float | None) -> Any:
        scenario = ruleset.load(copy.deepcopy(data))
        return plan_turn(ruleset.turn_moves(scenario), scenario, scenario.turn, data["format"],
                         Deadline(at), clock=clock, aim=aim).to_json()
    ticks = Ticks()
    slow = turn(ticks, None)
    assert asked == []  # a listing took a second, more than the model's share
    quick = turn(time.monotonic, time.monotonic() + 10)
    assert len(asked) == 1 and 0 < asked[0] <= 1.0
    assert quick == slow
