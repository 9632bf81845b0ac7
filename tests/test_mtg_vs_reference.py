"""payplan's mtg/1 plans against the independent brute force (tests/mtg_reference) on generated
casts: status, score, total (mana and life; any of the tied optimal totals) and X under
`x: auto`. A bounded, derandomized slice runs here; the 10,000-cast campaign is
`python -m tests.mtg_reference.campaign --casts 10000`. Skipped while payplan refuses
`format: mtg/1`."""

from __future__ import annotations

import pytest

from mtg_reference import mtg_supported
from mtg_reference.compare import check
from mtg_reference.strategies import casts

pytestmark = pytest.mark.skipif(not mtg_supported(), reason="payplan does not read format: mtg/1 yet")

SLICE = 120


@pytest.mark.parametrize("block", range(4))
def test_planner_agrees_with_the_brute_force(block: int) -> None:
    failures = []
    for seed, data in casts(1000 + block, SLICE // 4):
        verdict = check(data)
        if verdict.problems:
            failures.append(f"cast {seed}: " + "; ".join(verdict.problems))
    assert not failures, "\n".join(failures)
