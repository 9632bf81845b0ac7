"""One generated cast through both sides: payplan's `plan --json` and the brute force.

`check(data)` plans the cast with payplan's command line (`plan_json`), or with each planner
`planners` names (the tests add the CP-SAT model with the fast path off), and compares each
answer with the brute force: status, score, total (mana and life) and X under `x: auto`, and
the payment itself (`payment.check_payment`: legal, pays the total, its score recomputed).
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from . import plan_json
from .brute import Outcome, solve
from .mana import parse_plain
from .payment import check_payment

# A planner: the scenario's raw data -> (exit code, the plan's JSON or None, stderr).
Planner = Callable[[dict[str, Any]], tuple[int, "dict[str, Any] | None", str]]


def cli_planner(data: dict[str, Any]) -> tuple[int, dict[str, Any] | None, str]:
    """`payplan plan FILE --json` on the scenario, written to a JSON file (the CLI reads JSON or
    YAML; JSON is the faster to read)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cast.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        return plan_json(path)


@dataclass(frozen=True, slots=True)
class Verdict:
    problems: tuple[str, ...]
    reference: Outcome
    planner: dict[str, Any] | None          # the first planner's answer
    exit_code: int
    stderr: str
    answers: dict[str, dict[str, Any] | None] = field(default_factory=dict)
    raw: dict[str, tuple[int, dict[str, Any] | None, str]] = field(default_factory=dict)


def check(data: dict[str, Any], planners: Mapping[str, Planner] | None = None) -> Verdict:
    """Each planner's status, score, total (mana and life) and X (under `x: auto`) against the
    brute force's, and its payment checked. Where several plans tie, the planner's total may be
    any of the optimal ones. Problems carry the planner's name when there are several."""
    answers = {name: planner(data) for name, planner in (planners or {"plan": cli_planner}).items()}
    return judge(data, answers)


def judge(data: dict[str, Any], answers: Mapping[str, tuple[int, dict[str, Any] | None, str]]) -> Verdict:
    """`check` on answers already given: planner name -> (exit code, JSON, stderr)."""
    reference = solve(data)
    problems: list[str] = []
    for name, (code, result, err) in answers.items():
        tag = f"{name}: " if len(answers) > 1 else ""
        problems += [tag + p for p in _compare(data, reference, code, result, err)]
    code, result, err = next(iter(answers.values()))
    return Verdict(tuple(problems), reference, result, code, err,
                   {name: answer[1] for name, answer in answers.items()},
                   dict(answers))


def _compare(data: dict[str, Any], reference: Outcome, code: int, result: dict[str, Any] | None,
             err: str) -> list[str]:
    problems: list[str] = []
    if result is None:
        return [f"planner: exit {code}, no JSON: {err.strip()[:300]}"]
    status = result.get("status")
    if status != reference.status:
        problems.append(f"status: planner {status}, reference {reference.status} "
                        f"(planner reasons {result.get('reasons')}, reference {list(reference.reasons)})")
    elif status == "ok":
        if result.get("score") not in reference.scores:
            problems.append(f"score: planner {result.get('score')}, reference {sorted(reference.scores)}")
        total = result.get("total") or {}
        try:
            mana = parse_plain(str(total.get("mana") or ""))
        except ValueError as bad:
            problems.append(f"total.mana: {bad}")
        else:
            pairs = {(parse_plain(m), life) for m, life in reference.totals}
            if "life" in total:
                if (mana, int(total["life"])) not in pairs:
                    problems.append(f"total: planner {total}, reference {sorted(reference.totals)}")
            elif mana not in {m for m, _ in pairs}:
                problems.append(f"total.mana: planner {total.get('mana')!r}, "
                                f"reference {sorted(reference.totals)}")
        if (total.get("loyalty") if reference.loyalty is not None else None) != reference.loyalty:
            problems.append(f"total.loyalty: planner {total.get('loyalty')}, reference {reference.loyalty}")
        if (data["play"].get("x", "auto") == "auto" and reference.x is not None
                and result.get("x") != reference.x):
            problems.append(f"x: planner {result.get('x')}, reference {reference.x}")
    problems += [f"payment: {p}" for p in check_payment(data, result)]
    if result.get("optimal") is False:
        problems.append("planner says optimal: false")
    return problems
