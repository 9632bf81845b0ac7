"""mtg/1's mana of any type (or color) that a permanent could produce (106.7): Reflecting Pool's
`adds: any_type` and Exotic Orchard's `adds: any_color`, each with `of: FILTER`. The other side
of examples/mtg/90-91, every command (`plan` with the fast path on and off, `hand`, `orders`,
`check`, `play`; `turn`'s refusal), the dump and the loader's refusals. Answers worked by hand
from the cards' wording and the objective of docs/mtg-format.md (a land tapped 1, a creature 2)."""

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
from payplan.engine.mtg.produce import could_produce, reflected
from payplan.planner.mtg.check import check_data
from payplan.planner.mtg.play import play_data

POOL = {"name": "Reflecting Pool", "types": ["land"],
        "mana": [{"adds": "any_type", "of": {"type": "land"}}]}
ORCHARD = {"name": "Exotic Orchard", "types": ["land"],
           "mana": [{"adds": "any_color", "of": {"type": "land", "controller": "opponent"}}]}


def pools_only(cost: str, *others: tuple[str, dict[str, Any]]) -> dict[str, Any]:
    """Example 90 with two Reflecting Pools and `others` (id, card) as your battlefield, the
    spell costing `cost`."""
    data = example("90")
    data["cards"]["sultai-charm"]["cost"] = cost
    field: list[dict[str, Any]] = [{"id": "rp1", "card": "reflecting-pool"},
                                   {"id": "rp2", "card": "reflecting-pool"}]
    for ident, card in others:
        data["cards"][ident + "-card"] = card
        field.append({"id": ident, "card": ident + "-card"})
    data["state"]["you"]["battlefield"] = field
    return data


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "payplan", *args], capture_output=True,
                          text=True, check=False, input=stdin)


def test_reflecting_pool_adds_a_type_a_land_you_control_could_produce() -> None:
    p = plan(example("90"))
    assert p["status"] == "ok" and p["score"] == 3
    pool = [s for s in p["payment"]["sources"] if s["id"] == "rp1"]
    assert pool == [{"id": "rp1", "adds": "{B}", "costs": ["tap"]}]
    data = example("90")  # the pair: without the Sea the Pool could produce {G} only
    data["state"]["you"]["battlefield"] = [o for o in data["state"]["you"]["battlefield"]
                                           if o["id"] != "us1"]
    assert plan(data)["status"] == "unpayable"


def test_tapped_lands_still_count() -> None:
    """Costs are ignored (106.7): a tapped Sea still lets the Pool make {U} or {B}."""
    data = example("90")
    data["cards"]["sultai-charm"]["cost"] = "{B}{G}"
    data["state"]["you"]["battlefield"][1]["tapped"] = True
    p = plan(data)
    assert p["status"] == "ok" and p["score"] == 2


def test_two_pools_alone_make_nothing() -> None:
    """The least fixed point: two Pools, no other land: even {1} is unpayable; a Wastes beside
    them lets each make {C} ({C}{C}{C}: all three, score 3)."""
    assert plan(pools_only("{1}"))["status"] == "unpayable"
    wastes = {"types": ["land"], "mana": [{"adds": "{C}"}]}
    p = plan(pools_only("{C}{C}{C}", ("w1", wastes)))
    assert p["status"] == "ok" and p["score"] == 3


def test_exotic_orchard_reads_the_opponents_colors() -> None:
    p = plan(example("91"))
    assert p["status"] == "ok" and p["score"] == 2
    assert {"id": "eo1", "adds": "{W}", "costs": ["tap"]} in p["payment"]["sources"]
    data = example("91")  # never {C}, though the opponent's Wastes could produce it
    data["cards"]["azorius-charm"]["cost"] = "{C}{U}"
    assert plan(data)["status"] == "unpayable"
    data["cards"]["azorius-charm"]["cost"] = "{U}{U}"  # your Island is not the opponent's
    assert plan(data)["status"] == "unpayable"


def test_chains_across_both_sides() -> None:
    """A Pool of yours beside the Orchard names what the Orchard names (the opponent's W): with
    the Island, {W}{W}{U} is paid by all three. The opponent's own Pool, beside its Island,
    could produce U: the Orchard adds {U} from it; Benthic Explorers would read it too."""
    data = example("91")
    data["cards"]["reflecting-pool"] = POOL
    data["state"]["you"]["battlefield"].append({"id": "rp1", "card": "reflecting-pool"})
    data["cards"]["azorius-charm"]["cost"] = "{W}{W}{U}"
    p = plan(data)
    assert p["status"] == "ok" and p["score"] == 3
    theirs = example("91")
    theirs["cards"]["reflecting-pool"] = POOL
    theirs["cards"]["island2"] = {"types": ["land"], "mana": [{"adds": "{G}"}]}
    theirs["state"]["opponent"]["battlefield"] = [{"id": "o1", "card": "reflecting-pool"},
                                                  {"id": "o2", "card": "island2"}]
    theirs["cards"]["azorius-charm"]["cost"] = "{G}{U}"
    p = plan(theirs)
    assert p["status"] == "ok" and {"id": "eo1", "adds": "{G}", "costs": ["tap"]} in (
        p["payment"]["sources"])
    s = mtg_from_data(theirs, require_play=True)
    opp = s.state.opponent
    assert could_produce(s, opp.battlefield[0], opp) == ("G",)
    assert reflected(s) == {"eo1": frozenset({"G"}), "o1": frozenset({"G"})}


