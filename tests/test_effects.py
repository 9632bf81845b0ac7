"""payplan/1's granted Repeat equal to a cost (`keyword: {repeat: printed|base}`) and effects
that last for the turn (`effect: {discounts, grants}`, `state.*.effects`; docs/payplan-format.md,
docs/turns.md), each against an answer worked by hand."""

from __future__ import annotations

import copy
from typing import Any

from helpers import answer_json

from payplan.planner.commands import answer

SPELL = {"type": "spell", "domains": ["mind"], "cost": {"energy": 3, "power": {"mind": 1}},
         "keywords": {"flow": [{"energy": 2}]}}


def scenario(grants: list[dict[str, Any]], play: dict[str, Any],
             runes: int = 8) -> dict[str, Any]:
    return {
        "format": "payplan/1",
        "cards": {"dredge": copy.deepcopy(SPELL),
                  "portal": {"type": "gear", "grants": grants}},
        "state": {"phase": "main", "turn": "you",
                  "you": {"runes": {"mind": runes},
                          "hand": [{"id": "h1", "card": "dredge"}],
                          "trash": [{"id": "t1", "card": "dredge"}],
                          "board": [{"id": "g1", "card": "portal"}]}},
        "play": play,
    }


def plan(data: dict[str, Any]) -> dict[str, Any]:
    return answer_json("plan", data)


PRINTED = {"keyword": {"repeat": "printed"}, "applies_to": {"type": "spell"}}
BASE = {"keyword": {"repeat": "base"}, "applies_to": {"type": "spell"}}


def test_repeat_printed_from_hand_and_trash() -> None:
    # From hand: [3][mind] + Repeat [3][mind]. From the trash with Flow: [2] + [3][mind].
    hand = plan(scenario([PRINTED], {"object": "h1", "optional": {"repeat": "yes"}}))
    assert hand["status"] == "ok" and hand["total"] == {"energy": 6, "power": {"mind": 2}}
    trash = plan(scenario([PRINTED], {"object": "t1", "optional": {"repeat": "yes"}}))
    assert trash["total"] == {"energy": 5, "power": {"mind": 1}}
    assert trash["executions"] == 2


def test_repeat_base_follows_the_base_in_use() -> None:
    trash = plan(scenario([BASE], {"object": "t1", "optional": {"repeat": "yes"}}))
    assert trash["total"] == {"energy": 4}
    # `play.ignore: cost` zeroes the base 353.1 determines: the Repeat equal to it is [0].
    ignored = plan(scenario([BASE], {"object": "h1", "ignore": "cost",
                                     "optional": {"repeat": "yes"}}))
    assert ignored["status"] == "ok" and ignored["total"] in ({}, {"energy": 0})


def test_two_grants_give_two_instances_after_the_cards_own() -> None:
    data = scenario([PRINTED, BASE], {"object": "t1",
                                      "optional": {"repeat.1": "yes", "repeat.2": "yes"}})
    data["cards"]["dredge"]["keywords"]["repeat"] = [{"energy": 1}]
    out = plan(data)
    # Flow [2]; repeat (own) not paid; repeat.1 printed [3][mind]; repeat.2 base [2].
    assert out["total"] == {"energy": 7, "power": {"mind": 1}}
    assert out["paid_optional"] == ["repeat.1", "repeat.2"]
    assert out["executions"] == 3


def test_a_granted_instance_no_grant_gives_is_illegal() -> None:
    out = plan(scenario([{**PRINTED, "applies_to": {"type": "unit"}}],
                        {"object": "h1", "optional": {"repeat": "yes"}}))
    assert out["status"] == "illegal"
    assert any("no optional cost repeat" in r for r in out["reasons"])


def test_auto_pays_the_granted_repeat_for_its_benefit() -> None:
    data = scenario([PRINTED], {"object": "h1", "optional": {"repeat": "auto"}})
    data["objective"] = {"benefits": {"repeat": 10}}
    out = plan(data)
    assert out["paid_optional"] == ["repeat"]


# --- Effects that last for the turn -------------------------------------------------------------

FIREBRAND = {"type": "unit", "domains": ["fury"], "cost": {"energy": 6, "power": {"fury": 1}},
             "might": 4, "effect": {"discounts": [
                 {"discount": {"energy": 5}, "applies_to": {"type": "spell"}}]}}


