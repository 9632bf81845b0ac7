"""Issue 10's fixes and settled points, each pinned by a scenario worked by hand from the seeds.

- Seed 000: a Flow card whose own execution sends it somewhere goes there (hand, or the trash);
  any other departure banishes it. A countered card executes 0 times, whatever Repeat added.
- Rule 353.1 (seed 004): "ignoring its cost" sets the base cost in use to zero, and a Flow cost
  or "play it for [cost]" is the base cost in use, so `ignore` applies to it and is never dropped.
- Seed 003's procedure: the played card is on the Chain when the total is found, so it does not
  count itself in "for each ... in your hand / trash".
- `payplan hand` lists a trash card the file's `play` permits.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from payplan.engine.riftbound.chain import apply_payment
from payplan.engine.riftbound.cost import Cost
from payplan.engine.riftbound.loader import scenario_from_data
from payplan.planner.riftbound.hand import candidates, plan_hand
from payplan.planner.riftbound.plan import Plan, plan
from payplan.planner.riftbound.play import applied_of

DREDGE = {"name": "Dredge Up", "type": "spell", "domains": ["mind"],
          "cost": {"energy": 3, "power": {"mind": 1}},
          "keywords": {"flow": [{"energy": 2, "power": {"mind": 1}}], "repeat": [{"energy": 1}]}}


def scenario(play: dict[str, Any], **you: Any) -> dict[str, Any]:
    state_you: dict[str, Any] = {"runes": {"mind": 4}, "trash": [{"id": "t1", "card": "dredge-up"}]}
    state_you.update(you)
    return {"format": "payplan/1", "cards": {"dredge-up": copy.deepcopy(DREDGE)},
            "state": {"phase": "main", "turn": "you", "you": state_you}, "play": play}


def planned(data: dict[str, Any]) -> Plan:
    p = plan(scenario_from_data(data))
    assert p.status == "ok", p.reasons
    return p


# --- 2. Where a Flow card goes when its own execution moves it ----------------------------------


@pytest.mark.parametrize("by", ["resolution", "effect"])
@pytest.mark.parametrize("to", ["hand", "trash"])
def test_flow_card_sent_by_its_own_execution_follows_it(by: str, to: str) -> None:
    """Seed 000: "If leaving the Chain is instructed by the Flow spell's own execution, follow
    that instruction instead", whether or not it happens during resolution."""
    p = planned(scenario({"object": "t1", "leaves_chain": {"by": by, "to": to, "instructed_by": "self"}}))
    assert p.base is not None and p.base.kind == "flow"
    assert p.destination == to


@pytest.mark.parametrize("leaves", [
    {},
    {"by": "resolution", "to": "trash"},
    {"by": "effect", "to": "trash", "instructed_by": "other"},
    {"by": "counter", "to": "trash", "instructed_by": "self"},
    {"by": "resolution", "instructed_by": "self"},      # no instruction to follow
])
def test_flow_card_reaches_the_trash_only_by_its_own_execution(leaves: dict[str, str]) -> None:
    play: dict[str, Any] = {"object": "t1"}
    if leaves:
        play["leaves_chain"] = leaves
    assert planned(scenario(play)).destination == "banishment"


# --- 3. `ignore` on a Flow play or a "play it for" play -----------------------------------------


@pytest.mark.parametrize("ignore, total", [("cost", "[0]"), ("energy", "[mind]"), ("power", "[2]")])
def test_ignore_applies_to_the_flow_cost(ignore: str, total: str) -> None:
    """353.1: the Flow cost [2][mind] is the base cost in use; ignoring it zeroes that part."""
    p = planned(scenario({"object": "t1", "ignore": ignore}))
    assert p.base is not None and (p.base.kind, p.base.index, p.base.ignore) == ("flow", 0, ignore)
    assert p.total == Cost.parse(total)
    assert p.steps[0].total == Cost.parse(total) and ignore in p.steps[0].text
    assert p.destination == "banishment"  # still a Flow play


def test_ignore_cost_on_a_flow_play_keeps_additional_costs() -> None:
    """353.1.c: additional costs chosen after the base is zeroed are still paid."""
    p = planned(scenario({"object": "t1", "ignore": "cost", "optional": {"repeat": "yes"}}))
    assert p.total == Cost.parse("[1]") and p.paid_optional == ("repeat",)


@pytest.mark.parametrize("ignore, total", [("cost", "[0]"), ("energy", "[fury]"), ("power", "[1]")])
def test_ignore_applies_to_a_play_for_cost(ignore: str, total: str) -> None:
    data = scenario({"object": "h1", "play_for": {"energy": 1, "power": {"fury": 1}},
                     "base": "play_for", "ignore": ignore},
                    hand=[{"id": "h1", "card": "dredge-up"}], runes={"fury": 2})
    p = planned(data)
    assert p.base is not None and (p.base.kind, p.base.ignore) == ("play_for", ignore)
    assert p.total == Cost.parse(total)


