"""mtg/1 at speed (issue 22): counts, not copies; choices in the model; an incumbent first; the
time limit over the whole plan. Each shortcut is checked against the way it replaces."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from payplan.engine.mtg import options as mtg_options
from payplan.engine.mtg.loader import scenario_from_data as mtg_from_data
from payplan.planner.config import SolverConfig
from payplan.planner.mtg import model as mtg_model
from payplan.planner.mtg.plan import plan as plan_mtg
from tests.mtg_cases import scenario
from tests.test_mtg import _covers

CARDS: dict[str, Any] = {
    "dual-wu": {"types": ["land"], "mana": [{"adds": "{W}|{U}"}]},
    "city": {"types": ["land"], "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}",
                                          "costs": ["tap", {"pay_life": 1}]}]},
    "gate": {"types": ["land"], "mana": [{"adds": "{C}"},
                                         {"adds": "{W}{W}|{W}{U}|{U}{U}", "costs": ["tap", "{W/U}"]}]},
    "ring": {"types": ["artifact"], "mana": [{"adds": "{C}{C}"}]},
    "treasure": {"types": ["artifact"], "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}",
                                                  "costs": ["tap", "sacrifice_self"]}]},
    "elf": {"types": ["creature"], "cost": "{G}", "mana": [{"adds": "{G}"}]},
    "bear": {"types": ["creature"], "cost": "{1}{W}"},
    "thalia": {"types": ["creature"], "cost": "{1}{W}",
               "grants": [{"increase": "{1}", "applies_to": {"not_type": "creature"}}]},
    "chaff": {"types": ["sorcery"], "cost": "{1}"},
}
BASICS = ["plains", "island", "swamp", "mountain", "forest", "wastes"]
SPELLS: list[dict[str, Any]] = [
    {"types": ["sorcery"], "cost": "{G}{W}", "kicker": ["{2}"], "multikicker": "{1}{G/W}",
     "replicate": "{1}{U}"},
    {"types": ["instant"], "cost": "{X}{R}", "multikicker": "{W/P}"},
    {"types": ["instant"], "cost": "{W/U}{W/U}{B/P}{2/G}", "kicker": ["{R}", "{1}{B/G}"]},
    {"types": ["sorcery"], "cost": "{2}{U}", "replicate": "{U/B}", "flashback": "{X}{U/P}",
     "convoke": True},
    {"types": ["creature"], "cost": "{1}{G/W}{G/W}", "buyback": "{2}", "multikicker": "{G}",
     "alternative": [{"id": "evoke", "cost": "{W/U}"}]},
]


def _board(rng: random.Random, n: int) -> list[dict[str, Any]]:
    """`n` permanents with many identical ones (basics, duals, Treasures, Sol Rings)."""
    names = BASICS * 3 + ["dual-wu", "dual-wu", "city", "gate", "ring", "ring", "treasure", "elf",
                          "bear", "thalia"]
    return [{"id": f"p{i}", "card": rng.choice(names), "tapped": rng.random() < 0.1,
             "sick": rng.random() < 0.3} for i in range(n)]


def _case(seed: int, n: int) -> dict[str, Any]:
    rng = random.Random(seed)
    spell = dict(rng.choice(SPELLS))
    optional = {name: "auto" for name in ("kicker", "kicker.1", "multikicker", "replicate",
                                          "buyback") if name.split(".")[0] in spell}
    if "kicker" in spell and len(spell["kicker"]) < 2:
        optional.pop("kicker.1", None)
    zone = "graveyard" if "flashback" in spell and rng.random() < 0.3 else "hand"
    data = scenario(_board(rng, n), {"object": "h1", "from": zone, "optional": optional},
                    hand=[{"id": "h1", "card": "s"}] if zone == "hand" else [],
                    graveyard=([{"id": "h1", "card": "s"}] if zone == "graveyard" else [])
                    + [{"id": f"g{i}", "card": "chaff"} for i in range(rng.randint(0, 3))],
                    cards={**CARDS, "s": spell}, life=rng.choice([2, 5, 20]),
                    mana_pool=rng.choice(["", "{G}", "{W}{U}"]))
    data["objective"] = {"benefits": {"kicker": rng.randint(0, 4), "kicker.1": rng.randint(0, 4),
                                      "multikicker": rng.randint(0, 5),
                                      "replicate": rng.randint(0, 5), "buyback": rng.randint(0, 3)}}
    return data


def _key(p: dict[str, Any]) -> tuple[Any, ...]:
    """What the objective fixes: the status, X, the objective and the total mana's size."""
    size = None if p["total"] is None else sum(
        int(part) if part.isdigit() else 1 for part in p["total"]["mana"].strip("{}").split("}{")
        if part)
    return p["status"], p["x"], p["objective"], size


