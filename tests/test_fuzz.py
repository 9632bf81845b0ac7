"""A bounded slice of the fuzz campaign (`python -m tests.fuzz --inputs N` runs
the full one): mutated scenarios, hostile text and bad options through the loader, the CLI, the
service and, where it can run, the brute force. Any finding fails the test with its reproducer."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fuzz import Campaign, campaign, check_lines


@pytest.mark.slow
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


def test_the_corpus_holds_both_formats() -> None:
    from fuzz import corpus

    formats = {seed.get("format") for seed in corpus()}
    assert {"payplan/1", "mtg/1"} <= formats


def test_the_option_and_environment_targets_can_find(tmp_path: Any,
                                                     monkeypatch: Any) -> None:
    """A refusal of an option or an environment variable is no finding; an exception is."""
    import fuzz

    c = Campaign(time_limit=1.0)
    fuzz.run_options(c, ["batch", "-", "-", "--ray=h:99999"], {})
    fuzz.run_options(c, ["serve", "--request-timeout", "x"], {"PAYPLAN_MAX_BYTES": "-5"})
    text = (fuzz.ROOT / "examples" / "01-sky-splitter-order.yaml").read_text(encoding="utf-8")
    fuzz.run_cli(c, text, "yaml", "plan", ["--time-limit", "2"], tmp_path,
                 {"PAYPLAN_MAX_VALUES": "abc"}, stdin=True)
    assert c.findings == [], c.findings

    def broken(*args: object) -> object:
        raise TypeError("a traceback")

    monkeypatch.setattr(fuzz, "build_parser", broken)
    fuzz.run_options(c, ["serve"], {})
    assert [f["check"] for f in c.findings] == ["exception"]
