"""Wrong answers a read of the peers' cost tests found, each pinned by the play that showed it:
a grant's `applies_to: {id}` reaching only that object; "spells that choose me" reaching only
plays choosing the granting object; the rest in their own sections below."""

from __future__ import annotations

import copy
import textwrap
from typing import Any

import yaml

from payplan.benchmarks.mtg.reference.brute import misreading, solve
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
