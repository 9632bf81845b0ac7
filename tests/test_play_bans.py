"""payplan/1's play bans (`state.bans`: "opponents can't play cards this turn", Brynhir
Thundersong, seen from the player it binds; docs/payplan-format.md): a play a ban's
`applies_to` matches is illegal in every command, each answer worked by hand."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from helpers import answer_json

from payplan.engine.problems import ScenarioError
from payplan.engine.riftbound.dump import scenario_to_data
from payplan.engine.riftbound.loader import scenario_from_data
from payplan.planner.commands import answer

BASE: dict[str, Any] = {
    "format": "payplan/1",
    "cards": {
        "bolt": {"type": "spell", "domains": ["fury"], "cost": {"energy": 1}},
        "brute": {"type": "unit", "domains": ["fury"], "cost": {"energy": 2}, "might": 2},
        "dirk": {"type": "gear", "domains": ["fury"], "cost": {"energy": 1}, "abilities": [
            {"id": "equip", "kind": "equip", "cost": {"energy": 1}, "targets": {"type": "unit"}},
            {"id": "tithe", "kind": "payment", "cost": {"energy": 1}}]},
    },
    "state": {"phase": "main", "turn": "you",
              "you": {"runes": {"fury": 3},
                      "hand": [{"id": "h1", "card": "bolt"}, {"id": "h2", "card": "brute"}],
                      "board": [{"id": "g1", "card": "dirk"}, {"id": "u1", "card": "brute"}]}},
    "play": {"object": "h1"},
}


def with_bans(bans: list[Any], play: dict[str, Any] | None = None,
              **top: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    data["state"]["bans"] = bans
    if play is not None:
        data["play"] = play
    data.update(top)
    return data


SPELLS = [{"applies_to": {"type": "spell"}}]


def test_a_ban_makes_the_matching_card_play_illegal() -> None:
    out = answer_json("plan", with_bans(SPELLS))
    assert out["status"] == "illegal"
    assert out["reasons"] == ["ban: ban1: you can't make this play this turn (type=spell)"]
    # The unit is no spell: the ban does not reach it ([2], two runes exhausted).
    out = answer_json("plan", with_bans(SPELLS, {"object": "h2"}))
    assert out["status"] == "ok" and out["total"] == {"energy": 2}


def test_every_card_and_no_ability_without_ability_in_the_filter() -> None:
    for play in ({"object": "h1"}, {"object": "h2"}):
        assert answer_json("plan", with_bans([{}], play))["status"] == "illegal"
    equip = {"ability": {"object": "g1", "id": "equip"}, "targets": ["u1"]}
    assert answer_json("plan", with_bans([{}], equip))["status"] == "ok"
    out = answer_json("plan", with_bans([{"id": "no-abilities",
                                          "applies_to": {"ability": "any"}}], equip))
    assert out["status"] == "illegal"
    assert out["reasons"][0].startswith("ban: no-abilities: ")
    # An effect's payment is no play: no ban reaches it.
    tithe = {"ability": {"object": "g1", "id": "tithe"}}
    assert answer_json("plan", with_bans([{"applies_to": {"ability": "any"}}, {}],
                                         tithe))["status"] == "ok"


def test_hand_orders_check_play_and_turn_read_the_ban() -> None:
    data = with_bans(SPELLS)
    hand = answer_json("hand", data)
    status = {p["play"]["object"]: p["status"] for p in hand["plays"]
              if "ability" not in p["play"]}
    assert status["h1"] == "illegal" and status["h2"] == "ok"
    assert answer_json("orders", data)["status"] == "illegal"
    checked = answer_json("check", {**data, "payment": {"exhaust": ["r1"]}})
    assert checked["legal"] is False
    assert checked["problems"] == [
        "play: ban: ban1: you can't make this play this turn (type=spell)"]
    played = answer_json("play", data)
    assert played["status"] == "illegal"
    # A legal play keeps the ban in the state it writes (the ban lasts the turn).
    after = answer_json("play", with_bans(SPELLS, {"object": "h2"}))
    assert after["state"]["bans"] == [{"id": "ban1", "applies_to": {"type": "spell"}}]
    # The turn: three runes, bolt [1] and brute [2]; the ban leaves the brute alone.
    turn = with_bans(SPELLS)
    del turn["play"]
    turn["state"]["you"]["board"] = []
    turn["turn"] = {"candidates": "auto"}
    out = answer_json("turn", turn)
    assert out["order"] == ["h2"]
    assert out["state"]["bans"] == [{"id": "ban1", "applies_to": {"type": "spell"}}]
    # Without the ban the spell is played too.
    turn["state"]["bans"] = []
    assert sorted(answer_json("turn", turn)["order"]) == ["h1", "h2"]


def test_the_bans_round_trip() -> None:
    data = with_bans([{"applies_to": {"type": "spell", "from": "trash"}}, {"id": "ban1"}])
    scenario = scenario_from_data(data)
    assert [b.id for b in scenario.state.bans] == ["ban2", "ban1"]
    written = scenario_to_data(scenario)
    assert written["state"]["bans"] == [
        {"id": "ban2", "applies_to": {"type": "spell", "from": "trash"}}, {"id": "ban1"}]
    assert scenario_from_data(written) == scenario


@pytest.mark.parametrize("ban, line", [
    ({"applies_to": {"controller": "you"}},
     "state.bans[0].applies_to.controller: a ban reaches the plays of the player it binds"),
    ({"applies_to": {"id": "h1"}}, "state.bans[0].applies_to.id: a ban reaches plays by what"),
    ({"applies_to": {"self": True}}, "state.bans[0].applies_to.self: "),
    ({"when": 1}, "state.bans[0].when: unknown key"),
])
def test_bad_bans_are_refused_at_their_path(ban: dict[str, Any], line: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        scenario_from_data(with_bans([ban]))
    assert any(str(p).startswith(line) for p in caught.value.problems), caught.value.problems


def test_a_ban_id_used_twice_is_refused() -> None:
    with pytest.raises(ScenarioError) as caught:
        scenario_from_data(with_bans([{"id": "x"}, {"id": "x"}]))
    assert [str(p) for p in caught.value.problems] == [
        "state.bans[1].id: ban id 'x' is used twice"]


def test_answer_is_the_same_through_the_command() -> None:
    assert answer("plan", with_bans(SPELLS)).to_json() == answer_json("plan", with_bans(SPELLS))
