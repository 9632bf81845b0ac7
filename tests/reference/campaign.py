"""The reference against the engine on many generated plays.

    python -m tests.reference.campaign --plays 20000 [--seed 0] [--show 3] [--no-orders]
                                       [--family classic|real]

`--family real` generates the real-card additions (issue 13: abilities, repeatable costs with
per-payment discounts, victim-reading discounts, tiers and levels, sources and converters,
Hidden, `ignore: all`, granted Flow) with `strategies.real_scenario_data`; `classic` (the
default) the payplan/1 mechanics with `strategies.scenario_data`.

Runs from the repository root. Prints the plays checked, the disagreements (with the first few
scenarios as YAML when `--show` > 0), the plays per outcome (the reference's: illegal,
unpayable, ok paying nothing (score 0), ok paying something) and the wall time. Exit 1 when
there is a disagreement. Generation is seeded (Hypothesis `seed(--seed)`), so a run is
repeatable.

`--attribute` names the known wrong answer behind each disagreement: the mutant(s) of the
reference that re-create it and with which the engine agrees, issue 20's by their class
(`pricing.ENGINE_MUTANTS`: `class 1` ... `class 11`, `tie-break`), issue 10's by name.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from typing import Any

import yaml
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed

from payplan.benchmarks.riftbound.reference.compare import check, reference_answer
from payplan.benchmarks.riftbound.reference.pricing import (
    ENGINE_MUTANTS,
    MUTANTS,
    SETTLED_MUTANTS,
    Unsupported,
    reference_totals,
)

from .strategies import real_scenario_data, scenario_data


def run(plays: int, seed: int, with_orders: bool, family: str = "classic") -> tuple[int, list[tuple[dict[str, Any], list[str]]],
                                                           collections.Counter[str]]:
    found: list[tuple[dict[str, Any], list[str]]] = []
    outcomes: collections.Counter[str] = collections.Counter()
    checked = 0

    @hypothesis_seed(seed)
    @settings(max_examples=plays, database=None, deadline=None,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(real_scenario_data() if family == "real" else scenario_data())
    def one(data: dict[str, Any]) -> None:
        nonlocal checked
        try:
            problems = check(data, with_orders)
            ref = reference_totals(data)
        except Unsupported:
            outcomes["unsupported"] += 1
            return
        checked += 1
        outcomes[outcome(data, ref)] += 1
        if problems:
            found.append((data, problems))

    one()
    return checked, found, outcomes


def outcome(data: dict[str, Any], ref: Any) -> str:
    """The reference's answer, as one word: `illegal`, `unpayable`, `ok-free` (its least score
    is 0: nothing is paid, or only from the pool) or `ok-pays`."""
    got = reference_answer(data, ref)
    if got.status != "ok":
        return got.status
    won = {w[2] for w in got.winners}
    least = min(s for o, (s, _) in got.priced.items() if o.total.text() in won)
    return "ok-pays" if least > 0 else "ok-free"


def _name(mutant: str) -> str:
    return ENGINE_MUTANTS.get(mutant, mutant)


def attribute(data: dict[str, Any]) -> str:
    """Which known wrong answer explains a disagreement: the mutant(s) of the reference that
    re-create it and with which the engine agrees (issue 20's named by class); `unexplained`
    when none does."""
    names = tuple(ENGINE_MUTANTS) + MUTANTS + SETTLED_MUTANTS
    for name in names:
        if not check(data, mutants=(name,)):
            return _name(name)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if not check(data, mutants=(a, b)):
                return f"{_name(a)}+{_name(b)}"
    if not check(data, mutants=names):
        return "several"
    return "unexplained"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plays", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--show", type=int, default=3)
    parser.add_argument("--no-orders", action="store_true")
    parser.add_argument("--family", choices=("classic", "real"), default="classic")
    parser.add_argument("--attribute", action="store_true",
                        help="name the known wrong answer behind each disagreement (issue 20's "
                             "classes, issue 10's wrong answers); unexplained ones are shown first")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    checked, found, outcomes = run(args.plays, args.seed, not args.no_orders, args.family)
    wall = time.perf_counter() - start
    kinds = collections.Counter(p.split(" ")[0] + " " + p.split(" ")[1] for _, ps in found for p in ps)
    print(f"plays checked: {checked} ({dict(sorted(outcomes.items()))})")
    print(f"disagreements: {len(found)} {dict(kinds)}")
    print(f"wall time: {wall:.1f} s")
    if args.attribute:
        named = [(attribute(data), data, problems) for data, problems in found]
        print(f"attributed: {dict(collections.Counter(n for n, _, _ in named))}")
        named.sort(key=lambda t: t[0] != "unexplained")
        found = [(data, [f"[{n}] {p}" for p in problems]) for n, data, problems in named]
    for data, problems in found[: args.show]:
        print("---")
        for p in problems:
            print(f"# {p}")
        print(yaml.safe_dump(data, sort_keys=False, default_flow_style=None).rstrip())
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