def fire(**play: Any) -> dict[str, Any]:
    return {
        "format": "payplan/1",
        "cards": {"firebrand": copy.deepcopy(FIREBRAND), "dredge": copy.deepcopy(SPELL)},
        "state": {"phase": "main", "turn": "you",
                  "you": {"runes": {"fury": 7, "mind": 2},
                          "hand": [{"id": "h1", "card": "firebrand"},
                                   {"id": "h2", "card": "dredge"}]}},
        "play": {"object": "h1", **play},
    }


def test_play_creates_the_effect_at_resolution() -> None:
    out = answer("play", fire()).to_json()
    assert out["state"]["you"]["effects"] == [
        {"id": "effect1", "discount": {"energy": 5}, "applies_to": {"type": "spell"}, "uses": 1}]


def test_a_countered_play_creates_nothing() -> None:
    out = answer("play", fire(leaves_chain={"by": "counter"})).to_json()
    assert "effects" not in out["state"]["you"]


def test_the_next_matching_play_uses_it_and_drops_it() -> None:
    data = fire()
    data["state"]["you"]["effects"] = [{"discount": {"energy": 5},
                                        "applies_to": {"type": "spell"}, "uses": 2}]
    data["play"] = {"object": "h2"}
    out = answer("play", data).to_json()
    assert out["state"]["you"]["effects"][0]["uses"] == 1
    again = answer("play", {**data, "state": out["state"]}).to_json()
    assert "effects" not in again["state"]["you"] or not again["state"]["you"]["effects"]


def test_an_effect_is_used_even_when_it_takes_nothing() -> None:
    data = fire()
    data["cards"]["free"] = {"type": "spell", "cost": {}}
    data["state"]["you"]["hand"].append({"id": "h3", "card": "free"})
    data["state"]["you"]["effects"] = [{"discount": {"energy": 5},
                                        "applies_to": {"type": "spell"}}]
    data["play"] = {"object": "h3"}
    out = answer("play", data).to_json()
    assert not out["state"]["you"].get("effects")


def test_the_opponents_effects_never_reach_your_plays() -> None:
    data = fire()
    data["state"]["opponent"] = {"effects": [{"discount": {"energy": 5},
                                              "applies_to": {"type": "spell"}}]}
    data["play"] = {"object": "h2"}
    out = plan(data)
    assert out["total"] == {"energy": 3, "power": {"mind": 1}}
    after = answer("play", data).to_json()
    assert after["state"]["opponent"]["effects"][0]["uses"] == 1  # kept, as the file had it


def test_the_turn_carries_the_effect_to_the_later_play() -> None:
    data = fire()
    del data["play"]
    data["turn"] = {"candidates": "auto"}
    out = answer("turn", data).to_json()
    # Dredge is played from the hand, then again from the trash by its printed Flow (a card is
    # played once from each zone it is in): the effect, used up by the first, is not there for
    # the second, which pays its Flow cost in full.
    assert out["order"] == ["h1", "h2", "h2"]
    assert out["plays"][1]["total"] == {"power": {"mind": 1}}
    assert out["plays"][2]["play"]["from"] == "trash"
    assert out["plays"][2]["total"] == {"energy": 2}
    assert not out["state"]["you"].get("effects")


def test_uses_turn_reaches_every_matching_play() -> None:
    data = fire()
    data["cards"]["firebrand"]["effect"]["discounts"][0]["uses"] = "turn"
    data["state"]["you"]["hand"].append({"id": "h3", "card": "dredge"})
    data["state"]["you"]["runes"] = {"fury": 7, "mind": 2}
    del data["play"]
    data["turn"] = {"candidates": "auto"}
    out = answer("turn", data).to_json()
    # Each Dredge is played from the hand and again from the trash by its Flow, which the
    # standing discount makes free: five plays, every one after Firebrand discounted.
    assert out["value"] == 5
    assert sorted(out["order"]) == ["h1", "h2", "h2", "h3", "h3"]
    assert [p["total"].get("energy", 0) for p in out["plays"][1:]] == [0, 0, 0, 0]
    assert out["state"]["you"]["effects"][0]["uses"] == "turn"
