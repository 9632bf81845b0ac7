"""payplan/1's battlefield control as state (`state.battlefields[].controller`, read by
`units_at`'s `controller`: Keeper of Law's "if you control a battlefield with exactly two units
there"; docs/payplan-format.md), each answer worked by hand."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from helpers import answer_json

from payplan.engine.problems import ScenarioError
from payplan.engine.riftbound.dump import scenario_to_data
from payplan.engine.riftbound.loader import scenario_from_data

KEEPER_DISCOUNT = {"energy": 2, "power": {"order": 1},
                   "if": {"units_at": {"count": 2, "controller": "you"}}}
BASE: dict[str, Any] = {
    "format": "payplan/1",
    "cards": {
        "keeper": {"name": "Keeper of Law", "type": "unit", "domains": ["order"],
                   "cost": {"energy": 5, "power": {"order": 1}}, "might": 5,
                   "discounts": [KEEPER_DISCOUNT]},
        "brute": {"type": "unit", "domains": ["fury"], "cost": {"energy": 2}, "might": 2},
        "field": {"type": "battlefield"},
    },
    "state": {"phase": "main", "turn": "you",
              "battlefields": [{"id": "temple", "card": "field", "controller": "you"},
                               {"id": "camp", "card": "field", "controller": "you"}],
              "you": {"runes": {"order": 5},
                      "hand": [{"id": "h1", "card": "keeper"}],
                      "board": [{"id": "u1", "card": "brute", "location": "temple"},
                                {"id": "u2", "card": "brute", "location": "camp"},
                                {"id": "u3", "card": "brute", "location": "camp"}]},
              "opponent": {"board": [{"id": "e1", "card": "brute", "location": "temple"},
                                     {"id": "e2", "card": "brute", "location": "camp"}]}},
    "play": {"object": "h1"},
}


def temple(held: str | None, **discount: Any) -> dict[str, Any]:
    """BASE with the Temple controlled by `held` (None: no one), the discount's `units_at`
    updated with `discount`."""
    data = copy.deepcopy(BASE)
    entry = data["state"]["battlefields"][0]
    if held is None:
        del entry["controller"]
    else:
        entry["controller"] = held
    data["cards"]["keeper"]["discounts"][0]["if"]["units_at"].update(discount)
    return data


def score(data: dict[str, Any]) -> tuple[Any, Any]:
    out = answer_json("plan", data)
    return out["total"], out["score"]


def test_the_battlefield_you_control_with_two_units() -> None:
    # Temple (yours) has two units: [5][order] - [2][order] = [3], three runes exhausted.
    assert score(temple("you")) == ({"energy": 3}, 3)


@pytest.mark.parametrize("controller", ["opponent", None])
def test_no_battlefield_you_control_has_two(controller: str | None) -> None:
    # The camp (yours) has three; the Temple is the opponent's or no one's: [5][order], five
    # runes exhausted (5) and one recycled for [order] (3).
    assert score(temple(controller)) == ({"energy": 5, "power": {"order": 1}}, 8)


def test_controller_opponent_and_no_controller() -> None:
    # `controller: opponent`: a battlefield the opponent controls with two units.
    assert score(temple("opponent", controller="opponent")) == ({"energy": 3}, 3)
    assert score(temple("you", controller="opponent"))[1] == 8
    # Without `controller` control is not read: the Temple's two units count, whoever holds it.
    data = temple("opponent")
    del data["cards"]["keeper"]["discounts"][0]["if"]["units_at"]["controller"]
    assert score(data) == ({"energy": 3}, 3)


def test_a_grant_reads_control_for_its_objects_controller() -> None:
    # The opponent's grant "your units cost [1] more while you control a battlefield with two
    # units" reads the opponent's battlefields: with the Temple theirs it applies to their own
    # plays only, never to yours; written for `opponent` (you, seen from them) it reaches yours.
    data = temple("opponent")
    data["cards"]["keeper"]["discounts"] = []
    data["cards"]["warden"] = {"type": "gear", "grants": [
        {"increase": {"energy": 1}, "applies_to": {"type": "unit", "controller": "opponent"},
         "while": {"units_at": {"count": 2, "controller": "opponent"}}}]}
    data["state"]["opponent"]["board"].append({"id": "g9", "card": "warden"})
    # Seen from the warden's controller (the opponent), `controller: opponent` is you: the
    # battlefields you control are the camp (three units): no increase.
    assert score(data) == ({"energy": 5, "power": {"order": 1}}, 8)
    data["state"]["battlefields"][0]["controller"] = "you"  # the Temple yours, two units
    assert answer_json("plan", data)["total"] == {"energy": 6, "power": {"order": 1}}


def test_hand_play_and_turn_keep_it() -> None:
    hand = answer_json("hand", temple("you"))
    assert hand["plays"][0]["total"] == {"energy": 3}
    played = answer_json("play", temple("opponent"))
    assert played["state"]["battlefields"] == [
        {"id": "temple", "card": "field", "controller": "opponent"},
        {"id": "camp", "card": "field", "controller": "you"}]
    turn = temple("you")
    del turn["play"]
    turn["turn"] = {"candidates": "auto"}
    assert answer_json("turn", turn)["objective"] == 3


def test_round_trip_and_bad_controller() -> None:
    scenario = scenario_from_data(temple("opponent"))
    written = scenario_to_data(scenario)
    assert written["state"]["battlefields"][0]["controller"] == "opponent"
    assert written["cards"]["keeper"]["discounts"][0]["if"]["units_at"]["controller"] == "you"
    assert scenario_from_data(written) == scenario
    with pytest.raises(ScenarioError) as caught:
        scenario_from_data(temple("me"))
    assert [str(p).split(":")[0] for p in caught.value.problems] == [
        "state.battlefields[0].controller"]
    with pytest.raises(ScenarioError) as caught:
        scenario_from_data(temple("you", controller="both"))
    assert [str(p).split(":")[0] for p in caught.value.problems] == [
        "cards.keeper.discounts[0].if.units_at.controller"]


HIDING: dict[str, Any] = {
    "format": "payplan/1",
    "cards": {"teemo": {"name": "Teemo", "type": "unit", "domains": ["chaos"],
                        "cost": {"energy": 2}, "might": 2, "keywords": {"hidden": True}},
              "field": {"type": "battlefield"}},
    "state": {"phase": "main", "turn": "you",
              "battlefields": [{"id": "b1", "card": "field", "controller": "you"},
                               {"id": "b2", "card": "field", "controller": "opponent"}],
              "you": {"runes": {"chaos": 4},
                      "hand": [{"id": "h1", "card": "teemo"}, {"id": "h2", "card": "teemo"}]}},
    "play": {"hide": "h1"},
}
NO_PLACE = "hide: you control no battlefield without a facedown card (hiding puts the card " \
           "facedown at one)"


def hiding(**state: Any) -> dict[str, Any]:
    data = copy.deepcopy(HIDING)
    data["state"].update(state)
    return data


def test_hiding_needs_a_battlefield_you_control_free_of_facedown_cards() -> None:
    # b1 is yours and free: [A] (one rune recycled, 1 + 3).
    assert answer_json("plan", hiding())["status"] == "ok"
    # b1 taken by a facedown card of the opponent's (hidden before they lost it): no place.
    taken = hiding(opponent={"facedown": [{"id": "f9", "card": "teemo", "location": "b1"}]})
    assert answer_json("plan", taken)["reasons"] == [NO_PLACE]
    # You control none.
    none = hiding(battlefields=[{"id": "b1", "card": "field"},
                                {"id": "b2", "card": "field", "controller": "opponent"}])
    assert answer_json("plan", none)["reasons"] == [NO_PLACE]
    # A facedown card of yours at the unnamed `battlefield` takes one of yours (as `payplan
    # play` leaves a hidden card there): the second hide of the turn has no place.
    after = answer_json("play", hiding())["state"]
    second = hiding()
    second["state"] = after
    second["play"] = {"hide": "h2"}
    assert answer_json("plan", second)["reasons"] == [NO_PLACE]
    after["battlefields"][1]["controller"] = "you"
    assert answer_json("plan", second)["status"] == "ok"


def test_control_not_stated_is_not_checked_and_hand_reads_it() -> None:
    unstated = hiding(battlefields=[{"id": "b1", "card": "field"}, {"id": "b2", "card": "field"}])
    assert answer_json("plan", unstated)["status"] == "ok"
    hand = answer_json("hand", hiding(battlefields=[{"id": "b1", "card": "field",
                                                      "controller": "opponent"}]))
    hides = [p for p in hand["plays"] if p["play"].get("ability") == "hide"]
    assert hides and all(p["status"] == "illegal" for p in hides)
