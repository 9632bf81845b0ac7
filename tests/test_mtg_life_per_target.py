"""mtg/1's life per target (Phyrexian Purge: "This spell costs 3 life more to cast for each
target."): card key `per_target_life`. The other side of examples/mtg/98 (`plan` with the fast
path on and off, `check`, the dump, the loader) and the brute force on the same cases, worked by
hand (a land tapped 1, a life point 1)."""

from __future__ import annotations

import copy
from typing import Any

from mtg_cases import checked_payment, example, plan, round_trips
from mtg_cases import problems as _problems

from payplan.benchmarks.mtg.reference.brute import solve


def purge(targets: list[str], life: int = 20) -> dict[str, Any]:
    data = copy.deepcopy(example("98"))
    data["play"]["targets"] = targets
    data["state"]["you"]["life"] = life
    return data


def test_three_life_for_each_target() -> None:
    p = plan(purge(["e1", "e2"]))
    assert p["status"] == "ok" and p["total"]["life"] == 6 and p["score"] == 10
    one = plan(purge(["e1"]))
    assert one["total"]["life"] == 3 and one["score"] == 7
    none = plan(purge([]))
    assert none["total"]["life"] == 0 and none["score"] == 4
    assert plan(purge(["e1", "e2"], life=5))["status"] != "ok"


def test_the_brute_force_agrees() -> None:
    for targets, life, want in ((["e1", "e2"], 20, ("ok", 10)), (["e1"], 20, ("ok", 7)),
                                ([], 20, ("ok", 4))):
        got = solve(purge(targets, life))
        assert (got.status, got.score) == want
    assert solve(purge(["e1", "e2"], 5)).status != "ok"


def test_check_and_dump() -> None:
    data = purge(["e1", "e2"])
    p = plan(data)
    back = checked_payment(data, p["payment"])
    assert back["legal"] and back["score"] == 10, back
    round_trips(data)
    bad = purge(["e1"])
    bad["cards"]["phyrexian-purge"]["per_target_life"] = -1
    problems = _problems(bad)
    assert len(problems) == 1 and "cards.phyrexian-purge.per_target_life" in problems[0], problems
