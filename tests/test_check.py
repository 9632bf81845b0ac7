"""`payplan check`: a payment the player chose, checked for both games (issue 21).

Hand-worked cases per game (a legal payment, each kind of illegal one, a gap above 0, bad
files), the command line, `serve` and `batch`, and the checker against the planner on generated
plays: every plan's own payment is legal with gap 0 (with its choices named and without), and a
mutated payment is refused or scores no better than the plan (objective, and with the plan's
choices named, score).
"""

from __future__ import annotations

import copy
import itertools
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from mtg_cases import scenario as mtg_scenario
from mtg_reference.strategies import cast_strategy, random_cast
from strategies import real_card_scenarios, scenarios
from test_rulesets import check_shape

import payplan
from payplan.engine.problems import ScenarioError
from payplan.planner.answers import Check
from payplan.planner.commands import answer

ROOT = Path(__file__).resolve().parent.parent
SKY = ROOT / "examples" / "01-sky-splitter-order.yaml"
ALTAR = ROOT / "examples" / "mtg" / "07-altar-creatures-vs-treasures.yaml"


def read(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def check(data: dict[str, Any], payment: object, **choices: object) -> Check:
    """`payplan check` on the data with this payment and these choices (through the command
    table, as the command line, serve and batch answer); its JSON is in the schema."""
    result = answer("check", {**data, "payment": payment, **choices})
    assert isinstance(result, Check)
    check_shape("check", result.to_json())
    assert result.exit_code == (0 if result.legal else 1)
    return result


def refused(result: Check, *fragments: str) -> None:
    """Not legal, and one problem holds every fragment."""
    assert not result.legal and result.score is None and result.gap is None
    assert any(all(f in p for f in fragments) for p in result.problems), result.problems
    assert all(": " in p for p in result.problems)


# --- payplan/1, hand-worked ---------------------------------------------------------------------
#
# Sky Splitter ([8][fury], less the highest Might: 7) with Eager Apprentice ([1] less, to a
# minimum of [1]): apprentice first gives [fury]; the other order [1][fury]. Runes: r1 fury
# exhausted (recycle 3), r2 fury ready (exhaust 1, recycle 3 + 1), r3 mind ready.


def test_payplan_the_best_payment_is_legal_with_gap_0() -> None:
    result = check(read(SKY), {"recycle": [{"rune": "r1", "pays": "fury"}]})
    assert result.legal and result.problems == ()
    assert (result.score, result.optimal_score, result.gap) == (3, 3, 0)
    assert result.total == {"power": {"fury": 1}}
    assert result.spent == {"energy": 0, "power": {"fury": 1}}
    assert result.choices["discount_order"] == ["eager-apprentice", "sky-splitter"]


def test_payplan_a_dearer_payment_is_legal_with_its_gap() -> None:
    # Recycling the ready r2 instead: 3 + 1 (it is used up) = 4.
    result = check(read(SKY), {"recycle": [{"rune": "r2"}]})
    assert result.legal and (result.score, result.gap) == (4, 1)
    # Exhausting r3 for Energy nobody needs, and recycling r1: 1 + 3; the Energy stays in the pool.
    result = check(read(SKY), {"exhaust": ["r3"], "recycle": [{"rune": "r1"}]})
    assert result.legal and (result.score, result.gap) == (4, 1)


def test_payplan_a_named_discount_order_prices_the_total_it_gives() -> None:
    order = ["sky-splitter", "eager-apprentice"]  # [8] - 7 = [1], then the minimum of [1] binds
    result = check(read(SKY), {"exhaust": ["r3"], "recycle": [{"rune": "r1"}]},
                   discount_order=order)
    assert result.legal and result.total == {"energy": 1, "power": {"fury": 1}}
    assert (result.score, result.gap, result.choices["discount_order"]) == (4, 1, order)
    refused(check(read(SKY), {"recycle": [{"rune": "r1"}]}, discount_order=order),
            "payment: does not cover [1][fury]")
    # Left out, the order is the one the plan would take for that payment: the cheap one.
    assert check(read(SKY), {"recycle": [{"rune": "r1"}]}).choices["discount_order"] == order[::-1]


@pytest.mark.parametrize("payment, fragments", [
    ({"recycle": [{"rune": "r9"}]}, ("payment: no rune r9 on your board",)),
    ({"exhaust": ["r1"], "recycle": [{"rune": "r1"}]}, ("r1 is already exhausted",)),
    ({"recycle": [{"rune": "r1"}, {"rune": "r1"}]}, ("rune r1 is recycled twice",)),
    ({}, ("payment: does not cover [fury]",)),
    ({"recycle": [{"rune": "r3"}]}, ("does not cover [fury]", "[mind]")),
    ({"recycle": [{"rune": "r1", "pays": "calm"}]}, ("rune r1 is a fury rune", "[calm] pip")),
    ({"pool": {"energy": 1}, "recycle": [{"rune": "r1"}]}, ("takes 1 Energy from the pool",)),
    ({"recycle": [{"rune": "r1"}], "sources": ["s1"]}, ("payment: no source s1",)),
    ({"recycle": [{"rune": "r1"}], "other": [{"discard": ["h1"]}]}, ("1 non-standard payments "
                                                                      "for 0",)),
])
def test_payplan_each_kind_of_illegal_payment(payment: dict[str, Any],
                                              fragments: tuple[str, ...]) -> None:
    refused(check(read(SKY), payment), *fragments)


def test_payplan_choices_the_play_may_not_make() -> None:
    payment = {"recycle": [{"rune": "r1"}]}
    refused(check(read(SKY), payment, base={"kind": "flow"}), "base: not a base cost",
            "printed [8][fury]")
    refused(check(read(SKY), payment, discount_order=["sky-splitter"]),
            "discount_order: not an order", "sky-splitter, eager-apprentice")
    refused(check(read(SKY), payment, paid_optional=["accelerate"]),
            "paid_optional[0]: Sky Splitter has no optional cost 'accelerate'")


NON_STANDARD = """
format: payplan/1
cards:
  patron: {name: Cruel Patron, type: unit, domains: [fury], cost: {energy: 1}, might: 3,
           additional_costs: [{id: toll, mandatory: true, cost: {other: [{kill: {count: 1, filter: {type: unit}}}]}}]}
  grunt: {name: Grunt, type: unit, domains: [fury], cost: {energy: 1}, might: 1}
  seal: {name: Seal, type: gear, domains: [calm], cost: {energy: 1}}
state:
  you:
    runes: [{id: r1, domain: fury}, {id: r2, domain: fury}]
    hand: [{id: h1, card: patron}, {id: h2, card: grunt}]
    board: [{id: u1, card: grunt}, {id: u2, card: grunt, value: 9}, {id: g1, card: seal, exhausted: true}]
    sources: [{id: g1, adds: {energy: 1}, costs: [exhaust]}]
play: {object: h1}
"""


def test_payplan_non_standard_costs_and_sources() -> None:
    data = yaml.safe_load(NON_STANDARD)
    best = check(data, {"exhaust": ["r1"], "other": [{"kill": ["u1"]}]})
    assert best.legal and (best.score, best.gap) == (6, 0)  # exhaust 1, kill 5
    dearer = check(data, {"exhaust": ["r1"], "other": [{"kill": ["u2"]}]})
    assert dearer.legal and (dearer.score, dearer.gap) == (10, 4)  # u2's value is 9
    refused(check(data, {"exhaust": ["r1"], "other": [{"kill": ["h2"]}]}),
            "h2 (grunt, in hand) can't pay it")
    refused(check(data, {"exhaust": ["r1"], "other": [{"kill": ["u1", "u2"]}]}),
            "needs 1, the payment gives 2")
    refused(check(data, {"exhaust": ["r1"], "other": [{"discard": ["h2"]}]}),
            "pays discard where the total asks for {kill 1 type=unit}")
    refused(check(data, {"exhaust": ["r1"]}), "0 non-standard payments for 1")
    refused(check(data, {"exhaust": ["r1"], "other": [{"kill": ["g1"]}]}), "g1", "can't pay it")
    refused(check(data, {"sources": ["g1"], "other": [{"kill": ["u1"]}]}),
            "source g1 can't pay for this play")


def test_payplan_bad_files_are_exit_2() -> None:
    data = read(SKY)
    for payment, line in [
        (3, "payment: expected a mapping, got the number 3"),
        ({"recycle": [{"pays": "fury"}]}, "payment.recycle[0].rune: missing"),
        ({"exhaust": [1]}, "payment.exhaust[0]: expected a string"),
        ({"exhaus": []}, "payment.exhaus: unknown key 'exhaus' (did you mean 'exhaust'?)"),
        ({"other": [{"dicsard": ["h2"]}]}, "payment.other[0].dicsard: unknown non-standard cost"),
        ({"recycle": [{"rune": "r1", "pays": "firey"}]}, "payment.recycle[0].pays: unknown pip"),
    ]:
        with pytest.raises(ScenarioError) as err:
            answer("check", {**data, "payment": payment})
        assert any(str(p).startswith(line) for p in err.value.problems), err.value.lines
    with pytest.raises(ScenarioError) as missing:
        answer("check", data)
    assert [str(p) for p in missing.value.problems] == [
        "payment: missing (the payment to check, in the shape `payplan plan --json` prints it)"]
    with pytest.raises(ScenarioError) as bad_choice:
        answer("check", {**data, "payment": {}, "paid": {"accelerate": 0}, "base": {"kind": "x"}})
    lines = [str(p) for p in bad_choice.value.problems]
    assert any(x.startswith("base.kind: unknown base kind 'x'") for x in lines), lines
    assert any(x.startswith("paid.accelerate: an optional cost listed is paid at least once")
               for x in lines), lines


@pytest.mark.parametrize("path", [SKY, ALTAR])
@pytest.mark.parametrize("command", ["plan", "hand", "orders", "play"])
def test_the_other_commands_refuse_a_payment_with_one_clear_line(path: Path, command: str) -> None:
    data = {**read(path), "payment": {}}
    with pytest.raises(ScenarioError) as err:
        answer(command, data)
    assert [str(p) for p in err.value.problems] == [
        "payment: a payment is read by `payplan check` only; this command plans the payment "
        "itself"]
    choice = "discount_order" if path == SKY else "cast"
    with pytest.raises(ScenarioError) as err:
        answer(command, {**read(path), choice: []})
    assert [str(p) for p in err.value.problems][0].startswith(
        f"{choice}: a choice of the payment `payplan check` reads; this command makes its own")


# --- mtg/1, hand-worked -------------------------------------------------------------------------
#
# Example 07: {1}{R}; two Treasures (tap, sacrifice: any color; sacrifice 5 each), or Phyrexian
# Altar sacrificing a Goblin (value 8 each): the Treasures score 10, the Altar 16.

TREASURES = {"sources": [{"id": "t1", "adds": "{R}", "costs": ["tap", "sacrifice_self"]},
                         {"id": "t2", "adds": "{R}", "costs": ["tap", "sacrifice_self"]}]}


def test_mtg_the_best_payment_is_legal_with_gap_0() -> None:
    result = check(read(ALTAR), TREASURES)
    assert result.legal and (result.score, result.optimal_score, result.gap) == (10, 10, 0)
    assert result.total == {"mana": "{1}{R}", "life": 0, "other": []}
    assert result.spent == {"mana": 2, "convoke": 0, "improvise": 0, "delve": 0, "life": 0,
                            "life_for": 0}
    assert result.choices == {"cast": "normal", "x": None, "paid": {},
                              "announced": {"hybrid": [], "phyrexian": []}}


def test_mtg_a_dearer_payment_is_legal_with_its_gap() -> None:
    altar = {"sources": [{"id": "a1", "adds": "{R}", "costs": ["sacrifice c1"]},
                         {"id": "a1", "adds": "{G}", "costs": ["sacrifice c2"]}]}
    result = check(read(ALTAR), altar)
    assert result.legal and (result.score, result.gap) == (16, 6)


@pytest.mark.parametrize("payment, fragments", [
    ({"sources": [{"id": "a1", "adds": "{R}", "costs": ["sacrifice c1"]},
                  {"id": "a1", "adds": "{G}", "costs": ["sacrifice c1"]}]},
     ("payment: c1 leaves the battlefield twice",)),
    ({"sources": [{"id": "t1", "adds": "{R}", "costs": ["tap"]},
                  {"id": "t2", "adds": "{R}", "costs": ["tap", "sacrifice_self"]}]},
     ("payment.sources[0]: costs:", "expected ['tap', 'sacrifice_self']")),
    ({"sources": [{"id": "a1", "adds": "{R}", "costs": ["sacrifice t1"]},
                  {"id": "t2", "adds": "{R}", "costs": ["tap", "sacrifice_self"]}]},
     ("payment.sources[0]: costs:",)),
    ({"sources": [{"id": "t1", "adds": "{R}", "costs": ["tap", "sacrifice_self"]},
                  {"id": "t1", "adds": "{R}", "costs": ["tap", "sacrifice_self"]}]},
     ("payment.sources[1]: t1 activates a mana ability again",)),
    ({"sources": [{"id": "c1", "adds": "{R}", "costs": ["tap"]}]},
     ("payment.sources[0]: c1 has no mana ability",)),
    ({"sources": [{"id": "t1", "adds": "{C}", "costs": ["tap", "sacrifice_self"]}]},
     ("t1 has no mana ability that adds {C}",)),
    ({"sources": [{"id": "t9", "adds": "{R}", "costs": ["tap"]}]},
     ("payment.sources[0].id: t9 is not a permanent on your battlefield",)),
    ({"sources": TREASURES["sources"][:1]}, ("payment: its mana does not pay {1}{R}",)),
    ({**TREASURES, "life": 2}, ("payment.life: pays 2 life; the total and the mana abilities ask "
                                "for 0",)),
    ({**TREASURES, "pool": "{R}"}, ("payment.pool: takes {R} x1 from the pool",)),
    ({**TREASURES, "other": {"sacrifice": ["c1"]}}, ("payment.other.sacrifice: the total has no "
                                                     "sacrifice cost",)),
    ({**TREASURES, "convoke": [{"id": "c1", "pays": "{R}"}]}, ("payment.convoke[0]:",)),
    ({**TREASURES, "delve": ["c1"]}, ("payment.delve[0]: the spell has no delve",)),
])
def test_mtg_each_kind_of_illegal_payment(payment: dict[str, Any],
                                          fragments: tuple[str, ...]) -> None:
    refused(check(read(ALTAR), payment), *fragments)


def test_mtg_tapped_sick_and_restricted_sources() -> None:
    data = mtg_scenario(battlefield=[{"id": "f1", "card": "forest", "tapped": True},
                                     {"id": "e1", "card": "llanowar-elves", "sick": True},
                                     {"id": "t1", "card": "eldrazi-temple"}],
                        hand=[{"id": "h1", "card": "bear"}], play={"object": "h1"})
    refused(check(data, {"sources": [{"id": "f1", "adds": "{G}", "costs": ["tap"]}]}),
            "f1 is tapped")
    refused(check(data, {"sources": [{"id": "e1", "adds": "{G}", "costs": ["tap"]}]}),
            "e1 is a summoning-sick creature")
    # Eldrazi Temple's {C}{C} is for Eldrazi creatures only: tapped for it while casting a bear
    # (106.6: the restriction is on spending), the mana pays nothing and stays in the pool.
    refused(check(data, {"sources": [{"id": "t1", "adds": "{C}{C}", "costs": ["tap"]}]}),
            "it gives no mana (and {C}{C} restricted to what this spell is not)")
    data = mtg_scenario(battlefield=[{"id": "f1", "card": "forest"}, {"id": "f2", "card": "forest"},
                                     {"id": "t1", "card": "eldrazi-temple"}],
                        hand=[{"id": "h1", "card": "bear"}], play={"object": "h1"})
    forests = [{"id": f, "adds": "{G}", "costs": ["tap"]} for f in ("f1", "f2")]
    temple = {"id": "t1", "adds": "{C}{C}", "costs": ["tap"]}
    idle = check(data, {"sources": forests + [temple]})
    assert idle.legal and (idle.score, idle.gap) == (3, 1)  # the temple tapped for nothing
    refused(check(data, {"sources": forests[:1] + [temple]}), "does not pay {1}{G}",
            "it gives {G} (and {C}{C} restricted")
    assert check(data, {"sources": forests[:1] + [{**temple, "adds": "{C}"}]}).legal


def test_mtg_convoke_delve_and_non_mana_costs() -> None:
    stoke = mtg_scenario(battlefield=[{"id": "m1", "card": "mountain"},
                                      {"id": "m2", "card": "mountain"},
                                      {"id": "g1", "card": "goblin"}, {"id": "b1", "card": "bear"}],
                         hand=[{"id": "h1", "card": "stoke-the-flames"}], play={"object": "h1"})
    lands = [{"id": "m1", "adds": "{R}", "costs": ["tap"]}, {"id": "m2", "adds": "{R}", "costs": ["tap"]}]
    ok = check(stoke, {"sources": lands, "convoke": [{"id": "g1", "pays": "{1}"},
                                                     {"id": "b1", "pays": "{1}"}]})
    assert ok.legal and ok.gap == 0
    refused(check(stoke, {"sources": lands, "convoke": [{"id": "g1", "pays": "{1}"},
                                                        {"id": "b1", "pays": "{R}"}]}),
            "payment.convoke[1].pays: b1 is not red")
    refused(check(stoke, {"sources": lands, "convoke": [{"id": "g1", "pays": "{1}"},
                                                        {"id": "g1", "pays": "{1}"}]}),
            "g1 is tapped twice")
    cruise = mtg_scenario(battlefield=[{"id": "i1", "card": "island"}],
                          graveyard=[{"id": f"y{i}", "card": "brainstorm"} for i in range(8)],
                          hand=[{"id": "h1", "card": "treasure-cruise"}], play={"object": "h1"})
    island = [{"id": "i1", "adds": "{U}", "costs": ["tap"]}]
    ok = check(cruise, {"sources": island, "delve": [f"y{i}" for i in range(7)]})
    assert ok.legal and (ok.score, ok.gap) == (8, 0)
    refused(check(cruise, {"sources": island, "delve": [f"y{i}" for i in range(8)]}),
            "pay 1 more generic mana than the total")
    rites = mtg_scenario(battlefield=[{"id": "s1", "card": "swamp"}, {"id": "c1", "card": "bear"},
                                      {"id": "a1", "card": "sol-ring"}],
                         hand=[{"id": "h1", "card": "village-rites"}], play={"object": "h1"})
    swamp = [{"id": "s1", "adds": "{B}", "costs": ["tap"]}]
    ok = check(rites, {"sources": swamp, "other": {"sacrifice": ["c1"]}})
    assert ok.legal and ok.gap == 0
    refused(check(rites, {"sources": swamp, "other": {"sacrifice": ["a1"]}}),
            "payment.other.sacrifice: a1 can't pay sacrifice 1 (creature)")
    refused(check(rites, {"sources": swamp}), "payment.other.sacrifice: 0 objects")
    refused(check(rites, {"sources": swamp, "other": {"sacrifice": ["s1"]}}), "s1")


DRUM = {"types": ["artifact"], "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}", "costs": [
    "tap", {"tap_untapped": {"count": 1, "filter": {"type": "creature"}}}]}]}
