"""payplan/1's triggered abilities that choose (`abilities[].kind: triggered`): Riptide Rex's
"When you play me, deal 6 to an enemy unit at a battlefield" owes the Deflect of the unit it
chooses (353.2.a.2; docs/payplan-format.md), each answer worked by hand."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from helpers import answer_json

from payplan.engine.problems import ScenarioError
from payplan.engine.riftbound.dump import scenario_to_data
from payplan.engine.riftbound.loader import scenario_from_data

SPLASH = {"id": "splash", "kind": "triggered", "targets": {"type": "unit", "controller": "opponent"}}
BASE: dict[str, Any] = {
    "format": "payplan/1",
    "cards": {
        "rex": {"name": "Riptide Rex", "type": "unit", "domains": ["fury"], "cost": {"energy": 7},
                "might": 6, "abilities": [SPLASH]},
        "ornn": {"type": "unit", "domains": ["body"], "cost": {"energy": 5}, "might": 5,
                 "keywords": {"deflect": 2}},
        "grunt": {"type": "unit", "domains": ["body"], "cost": {"energy": 1}, "might": 1},
    },
    "state": {"phase": "main", "turn": "you",
              "you": {"runes": {"fury": 2},
                      "board": [{"id": "u1", "card": "rex", "location": "battlefield"},
                                {"id": "u2", "card": "grunt"}]},
              "opponent": {"board": [{"id": "e1", "card": "ornn", "location": "battlefield"},
                                     {"id": "e2", "card": "grunt", "location": "battlefield"}]}},
    "play": {"ability": {"object": "u1", "id": "splash"}, "targets": ["e1"]},
}


def data(targets: list[str] | None = None, **cards: Any) -> dict[str, Any]:
    out = copy.deepcopy(BASE)
    if targets is not None:
        out["play"]["targets"] = targets
    out["cards"].update(cards)
    return out


def plan(d: dict[str, Any]) -> dict[str, Any]:
    return answer_json("plan", d)


def test_the_trigger_owes_the_deflect_of_what_it_chooses() -> None:
    # Deflect 2: [A][A]; two ready Fury runes recycled (1 + 3 each).
    out = plan(data())
    assert (out["status"], out["total"], out["score"]) == ("ok", {"power": {"any": 2}}, 8)
    out = plan(data(["e2"]))  # no Deflect: nothing to pay
    assert (out["status"], out["total"], out["score"]) == ("ok", {}, 0)
    # Chosen twice (a trigger choosing two units, the same one twice): charged per choice.
    assert plan(data(["e1", "e1"]))["status"] == "unpayable"
    four = data(["e1", "e1"])
    four["state"]["you"]["runes"] = {"fury": 4}
    assert plan(four)["total"] == {"power": {"any": 4}}


def test_its_cost_and_granted_deflect() -> None:
    # "You may pay [1] to ...": its cost, plus Deflect 2 and 1 more from a Monument.
    rex = copy.deepcopy(BASE["cards"]["rex"])
    rex["abilities"][0]["cost"] = {"energy": 1}
    d = data(rex=rex, monument={"type": "gear", "grants": [{"deflect": 1,
                                                             "applies_to": {"type": "unit"}}]})
    d["state"]["opponent"]["board"].append({"id": "g9", "card": "monument"})
    d["state"]["you"]["runes"] = {"fury": 4}
    assert plan(d)["total"] == {"energy": 1, "power": {"any": 3}}


def test_no_grant_reaches_it() -> None:
    # A grant on every ability play ("any") is no modifier of a trigger, as of a payment.
    d = data(brute={"type": "unit", "domains": ["fury"], "cost": {"energy": 1}, "grants": [
        {"discount": {"power": {"any": 1}}, "applies_to": {"ability": "any"}}]})
    d["state"]["you"]["board"].append({"id": "u3", "card": "brute"})
    assert plan(d)["total"] == {"power": {"any": 2}}


@pytest.mark.parametrize("targets, reason", [
    ([], "targets: splash chooses type=unit controller=opponent; give play.targets"),
    (["u2"], "targets: u2 is not type=unit controller=opponent"),
])
def test_what_it_chooses_is_checked(targets: list[str], reason: str) -> None:
    out = plan(data(targets))
    assert (out["status"], out["reasons"]) == ("illegal", [reason])


def test_any_zone_and_any_phase() -> None:
    # A "when I die" trigger: its object in the trash; on the opponent's turn, Chain closed.
    d = data()
    d["state"]["you"]["trash"] = [d["state"]["you"]["board"].pop(0)]
    d["state"]["phase"], d["state"]["turn"] = "closed", "opponent"
    assert plan(d)["total"] == {"power": {"any": 2}}


def test_not_listed_by_hand_nor_made_by_turn_and_check_reads_it() -> None:
    hand = answer_json("hand", data())
    assert all(p["play"].get("ability") != "splash" for p in hand["plays"])
    turn = data()
    del turn["play"]
    turn["turn"] = {"candidates": "auto"}
    assert answer_json("turn", turn)["order"] == []
    pay = {"recycle": [{"rune": "r1", "pays": "any"}, {"rune": "r2", "pays": "any"}]}
    checked = answer_json("check", {**data(), "payment": pay})
    assert checked["legal"] is True and checked["gap"] == 0
    assert answer_json("play", data())["status"] == "ok"


def test_round_trip() -> None:
    scenario = scenario_from_data(data())
    written = scenario_to_data(scenario)
    assert written["cards"]["rex"]["abilities"] == [
        {"id": "splash", "kind": "triggered", "cost": {},
         "targets": {"type": "unit", "controller": "opponent"}}]
    assert scenario_from_data(written) == scenario


@pytest.mark.parametrize("change, line", [
    ({"timing": "action"}, "cards.rex.abilities[0].timing: a triggered ability takes no `timing`"),
    ({"discounts": []}, "cards.rex.abilities[0].discounts: a triggered ability takes no"),
    ({"times": 1}, "cards.rex.abilities[0].times: a triggered ability takes no"),
    ({"targets": None}, "cards.rex.abilities[0].targets: missing (what the triggered ability"),
])
def test_bad_triggers_are_refused(change: dict[str, Any], line: str) -> None:
    rex = copy.deepcopy(BASE["cards"]["rex"])
    for key, value in change.items():
        if value is None:
            del rex["abilities"][0][key]
        else:
            rex["abilities"][0][key] = value
    with pytest.raises(ScenarioError) as caught:
        scenario_from_data(data(rex=rex))
    assert any(str(p).startswith(line) for p in caught.value.problems), caught.value.problems


def test_a_grant_ignoring_deflect_for_abilities_is_refused_beside_a_trigger() -> None:
    d = data(heisho={"type": "battlefield", "grants": [
        {"ignore_deflect": True, "only_here": True, "applies_to": {"ability": "or_card"}}]})
    d["state"]["battlefields"] = [{"id": "b1", "card": "heisho"}]
    with pytest.raises(ScenarioError) as caught:
        scenario_from_data(d)
    assert [str(p).split(":")[0] for p in caught.value.problems] == [
        "cards.rex.abilities[0].kind"]
    # For cards only (no `ability`), it could not reach an ability: the file is read.
    d["cards"]["heisho"]["grants"][0]["applies_to"] = {}
    assert plan(d)["total"] == {"power": {"any": 2}}
