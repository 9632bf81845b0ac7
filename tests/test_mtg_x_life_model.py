"""X paid in life decided in the model: with `x: auto` and a life total of 100 or more, the
planner describes the cast's options as choices (`engine.mtg.options.linear_choices`) and the
CP-SAT model decides X, whose X life adds to every other life the payment takes (Phyrexian pips,
life costs of mana abilities, K'rrik's pips, the life weight). Each case is cross-checked
against the mtg/1 brute force (`benchmarks/mtg/reference`, which lists every X) on lives just
above the point where the model decides X; X is at most `MAX_X` (1,000, the most a play may
name)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from payplan.benchmarks.mtg.reference.brute import solve as brute
from payplan.engine.mtg.loader import scenario_from_data
from payplan.engine.mtg.options import COMPACT_FROM, MAX_X, cast_options
from payplan.engine.mtg.resources import resources
from payplan.engine.mtg.total_cost import played_card
from payplan.planner.mtg.plan import plan

SWAMP = {"types": ["land"], "mana": [{"adds": "{B}"}]}
TOMB = {"types": ["land"], "mana": [{"adds": "{C}{C}", "costs": ["tap", {"pay_life": 2}]}]}
PAIN = {"types": ["land"], "mana": [{"adds": "{C}"}, {"adds": "{B}", "costs": ["tap", {"pay_life": 1}]}]}
KRRIK = {"types": ["creature"], "life_for": {"B": 2}}
X_LIFE = {"pay_life": "X"}


def deluge(cost: str = "{2}{B}", **card: Any) -> dict[str, Any]:
    return {"types": ["sorcery"], "cost": cost,
            "additional": [{"id": "pay-x-life", "mandatory": True, "other": [X_LIFE]}], **card}


def scenario(spell: dict[str, Any], lands: list[dict[str, Any]], life: int,
             **play: Any) -> dict[str, Any]:
    cards: dict[str, Any] = {"spell": spell}
    battlefield = []
    for i, land in enumerate(lands):
        cards[f"card{i}"] = land
        battlefield.append({"id": f"l{i}", "card": f"card{i}"})
    return {"format": "mtg/1", "cards": cards,
            "state": {"you": {"life": life, "library": 40, "battlefield": battlefield,
                              "hand": [{"id": "h1", "card": "spell"}]}},
            "play": {"object": "h1", "x": "auto", **play}}


CASES: dict[str, dict[str, Any]] = {
    "toxic-deluge": scenario(deluge(), [SWAMP] * 3, 100),
    "phyrexian-pip-paid-with-life": scenario(deluge("{2}{B}{R/P}"), [SWAMP] * 3, 101),
    "phyrexian-pip-paid-with-mana": scenario(deluge("{1}{B/P}"), [SWAMP] * 3, 103),
    "x-mana-and-x-life": scenario(deluge("{X}{B}"), [SWAMP] * 4, 120),
    "a-fixed-life-cost-too": scenario(
        {"types": ["sorcery"], "cost": "{B}", "additional": [
            {"id": "x", "mandatory": True, "other": [X_LIFE, {"pay_life": 3}]}]},
        [SWAMP], 110),
    "x-life-twice": scenario(
        {"types": ["sorcery"], "cost": "{B}", "additional": [
            {"id": "x", "mandatory": True, "other": [X_LIFE, X_LIFE]}]},
        [SWAMP], 250),
    "ancient-tomb-takes-life": scenario(deluge(), [SWAMP, TOMB], 100),
    "pain-land-takes-life": scenario(deluge("{B}{B}"), [SWAMP, PAIN], 105),
    "krrik-pays-a-pip": scenario(deluge("{B}{B}"), [SWAMP, KRRIK], 100),
    "without-paying": scenario(deluge(), [], 100, cast="without_paying"),
    "flashback": scenario({"types": ["sorcery"], "cost": "{B}",
                           "flashback": {"cost": "{1}{B}", "other": [X_LIFE]}},
                          [SWAMP] * 2, 130),
    "unpayable-mana": scenario(deluge(), [SWAMP], 150),
    "no-life-left": scenario(deluge("{B/P}"), [], 100),
}
CASES["flashback"]["state"]["you"]["graveyard"] = CASES["flashback"]["state"]["you"].pop("hand")
CASES["life-weight"] = json.loads(json.dumps(CASES["phyrexian-pip-paid-with-mana"]))
CASES["life-weight"]["objective"] = {"weights": {"life": 3}}


def test_the_cases_reach_the_model_decided_x() -> None:
    """Each case is priced as choices, not a list (else the cross-check tests the list), but
    {X}{B} with X life, whose X the four Swamps bound to a short list."""
    for name, data in CASES.items():
        if name == "x-mana-and-x-life":
            continue
        scenario_ = scenario_from_data(data)
        play = scenario_.play
        assert play is not None
        found = scenario_.state.you.find(play.object)
        assert found is not None
        res = resources(scenario_, played_card(scenario_, play), found[1].id)
        opts = cast_options(scenario_, play, res.cast_cap(), compact=True)
        assert opts.linear is not None or opts.reasons, name
        assert opts.linear is None or not opts.options, name
    assert COMPACT_FROM <= 100


@pytest.mark.parametrize("name", sorted(CASES))
def test_x_life_decided_in_the_model_agrees_with_the_brute_force(name: str) -> None:
    data = CASES[name]
    want = brute(json.loads(json.dumps(data)))
    got = plan(scenario_from_data(data)).to_json()
    assert got["status"] == want.status, (got, want)
    if want.status == "ok":
        assert got["x"] == want.x
        mana = "" if got["total"]["mana"] == "{0}" else got["total"]["mana"]  # (the brute's "")
        assert (mana, got["total"]["life"]) in want.totals
        assert got["score"] == want.score
        assert got["optimal"] is True


def test_x_life_at_the_cap_is_the_life_less_the_other_life() -> None:
    """Life 1,001, an Ancient Tomb and a Swamp for {2}{B}: X is what the Tomb's 2 life leave,
    999, below the cap (no brute force lists a thousand X; the small lives above check the
    same model); life 1,000,000: X is the cap, 1,000, the most a play may name."""
    data = scenario(deluge(), [SWAMP, TOMB], 1_001)
    got = plan(scenario_from_data(data)).to_json()
    assert (got["status"], got["x"], got["total"]["life"]) == ("ok", 999, 999)
    data = scenario(deluge(), [SWAMP, TOMB], 1_000_000)
    got = plan(scenario_from_data(data)).to_json()
    assert (got["status"], got["x"], got["total"]["life"]) == ("ok", MAX_X, MAX_X)
