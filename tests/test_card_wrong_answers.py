"""Wrong answers a read of the peers' cost tests found, each pinned by the play that showed it:
a grant's `applies_to: {id}` reaching only that object; "spells that choose me" reaching only
plays choosing the granting object; the rest in their own sections below."""

from __future__ import annotations

import copy
import textwrap
from typing import Any

import pytest
import yaml

from payplan.benchmarks.mtg.reference.brute import solve
from payplan.benchmarks.mtg.reference.knobs import misreading
from payplan.engine.problems import ScenarioError
from payplan.planner.commands import answer


def y(text: str) -> Any:
    return yaml.safe_load(textwrap.dedent(text))


def plan(data: Any) -> Any:
    return answer("plan", data).to_json()


# --- a play filter's `id` -------------------------------------------------------------------------

TWO_BOLTS = y("""
    format: payplan/1
    cards:
      bolt: {type: spell, domains: [fury], cost: {energy: 2}}
      brute:
        type: unit
        domains: [body]
        cost: {energy: 2}
        might: 2
        grants: [{discount: {energy: 1}, applies_to: {id: h1}}]
    state:
      you:
        runes: [{id: r1, domain: fury}, {id: r2, domain: fury}]
        hand: [{id: h1, card: bolt}, {id: h2, card: bolt}]
        board: [{id: u1, card: brute}]
    play: {object: h2}
""")


def test_a_grant_for_one_object_does_not_reach_its_second_copy() -> None:
    assert plan(TWO_BOLTS)["total"] == {"energy": 2}
    chosen = dict(TWO_BOLTS, play={"object": "h1"})
    assert plan(chosen)["total"] == {"energy": 1}


# --- "spells that choose me" ----------------------------------------------------------------------

# Irelia - Graceful: "Your spells that choose me cost [1] or [A] less." Two copies on the board, a
# spell choosing one: only the chosen copy's discount applies.
TWO_IRELIAS = y("""
    format: payplan/1
    cards:
      frigid-touch: {name: Frigid Touch, type: spell, domains: [calm], cost: {energy: 3}}
      irelia-graceful:
        name: Irelia - Graceful
        type: unit
        domains: [calm]
        cost: {energy: 3}
        might: 3
        grants:
          - discount: {id: irelia, energy: 1, if: {targets: {self: true}}}
            applies_to: {type: spell}
    state:
      you:
        runes: {calm: 3}
        hand: [{id: h1, card: frigid-touch}]
        board: [{id: u1, card: irelia-graceful}, {id: u2, card: irelia-graceful}]
    play: {object: h1, targets: [u1]}
""")


def test_only_the_chosen_copy_discounts_a_spell_that_chooses_it() -> None:
    assert plan(TWO_IRELIAS)["total"] == {"energy": 2}
    both = dict(TWO_IRELIAS, play={"object": "h1", "targets": ["u1", "u2"]})
    assert plan(both)["total"] == {"energy": 1}
    neither = dict(TWO_IRELIAS, play={"object": "h1"})
    assert plan(neither)["total"] == {"energy": 3}


# --- mtg/1, 106.12a: "tapped for mana" fires only when mana is produced -----------------------------

# Wild Growth: "Enchant land. Whenever enchanted land is tapped for mana, its controller adds an
# additional {G}." On Gaea's Cradle with no creature: the Cradle's ability makes no mana, so the
# trigger does not fire (106.12a) and nothing pays {G}.
CRADLE_GROWTH = y("""
    format: mtg/1
    cards:
      gaeas-cradle:
        name: Gaea's Cradle
        types: [land]
        mana: [{adds: "{G}", per: {count: {type: creature}}}]
      wild-growth:
        name: Wild Growth
        types: [enchantment]
        mana_effects: [{trigger: {sources: {attached: true}, adds: "{G}"}}]
      sprout: {types: [instant], cost: "{G}"}
      bear: {types: [creature], cost: "{1}{G}"}
    state:
      you:
        battlefield: [{id: c1, card: gaeas-cradle}, {id: w1, card: wild-growth, attached_to: c1}]
        hand: [{id: h1, card: sprout}]
    play: {object: h1}
""")


def test_a_land_making_no_mana_fires_no_tapped_for_mana_trigger() -> None:
    assert plan(CRADLE_GROWTH)["status"] == "unpayable"
    with_bear = copy.deepcopy(CRADLE_GROWTH)
    with_bear["state"]["you"]["battlefield"].append({"id": "b1", "card": "bear"})
    answer_ = plan(with_bear)
    assert answer_["status"] == "ok"  # one creature: the Cradle makes {G}, the Growth one more