PET = {"types": ["creature"], "mana": [{"adds": "{B}", "costs": ["sacrifice_self"]}]}


def test_mtg_a_mana_ability_taps_a_creature_another_then_sacrifices() -> None:
    """Springleaf Drum ({T}, tap an untapped creature: any color) tapping a Blood Pet
    (sacrifice it: {B}), and the Pet then sacrificed for its own mana: both mana abilities of
    601.2g, in the order the player likes (the Drum's first; sacrificing needs no untapped
    permanent), so {1}{B} is paid, in either order of the entries. Convoking the sacrificed Pet
    (601.2h, after every mana ability) is refused."""
    cards = {"drum": DRUM, "pet": PET, "grasp": {"types": ["instant"], "cost": "{1}{B}"}}
    data = mtg_scenario(battlefield=[{"id": "d1", "card": "drum"}, {"id": "c1", "card": "pet"}],
                        hand=[{"id": "h1", "card": "grasp"}], play={"object": "h1"}, cards=cards)
    drum = {"id": "d1", "adds": "{B}", "costs": ["tap", "tap_untapped c1"]}
    pet = {"id": "c1", "adds": "{B}", "costs": ["sacrifice_self"]}
    for sources in ([drum, pet], [pet, drum]):
        result = check(data, {"sources": sources})
        assert result.legal and result.gap == 0, result.problems
    stoke = mtg_scenario(battlefield=[{"id": "m1", "card": "mountain"},
                                      {"id": "m2", "card": "mountain"}, {"id": "c1", "card": "pet"}],
                         hand=[{"id": "h1", "card": "stoke-the-flames"}], play={"object": "h1"},
                         cards=cards)
    lands = [{"id": "m1", "adds": "{R}", "costs": ["tap"]}, {"id": "m2", "adds": "{R}", "costs": ["tap"]}]
    refused(check(stoke, {"sources": lands + [pet], "convoke": [{"id": "c1", "pays": "{1}"}]}),
            "c1 is sacrificed for mana", "before convoke could tap it")


