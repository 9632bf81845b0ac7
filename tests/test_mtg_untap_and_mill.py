"""mtg/1's mana ability that untaps an opponent's permanent (Benthic Explorers, 106.7) and mana
read from a milled card known on top of the library (Charmed Pendant, `library_top`): the other
side of each example in examples/mtg/73-75 and 86, `check`, `play`, `turn`'s refusal, the dump
and the loader's refusals. Answers worked by hand from the cards' Oracle wording and the
objective of docs/mtg-format.md (tap a land 1, a creature 2, an artifact 1, mill 1 per card, the
`untap` weight 1 per permanent). Every plan is made with the fast path on and off
(`tests.test_mtg.plan`), and must agree."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from mtg_cases import checked_sources as checked
from mtg_cases import example, plan
from mtg_cases import problems as _problems

from payplan.engine.mtg.dump import scenario_to_data
from payplan.engine.mtg.loader import scenario_from_data as mtg_from_data
from payplan.engine.mtg.mana import parse_plain
from payplan.engine.mtg.produce import could_produce, milled_mana
from payplan.planner.mtg.check import check_data
from payplan.planner.mtg.play import play_data

UNTAP_LAND = {"untap": {"count": 1, "filter": {"type": "land", "controller": "opponent"}}}


def state_after(data: dict[str, Any]) -> dict[str, Any]:
    """The state after `payplan play`, as its JSON writes it."""
    out = play_data(data).to_json()
    assert out["status"] == "ok", out
    state: dict[str, Any] = out["state"]
    return state


def opponent_lands(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {o["id"]: o for o in data["state"]["opponent"]["battlefield"]}


# --- Benthic Explorers (examples 73, 74) ----------------------------------------------------------


def test_benthic_untaps_the_dual_land_for_black() -> None:
    data = example("73")
    p = plan(data)
    assert p["status"] == "ok" and p["score"] == 4  # Forest 1, Explorers 2, untap 1
    benthic = [s for s in p["payment"]["sources"] if s["id"] == "b1"]
    assert benthic == [{"id": "b1", "adds": "{B}", "costs": ["tap", "untap o2"],
                        "untapped": ["o2"]}]
    after = {o["id"]: o for o in state_after(data)["opponent"]["battlefield"]}
    assert "tapped" not in after["o2"] and after["o1"]["tapped"] is True
    # The pair: the Underground Sea untapped already, only the Island is left ({U}): unpayable.
    opponent_lands(data)["o2"].pop("tapped")
    assert plan(data)["status"] == "unpayable"


def test_benthic_needs_a_tapped_opponent_land() -> None:
    data = example("74")
    p = plan(data)
    assert p["status"] == "unpayable"
    assert any(r.startswith("untap:") and "b1" in r for r in p["reasons"])
    opponent_lands(data)["o1"]["tapped"] = True  # the pair: the Sea tapped, it makes the {B}
    p = plan(data)
    assert p["status"] == "ok" and p["score"] == 4


def test_the_untap_weight_decides_between_benthic_and_a_land() -> None:
    data = example("73")
    data["state"]["you"]["battlefield"].append({"id": "s1", "card": "swamp"})
    # A Swamp of yours (1) against the Explorers (2 + untap 1): the Swamp and the Forest.
    p = plan(data)
    assert p["score"] == 2 and sorted(s["id"] for s in p["payment"]["sources"]) == ["f1", "s1"]
    data["objective"] = {"weights": {"tap_land": 5, "untap": 0}}
    p = plan(data)  # lands dear, untapping free: the Explorers and one land
    assert p["score"] == 7 and "b1" in [s["id"] for s in p["payment"]["sources"]]


def test_each_opponent_permanent_is_untapped_once() -> None:
    data = example("73")
    data["state"]["you"]["battlefield"] = [{"id": "b1", "card": "benthic-explorers"},
                                           {"id": "b2", "card": "benthic-explorers"}]
    data["cards"]["doom-blade"]["cost"] = "{B}{B}"
    # Only the Underground Sea makes {B}: two Explorers can't both untap it.
    assert plan(data)["status"] == "unpayable"
    data["state"]["opponent"]["battlefield"].append({"id": "o4", "card": "swamp", "tapped": True})
    p = plan(data)
    assert p["status"] == "ok" and p["score"] == 6
    assert sorted(s["untapped"][0] for s in p["payment"]["sources"]) == ["o2", "o4"]


def test_summoning_sick_benthic_cant_tap() -> None:
    data = example("73")
    data["state"]["you"]["battlefield"][0]["sick"] = True
    assert plan(data)["status"] == "unpayable"


def test_could_produce_reads_the_opponents_side() -> None:
    """106.7: the types the permanent's abilities name; a `per` amount counted on its
    controller's side names no type at 0 (Gaea's Cradle with no creature of the opponent's)."""
    data = example("73")
    data["cards"]["cradle"] = {"name": "Gaea's Cradle", "types": ["land"],
                               "mana": [{"adds": "{G}", "per": {"count": {"type": "creature"}}}]}
    data["state"]["opponent"]["battlefield"].append({"id": "o5", "card": "cradle", "tapped": True})
    s = mtg_from_data(data, require_play=True)
    cradle = s.state.opponent.battlefield[-1]
    assert could_produce(s, cradle, s.state.opponent) == ()  # your Explorers don't count
    sea = s.state.opponent.battlefield[1]
    assert could_produce(s, sea, s.state.opponent) == ("U", "B")
    data["state"]["opponent"]["battlefield"].append({"id": "o6", "card": "benthic-explorers"})
    s = mtg_from_data(data, require_play=True)
    assert could_produce(s, s.state.opponent.battlefield[-2], s.state.opponent) == ("G",)


