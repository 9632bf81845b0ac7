"""mtg/1's mana equal to a permanent's power (Marwyn, the Nurturer, Viridian Joiner: "{T}: Add
an amount of {G} equal to its power"): a mana ability's `per: power`, the card key `power` and
the object key `power`. The other side of examples/mtg/132: `plan` (fast path on and off),
`hand`, `check`, `play`, `turn`, the dump, 106.7 and 106.12a at power 0, and the loader's
refusals. Answers worked by hand (a land tapped 1, a creature 2)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from helpers import payplan_cli as run
from mtg_cases import checked_payment as checked
from mtg_cases import example, plan, round_trips
from mtg_cases import problems as _problems

from payplan.planner.mtg.play import play_data


def marwyn(power: int | None, cost: str = "{4}{G}{G}{G}", **more: Any) -> dict[str, Any]:
    """Example 132 with Marwyn's object `power` (None: left out, the card's 1 stands) and the
    spell costing `cost`; `more`: other keys of Marwyn's object."""
    data = example("132")
    data["cards"]["pelakka-wurm"]["cost"] = cost
    obj = data["state"]["you"]["battlefield"][0]
    del obj["power"]
    if power is not None:
        obj["power"] = power
    obj.update(more)
    return data


def test_marwyn_makes_her_power_in_green() -> None:
    p = plan(example("132"))
    assert (p["status"], p["score"], p["left_in_pool"]) == ("ok", 4, ""), p
    assert p["payment"]["sources"][0] == {"id": "mw1", "adds": "{G}{G}{G}{G}{G}",
                                          "costs": ["tap"]}


def test_one_short_or_summoning_sick_is_unpayable() -> None:
    assert plan(marwyn(4))["status"] == "unpayable"
    assert plan(marwyn(5, sick=True))["status"] == "unpayable"


def test_the_cards_power_stands_without_the_objects() -> None:
    """No object `power`: the card's 1. {G}{G}{G} is Marwyn's {G} and both Forests (2 + 1 + 1);
    with the card's power 3, Marwyn alone (2)."""
    assert plan(marwyn(None, "{G}{G}{G}"))["score"] == 4
    data = marwyn(None, "{G}{G}{G}")
    data["cards"]["marwyn-the-nurturer"]["power"] = 3
    assert plan(data)["score"] == 2


def test_power_zero_or_less_makes_nothing_and_fires_nothing() -> None:
    """At power 0 or -2 Marwyn makes no mana (107.1b): {G}{G}{G} unpayable; a trigger on
    creatures tapped for mana (Wild Growth's shape) fires only when mana is made (106.12a)."""
    for power in (0, -2):
        assert plan(marwyn(power, "{G}{G}{G}"))["status"] == "unpayable"
    data = marwyn(0, "{G}{G}{G}")
    data["cards"]["growth"] = {"name": "Growth", "types": ["enchantment"], "mana_effects": [
        {"trigger": {"sources": {"type": "creature"}, "adds": "{G}"}}]}
    data["state"]["you"]["battlefield"].append({"id": "w1", "card": "growth"})
    assert plan(data)["status"] == "unpayable"
    data["state"]["you"]["battlefield"][0]["power"] = 1  # {G} + the trigger's {G} + a Forest
    assert plan(data)["score"] == 3


def test_what_marwyn_could_produce_reads_her_power() -> None:
    """A land adding any type a creature of yours could produce (106.7): {G} beside Marwyn at
    power 1, nothing at power 0."""
    data = marwyn(1, "{G}{G}{G}{G}")
    data["cards"]["grove"] = {"name": "Grove", "types": ["land"],
                              "mana": [{"adds": "any_type", "of": {"type": "creature"}}]}
    data["state"]["you"]["battlefield"].append({"id": "g1", "card": "grove"})
    assert plan(data)["score"] == 5  # Marwyn 2, two Forests, the Grove
    data["state"]["you"]["battlefield"][0]["power"] = 0
    data["cards"]["pelakka-wurm"]["cost"] = "{G}{G}{G}"
    assert plan(data)["status"] == "unpayable"


def test_check_reads_the_amount() -> None:
    data = example("132")
    good = plan(data)["payment"]
    assert checked(data, good)["legal"]
    bad = copy.deepcopy(good)
    bad["sources"][0]["adds"] = "{G}{G}{G}{G}"
    assert not checked(data, bad)["legal"]


def test_play_taps_marwyn_and_keeps_her_power() -> None:
    out = play_data(example("132")).to_json()
    assert out["status"] == "ok"
    mw = out["state"]["you"]["battlefield"][0]
    assert (mw["id"], mw["tapped"], mw["power"]) == ("mw1", True, 5)


def test_hand_and_turn(tmp_path: Path) -> None:
    data = example("132")
    path = tmp_path / "f.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    done = run("hand", str(path), "--json")
    assert done.returncode == 0, done.stderr
    plays = json.loads(done.stdout)["plays"]
    assert [(p["play"]["object"], p["status"], p["score"]) for p in plays] == [("h1", "ok", 4)]
    # The turn, Marwyn (five) and one Forest: {G}{G}{G}, {1}{G} and {G}{G} need seven, six can
    # be made: two casts. {1}{G} and {G}{G} from Marwyn's five alone (tapped once, 2; one {G}
    # left in the pool) is the least objective.
    data["cards"].update({"a": {"types": ["instant"], "cost": "{G}{G}{G}"},
                          "b": {"types": ["instant"], "cost": "{1}{G}"},
                          "c": {"types": ["instant"], "cost": "{G}{G}"}})
    data["state"]["you"]["battlefield"] = data["state"]["you"]["battlefield"][:2]
    data["state"]["you"]["hand"] = [{"id": "h1", "card": "a"}, {"id": "h2", "card": "b"},
                                    {"id": "h3", "card": "c"}]
    del data["play"]
    data["turn"] = {"candidates": "auto"}
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    done = run("turn", str(path), "--json")
    assert done.returncode == 0, done.stderr
    turn = json.loads(done.stdout)
    assert (turn["value"], turn["optimal"]) == (2, True), turn
    assert turn["objective"] == 2 and turn["after"][-1]["untapped"] == ["f1"], turn


def test_the_example_dumps_and_loads_back() -> None:
    round_trips(example("132"))
    round_trips(marwyn(-3))


@pytest.mark.parametrize("where, value, line", [
    ("card", "x", "cards.marwyn-the-nurturer.power: expected a power, a whole number, got the "
                  "string 'x'"),
    ("card", 1001, "cards.marwyn-the-nurturer.power: a power is -1000 to 1000, got 1001"),
    ("object", -1001, "state.you.battlefield[0].power: a power is -1000 to 1000, got -1001"),
    ("card", None, "cards.marwyn-the-nurturer.mana[0].per: per: power reads this card's power: "
                   "give the card `power: N` (its printed power; a permanent's `power` says its "
                   "power now)"),
    ("hand", 2, "state.you.hand[0].power: only a permanent on the battlefield has `power`"),
])
def test_the_loader_refuses(where: str, value: Any, line: str) -> None:
    data = example("132")
    if where == "card":
        if value is None:
            del data["cards"]["marwyn-the-nurturer"]["power"]
        else:
            data["cards"]["marwyn-the-nurturer"]["power"] = value
    elif where == "object":
        data["state"]["you"]["battlefield"][0]["power"] = value
    else:
        data["state"]["you"]["hand"][0]["power"] = value
    assert _problems(data) == [line]
