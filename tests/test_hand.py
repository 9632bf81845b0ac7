"""`payplan hand` (planner.hand): which cards are planned, in which order, and that the shared
work (options per card and zone, resources per class of twins) changes no plan: every plan equals
the plan `planner.plan` makes for that play alone, byte for byte, and on generated scenarios its
score is the brute-force oracle's (benchmarks/riftbound/brute_force.py)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import PLAYED, scenarios

from payplan.benchmarks.riftbound.brute_force import brute_plan
from payplan.engine.riftbound.cost import Cost, Filter
from payplan.engine.riftbound.loader import load_file, scenario_from_data
from payplan.engine.riftbound.payment import resources
from payplan.engine.riftbound.scenario import Play, Scenario
from payplan.engine.riftbound.state import GameObject, Source
from payplan.planner.answers import Hand
from payplan.planner.riftbound.hand import (
    SharedResources,
    candidates,
    plan_hand,
    play_for_object,
    render_hand,
)
from payplan.planner.riftbound.plan import Plan, plan

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

MANY: dict[str, Any] = {
    "format": "payplan/1",
    "cards": {
        "bolt": {"name": "Bolt", "type": "spell", "domains": ["fury"],
                 "cost": {"energy": 1, "power": {"fury": 1}}},
        "jab": {"name": "Jab", "type": "spell", "domains": ["fury"], "cost": {"energy": 1}},
        "giant": {"name": "Giant", "type": "unit", "domains": ["body"], "cost": {"energy": 9},
                  "might": 9},
        "dredge-up": {"name": "Dredge Up", "type": "spell", "domains": ["mind"],
                      "cost": {"energy": 3, "power": {"mind": 1}},
                      "keywords": {"flow": [{"energy": 2}]}},
        "riposte": {"name": "Riposte", "type": "spell", "domains": ["fury"], "timing": "reaction",
                    "cost": {"energy": 1}, "keywords": {"flow": [{"energy": 1}]}},
        "husk": {"name": "Husk", "type": "unit", "domains": ["body"], "cost": {"energy": 1},
                 "might": 1},
    },
    "state": {
        "phase": "showdown",
        "turn": "you",
        "you": {
            "runes": {"fury": 2, "mind": 1},
            "hand": [{"id": "h1", "card": "bolt"}, {"id": "h2", "card": "giant"},
                     {"id": "h3", "card": "jab"}, {"id": "h4", "card": "riposte"}],
            "trash": [{"id": "t1", "card": "dredge-up"}, {"id": "t2", "card": "husk"},
                      {"id": "t3", "card": "riposte"}],
        },
    },
}


def solo(scenario: Scenario, zone: str, obj: GameObject) -> dict[str, object]:
    """The plan `payplan plan` makes for the play `payplan hand` plans for this object."""
    return plan(replace(scenario, play=play_for_object(scenario, zone, obj))).to_json()


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.yaml")))
def test_examples_each_plan_is_the_plan_alone(name: str) -> None:
    scenario = load_file(EXAMPLES / name)
    plans = plan_hand(scenario)
    found = candidates(scenario)
    assert len(plans) == len(found)
    by_object = {c.obj.id: c for c in found}
    for p in plans:
        c = by_object[p.play["object"]]
        assert p.to_json() == solo(scenario, c.zone, c.obj)


def test_order_playable_by_score_then_the_rest_in_state_order() -> None:
    scenario = scenario_from_data(MANY)
    plans = plan_hand(scenario)
    rows = [(p.play["object"], p.status, p.score) for p in plans]
    # t2 (Husk, no Flow) is not listed. Bolt and Giant are normal spells and units: not in a
    # showdown. Riposte is a Reaction: from hand [1], from the trash by Flow [1]; Dredge Up's
    # Flow keeps normal timing.
    assert rows == [
        ("h4", "ok", 1), ("t3", "ok", 1),
        ("h1", "illegal", None), ("h2", "illegal", None), ("h3", "illegal", None),
        ("t1", "illegal", None),
    ]
    for p in plans[2:]:
        assert p.reasons and p.reasons[0].startswith("timing:")


def test_playable_sorted_by_score() -> None:
    data = {**MANY, "state": {**MANY["state"], "phase": "main"}}
    plans = plan_hand(scenario_from_data(data))
    rows = [(p.play["object"], p.status, p.score) for p in plans]
    # Jab [1]: exhaust one rune (1). Riposte: [1] each (1). Bolt [1][fury]: recycle a Fury rune
    # and exhaust it for the Energy (1 + 3). Dredge Up by Flow [2]: two runes (2).
    # Giant [9] can't be paid.
    assert rows == [("h3", "ok", 1), ("h4", "ok", 1), ("t3", "ok", 1), ("t1", "ok", 2),
                    ("h1", "ok", 4), ("h2", "unpayable", None)]
    scores = [p.score for p in plans if p.status == "ok"]
    assert scores == sorted(scores)  # type: ignore[type-var]


def test_file_play_fields_apply_to_that_object_only() -> None:
    """Example 05: t1 keeps its Repeat and its Deflect target; a second Arc Volley does not."""
    scenario = load_file(EXAMPLES / "05-flow-repeat-deflect.yaml")
    you = scenario.state.you
    twin = GameObject("t2", "arc-volley")
    scenario = replace(scenario, state=replace(scenario.state, you=replace(you, trash=you.trash + (twin,))))
    plans = {p.play["object"]: p for p in plan_hand(scenario)}
    assert plans["t1"].total == Cost.parse("[3][A][A]") and plans["t1"].paid_optional == ("repeat",)
    assert plans["t1"].executions == 2
    assert plans["t2"].total == Cost.parse("[2]") and plans["t2"].paid_optional == ()
    assert list(plans) == ["t2", "t1"]  # score 2 before score 9


def test_instructing_effects_are_not_carried_over() -> None:
    """Example 02 plays Legion Rearguard `ignoring its cost`: alone in hand, it pays its cost."""
    scenario = load_file(EXAMPLES / "02-ignore-cost-accelerate.yaml")
    [p] = plan_hand(scenario)
    assert p.play["object"] == "h1"
    # [2] printed plus Accelerate [1][fury] (the play's `optional` is kept): two runes can't pay.
    assert p.status == "unpayable"


def test_empty_hand() -> None:
    scenario = scenario_from_data({"format": "payplan/1", "cards": MANY["cards"],
                                   "state": {"you": {"trash": [{"id": "t2", "card": "husk"}]}}})
    assert plan_hand(scenario) == []
    assert Hand("payplan/1", ()).to_json() == {"format": "payplan/1", "plays": []}
    assert "Nothing to plan" in render_hand([])


def test_render_hand_table_and_reasons() -> None:
    text = render_hand(plan_hand(scenario_from_data(MANY)))
    lines = text.splitlines()
    assert lines[0].startswith("6 cards to play: 2 playable, 4 not; each row plans that card alone")
    header = next(line for line in lines if line.startswith("card"))
    for column in ("object", "from", "status", "total", "score", "pay with"):
        assert column in header
    assert any("riposte" in line and "trash (Flow [1])" in line and "exhaust r" in line
               for line in lines)
    assert "Not playable now:" in lines
    assert any(line.strip().startswith("- timing: Bolt") for line in lines)


def test_hand_json_is_what_the_command_prints() -> None:
    plans = plan_hand(scenario_from_data(MANY))
    assert Hand("payplan/1", tuple(plans)).to_json() == {"format": "payplan/1",
                                                          "plays": [p.to_json() for p in plans]}


# --- Twins: one engine call per class, the same resources as the engine's ----------------------


def with_twins(scenario: Scenario, copies: list[int], sourced: bool) -> Scenario:
    """Add twins of the played card and of hand objects, interleaved, and maybe a source that is
    a hand object with `only_for`."""
    you = scenario.state.you
    hand = list(you.hand)
    trash = list(you.trash)
    for n, at in enumerate(copies):
        zone = hand if n % 2 == 0 else trash
        if not zone:
            continue
        model = zone[at % len(zone)]
        zone.insert((at * 7) % (len(zone) + 1), replace(model, id=f"{model.id}-twin{n}"))
    sources = you.sources
    if sourced and hand:
        sources += (Source(hand[-1].id, Cost(1), ("exhaust",), Filter(type=("spell",))),)
    you = replace(you, hand=tuple(hand), trash=tuple(trash), sources=sources)
    return replace(scenario, state=replace(scenario.state, you=you))


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios(), st.lists(st.integers(0, 6), max_size=6), st.booleans())
def test_shared_resources_equal_the_engine(scenario: Scenario, copies: list[int],
                                           sourced: bool) -> None:
    scenario = with_twins(scenario, copies, sourced)
    shared = SharedResources(scenario)
    you = scenario.state.you
    for zone in ("hand", "trash"):
        for obj in you.zone(zone):
            assert shared.for_object(zone, obj) == resources(scenario, obj), obj.id


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios(), st.lists(st.integers(0, 6), max_size=4), st.booleans())
def test_every_plan_is_the_plan_alone_and_optimal(scenario: Scenario, copies: list[int],
                                                  sourced: bool) -> None:
    scenario = with_twins(scenario, copies, sourced)
    plans = plan_hand(scenario)
    found = {c.obj.id: c for c in candidates(scenario)}
    assert sorted(p.play["object"] for p in plans) == sorted(found)
    for p in plans:
        c = found[p.play["object"]]
        assert p.to_json() == solo(scenario, c.zone, c.obj)
        if c.obj.card == PLAYED:  # the generated card: its optimum by brute force too
            oracle = brute_plan(replace(scenario, play=play_for_object(scenario, c.zone, c.obj)))
            assert (p.status, p.score) == (oracle.status, oracle.score)
    ok = [p for p in plans if p.status == "ok"]
    assert plans[:len(ok)] == ok
    assert [p.score for p in ok] == sorted(p.score for p in ok if p.score is not None)


def test_the_file_play_object_keeps_its_fields() -> None:
    scenario = load_file(EXAMPLES / "05-flow-repeat-deflect.yaml")
    obj = scenario.state.you.trash[0]
    play = play_for_object(scenario, "trash", obj)
    assert play == Play("t1", "trash", optional=(("repeat", "yes"),), targets=("e1",))


def test_one_engine_call_per_scan(monkeypatch: pytest.MonkeyPatch) -> None:
    """40 Jabs (and 3 Bolts, one worth more) in hand, no `only_for` source: the engine gathers
    resources once for the whole scan, and each play's share equals the engine's own."""
    import payplan.planner.riftbound.hand as hand_module

    calls: list[str] = []

    def counting(scenario: Scenario, played: GameObject | None, card: object = None,
                 leave_out: bool = True) -> object:
        calls.append(played.id if played is not None else "")
        return resources(scenario, played, leave_out=leave_out)

    hand: list[dict[str, Any]] = [{"id": f"j{i}", "card": "jab"} for i in range(40)]
    hand[5:5] = [{"id": "b1", "card": "bolt"}, {"id": "b2", "card": "bolt", "value": 9},
                 {"id": "b3", "card": "bolt"}]
    data = {**MANY, "state": {"you": {"runes": {"fury": 3}, "hand": hand}}}
    scenario = scenario_from_data(data)
    monkeypatch.setattr(hand_module, "resources", counting)
    plans = plan_hand(scenario)
    assert calls == ["j0"]
    shared = SharedResources(scenario)
    for c in candidates(scenario):
        assert shared.for_object(c.zone, c.obj) == resources(scenario, c.obj)
    assert [p.play["object"] for p in plans[:3]] == ["j0", "j1", "j2"]
    for p in plans:
        c = next(c for c in candidates(scenario) if c.obj.id == p.play["object"])
        assert p.to_json() == solo(scenario, c.zone, c.obj)


def _equip_board(rng: random.Random) -> dict[str, Any]:
    """Gear with Equip (a fixed cost, a discount by the target's Might, a discount while the
    target is a named or a tagged unit) over units of a few kinds on both boards: twins, units
    told apart by buffs, Might, location or exhaustion, an enemy unit with Deflect, and units
    whose id a filter names."""
    cards: dict[str, Any] = {
        "dirk": {"type": "gear", "domains": ["fury"], "cost": {"energy": 1}, "abilities": [
            {"id": "equip", "kind": "equip", "cost": {"power": {"fury": 1}},
             "targets": {"type": "unit"}}]},
        "gauntlets": {"type": "gear", "domains": ["order"], "cost": {"energy": 2}, "abilities": [
            {"id": "equip", "kind": "equip", "cost": {"energy": 3, "power": {"any": 1}},
             "targets": {"type": "unit"},
             "discounts": [{"id": "gauntlets", "energy": {"might_of": "target"}}]}]},
        "charm": {"type": "gear", "domains": ["calm"], "cost": {"energy": 1}, "abilities": [
            {"id": "equip", "kind": "equip", "cost": {"energy": 2, "power": {"calm": 1}},
             "targets": {"type": "unit"},
             "discounts": [{"id": "for-u2", "energy": 2, "if": {"targets": {"id": "u2"}}},
                           {"id": "for-poro", "energy": 1,
                            "if": {"targets": {"tags": ["poro"]}}}]}]},
        "grunt": {"type": "unit", "domains": ["fury"], "cost": {"energy": 2}, "might": 2,
                  "tags": ["poro"]},
        "warden": {"type": "unit", "domains": ["calm"], "cost": {"energy": 3}, "might": 3},
        "wall": {"type": "unit", "domains": ["calm"], "cost": {"energy": 3}, "might": 1,
                 "keywords": {"deflect": 1}},
    }
    board: list[dict[str, Any]] = []
    for i in range(rng.randint(1, 4)):
        board.append({"id": f"g{i}", "card": rng.choice(["dirk", "gauntlets", "charm"])})
    for i in range(rng.randint(2, 9)):
        unit: dict[str, Any] = {"id": f"u{i}", "card": rng.choice(["grunt", "warden", "wall"])}
        if rng.random() < 0.2:
            unit["buffs"] = 1
        if rng.random() < 0.2:
            unit["might"] = 4
        if rng.random() < 0.15:
            unit["location"] = "battlefield"
        if rng.random() < 0.1:
            unit["exhausted"] = True
        board.insert(rng.randint(0, len(board)), unit)
    enemies = [{"id": f"e{i}", "card": rng.choice(["grunt", "wall"])}
               for i in range(rng.randint(0, 3))]
    runes = [{"id": f"r{k}", "domain": rng.choice(["fury", "calm", "order"]),
              **({"exhausted": True} if rng.random() < 0.3 else {})}
             for k in range(rng.randint(1, 5))]
    return {"format": "payplan/1", "cards": cards,
            "state": {"phase": "main", "turn": "you",
                      "you": {"runes": runes, "board": board}, "opponent": {"board": enemies}}}


@pytest.mark.parametrize("seed", range(60))
def test_equivalent_targets_are_one_branch(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Planning the first of each class of equivalent targets (`distinct_targets`) lists, byte
    for byte, what planning every target lists; and it plans fewer where there are twins."""
    import payplan.planner.riftbound.hand as hand_module

    scenario = scenario_from_data(_equip_board(random.Random(seed)))
    planned: list[int] = []
    real = hand_module.plan_options

    def counting(*args: Any, **kwargs: Any) -> Plan:
        planned.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(hand_module, "plan_options", counting)
    classes = [p.to_json() for p in plan_hand(scenario)]
    fewer = len(planned)
    monkeypatch.setattr(hand_module, "distinct_targets", lambda targets, played, anonymous: targets)
    planned.clear()
    every = [p.to_json() for p in plan_hand(scenario)]
    assert classes == every
    assert fewer <= len(planned)