# --- mtg/1: one permanent, two mana abilities -------------------------------------------------------

# Eye of Ramos: "{T}: Add {U}." and "Sacrifice Eye of Ramos: Add {U}." It may tap for {U}, then be
# sacrificed for another: a permanent taps once and leaves once, each cost its own.
EYE = y("""
    format: mtg/1
    cards:
      eye-of-ramos:
        name: Eye of Ramos
        types: [artifact]
        mana: [{adds: "{U}"}, {adds: "{U}", costs: [sacrifice_self]}]
      counterspell: {name: Counterspell, types: [instant], cost: "{U}{U}"}
    state:
      you:
        battlefield: [{id: e1, card: eye-of-ramos}]
        hand: [{id: h1, card: counterspell}]
    play: {object: h1}
""")


def test_one_permanent_taps_and_then_is_sacrificed_for_mana() -> None:
    got = plan(EYE)
    assert got["status"] == "ok"
    assert sorted(s["costs"] for s in got["payment"]["sources"]) == [["sacrifice_self"], ["tap"]]
    assert answer("check", dict(EYE, payment=got["payment"])).to_json()["legal"] is True


def test_the_reference_taps_and_then_sacrifices_one_permanent() -> None:
    right = solve(copy.deepcopy(EYE))
    assert right.status == "ok"
    with misreading("one_mana_use_per_permanent"):
        assert solve(copy.deepcopy(EYE)).status == "unpayable"


def test_x_counts_both_of_one_permanents_mana() -> None:
    # {X}{U} with the Eye alone: tapped then sacrificed, two mana, X = 1 (the bound on X counts
    # both).
    data = copy.deepcopy(EYE)
    data["cards"]["counterspell"]["cost"] = "{X}{U}"
    data["play"]["x"] = "auto"
    assert plan(data)["x"] == 1


# --- a well-formed play the rules forbid: `illegal`, not a bad file -------------------------------

OPPONENTS_TRASH = y("""
    format: payplan/1
    cards:
      bolt: {name: Bolt, type: spell, domains: [fury], cost: {energy: 1}}
    state:
      you:
        runes: {fury: 2}
      opponent:
        trash: [{id: t1, card: bolt}]
    play: {object: t1}
""")

OPPONENTS_GRAVEYARD = y("""
    format: mtg/1
    cards:
      bolt: {name: Lightning Bolt, types: [instant], cost: "{R}"}
      mountain: {types: [land], mana: [{adds: "{R}"}]}
    state:
      you:
        battlefield: [{id: m1, card: mountain}]
        hand: [{id: h1, card: bolt}]
      opponent:
        graveyard: [{id: g1, card: bolt}]
    play: {object: g1}
""")


def test_a_card_of_the_opponents_is_an_illegal_play() -> None:
    for command in ("plan", "orders", "play"):
        got = answer(command, OPPONENTS_TRASH)
        assert got.exit_code == 1
        assert "zone: t1 is in the opponent's trash: you play only your own cards" in str(
            got.to_json())
        got = answer(command, OPPONENTS_GRAVEYARD)
        assert got.exit_code == 1
        assert "g1 is in the opponent's graveyard: you cast only your own cards" in str(
            got.to_json())


def test_an_optional_cost_the_card_lacks_is_an_illegal_play() -> None:
    kicked = dict(OPPONENTS_TRASH, state={"you": {"runes": {"fury": 2},
                                                  "hand": [{"id": "h1", "card": "bolt"}]}},
                  play={"object": "h1", "optional": {"kicker": "yes"}})
    got = plan(kicked)
    assert got["status"] == "illegal"
    assert got["reasons"] == ["optional: Bolt has no optional cost kicker (it has none)"]
    kicked_mtg = dict(OPPONENTS_GRAVEYARD, play={"object": "h1", "optional": {"kicker": "yes"}})
    got = plan(kicked_mtg)
    assert got["status"] == "illegal"
    assert got["reasons"] == ["Lightning Bolt has no optional cost kicker (it has none)"]
    # A malformed file is still a bad file, exit 2.
    bad = dict(kicked_mtg, play={"object": "h1", "optional": {"kicker": "maybe"}})
    with pytest.raises(ScenarioError):
        plan(bad)


# --- mtg/1 `spent`: what the rules call spent ------------------------------------------------------

