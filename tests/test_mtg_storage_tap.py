"""mtg/1's storage lands written as printed: `per: removed` beside `tap` (Sand Silos, Mage-Ring
Network, Calciform Pools' "{1}, {T}, Remove X storage counters"). The other side of
examples/mtg/133: `plan` (fast path on and off), `check`, `play`, the dump, and the refusals
(beside a mana effect, in `payplan turn`). Answers worked by hand (a land tapped 1, a counter
removed 1)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import yaml
from helpers import payplan_cli as run
from mtg_cases import checked_sources as checked
from mtg_cases import example, plan, round_trips, turn_and_plays_refuse
from mtg_cases import problems as _problems

from payplan.planner.mtg.play import play_data

PLAINS = {"name": "Plains", "types": ["land"], "mana": [{"adds": "{W}"}]}


def silos(counters: int, **more: Any) -> dict[str, Any]:
    data = example("133")
    obj = data["state"]["you"]["battlefield"][0]
    obj["counters"] = {"storage": counters}
    obj.update(more)
    return data


def pools(*lands: str) -> dict[str, Any]:
    """Example 78 with Calciform Pools as printed ("{1}, {T}, Remove X storage counters": tap
    added to the storage ability) and `lands` Plains ids."""
    data = example("78")
    data["cards"]["calciform-pools"]["mana"][1]["costs"] = [
        "{1}", "tap", {"remove_counters": {"kind": "storage", "count": "X"}}]
    data["state"]["you"]["battlefield"] = [data["state"]["you"]["battlefield"][0]] + [
        {"id": ident, "card": "plains"} for ident in lands]
    return data


def test_sand_silos_taps_and_removes_three() -> None:
    p = plan(example("133"))
    assert (p["status"], p["score"], p["left_in_pool"]) == ("ok", 5, ""), p
    assert p["payment"]["sources"][0] == {
        "id": "s1", "adds": "{U}{U}{U}", "costs": ["tap", "remove_counters storage 3"],
        "counters_removed": {"storage": 3}}


def test_too_few_counters_or_tapped_is_unpayable() -> None:
    assert plan(silos(2))["status"] == "unpayable"
    assert plan(silos(3, tapped=True))["status"] == "unpayable"


def test_x_is_what_the_cast_needs() -> None:
    """Five counters, {U}{U}: X = 2 alone (1 + 2 = 3), the Island untouched."""
    data = silos(5)
    data["cards"]["cryptic-command"]["cost"] = "{U}{U}"
    p = plan(data)
    assert (p["status"], p["score"]) == ("ok", 3), p
    assert [s["id"] for s in p["payment"]["sources"]] == ["s1"]


def test_calciform_pools_taps_once() -> None:
    """As printed, the Pools' {T}: Add {C} and its storage ability both tap it: with one Plains
    (its {W} for the storage {1}) nothing is left for the Command's {1}: unpayable. A second
    Plains pays it: the Pools tapped (1), three counters (3), two Plains (2): 6."""
    assert plan(pools("l1"))["status"] == "unpayable"
    p = plan(pools("l1", "l2"))
    assert (p["status"], p["score"]) == ("ok", 6), p


def test_check_reads_the_tap() -> None:
    data = example("133")
    silo = {"id": "s1", "adds": "{U}{U}{U}", "costs": ["tap", "remove_counters storage 3"]}
    island = {"id": "i1", "adds": "{U}", "costs": ["tap"]}
    good = checked(data, [silo, island])
    assert good.legal and good.score == 5, good.problems
    untapped = checked(data, [{**silo, "costs": ["remove_counters storage 3"]}, island])
    assert not untapped.legal
    data = pools("l1")
    both = checked(data, [{"id": "p1", "adds": "{C}", "costs": ["tap"]},
                          {"id": "l1", "adds": "{W}", "costs": ["tap"]},
                          {"id": "p1", "adds": "{U}{U}{U}",
                           "costs": ["{1}", "tap", "remove_counters storage 3"]}])
    assert not both.legal and any("tapped twice" in p for p in both.problems), both.problems


def test_play_taps_the_silos_and_lowers_the_counters() -> None:
    """Five counters: X = 4 alone (1 + 4) ties X = 3 and the Island (1 + 3 + 1); fewer objects
    used wins: one counter left, the Island untapped."""
    out = play_data(silos(5)).to_json()
    assert out["status"] == "ok"
    s1, i1 = out["state"]["you"]["battlefield"]
    assert (s1["tapped"], s1["counters"], i1.get("tapped", False)) == (
        True, {"storage": 1}, False), out["state"]


def test_the_example_dumps_and_loads_back() -> None:
    round_trips(example("133"))
    round_trips(pools("l1"))


def test_beside_a_mana_effect_it_is_refused() -> None:
    data = example("133")
    data["cards"]["ghast"] = {"name": "Crypt Ghast", "types": ["creature"], "mana_effects": [
        {"trigger": {"sources": {"type": "land"}, "adds": "{B}"}}]}
    data["state"]["you"]["battlefield"].append({"id": "g1", "card": "ghast"})
    assert _problems(data) == ["cards.sand-silos.mana[0]: per: removed with tap beside a mana "
                               "effect (g1) is not built"]


def test_turn_and_plays_refuse_it(tmp_path: Path) -> None:
    line = ("cards.sand-silos.mana[0].per: per: removed with tap is not supported by `payplan "
            "turn` (nor `plays` paid together): plan each play with `payplan plan` or `play`")
    turn_and_plays_refuse(example("133"), line, tmp_path)


def test_hand_plans_it(tmp_path: Path) -> None:
    data = copy.deepcopy(example("133"))
    del data["play"]
    path = tmp_path / "hand.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    done = run("hand", str(path), "--json")
    assert done.returncode == 0, done.stderr
    plays = json.loads(done.stdout)["plays"]
    assert [(p["play"]["object"], p["status"], p["score"]) for p in plays] == [("h1", "ok", 5)]
