"""Golden CLI transcripts for every ruleset's examples (tests/regen_golden.py says which
commands), and `payplan demo [--json]`, run as processes and compared line by line with
tests/golden/.

Each transcript is a process of its own (about 0.4 s of start-up and imports), some 580 in all:
the fast lane runs the demo's and every command's on each ruleset's first example, the slow lane
the rest.

After an intended change of output, regenerate with `python tests/regen_golden.py` and review
the diff."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from regen_golden import (
    EXAMPLE_FOLDERS,
    EXIT_CODES,
    GOLDEN,
    GOLDEN_FOLDERS,
    ROOT,
    Case,
    cases,
    run,
)

CASES = cases()


def first_examples() -> set[str]:
    """The start of the transcripts' names of each ruleset's first example (`STEM.`)."""
    out = set()
    for fmt, folder in EXAMPLE_FOLDERS.items():
        prefix = GOLDEN_FOLDERS[fmt] + "/" if GOLDEN_FOLDERS[fmt] else ""
        out.add(f"{prefix}{min(Path(ROOT / folder).glob('*.yaml')).stem}.")
    return out


FAST = first_examples()


def lane(case: Case) -> Any:
    """`case` as a parameter: in the fast lane if it is the demo's or a first example's."""
    fast = case.name.startswith("demo.") or case.name.startswith(tuple(FAST))
    return pytest.param(case, id=case.name, marks=[] if fast else [pytest.mark.slow])


def first_difference(expected: list[str], got: list[str]) -> str:
    for n, (a, b) in enumerate(zip(expected, got), 1):
        if a != b:
            return f"line {n}:\n  expected: {a!r}\n  got:      {b!r}"
    if len(expected) != len(got):
        n = min(len(expected), len(got)) + 1
        more = expected[n - 1:] if len(expected) > len(got) else got[n - 1:]
        side = "expected" if len(expected) > len(got) else "got"
        return f"line {n}: only {side} has {len(more)} more line(s), from {more[0]!r}"
    return ""


@pytest.mark.parametrize("case", [lane(c) for c in CASES])
def test_transcript(case: Case) -> None:
    path = GOLDEN / case.name
    assert path.exists(), f"no golden file for `{case.command_line}`: run tests/regen_golden.py"
    outcome = run(case)
    assert outcome.stderr == "", outcome.stderr
    expected = path.read_text(encoding="utf-8").splitlines()
    difference = first_difference(expected, outcome.stdout.splitlines())
    assert not difference, f"`{case.command_line}` differs from {path.name}, {difference}"
    codes = json.loads((GOLDEN / EXIT_CODES).read_text(encoding="utf-8"))
    assert outcome.exit_code == codes[case.name], f"`{case.command_line}`: exit code"


def test_json_transcripts_are_json() -> None:
    for case in CASES:
        if case.name.endswith(".json"):
            json.loads((GOLDEN / case.name).read_text(encoding="utf-8"))


def test_no_stale_golden_files() -> None:
    names = {p.relative_to(GOLDEN).as_posix() for p in GOLDEN.rglob("*") if p.is_file()}
    assert names == {c.name for c in CASES} | {EXIT_CODES}
    for fmt, folder in EXAMPLE_FOLDERS.items():
        prefix = GOLDEN_FOLDERS[fmt] + "/" if GOLDEN_FOLDERS[fmt] else ""
        examples = {p.stem for p in Path(ROOT / folder).glob("*.yaml")}
        assert examples, fmt
        assert all(any(n.startswith(prefix + e + ".") for n in names) for e in examples), fmt


def test_first_difference() -> None:
    assert first_difference(["a", "b"], ["a", "b"]) == ""
    assert first_difference(["a", "b"], ["a", "c"]).startswith("line 2:")
    assert first_difference(["a"], ["a", "x"]) == "line 2: only got has 1 more line(s), from 'x'"