# A {3}{G} sorcery with convoke and delve: the Forest's {G} is the only mana spent; two creatures
# convoked and one card delved pay the rest (702.51a, 702.66a: they are not mana).
CONVOKED = y("""
    format: mtg/1
    cards:
      forest: {types: [land], mana: [{adds: "{G}"}]}
      bear: {types: [creature], colors: [green], cost: "{1}{G}"}
      swell: {name: Swell, types: [sorcery], cost: "{3}{G}", convoke: true, delve: true}
      dust: {types: [instant], cost: "{1}"}
    state:
      you:
        battlefield: [{id: f1, card: forest}, {id: c1, card: bear}, {id: c2, card: bear}]
        graveyard: [{id: g1, card: dust}]
        hand: [{id: h1, card: swell}]
    play: {object: h1}
""")

# K'rrik, Son of Yawgmoth: "For each {B} in a cost, you may pay 2 life rather than pay that mana."
KRRIK = y("""
    format: mtg/1
    cards:
      swamp: {types: [land], mana: [{adds: "{B}"}]}
      krrik: {name: "K'rrik, Son of Yawgmoth", types: [creature], colors: [black], life_for: {B: 2}}
      drain: {name: Drain Life, types: [sorcery], cost: "{1}{B}{B}"}
    state:
      you:
        battlefield: [{id: s1, card: swamp}, {id: k1, card: krrik}]
        hand: [{id: h1, card: drain}]
    play: {object: h1}
""")


def test_spent_counts_mana_apart_from_convoke_delve_and_life_for_pips() -> None:
    got = plan(CONVOKED)
    assert got["spent"] == {"mana": 1, "convoke": 2, "improvise": 0, "delve": 1, "life": 0,
                            "life_for": 0}
    checked = answer("check", dict(CONVOKED, payment=got["payment"])).to_json()
    assert checked["spent"] == got["spent"]
    got = plan(KRRIK)
    assert got["payment"]["life_for"] == {"{B}": 2}
    assert got["spent"] == {"mana": 1, "convoke": 0, "improvise": 0, "delve": 0, "life": 4,
                            "life_for": 2}


def test_the_reference_checks_spent_as_the_rules_call_it() -> None:
    from payplan.benchmarks.mtg.reference.payment import check_payment

    for data in (CONVOKED, KRRIK):
        got = plan(data)
        assert check_payment(copy.deepcopy(data), got) == []
    got = plan(CONVOKED)
    got["spent"] = {**got["spent"], "mana": 4}  # convoke and delve counted as mana
    assert check_payment(copy.deepcopy(CONVOKED), got) != []


# --- explanations -------------------------------------------------------------------------------------

FACE_DOWN = y("""
    format: mtg/1
    cards:
      akroma: {name: "Akroma, Angel of Fury", types: [creature], cost: "{5}{R}{R}{R}",
               morph: "{3}{R}{R}{R}"}
      forest: {name: Forest, types: [land], mana: [{adds: "{G}"}]}
    state:
      stack: nonempty
      you:
        battlefield: [{id: f1, card: forest}, {id: f2, card: forest}, {id: f3, card: forest}]
        hand: [{id: h1, card: akroma}]
    play: {object: h1, cast: face_down}
""")

# Myr Superion: "Spend only mana produced by creatures to cast this spell." Objects written
# without ids get ids from their place (`battlefield[1]`): the reason names the card too.
SUPERION = y("""
    format: mtg/1
    cards:
      myr-superion: {name: Myr Superion, types: [artifact, creature], cost: "{2}",
                     spend_only: {type: creature}}
      forest: {name: Forest, types: [land], mana: [{adds: "{G}"}]}
      elf: {name: Llanowar Elves, types: [creature], mana: [{adds: "{G}"}]}
    state:
      you:
        battlefield: [forest, elf]
        hand: [myr-superion]
    play: {card: myr-superion}
""")


def test_an_illegal_face_down_cast_names_what_is_cast() -> None:
    got = plan(FACE_DOWN)
    assert got["status"] == "illegal"
    assert got["reasons"][0].startswith("face-down akroma can be cast only at sorcery speed")


def test_the_spend_only_reason_names_its_permanents() -> None:
    got = plan(SUPERION)
    assert got["status"] == "unpayable"
    assert got["reasons"][-1] == ("spend_only: only mana made by a permanent matching it is "
                                  "spent on it (the pool's never): Llanowar Elves "
                                  "(battlefield[1])")
    with_ids = copy.deepcopy(SUPERION)
    with_ids["state"]["you"]["battlefield"] = [{"id": "f1", "card": "forest"},
                                               {"id": "e1", "card": "elf"}]
    assert plan(with_ids)["reasons"][-1].endswith("(the pool's never): Llanowar Elves (e1)")