def test_mtg_filter_lands_life_and_choices() -> None:
    # Example 32: the filter land can't pay its own {B/R}.
    own = read(ROOT / "examples" / "mtg" / "32-filter-land-cant-pay-itself.yaml")
    refused(check(own, {"sources": [{"id": "c1", "adds": "{B}{B}", "costs": ["tap", "{B/R}"]}]}),
            "its mana does not pay {B}")
    # Example 24: Phyrexian life below the amount.
    low = read(ROOT / "examples" / "mtg" / "24-phyrexian-life-below.yaml")
    refused(check(low, {"life": 2}), "payment.life: you have 1 life")
    # Fireball {X}{R} with three Mountains: X left open is the largest the payment pays.
    fireball = mtg_scenario(battlefield=[{"id": f"m{i}", "card": "mountain"} for i in range(3)],
                            hand=[{"id": "h1", "card": "fireball"}], play={"object": "h1"})
    three = {"sources": [{"id": f"m{i}", "adds": "{R}", "costs": ["tap"]} for i in range(3)]}
    assert check(fireball, three).choices["x"] == 2
    small = check(fireball, three, x=1)  # X = 1: the third {R} stays in the pool, tapped for nothing
    assert small.legal and small.choices["x"] == 1 and small.total is not None
    assert small.total["mana"] == "{1}{R}"
    refused(check(fireball, three, x=3), "does not pay {3}{R}")
    refused(check(fireball, three, cast="flashback"), "cast: 'flashback' is not a way")
    # Kitchen Finks {1}{G/W}{G/W}: the announcement named must be the one paid.
    finks = mtg_scenario(battlefield=[{"id": "f1", "card": "forest"}, {"id": "p1", "card": "plains"},
                                      {"id": "p2", "card": "plains"}],
                         hand=[{"id": "h1", "card": "kitchen-finks"}], play={"object": "h1"})
    lands = {"sources": [{"id": i, "adds": m, "costs": ["tap"]}
                         for i, m in (("f1", "{G}"), ("p1", "{W}"), ("p2", "{W}"))]}
    assert check(finks, lands, announced={"hybrid": ["{W}", "{G}"]}).legal
    refused(check(finks, lands, announced={"hybrid": ["{G}", "{G}"]}), "does not pay")
    refused(check(finks, lands, announced={"hybrid": ["{R}", "{G}"]}), "announced: not an "
                                                                        "announcement")


