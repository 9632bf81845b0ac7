"""One generated cast through both sides: payplan's `plan --json` and the brute force."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from . import plan_json
from .brute import Outcome, solve
from .mana import parse_plain


@dataclass(frozen=True, slots=True)
class Verdict:
    problems: tuple[str, ...]
    reference: Outcome
    planner: dict[str, Any] | None
    exit_code: int
    stderr: str


def check(data: dict[str, Any]) -> Verdict:
    """The planner's status, score, total (mana and life) and X (under `x: auto`) against the
    brute force's. Where several plans tie, the planner's total may be any of the optimal ones."""
    reference = solve(data)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cast.yaml"
        path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        code, result, err = plan_json(path)
    problems: list[str] = []
    if result is None:
        problems.append(f"planner: exit {code}, no JSON: {err.strip()[:300]}")
        return Verdict(tuple(problems), reference, None, code, err)
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
                problems.append(f"total.mana: planner {total.get('mana')!r}, reference {sorted(reference.totals)}")
        if data["play"].get("x", "auto") == "auto" and reference.x is not None and result.get("x") != reference.x:
            problems.append(f"x: planner {result.get('x')}, reference {reference.x}")
    if result.get("optimal") is False:
        problems.append("planner says optimal: false")
    return Verdict(tuple(problems), reference, result, code, err)
