"""A bounded slice of the fuzz campaign (`python -m tests.fuzz --inputs N` runs
the full one): mutated scenarios, hostile text and bad options through the loader, the CLI, the
service and, where it can run, the brute force. Any finding fails the test with its reproducer."""

from __future__ import annotations

import json

from fuzz import Campaign, campaign, check_lines


def test_fuzz_slice_finds_nothing() -> None:
    c = campaign(40, time_limit=10.0)
    assert c.inputs >= 40
    assert c.findings == [], json.dumps(c.findings, indent=1)


def test_the_refusal_check_can_fail() -> None:
    """The campaign's own check: a traceback or a line without a path is a finding."""
    c = Campaign(time_limit=1.0)
    check_lines(c, "cli", ["state.you.xp: expected a whole number, got 'a'"], "x")
    assert c.findings == []
    check_lines(c, "cli", ["Traceback (most recent call last):"], "x")
    check_lines(c, "cli", ["no path here"], "x")
    check_lines(c, "cli", [], "x")
    assert [f["check"] for f in c.findings] == [
        "refusal line without a path", "refusal line without a path",
        "refusal without a message"]
