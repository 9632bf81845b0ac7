"""mtg/1's counters removed as a cost (Druids' Repository, storage lands, an activated ability's
own counters) and loyalty abilities with their cost changers (Carth the Lion): the other side of
each example in examples/mtg/76-85, `check`, `play`, `turn`'s refusal and the loader's refusals.
Answers worked by hand from the cards' Oracle wording and the objective of docs/mtg-format.md
(tap a land 1, an artifact 1, the `counter` weight 1). Every plan is made with the fast path on
and off (`tests.test_mtg.plan`), and must agree."""

from __future__ import annotations

import copy
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
from payplan.planner.mtg.check import check_data
from payplan.planner.mtg.play import play_data


def after(data: dict[str, Any]) -> dict[str, Any]:
    """The state after `payplan play`, as its JSON writes it (objects by id)."""
    out = play_data(data).to_json()
    assert out["status"] == "ok", out
    state: dict[str, Any] = out["state"]
    return {o["id"]: o for o in state["you"]["battlefield"]}


# --- C1: Druids' Repository (examples 76, 77) -------------------------------------------------------


def test_druids_repository_activates_once_per_counter() -> None:
    data = example("76")
    p = plan(data)
    assert p["score"] == 6  # three Forests tapped, three charge counters
    repo = [s for s in p["payment"]["sources"] if s["id"] == "r1"]
    assert sorted(s["adds"] for s in repo) == ["{B}", "{U}", "{W}"]
    assert all(s["costs"] == ["remove_counters charge 1"] and s["counters_removed"] == {"charge": 1}
               for s in repo)
    assert "counters" not in after(data)["r1"]  # all three gone: the kind is dropped
    data["state"]["you"]["battlefield"][0]["counters"] = {"charge": 5}
    p = plan(data)  # five counters and a Forest also score 6: fewer objects used wins the tie
    assert p["score"] == 6 and [s["id"] for s in p["payment"]["sources"]].count("r1") == 5
    data["objective"] = {"weights": {"counter": 2}}  # dearer counters: only the three colors
    assert plan(data)["score"] == 9
    assert after(data)["r1"]["counters"] == {"charge": 2}


def test_druids_repository_counters_bound_it() -> None:
    data = example("77")
    p = plan(data)
    assert p["status"] == "unpayable"
    assert any("r1 (2 charge)" in r for r in p["reasons"])
    data["state"]["you"]["battlefield"][0]["counters"] = {"charge": 3}  # the pair: one more
    assert plan(data)["status"] == "ok"
    data["state"]["you"]["battlefield"][0]["counters"] = {"storage": 3}  # the wrong kind
    assert plan(data)["status"] == "unpayable"


def test_check_counts_the_counters_removed() -> None:
    data = example("76")
    forests = [{"id": f"f{i}", "adds": "{G}", "costs": ["tap"]} for i in (1, 2, 3)]
    repo = [{"id": "r1", "adds": m, "costs": ["remove_counters charge 1"]}
            for m in ("{W}", "{U}", "{B}")]
    good = checked(data, repo + forests)
    assert good.legal and good.score == 6
    extra = checked(data, repo + [{"id": "r1", "adds": "{G}", "costs": ["remove_counters charge 1"]}]
                    + forests[:2])
    assert not extra.legal
    assert any("remove 4 charge counters" in p and "has 3" in p for p in extra.problems)


# --- C1: storage lands (examples 78, 79) -------------------------------------------------------------


def test_calciform_pools_is_one_activation_of_x() -> None:
    data = example("78")
    p = plan(data)
    assert p["score"] == 5
    stored = [s for s in p["payment"]["sources"] if "counters_removed" in s]
    assert stored == [{"id": "p1", "adds": "{U}{U}{U}", "costs": ["{1}", "remove_counters storage 3"],
                       "counters_removed": {"storage": 3}}]
    assert "counters" not in after(data)["p1"]
    data["state"]["you"]["battlefield"][0]["counters"] = {"storage": 2}  # the pair: {U}{U} at most
    assert plan(data)["status"] == "unpayable"


def test_check_reads_the_plans_own_payment_back() -> None:
    for name in ("76", "78", "79"):
        data = example(name)
        p = plan(data)
        back = check_data({**data, "payment": p["payment"]})
        assert back.legal and back.score == p["score"], back.problems
    data = example("78")
    p = plan(data)
    for s in p["payment"]["sources"]:  # the counts are read from counters_removed
        s["costs"] = [w for w in s["costs"] if not w.startswith("remove_counters")]
    assert check_data({**data, "payment": p["payment"]}).legal