def test_check_reads_untap() -> None:
    data = example("73")
    good = checked(data, [{"id": "b1", "adds": "{B}", "costs": ["tap", "untap o2"]},
                          {"id": "f1", "adds": "{G}", "costs": ["tap"]}])
    assert good.legal and good.score == 4
    island = checked(data, [{"id": "b1", "adds": "{B}", "costs": ["tap", "untap o1"]},
                            {"id": "f1", "adds": "{G}", "costs": ["tap"]}])
    assert not island.legal and any("untapping o1" in p and "adds {U}" in p
                                    for p in island.problems)
    untapped = checked(data, [{"id": "b1", "adds": "{B}", "costs": ["tap", "untap o3"]},
                              {"id": "f1", "adds": "{G}", "costs": ["tap"]}])
    assert not untapped.legal  # the Swamp is not tapped
    none = checked(data, [{"id": "b1", "adds": "{B}", "costs": ["tap"]},
                          {"id": "f1", "adds": "{G}", "costs": ["tap"]}])
    assert not none.legal


def test_check_refuses_one_permanent_untapped_twice() -> None:
    data = example("73")
    data["state"]["you"]["battlefield"].append({"id": "b2", "card": "benthic-explorers"})
    twice = checked(data, [{"id": "b1", "adds": "{B}", "costs": ["tap", "untap o2"]},
                           {"id": "b2", "adds": "{U}", "costs": ["tap", "untap o2"]}])
    assert not twice.legal and any("o2 is untapped twice" in p for p in twice.problems)


# --- Charmed Pendant (examples 75, 86) ------------------------------------------------------------


def test_pendant_reads_the_known_top_card() -> None:
    data = example("75")
    p = plan(data)
    assert p["status"] == "ok" and p["score"] == 2
    assert p["payment"]["sources"] == [{"id": "p1", "adds": "{U}{U}", "costs": ["tap", "mill 1"],
                                        "milled": ["hybrid-spell"]}]
    you = state_after(data)["you"]
    assert you["library"] == 9 and "library_top" not in you
    assert [o["card"] for o in you["graveyard"]] == ["hybrid-spell", "counterspell"]
    assert you["graveyard"][0]["id"] == "hybrid-spell-milled"


def test_pendant_hidden_top_card_is_never_milled() -> None:
    data = example("86")
    p = plan(data)
    assert p["status"] == "unpayable"
    assert any(r.startswith("library_top:") and "p1" in r for r in p["reasons"])
    data["cards"]["twin"] = {"name": "Twin", "types": ["instant"], "cost": "{U}"}
    data["state"]["you"]["library_top"] = ["twin"]  # the pair: the top card known, {U}
    p = plan(data)
    assert p["status"] == "ok" and p["score"] == 3  # Pendant 1 + mill 1 + Island 1


def test_milled_mana_reads_each_colored_symbol() -> None:
    data = example("75")
    s = mtg_from_data(data, require_play=True)
    assert milled_mana(s.cards["hybrid-spell"]) == (parse_plain("{W}{U}"), parse_plain("{U}{U}"))
    for cost, want in (("{2/W}{W/P}", ["{W}{W}"]), ("{G/W/P}", ["{G}", "{W}"]),
                       ("{3}{C}{X}{S}", [""]), ("", [""])):
        data["cards"]["hybrid-spell"]["cost"] = cost
        got = milled_mana(mtg_from_data(data, require_play=True).cards["hybrid-spell"])
        assert got == tuple(parse_plain(w) for w in want), cost


