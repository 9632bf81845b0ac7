"""mtg/1's permission to spend mana as though it were mana of any color (Mycosynth Lattice,
Chromatic Orrery): the player key `state.you.spend_as_any_color`. The other side of
examples/mtg/97: `plan` (fast path on and off), `check`, the dump, the loader, and `turn`.
Answers worked by hand (a land tapped 1)."""

from __future__ import annotations

import copy
from typing import Any

from helpers import answer_json
from mtg_cases import checked_sources as checked
from mtg_cases import example, plan, round_trips
from mtg_cases import problems as _problems

from payplan.planner.config import SolverConfig
from payplan.planner.mtg.play import play_data

WASTES = {"name": "Wastes", "types": ["land"], "mana": [{"adds": "{C}"}]}
FOREST = {"name": "Forest", "types": ["land"], "mana": [{"adds": "{G}"}]}


def lattice(cost: str, field: dict[str, dict[str, Any]], on: bool = True) -> dict[str, Any]:
    """Example 97 with the spell costing `cost`, your lands `field` (id -> card) beside the
    Lattice, and the key `on`."""
    data = copy.deepcopy(example("97"))
    data["cards"]["anger-of-the-gods"]["cost"] = cost
    you = data["state"]["you"]
    you["battlefield"] = [{"id": "l1", "card": "mycosynth-lattice"}]
    for ident, card in field.items():
        name = ident.rstrip("0123456789")
        data["cards"][name] = card
        you["battlefield"].append({"id": ident, "card": name})
    if not on:
        del you["spend_as_any_color"]
    return data


def test_wastes_pay_red_pips_under_the_lattice() -> None:
    p = plan(example("97"))
    assert p["status"] == "ok" and p["score"] == 3
    off = example("97")
    del off["state"]["you"]["spend_as_any_color"]
    assert plan(off)["status"] == "unpayable"


def test_an_unpayable_cast_under_the_lattice_lacks_mana_not_a_color() -> None:
    """Two Wastes for {1}{R}{R}: no red source is needed under the key, one more mana is (the
    reasons and the shortfall say so); {C}{C}{G} with one Wastes and two Forests lacks {C}."""
    p = plan(lattice("{1}{R}{R}", {"wastes1": WASTES, "wastes2": WASTES}))
    assert p["status"] == "unpayable" and p["shortfall"]["mana"] == "{1}"
    assert not any("red source" in r for r in p["reasons"]), p["reasons"]
    field = {"forest1": FOREST, "forest2": FOREST, "wastes1": WASTES}
    assert plan(lattice("{C}{C}{G}", field))["shortfall"]["mana"] == "{C}"


def test_a_colorless_pip_still_wants_colorless_mana() -> None:
    """{C}{C}{G} with two Forests and a Wastes: only one colorless mana, unpayable with the key;
    {C}{G}{G} is paid (score 3)."""
    field = {"forest1": FOREST, "forest2": FOREST, "wastes1": WASTES}
    assert plan(lattice("{C}{C}{G}", field))["status"] == "unpayable"
    assert plan(lattice("{C}{G}{G}", field))["score"] == 3


def test_a_filters_colored_cost_takes_any_mana() -> None:
    """A filter land ({B}, {T}: add {R}{R}) and a Wastes: the Wastes' {C} pays the filter's {B}
    under the key, the filter's {R}{R} the spell's {R}{R}: two lands, score 2; without: unpayable."""
    filt = {"name": "Filter", "types": ["land"], "mana": [{"adds": "{R}{R}", "costs": ["tap", "{B}"]}]}
    field = {"filter1": filt, "wastes1": WASTES}
    assert plan(lattice("{R}{R}", field))["score"] == 2
    assert plan(lattice("{R}{R}", field, on=False))["status"] == "unpayable"


def test_check_reads_the_key() -> None:
    sources = [{"id": f"w{i}", "adds": "{C}", "costs": ["tap"]} for i in (1, 2, 3)]
    good = checked(example("97"), sources)
    assert good.legal and good.score == 3, good.problems
    off = example("97")
    del off["state"]["you"]["spend_as_any_color"]
    assert not checked(off, sources).legal


def test_dump_round_trips_and_bad_value_is_refused() -> None:
    round_trips(example("97"))
    data = example("97")
    data["state"]["you"]["spend_as_any_color"] = "yes"
    problems = _problems(data)
    assert len(problems) == 1 and "state.you.spend_as_any_color" in problems[0], problems


def test_convoke_keeps_its_color() -> None:
    """A green creature convokes {G} or {1}, never {R}: {R}{R} with one Wastes and the creature
    is unpayable; {R}{G} is paid by both (land 1 + creature 2 = 3)."""
    elf = {"name": "Elf", "types": ["creature"], "colors": ["green"]}
    data = lattice("{R}{R}", {"elf1": elf, "wastes1": WASTES})
    data["cards"]["anger-of-the-gods"]["convoke"] = True
    assert plan(data)["status"] == "unpayable"
    data["cards"]["anger-of-the-gods"]["cost"] = "{R}{G}"
    assert plan(data)["score"] == 3


def test_play_pays_and_turn_plans_it() -> None:
    """`play` pays example 97; `turn` plans it too (each play's payment reads the key): the
    three Wastes pay Anger of the Gods, value 1, objective 3."""
    out = play_data(example("97")).to_json()
    assert out["status"] == "ok"
    field = {o["id"]: o for o in out["state"]["you"]["battlefield"]}
    assert all(field[w]["tapped"] is True for w in ("w1", "w2", "w3"))
    data = example("97")
    del data["play"]
    data["turn"] = {"candidates": "auto"}
    got = answer_json("turn", data, SolverConfig(time_limit=60))
    assert (got["value"], got["objective"], got["order"]) == (1, 3, ["h1"])
