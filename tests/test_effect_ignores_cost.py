"""payplan/1 effects that have the next matching play ignore part of its base cost (Jayce, Man
of Progress: "play a gear ... without paying its Energy cost", a standing "the next gear you
play costs 0 Energy"; docs/payplan-format.md "Effects that last for the turn"): an effect's
`ignore: energy|power|cost`, in `state.you.effects` or a card's `effect.grants`. Each answer
worked by hand."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from helpers import answer_json

from payplan.engine.problems import ScenarioError
from payplan.engine.riftbound.dump import scenario_to_data
from payplan.engine.riftbound.loader import scenario_from_data

GEAR_ENERGY = [{"ignore": "energy", "applies_to": {"type": "gear"}}]

BASE: dict[str, Any] = {
    "format": "payplan/1",
    "cards": {
        # A big gear [6][fury] (Jayce lets a gear of up to 7 Energy be played this way).
        "engine": {"type": "gear", "domains": ["fury"],
                   "cost": {"energy": 6, "power": {"fury": 1}}},
        "cog": {"type": "gear", "domains": ["fury"], "cost": {"energy": 2}},
        "brute": {"type": "unit", "domains": ["fury"], "cost": {"energy": 2}, "might": 2},
        # A stand-in for Jayce's play: its resolution leaves the effect.
        "jayce": {"type": "unit", "domains": ["fury"], "cost": {"energy": 1}, "might": 4,
                  "effect": {"grants": GEAR_ENERGY}},
    },
    "state": {"phase": "main", "turn": "you",
              "you": {"runes": {"fury": 2},
                      "hand": [{"id": "h1", "card": "engine"}, {"id": "h2", "card": "cog"},
                               {"id": "h3", "card": "brute"}, {"id": "h4", "card": "jayce"}]}},
    "play": {"object": "h1"},
}


def scenario(effects: list[Any] | None = None, play: dict[str, Any] | None = None,
             runes: int = 2) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    if effects is not None:
        data["state"]["you"]["effects"] = effects
    if play is not None:
        data["play"] = play
    data["state"]["you"]["runes"] = {"fury": runes}
    return data


def test_the_effect_has_the_gear_ignore_its_energy() -> None:
    # [6][fury] with its Energy ignored is [fury]: one ready rune recycled (exhaust 1 +
    # recycle 3 = 4). Without the effect two runes can't pay [6][fury].
    out = answer_json("plan", scenario(GEAR_ENERGY))
    assert out["status"] == "ok"
    assert out["total"] == {"power": {"fury": 1}}
    assert out["base"] == {"kind": "ignore", "ignore": "energy", "cost": {"power": {"fury": 1}}}
    assert out["score"] == 4
    assert answer_json("plan", scenario())["status"] == "unpayable"


def test_it_reaches_only_what_its_filter_matches() -> None:
    # The unit is no gear: [2], both runes exhausted (2).
    out = answer_json("plan", scenario(GEAR_ENERGY, {"object": "h3"}))
    assert out["total"] == {"energy": 2} and out["score"] == 2


def test_power_and_energy_ignored_together_are_the_whole_cost() -> None:
    # The effect ignores Energy, the play itself its Power: nothing is left to pay.
    out = answer_json("plan", scenario(GEAR_ENERGY, {"object": "h1", "ignore": "power"}))
    assert out["status"] == "ok" and out["total"] == {} and out["score"] == 0
    assert out["base"]["ignore"] == "cost"
    out = answer_json("plan", scenario([{"ignore": "cost", "applies_to": {"type": "gear"}}]))
    assert out["total"] == {} and out["score"] == 0


def test_the_next_gear_uses_it_up() -> None:
    # Jayce ([1]) leaves the effect; the engine then costs [fury]; the cog after it pays its
    # [2] in full. Four runes: Jayce one exhausted (1); the engine one ready rune recycled
    # (1 + 3 = 4); the cog two runes exhausted (2): all three made, summed objective 7.
    data = scenario(runes=4)
    del data["play"]
    data["plays"] = [{"object": "h4"}, {"object": "h1"}, {"object": "h2"}]
    out = answer_json("play", data)
    assert [p["status"] for p in out["plays"]] == ["ok", "ok", "ok"]
    assert [p["total"] for p in out["plays"]] == [
        {"energy": 1}, {"power": {"fury": 1}}, {"energy": 2}]
    assert "effects" not in out["state"]["you"]
    # With only one gear after Jayce, the effect is left unused: still in the state.
    data["plays"] = [{"object": "h4"}, {"object": "h3"}]
    out = answer_json("play", data)
    assert out["state"]["you"]["effects"] == [
        {"id": "effect1", "ignore": "energy", "applies_to": {"type": "gear"}, "uses": 1}]


def test_the_turn_plays_the_gear_after_jayce() -> None:
    # Three runes, Jayce [1] and the engine [6][fury]: Jayce first, one rune exhausted (1),
    # then the engine for [fury]: that exhausted rune recycled (3): value 2, objective 4. The
    # engine first can't be paid.
    data = scenario(runes=3)
    del data["play"]
    data["state"]["you"]["hand"] = [{"id": "h1", "card": "engine"}, {"id": "h4", "card": "jayce"}]
    data["turn"] = {"candidates": "auto"}
    out = answer_json("turn", data)
    assert out["value"] == 2 and out["objective"] == 4 and out["order"] == ["h4", "h1"]


def test_the_effect_round_trips() -> None:
    data = scenario([{"id": "jayce", "ignore": "energy", "applies_to": {"type": "gear"}}])
    read = scenario_from_data(data)
    written = scenario_to_data(read)
    assert written["state"]["you"]["effects"] == [
        {"id": "jayce", "ignore": "energy", "applies_to": {"type": "gear"}, "uses": 1}]
    assert scenario_from_data(written) == read


@pytest.mark.parametrize(("effect", "line"), [
    ({"ignore": "all"}, "state.you.effects[0].ignore: "),
    ({"ignore": "energy", "discount": {"energy": 1}}, "state.you.effects[0]: "),
])
def test_bad_ignore_effects_are_refused_at_their_path(effect: dict[str, Any], line: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        scenario_from_data(scenario([effect]))
    assert any(str(p).startswith(line) for p in caught.value.problems), caught.value.problems


def test_an_effect_discount_entry_takes_no_ignore() -> None:
    data = scenario()
    data["cards"]["jayce"]["effect"] = {"discounts": GEAR_ENERGY}
    with pytest.raises(ScenarioError) as caught:
        scenario_from_data(data)
    assert any(str(p).startswith("cards.jayce.effect.discounts[0]")
               for p in caught.value.problems), caught.value.problems


def test_a_turn_long_effect_reaches_every_gear_and_stays_open() -> None:
    # `uses: turn`: both gears ignore their Energy ([fury] and [0]); the effect is still in the
    # state `play` writes (the turn is open: ending it, and dropping the effect, is the
    # caller's). Two runes: the engine's [fury] is one ready rune recycled (4); the cog's [2]
    # with its Energy ignored is free (0).
    effect = [{"ignore": "energy", "applies_to": {"type": "gear"}, "uses": "turn"}]
    data = scenario(effect)
    del data["play"]
    data["plays"] = [{"object": "h1"}, {"object": "h2"}]
    out = answer_json("play", data)
    assert [p["total"] for p in out["plays"]] == [{"power": {"fury": 1}}, {}]
    assert [p["score"] for p in out["plays"]] == [4, 0]
    assert out["state"]["you"]["effects"] == [{"id": "effect1", **effect[0]}]
