"""mtg/1's "spend only mana produced by ..." (`spend_only`), snow mana ({S}, `snow`, `snow_pool`)
and paying a colored pip with life (`life_for`, K'rrik). Each key is worked by hand through plan
(fast path on and off: `tests.test_mtg.plan`), check, hand, play and dump, with the loader's
refusals and the other side of each example (examples/mtg/56-)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from helpers import answer_json, command_on_file
from mtg_cases import checked_payment as checked
from mtg_cases import example, plan, problems, round_trips

from payplan.engine.mtg.dump import scenario_to_data
from payplan.engine.mtg.loader import scenario_from_data as mtg_from_data
from payplan.engine.riftbound.loader import ScenarioError
from payplan.planner.mtg.check import check_data


def run(command: str, data: dict[str, Any], tmp_path: Path, code: int = 0) -> Any:
    out = command_on_file(command, data, tmp_path)
    assert out.returncode == code, out.stderr
    return json.loads(out.stdout) if code in (0, 1) else out.stderr


def tap(*ids: str, adds: str = "{G}") -> list[dict[str, Any]]:
    return [{"id": i, "adds": adds, "costs": ["tap"]} for i in ids]


# --- A2. spend_only (Myr Superion, Imperiosaur) ---------------------------------------------------


def test_myr_superion_spends_only_creatures_mana() -> None:
    data = example("56")
    p = plan(data)
    assert [s["id"] for s in p["payment"]["sources"]] == ["e1", "e2"]
    assert p["payment"]["pool"] == ""  # the pool's {G} has no known producer
    assert (p["score"], p["left_in_pool"]) == (4, "{G}")
    del data["cards"]["myr-superion"]["spend_only"]  # the other side: pool and a Forest
    p = plan(data)
    assert (p["score"], p["payment"]["pool"], p["left_in_pool"]) == (1, "{G}", "")
    round_trips(example("56"))


def test_myr_superion_unpayable_says_why() -> None:
    data = example("56")
    data["state"]["you"]["battlefield"][3]["tapped"] = True  # the Mystic is tapped
    p = plan(data)
    assert p["status"] == "unpayable"
    assert any("spend_only" in r and "e1" in r for r in p["reasons"]), p["reasons"]


def test_imperiosaur_spends_only_basic_lands_mana() -> None:
    data = example("57")
    p = plan(data)
    assert sorted(s["id"] for s in p["payment"]["sources"]) == ["f1", "f2", "m1", "p1"]
    assert p["score"] == 4
    data["state"]["you"]["battlefield"][3]["tapped"] = True  # the Mountain: three basics left
    assert plan(data)["status"] == "unpayable"  # the Treasure and Karplusan Forest can't help
    del data["cards"]["imperiosaur"]["spend_only"]
    assert plan(data)["score"] == 3  # the pool, two Forests and the Plains


def test_spend_only_whichever_way_it_is_cast() -> None:
    data = example("56")
    card = data["cards"]["myr-superion"]
    card["kicker"] = ["{1}"]
    data["play"]["optional"] = {"kicker": "yes"}
    assert plan(data)["status"] == "unpayable"  # {3}: two creatures make {G}{G}
    data["state"]["you"]["battlefield"][4]["sick"] = False  # the Birds may tap now
    p = plan(data)
    assert (p["status"], p["total"]["mana"], p["score"]) == ("ok", "{3}", 6)
    data["state"]["you"]["graveyard"] = [{"id": "g1", "card": "myr-superion"}]
    data["state"]["you"]["hand"] = []
    card["flashback"] = "{2}"
    data["play"] = {"object": "g1"}
    p = plan(data)
    assert (p["cast"], p["score"]) == ("flashback", 4)


def test_spend_only_reads_the_filter_permanent_not_its_cost() -> None:
    """A filter ability's output is made by its permanent; what pays its own cost is not spent
    on the spell, so the pool (and a land) may pay it."""
    data = example("56")
    data["cards"]["beast"] = {"types": ["creature"],
                              "mana": [{"adds": "{G}{G}", "costs": ["tap", "{1}"]}]}
    you = data["state"]["you"]
    you["battlefield"] = [{"id": "b2", "card": "beast"}]
    p = plan(data)  # the pool's {G} pays the beast's {1}; its {G}{G} pays Myr Superion
    assert (p["status"], p["payment"]["pool"], p["left_in_pool"], p["score"]) == ("ok", "{G}", "", 2)
    you["mana_pool"] = ""
    assert plan(data)["status"] == "unpayable"  # nothing pays the beast's {1}
    you["battlefield"].append({"id": "f1", "card": "forest"})
    p = plan(data)  # the Forest pays the beast's {1}: a land's mana never reaches the spell
    assert (p["status"], p["score"]) == ("ok", 3)
    # A filter land is no creature: its mana pays the beast's cost but never the spell.
    data["cards"]["gate"] = {"types": ["land"], "mana": [{"adds": "{G}{G}", "costs": ["tap", "{1}"]}]}
    you["battlefield"] = [{"id": "g1", "card": "gate"}, {"id": "f1", "card": "forest"}]
    assert plan(data)["status"] == "unpayable"


def test_spend_only_on_a_treasure_and_convoke() -> None:
    data = example("56")
    data["cards"]["myr-superion"]["spend_only"] = {"type": "artifact"}
    data["cards"]["treasure"] = {"types": ["artifact"], "tags": ["token"],
                                 "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}",
                                           "costs": ["tap", "sacrifice_self"]}]}
    data["state"]["you"]["battlefield"] += [{"id": "t1", "card": "treasure"},
                                            {"id": "t2", "card": "treasure"}]
    p = plan(data)
    assert sorted(s["id"] for s in p["payment"]["sources"]) == ["t1", "t2"]
    assert p["score"] == 10  # two sacrifices
    data["cards"]["myr-superion"]["convoke"] = True  # convoke spends no mana: it still pays
    p = plan(data)
    assert (p["score"], sorted(c["id"] for c in p["payment"]["convoke"])) == (4, ["e1", "e2"])


def test_spend_only_leaves_activated_abilities_alone() -> None:
    data = example("56")
    data["cards"]["myr-superion"]["abilities"] = [{"id": "pump", "costs": ["{1}"]}]
    data["state"]["you"]["battlefield"].append({"id": "s1", "card": "myr-superion"})
    data["play"] = {"ability": {"object": "s1", "id": "pump"}}
    p = plan(data)
    assert (p["status"], p["payment"]["pool"], p["score"]) == ("ok", "{G}", 0)


def test_check_names_the_source_spend_only_bars() -> None:
    data = example("56")
    bad = checked(data, {"pool": "{G}", "sources": tap("f1")})
    assert not bad["legal"]
    (problem,) = bad["problems"]
    assert "spend_only" in problem and "the pool, f1" in problem, problem
    good = checked(data, {"sources": tap("e1", "e2")})
    assert good["legal"] and good["score"] == 4 and good["gap"] == 0


@pytest.mark.slow
def test_spend_only_in_hand_play_and_dump(tmp_path: Path) -> None:
    data = example("56")
    state = run("play", data, tmp_path)["state"]["you"]
    assert state["mana_pool"] == "{G}"
    assert {o["id"]: o.get("tapped", False) for o in state["battlefield"]}["e1"] is True
    del data["play"]
    hand = run("hand", data, tmp_path)["plays"]
    assert [(p["play"]["object"], p["score"]) for p in hand] == [("h1", 4)]


def test_spend_only_refusals(tmp_path: Path) -> None:
    data = example("56")
    data["cards"]["forest"]["spend_only"] = {"type": "creature"}
    assert problems(data) == ["cards.forest.spend_only: spend_only restricts the mana spent to "
                              "cast a spell; a land is played, not cast"]
    data = example("56")
    data["cards"]["myr-superion"]["spend_only"] = {"controller": "you", "ability": "activated"}
    assert len(problems(data)) == 2
    data["cards"]["myr-superion"]["spend_only"] = {"chosen_type": True}
    assert problems(data)[0].startswith("cards.myr-superion.spend_only.chosen_type: ")
    data = example("56")
    del data["play"]  # the turn plans it (was refused): Superion as `plan` pays it, score 4
    out = run("turn", {**data, "turn": {}}, tmp_path)
    assert (out["value"], out["objective"], out["order"]) == (1, 4, ["h1"])


# --- A1. snow mana {S} (107.4h, 205.4f) --------------------------------------------------------


SNOW_SPELL = """
format: mtg/1
cards:
  rime: {name: Rime Spell, types: [sorcery], cost: "{2}{S}{S}{G}"}
  forest: {name: Forest, types: [land], mana: [{adds: "{G}"}]}
  snow-forest: {name: Snow-Covered Forest, types: [land], snow: true, mana: [{adds: "{G}"}]}
