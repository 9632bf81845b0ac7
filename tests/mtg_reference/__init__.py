"""The `mtg/1` reference's generator and campaign (the brute force itself ships as
`payplan.benchmarks.mtg.reference`, so that `payplan bench --suite mtg` can use it).

- `strategies`: a seeded generator of small mtg/1 casts drawing every key the loader accepts.
- `campaign`: `python -m tests.mtg_reference.campaign --casts 10000` compares the planner (with
  its fast path, and with it off: the CP-SAT model) with the brute force, checks every payment,
  and saves every disagreement for replay, with its cause.
- This module: reading the `# expect:` block of an example; the two planners (`PLANNERS`);
  `explain`, which names the known cause of a disagreement.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import yaml

from payplan.benchmarks.mtg.reference import knobs, plan_json, run_cli
from payplan.benchmarks.mtg.reference.board import board as ref_board
from payplan.benchmarks.mtg.reference.brute import solve
from payplan.benchmarks.mtg.reference.compare import Planner, Verdict, cli_planner, judge
from payplan.benchmarks.mtg.reference.mana_abilities import activations
from payplan.benchmarks.mtg.reference.payment import check_payment

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLES = ROOT / "examples" / "mtg"


def read_expect(path: Path) -> dict[str, Any]:
    """The lines after `# expect:` that start with `#   `, read as YAML once `# ` is stripped."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == "# expect:")
    block = []
    for line in lines[start + 1:]:
        if not line.startswith("#   "):
            break
        block.append(line[2:])
    expect = yaml.safe_load("\n".join(block))
    if not isinstance(expect, dict):
        raise ValueError(f"{path.name}: empty expect block")
    return expect


_SUPPORTED: bool | None = None


def mtg_supported() -> bool:
    """False while payplan refuses `format: mtg/1` as an unknown format; the tests that compare
    the planner skip until then, and run on their own once support lands."""
    global _SUPPORTED
    if _SUPPORTED is None:
        code, _, err = run_cli(["plan", str(EXAMPLES / "02-autotap-taps-more.yaml"), "--json"])
        _SUPPORTED = not (code == 2 and "unknown format 'mtg/1'" in err)
    return _SUPPORTED


def model_planner(data: dict[str, Any]) -> tuple[int, dict[str, Any] | None, str]:
    """The plan with the fast path off (`SolverConfig(fast_path=False)`: every cast to the CP-SAT
    model), as `payplan plan --json` prints it (the command table's answer, its JSON and exit
    code). The command line has no switch for it."""
    from payplan import ScenarioError, SolverConfig
    from payplan.planner.commands import answer

    try:
        result = answer("plan", data, SolverConfig(fast_path=False))
    except ScenarioError as bad:
        return 2, None, str(bad)
    return result.exit_code, json.loads(json.dumps(result.to_json())), ""


# The planner as the command line runs it (its fast path on), and its CP-SAT model alone.
PLANNERS: dict[str, Planner] = {"fast path": cli_planner, "model": model_planner}

SELF_PAYING = "the planner pays a filter land's cost with that land's own mana"
CLASS_12 = ("issue 20 class 12: a mana ability that neither taps nor sacrifices its permanent "
            "is activated at most once")
CLASS_13 = ("issue 20 class 13: tapping an untapped creature as a mana ability's cost is "
            "charged 0")
CLASS_12_BOUND = ("issue 20 class 12, bounded: a legal payment whose X and score lie between the "
                  "once-per-ability reading's and the rules' (the X range counts the ability once)")
FREE_MANA_MILL = ("found here: a mana ability's mill cost is charged nothing (it is still held "
                  "to the library)")
STAND_IN_NAME = ("found here: a grant's `name` on activated abilities matches \"NAME: ABILITY\", "
                 "not the name of the ability's permanent")
UNEXPLAINED = "unexplained"

LEFT_RULE = ("found here: left_in_pool is worked out as if a filter's generic cost were paid "
             "with that filter's own mana (the payment is legal; the mana it says is left is not)")

# Each known cause, as the reading of the brute force that makes the planner's answers agree.
READINGS: list[tuple[str, str]] = [
    (SELF_PAYING, "DIAGNOSE_SELF_PAYING_FILTERS"),
    (CLASS_12, "DIAGNOSE_ONCE_PER_ABILITY"),
    (CLASS_13, "DIAGNOSE_FREE_MANA_TAPS"),
    (FREE_MANA_MILL, "DIAGNOSE_FREE_MANA_MILL"),
    (STAND_IN_NAME, "DIAGNOSE_ABILITY_STAND_IN_NAME"),
]
SEPARATOR = "; and "


def explain(data: dict[str, Any], verdict: Verdict) -> str:
    """The known cause of a disagreement: the first reading (one, then two, then three of
    READINGS together) under which the brute force and the payment check agree with the same
    planner answers; a legal payment whose left_in_pool only a filter paying itself reaches; a
    class-12 answer between the once-per-ability reading and the rules; else UNEXPLAINED."""
    if _left_rule_only(data, verdict):
        return LEFT_RULE
    for size in (1, 2, 3):
        for combo in itertools.combinations(READINGS, size):
            for _, flag in combo:
                setattr(knobs, flag, True)
            try:
                again = judge(data, verdict.raw)
            finally:
                for _, flag in combo:
                    setattr(knobs, flag, False)
            if not again.problems:
                return SEPARATOR.join(why for why, _ in combo)
    if _between_once_and_rules(data, verdict):
        return CLASS_12_BOUND
    return UNEXPLAINED


def _left_rule_only(data: dict[str, Any], verdict: Verdict) -> bool:
    if not all(": payment: mana: " in p or p.startswith("payment: mana: ") for p in verdict.problems):
        return False
    knobs.DIAGNOSE_SELF_PAYING_FILTERS = True
    try:
        return all(result is not None and not check_payment(data, result)
                   for _, result, _ in verdict.raw.values())
    finally:
        knobs.DIAGNOSE_SELF_PAYING_FILTERS = False


def _between_once_and_rules(data: dict[str, Any], verdict: Verdict) -> bool:
    """Every payment legal, and each answer ranked (X as large first, then the objective) no
    better than the rules' optimum and no worse than the once-per-ability reading's."""
    if any("payment: " in p for p in verdict.problems) or verdict.reference.status != "ok":
        return False
    b = ref_board(data)
    if not any(a.free for o in b.battlefield for a in activations(b.cards[o.card])):
        return False
    knobs.DIAGNOSE_ONCE_PER_ABILITY = True
    try:
        once = solve(data)
    finally:
        knobs.DIAGNOSE_ONCE_PER_ABILITY = False
    rules = (-(verdict.reference.x or 0), verdict.reference.objective)
    floor = (-(once.x or 0), once.objective) if once.status == "ok" else None
    for _, result, _ in verdict.raw.values():
        if result is None or result.get("status") != "ok":
            return False
        key = (-(result.get("x") or 0), result.get("objective"))
        if not (rules <= key and (floor is None or key <= floor)):  # type: ignore[operator]
            return False
    return True


__all__ = ["CLASS_12", "CLASS_12_BOUND", "LEFT_RULE", "SEPARATOR", "CLASS_13", "FREE_MANA_MILL",
           "SELF_PAYING", "STAND_IN_NAME", "UNEXPLAINED", "EXAMPLES", "PLANNERS", "ROOT", "explain", "model_planner", "mtg_supported",
           "plan_json", "read_expect", "run_cli"]
