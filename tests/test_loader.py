"""Reading scenarios (engine.loader): the examples, every shorthand, every kind of bad input."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable

import pytest
import yaml
from helpers import example
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from payplan.engine.riftbound.cards import Condition, CountOf, Discount, MaxMight, PerPlayed
from payplan.engine.riftbound.cost import Cost, Filter, OtherCost, power_from_map
from payplan.engine.riftbound.loader import (
    ScenarioError,
    check_from_data,
    load_file,
    load_text,
    scenario_from_data,
)
from payplan.engine.riftbound.scenario import DEFAULT_WEIGHTS, LeavesChain, Scenario

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
EXAMPLE_FILES = sorted(EXAMPLES.glob("*.yaml"))


def problems(data: object, require_play: bool = False) -> list[str]:
    """The problem lines of a scenario that must not load."""
    with pytest.raises(ScenarioError) as info:
        scenario_from_data(data, require_play)
    assert str(info.value) == "\n".join(info.value.lines)
    return list(info.value.lines)


def base() -> dict[str, Any]:
    """A small valid scenario to break in one place at a time."""
    return {
        "format": "payplan/1",
        "cards": {
            "bolt": {
                "name": "Bolt",
                "type": "spell",
                "domains": ["fury"],
                "cost": {"energy": 2, "power": {"fury": 1}},
                "keywords": {"flow": [{"energy": 1}], "repeat": [{"energy": 1}], "accelerate": True},
                "additional_costs": [{"id": "extra", "mandatory": False, "cost": {"energy": 1}},
                                     {"id": "must", "mandatory": True, "cost": {}}],
            },
            "grunt": {"type": "unit", "domains": ["body"], "cost": {"energy": 1}, "might": 2},
            "vortex": {"type": "battlefield"},
        },
        "state": {
            "you": {
                "runes": [{"id": "r1", "domain": "fury"}, {"id": "r2", "domain": "calm"}],
                "hand": [{"id": "h1", "card": "bolt"}],
                "trash": [{"id": "t1", "card": "bolt"}],
                "board": [{"id": "u1", "card": "grunt"}],
                "sources": [{"id": "u1", "adds": {"energy": 1}}],
            },
            "opponent": {"board": [{"id": "e1", "card": "grunt"}]},
        },
        "play": {"object": "h1", "targets": ["e1"]},
    }


def test_base_scenario_is_valid() -> None:
    s = scenario_from_data(base())
    assert s.play is not None and s.play.object == "h1" and s.play.from_zone == "hand"


# --- The examples -------------------------------------------------------------------------------


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.name)
def test_every_example_loads(path: Path) -> None:
    s = load_file(path)
    assert s.play is not None
    assert s.state.you.find(s.play.object) is not None
    assert load_text(path.read_text(), path.name) == s
    assert load_file(str(path)) == s


def test_example_01_discounts_and_grants() -> None:
    s = example("01")
    sky = s.card("sky-splitter")
    assert sky.cost == Cost.of(8, {"fury": 1})
    assert sky.discounts == (Discount(id="sky-splitter", energy=MaxMight(Filter(type=("unit",)))),)
    (grant,) = s.card("eager-apprentice").grants
    assert grant.discount == Discount(id="eager-apprentice", energy=1, min_energy=1)
    assert grant.applies_to == Filter(type=("spell",))
    assert grant.while_ == (Condition("at", "battlefield"),)
    assert [r.exhausted for r in s.state.you.runes] == [True, False, False]
    assert s.state.you.board[0].location == "battlefield"
    assert list(s.cards) == ["sky-splitter", "eager-apprentice", "stone-colossus"]
    assert isinstance(s.cards, MappingProxyType)


def test_example_02_accelerate_is_one_energy_and_a_fury_pip() -> None:
    s = example("02")
    assert s.card("legion-rearguard").keywords.accelerate == Cost.of(1, {"fury": 1})
    assert [(r.id, r.domain, r.exhausted) for r in s.state.you.runes] == [
        ("r1", "fury", False),
        ("r2", "fury", False),
    ]
    assert s.play is not None
    assert s.play.ignore == "cost"
    assert s.play.optional == (("accelerate", "yes"),)


def test_example_03_c_resolves_to_calm() -> None:
    s = example("03")
    (wind_up,) = s.card("clockwork-keeper").additional_costs
    assert wind_up.id == "wind-up" and not wind_up.mandatory
    assert wind_up.cost == Cost.of(power={"calm": 1})
    assert s.card("thrifty-patron").grants[0].discount == Discount(
        id="thrifty-patron", power=power_from_map({"any": 1})
    )


def test_example_05_targets_and_repeat() -> None:
    s = example("05")
    assert s.card("arc-volley").keywords.repeat == (Cost(1),)
    assert s.card("warded-sentinel").keywords.deflect == 2
    assert s.play is not None
    assert s.play.targets == ("e1",) and s.play.from_zone == "trash"
    assert [r.domain for r in s.state.you.runes] == ["fury"] * 3 + ["chaos"] * 2


def test_example_06_two_flow_costs() -> None:
    flow = example("06").card("second-wind").keywords.flow
    assert flow == (Cost(3), Cost(1, other=(OtherCost("discard", 1),)))


def test_example_07_leaves_chain() -> None:
    s = example("07")
    assert s.play is not None
    assert s.play.leaves_chain == LeavesChain("counter", "hand", "other")


def test_example_08_phase() -> None:
    assert example("08").state.phase == "closed"


# --- Shorthands and resolution ------------------------------------------------------------------


def test_defaults() -> None:
    s = scenario_from_data({"format": "payplan/1"})
    assert s == Scenario()
    assert s.objective.weights == DEFAULT_WEIGHTS


def test_zone_string_shorthand_and_generated_ids() -> None:
    data = base()
    data["state"]["you"]["hand"] = ["bolt", {"card": "grunt"}, {"id": "h1", "card": "bolt"}]
    data["state"]["you"]["trash"] = ["bolt", "bolt", "grunt"]
    data["state"]["opponent"]["hand"] = ["bolt"]
    data["state"]["opponent"]["runes"] = {"fury": 2}
    data["state"]["you"]["runes"] = [{"domain": "fury"}, {"id": "x", "domain": "calm"}, {"domain": "mind"}]
    s = scenario_from_data(data)
    assert [o.id for o in s.state.you.hand] == ["hand[0]", "hand[1]", "h1"]
    assert [o.id for o in s.state.you.trash] == ["trash[0]", "trash[1]", "trash[2]"]
    assert s.state.you.trash[2].card == "grunt"
    assert [o.id for o in s.state.opponent.hand] == ["opponent.hand[0]"]
    assert [r.id for r in s.state.opponent.runes] == ["opponent.r1", "opponent.r2"]
    assert [r.id for r in s.state.you.runes] == ["r1", "x", "r3"]


def test_rune_shorthand_in_map_order() -> None:
    data = base()
    data["state"]["you"]["runes"] = {"calm": 2, "fury": 1}
    data["state"]["you"]["sources"] = [{"id": "r3", "adds": {"energy": 1}}]
    runes = scenario_from_data(data).state.you.runes
    assert [(r.id, r.domain) for r in runes] == [("r1", "calm"), ("r2", "calm"), ("r3", "fury")]


def test_play_by_card_and_zone() -> None:
    data = base()
    data["state"]["you"]["trash"] = [{"id": "t0", "card": "grunt"}, {"id": "t1", "card": "bolt"}]
    data["play"] = {"card": "bolt", "from": "trash"}
    play = scenario_from_data(data).play
    assert play is not None and (play.object, play.from_zone) == ("t1", "trash")
    data["play"] = {"card": "bolt"}  # no `from`: hand first
    play = scenario_from_data(data).play
    assert play is not None and (play.object, play.from_zone) == ("h1", "hand")
    data["play"] = {"object": "t1", "from": "trash", "card": "bolt"}
    play = scenario_from_data(data).play
    assert play is not None and play.object == "t1"


def test_c_means_the_cards_own_domain() -> None:
    data = base()
    cards = data["cards"]
    cards["multi"] = {"type": "spell", "domains": ["fury", "calm"], "cost": {"power": {"c": 1}}}
    cards["plain"] = {"type": "spell", "cost": {"power": {"c": 1, "any": 1}}}
    cards["bolt"]["cost"] = {"power": {"c": 1, "fury": 1}}
    data["play"]["play_for"] = {"power": {"c": 2}}
    data["play"]["discounts"] = [{"power": {"c": 1}}]
    s = scenario_from_data(data)
    assert s.card("multi").cost == Cost.of(power={"any": 1})
    assert s.card("plain").cost == Cost.of(power={"any": 2})
    assert s.card("bolt").cost == Cost.of(power={"fury": 2})
    assert s.play is not None
    assert s.play.play_for == Cost.of(power={"fury": 2})
    assert s.play.discounts == (Discount(power=power_from_map({"fury": 1})),)


def test_keywords_forms() -> None:
    data = base()
    data["cards"]["bolt"]["keywords"] = {
        "flow": {"energy": 2},
        "accelerate": {"energy": 2, "power": {"c": 1}},
        "repeat": [{"energy": 1}, {"power": {"any": 1}}],
        "deflect": 3,
    }
    data["cards"]["nodomain"] = {"type": "unit", "keywords": {"accelerate": True}}
    data["cards"]["off"] = {"type": "unit", "keywords": {"accelerate": False}}
    data["play"]["optional"] = {"repeat.0": "auto", "repeat.1": True, "accelerate": False}
    s = scenario_from_data(data)
    k = s.card("bolt").keywords
    assert k.flow == (Cost(2),)
    assert k.accelerate == Cost.of(2, {"fury": 1})
    assert k.repeat == (Cost(1), Cost.of(power={"any": 1}))
    assert k.deflect == 3
    assert s.card("nodomain").keywords.accelerate == Cost.of(1, {"any": 1})
    assert s.card("off").keywords.accelerate is None
    assert s.play is not None
    assert s.play.optional == (("repeat", "auto"), ("repeat.1", "yes"), ("accelerate", "no"))


def test_other_costs_short_and_long() -> None:
    data = base()
    data["cards"]["bolt"]["cost"] = {
        "other": [
            {"discard": 1},
            {"kill": {"count": 2, "filter": {"type": ["unit", "token"], "max_might": 3}}},
            {"exhaust": {"filter": {"controller": "opponent", "location": "battlefield"}}},
            {"spend_xp": 3, "spend_buff": 1},
        ]
    }
    other = scenario_from_data(data).card("bolt").cost.other
    assert other == (
        OtherCost("discard", 1),
        OtherCost("kill", 2, Filter(type=("unit", "token"), max_might=3)),
        OtherCost("exhaust", 1, Filter(location="battlefield", controller="opponent")),
        OtherCost("spend_xp", 3),
        OtherCost("spend_buff", 1),
    )


def test_discount_shapes_and_conditions() -> None:
    data = base()
    data["cards"]["bolt"]["discounts"] = [
        {
            "id": "big",
            "energy": {"count": {"tags": ["poro"]}, "zone": "hand", "times": 2},
            "minimum": {"energy": 1, "power": 1},
            "component": "repeat",
            "if": [{"from": "trash", "base": "flow"}, {"flag": "died"}],
        },
        {"choice": [{"energy": 1}, {"power": {"any": 1}}], "if": {"phase": "showdown"}},
        {"energy": {"per": "played_this_turn"}, "if": {"printed_at_least": {"energy": 5}}},
        {"energy": 1, "if": {"not_from": "hand", "targets": {"keyword": "deflect", "from": "hand"}}},
    ]
    d = scenario_from_data(data).card("bolt").discounts
    assert d[0] == Discount(
        id="big",
        energy=CountOf(Filter(tags=("poro",)), "hand", 2),
        min_energy=1,
        min_power=1,
        component="repeat",
        conditions=(Condition("from", "trash"), Condition("base", "flow"), Condition("flag", "died")),
    )
    assert d[1].choice == (Discount(energy=1), Discount(power=power_from_map({"any": 1})))
    assert d[1].conditions == (Condition("phase", "showdown"),)
    assert d[2].energy == PerPlayed(1)
    assert d[2].conditions == (Condition("printed_at_least", Cost(5)),)
    assert d[3].conditions == (
        Condition("not_from", "hand"),
        Condition("targets", Filter(from_zone="hand", keyword="deflect")),
    )


def test_grants() -> None:
    data = base()
    data["cards"]["grunt"]["grants"] = [
        {"increase": {"energy": 1, "power": {"c": 1}, "id": "tax"},
         "applies_to": {"type": "spell", "controller": "opponent"}},
        {"ignore_deflect": True},
        {"discount": {"energy": 1}, "while": [{"at": "battlefield"}]},
    ]
    grants = scenario_from_data(data).card("grunt").grants
    assert grants[0].increase is not None and grants[0].increase.power == power_from_map({"body": 1})
    assert grants[0].applies_to == Filter(type=("spell",), controller="opponent")
    assert grants[1].ignore_deflect and grants[1].discount is None
    assert grants[2].while_ == (Condition("at", "battlefield"),)


def test_state_details() -> None:
    data = base()
    data["state"].update(phase="showdown", turn="opponent", flags=["a", "b"], played_this_turn=3)
    you = data["state"]["you"]
    you["pool"] = {"energy": 1, "power": {"any": 1}}
    you["board"] = [{"id": "u1", "card": "grunt", "location": "base", "might": 4,
                     "exhausted": True, "buffs": 2, "value": 9}]
    you["sources"] = [{"id": "u1", "adds": {"power": {"fury": 1}},
                       "costs": ["exhaust", "kill", {"energy": 1}], "only_for": {"type": "spell"}},
                      {"id": "r1", "adds": {"energy": 1}}]
    you["xp"] = 5
    you["banishment"] = [{"id": "b1", "card": "bolt"}]
    you["rune_deck"] = [{"id": "d1", "domain": "order"}, {"domain": "mind"}]
    s = scenario_from_data(data).state
    assert (s.phase, s.turn, s.flags, s.played_this_turn) == ("showdown", "opponent", ("a", "b"), 3)
    assert s.you.pool == Cost.of(1, {"any": 1})
    u1 = s.you.board[0]
    assert (u1.location, u1.might, u1.exhausted, u1.buffs, u1.value) == ("base", 4, True, 2, 9)
    src = s.you.sources[0]
    assert src.costs == ("exhaust", "kill", Cost(1)) and src.only_for == Filter(type=("spell",))
    assert s.you.sources[1].costs == ("exhaust",) and s.you.sources[1].only_for is None
    assert s.you.xp == 5
    assert s.you.banishment[0].id == "b1"
    assert [r.id for r in s.you.rune_deck] == ["d1", "rune_deck[1]"]


def test_play_details() -> None:
    data = base()
    data["play"] = {
        "object": "t1",
        "base": {"flow": 0},
        "ignore": "power",
        "targets": ["e1", "e1", "r2"],
        "permit": True,
        "leaves_chain": {"by": "effect", "to": "hand", "instructed_by": "self"},
        "optional": {"extra": "auto"},
    }
    play = scenario_from_data(data).play
    assert play is not None
    assert (play.from_zone, play.base, play.ignore) == ("trash", ("flow", 0), "power")
    assert play.targets == ("e1", "e1", "r2") and play.permit
    assert play.leaves_chain == LeavesChain("effect", "hand", "self")
    for word in ("auto", "printed"):
        data["play"]["base"] = word
        play = scenario_from_data(data).play
        assert play is not None and play.base == word
    data["play"]["base"] = "play_for"
    data["play"]["play_for"] = {"energy": 1}
    play = scenario_from_data(data).play
    assert play is not None and play.base == "play_for" and play.play_for == Cost(1)


def test_objective_merges_with_defaults() -> None:
    data = base()
    data["objective"] = {"weights": {"discard": 10}, "benefits": {"repeat.1": 3, "extra": 2}}
    o = scenario_from_data(data).objective
    assert o.weight("discard") == 10 and o.weight("kill") == DEFAULT_WEIGHTS["kill"]
    assert dict(o.weights) == {**DEFAULT_WEIGHTS, "discard": 10}
    assert o.benefit("repeat.1") == 3 and o.benefit("extra") == 2 and o.benefit("accelerate") == 0


def test_yes_no_strings_and_booleans_agree() -> None:
    text = """