def test_two_pendants_mill_in_turn() -> None:
    data = example("75")
    data["cards"]["land"] = {"name": "Land", "types": ["land"]}
    data["cards"]["dark"] = {"name": "Dark Spell", "types": ["instant"], "cost": "{B}{B}"}
    data["cards"]["counterspell"]["cost"] = "{U}{U}{B}{B}"
    you = data["state"]["you"]
    you["battlefield"] = [{"id": "p1", "card": "charmed-pendant"},
                          {"id": "p2", "card": "charmed-pendant"}]
    you["library_top"] = ["hybrid-spell", "dark"]
    p = plan(data)  # the first two known cards, one each: {U}{U} and {B}{B}
    assert p["status"] == "ok" and p["score"] == 4
    assert sorted(s["milled"][0] for s in p["payment"]["sources"]) == ["dark", "hybrid-spell"]
    after = state_after(data)["you"]
    assert after["library"] == 8 and [o["card"] for o in after["graveyard"][:2]] == [
        "hybrid-spell", "dark"]
    # A land on top: the second card is reached only by milling the land first.
    data["cards"]["counterspell"]["cost"] = "{B}{B}"
    you["library_top"] = ["land", "dark"]
    p = plan(data)
    assert p["status"] == "ok" and p["score"] == 4
    assert sorted(s["milled"][0] for s in p["payment"]["sources"]) == ["dark", "land"]
    you["battlefield"] = you["battlefield"][:1]  # one Pendant reaches only the land
    assert plan(data)["status"] == "unpayable"


def test_check_reads_milled() -> None:
    data = example("75")
    good = checked(data, [{"id": "p1", "adds": "{U}{U}", "costs": ["tap", "mill 1"],
                           "milled": ["hybrid-spell"]}])
    assert good.legal and good.score == 2
    wrong = checked(data, [{"id": "p1", "adds": "{U}{U}", "costs": ["tap", "mill 1"],
                            "milled": ["counterspell"]}])
    assert not wrong.legal and any("not a card known on top" in p for p in wrong.problems)
    greedy = checked(data, [{"id": "p1", "adds": "{W}{W}", "costs": ["tap", "mill 1"],
                             "milled": ["hybrid-spell"]}])
    assert not greedy.legal and any("adds {U}{U} or {W}{U}" in p for p in greedy.problems)
    unnamed = checked(data, [{"id": "p1", "adds": "{U}{U}", "costs": ["tap", "mill 1"]}])
    assert not unnamed.legal and any("milled:" in p for p in unnamed.problems)


def test_check_reads_the_plans_own_payment_back() -> None:
    for name in ("73", "75"):
        data = example(name)
        p = plan(data)
        back = check_data({**data, "payment": p["payment"]})
        assert back.legal and back.score == p["score"], back.problems


# --- dump, turn, loader ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["73", "74", "75", "86"])
def test_the_examples_dump_and_load_back(name: str) -> None:
    s = mtg_from_data(example(name), require_play=True)
    again = mtg_from_data(scenario_to_data(s), require_play=True)
    assert again == s


def test_turn_plans_the_keys(tmp_path: Path) -> None:
    """A turn takes an untap cost, `adds: untapped`, `adds: milled` and `library_top` (was
    refused): each example's turn is `plan`'s cast, and the state after has the opponent's
    Underground Sea untapped, or the card milled in your graveyard."""
    for name, want in (("73", (1, 4, ["h1"])), ("75", (1, 2, ["h1"]))):
        data = example(name)
        del data["play"]
        path = tmp_path / f"{name}.yaml"
        path.write_text(yaml.safe_dump(data), encoding="utf-8")
        out = subprocess.run([sys.executable, "-m", "payplan", "turn", str(path), "--json"],
                             capture_output=True, text=True, check=False)
        assert out.returncode == 0, out.stderr
        got = json.loads(out.stdout)
        assert (got["value"], got["objective"], got["order"]) == want
        state = got["state"]
        if name == "73":
            assert [o.get("tapped", False) for o in state["opponent"]["battlefield"]] == [
                True, False, False]
        else:
            assert [o["id"] for o in state["you"]["graveyard"]] == ["hybrid-spell-milled", "h1"]
            assert not state["you"].get("library_top") and state["you"]["library"] == 9


