"""mtg/1 rulings and the engine bugs the mtg brute force found, worked by hand: each case planned
with the fast path on (as `payplan plan` does) and off (the CP-SAT model), its answer asserted
(status, X, total, score, what is left in the pool). The same boards, less some, are compared
with the brute force in tests/test_mtg_vs_reference.py."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml
from helpers import answer_json

from payplan import SolverConfig
from payplan.planner.commands import answer

CONFIGS = [pytest.param(SolverConfig(), id="fast-path"),
           pytest.param(SolverConfig(fast_path=False), id="model")]

MOUNTAIN = {"types": ["land"], "mana": [{"adds": "{R}"}]}
CREATURE = {"types": ["creature"]}


def board(cost: str, permanents: dict[str, dict[str, Any]], library: int = 40,
          **spell: Any) -> dict[str, Any]:
    cards: dict[str, Any] = {"spell": {"types": ["instant"], "cost": cost, **spell}}
    battlefield = []
    for ident, body in permanents.items():
        name = ident.rstrip("0123456789")
        cards[name] = body
        battlefield.append({"id": ident, "card": name})
    return {"format": "mtg/1", "cards": cards,
            "state": {"you": {"library": library, "battlefield": battlefield,
                              "hand": [{"id": "h1", "card": "spell"}]}},
            "play": {"object": "h1"}}


def plan(data: dict[str, Any], config: SolverConfig) -> dict[str, Any]:
    return answer_json("plan", copy.deepcopy(data), config)


# --- Class 12: a mana ability that neither taps nor sacrifices its permanent repeats ----------

SETON = {"types": ["creature"], "mana": [{"adds": "{G}", "costs": [
    {"tap_untapped": {"count": 1, "filter": {"tags": ["druid"]}}}]}]}
DRUID = {"types": ["creature"], "tags": ["druid"]}
ALTAR = {"types": ["artifact"], "mana": [{"adds": "{C}{C}", "costs": [
    {"sacrifice": {"count": 1, "filter": {"type": "creature"}}}]}]}


@pytest.mark.parametrize("config", CONFIGS)
def test_seton_taps_three_druids_for_three_green(config: SolverConfig) -> None:
    p = plan(board("{G}{G}{G}", {"seton1": SETON, "druid1": DRUID, "druid2": DRUID,
                                 "druid3": DRUID}), config)
    assert p["status"] == "ok", p["reasons"]
    assert p["total"]["mana"] == "{G}{G}{G}" and p["score"] == 6  # three Druids tapped, 2 each
    assert [s["id"] for s in p["payment"]["sources"]] == ["seton1"] * 3


@pytest.mark.parametrize("config", CONFIGS)
def test_two_druids_make_two_and_the_reason_counts_them(config: SolverConfig) -> None:
    p = plan(board("{G}{G}{G}", {"seton1": SETON, "druid1": DRUID, "druid2": DRUID}), config)
    assert p["status"] == "unpayable"
    assert any("two green sources" in r for r in p["reasons"]), p["reasons"]


@pytest.mark.parametrize("config", CONFIGS)
def test_fireball_with_an_altar_and_three_creatures_reaches_x_6(config: SolverConfig) -> None:
    data = board("{X}{R}", {"mountain1": MOUNTAIN, "altar1": ALTAR, "goblin1": CREATURE,
                            "goblin2": CREATURE, "goblin3": CREATURE}, types=["sorcery"])
    data["play"]["x"] = "auto"
    p = plan(data, config)
    assert p["status"] == "ok", p["reasons"]
    assert p["x"] == 6 and p["total"]["mana"] == "{6}{R}"
    assert p["score"] == 1 + 3 * 5  # the Mountain tapped, three creatures sacrificed


# --- Class 13: "tap an untapped creature" is charged the creature's tap weight ------------------

@pytest.mark.parametrize("config", CONFIGS)
def test_springleaf_drum_charges_the_creature_it_taps(config: SolverConfig) -> None:
    drum = {"types": ["artifact"], "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}", "costs": [
        "tap", {"tap_untapped": {"count": 1, "filter": {"type": "creature"}}}]}]}
    p = plan(board("{G}", {"drum1": drum, "bear1": CREATURE}), config)
    assert p["status"] == "ok" and p["score"] == 1 + 2  # the Drum (1) and the creature (2)


# --- Found by the reference: a mana ability's mill ----------------------------------------------

WELL = {"types": ["artifact"], "mana": [{"adds": "{U}{U}", "costs": ["tap", {"mill": 2}]}]}


@pytest.mark.parametrize("config", CONFIGS)
def test_a_mana_abilitys_mill_is_charged(config: SolverConfig) -> None:
    p = plan(board("{U}{U}", {"well1": WELL}), config)
    assert p["status"] == "ok" and p["score"] == 1 + 2  # tapped (1), two cards milled (2)
    assert p["payment"]["sources"][0]["costs"] == ["tap", "mill 2"]


@pytest.mark.parametrize("config", CONFIGS)
def test_the_spells_and_the_abilitys_mill_share_one_library(config: SolverConfig) -> None:
    """Seed 003: a cost can't mill more cards than the library holds. The spell mills 2 and the
    well would mill 2 more from a library of 3: the well can't be used."""
    data = board("{U}{U}", {"well1": WELL}, library=3,
                 additional=[{"id": "extra", "mandatory": True, "other": [{"mill": 2}]}])
    assert plan(data, config)["status"] == "unpayable"
    data["state"]["you"]["library"] = 4
    assert plan(data, config)["status"] == "ok"