@pytest.mark.slow
def test_choices_decided_in_the_model_agree_with_the_option_list(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Multikicker, replicate, kickers, buyback, X and the hybrid and Phyrexian announcements
    decided inside CP-SAT (`engine.mtg.options.Linear`, `planner.mtg.model._decided`) give the
    same status, X, objective and total size as pricing every option (ties may pick another
    payment), and a payment that covers its total."""
    decided = 0
    for seed in range(40):
        data = _case(seed, random.Random(seed).randint(2, 9))
        s = mtg_from_data(data, require_play=True)
        monkeypatch.setattr(mtg_options, "COMPACT_FROM", 10**9)
        listed = plan_mtg(s, SolverConfig(fast_path=False))
        monkeypatch.setattr(mtg_options, "COMPACT_FROM", 0)
        res = mtg_options.cast_options(s, s.play, 30, compact=True)
        decided += res.linear is not None
        inside = plan_mtg(s, SolverConfig(fast_path=False))
        assert _key(inside.to_json()) == _key(listed.to_json()), seed
        if listed.status == "unpayable":  # the cheapest total and what the state lacks (check)
            assert (inside.to_json()["total"], inside.to_json()["shortfall"]) == \
                (listed.to_json()["total"], listed.to_json()["shortfall"]), seed
        assert inside.optimal and listed.optimal
        if inside.payment is not None:
            assert _covers(s, inside), seed
    assert decided >= 30  # the decided model really ran


def test_counts_of_interchangeable_permanents_agree_with_one_variable_each(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Interchangeable permanents as one class of counts (`groups`) against the model with
    every permanent alone: the same status, X, objective, total size, and as many objects used
    in the same state-order rank (the classes take their first members)."""
    for seed in range(30):
        data = _case(100 + seed, 14)
        s = mtg_from_data(data, require_play=True)
        grouped = plan_mtg(s, SolverConfig(fast_path=False))
        monkeypatch.setattr(mtg_model, "interchangeable",
                            lambda res: [(p,) for p in range(len(res.permanents))])
        alone = plan_mtg(s, SolverConfig(fast_path=False))
        monkeypatch.undo()
        assert _key(grouped.to_json()) == _key(alone.to_json()), seed
        assert grouped.optimal and alone.optimal

        def rank(p: Any) -> tuple[int, int]:
            if p.payment is None:
                return 0, 0
            order = [o.id for o in s.state.you.battlefield]  # noqa: B023 (called in this pass)
            used = {u.id for u in p.payment.sources} | {i for i, _ in p.payment.convoke}
            used |= set(p.payment.improvise)
            return len(used), sum(order.index(i) for i in used)

        assert rank(grouped) == rank(alone), seed


def test_groups_keep_apart_what_a_cost_can_take() -> None:
    """A permanent that a non-mana cost could take (a Treasure a sacrifice cost names) is never
    in a class: which one is taken is not interchangeable with how another pays."""
    data = scenario([{"id": f"t{i}", "card": "treasure"} for i in range(3)]
                    + [{"id": f"l{i}", "card": "forest"} for i in range(3)],
                    {"object": "h1"}, hand=[{"id": "h1", "card": "s"}],
                    cards={**CARDS, "s": {"types": ["instant"], "cost": "{G}", "additional": [
                        {"id": "sac", "mandatory": True,
                         "other": [{"sacrifice": {"count": 1, "filter": {"type": "artifact"}}}]}]}})
    s = mtg_from_data(data, require_play=True)
    from payplan.engine.mtg.resources import resources

    res = resources(s, s.cards["s"], "h1")
    parts = [part for a in s.cards["s"].additional for part in a.cost.other]
    got = mtg_model.groups(s, res, parts)
    assert (0,) in got and (1,) in got and (2,) in got and (3, 4, 5) in got


def test_a_time_limited_plan_the_units_can_pay_answers_ok() -> None:
    """The incumbent (`fastpath.incumbent`): with no time for CP-SAT, a cast that one-mana
    sources can pay answers `ok`, not proven optimal, instead of `unpayable` (time limit); with
    time, the proven optimum is no worse."""
    data = _case(3, 9)
    data["cards"]["s"] = SPELLS[0]
    data["play"]["optional"] = {"kicker": "auto", "multikicker": "auto", "replicate": "auto"}
    data["state"]["you"]["battlefield"] = [{"id": f"p{i}", "card": BASICS[i % 5]}
                                           for i in range(31)]
    s = mtg_from_data(data, require_play=True)
    rushed = plan_mtg(s, SolverConfig(time_limit=1e-9))  # no time: 0 is refused (as --time-limit 0)
    assert rushed.status == "ok" and not rushed.optimal
    assert _covers(s, rushed)
    settled = plan_mtg(s)
    assert settled.optimal and settled.objective is not None and rushed.objective is not None
    assert settled.objective <= rushed.objective


def test_no_incumbent_still_says_time_limit() -> None:
    """Where no one-mana unit pays (only a filter land makes {W}{W}), the time limit still
    answers `unpayable` with the reason `time limit`, never a claim that none exists."""
    data = scenario([{"id": "l1", "card": "gate"}, {"id": "l2", "card": "dual-wu"}],
                    {"object": "h1"}, hand=[{"id": "h1", "card": "s"}],
                    cards={**CARDS, "s": {"types": ["instant"], "cost": "{W}{W}{C}",
                                          "kicker": ["{1}"]}})
    data["play"]["optional"] = {"kicker": "auto"}
    s = mtg_from_data(data, require_play=True)
    rushed = plan_mtg(s, SolverConfig(time_limit=1e-9, fast_path=False))
    assert rushed.status == "unpayable" and not rushed.optimal
    assert rushed.reasons[0].startswith("time limit: ")


def test_the_time_limit_covers_the_option_pricing() -> None:
    """A cost the model can't decide by parts (a reduction applies) is priced option by
    option; the time limit stops that too: the plan comes back in about the limit, not
    proven optimal."""
    data = scenario([{"id": f"p{i}", "card": BASICS[i % 5]} for i in range(40)]
                    + [{"id": "e1", "card": "electromancer"}],
                    {"object": "h1", "optional": {"multikicker": "auto", "replicate": "auto",
                                                  "kicker": "auto"}},
                    hand=[{"id": "h1", "card": "s"}],
                    cards={**CARDS, "electromancer": {
                        "types": ["creature"], "cost": "{R}",
                        "grants": [{"reduction": {"generic": 1}, "applies_to": {"type": ["sorcery"]}}]},
                        "s": {"types": ["sorcery"], "cost": "{G}{W}{W/U}{B/R}", "kicker": ["{2}"],
                              "multikicker": "{1}{G/W}", "replicate": "{1}{U/R}"}})
    data["objective"] = {"benefits": {"multikicker": 3, "replicate": 3, "kicker": 1}}
    s = mtg_from_data(data, require_play=True)
    began = time.perf_counter()
    rushed = plan_mtg(s, SolverConfig(time_limit=0.2))
    assert time.perf_counter() - began < 1.5
    assert not rushed.optimal


@pytest.mark.parametrize("knob,size", [("mtg_kickers", 8), ("mtg_x", 8)])
def test_small_mtg_cliffs_match_the_brute_force(knob: str, size: int) -> None:
    """The cliffs suite's mtg/1 shapes, small enough for the independent brute force."""
    from payplan.benchmarks.mtg.cliffs import cliff
    from payplan.benchmarks.mtg.reference.compare import check

    verdict = check(cliff(knob, size))
    assert verdict.reference.status == "ok" and verdict.problems == ()


@pytest.mark.slow
def test_bench_cliffs_runs_the_mtg_shapes(tmp_path: Any) -> None:
    """`payplan bench --suite cliffs` with two mtg/1 shapes at tiny sizes: each measured as a
    whole process and against the typical CP-SAT plan's process, and again under
    `--time-limit 2`, in results.json and the summary's own table."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    payplan = Path(sys.executable).parent / "payplan"
    command = [str(payplan)] if payplan.exists() else [sys.executable, "-m", "payplan.cli"]
    out = Path(str(tmp_path)) / "cliffs"
    done = subprocess.run(command + ["bench", "--suite", "cliffs", "--out", str(out),
                                     "--cliff-sizes", "mtg_kickers=6;mtg_hand=4"],
                          capture_output=True, text=True, timeout=900, cwd=str(tmp_path))
    assert done.returncode == 0, done.stderr[-3000:]
    results = json.loads((out / "results.json").read_text())
    assert results["mtg_typical"]["process_ms"] > 0
    for knob, size in (("mtg_kickers", "6"), ("mtg_hand", "4")):
        row = results["knobs"][knob]["sizes"][size]
        assert row["process_ms"] > row["time_ms"] > 0 and row["x_cp_typical"] > 0
        assert row["optimal"] is True
        assert row["rushed"]["greedy_pays_and_ok"] is True
    assert "| knob | size | whole process | x typical CP-SAT |" in (out / "summary.md").read_text()