def test_twin_targets_planned_once() -> None:
    """Eight identical units and one told apart by a buff: Equip is planned on two of them, and
    on each unit whose id a filter names (the charm's `u2`; then a discount's `u3`) apart."""
    data = _equip_board(random.Random(0))
    data["state"]["you"]["board"] = ([{"id": "g0", "card": "dirk"}]
                                     + [{"id": f"u{i}", "card": "warden"} for i in range(8)]
                                     + [{"id": "u8", "card": "warden", "buffs": 1}])
    data["state"]["opponent"]["board"] = []
    scenario = scenario_from_data(data)
    plays = dict(hand_module_candidates(scenario))
    assert [p.targets for p in plays["g0"]] == [("u0",), ("u2",), ("u8",)]
    data["cards"]["dirk"]["abilities"][0]["discounts"] = [
        {"id": "for-u3", "energy": 1, "if": {"targets": {"id": "u3"}}}]
    plays = dict(hand_module_candidates(scenario_from_data(data)))
    assert [p.targets for p in plays["g0"]] == [("u0",), ("u2",), ("u3",), ("u8",)]


def hand_module_candidates(scenario: Scenario) -> list[tuple[str, list[Play]]]:
    from payplan.planner.riftbound.hand import Anonymous, ability_candidates

    return [(obj.id, plays) for obj, plays in ability_candidates(scenario, Anonymous(scenario))]