def test_mtg_a_mana_ability_that_mills() -> None:
    # A land that taps and mills 2 for {U}{U}, for a {U}{U} spell: the plan's payment, as its
    # JSON prints it ("mill 2": mill takes no object, its word keeps the count), checks legal
    # from the file; milled with the spell's own mill, at most the library.
    cards = {"mill-land": {"types": ["land"], "mana": [{"adds": "{U}{U}",
                                                        "costs": ["tap", {"mill": 2}]}]},
             "twin": {"types": ["sorcery"], "cost": "{U}{U}"},
             "twin-mill": {"types": ["sorcery"], "cost": "{U}{U}",
                           "additional": [{"id": "dig", "mandatory": True,
                                           "other": [{"mill": 1}]}]}}
    data = mtg_scenario(battlefield=[{"id": "l1", "card": "mill-land"}],
                        hand=[{"id": "h1", "card": "twin"}], play={"object": "h1"}, cards=cards,
                        library=2)
    p = answer("plan", data).to_json()
    assert p["status"] == "ok"
    assert p["payment"]["sources"] == [{"id": "l1", "adds": "{U}{U}", "costs": ["tap", "mill 2"]}]
    ok = check(data, p["payment"])
    assert ok.legal and (ok.score, ok.gap) == (p["score"], 0)
    bare = {"sources": [{"id": "l1", "adds": "{U}{U}", "costs": ["tap", "mill"]}]}
    refused(check(data, bare), "payment.sources[0]: costs:", "expected ['tap', 'mill 2']")
    both = {**data, "state": {**data["state"], "you": {**data["state"]["you"], "hand": [
        {"id": "h1", "card": "twin-mill"}]}}}
    refused(check(both, {**p["payment"], "other": {"mill": 1}}),
            "payment.other.mill: mills 1 (and the mana abilities 2 more); your library has 2")
    short = {**data, "state": {**data["state"], "you": {**data["state"]["you"], "library": 1}}}
    refused(check(short, p["payment"]), "payment.sources: the mana abilities mill 2; your "
                                        "library has 1 card")


