"""mtg/1's `each` beside a counted reduction amount ("{2} less for each ...": The Cauldron of
Eternity, examples/mtg/141): `{count: FILTER, zone, each: N}`, and `each` with the other counted
amounts (`count_targets`, `counters`, `player_counters`); every command (`plan` with the fast
path on and off, `hand`, `orders`, `check`, `play`, `turn`), the dump and the loader's refusals.
Answers worked by hand (a land tapped 1)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from typing import Any

from mtg_cases import example, plan, round_trips
from mtg_cases import problems as _problems

from payplan.planner.mtg.check import check_data
from payplan.planner.mtg.play import play_data


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "payplan", *args], capture_output=True,
                          text=True, check=False, input=stdin)


def generic(data: dict[str, Any]) -> dict[str, Any]:
    got: dict[str, Any] = data["cards"]["cauldron"]["reductions"][0]["generic"]
    return got


def test_two_less_for_each_creature_card() -> None:
    p = plan(example("141"))
    assert p["status"] == "ok" and p["total"]["mana"] == "{2}{B}{B}" and p["score"] == 4
    data = example("141")
    generic(data).pop("each")  # {1} per card: {6}{B}{B}, four Swamps short
    assert plan(data)["status"] == "unpayable"
    data = example("141")
    data["state"]["you"]["graveyard"] += [{"id": "g6", "card": "bears"},
                                          {"id": "g7", "card": "bears"}]
    p = plan(data)  # {12} less takes the {10} generic only
    assert p["total"]["mana"] == "{B}{B}" and p["score"] == 2
    data = example("141")
    generic(data)["each"] = 0
    assert plan(data)["status"] == "unpayable"


def test_each_with_the_other_counted_amounts() -> None:
    """A grant (of a creature beside seven Swamps) counting its controller's creatures, the
    counters on it, its controller's experience counters, the spell's targets: N per unit."""
    base = example("141")
    base["cards"]["cauldron"].pop("reductions")
    base["state"]["you"]["graveyard"] = []
    base["state"]["you"]["experience"] = 2
    base["state"]["you"]["battlefield"] += [{"id": f"s{i}", "card": "swamp"} for i in (5, 6, 7)]
    base["play"]["targets"] = ["s1"]
    cases: list[tuple[dict[str, Any], dict[str, Any], str]] = [
        ({"count": {"type": "creature"}, "each": 5}, {}, "{5}{B}{B}"),
        ({"counters": "charge", "each": 3}, {"counters": {"charge": 2}}, "{4}{B}{B}"),
        ({"player_counters": "experience", "each": 3}, {}, "{4}{B}{B}"),
        ({"count_targets": {"type": "land"}, "each": 5}, {}, "{5}{B}{B}"),
    ]
    for amount, obj, mana in cases:
        data = copy.deepcopy(base)
        data["cards"]["lord"] = {"types": ["creature"], "cost": "{3}",
                                 "grants": [{"reduction": {"generic": amount}}]}
        data["state"]["you"]["battlefield"].append({"id": "l1", "card": "lord", **obj})
        p = plan(data)
        assert p["status"] == "ok" and p["total"]["mana"] == mana, (amount, p["total"])
        del amount["each"]  # one per unit: a total seven Swamps can't pay
        assert plan(data)["status"] == "unpayable", amount


def test_check_orders_hand_play_and_turn() -> None:
    data = example("141")
    p = plan(data)
    back = check_data({**data, "payment": p["payment"]})
    assert back.legal and back.score == 4, back.problems
    assert play_data(data).to_json()["status"] == "ok"
    done = run("orders", "-", "--json", stdin=json.dumps(data))
    assert done.returncode == 0, done.stderr
    assert [t["total"]["mana"] for t in json.loads(done.stdout)["orders"]] == ["{2}{B}{B}"]
    del data["play"]
    done = run("hand", "-", "--json", stdin=json.dumps(data))
    assert done.returncode == 0, done.stderr
    plays = json.loads(done.stdout)["plays"]
    assert [(q["play"]["object"], q["total"]["mana"]) for q in plays] == [("h1", "{2}{B}{B}")]
    data["turn"] = {}
    done = run("turn", "-", "--json", stdin=json.dumps(data))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert [s["play"]["object"] for s in out["plays"]] == ["h1"], out


def test_the_dump_and_the_refusals() -> None:
    round_trips(example("141"))
    data = example("141")
    generic(data)["each"] = 1
    round_trips(data)
    cases: list[tuple[Any, str, str]] = [
        (lambda d: d["cards"]["cauldron"]["reductions"][0].update(generic={"each": 2}),
         "reductions[0].generic", "one of them"),
        (lambda d: generic(d).update(each=-1), "generic.each", "negative"),
        (lambda d: generic(d).update(each=1001), "generic.each", "at most"),
        (lambda d: d["cards"]["cauldron"]["reductions"][0].update(
            B={"count": {"type": "creature"}, "each": 2}), "B.each", "color key"),
        (lambda d: d["cards"]["cauldron"]["reductions"][0].update(
            B={"count": {"type": "creature"}, "player_counters": "experience"}),
         "B.player_counters", "color key"),
    ]
    for change, where, words in cases:
        data = example("141")
        change(data)
        problems = _problems(data)
        assert len(problems) == 1 and where in problems[0] and words in problems[0], problems
