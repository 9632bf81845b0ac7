"""The real-card conformance corpus: every file in examples/cards/ against its hand-worked answer.

Each file carries, in comments, the answer worked by hand from the rules (seeds, scenario-format,
real-cards, the card-mechanics catalog) -- not from payplan's code -- and a machine-readable block:

    # expect:
    #   status: ok
    #   total: "[2][fury]"
    #   score: 3

Every key of the block is compared with the same key of `payplan plan FILE --json` (a map is
compared on the keys it names; `total` is compared as a Cost). A file marked
`# supported: no -- ...` must be refused cleanly (exit 2, every stderr line `path: message`) and
must NOT match its block (so the mark is updated once payplan supports it); one marked
`# supported: partly -- ...` is a strict xfail.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from helpers import paths_with_slow

from payplan.engine.riftbound.cost import Cost

CARDS = Path(__file__).resolve().parent.parent / "examples" / "cards"
FILES = sorted(CARDS.glob("*.yaml"))
SUPPORT = re.compile(r"^# supported: (yes|partly|no)\b(.*)$", re.MULTILINE)


def expect_block(text: str) -> dict[str, Any]:
    """The `# expect:` comment block, read as YAML."""
    lines = text.splitlines()
    start = lines.index("# expect:")
    body: list[str] = []
    for line in lines[start + 1:]:
        if not line.startswith("#   "):
            break
        body.append(line[2:])
    block = yaml.safe_load("\n".join(body))
    assert isinstance(block, dict) and block, "empty expect block"
    return block


def support_of(text: str) -> str:
    match = SUPPORT.search(text)
    return match.group(1) if match else "yes"


def run_plan(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "payplan.cli", "plan", str(path), "--json"],
        capture_output=True, text=True, timeout=300,
    )


def other_counts(items: list[Any]) -> Counter[str]:
    """Non-standard parts as kind -> how many (a filter's wording is not compared)."""
    counts: Counter[str] = Counter()
    for item in items:
        if isinstance(item, str):
            counts[item] += 1
            continue
        ((kind, value),) = item.items()
        counts[kind] += value if isinstance(value, int) else int(value["count"])
    return counts


def cost_key(energy: int, power: dict[str, int], other: Counter[str]) -> tuple[object, ...]:
    return (energy, sorted((k, v) for k, v in power.items() if v), sorted(other.items()))


def total_matches(want: str, got: dict[str, Any]) -> bool:
    cost = Cost.parse(want)
    mine = cost_key(cost.energy, cost.power_map(),
                    other_counts([{o.kind: o.count} for o in cost.other]))
    theirs = cost_key(int(got.get("energy", 0)), dict(got.get("power", {})),
                      other_counts(list(got.get("other", []))))
    return mine == theirs


def matches(want: Any, got: Any) -> bool:
    """`got` agrees with `want` on every key `want` names (maps compared on those keys only)."""
    if isinstance(want, dict):
        return isinstance(got, dict) and all(k in got and matches(v, got[k]) for k, v in want.items())
    return bool(want == got)


def mismatches(block: dict[str, Any], out: dict[str, Any]) -> list[str]:
    wrong = []
    for key, want in block.items():
        if key == "total":
            if not isinstance(out.get("total"), dict) or not total_matches(want, out["total"]):
                wrong.append(f"total: want {want}, got {out.get('total')}")
        elif key not in out or not matches(want, out[key]):
            wrong.append(f"{key}: want {want!r}, got {out.get(key)!r}")
    return wrong


def test_corpus_is_there() -> None:
    assert len(FILES) >= 25


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_card_example(path: Path) -> None:
    text = path.read_text()
    block = expect_block(text)
    support = support_of(text)
    result = run_plan(path)
    if support == "no":
        # Not supported yet: the refusal must be clean, and the answer must not already be right.
        assert result.returncode == 2, (result.returncode, result.stdout[:500], result.stderr)
        lines = result.stderr.strip().splitlines()
        assert lines and "Traceback" not in result.stderr
        assert all(re.match(r"^[A-Za-z_][\w.\[\]-]*: \S", line) for line in lines), lines
        return
    assert result.returncode in (0, 1), result.stderr
    assert "Traceback" not in result.stderr
    out = json.loads(result.stdout)
    wrong = mismatches(block, out)
    if support == "partly":
        if wrong:
            pytest.xfail("; ".join(wrong))
        pytest.fail(f"{path.name} now passes its expect block: mark it `# supported: yes`")
    assert not wrong, wrong


def _expected_ok(path: Path) -> bool:
    text = path.read_text()
    return support_of(text) == "yes" and expect_block(text).get("status") == "ok"


# Examples whose keys the independent reference (written apart, from the builder's contract)
# does not read yet: an expected failure while it raises `Unsupported` or
# disagrees, checked as any other once it agrees. Empty this set once the reference reads them.
REFERENCE_PENDING: set[str] = set()

# The brute force walks every victim set of this one for minutes: in the slow lane.
SLOW_BRUTE_FORCE = {"20-atakhan-victim-sets-discount.yaml"}


@pytest.mark.parametrize("path", paths_with_slow([p for p in FILES if _expected_ok(p)],
                                                 SLOW_BRUTE_FORCE))
def test_card_example_against_brute_force(path: Path) -> None:
    """The hand-worked answer is also the brute force's optimum (benchmarks/riftbound/brute_force.py walks
    every option and payment apart from the planner): the expect block's score, and the total
    among the brute force's optimal totals."""
    from payplan.benchmarks.riftbound.brute_force import brute_plan
    from payplan.benchmarks.riftbound.reference.pricing import Unsupported
    from payplan.engine.riftbound.loader import load_file

    block = expect_block(path.read_text())
    try:
        found = brute_plan(load_file(path))
        agrees = found.status == "ok" and found.score == block.get("score", found.score)
        if "total" in block:
            want = Cost.parse(block["total"])
            agrees = agrees and any(t.energy == want.energy and t.power_map() == want.power_map()
                                    for t in found.optimal_totals)
    except Unsupported as missing:
        if path.name not in REFERENCE_PENDING:
            raise
        pytest.xfail(f"the reference does not read {missing} yet (REFERENCE_PENDING)")
    if not agrees and path.name in REFERENCE_PENDING:
        pytest.xfail("the reference does not read this example's new keys yet (REFERENCE_PENDING)")
    assert found.status == "ok"
    if "score" in block:
        assert found.score == block["score"]
    if "total" in block:
        assert agrees, found.optimal_totals