state:
  you:
    hand: [{id: h1, card: rime}]
    battlefield:
      - {id: f1, card: forest}
      - {id: f2, card: forest}
      - {id: f3, card: forest}
      - {id: s1, card: snow-forest}
      - {id: s2, card: snow-forest}
play: {object: h1}
"""


def test_scrying_sheets_pays_snow_with_snow_mana() -> None:
    data = example("58")
    p = plan(data)
    assert (p["total"]["mana"], p["score"]) == ("{1}{S}", 2)
    assert [s["id"] for s in p["payment"]["sources"]] == ["f2"]
    assert p["payment"]["pool"] == "{R}"
    del data["cards"]["snow-covered-forest"]["snow"]  # the other side: no snow source
    p = plan(data)
    assert p["status"] == "unpayable"
    assert p["reasons"] == ["needs {S}: 1 mana from a snow source, none can be made"]
    data["state"]["you"]["snow_pool"] = "{R}"  # the floating {R} was made by a snow source
    p = plan(data)
    assert (p["status"], p["payment"]["pool"], p["score"]) == ("ok", "{R}", 2)
    round_trips(example("58"))


def test_icehide_troll_spends_the_pools_snow_part(tmp_path: Path) -> None:
    data = example("59")
    p = plan(data)
    assert (p["score"], p["left_in_pool"]) == (1, "{G}")
    you = run("play", data, tmp_path)["state"]["you"]
    assert you["mana_pool"] == "{G}" and "snow_pool" not in you  # the snow {G} was spent
    data["state"]["you"]["snow_pool"] = "{G}{G}"
    p = plan(data)
    assert (p["score"], p["left_in_pool"], p["payment"]["sources"]) == (0, "", [])
    round_trips(data)


def test_snow_in_a_total_reductions_and_floors() -> None:
    data = yaml.safe_load(SNOW_SPELL)
    p = plan(data)
    assert (p["total"]["mana"], p["mana_value"], p["spent"]["mana"], p["score"]) == (
        "{2}{S}{S}{G}", 5, 5, 5)
    data["cards"]["rime"]["reductions"] = [{"generic": 5}]  # generic only: {S} stays (107.4h)
    assert plan(data)["total"]["mana"] == "{S}{S}{G}"
    data["cards"]["rime"]["reductions"] = [{"G": 2}]  # a colored one: the {G}, then generic
    assert plan(data)["total"]["mana"] == "{1}{S}{S}"
    data["cards"]["rime"]["reductions"] = [{"generic": 4, "minimum": 3}]  # {S} counts as mana
    assert plan(data)["total"]["mana"] == "{S}{S}{G}"
    data["cards"]["rime"]["reductions"] = [{"generic": 9}]
    data["cards"]["forest"]["grants"] = [{"at_least": 5, "applies_to": {}}]  # Trinisphere-like
    assert plan(data)["total"]["mana"] == "{2}{S}{S}{G}"
    # Each of the three Forests makes spells cost {1}{S} more: {S} stays {S}, the {3} goes.
    data["cards"]["forest"]["grants"] = [{"increase": "{1}{S}", "applies_to": {}}]
    p = plan(data)
    assert (p["status"], p["total"]["mana"]) == ("unpayable", "{S}{S}{S}{S}{S}{G}")
    assert "needs {S}{S}{S}{S}{S}: 5 mana from a snow source, at most 2 can be made" in p["reasons"]


def test_snow_is_never_convoked() -> None:
    data = yaml.safe_load(SNOW_SPELL)
    data["cards"]["rime"].update(cost="{S}", convoke=True)
    data["cards"]["bear"] = {"types": ["creature"], "snow": True, "cost": "{G}"}
    data["state"]["you"]["battlefield"] = [{"id": "b1", "card": "bear"}]
    assert plan(data)["status"] == "unpayable"
    data["cards"]["bear"]["mana"] = [{"adds": "{G}"}]  # a snow creature's mana pays it
    assert plan(data)["status"] == "ok"


def test_check_refuses_snow_paid_with_other_mana() -> None:
    data = example("58")
    bad = checked(data, {"pool": "{R}", "sources": tap("f1"), "other": {"tap_untapped": ["s1"]}})
    assert not bad["legal"]
    assert "{S} only with mana from a snow source" in bad["problems"][0]
    good = checked(data, {"pool": "{R}", "sources": tap("f2"), "other": {"tap_untapped": ["s1"]}})
    assert good["legal"] and good["gap"] == 0


def test_snow_refusals(tmp_path: Path) -> None:
    data = yaml.safe_load(SNOW_SPELL)
    data["cards"]["forest"]["mana"] = [{"adds": "{G}", "costs": ["tap", "{S}"]}]
    assert problems(data) == ["cards.forest.mana[0].costs[1]: a mana ability's mana cost takes "
                              "plain, generic and hybrid symbols only (no {X}, Phyrexian or {S})"]
    for key, value in (("cards.forest.mana", [{"adds": "{S}"}]),
                       ("cards.rime.reductions", [{"mana": "{S}"}]),
                       ("cards.rime.cost", "{S/G}"),
                       ("state.you.mana_pool", "{S}")):
        data = yaml.safe_load(SNOW_SPELL)
        where = data
        *parents, last = key.split(".")
        for k in parents:
            where = where[k]
        where[last] = value
        assert len(problems(data)) == 1, key
    data = yaml.safe_load(SNOW_SPELL)
    data["state"]["you"].update(mana_pool="{G}", snow_pool="{G}{G}")
    assert problems(data) == ["state.you.snow_pool: {G}{G} is not part of the mana pool {G}: "
                              "snow_pool is the part of mana_pool snow sources made"]
    data = yaml.safe_load(SNOW_SPELL)
    data["cards"]["rime"]["spend_only"] = {"type": "land"}
    assert problems(data) == ["cards.rime.spend_only: spend_only is not supported with {S} (snow "
                              "mana) in the card's costs"]
    # A turn pays {S} too (tests/test_mtg_turn_cost_keys.py): the five lands, score 5.
    data = yaml.safe_load(SNOW_SPELL)
    del data["play"]
    data["turn"] = {"candidates": "auto"}
    out = run("turn", data, tmp_path)
    assert (out["value"], out["objective"]) == (1, 5)


# --- A3. paying a colored pip with life (K'rrik, Son of Yawgmoth) -------------------------------


KRRIK = """
format: mtg/1
cards:
  krrik: {name: "K'rrik, Son of Yawgmoth", types: [creature], cost: "{4}{B/P}{B/P}{B/P}",
          life_for: {B: 2}}
  spell: {name: Spell, types: [sorcery], cost: "{2}{B}"}
  swamp: {name: Swamp, types: [land], mana: [{adds: "{B}"}]}
  plains: {name: Plains, types: [land], mana: [{adds: "{W}"}]}