def test_calciform_pools_check() -> None:
    data = example("78")
    tap = {"id": "p1", "adds": "{C}", "costs": ["tap"]}
    plains = {"id": "l1", "adds": "{W}", "costs": ["tap"]}
    good = checked(data, [tap, {"id": "p1", "adds": "{U}{U}{U}",
                                "costs": ["{1}", "remove_counters storage 3"]}, plains])
    assert good.legal and good.score == 5
    wrong_x = checked(data, [tap, {"id": "p1", "adds": "{U}{U}{U}",
                                   "costs": ["{1}", "remove_counters storage 2"]}, plains])
    assert not wrong_x.legal and any("X is the mana it adds" in p for p in wrong_x.problems)
    twice = checked(data, [tap, {"id": "p1", "adds": "{U}{U}", "costs": ["{1}", "remove_counters storage 2"]},
                           {"id": "p1", "adds": "{U}", "costs": ["{1}", "remove_counters storage 1"]},
                           plains])
    assert not twice.legal and any("X is chosen once" in p for p in twice.problems)
    data["state"]["you"]["battlefield"][0]["counters"] = {"storage": 2}
    beyond = checked(data, [tap, {"id": "p1", "adds": "{U}{U}{U}",
                                  "costs": ["{1}", "remove_counters storage 3"]}, plains])
    assert not beyond.legal and any("remove 3 storage counters" in p for p in beyond.problems)


def test_calciform_pools_check_needs_the_counters_named() -> None:
    """A storage entry whose costs leave out `remove_counters storage X` (and give no
    `counters_removed`): no activation of the ability removes no counters, and X is the
    mana it adds, named once: refused, naming the word; written out, it is legal (the Pools
    tapped 1, a counter 1). {U} with the Pools' {C} paying the {1}."""
    data = example("78")
    data["cards"]["cryptic-command"]["cost"] = "{U}"
    tap = {"id": "p1", "adds": "{C}", "costs": ["tap"]}
    bare = checked(data, [tap, {"id": "p1", "adds": "{U}", "costs": ["{1}"]}])
    assert not bare.legal
    assert any("name no counters removed" in p and "remove_counters storage X" in p
               for p in bare.problems), bare.problems
    for named in ({"costs": ["{1}", "remove_counters storage 1"]},
                  {"costs": ["{1}"], "counters_removed": {"storage": 1}}):
        good = checked(data, [tap, {"id": "p1", "adds": "{U}", **named}])
        assert good.legal and good.score == 2, good.problems


def test_storage_pays_its_own_cost_with_other_mana_only() -> None:
    data = example("78")
    data["cards"]["calciform-pools"]["mana"] = data["cards"]["calciform-pools"]["mana"][1:]
    data["cards"]["absorb"] = {"types": ["instant"], "cost": "{U}"}
    data["state"]["you"]["battlefield"] = [{"id": "p1", "card": "calciform-pools",
                                            "counters": {"storage": 5}}]
    data["state"]["you"]["hand"] = [{"id": "h1", "card": "absorb"}]
    assert plan(data)["status"] == "unpayable"  # its {1} can't be paid by its own mana
    data["state"]["you"]["mana_pool"] = "{C}"
    p = plan(data)
    assert p["status"] == "ok" and p["score"] == 1  # the pool pays the {1}, X = 1


def test_the_counter_weight_chooses_x() -> None:
    data = example("79")
    p = plan(data)
    assert p["score"] == 6
    assert [s.get("counters_removed") for s in p["payment"]["sources"]
            if s.get("counters_removed")] == [{"storage": 2}]
    assert after(data)["p1"]["counters"] == {"storage": 3}
    del data["objective"]  # the pair: each counter 1, X = 2 or 3 tie at 4
    assert plan(data)["score"] == 4


# --- C1: an activated ability's own counters (example 85) ------------------------------------------


def test_serrated_arrows_removes_its_counter() -> None:
    data = example("85")
    p = plan(data)
    assert p["score"] == 2 and p["total"]["counters"] == {"arrowhead": 1}
    assert after(data)["a1"]["counters"] == {"arrowhead": 2}
    data["state"]["you"]["battlefield"][0]["counters"] = {}
    p = plan(data)
    assert p["status"] == "illegal"
    assert any("removes 1 arrowhead counter" in r and "has 0" in r for r in p["reasons"])