# --- Found by the reference: a grant's `name` on an ability's permanent ------------------------

@pytest.mark.parametrize("config", CONFIGS)
def test_a_name_filter_reads_the_abilitys_permanent(config: SolverConfig) -> None:
    relic = {"types": ["artifact"], "name": "Relic", "abilities": [{"id": "act", "costs": ["{1}"]}]}
    tax = {"types": ["enchantment"], "grants": [
        {"increase": "{1}", "applies_to": {"ability": "activated", "name": "Relic"}}]}
    data = board("{1}", {"relic1": relic, "tax1": tax, "mountain1": MOUNTAIN,
                         "mountain2": MOUNTAIN})
    data["play"] = {"ability": {"object": "relic1", "id": "act"}}
    p = plan(data, config)
    assert p["status"] == "ok" and p["total"]["mana"] == "{2}" and p["score"] == 2
    assert p["steps"][0]["text"].startswith("activation cost of Relic: act")


# --- Found by the reference: left_in_pool with a filter's generic cost --------------------------

@pytest.mark.parametrize("config", CONFIGS)
def test_a_filters_cost_is_not_paid_with_its_own_mana(config: SolverConfig) -> None:
    """The generated cast kept in tests/mtg_reference/cases: a Forest pays the Signet's {1} (the
    Signet's {R}{G} comes after its cost is paid), the Signet's {G} and a Plains pay {W}{G}
    ({R}{G} was left, said the greedy split, taking the Signet's own {R} for its {1})."""
    path = Path(__file__).parent / "mtg_reference" / "cases" / "filter-left-in-pool.yaml"
    p = plan(yaml.safe_load(path.read_text(encoding="utf-8")), config)
    assert p["status"] == "ok"
    assert p["left_in_pool"] == "{R}"


# --- A restricted filter's own cost is paid too ---------------------------------------------------

@pytest.mark.parametrize("config", CONFIGS)
def test_a_restricted_filter_pays_its_cost(config: SolverConfig) -> None:
    temple = {"types": ["land"], "mana": [{"adds": "{G}{G}", "costs": ["tap", "{1}"],
                                           "only_for": {"type": "instant"}}]}
    data = board("{G}{G}", {"temple1": temple})
    assert plan(data, config)["status"] == "unpayable"  # nothing pays the temple's {1}
    data = board("{G}{G}", {"temple1": temple, "wastes1": {"types": ["land"], "mana": [{"adds": "{C}"}]}})
    p = plan(data, config)
    assert p["status"] == "ok" and p["score"] == 2 and p["left_in_pool"] == ""


# --- `payplan play`: what the mana abilities' costs took ---------------------------------------

def test_play_taps_the_druids_and_mills_the_wells_cards() -> None:
    data = board("{G}{G}{U}{U}", {"seton1": SETON, "druid1": DRUID, "druid2": DRUID,
                                  "well1": WELL}, library=10)
    out = answer("play", copy.deepcopy(data)).to_json()
    assert isinstance(out, dict)
    you = out["state"]["you"]
    tapped = {o["id"] for o in you["battlefield"] if isinstance(o, dict) and o.get("tapped")}
    assert {"druid1", "druid2", "well1"} <= tapped and "seton1" not in tapped
    assert you["library"] == 8


def test_play_moves_what_an_altars_cost_returns() -> None:
    bounce = {"types": ["artifact"], "mana": [{"adds": "{C}{C}", "costs": [
        {"return_to_hand": {"count": 1, "filter": {"type": "creature"}}}]}]}
    data = board("{2}", {"bounce1": bounce, "goblin1": CREATURE})
    out = answer("play", copy.deepcopy(data)).to_json()
    assert isinstance(out, dict)
    you = out["state"]["you"]
    assert "goblin1" in {o["id"] for o in you["hand"]}
    assert "goblin1" not in {o["id"] for o in you["battlefield"]}


@pytest.mark.parametrize("config", CONFIGS)
def test_a_drum_taps_a_creature_that_then_sacrifices_itself(config: SolverConfig) -> None:
    """601.2g: mana abilities in the order the player likes. The Drum's cost taps the Blood Pet,
    which then sacrifices itself for {B}: the Pet is charged once (5), the Drum 1; tapping the
    Goblin instead would add 2 (class 13 made the Goblin look free)."""
    drum = {"types": ["artifact"], "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}", "costs": [
        "tap", {"tap_untapped": {"count": 1, "filter": {"type": "creature"}}}]}]}
    pet = {"types": ["creature"], "mana": [{"adds": "{B}", "costs": ["sacrifice_self"]}]}
    p = plan(board("{B}{R}", {"pet1": pet, "drum1": drum, "goblin1": CREATURE}), config)
    assert p["status"] == "ok" and p["score"] == 5 + 1