def test_ignore_flow_json_says_what_was_ignored() -> None:
    out = planned(scenario({"object": "t1", "ignore": "energy"})).to_json()
    assert out["base"] == {"kind": "flow", "index": 0, "ignore": "energy",
                           "cost": {"power": {"mind": 1}}}


# --- 4. The card being played does not count itself ---------------------------------------------


def counting(zone: str, played_zone: str) -> dict[str, Any]:
    """Dredge Up with "[1] less for each spell in your ZONE"; two Dredge Ups in `played_zone`."""
    data = scenario({"object": "x1"}, runes={"mind": 5}, trash=[], hand=[])
    data["cards"]["dredge-up"]["discounts"] = [
        {"energy": {"count": {"type": "spell"}, "zone": zone, "times": 1}, "id": "per-spell"}]
    data["state"]["you"][played_zone] = [{"id": "x1", "card": "dredge-up"},
                                         {"id": "x2", "card": "dredge-up"}]
    return data


def test_spell_in_hand_does_not_count_itself() -> None:
    """A hand of the played spell and one other: [1] less, not [2] (printed [3][mind])."""
    assert planned(counting("hand", "hand")).total == Cost.parse("[2][mind]")


def test_flow_card_counting_its_trash_does_not_count_itself() -> None:
    """The Flow cost [2][mind], one other spell in the trash: [1][mind]."""
    p = planned(counting("trash", "trash"))
    assert p.base is not None and p.base.kind == "flow"
    assert p.total == Cost.parse("[1][mind]")


def test_hand_plans_twins_with_the_same_count() -> None:
    """`payplan hand` shares cost options between twins; each leaves only itself out."""
    plans = plan_hand(scenario_from_data(counting("hand", "hand")))
    assert [p.total for p in plans] == [Cost.parse("[2][mind]")] * 2


# --- 5. A countered spell executes 0 times ------------------------------------------------------


@pytest.mark.parametrize("repeat", ["no", "yes"])
def test_countered_spell_executes_zero_times(repeat: str) -> None:
    """Seed 000: countered, "its effect did not execute and its paid costs stay paid"."""
    p = planned(scenario({"object": "t1", "optional": {"repeat": repeat},
                          "leaves_chain": {"by": "counter"}}))
    assert p.executions == 0
    assert p.total == Cost.parse("[3][mind]" if repeat == "yes" else "[2][mind]")


def test_resolving_spell_executes_once_per_repeat_paid() -> None:
    p = planned(scenario({"object": "t1", "optional": {"repeat": "yes"}}))
    assert p.executions == 2


# --- 6. `payplan hand` lists a trash card the file's play permits ------------------------------


def test_hand_lists_a_permitted_trash_card() -> None:
    data = scenario({"object": "t2", "permit": True}, hand=[])
    data["cards"]["jab"] = {"name": "Jab", "type": "spell", "domains": ["mind"], "cost": {"energy": 1}}
    data["state"]["you"]["trash"] = [{"id": "t1", "card": "dredge-up"}, {"id": "t2", "card": "jab"},
                                     {"id": "t3", "card": "jab"}]
    s = scenario_from_data(data)
    assert [(c.zone, c.obj.id) for c in candidates(s)] == [("trash", "t1"), ("trash", "t2")]
    plans = {p.play["object"]: p for p in plan_hand(s)}
    assert plans["t2"].status == "ok" and plans["t2"].total == Cost.parse("[1]")
    assert plans["t2"].to_json() == plan(s).to_json()
    # Without the permission, only the Flow card is listed.
    data["play"]["permit"] = False
    assert [c.obj.id for c in candidates(scenario_from_data(data))] == ["t1"]


def test_ignore_on_a_flow_play_is_applied_by_the_chain() -> None:
    """The engine re-prices the plan with the same base (ignore included) and applies it."""
    s = scenario_from_data(scenario({"object": "t1", "ignore": "energy"}))
    p = plan(s)
    assert p.status == "ok" and p.total == Cost.parse("[mind]")
    after = apply_payment(s, applied_of(p))
    assert [o.id for o in after.you.banishment] == ["t1"]


def test_hand_does_not_share_options_between_objects_that_count_differently() -> None:
    """Two units of one card in hand with different Might, "[1] less for each unit in your hand
    with Might 3 or more": each counts only the other, so they price differently."""
    data = scenario({"object": "x1"}, runes={"mind": 5}, trash=[],
                    hand=[{"id": "x1", "card": "brute", "might": 5},
                          {"id": "x2", "card": "brute", "might": 1}])
    data["cards"]["brute"] = {"name": "Brute", "type": "unit", "domains": ["body"], "might": 1,
                              "cost": {"energy": 3},
                              "discounts": [{"energy": {"count": {"type": "unit", "min_might": 3},
                                                        "zone": "hand", "times": 1}}]}
    plans = {p.play["object"]: p.total for p in plan_hand(scenario_from_data(data))}
    assert plans == {"x1": Cost.parse("[3]"), "x2": Cost.parse("[2]")}