def test_the_loader_refuses_what_cant_be() -> None:
    benthic = ("cards", "benthic-explorers")
    pendant = ("cards", "charmed-pendant")
    cases: list[tuple[str, Any, str, str]] = [
        ("73", lambda d: d[benthic[0]][benthic[1]]["mana"][0]["costs"][1]["untap"]["filter"].pop(
            "controller"), "filter.controller", "controller: opponent"),
        ("73", lambda d: d[benthic[0]][benthic[1]]["mana"][0]["costs"][1]["untap"].update(count=2),
         "mana[0].adds", "exactly one {untap: {count: 1"),
        ("73", lambda d: d[benthic[0]][benthic[1]]["mana"][0]["costs"][1]["untap"].update(count=11),
         "untap.count", "10"),
        ("73", lambda d: d[benthic[0]][benthic[1]]["mana"][0].update(costs=["tap"]),
         "mana[0].adds", "exactly one {untap"),
        ("73", lambda d: d[benthic[0]][benthic[1]].update(
            abilities=[{"id": "u", "costs": [UNTAP_LAND]}]), "abilities[0].costs[0].untap",
         "mana ability's costs only"),
        ("73", lambda d: d[benthic[0]][benthic[1]]["mana"][0].update(
            per={"count": {"type": "land"}}), "mana[0].per", "not read with adds: untapped"),
        ("75", lambda d: d[pendant[0]][pendant[1]]["mana"][0].update(costs=["tap"]),
         "mana[0].adds", "exactly one {mill: 1}"),
        ("75", lambda d: d["state"]["you"].update(library=0), "state.you.library_top",
         "at least as many"),
        ("75", lambda d: d["state"]["you"].update(library_top=["nothing"]),
         "library_top[0]", "unknown card"),
        ("75", lambda d: d["cards"]["counterspell"].update(delve=True),
         "mana[0].adds", "delve"),
    ]
    for name, change, where, words in cases:
        data = example(name)
        change(data)
        problems = _problems(data)
        assert len(problems) == 1 and where in problems[0] and words in problems[0], problems


def _well_and_pendant(cost: str) -> dict[str, Any]:
    """Example 75 with a well ({T}, mill 2: add {U}{U}) beside the Pendant, library_top
    [bolt {R}, growth {G}, fiend {B}], and a spell costing `cost`."""
    data = example("75")
    data["cards"].update({
        "well": {"name": "Library Well", "types": ["artifact"],
                 "mana": [{"adds": "{U}{U}", "costs": ["tap", {"mill": 2}]}]},
        "bolt": {"name": "Bolt", "types": ["instant"], "cost": "{R}"},
        "growth": {"name": "Growth", "types": ["instant"], "cost": "{G}"},
        "fiend": {"name": "Fiend", "types": ["creature"], "cost": "{B}"}})
    data["cards"]["counterspell"]["cost"] = cost
    you = data["state"]["you"]
    you["battlefield"] = [{"id": "p1", "card": "charmed-pendant"}, {"id": "w1", "card": "well"}]
    you["library_top"] = ["bolt", "growth", "fiend"]
    return data


def test_a_mill_of_two_is_one_block() -> None:
    """701.13a: the well's two cards go together: the Pendant reads bolt (activated first) or
    fiend (after the well), never growth (between the well's two cards). Pendant 1 + mill 1, the
    well 1 + mill 2: score 5."""
    assert plan(_well_and_pendant("{G}{U}{U}"))["status"] == "unpayable"
    for cost, card in (("{R}{U}{U}", "bolt"), ("{B}{U}{U}", "fiend")):
        p = plan(_well_and_pendant(cost))
        assert p["status"] == "ok" and p["score"] == 5, cost
        assert [s.get("milled") for s in p["payment"]["sources"] if s["id"] == "p1"] == [[card]]
    data = _well_and_pendant("{B}{U}{U}")
    well = {"id": "w1", "adds": "{U}{U}", "costs": ["tap", "mill 2"]}
    between = checked(data, [{"id": "p1", "adds": "{G}", "costs": ["tap", "mill 1"],
                              "milled": ["growth"]}, well])
    assert not between.legal and any("no order of the mana abilities mills growth" in p
                                     for p in between.problems)
    after = checked(data, [{"id": "p1", "adds": "{B}", "costs": ["tap", "mill 1"],
                            "milled": ["fiend"]}, well])
    assert after.legal and after.score == 5


def test_a_milling_filter_beside_the_pendant_is_refused() -> None:
    data = _well_and_pendant("{B}{U}{U}")
    data["cards"]["well"]["mana"][0]["costs"].append("{1}")
    problems = _problems(data)
    assert len(problems) == 1 and "cards.well.mana[0].costs" in problems[0]
    assert "not built" in problems[0]