def test_mtg_bad_files_are_exit_2() -> None:
    data = read(ALTAR)
    for payment, line in [
        ({"sources": [{"id": "t1", "adds": "{R}"}]}, "payment.sources[0].costs: missing"),
        ({"sources": [{"id": "t1", "adds": "{Q}", "costs": []}]}, "payment.sources[0].adds[0]:"),
        ({"convoke": [{"id": "c1", "pays": "{X}"}]}, "payment.convoke[0].pays: unknown convoke"),
        ({"other": {"sacrfice": ["c1"]}}, "payment.other.sacrfice: unknown non-mana cost"),
        ({"life": -1}, "payment.life: must not be negative"),
    ]:
        with pytest.raises(ScenarioError) as err:
            answer("check", {**data, "payment": payment})
        assert any(str(p).startswith(line) for p in err.value.problems), err.value.lines


# --- The command line, serve, batch, Python -------------------------------------------------------


def payplan_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "payplan", *args], input=stdin,
                          capture_output=True, text=True, timeout=300, cwd=ROOT)


@pytest.mark.slow
def test_check_through_the_command_line_serve_and_batch(tmp_path: Path) -> None:
    cases = [({**read(SKY), "payment": {"recycle": [{"rune": "r1"}]}}, 0),
             ({**read(SKY), "payment": {"recycle": [{"rune": "r9"}]}}, 1),
             ({**read(SKY), "payment": {"recycle": 3}}, 2),
             ({**read(ALTAR), "payment": TREASURES}, 0)]
    expected = []
    for i, (data, code) in enumerate(cases):
        path = tmp_path / f"{i}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        done = payplan_cli("check", str(path), "--json")
        assert done.returncode == code, done.stderr
        if code == 2:
            assert done.stderr.startswith("payment.recycle: expected a list") and not done.stdout
            expected.append(None)
            continue
        expected.append(json.loads(done.stdout))
        text = payplan_cli("check", str(path))
        assert text.returncode == code and ("payment legal" in text.stdout) == (code == 0)
    requests = [json.dumps({"id": i, "command": "check", "scenario": data})
                for i, (data, _) in enumerate(cases)]
    served = payplan_cli("serve", stdin="\n".join(requests) + "\n")
    assert served.returncode == 0, served.stderr
    lines = [json.loads(line) for line in served.stdout.splitlines()]
    for line, want in zip(lines, expected):
        if want is None:
            assert line["ok"] is False and line["errors"][0].startswith("scenario.payment.recycle")
        else:
            assert line == {"id": line["id"], "ok": True, "result": want}
    source = tmp_path / "in.jsonl"
    source.write_text("\n".join(requests) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    batched = payplan_cli("batch", str(source), str(out), "--jobs", "1")
    assert batched.returncode == 0, batched.stderr
    assert [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()] == lines


def test_check_payment_from_python_takes_the_plans_payment_value() -> None:
    rift = payplan.load_file(SKY)
    best = payplan.plan(rift)
    result = payplan.check_payment(rift, best.payment)
    assert isinstance(result, payplan.Check) and result.legal and result.gap == 0
    dearer = payplan.check_payment(rift, {"exhaust": ["r3"], "recycle": [{"rune": "r1"}]},
                                   discount_order=["sky-splitter", "eager-apprentice"])
    assert dearer.legal and dearer.gap == 1
    mtg = payplan.load_file(ALTAR)
    assert payplan.check_payment(mtg, payplan.plan(mtg).payment).gap == 0
    with pytest.raises(ScenarioError):
        payplan.check_payment(rift, {"exhaust": "r1", "recycle": 3})


# --- The checker against the planner on generated plays -----------------------------------------

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))