format: payplan/1
cards: {c1: {type: unit, keywords: {accelerate: true}, additional_costs: [{id: x, mandatory: false}]}}
state: {you: {hand: [c1]}}
play: {object: "hand[0]", optional: {accelerate: "yes", x: no}}
"""
    play = load_text(text).play
    assert play is not None and play.optional == (("accelerate", "yes"), ("x", "no"))


def test_json_text_and_file(tmp_path: Path) -> None:
    data = base()
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    assert load_file(path) == scenario_from_data(data)
    assert load_text(json.dumps(data)) == scenario_from_data(data)


# --- Bad input: one problem, one line, starting with its path ----------------------------------

Edit = Callable[[dict[str, Any]], None]


def _set(path: str, value: object) -> Edit:
    """An edit that sets a dotted path (list indexes as numbers) of the base scenario."""

    def edit(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = data
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return edit


def _delete(path: str) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = data
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        del node[last]

    return edit


def _both(*edits: Edit) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        for e in edits:
            e(data)

    return edit


BAD: list[tuple[str, Edit, str]] = [
    # format and top level
    ("format missing", _delete("format"), "format: missing"),
    ("format wrong", _set("format", "payplan/2"), "format: unknown format 'payplan/2'"),
    ("top-level key", _set("stat", {}), "stat: unknown key 'stat' (did you mean 'state'?)"),
    # unknown keys with suggestions, at every depth
    ("card key", _set("cards.bolt.keyword", {}), "cards.bolt.keyword: unknown key 'keyword' (did you mean 'keywords'?)"),
    ("keyword key", _set("cards.bolt.keywords.flowe", []), "cards.bolt.keywords.flowe: unknown key 'flowe' (did you mean 'flow'?)"),
    ("cost key", _set("cards.bolt.cost.enrgy", 1), "cards.bolt.cost.enrgy: unknown key 'enrgy' (did you mean 'energy'?)"),
    ("rune key", _set("state.you.runes.0.exausted", True), "state.you.runes[0].exausted: unknown key 'exausted' (did you mean 'exhausted'?)"),
    ("play key", _set("play.target", []), "play.target: unknown key 'target' (did you mean 'targets'?)"),
    ("objective key", _set("objective", {"weight": {}}), "objective.weight: unknown key 'weight' (did you mean 'weights'?)"),
    ("non-string key", _set("cards.bolt.cost", {1: 2}), "cards.bolt.cost.1: unknown key 1"),
    # wrong types
    ("bool is not an int", _set("cards.bolt.cost.energy", True), "cards.bolt.cost.energy: expected a whole number, got a boolean (true)"),
    ("float", _set("cards.grunt.might", 2.5), "cards.grunt.might: expected a whole number"),
    ("string number", _set("state.you.xp", "3"), "state.you.xp: expected a whole number"),
    ("list expected", _set("cards.bolt.discounts", {"energy": 1}), "cards.bolt.discounts: expected a list"),
    ("mapping expected", _set("state.you", []), "state.you: expected a mapping"),
    ("bool expected", _set("play.permit", "yes please"), "play.permit: expected true or false"),
    ("int id", _set("state.you.hand.0.id", 7), "state.you.hand[0].id: expected a string"),
    ("card id not a string", _set("cards", {5: {"type": "unit"}}), "cards.5: a card id must be a non-empty string"),
    ("accelerate type", _set("cards.bolt.keywords.accelerate", 1), "cards.bolt.keywords.accelerate: expected true, false or a Cost"),
    # negative and absurd amounts
    ("negative energy", _set("cards.bolt.cost.energy", -1), "cards.bolt.cost.energy: must not be negative"),
    ("negative might", _set("state.you.board.0.might", -3), "state.you.board[0].might: must not be negative"),
    ("absurd energy", _set("cards.bolt.cost.energy", 1001), "cards.bolt.cost.energy: absurd amount 1001"),
    ("absurd power", _set("cards.bolt.cost.power", {"fury": 5000}), "cards.bolt.cost.power.fury: absurd amount 5000"),
    ("absurd count", _set("cards.bolt.cost.other", [{"discard": 10**30}]), "cards.bolt.cost.other[0].discard: absurd amount"),
    ("absurd value", _set("state.you.hand.0.value", 2000), "state.you.hand[0].value: absurd amount 2000"),
    ("absurd xp", _set("state.you.xp", 1_000_001), "state.you.xp: absurd amount"),
    ("huge int", _set("state.played_this_turn", 10**5000), "state.played_this_turn: absurd amount a huge number"),
    ("xp fine at a million", _set("state.you.xp", 1_000_000), ""),
    # unknown words
    ("domain", _set("state.you.runes.1.domain", "firey"), "state.you.runes[1].domain: unknown domain 'firey' (did you mean 'fury'?)"),
    ("power domain", _set("cards.bolt.cost.power", {"clam": 1}), "cards.bolt.cost.power.clam: unknown domain 'clam' (did you mean 'calm'?)"),
    ("card type", _set("cards.grunt.type", "unti"), "cards.grunt.type: unknown card type 'unti' (did you mean 'unit'?)"),
    ("card type missing", _delete("cards.grunt.type"), "cards.grunt.type: missing"),
    ("timing", _set("cards.bolt.timing", "reactoin"), "cards.bolt.timing: unknown timing 'reactoin' (did you mean 'reaction'?)"),
    ("phase", _set("state.phase", "showdwn"), "state.phase: unknown phase 'showdwn' (did you mean 'showdown'?)"),
    ("zone", _set("play.from", "hnad"), "play.from: unknown zone 'hnad' (did you mean 'hand'?)"),
    ("location", _set("state.you.board.0.location", "battle"), "state.you.board[0].location: unknown location 'battle' (did you mean 'battlefield'?)"),
    ("filter type", _set("cards.bolt.cost.other", [{"kill": {"filter": {"type": ["unit", "spel"]}}}]), "cards.bolt.cost.other[0].kill.filter.type[1]: unknown card type 'spel'"),
    ("filter key", _set("cards.bolt.cost.other", [{"kill": {"filter": {"tag": ["x"]}}}]), "cards.bolt.cost.other[0].kill.filter.tag: unknown key 'tag' (did you mean 'tags'?)"),
    ("other kind", _set("cards.bolt.cost.other", [{"discrad": 1}]), "cards.bolt.cost.other[0].discrad: unknown non-standard cost 'discrad' (did you mean 'discard'?)"),
    ("component", _set("cards.bolt.discounts", [{"energy": 1, "component": "totl"}]), "cards.bolt.discounts[0].component: unknown component 'totl' (did you mean 'total'?)"),
    ("condition kind", _set("cards.bolt.discounts", [{"energy": 1, "if": {"form": "trash"}}]), "cards.bolt.discounts[0].if.form: unknown key 'form' (did you mean 'from'?)"),
    ("condition value", _set("cards.bolt.discounts", [{"energy": 1, "if": [{"from": "trsh"}]}]), "cards.bolt.discounts[0].if[0].from: unknown zone 'trsh' (did you mean 'trash'?)"),
    ("amount expression", _set("cards.bolt.discounts", [{"energy": {"max": "mite"}}]), "cards.bolt.discounts[0].energy.max: unknown amount 'mite'"),
    ("amount shape", _set("cards.bolt.discounts", [{"energy": {"most": 1}}]), "cards.bolt.discounts[0].energy: expected a number or an amount expression"),
    ("grant with nothing", _set("cards.grunt.grants", [{"applies_to": {"type": "spell"}}]), "cards.grunt.grants[0]: a grant gives exactly one of"),
    # A granted Repeat instance (issue 24, item 11): `keyword: {repeat: printed|base}`.
    ("granted repeat word", _set("cards.grunt.grants", [{"keyword": {"repeat": "bsae"}}]), "cards.grunt.grants[0].keyword.repeat: unknown granted Repeat 'bsae' (did you mean 'base'?)"),
    ("granted keyword both", _set("cards.grunt.grants", [{"keyword": {"repeat": "base", "flow": "printed"}}]), "cards.grunt.grants[0].keyword: a granted keyword is one of `flow` or `repeat`, not both"),
    ("granted keyword none", _set("cards.grunt.grants", [{"keyword": {}}]), "cards.grunt.grants[0].keyword: missing: give `flow: printed` or `repeat: printed|base`"),
    ("granted keyword key", _set("cards.grunt.grants", [{"keyword": {"repeats": "base"}}]), "cards.grunt.grants[0].keyword.repeats: unknown key 'repeats' (did you mean 'repeat'?)"),
    ("granted repeat and a discount", _set("cards.grunt.grants", [{"keyword": {"repeat": "printed"}, "discount": {"energy": 1}}]), "cards.grunt.grants[0]: a grant gives exactly one of"),
    # Effects that last for the turn (issue 24, item 10).
    ("effect entry key", _set("cards.bolt.effect", {"discounts": [{"discount": {"energy": 1}, "use": 1}]}), "cards.bolt.effect.discounts[0].use: unknown key 'use' (did you mean 'uses'?)"),
    ("effect discount missing", _set("cards.bolt.effect", {"discounts": [{"applies_to": {"type": "spell"}}]}), "cards.bolt.effect.discounts[0]: an effect of `discounts` gives exactly one of `discount`"),
    ("effect grant is a discount", _set("cards.bolt.effect", {"grants": [{"discount": {"energy": 1}}]}), ""),
    ("effect grant gives two", _set("cards.bolt.effect", {"grants": [{"discount": {"energy": 1}, "ignore_deflect": True}]}), "cards.bolt.effect.grants[0]: an effect of `grants` gives exactly one of `discount` or `keyword` or `ignore_deflect` or `ignore`; this one gives discount, ignore_deflect"),
    ("effect uses zero", _set("cards.bolt.effect", {"discounts": [{"discount": {"energy": 1}, "uses": 0}]}), "cards.bolt.effect.discounts[0].uses: an effect is used at least once (or `turn`)"),
    ("effect uses word", _set("cards.bolt.effect", {"discounts": [{"discount": {"energy": 1}, "uses": "trun"}]}), "cards.bolt.effect.discounts[0].uses: unknown number of uses 'trun' (did you mean 'turn'?)"),
    ("effect controller", _set("cards.bolt.effect", {"discounts": [{"discount": {"energy": 1}, "applies_to": {"controller": "opponent"}}]}), "cards.bolt.effect.discounts[0].applies_to.controller: an effect reaches only its own player's plays"),
    ("effect component", _set("cards.bolt.effect", {"discounts": [{"discount": {"energy": 1, "component": "repeat"}}]}), "cards.bolt.effect.discounts[0].discount.component: an effect's discount is a discount of the total"),
    ("state effect id twice", _set("state.you.effects", [{"id": "fx", "discount": {"energy": 1}}, {"id": "fx", "discount": {"energy": 1}}]), "state.you.effects[1].id: effect id 'fx' is used twice"),
    ("state effect two things", _set("state.you.effects", [{"discount": {"energy": 1}, "ignore_deflect": True}]), "state.you.effects[0]: an effect of `state` gives exactly one of"),
    ("state effect key", _set("state.you.effects", [{"discount": {"energy": 1}, "while": {"flag": "x"}}]), "state.you.effects[0].while: unknown key 'while'"),
    ("state effect", _set("state.opponent.effects", [{"keyword": {"repeat": "base"}, "uses": "turn"}]), ""),
    ("granted repeat name", _both(_set("cards.grunt.grants", [{"keyword": {"repeat": "printed"}}]), _set("play.optional", {"repeat.1": "yes"})), ""),
    ("choice with energy", _set("cards.bolt.discounts", [{"energy": 1, "choice": [{"energy": 1}]}]), "cards.bolt.discounts[0].choice: a discount with `choice`"),
    ("choice branch key", _set("cards.bolt.discounts", [{"choice": [{"energy": 1, "id": "x"}]}]), "cards.bolt.discounts[0].choice[0].id: unknown key 'id'"),
    ("leaves_chain", _set("play.leaves_chain", {"by": "countered"}), "play.leaves_chain.by: unknown way to leave the Chain 'countered' (did you mean 'counter'?)"),
    ("ignore", _set("play.ignore", "costs"), "play.ignore: unknown ignore 'costs' (did you mean 'cost'?)"),
    ("base word", _set("play.base", "flow"), "play.base: unknown base 'flow'"),
    ("source cost", _set("state.you.sources.0.costs", ["exhuast"]), "state.you.sources[0].costs[0]: unknown source cost 'exhuast' (did you mean 'exhaust'?)"),
    # an ability's alternative costs (issue 24: Legion Marauder's Empower "[1] or [Body]")
    ("alternatives on a payment", _set("cards.grunt.abilities", [{"id": "pay", "kind": "payment", "cost": {"energy": 1}, "alternatives": [{"energy": 2}]}]), "cards.grunt.abilities[0].alternatives: a payment ability takes no `alternatives`"),
    ("alternative cost key", _set("cards.grunt.abilities", [{"id": "e", "kind": "empower", "cost": {"energy": 1}, "alternatives": [{"enrgy": 1}]}]), "cards.grunt.abilities[0].alternatives[0].enrgy: unknown key 'enrgy' (did you mean 'energy'?)"),
    ("alternatives not a list", _set("cards.grunt.abilities", [{"id": "e", "kind": "empower", "cost": {"energy": 1}, "alternatives": 3}]), "cards.grunt.abilities[0].alternatives: expected a list"),
    # a source cost that kills other objects (issue 24, item 6: Malzahar - Fanatic)
    ("source kill none", _set("state.you.sources.0.costs", [{"kill": 0}]), "state.you.sources[0].costs[0].kill: a `kill` source cost kills at least 1 object, got 0"),
    ("source kill count 0", _set("state.you.sources.0.costs", [{"kill": {"count": 0}}]), "state.you.sources[0].costs[0].kill.count: a `kill` source cost kills at least 1 object, got 0"),
    ("source kill negative", _set("state.you.sources.0.costs", [{"kill": {"count": -2}}]), "state.you.sources[0].costs[0].kill.count: must not be negative"),
    ("source kill null", _set("state.you.sources.0.costs", [{"kill": None}]), "state.you.sources[0].costs[0].kill: expected how many objects each activation kills"),
    ("source kill word", _set("state.you.sources.0.costs", [{"kill": "one"}]), "state.you.sources[0].costs[0].kill: expected a whole number"),
    ("source kill with energy", _set("state.you.sources.0.costs", [{"kill": 1, "energy": 1}]), "state.you.sources[0].costs[0].energy: unknown key 'energy' (expected one of: kill)"),
    ("source kill key", _set("state.you.sources.0.costs", [{"kill": {"cuont": 1}}]), "state.you.sources[0].costs[0].kill.cuont: unknown key 'cuont' (did you mean 'count'?)"),
    ("source kill filter", _set("state.you.sources.0.costs", [{"kill": {"filter": {"type": "untt"}}}]), "state.you.sources[0].costs[0].kill.filter.type: unknown card type 'untt' (did you mean 'unit'?)"),
    ("source kill the opponent's", _set("state.you.sources.0.costs", [{"kill": {"filter": {"controller": "opponent"}}}]), "state.you.sources[0].costs[0].kill.filter.controller: a source's `kill` cost kills objects of yours"),
    ("converter kills", _set("state.you.sources.0", {"id": "u1", "adds": {"energy": 1}, "repeatable": True, "costs": [{"power": {"any": 1}}, {"kill": 1}]}), "state.you.sources[0].repeatable: a repeatable source (a converter) may not kill: its costs take no `{kill: ...}`"),
    # references
    ("unknown card", _set("state.you.hand.0.card", "blot"), "state.you.hand[0].card: unknown card 'blot' (did you mean 'bolt'?)"),
    ("unknown card shorthand", _set("state.you.trash", ["grnut"]), "state.you.trash[0]: unknown card 'grnut' (did you mean 'grunt'?)"),
    ("object card missing", _delete("state.you.board.0.card"), "state.you.board[0].card: missing"),
    ("unknown play object", _set("play.object", "h2"), "play.object: unknown object 'h2' (did you mean 'h1'?)"),
    ("unknown target", _set("play.targets", ["e1", "e7"]), "play.targets[1]: unknown object 'e7' (did you mean 'e1'?)"),
    ("unknown source", _set("state.you.sources.0.id", "u9"), "state.you.sources[0].id: unknown object 'u9' (did you mean 'u1'?)"),
    ("source of the other player", _set("state.you.sources.0.id", "e1"), "state.you.sources[0].id: a source must be yours, and 'e1' is the opponent's"),
    ("duplicate id", _set("state.you.trash.0.id", "h1"), "state.you.trash[0].id: duplicate id 'h1' (also at state.you.hand[0].id)"),
    ("duplicate across players", _set("state.opponent.board.0.id", "u1"), "state.opponent.board[0].id: duplicate id 'u1' (also at state.you.board[0].id)"),
    ("duplicate rune and object", _set("state.you.hand.0.id", "r1"), "state.you.hand[0].id: duplicate id 'r1' (also at state.you.runes[0].id)"),
    ("c in the pool", _set("state.you.pool", {"power": {"c": 1}}), "state.you.pool.power.c: `c` ([C]) is the domain of a card"),
    ("other in the pool", _set("state.you.pool", {"other": [{"discard": 1}]}), "state.you.pool.other: only Energy and Power"),
    ("c in a source", _set("state.you.sources.0.adds", {"power": {"c": 1}}), "state.you.sources[0].adds.power.c: `c`"),
    ("absurd pips", _set("cards.bolt.cost.power", {"fury": 11, "any": 10}), "cards.bolt.cost.power: absurd amount: 21 Power pips (at most 20)"),
    ("absurd deflect", _set("cards.bolt.keywords.deflect", 21), "cards.bolt.keywords.deflect: absurd amount 21"),
    # granted and gained Deflect (issue 24, item 2)
    ("granted deflect absurd", _set("cards.grunt.grants", [{"deflect": 21}]), "cards.grunt.grants[0].deflect: absurd amount 21 (at most 20)"),
    ("granted deflect zero", _set("cards.grunt.grants", [{"deflect": 0}]), "cards.grunt.grants[0].deflect: a granted Deflect is at least 1"),
    ("granted deflect negative", _set("cards.grunt.grants", [{"deflect": -1}]), "cards.grunt.grants[0].deflect: must not be negative"),
    ("granted deflect not a number", _set("cards.grunt.grants", [{"deflect": "2"}]), "cards.grunt.grants[0].deflect: expected a whole number"),
    ("granted deflect and a discount", _set("cards.grunt.grants", [{"deflect": 1, "discount": {"energy": 1}}]), "cards.grunt.grants[0]: a grant gives exactly one of `discount`, `increase`, `ignore_deflect: true`, `keyword: {flow: printed}` / `{repeat: printed|base}`, `alternative`, `deflect`; this one gives 2"),
    ("granted deflect once per turn", _set("cards.grunt.grants", [{"deflect": 1, "once_per_turn": True}]), "cards.grunt.grants[0].once_per_turn: a `deflect` grant is no play's modifier"),
    ("granted deflect fine", _set("cards.grunt.grants", [{"deflect": 2, "applies_to": {"self": True}, "while": {"might_at_least": 5}}]), ""),
    ("self false", _set("cards.grunt.grants", [{"deflect": 1, "applies_to": {"self": False}}]), "cards.grunt.grants[0].applies_to.self: expected true (the granting object itself), got a boolean (false)"),
    ("self outside a grant", _set("cards.bolt.cost.other", [{"kill": {"filter": {"self": True}}}]), "cards.bolt.cost.other[0].kill.filter.self: `self` names the granting object: it is read only in a grant's `applies_to`"),
    ("self in a condition", _set("cards.grunt.grants", [{"deflect": 1, "while": {"controls": {"self": True}}}]), "cards.grunt.grants[0].while.controls.self: `self` names the granting object"),
    ("object deflect absurd", _set("state.opponent.board.0.deflect", 21), "state.opponent.board[0].deflect: absurd amount 21 (at most 20)"),
    ("object deflect bool", _set("state.opponent.board.0.deflect", True), "state.opponent.board[0].deflect: expected a whole number, got a boolean (true)"),
    ("object deflect in hand", _set("state.you.hand.0.deflect", 1), "state.you.hand[0].deflect: Deflect from an effect is a board object's: an object in the hand has none"),
    ("object deflect fine", _set("state.opponent.board.0.deflect", 20), ""),
    ("might_at_least not a number", _set("cards.grunt.grants", [{"deflect": 1, "while": {"might_at_least": "5"}}]), "cards.grunt.grants[0].while.might_at_least: expected a whole number"),
    ("might_at_least negative", _set("cards.grunt.grants", [{"deflect": 1, "while": {"might_at_least": -1}}]), "cards.grunt.grants[0].while.might_at_least: must not be negative"),
    # the play
    ("play names nothing", _set("play", {"targets": ["e1"]}), "play: the play names no object"),
    ("card not in zone", _set("play", {"card": "grunt", "from": "hand"}), "play.card: no 'grunt' in your hand to play"),
    ("play a rune", _set("play.object", "r1"), "play.object: 'r1' is a rune"),
    ("card disagrees", _set("play.card", "grunt"), "play.card: 'h1' is a 'bolt', not a 'grunt'"),
    ("flow index", _set("play.base", {"flow": 1}), "play.base.flow: no Flow instance 1: 'bolt' has 1 (0 to 0)"),
    ("flow on a card without", _both(_set("cards.bolt.keywords", {}), _set("play.base", {"flow": 0})), "play.base.flow: no Flow instance 0: 'bolt' has no Flow"),
    ("play_for missing", _set("play.base", "play_for"), "play.base: `base: play_for` needs `play_for`"),
    ("optional mandatory", _set("play.optional", {"must": "yes"}), "play.optional.must: 'must' is a mandatory cost of 'bolt', not optional"),
    ("optional twice", _set("play.optional", {"repeat": "yes", "repeat.0": "no"}), "play.optional.repeat.0: 'repeat.0' is listed twice"),
    ("optional choice", _set("play.optional", {"extra": "maybe"}), "play.optional.extra: unknown choice 'maybe'"),
    ("optional accelerate absent", _set("cards.bolt.keywords", {"flow": [{"energy": 1}]}), ""),
    # the objective
    ("unknown weight", _set("objective", {"weights": {"discrad": 1}}), "objective.weights.discrad: unknown key 'discrad' (did you mean 'discard'?)"),
    ("negative weight", _set("objective", {"weights": {"discard": -1}}), "objective.weights.discard: must not be negative"),
    ("unknown benefit", _set("objective", {"benefits": {"extar": 1}}), "objective.benefits.extar: unknown optional cost 'extar' (did you mean 'extra'?)"),
    # additional costs
    ("additional cost id missing", _delete("cards.bolt.additional_costs.0.id"), "cards.bolt.additional_costs[0].id: missing"),
    ("additional cost reserved id", _set("cards.bolt.additional_costs.0.id", "repeat.2"), "cards.bolt.additional_costs[0].id: 'repeat.2' is the name of a keyword's cost"),
    ("additional cost duplicate", _set("cards.bolt.additional_costs.1.id", "extra"), "cards.bolt.additional_costs[1].id: duplicate additional cost id 'extra'"),
    # board conditions as state (issue 24, item 9)
    ("score negative", _set("state.you.score", -1), "state.you.score: must not be negative"),
    ("score absurd", _set("state.opponent.score", 1001), "state.opponent.score: absurd amount 1001"),
    ("score not a number", _set("state.you.score", "5"), "state.you.score: expected a whole number"),
    ("victory score zero", _set("state.victory_score", 0), "state.victory_score: the points to win are at least 1"),
    ("victory score absurd", _set("state.victory_score", 5000), "state.victory_score: absurd amount 5000"),
    ("stunned not a boolean", _set("state.you.board.0.stunned", "yes"), "state.you.board[0].stunned: expected true or false"),
    ("stunned in hand", _set("state.you.hand.0.stunned", True), "state.you.hand[0].stunned: only an object on the board is stunned"),
    ("stunned filter", _set("cards.bolt.discounts", [{"energy": 1, "if": {"controls": {"stunned": 1}}}]), "cards.bolt.discounts[0].if.controls.stunned: expected true or false"),
    ("score condition", _set("cards.bolt.discounts", [{"energy": 1, "if": {"score_at_least": -2}}]), "cards.bolt.discounts[0].if.score_at_least: must not be negative"),
    ("opponent score condition", _set("cards.bolt.discounts", [{"energy": 1, "if": {"opponent_score_at_least": "x"}}]), "cards.bolt.discounts[0].if.opponent_score_at_least: expected a whole number"),
    ("within condition", _set("cards.bolt.discounts", [{"energy": 1, "if": {"within_of_victory": 1001}}]), "cards.bolt.discounts[0].if.within_of_victory: absurd amount"),
    ("opponent controls", _set("cards.bolt.discounts", [{"energy": 1, "if": {"opponent_controls": {"typ": "unit"}}}]), "cards.bolt.discounts[0].if.opponent_controls.typ: unknown key 'typ' (did you mean 'type'?)"),
    ("condition typo", _set("cards.bolt.discounts", [{"energy": 1, "if": {"score_at_leest": 1}}]), "cards.bolt.discounts[0].if.score_at_leest: unknown key 'score_at_leest' (did you mean 'score_at_least'?)"),
    # named battlefields (issue 24, items 2 and 11)
    ("battlefield card type", _set("state.battlefields", [{"id": "b1", "card": "grunt"}]), "state.battlefields[0].card: 'grunt' is a unit: a battlefield's card has `type: battlefield`"),
    ("battlefield unknown card", _set("state.battlefields", [{"id": "b1", "card": "vortx"}]), "state.battlefields[0].card: unknown card 'vortx'"),
    ("battlefield id missing", _set("state.battlefields", [{"card": "vortex"}]), "state.battlefields[0].id: missing"),
    ("battlefield key", _set("state.battlefields", [{"id": "b1", "card": "vortex", "owner": "you"}]), "state.battlefields[0].owner: unknown key 'owner'"),
    ("battlefield id clash", _set("state.battlefields", [{"id": "u1", "card": "vortex"}]), "state.you.board[0].id: duplicate id 'u1' (also at state.battlefields[0].id)"),
    ("battlefield card in hand", _set("state.you.hand", [{"id": "h1", "card": "bolt"}, {"id": "h2", "card": "vortex"}]), "state.you.hand[1].card: 'vortex' is a battlefield: it goes in `state.battlefields`"),
    ("location unknown", _set("state.you.board.0.location", "b9"), "state.you.board[0].location: unknown location 'b9'"),
    ("showdown_at unknown", _both(_set("state.phase", "showdown"), _set("state.showdown_at", "b9")), "state.showdown_at: no battlefield 'b9' in `state.battlefields`"),
    ("showdown_at outside showdown", _both(_set("state.battlefields", [{"id": "b1", "card": "vortex"}]), _set("state.showdown_at", "b1")), "state.showdown_at: the showdown's battlefield is named only in phase showdown"),
    ("here not true", _set("cards.vortex.grants", [{"increase": {"energy": 1}, "while": {"here": False}}]), "cards.vortex.grants[0].while.here: expected true"),
    ("here on a unit", _set("cards.grunt.grants", [{"increase": {"energy": 1}, "while": {"here": True}}]), "cards.grunt.grants[0].while.here: `here` is a battlefield's condition"),
    ("here in a source", _set("state.you.sources.0.while", {"here": True}), "state.you.sources[0].while.here: `here` is a battlefield's condition"),
    ("only_here alone", _set("cards.vortex.grants", [{"increase": {"energy": 1}, "only_here": True}]), "cards.vortex.grants[0].only_here: `only_here` goes with `ignore_deflect: true`"),
    ("only_here on a unit", _set("cards.grunt.grants", [{"ignore_deflect": True, "only_here": True}]), "cards.grunt.grants[0].only_here: `only_here` is on a battlefield's grant"),
    ("battlefield grant controller", _set("cards.vortex.grants", [{"increase": {"energy": 1}, "applies_to": {"controller": "opponent"}}]), "cards.vortex.grants[0].applies_to.controller: a battlefield has no controller"),
    ("battlefield grant self", _set("cards.vortex.grants", [{"increase": {"energy": 1}, "applies_to": {"self": True}}]), "cards.vortex.grants[0].applies_to.self: a battlefield is no object a play can name"),
    ("battlefield grant deflect", _set("cards.vortex.grants", [{"deflect": 1, "applies_to": {"type": "unit"}}]), "cards.vortex.grants[0].deflect: a battlefield grants no Deflect"),
    ("units_at count missing", _set("cards.bolt.discounts", [{"energy": 1, "if": {"units_at": {"where": "any"}}}]), "cards.bolt.discounts[0].if.units_at.count: missing"),
    ("units_at where", _set("cards.bolt.discounts", [{"energy": 1, "if": {"units_at": {"count": 2, "where": "there"}}}]), "cards.bolt.discounts[0].if.units_at.where: unknown battlefield 'there'"),
    ("timing filter", _set("cards.vortex.grants", [{"increase": {"energy": 1}, "applies_to": {"timing": "reactoin"}}]), "cards.vortex.grants[0].applies_to.timing: unknown timing 'reactoin' (did you mean 'reaction'?)"),
    ("play a battlefield", _both(_set("state.battlefields", [{"id": "b1", "card": "vortex"}]), _set("play.object", "b1")), "play.object: 'b1' is a battlefield, not a card you can play"),
]


@pytest.mark.parametrize(
    ("edit", "reason"),
    [(_set("play.object", "u1"), "zone: u1 is in board"),
     (_set("play.from", "trash"), "zone: h1 is in hand, not in trash"),
     # The opponent's card, an optional cost the card does not have: well-formed files asking
     # for plays the rules forbid.
     (_set("play.object", "e1"), "zone: e1 is in the opponent's board: you play only your own"),
     (_set("play.optional", {"extr": "yes"}),
      "optional: Bolt has no optional cost extr (it has: accelerate, repeat, extra)"),
     (_set("play.optional", {"repeat.1": "yes"}), "optional: Bolt has no optional cost repeat.1"),
     (_both(_set("cards.grunt.grants", [{"keyword": {"repeat": "printed"}}]),
            _set("play.optional", {"repeat.2": "yes"})),
      "optional: Bolt has no optional cost repeat.2")],
    ids=["play from the board", "from disagrees", "the opponent's", "optional unknown",
         "optional repeat index", "granted repeat name too far"],
)
def test_wrong_zone_is_an_illegal_play_not_a_bad_file(edit: Edit, reason: str) -> None:
    """The spec answers a play from the wrong zone, of the opponent's card, or with an optional
    cost the card does not have with status `illegal` and the reason, not a file error."""
    from payplan.planner.riftbound.plan import plan

    data = base()
    edit(data)
    result = plan(scenario_from_data(data))
    assert result.status == "illegal"
    assert any(r.startswith(reason) for r in result.reasons), result.reasons


@pytest.mark.parametrize(("edit", "expected"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_bad_input(edit: Edit, expected: str) -> None:
    data = base()
    edit(data)
    if expected == "":
        scenario_from_data(data)  # a control: this one is fine
        return
    lines = problems(data)
    assert any(line.startswith(expected) for line in lines), lines


def test_source_kill_atoms_read_and_the_payment_names_the_victims() -> None:
    """`{kill: N}` and `{kill: {count, filter}}` in a source's costs (issue 24, item 6) are kill
    OtherCosts; `payment.source_kills` names what each source killed (read by `check`)."""
    data = base()
    data["state"]["you"]["sources"][0]["costs"] = [
        "exhaust", {"kill": 2}, {"kill": {"filter": {"type": ["unit", "gear"]}}}]
    costs = scenario_from_data(data).state.you.sources[0].costs
    assert costs == ("exhaust", OtherCost("kill", 2), OtherCost("kill", 1, Filter(type=("unit", "gear"))))
    data["payment"] = {"sources": ["u1"], "source_kills": [{"source": "u1", "kill": ["x1", "x2"]}]}
    _, payment, _ = check_from_data(data)
    assert payment.source_kills == (("u1", ("x1", "x2")),)
    data["payment"] = {"source_kills": [{"kill": ["u1"]}]}
    with pytest.raises(ScenarioError) as info:
        check_from_data(data)
    assert "payment.source_kills[0].source: missing" in info.value.lines[0]


def test_optional_names_need_the_cards_keywords() -> None:
    """Asking for Accelerate the card does not have is an illegal play (declining a Repeat it
    does not have is no request at all)."""
    from payplan.planner.riftbound.plan import plan

    data = base()
    data["cards"]["bolt"]["keywords"] = {"flow": [{"energy": 1}]}
    data["play"]["optional"] = {"accelerate": "yes", "repeat": "no"}
    result = plan(scenario_from_data(data))
    assert result.status == "illegal"
    assert [r for r in result.reasons if r.startswith("optional")] == [
        "optional: Bolt has no optional cost accelerate (it has: extra)"]


def test_several_problems_give_several_lines() -> None:
    data = base()
    data["format"] = "payplan/0"
    data["cards"]["bolt"]["cost"]["energy"] = -2
    data["state"]["you"]["runes"][0]["domain"] = "firey"
    data["play"]["targets"] = ["nobody"]
    assert problems(data) == [
        "format: unknown format 'payplan/0' (expected 'payplan/1')",
        "cards.bolt.cost.energy: must not be negative, got -2",
        "state.you.runes[0].domain: unknown domain 'firey' (did you mean 'fury'?)",
        "play.targets[0]: unknown object 'nobody'",
    ]


def test_a_bad_card_definition_does_not_pile_up_play_problems() -> None:
    data = base()
    data["cards"]["bolt"]["keywords"]["flow"] = "two"
    data["play"]["base"] = {"flow": 0}
    assert problems(data) == ["cards.bolt.keywords.flow: expected a list, got the string 'two'"]


@pytest.mark.parametrize(
    "data",
    [None, [], "payplan/1", 3, {"format": "payplan/1", "cards": []}, {"format": "payplan/1", "state": "x"}],
)
def test_wrong_shapes(data: object) -> None:
    assert problems(data)


def test_top_level_not_a_mapping() -> None:
    assert problems([1]) == [
        "(top level): expected a mapping with the keys format, cards, state, play, objective, turn, "
        "got a list"
    ]


def test_require_play() -> None:
    data = base()
    del data["play"]
    assert scenario_from_data(data).play is None
    assert problems(data, require_play=True) == ["play: missing (this command plans one play)"]


def test_null_means_absent() -> None:
    s = load_text("format: payplan/1\ncards:\nstate:\n  you:\n    hand:\nplay:\n")
    assert s == Scenario()


def test_bad_files(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError) as info:
        load_file(tmp_path / "missing.yaml")
    assert info.value.lines == (f"{tmp_path / 'missing.yaml'}: cannot read the file: No such file or directory",)

    broken = tmp_path / "broken.yaml"
    broken.write_text("format: payplan/1\nstate: {you: [1,\n")
    with pytest.raises(ScenarioError) as info:
        load_file(broken)
    (line,) = info.value.lines
    assert line.startswith(f"{broken}:3:1: invalid YAML")

    broken_json = tmp_path / "broken.json"
    broken_json.write_text('{"format": "payplan/1",\n "cards": {,}}')
    with pytest.raises(ScenarioError) as info:
        load_file(broken_json)
    assert info.value.lines == (f"{broken_json}:2:12: invalid JSON: Expecting property name enclosed in double quotes",)

    binary = tmp_path / "binary.yaml"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(ScenarioError) as info:
        load_file(binary)
    assert info.value.lines[0].startswith(f"{binary}: cannot read the file")

    with pytest.raises(ScenarioError):
        load_file(tmp_path)  # a directory


@pytest.mark.slow
@pytest.mark.parametrize(
    "text",
    [
        "a: b: c",
        "[" * 5000,
        "{" * 5000,
        "x: 2024-13-45",
        "x: !!python/object:os.system {}",
        "--- 1\n--- 2\n",
        "x: " + "9" * 5000,
        "? [a, b]\n: 1",
        "a: &a [*a]",
        "\t- x",
    ],
)
def test_syntax_garbage(text: str) -> None:
    with pytest.raises(ScenarioError):
        load_text(text, "garbage.yaml")
    with pytest.raises(ScenarioError):
        load_text(text, "garbage.json")


def test_line_and_column_of_a_yaml_error() -> None:
    with pytest.raises(ScenarioError) as info:
        load_text("format: payplan/1\ncards:\n  x: {type: unit\n", "f.yaml")
    assert info.value.lines[0].startswith("f.yaml:4:1: invalid YAML")


# --- Fuzzing ------------------------------------------------------------------------------------

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**6), max_value=10**6)
    | st.integers()
    | st.floats(allow_nan=True)
    | st.text(max_size=8)
    | st.sampled_from(
        ["fury", "calm", "any", "c", "unit", "spell", "hand", "trash", "h1", "e1", "r1", "t1",
         "yes", "auto", "flow", "might", "payplan/1", "exhaust", "bolt", "grunt", "repeat.1"]
    )
)
keys = st.text(max_size=8) | st.sampled_from(
    ["format", "cards", "state", "play", "energy", "power", "other", "type", "id", "card", "if",
     "flow", "discard", "count", "filter", "runes", "you", "opponent", "object", "base", "max"]
)
garbage = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(keys | st.integers(), children, max_size=4),
    max_leaves=30,
)


def _only_scenario_errors(data: object) -> None:
    try:
        scenario_from_data(data)
    except ScenarioError as err:
        assert err.lines and all(isinstance(p, str) and ": " in p for p in err.lines)


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(garbage)
def test_garbage_only_raises_scenario_error(data: object) -> None:
    _only_scenario_errors(data)
    _only_scenario_errors({"format": "payplan/1", "cards": data, "state": data, "play": data})


def _paths(node: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out.extend(_paths(v, prefix + (k,)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.extend(_paths(v, prefix + (i,)))
    return out


VALID_DATA = [yaml.safe_load(p.read_text()) for p in EXAMPLE_FILES] + [base()]


@pytest.mark.slow
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_examples_only_raise_scenario_error(data: st.DataObject) -> None:
    doc = copy.deepcopy(data.draw(st.sampled_from(VALID_DATA)))
    for _ in range(data.draw(st.integers(1, 4))):
        paths = [p for p in _paths(doc) if p]
        if not paths:
            break
        path = data.draw(st.sampled_from(paths))
        parent: Any = doc
        for key in path[:-1]:
            parent = parent[key]
        last: Any = path[-1]
        action = data.draw(st.sampled_from(["replace", "delete", "rename"]))
        if action == "replace" or isinstance(parent, list):
            parent[last] = data.draw(garbage)
        elif action == "delete":
            del parent[last]
        else:
            parent[data.draw(keys)] = parent.pop(last)
    _only_scenario_errors(doc)


# --- Size ---------------------------------------------------------------------------------------


def test_a_five_thousand_card_hand_and_two_thousand_runes() -> None:
    data = base()
    you = data["state"]["you"]
    you["hand"] = [{"id": f"h{i}", "card": "bolt"} for i in range(5000)]
    you["trash"] = ["grunt"] * 3000
    you["runes"] = [{"id": f"r{i}", "domain": "fury"} for i in range(2000)]
    data["play"] = {"object": "h4999", "targets": [f"h{i}" for i in range(1000)]}
    s = load_text(json.dumps(data), "big.json")
    assert len(s.state.you.hand) == 5000 and len(s.state.you.runes) == 2000
    assert s.play is not None and s.play.object == "h4999"


def test_many_problems_in_a_big_file_are_all_reported() -> None:
    data = base()
    data["state"]["you"]["hand"] = [{"id": f"h{i}", "card": f"nope{i}"} for i in range(2000)]
    data["cards"].update({f"card{i}": {"type": "unit"} for i in range(2000)})
    assert len(problems(data)) == 2000
