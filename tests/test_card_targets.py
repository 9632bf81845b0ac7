"""payplan/1 cards that choose (`targets: FILTER`, docs/payplan-format.md): a card play's
targets must match its card's filter, and `payplan turn` with `candidates: auto` and `payplan
hand` try a card that chooses on each object the filter accepts, as they try an ability's
targets; so a kill spell (`effect: {kill: targets}`) planned that way kills, and Spoils of War
after it costs [2] less. Each answer worked by hand."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from helpers import answer_json

from payplan import load_data, plan_turn
from payplan.engine.problems import ScenarioError
from payplan.engine.riftbound.dump import scenario_to_data
from payplan.engine.riftbound.loader import scenario_from_data

ENEMY_UNIT = {"type": "unit", "controller": "opponent"}

BASE: dict[str, Any] = {
    "format": "payplan/1",
    "cards": {
        "kill-spell": {"type": "spell", "domains": ["fury"], "cost": {"energy": 2},
                       "targets": ENEMY_UNIT, "effect": {"kill": "targets"}},
        # Spoils of War: [4][fury], [2] less if an enemy unit died this turn.
        "spoils": {"type": "spell", "domains": ["fury"], "timing": "reaction",
                   "cost": {"energy": 4, "power": {"fury": 1}},
                   "discounts": [{"id": "spoils", "energy": 2,
                                  "if": {"opponent_units_died_at_least": 1}}]},
        "grunt": {"type": "unit", "domains": ["fury"], "cost": {"energy": 2}, "might": 2},
        "warden": {"type": "unit", "domains": ["fury"], "cost": {"energy": 2}, "might": 2,
                   "keywords": {"deflect": 1}},
    },
    "state": {"phase": "main", "turn": "you",
              "you": {"runes": {"fury": 5},
                      "hand": [{"id": "h1", "card": "kill-spell"}, {"id": "h2", "card": "spoils"}],
                      "board": [{"id": "u1", "card": "grunt"}]},
              "opponent": {"board": [{"id": "o1", "card": "grunt"}]}},
    "play": {"object": "h1", "targets": ["o1"]},
}


def scenario(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    for key, value in changes.items():
        data[key] = value
    return data


def turn(data: dict[str, Any]) -> dict[str, Any]:
    del data["play"]
    data["turn"] = {"candidates": "auto"}
    return data


def test_the_turn_chooses_the_kill_target_and_spoils_of_war_follows() -> None:
    # The kill on o1 (two runes, 2), then Spoils of War at [2][fury] (one rune exhausted and
    # one ready rune recycled: 1 + 4 = 5): value 2, objective 7 (examples/turns/23). u1 is
    # yours: the filter does not accept it.
    out = answer_json("turn", turn(scenario()))
    assert (out["value"], out["objective"], out["order"]) == (2, 7, ["h1", "h2"])
    assert out["plays"][0]["play"]["targets"] == "o1"
    assert out["state"]["opponent"]["units_died_this_turn"] == 1


def test_the_turn_text_names_the_target_each_play_chose() -> None:
    # The text a player reads says what the kill was played on, as the JSON does.
    text = plan_turn(load_data(turn(scenario()))).render()
    assert "=== 1. h1 -> o1 ===" in text and "=== 2. h2 ===" in text


def test_the_turn_chooses_the_cheaper_target() -> None:
    # Two enemy units: w1 with Deflect 1 first, o1 without. The kill on w1 costs [2][A]
    # (two runes exhausted, one of them recycled for [A]: 2 + 3 = 5); on o1 [2] (2). Either
    # kill makes Spoils of War [2][fury] (two runes exhausted, one recycled: 5). Value 2 both
    # ways; objective 10 on w1, 7 on o1: o1 chosen.
    data = scenario()
    data["state"]["opponent"]["board"] = [{"id": "w1", "card": "warden"},
                                          {"id": "o1", "card": "grunt"}]
    out = answer_json("turn", turn(data))
    assert (out["value"], out["objective"]) == (2, 7)
    assert out["plays"][0]["play"]["targets"] == "o1"


def test_no_accepted_target_means_no_kill_play() -> None:
    # No enemy unit: the kill spell can't be played (no target); Spoils of War alone is
    # [4][fury]: four runes exhausted, one recycled (4 + 3 = 7): value 1.
    data = scenario()
    data["state"]["opponent"]["board"] = []
    out = answer_json("turn", turn(data))
    assert (out["value"], out["objective"], out["order"]) == (1, 7, ["h2"])


def test_a_play_must_choose_what_the_filter_accepts() -> None:
    out = answer_json("plan", scenario())
    assert out["status"] == "ok" and out["total"] == {"energy": 2}
    assert out["play"]["targets"] == "o1"
    out = answer_json("plan", scenario(play={"object": "h1", "targets": ["u1"]}))
    assert out["status"] == "illegal"
    assert out["reasons"] == ["targets: u1 is not type=unit controller=opponent"]
    out = answer_json("plan", scenario(play={"object": "h1"}))
    assert out["status"] == "illegal"
    assert out["reasons"][0].startswith("targets: kill-spell chooses type=unit")


def test_hand_plans_the_card_on_its_best_target() -> None:
    out = answer_json("hand", scenario(play={"object": "h2"}))
    kill = next(p for p in out["plays"] if p["play"]["object"] == "h1")
    assert kill["status"] == "ok" and kill["play"]["targets"] == "o1" and kill["score"] == 2


def test_the_card_targets_round_trip() -> None:
    read = scenario_from_data(scenario())
    written = scenario_to_data(read)
    assert written["cards"]["kill-spell"]["targets"] == ENEMY_UNIT
    assert scenario_from_data(written) == read


@pytest.mark.parametrize("value", [3, {"self": True}, {"colour": "red"}])
def test_a_bad_targets_filter_is_refused_at_its_path(value: Any) -> None:
    data = scenario()
    data["cards"]["kill-spell"]["targets"] = value
    with pytest.raises(ScenarioError) as caught:
        scenario_from_data(data)
    assert any(str(p).startswith("cards.kill-spell.targets") for p in caught.value.problems), \
        caught.value.problems


def test_the_deferred_and_explicit_modes_choose_the_same_target() -> None:
    # Nothing reads the runes: the turn pays them together (deferred); every play paid on its
    # own (explicit) gives the same order, objective and target.
    from payplan.planner.config import SolverConfig
    from payplan.planner.kernel import deadline
    from payplan.planner.riftbound.moves import Moves
    from payplan.planner.riftbound.ruleset import RULESET, turn_refused
    from payplan.planner.turn import plan_turn, turn_of

    data = scenario()
    data["state"]["opponent"]["board"] = [{"id": "w1", "card": "warden"},
                                          {"id": "o1", "card": "grunt"}]
    data = turn(data)
    out = answer_json("turn", copy.deepcopy(data))
    s = scenario_from_data(copy.deepcopy(data))
    assert Moves(s).deferred
    explicit = plan_turn(RULESET.turn_moves(s, defer=False), s, turn_of(s, turn_refused),
                         "payplan/1", deadline(SolverConfig())).to_json()
    assert isinstance(explicit, dict)
    assert (explicit["order"], explicit["objective"]) == (out["order"], out["objective"])
    assert explicit["plays"][0]["play"]["targets"] == out["plays"][0]["play"]["targets"] == "o1"