def _rift_choices(p: Any) -> dict[str, object]:
    return {"base": p.base.to_json(), "paid_optional": list(p.paid_optional), "paid": dict(p.paid),
            "discount_order": list(p.discount_order)}


def _mtg_choices(p: Any) -> dict[str, object]:
    j = p.to_json()
    return {"cast": j["cast"], "x": j["x"], "paid": j["paid"], "announced": j["announced"]}


def _agrees(scenario: Any, p: Any, choices: dict[str, object]) -> None:
    """The plan's own payment, with its choices and without: legal, gap 0, its objective."""
    for named in (choices, {}):
        result = payplan.check_payment(scenario, p.payment, **named)
        check_shape("check", result.to_json())
        assert result.legal, (result.problems, named)
        assert (result.score, result.objective, result.gap) == (p.score, p.objective, 0)
        assert result.total == p.to_json()["total"]


def _no_better(scenario: Any, p: Any, payment: object, choices: dict[str, object]) -> None:
    """A mutated payment: refused, or no better than the plan (objective; score with the
    plan's choices named). With `x: auto` the plan takes the largest X first: a payment of a
    smaller X is no better whatever it scores."""
    for named in (choices, {}):
        result = payplan.check_payment(scenario, payment, **named)
        check_shape("check", result.to_json())
        if result.legal:
            assert result.objective is not None and p.objective is not None
            x = result.choices.get("x")
            if x is not None and getattr(p, "x", None) is not None and x != p.x:
                assert x < p.x, (payment, named)
                continue
            assert result.objective >= p.objective, (payment, named)
            if named:
                assert result.gap is not None and result.gap >= 0, (payment, named)
        else:
            assert result.problems


