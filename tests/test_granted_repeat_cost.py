"""payplan/1's granted Repeat of a fixed cost (`keyword: {repeat: COST}`) and the condition
`{in_showdown: true}` (Syndra, Transcendent: "While I'm in a showdown, your spells have
[Repeat] [2][chaos]"; docs/payplan-format.md), each answer worked by hand."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from helpers import answer_json

from payplan.engine.problems import ScenarioError
from payplan.engine.riftbound.dump import scenario_to_data
from payplan.engine.riftbound.loader import scenario_from_data

SYNDRA_GRANT = {"keyword": {"repeat": {"energy": 2, "power": {"chaos": 1}}},
                "applies_to": {"type": "spell"}, "while": {"in_showdown": True}}
BASE: dict[str, Any] = {
    "format": "payplan/1",
    "cards": {
        "syndra": {"name": "Syndra, Transcendent", "type": "unit", "domains": ["chaos"],
                   "cost": {"energy": 6, "power": {"chaos": 1}}, "might": 6,
                   "grants": [SYNDRA_GRANT]},
        "gust": {"name": "Gust", "type": "spell", "domains": ["chaos"], "cost": {"energy": 1},
                 "timing": "reaction"},
        "touch": {"name": "Frigid Touch", "type": "spell", "domains": ["calm"],
                  "cost": {"energy": 2}, "timing": "reaction",
                  "keywords": {"repeat": [{"energy": 1}]}},
        "cub": {"type": "unit", "domains": ["chaos"], "cost": {"energy": 1}, "might": 1,
                "timing": "reaction"},
        "arena": {"type": "battlefield"},
    },
    "state": {"phase": "showdown", "turn": "you",
              "battlefields": [{"id": "b1", "card": "arena"}, {"id": "b2", "card": "arena"}],
              "showdown_at": "b1",
              "you": {"runes": {"chaos": 4},
                      "hand": [{"id": "h1", "card": "gust"}, {"id": "h2", "card": "touch"},
                               {"id": "h3", "card": "cub"}],
                      "board": [{"id": "u1", "card": "syndra", "location": "b1"}]}},
    "play": {"object": "h1", "optional": {"repeat": "yes"}},
}


def data(**changes: Any) -> dict[str, Any]:
    out = copy.deepcopy(BASE)
    for path, value in changes.items():
        *steps, last = path.split("__")
        here = out
        for step in steps:
            here = here[int(step)] if step.isdigit() else here[step]
        here[last] = value
    return out


def test_syndra_in_the_showdown_gives_repeat_2_chaos() -> None:
    # Gust [1] + Repeat [2][chaos] = [3][chaos]: three Chaos runes exhausted (3), one of them
    # recycled for [chaos] (3). Paid, Repeat adds an execution.
    out = answer_json("plan", data())
    assert out["status"] == "ok"
    assert out["total"] == {"energy": 3, "power": {"chaos": 1}}
    assert out["score"] == 6 and out["executions"] == 2 and out["paid"] == {"repeat": 1}
    # Not paid: [1], one rune exhausted.
    out = answer_json("plan", data(play__optional={"repeat": "no"}))
    assert out["total"] == {"energy": 1} and out["executions"] == 1


@pytest.mark.parametrize("change", [
    {"state__showdown_at": "b2"},                       # the showdown is elsewhere
    {"state__you__board__0__location": "base"},         # Syndra at her base
    {"state__you__board__0__location": "battlefield"},  # at a battlefield, not a named one
])
def test_not_in_the_showdown_no_repeat(change: dict[str, Any]) -> None:
    out = answer_json("plan", data(**change))
    assert out["status"] == "illegal"
    assert "no grant gives it that Repeat instance here" in out["reasons"][0]


def test_without_showdown_at_no_repeat() -> None:
    changed = data()
    del changed["state"]["showdown_at"]
    assert answer_json("plan", changed)["status"] == "illegal"


def test_after_the_cards_own_repeat() -> None:
    # Frigid Touch [2], its own Repeat [1] (`repeat`), Syndra's [2][chaos] (`repeat.1`).
    out = answer_json("plan", data(play={"object": "h2", "optional": {"repeat.1": "yes"}}))
    assert out["total"] == {"energy": 4, "power": {"chaos": 1}}
    assert out["paid"] == {"repeat.1": 1} and out["executions"] == 2
    both = {"object": "h2", "optional": {"repeat": "yes", "repeat.1": "yes"}}
    out = answer_json("plan", data(play=both, state__you__runes={"chaos": 6}))
    assert out["total"] == {"energy": 5, "power": {"chaos": 1}} and out["executions"] == 3


def test_a_unit_gains_nothing_and_a_repeat_discount_reaches_it() -> None:
    out = answer_json("plan", data(play={"object": "h3", "optional": {"repeat": "yes"}}))
    assert out["status"] == "illegal"
    # Marai Spire's "Repeat costs cost [1] less" on the `repeat` component: [2][chaos] -> [1][chaos].
    spire = data()
    spire["cards"]["spire"] = {"type": "gear", "grants": [
        {"discount": {"energy": 1, "component": "repeat"}, "applies_to": {"type": "spell"}}]}
    spire["state"]["you"]["board"].append({"id": "g1", "card": "spire"})
    assert answer_json("plan", spire)["total"] == {"energy": 2, "power": {"chaos": 1}}


def test_hand_orders_check_play_and_turn_read_it() -> None:
    hand = answer_json("hand", data())
    gust = next(p for p in hand["plays"] if p["play"].get("object") == "h1")
    assert gust["total"] == {"energy": 3, "power": {"chaos": 1}}
    orders = answer_json("orders", data())
    assert orders["start"] == {"energy": 3, "power": {"chaos": 1}}
    good = {"exhaust": ["r1", "r2", "r3"], "recycle": [{"rune": "r3", "pays": "chaos"}]}
    checked = answer_json("check", {**data(), "payment": good})
    assert checked["legal"] is True and checked["gap"] == 0
    short = answer_json("check", {**data(), "payment": {"exhaust": ["r1"]}})
    assert short["legal"] is False
    played = answer_json("play", data())
    assert played["executions"] == 2 and played["state"]["you"]["board"][0]["id"] == "u1"
    # The turn: Gust alone, its Repeat worth 10 (a benefit), is paid for.
    turn = data(objective={"benefits": {"repeat": 10}})
    del turn["play"]
    turn["state"]["you"]["hand"] = [{"id": "h1", "card": "gust"}]
    turn["turn"] = {"candidates": "auto"}
    out = answer_json("turn", turn)
    assert out["order"] == ["h1"] and out["plays"][0]["paid"] == {"repeat": 1}


def test_the_grant_round_trips() -> None:
    scenario = scenario_from_data(data())
    written = scenario_to_data(scenario)
    assert written["cards"]["syndra"]["grants"] == [SYNDRA_GRANT]
    assert scenario_from_data(written) == scenario


@pytest.mark.parametrize("where, value, line", [
    ("cards__syndra__grants__0__keyword", {"repeat": {"power": {"c": 1}}},
     "cards.syndra.grants[0].keyword.repeat.power.c: `c` ([C]) is the domain of a card"),
    ("cards__syndra__grants__0__keyword", {"repeat": {"energy": 2}, "flow": "printed"},
     "cards.syndra.grants[0].keyword: a granted keyword is one of `flow` or `repeat`"),
    ("cards__syndra__grants__0__while", {"in_showdown": 1},
     "cards.syndra.grants[0].while.in_showdown: expected true"),
    ("state__you__effects", [{"keyword": {"repeat": {"energy": 2}}}],
     "state.you.effects[0].keyword.repeat: "),
])
def test_bad_values_are_refused_at_their_path(where: str, value: Any, line: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        scenario_from_data(data(**{where: value}))
    assert any(str(p).startswith(line) for p in caught.value.problems), caught.value.problems