def test_an_activation_leaves_its_mana_abilities_the_counters_beyond_its_cost() -> None:
    battery = {"types": ["artifact"],
               "mana": [{"adds": "{R}", "costs": [{"remove_counters": {"kind": "charge", "count": 1}}]}],
               "abilities": [{"id": "zap", "costs": ["{R}", {"remove_counters": {"kind": "charge",
                                                                             "count": 1}}]}]}
    data = {"format": "mtg/1", "cards": {"battery": battery},
            "state": {"you": {"battlefield": [{"id": "b1", "card": "battery",
                                                "counters": {"charge": 2}}]}},
            "play": {"ability": {"object": "b1", "id": "zap"}}}
    p = plan(data)
    assert p["status"] == "ok" and p["score"] == 2  # one counter for the cost, one for {R}
    assert "counters" not in after(data)["b1"]
    data["state"]["you"]["battlefield"][0]["counters"] = {"charge": 1}
    assert plan(data)["status"] == "unpayable"  # the cost takes the only counter


# --- C2: loyalty abilities and Carth the Lion (examples 80-84) ------------------------------------


def test_a_plus_ability_puts_loyalty_on() -> None:
    data = example("80")
    p = plan(data)
    assert p["total"]["loyalty"] == 2 and p["score"] == 0
    assert [s["rule"] for s in p["steps"]][-1] == "606.4"
    j1 = after(data)["j1"]
    assert j1["counters"] == {"loyalty": 5} and j1["loyalty_activated"] is True
    data["play"] = {"ability": {"object": "j1", "id": "minus-one"}}
    p = plan(data)
    assert p["total"]["loyalty"] == -1 and p["score"] == 1  # one counter removed
    assert after(data)["j1"]["counters"] == {"loyalty": 2}


def test_a_negative_cost_needs_the_counters() -> None:
    data = example("81")
    p = plan(data)
    assert p["status"] == "illegal"
    assert any("606.6" in r and "has 3" in r for r in p["reasons"])
    data["state"]["you"]["battlefield"][0]["counters"] = {"loyalty": 10}  # to exactly 0
    assert plan(data)["status"] == "ok"
    assert "counters" not in after(data)["j1"]


def test_carth_makes_minus_two_cost_minus_one() -> None:
    data = example("82")
    p = plan(data)
    assert p["total"]["loyalty"] == -1 and p["score"] == 1
    assert any("additional [+1]" in s["text"] for s in p["steps"])
    assert "counters" not in after(data)["l1"]
    del data["cards"]["carth-the-lion"]["grants"]  # the pair: -2 with one counter
    assert plan(data)["status"] == "illegal"


def test_carth_adds_to_a_plus_and_only_its_controllers() -> None:
    data = example("83")
    assert plan(data)["total"]["loyalty"] == 2
    data["state"]["you"]["battlefield"].pop()  # only the opponent's Carth
    assert plan(data)["total"]["loyalty"] == 1
    data["cards"]["carth-the-lion"]["grants"][0]["applies_to"]["controller"] = "any"
    assert plan(data)["total"]["loyalty"] == 2
    data["cards"]["carth-the-lion"]["grants"][0]["applies_to"] = {"ability": "activated"}
    data["state"]["you"]["battlefield"].append({"id": "c1", "card": "carth-the-lion"})
    assert plan(data)["total"]["loyalty"] == 2  # `activated` reaches loyalty abilities too
    data["state"]["you"]["battlefield"][0]["counters"] = {"loyalty": 3}


def test_a_carth_grant_never_changes_other_abilities() -> None:
    data = example("85")
    data["cards"]["carth"] = {"types": ["creature"], "grants": [{"loyalty": 1, "applies_to":
                                                                  {"ability": "activated"}}]}
    data["state"]["you"]["battlefield"].append({"id": "c1", "card": "carth"})
    p = plan(data)
    assert "loyalty" not in p["total"] and p["score"] == 2


def test_once_a_turn_and_as_a_sorcery() -> None:
    data = example("84")
    p = plan(data)
    assert p["status"] == "illegal" and any("606.3" in r for r in p["reasons"])
    del data["state"]["you"]["battlefield"][0]["loyalty_activated"]  # the pair
    assert plan(data)["status"] == "ok"
    data["state"]["stack"] = "nonempty"
    p = plan(data)
    assert p["status"] == "illegal" and any("sorcery" in r for r in p["reasons"])


# --- dump, turn, loader ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", [str(n) for n in range(76, 86)])
def test_the_examples_dump_and_load_back(name: str) -> None:
    s = mtg_from_data(example(name), require_play=True)
    again = mtg_from_data(scenario_to_data(s), require_play=True)
    assert again == s


