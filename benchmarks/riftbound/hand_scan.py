"""The whole-hand scan (`payplan hand`, `planner.plan_hand`) on typical turns with Flow cards in
the trash, against a baseline measured in the same run: planning each card on its own with
`planner.plan`, sharing nothing.

    python -m payplan.benchmarks.riftbound.hand_scan [--cases N] [--repeats R]

Cases are the `typical` family of `benchmarks.generate` (7-card hand, 8-12 runes, up to 3
modifiers) with three Flow spells added to the trash, seeds 0..N-1. Prints p50 / p90 / mean
milliseconds per scan for both methods, and checks that both give the same plans.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import replace

from ...engine.riftbound.loader import scenario_from_data
from ...engine.riftbound.scenario import Play, Scenario
from ...planner.riftbound.hand import candidates, plan_hand
from ...planner.riftbound.plan import Plan, plan
from ..generate import generate

FLOW_CARDS = {
    "dredge-up": {"name": "Dredge Up", "type": "spell", "domains": ["mind"],
                  "cost": {"energy": 3, "power": {"mind": 1}}, "keywords": {"flow": [{"energy": 2}]}},
    "second-wind": {"name": "Second Wind", "type": "spell", "domains": ["order"],
                    "cost": {"energy": 4},
                    "keywords": {"flow": [{"energy": 3}, {"energy": 1, "other": [{"discard": 1}]}]}},
}


def scenario(seed: int) -> Scenario:
    data = generate("typical", 7, seed)
    data["cards"].update(FLOW_CARDS)
    trash = data["state"]["you"].setdefault("trash", [])
    trash += [{"id": "f1", "card": "dredge-up"}, {"id": "f2", "card": "second-wind"},
              {"id": "f3", "card": "dredge-up"}]
    data.pop("play", None)
    return scenario_from_data(data)


def one_by_one(s: Scenario) -> list[Plan]:
    """The baseline: every candidate planned alone, in the order `plan_hand` reports them."""
    plans = [plan(replace(s, play=Play(c.obj.id, c.zone))) for c in candidates(s)]
    ok = sorted((p for p in plans if p.status == "ok"), key=lambda p: p.score or 0)
    return ok + [p for p in plans if p.status != "ok"]


def timed(func: object, s: Scenario, repeats: int) -> float:
    runs = []
    for _ in range(repeats):
        began = time.perf_counter()
        func(s)  # type: ignore[operator]
        runs.append(time.perf_counter() - began)
    return statistics.median(runs) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m payplan.benchmarks.riftbound.hand_scan",
                                     description=__doc__)
    parser.add_argument("--cases", type=int, default=50)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    scan, alone = [], []
    for seed in range(args.cases):
        s = scenario(seed)
        assert {p.dumps() for p in plan_hand(s)} == {p.dumps() for p in one_by_one(s)}
        scan.append(timed(plan_hand, s, args.repeats))
        alone.append(timed(one_by_one, s, args.repeats))
    print(f"{args.cases} typical turns, 7-card hand + 3 Flow cards in the trash "
          f"(10 plays a scan), ms per scan:")
    for name, times in (("plan_hand", scan), ("plan each card alone", alone)):
        times.sort()
        p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
        print(f"  {name:22s} p50 {statistics.median(times):7.2f}  p90 {p90:7.2f}  "
              f"mean {statistics.mean(times):7.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