def _rift_mutations(scenario: Any, payment: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    you = scenario.state.you
    runes = [r.id for r in you.runes]
    objects = [o.id for zone in ("hand", "trash", "board") for o in you.zone(zone)]
    out = []
    for _ in range(4):
        m = copy.deepcopy(payment)
        what = rng.randrange(7)
        if what == 0 and m["recycle"]:
            m["recycle"].pop(rng.randrange(len(m["recycle"])))
        elif what == 1 and m["exhaust"]:
            m["exhaust"].pop(rng.randrange(len(m["exhaust"])))
        elif what == 2 and runes:
            m["exhaust"].append(rng.choice(runes))
        elif what == 3 and runes:
            m["recycle"].append({"rune": rng.choice(runes), "pays": "unused"})
        elif what == 4 and you.sources:
            m["sources"].append(rng.choice(you.sources).id)
        elif what == 5 and m["sources"]:
            m["sources"].pop()
        elif what == 6 and m["other"] and objects:
            entry = rng.randrange(len(m["other"]))
            ((kind, ids),) = m["other"][entry].items()
            if ids and kind != "spend_xp":
                ids[rng.randrange(len(ids))] = rng.choice(objects)
        out.append(m)
    return out


@pytest.mark.slow
@SETTINGS
@given(st.one_of(scenarios(), real_card_scenarios()), st.randoms(use_true_random=False))
def test_payplan_checker_agrees_with_the_planner(scenario: Any, rng: random.Random) -> None:
    p = payplan.plan(scenario)
    if p.status != "ok" or not p.optimal:
        return
    choices = _rift_choices(p)
    _agrees(scenario, p, choices)
    for mutated in _rift_mutations(scenario, p.payment.to_json(), rng):
        _no_better(scenario, p, mutated, choices)


def _mtg_mutations(scenario: Any, payment: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    you = scenario.state.you
    board = [o.id for o in you.battlefield]
    out = []
    for _ in range(4):
        m = copy.deepcopy(payment)
        what = rng.randrange(6)
        if what == 0 and m["sources"]:
            m["sources"].pop(rng.randrange(len(m["sources"])))
        elif what == 1 and board:  # a permanent's mana ability, as it would be written
            obj = rng.choice(you.battlefield)
            card = scenario.cards[obj.card]
            if card.mana:
                from payplan.engine.mtg.mana import mana_text

                ability = rng.choice(card.mana)
                if ability.adds:  # none listed: `adds: untapped` / `milled`, read at payment
                    m["sources"].append({"id": obj.id, "adds": mana_text(rng.choice(ability.adds)),
                                         "costs": list(ability.cost_words())})
        elif what == 2 and m["sources"]:
            source = m["sources"][rng.randrange(len(m["sources"]))]
            source["adds"] = rng.choice(["{W}", "{U}", "{B}", "{R}", "{G}", "{C}"])
        elif what == 3:
            m["life"] += rng.choice([-2, -1, 1, 2]) if m["life"] else 2
            m["life"] = max(0, m["life"])
        elif what == 4 and m["convoke"]:
            m["convoke"].pop()
        elif what == 5 and m["delve"]:
            m["delve"].pop()
        out.append(m)
    return out


@pytest.mark.slow
@SETTINGS
@given(cast_strategy(), st.randoms(use_true_random=False))
# A plan whose Springleaf Drum taps a creature its own mana ability then sacrifices: its own
# checker refused it (it took the Drum's tap cost for one of 601.2h).
@example(random_cast(random.Random(1555137893)), random.Random(0))
def test_mtg_checker_agrees_with_the_planner(data: dict[str, Any], rng: random.Random) -> None:
    try:
        scenario = payplan.load_data(data)
        p = payplan.plan(scenario)
    except ScenarioError:
        return
    if p.status != "ok" or not p.optimal:
        return
    choices = _mtg_choices(p)
    _agrees(scenario, p, choices)
    for mutated in _mtg_mutations(scenario, p.payment.to_json(), rng):
        _no_better(scenario, p, mutated, choices)


# --- mtg/1: the checker against the reference's payment check --------------------------------
#
# The mtg/1 reference's payment check (`payplan.benchmarks.mtg.reference.payment`, written apart
# from the engine, on the raw data) reads a plan's JSON. For the total our check names (the
# plan's choices named), each payment, the plan's and its mutations, is legal for us exactly
# when the reference finds nothing wrong with it for some `left_in_pool` (it wants the mana left
# named; ours leaves any surplus in the pool) but its `score` and `objective`, and, where ours is
# illegal (no figures), its `spent`. The pool starts empty (the two read `payment.pool` apart:
# see the test). Scores are not compared here: issue 20's open scorer
# classes (class 13, a mana ability's mill) are `tests/test_mtg_vs_reference.py`'s.


def _lefts(data: dict[str, Any], payment: dict[str, Any]) -> list[str]:
    """Every mana the pool could hold after paying: up to the pool's and the sources' own."""
    from payplan.benchmarks.mtg.reference.mana import parse_symbols

    have: dict[str, int] = {}
    texts = [str(data["state"]["you"].get("mana_pool") or "")]
    texts += [str(s.get("adds") or "") for s in payment.get("sources") or []]
    texts += [str(t.get("adds") or "") for s in payment.get("sources") or []  # issue 25 G1
              for t in s.get("triggered") or [] if isinstance(t, dict)]
    for text in texts:
        for kind, arg in parse_symbols(text):
            if kind == "mana":
                have[arg] = have.get(arg, 0) + 1
    kinds = "WUBRGC"
    return ["".join(f"{{{k}}}" * n for k, n in zip(kinds, counts))
            for counts in itertools.product(*(range(have.get(k, 0) + 1) for k in kinds))]


def _reference_legal(data: dict[str, Any], result: Check, payment: dict[str, Any]) -> bool | None:
    """Whether the reference finds the payment legal for the check's total; None where it does
    not price that total (a pricing disagreement: the planner's against the reference's, such
    as issue 20's open STAND_IN_NAME class, is `tests/test_mtg_vs_reference.py`'s)."""
    from payplan.benchmarks.mtg.reference.payment import check_payment as reference_check

    if '"trigger"' in json.dumps(data["cards"]) and any(
            "triggered" not in s for s in payment.get("sources") or []):
        return None  # a trigger a source leaves out adds any of its options: the pool after is
        # not worked out here (the reference's check reading, `listed=False`, is tested apart)
    plan = {"status": "ok", **result.choices, "total": result.total, "payment": payment,
            "spent": result.spent, "score": result.score, "objective": result.objective}
    ignored = ("score:", "objective:") + (() if result.legal else ("spent:",))
    for left in _lefts(data, payment):
        problems = reference_check(data, {**plan, "left_in_pool": left})
        if any("is not a total the reference prices" in p for p in problems):
            return None
        if not [p for p in problems if not p.startswith(ignored)]:
            return True
    return False


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(cast_strategy(), st.randoms(use_true_random=False))
# Draws once refused by the reference, which read a source's counters only from its
# `counters_removed` (the words `remove_counters KIND N` stand for them when it is left out):
# Walker's mana ability taking its last loyalty counter while its +0 ability costs +1 under
# Carth (606.4: the counter is put on in 601.2h, after 601.2g's mana abilities), and Druids'
# Repository with 2 charge counters activated twice (a mutation's entry without the key).
@example(random_cast(random.Random(296288)), random.Random(7))
@example(random_cast(random.Random(2715)), random.Random(1))
# And a storage land's `per: removed` ability written without its `remove_counters storage X`
# word (a mutation writes the ability's cost words): ours read it as an activation, the
# reference refused it; it names no counters, so it is refused.
@example(random_cast(random.Random(292713)), random.Random(17))
@example(random_cast(random.Random(138)), random.Random(6))
# And the plan's own payment refused by our checker: Springleaf Drum's cost taps a creature
# that its own mana ability then sacrifices (both 601.2g, in the player's order).
@example(random_cast(random.Random(1555137893)), random.Random(0))
def test_mtg_checker_agrees_with_the_reference(data: dict[str, Any], rng: random.Random) -> None:
    # An empty pool: ours reads `payment.pool` as the pool mana the payment may spend (more
    # stays there), the reference as at most what it spent (it may spend any of the pool).
    data = copy.deepcopy(data)
    data["state"]["you"].pop("mana_pool", None)
    try:
        scenario = payplan.load_data(data)
        p = payplan.plan(scenario)
    except ScenarioError:
        return
    if p.status != "ok" or not p.optimal:
        return
    choices = _mtg_choices(p)
    own = json.loads(json.dumps(p.payment.to_json()))  # as a file holds it
    for payment in [own] + _mtg_mutations(scenario, own, rng):
        result = answer("check", {**data, "payment": payment, **choices})
        assert isinstance(result, Check)
        if result.total is None:  # no option to check against (a choice refused)
            continue
        reference = _reference_legal(data, result, payment)
        assert reference is None or result.legal == reference, (payment, result.problems)


@pytest.mark.parametrize("path", sorted((ROOT / "examples").glob("*.yaml"))
                         + sorted((ROOT / "examples" / "cards").glob("*.yaml"))
                         + sorted((ROOT / "examples" / "mtg").glob("*.yaml")),
                         ids=lambda p: p.name)
def test_every_examples_plan_checks_with_gap_0(path: Path) -> None:
    try:
        scenario = payplan.load_file(path)
        p = payplan.plan(scenario)
    except ScenarioError:
        return  # an example of a refused file
    if p.status != "ok":
        return
    _agrees(scenario, p, _rift_choices(p) if p.format == "payplan/1" else _mtg_choices(p))


@pytest.mark.slow
def test_the_toy_ruleset_checks_through_the_same_command() -> None:
    env = {**os.environ, "PAYPLAN_RULESETS": "toy_ruleset:RULESET",
           "PYTHONPATH": os.pathsep.join([str(ROOT / "tests"), str(ROOT),
                                          os.environ.get("PYTHONPATH", "")])}
    toy = read(ROOT / "tests" / "toy" / "01-copper-before-gold.yaml")
    for payment, code, score in [({"coins": {"copper": 2}}, 0, 2), ({"coins": {"gold": 1,
                                  "copper": 1}}, 0, 3), ({"coins": {"copper": 1}}, 1, None)]:
        request = json.dumps({"id": 1, "command": "check", "scenario": {**toy, "payment": payment}})
        served = subprocess.run([sys.executable, "-m", "payplan", "serve"], input=request + "\n",
                                capture_output=True, text=True, timeout=300, cwd=ROOT, env=env)
        assert served.returncode == 0, served.stderr
        result = json.loads(served.stdout)["result"]
        check_shape("check", result)
        assert (result["legal"], result["score"]) == (code == 0, score), result