def test_turn_plans_counters_and_loyalty(tmp_path: Path) -> None:
    """A turn takes counters removed as costs and loyalty abilities (was refused): Druids'
    Repository's turn is `plan`'s cast (score 6), Jace's one loyalty ability a turn (606.3) is
    the +2 (value 1, objective 0), and the state after has the counters changed."""
    for name, want in (("76", (1, 6, ["h1"])), ("80", (1, 0, ["j1.plus-two"]))):
        data = example(name)
        del data["play"]
        path = tmp_path / f"{name}.yaml"
        path.write_text(yaml.safe_dump(data), encoding="utf-8")
        out = subprocess.run([sys.executable, "-m", "payplan", "turn", str(path), "--json"],
                             capture_output=True, text=True, check=False)
        assert out.returncode == 0, out.stderr
        got = json.loads(out.stdout)
        assert (got["value"], got["objective"], got["order"]) == want
        mine = {o["id"]: o for o in got["state"]["you"]["battlefield"]}
        if name == "80":
            assert mine["j1"]["counters"] == {"loyalty": 5} and mine["j1"]["loyalty_activated"]
        else:
            assert "counters" not in mine["r1"]  # its three charge counters all removed


def test_hand_lists_loyalty_abilities(tmp_path: Path) -> None:
    data = example("82")
    del data["play"]
    path = tmp_path / "hand.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "payplan", "hand", str(path), "--json"],
                         capture_output=True, text=True, check=False)
    plays = {p["play"].get("ability"): p["status"] for p in json.loads(out.stdout)["plays"]
             if p["play"].get("object") == "l1"}
    assert plays == {"plus-one": "ok", "minus-two": "ok", "minus-six": "illegal"}


def test_the_loader_refuses_what_cant_be() -> None:
    data = example("78")
    pools = ("cards", "calciform-pools")
    cases: list[tuple[Any, str, str]] = [
        (lambda d: d["state"]["you"]["hand"][0].update(counters={"charge": 1}),
         "state.you.hand[0].counters", "battlefield"),
        (lambda d: d["state"]["you"]["battlefield"][0].update(counters={"Storage": 1}),
         "counters.Storage", "lowercase"),
        (lambda d: d["state"]["you"]["battlefield"][0].update(counters={"storage": 1001}),
         "counters.storage", "1,000"),
        (lambda d: d[pools[0]][pools[1]]["mana"][1].pop("per"),
         "remove_counters.count", "per: removed"),
        (lambda d: d[pools[0]][pools[1]]["mana"][1].update(costs=["{1}"]),
         "mana[1].per", "needs a {remove_counters"),
        (lambda d: d[pools[0]][pools[1]]["mana"][1]["costs"].append("sacrifice_self"),
         "mana[1].per", "not supported with sacrifice_self"),
        (lambda d: d[pools[0]][pools[1]]["mana"][1].update(adds="{W}{W}|{U}"),
         "mana[1].per", "one mana"),
        (lambda d: d[pools[0]][pools[1]]["mana"][1]["costs"][1]["remove_counters"].update(count=0),
         "remove_counters.count", "1 counter or more"),
        (lambda d: d[pools[0]][pools[1]].update(abilities=[{"id": "up", "loyalty": 1}]),
         "abilities[0].loyalty", "planeswalker"),
        (lambda d: d[pools[0]][pools[1]].update(types=["planeswalker"], abilities=[
            {"id": "up", "loyalty": 21}]), "abilities[0].loyalty", "-20 to +20"),
        (lambda d: d[pools[0]][pools[1]].update(types=["planeswalker"], abilities=[
            {"id": "up", "loyalty": "+x"}]), "abilities[0].loyalty", "loyalty cost"),
        (lambda d: d[pools[0]][pools[1]].update(abilities=[{"id": "x", "costs": [
            {"remove_counters": {"kind": "storage", "count": "X"}}]}]), "count", "per: removed"),
        (lambda d: d[pools[0]][pools[1]].update(types=["planeswalker"], abilities=[
            {"id": "up", "loyalty": 1, "costs": [{"remove_counters": {"kind": "loyalty",
                                                                     "count": 1}}]}]),
         "abilities[0].costs", "not supported with loyalty"),
        (lambda d: d[pools[0]][pools[1]].update(grants=[{"loyalty": 1}]),
         "grants[0].loyalty", "ability: loyalty"),
        (lambda d: d[pools[0]][pools[1]].update(grants=[{"loyalty": 1, "increase": "{1}"}]),
         "grants[0]", "exactly one"),
    ]
    for change, where, words in cases:
        bad = copy.deepcopy(data)
        change(bad)
        problems = _problems(bad)
        assert any(where in p and words in p for p in problems), (where, problems)