def test_check_reads_the_types() -> None:
    data = example("90")
    good = checked(data, [{"id": "rp1", "adds": "{B}", "costs": ["tap"]},
                          {"id": "us1", "adds": "{U}", "costs": ["tap"]},
                          {"id": "f1", "adds": "{G}", "costs": ["tap"]}])
    assert good.legal and good.score == 3
    red = checked(data, [{"id": "rp1", "adds": "{R}", "costs": ["tap"]},
                         {"id": "us1", "adds": "{U}", "costs": ["tap"]},
                         {"id": "f1", "adds": "{G}", "costs": ["tap"]}])
    assert not red.legal
    for name in ("90", "91"):
        d = example(name)
        p = plan(d)
        back = check_data({**d, "payment": p["payment"]})
        assert back.legal and back.score == p["score"], back.problems


def test_play_taps_the_pool() -> None:
    out = play_data(example("90")).to_json()
    assert out["status"] == "ok"
    field = {o["id"]: o for o in out["state"]["you"]["battlefield"]}
    assert field["rp1"]["tapped"] is True


def test_hand_and_orders(tmp_path: Path) -> None:
    data = example("90")
    path = tmp_path / "90.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    done = run("orders", str(path), "--json")
    assert done.returncode == 0, done.stderr
    del data["play"]
    done = run("hand", "-", "--json", stdin=json.dumps(data))
    assert done.returncode == 0, done.stderr
    plays = json.loads(done.stdout)["plays"]
    assert [(p["play"]["object"], p["status"], p["score"]) for p in plays] == [("h1", "ok", 3)]


@pytest.mark.parametrize("name", ["90", "91"])
def test_the_examples_dump_and_load_back(name: str) -> None:
    s = mtg_from_data(example(name), require_play=True)
    again = mtg_from_data(scenario_to_data(s), require_play=True)
    assert again == s


def test_turn_plans_the_keys(tmp_path: Path) -> None:
    """Example 90 as a turn: the same three lands pay Sultai Charm (value 1, objective 3); the
    turn's own cases are in tests/test_mtg_turn_cost_keys.py."""
    data = example("90")
    del data["play"]
    data["turn"] = {"candidates": "auto"}
    path = tmp_path / "90.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    out = run("turn", str(path), "--json")
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert (got["value"], got["objective"], got["order"]) == (1, 3, ["h1"])


def test_the_loader_refuses_what_cant_be() -> None:
    pool = ("cards", "reflecting-pool")

    def ability(d: dict[str, Any]) -> dict[str, Any]:
        got: dict[str, Any] = d[pool[0]][pool[1]]["mana"][0]
        return got
    sphere = {"types": ["artifact"], "mana_effects": [
        {"replace": {"sources": {"type": "land", "controller": "any"}, "adds": "{C}"}}]}
    cases: list[tuple[Any, str, str]] = [
        (lambda d: ability(d).pop("of"), "mana[0].of", "of"),
        (lambda d: d["cards"]["forest"]["mana"][0].update(of={"type": "land"}), "forest.mana[0].of",
         "only with adds: any_type"),
        (lambda d: ability(d).update(per={"count": {"type": "land"}}), "mana[0].per",
         "not read with adds: any_type"),
        (lambda d: ability(d).update(costs=["tap", {"mill": 1}]), "mana[0].adds",
         "untap or mill cost"),
        (lambda d: ability(d)["of"].update(chosen_type=True), "of.chosen_type", "chosen_type"),
        (lambda d: ability(d)["of"].update(controller="nobody"), "of.controller", "controller"),
        (lambda d: (d["cards"].update(sphere=sphere), d["state"].setdefault("opponent", {})
                    .setdefault("battlefield", []).append({"id": "ds", "card": "sphere"})),
         "mana[0]", "beside a mana effect"),
    ]
    for change, where, words in cases:
        data = example("90")
        change(data)
        problems = _problems(data)
        assert len(problems) == 1 and where in problems[0] and words in problems[0], problems
