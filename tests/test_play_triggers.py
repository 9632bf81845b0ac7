"""payplan/1 "when you play ..." triggers on your board (card key `triggers`; Lux, Illuminated:
"when you play a spell that costs 5 or more, give me +3 Might this turn";
docs/payplan-format.md): a trigger is no cost, so no price changes; the plan's `play` names
the triggers the play sets off, read on the printed cost (130.4). Each answer worked by hand."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from helpers import answer_json

from payplan.engine.problems import ScenarioError
from payplan.engine.riftbound.dump import scenario_to_data
from payplan.engine.riftbound.loader import scenario_from_data

BRIGHT = {"id": "bright", "applies_to": {"type": "spell"}, "energy_at_least": 5}

BASE: dict[str, Any] = {
    "format": "payplan/1",
    "cards": {
        "lux": {"type": "unit", "domains": ["mind"], "cost": {"energy": 5}, "might": 4,
                "triggers": [BRIGHT]},
        # Sky Splitter: [8][fury], Energy reduced by the highest Might among your units.
        "splitter": {"type": "spell", "domains": ["fury"],
                     "cost": {"energy": 8, "power": {"fury": 1}},
                     "discounts": [{"id": "sky", "energy": {"max": "might",
                                                            "of": {"type": "unit"}}}]},
        "bolt": {"type": "spell", "domains": ["fury"], "cost": {"energy": 4}},
        "blast": {"type": "spell", "domains": ["fury"], "cost": {"energy": 6}},
        "brute": {"type": "unit", "domains": ["fury"], "cost": {"energy": 6}, "might": 2},
    },
    "state": {"phase": "main", "turn": "you",
              "you": {"runes": {"fury": 5},
                      "hand": [{"id": "h1", "card": "splitter"}, {"id": "h2", "card": "bolt"},
                               {"id": "h3", "card": "blast"}, {"id": "h4", "card": "brute"}],
                      "board": [{"id": "u1", "card": "lux"}]}},
    "play": {"object": "h1"},
}


def scenario(play: dict[str, Any] | None = None, **state: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    if play is not None:
        data["play"] = play
    data["state"]["you"].update(state)
    return data


def test_the_printed_cost_sets_it_off_whatever_is_paid() -> None:
    # [8] - [4] (Lux's Might) = [4] plus [fury]: four runes exhausted, one recycled (4 + 3 = 7);
    # the card prints 8 >= 5: u1's `bright` fires (130.4).
    out = answer_json("plan", scenario())
    assert out["total"] == {"energy": 4, "power": {"fury": 1}} and out["score"] == 7
    assert out["play"]["triggers"] == "u1.bright"
    # Blast prints 6: its Energy ignored ([0]), it still fires.
    out = answer_json("plan", scenario({"object": "h3", "ignore": "energy"}))
    assert out["status"] == "ok" and out["total"] == {} and out["play"]["triggers"] == "u1.bright"


def test_what_does_not_set_it_off() -> None:
    # Bolt prints 4 (< 5); the brute prints 6 but is no spell.
    for play in ({"object": "h2"}, {"object": "h4"}):
        assert "triggers" not in answer_json("plan", scenario(play))["play"]
    # A play not made sets off nothing: Blast [6] with five runes is unpayable.
    out = answer_json("plan", scenario({"object": "h3"}))
    assert out["status"] == "unpayable" and "triggers" not in out["play"]
    # Lux in the trash, not on your board: nothing fires (Blast [6], six runes: ok).
    out = answer_json("plan", scenario({"object": "h3"}, board=[], runes={"fury": 6},
                                       trash=[{"id": "t1", "card": "lux"}]))
    assert out["status"] == "ok" and "triggers" not in out["play"]
    # On the opponent's board: "when YOU play" reads your board only.
    data = scenario({"object": "h3"}, board=[], runes={"fury": 6})
    data["state"]["opponent"] = {"board": [{"id": "e1", "card": "lux"}]}
    assert "triggers" not in answer_json("plan", data)["play"]


def test_two_objects_two_triggers_and_the_price_is_the_same() -> None:
    data = scenario({"object": "h3"}, runes={"fury": 6},
                    board=[{"id": "u1", "card": "lux"}, {"id": "u2", "card": "lux"}])
    out = answer_json("plan", data)
    assert out["play"]["triggers"] == "u1.bright u2.bright"
    without = copy.deepcopy(data)
    without["cards"]["lux"]["triggers"] = []
    alone = answer_json("plan", without)
    assert (alone["total"], alone["score"]) == (out["total"], out["score"])


def test_the_turn_names_the_triggers_of_a_lux_played_this_turn() -> None:
    # Lux in hand ([5]), Blast ([6]) after her: eleven runes. Lux first (5 exhausted), then
    # Blast (6 exhausted): Blast's plan names h5's `bright` (Lux is on the board then).
    data = scenario(runes={"fury": 11}, board=[],
                    hand=[{"id": "h3", "card": "blast"}, {"id": "h5", "card": "lux"}])
    del data["play"]
    data["turn"] = {"candidates": [{"object": "h5"}, {"object": "h3"}]}
    out = answer_json("turn", data)
    assert out["order"] == ["h5", "h3"]
    assert "triggers" not in out["plays"][0]["play"]
    assert out["plays"][1]["play"]["triggers"] == "h5.bright"


def test_the_triggers_round_trip() -> None:
    read = scenario_from_data(scenario())
    written = scenario_to_data(read)
    assert written["cards"]["lux"]["triggers"] == [BRIGHT]
    assert scenario_from_data(written) == read


@pytest.mark.parametrize(("triggers", "line"), [
    ([{"applies_to": {"type": "spell"}}], "cards.lux.triggers[0].id: "),
    ([BRIGHT, BRIGHT], "cards.lux.triggers[1].id: "),
    ([{"id": "x", "applies_to": {"controller": "you"}}], "cards.lux.triggers[0].applies_to"),
    ([{"id": "x", "energy_at_least": -1}], "cards.lux.triggers[0].energy_at_least: "),
    ([{"id": "x", "when": "now"}], "cards.lux.triggers[0]"),
])
def test_bad_triggers_are_refused_at_their_path(triggers: list[Any], line: str) -> None:
    data = scenario()
    data["cards"]["lux"]["triggers"] = triggers
    with pytest.raises(ScenarioError) as caught:
        scenario_from_data(data)
    assert any(str(p).startswith(line) for p in caught.value.problems), caught.value.problems