state:
  you:
    life: 10
    hand: [{id: h1, card: spell}]
    battlefield: [{id: k1, card: krrik}, {id: p1, card: plains}, {id: p2, card: plains}]
play: {object: h1}
"""


def krrik(cost: str, *lands: str, life: int = 10) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(KRRIK)
    data["cards"]["spell"]["cost"] = cost
    data["state"]["you"]["life"] = life
    data["state"]["you"]["battlefield"] = [{"id": "k1", "card": "krrik"}] + [
        {"id": f"l{i}", "card": c} for i, c in enumerate(lands)]
    return data


def test_krrik_pays_a_black_pip_with_life(tmp_path: Path) -> None:
    data = example("60")
    p = plan(data)
    assert (p["total"], p["mana_value"], p["score"]) == (
        {"mana": "{3}{B}{B}", "life": 0, "other": []}, 5, 6)
    assert (p["payment"]["life"], p["payment"]["life_for"], p["spent"]) == (
        2, {"{B}": 1}, {"mana": 4, "convoke": 0, "improvise": 0, "delve": 0, "life": 2, "life_for": 1})
    assert sorted(s["id"] for s in p["payment"]["sources"]) == ["p1", "p2", "p3", "s1"]
    (step,) = [s for s in p["steps"] if s["rule"] == "601.2h"]
    assert "K'rrik, Son of Yawgmoth (k1, life_for B)" in step["text"], step
    assert step["total"] == {"mana": "{3}{B}{B}", "life": 0}
    you = run("play", data, tmp_path)["state"]["you"]
    assert you["life"] == 8
    round_trips(data)
    del data["cards"]["krrik"]["life_for"]  # the other side: one black source for {B}{B}
    assert plan(data)["status"] == "unpayable"


def test_krrik_under_x_auto() -> None:
    data = example("61")
    p = plan(data)
    assert (p["x"], p["total"]["mana"], p["payment"]["life_for"], p["score"]) == (
        4, "{4}{B}{B}", {"{B}": 2}, 8)
    data["state"]["you"]["life"] = 3  # one {B} only: 3 - 2 = 1 life left, not another 2
    p = plan(data)
    assert (p["x"], p["payment"]["life"], p["payment"]["life_for"]) == (3, 2, {"{B}": 1})
    data["state"]["you"]["battlefield"] = data["state"]["you"]["battlefield"][1:]  # no K'rrik
    p = plan(data)
    assert (p["x"], p["payment"]["life"], "life_for" in p["payment"]) == (2, 0, False)


def test_life_for_pays_colored_pips_only_and_to_exactly_zero() -> None:
    assert plan(krrik("{2}{B}", life=20))["status"] == "unpayable"  # never the generic {2}
    p = plan(krrik("{B}{B}", life=4))  # to exactly 0 (119.4)
    assert (p["status"], p["payment"]["life"], p["score"]) == ("ok", 4, 4)
    assert plan(krrik("{B}{B}", life=3))["status"] == "unpayable"
    assert plan(krrik("{W}", life=20))["status"] == "unpayable"  # another color: mana only
    assert plan(krrik("{C}", life=20))["status"] == "unpayable"


def test_life_for_after_announcements() -> None:
    # A hybrid pip announced as {B} is a {B}: 2 life each; the Plains pay the {2}.
    p = plan(krrik("{2}{B/R}{B/R}", "plains", "plains"))
    assert (p["announced"]["hybrid"], p["payment"]["life_for"], p["score"]) == (
        ["{B}", "{B}"], {"{B}": 2}, 6)
    p = plan(krrik("{2/B}"))  # {2/B} announced as {B}, then 2 life (not {2} of mana)
    assert (p["announced"]["hybrid"], p["payment"]["life"], p["payment"]["life_for"]) == (
        ["{B}"], 2, {"{B}": 1})
    # A Phyrexian pip announced as mana is a {B}: with 1 life for it, cheaper than the 2 life
    # of announcing life.
    data = krrik("{B/P}")
    data["cards"]["krrik"]["life_for"] = {"B": 1}
    p = plan(data)
    assert (p["announced"]["phyrexian"], p["payment"]["life"], p["payment"]["life_for"],
            p["total"]["life"]) == (["{B}"], 1, {"{B}": 1}, 0)


def test_life_for_the_least_amount_and_only_yours() -> None:
    data = krrik("{2}{B}", "plains", "plains")
    data["cards"]["bat"] = {"name": "Bat", "types": ["creature"], "life_for": {"B": 1, "W": 3}}
    data["state"]["you"]["battlefield"].append({"id": "b1", "card": "bat"})
    p = plan(data)
    assert (p["payment"]["life"], p["score"]) == (1, 3)
    (step,) = [s for s in p["steps"] if s["rule"] == "601.2h"]
    assert step["text"].startswith("Bat (b1, life_for B): {B} x1 paid with 1 life each"), step
    # An opponent's K'rrik helps its controller only.
    data = krrik("{2}{B}", "plains", "plains")
    data["state"]["opponent"] = {"battlefield": [data["state"]["you"]["battlefield"].pop(0)]}
    assert plan(data)["status"] == "unpayable"


def test_life_for_weighs_life_against_mana() -> None:
    data = krrik("{B}", "swamp")
    p = plan(data)
    assert (p["payment"]["life"], p["score"]) == (0, 1)  # a land (1) before 2 life
    data["objective"] = {"weights": {"life": 0}}
    p = plan(data)
    assert (p["payment"]["life"], p["payment"]["sources"], p["score"]) == (2, [], 0)


def test_life_for_pays_an_activated_ability() -> None:
    data = krrik("{B}", "plains")
    data["cards"]["krrik"]["abilities"] = [{"id": "pump", "costs": ["{1}{B}"]}]
    data["play"] = {"ability": {"object": "k1", "id": "pump"}}
    p = plan(data)
    assert (p["status"], p["payment"]["life_for"], p["mana_value"], p["score"]) == (
        "ok", {"{B}": 1}, None, 3)


def test_check_reads_life_for(tmp_path: Path) -> None:
    data = example("60")
    lands = [{"id": i, "adds": a, "costs": ["tap"]}
             for i, a in (("s1", "{B}"), ("p1", "{W}"), ("p2", "{W}"), ("p3", "{W}"))]
    good = checked(data, {"sources": lands, "life": 2, "life_for": {"{B}": 1}})
    assert (good["legal"], good["score"], good["gap"], good["spent"]) == (
        True, 6, 0, {"mana": 4, "convoke": 0, "improvise": 0, "delve": 0, "life": 2, "life_for": 1})
    both = checked(data, {"sources": lands[1:], "life": 4, "life_for": {"{B}": 2}})
    assert (both["legal"], both["score"], both["gap"]) == (True, 7, 1)
    bad = checked(data, {"sources": lands, "life": 2, "life_for": {"{W}": 1}})
    assert not bad["legal"]
    assert bad["problems"][0] == ("payment.life_for.{W}: no permanent on your battlefield lets "
                                  "a {W} pip be paid with life (life_for W)")
    bad = checked(data, {"sources": lands[1:], "life": 6, "life_for": {"{B}": 3}})
    assert bad["problems"][0] == ("payment.life_for.{B}: pays 3 {B} pips with life; the total "
                                  "{3}{B}{B} has 2 left to pay")
    bad = checked(data, {"sources": lands, "life": 0, "life_for": {"{B}": 1}})
    assert any(p.startswith("payment.life: pays 0 life; the total and the mana abilities ask "
                            "for 2") for p in bad["problems"]), bad["problems"]
    data["payment"] = {"life_for": {"{S}": 1}}
    with pytest.raises(ScenarioError):
        check_data(data)


def test_life_for_in_hand_and_dump(tmp_path: Path) -> None:
    data = example("60")
    del data["play"]
    hand = run("hand", data, tmp_path)["plays"]
    assert [(p["play"]["object"], p["score"], p["payment"]["life_for"]) for p in hand] == [
        ("h1", 6, {"{B}": 1})]
    s = mtg_from_data(data)
    assert scenario_to_data(s)["cards"]["krrik"]["life_for"] == {"B": 2}


def test_life_for_refusals(tmp_path: Path) -> None:
    for value, line in (
            ({"C": 2}, "cards.krrik.life_for.C: unknown color letter 'C' (expected one of: W, U, "
                       "B, R, G)"),
            ({"B": 0}, "cards.krrik.life_for.B: life paid for a pip is 1 to 20, got 0"),
            ({"B": 21}, "cards.krrik.life_for.B: life paid for a pip is 1 to 20, got 21"),
            ({"B": "2"}, "cards.krrik.life_for.B: expected a whole number, got the string '2'"),
            (2, "cards.krrik.life_for: expected a mapping of a color letter W U B R G to the "
                "life each pip of that color costs, like {B: 2}, got the number 2"),
    ):
        data = example("60")
        data["cards"]["krrik"]["life_for"] = value
        assert problems(data) == [line], value
    # A mana ability's own cost is never paid with life: the pair is refused.
    data = example("60")
    data["cards"]["plains"]["mana"] = [{"adds": "{W}{W}", "costs": ["tap", "{B/W}"]}]
    assert problems(data) == [
        "cards.plains.mana[0].costs: a {B} pip in a mana ability's costs is not supported with "
        "life_for B (K'rrik, Son of Yawgmoth on your battlefield): a mana ability's own cost is "
        "never paid with life here"]
    data["state"]["opponent"] = {"battlefield": [data["state"]["you"]["battlefield"].pop(0)]}
    mtg_from_data(data)  # an opponent's K'rrik: accepted
    # A turn and `plays` pay pips with life too (tests/test_mtg_turn_cost_keys.py): example 60
    # as a turn is the same payment, score 6.
    data = example("60")
    del data["play"]
    data["turn"] = {"candidates": "auto"}
    out = run("turn", data, tmp_path)
    assert (out["value"], out["objective"]) == (1, 6)
    assert out["plays"][0]["payment"]["life_for"] == {"{B}": 1}


def test_snow_mana_a_play_made_and_left_stays_snow_after_it() -> None:
    """A snow land adding {G}{G} pays the Elf's {G}: the other {G} floats, and `payplan play`'s
    state after says it is snow (107.4h), for a later {S} (it said no snow: the turn's
    `check` of each play, rebuilt on that state, then refused a snow pump paid by it)."""
    data = {"format": "mtg/1", "cards": {
        "vault": {"types": ["land"], "snow": True, "mana": [{"adds": "{G}{G}"}]},
        "elf": {"types": ["creature"], "cost": "{G}"}},
        "state": {"you": {"battlefield": [{"id": "v1", "card": "vault"}],
                          "hand": [{"id": "h1", "card": "elf"}]}},
        "play": {"object": "h1"}}
    you = answer_json("play", data)["state"]["you"]
    assert (you["mana_pool"], you.get("snow_pool")) == ("{G}", "{G}")
