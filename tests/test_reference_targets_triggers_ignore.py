"""The payplan/1 references on the card keys the generators draw since the last keys were added:
a card that chooses (card key `targets: FILTER`), the triggers a card play sets off (card key
`triggers: [{id, applies_to, energy_at_least}]`, Lux, Illuminated) and an effect that ignores
part of a cost (`ignore` in `state.you.effects` and in a card's `effect.grants`, Jayce, Man of
Progress). Each worked by hand from docs/payplan-format.md, the planner held to the same answer,
and the generators shown to reach what tells a wrong reading apart.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, find, settings
from reference.strategies import real_scenario_data
from reference.turn_strategies import turn_data

from payplan.benchmarks.riftbound.reference import turn as ref_turn
from payplan.benchmarks.riftbound.reference.compare import check, check_triggers
from payplan.benchmarks.riftbound.reference.pricing import (
    Unsupported,
    reference_totals,
    set_off,
)
from payplan.planner.commands import answer

GRUNT = {"type": "unit", "cost": {"energy": 2}, "might": 2}
KILL = {"type": "spell", "cost": {"energy": 2}, "effect": {"kill": "targets"},
        "targets": {"type": "unit", "controller": "opponent"}}
LUX = {"name": "Lux", "type": "unit", "cost": {"energy": 5}, "might": 4,
       "triggers": [{"id": "bright", "applies_to": {"type": "spell"}, "energy_at_least": 5}]}
SPLITTER = {"type": "spell", "cost": {"energy": 8},
            "discounts": [{"id": "splitter", "energy": {"max": "might", "of": {"type": "unit"}}}]}


def one_play(cards: dict[str, Any], you: dict[str, Any], play: dict[str, Any],
             **state: Any) -> dict[str, Any]:
    return {"format": "payplan/1", "cards": copy.deepcopy(cards),
            "state": {"you": copy.deepcopy(you), **copy.deepcopy(state)}, "play": play}


def kill_play(**play: Any) -> dict[str, Any]:
    return one_play({"kill": KILL, "grunt": GRUNT},
                    {"runes": {"fury": 2}, "hand": [{"id": "h1", "card": "kill"}],
                     "board": [{"id": "u1", "card": "grunt"}]},
                    {"object": "h1", **play}, opponent={"board": [{"id": "o1", "card": "grunt"}]})


# --- A card that chooses ------------------------------------------------------------------------


def test_a_card_play_names_what_its_targets_filter_accepts() -> None:
    """"Kill an enemy unit": o1 (the opponent's) is accepted, u1 (yours) is not, and a play
    naming nothing chooses nothing: legal only on o1 ([2]: two runes exhausted, score 2)."""
    assert reference_totals(kill_play(targets=["o1"])).legal
    for wrong in (kill_play(targets=["u1"]), kill_play(targets=["o1", "u1"]), kill_play()):
        ref = reference_totals(wrong)
        assert not ref.legal and ref.reasons == ["targets"]
        assert reference_totals(wrong, "card_targets_unchecked").legal
    for data in (kill_play(targets=["o1"]), kill_play(targets=["u1"]), kill_play()):
        assert check(data) == []


@pytest.mark.slow
def test_the_real_generator_reaches_an_unaccepted_target() -> None:
    def differs(data: dict[str, Any]) -> bool:
        if "targets" not in data["cards"]["played"]:
            return False
        try:
            right = reference_totals(data, price=False).legal
            wrong = reference_totals(data, "card_targets_unchecked", price=False).legal
        except Unsupported:
            return False
        return right != wrong

    find(real_scenario_data(), differs,
         settings=settings(max_examples=3000, database=None, phases=[Phase.generate],
                           suppress_health_check=list(HealthCheck)))


def test_the_turn_tries_a_card_that_chooses_on_each_accepted_object() -> None:
    """examples/turns/23 by the brute force: the kill tried on o1 only (its filter takes the
    opponent's units), o1 dies, and Spoils of War costs [2][fury]: value 2, objective 2 + 5,
    size 2 + 3. Without trying the card's targets the kill kills nothing: value 1."""
    spoils = {"type": "spell", "domains": ["fury"], "cost": {"energy": 4, "power": {"fury": 1}},
              "discounts": [{"id": "spoils", "energy": 2,
                             "if": {"opponent_units_died_at_least": 1}}]}
    data = {"format": "payplan/1", "cards": {"kill": KILL, "spoils": spoils, "grunt": GRUNT},
            "state": {"you": {"runes": {"fury": 5},
                              "hand": [{"id": "h1", "card": "kill"},
                                       {"id": "h2", "card": "spoils"}],
                              "board": [{"id": "u1", "card": "grunt"}]},
                      "opponent": {"board": [{"id": "o1", "card": "grunt"}]}},
            "turn": {}}
    assert ref_turn.best_turn(data) == (2, 7, 5)
    assert ref_turn.best_turn(data, minimal=True) == (2, 7, 5)
    assert ref_turn.compare(data) == []


# --- Triggers -----------------------------------------------------------------------------------


def lux_play(card: dict[str, Any], mine: list[dict[str, Any]] | None = None,
             theirs: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A play of `card` from hand on five Fury runes, Lux on your board (or `mine`), the
    opponent's board `theirs`."""
    return one_play({"lux": LUX, "played": card, "grunt": GRUNT},
                    {"runes": {"fury": 5}, "hand": [{"id": "h1", "card": "played"}],
                     "board": [{"id": "u1", "card": "lux"}] if mine is None else mine},
                    {"object": "h1"}, opponent={"board": theirs or []})


def test_a_play_sets_off_the_triggers_its_printed_cost_reaches() -> None:
    """Sky Splitter prints [8]: Lux's `bright` (spells printing 5 or more) goes off, though it
    is paid [4] (130.4: the printed cost is read). A [4] spell, a [6] unit, Lux on the
    opponent's board: none. Two Lux, one with a second trigger without conditions: each in
    board order, then trigger order."""
    assert set_off(reference_totals(lux_play(SPLITTER))) == ["u1.bright"]
    assert set_off(reference_totals(lux_play({"type": "spell", "cost": {"energy": 4}}))) == []
    assert set_off(reference_totals(lux_play({**GRUNT, "cost": {"energy": 6}}))) == []
    theirs = lux_play(SPLITTER, mine=[], theirs=[{"id": "o1", "card": "lux"}])
    assert set_off(reference_totals(theirs)) == []
    twice = lux_play(SPLITTER, mine=[{"id": "u2", "card": "lux2"}, {"id": "u1", "card": "lux"}])
    twice["cards"]["lux2"] = {**LUX, "triggers": [{"id": "any"}, *LUX["triggers"]]}
    assert set_off(reference_totals(twice)) == ["u2.any", "u2.bright", "u1.bright"]
    for data in (lux_play(SPLITTER), theirs, twice):
        assert check(data) == []


def test_a_wrong_trigger_list_is_a_disagreement() -> None:
    data = lux_play(SPLITTER)
    ref = reference_totals(data)
    got = answer("plan", copy.deepcopy(data)).to_json()
    assert got["play"]["triggers"] == "u1.bright" and check_triggers(got, ref) == []
    for wrong in (None, "", "u1.bright u1.bright", "u1.other"):
        bad = copy.deepcopy(got)
        bad["play"]["triggers"] = wrong
        assert check_triggers(bad, ref), wrong


def test_a_lux_played_this_turn_sets_off_the_plays_after_it() -> None:
    """Lux [0] first (value 1 each), then Sky Splitter [8] less Lux's Might 4 = [4] on four
    runes: value 2, objective 4; the replay holds each play's triggers to the reference's
    (none for Lux's own play, `h2.bright` for the spell), and refuses a list left out."""
    data = {"format": "payplan/1",
            "cards": {"lux": {**LUX, "cost": {"energy": 0}}, "splitter": SPLITTER},
            "state": {"you": {"runes": {"fury": 4},
                              "hand": [{"id": "h1", "card": "splitter"},
                                       {"id": "h2", "card": "lux"}]}},
            "turn": {}}
    assert ref_turn.best_turn(data) == (2, 4, 4)
    got = answer("turn", copy.deepcopy(data)).to_json()
    assert got["order"] == ["h2", "h1"]
    assert got["plays"][1]["play"]["triggers"] == "h2.bright"
    assert ref_turn.replay(data, got) == []
    bad = copy.deepcopy(got)
    del bad["plays"][1]["play"]["triggers"]
    assert any("triggers" in p for p in ref_turn.replay(data, bad))


@pytest.mark.slow
def test_the_generators_draw_triggers_that_go_off_and_that_do_not() -> None:
    def lux_with(going: bool) -> Any:
        def holds(data: dict[str, Any]) -> bool:
            if "lux" not in data["cards"] or "play" not in data or "object" not in data["play"]:
                return False
            try:
                return bool(set_off(reference_totals(data, price=False))) == going
            except Unsupported:
                return False
        return holds

    for going in (True, False):
        find(real_scenario_data(), lux_with(going),
             settings=settings(max_examples=3000, database=None, phases=[Phase.generate],
                               suppress_health_check=list(HealthCheck)))
    find(turn_data(), lambda d: "lux" in d["cards"] and any(
        o["card"] == "lux" for o in d["state"]["you"].get("hand") or []),
        settings=settings(max_examples=500, database=None, phases=[Phase.generate],
                          suppress_health_check=list(HealthCheck)))


# --- Effects that ignore part of a cost ----------------------------------------------------------


def test_an_effect_has_the_next_gear_ignore_its_energy() -> None:
    """Jayce's effect (`ignore: energy` on gear, uses 1): the gear's [3][fury] is [fury]; a
    spell is not reached; with the play's own `ignore: power` the parts add up to the whole
    cost."""
    cards = {"gear": {"type": "gear", "domains": ["fury"],
                      "cost": {"energy": 3, "power": {"fury": 1}}},
             "bolt": {"type": "spell", "cost": {"energy": 2}}}
    you = {"runes": {"fury": 4}, "hand": [{"id": "h1", "card": "gear"},
                                          {"id": "h2", "card": "bolt"}],
           "effects": [{"id": "e1", "ignore": "energy", "applies_to": {"type": "gear"}}]}

    def totals(data: dict[str, Any]) -> set[str]:
        return {o.total.text() for o in reference_totals(data).options}

    assert totals(one_play(cards, you, {"object": "h1"})) == {"[fury]"}
    assert totals(one_play(cards, you, {"object": "h2"})) == {"[2]"}
    assert totals(one_play(cards, you, {"object": "h1", "ignore": "power"})) == {"[0]"}
    for play in ({"object": "h1"}, {"object": "h2"}, {"object": "h1", "ignore": "power"}):
        assert check(one_play(cards, you, play)) == []


def test_a_card_effect_that_ignores_reaches_the_play_after_it() -> None:
    """A [1] spell whose resolution grants "the next gear ignores its Energy cost", then a
    [3] gear, on two runes: 1 + 0 exhausted, value 2, objective 1, size 1. Without the
    effect the two cost [4]: one play only."""
    data = {"format": "payplan/1",
            "cards": {"jayce": {"type": "spell", "cost": {"energy": 1}, "effect": {"grants": [
                {"ignore": "energy", "applies_to": {"type": "gear"}}]}},
                "gear": {"type": "gear", "cost": {"energy": 3}}},
            "state": {"you": {"runes": {"mind": 2}, "hand": [{"id": "h1", "card": "gear"},
                                                             {"id": "h2", "card": "jayce"}]}},
            "turn": {}}
    assert ref_turn.best_turn(data) == (2, 1, 1)
    assert ref_turn.compare(data) == []
    plain = copy.deepcopy(data)
    del plain["cards"]["jayce"]["effect"]
    assert ref_turn.best_turn(plain)[0] == 1
