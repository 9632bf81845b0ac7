"""mtg/1's filter key `all_types` ("artifact creature spells": every listed card type, where
`type` is any of them): Mycosynth Golem's grant (examples/mtg/140) and the key in each other kind
of filter (a count, a sacrifice cost, `only_for`, a targets filter, an effect's `applies_to`),
every command (`plan` with the fast path on and off, `hand`, `orders`, `check`, `play`,
`turn`), the dump and the loader's refusals. Answers worked by hand (a land tapped 1)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml
from mtg_cases import example, plan, round_trips
from mtg_cases import problems as _problems

from payplan.planner.mtg.check import check_data
from payplan.planner.mtg.play import play_data

BOTH = ["artifact", "creature"]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "payplan", *args], capture_output=True,
                          text=True, check=False, input=stdin)


def golem(obj: str = "h1") -> dict[str, Any]:
    data = example("140")
    data["play"] = {"object": obj}
    return data


def test_the_grant_reaches_artifact_creature_spells_only() -> None:
    p = plan(golem())
    assert p["status"] == "ok" and p["total"]["mana"] == "{1}" and p["score"] == 1
    plating = plan(golem("h2"))  # an artifact, no creature: no grant
    assert plating["total"]["mana"] == "{2}" and plating["score"] == 2
    data = golem("h2")
    data["cards"]["plating"]["types"] = ["creature"]  # a creature, no artifact: none either
    assert plan(data)["total"]["mana"] == "{2}"
    anyof = golem("h2")  # `type` keeps "any of": the plating would cost {0}
    anyof["cards"]["golem"]["grants"][0]["applies_to"] = {"type": BOTH}
    assert plan(anyof)["total"]["mana"] == "{0}"


def test_a_count_of_artifact_creatures() -> None:
    """Myr Enforcer's affinity counting only artifact creatures: the Golem (the Seats are
    artifact lands): {7} - 1 - 3 = {3}, more than two Seats make."""
    data = golem()
    data["cards"]["enforcer"]["reductions"][0]["generic"]["count"] = {"all_types": BOTH}
    assert plan(data)["status"] == "unpayable"
    data["state"]["you"]["battlefield"].append({"id": "s3", "card": "seat"})
    data["state"]["you"]["battlefield"].append({"id": "o1", "card": "ornithopter"})
    data["cards"]["ornithopter"] = {"types": BOTH, "cost": "{0}"}
    p = plan(data)  # five artifacts, two artifact creatures: {7} - 2 - 5 = {0}
    assert p["status"] == "ok" and p["total"]["mana"] == "{0}" and p["score"] == 0


def test_sacrifice_an_artifact_creature() -> None:
    """A mandatory additional cost "sacrifice an artifact creature" takes the Golem, never a
    Seat (an artifact land); without the Golem it is unpayable."""
    data = golem("h2")
    data["cards"]["plating"]["additional"] = [{"id": "fling", "mandatory": True, "other": [
        {"sacrifice": {"count": 1, "filter": {"all_types": BOTH}}}]}]
    p = plan(data)
    assert p["status"] == "ok" and p["payment"]["other"]["sacrifice"] == ["g1"], p
    data["state"]["you"]["battlefield"].pop(0)
    assert plan(data)["status"] == "unpayable"


def test_only_for_artifact_creature_spells() -> None:
    """Seats whose mana may be spent only on artifact creature spells pay the Enforcer, not the
    Plating."""
    data = golem()
    data["cards"]["seat"]["mana"][0]["only_for"] = {"all_types": BOTH}
    assert plan(data)["status"] == "ok"
    data["play"] = {"object": "h2"}
    assert plan(data)["status"] == "unpayable"


def test_a_targets_filter_and_an_effect() -> None:
    data = golem("h2")
    data["cards"]["golem"]["grants"] = [{"increase": "{1}", "applies_to": {
        "targets": {"all_types": BOTH}}}]
    data["cards"]["golem"].pop("reductions")
    data["play"]["targets"] = ["g1"]
    assert plan(data)["status"] == "unpayable"  # {3}: the Golem is an artifact creature
    data["play"]["targets"] = ["s1"]
    assert plan(data)["total"]["mana"] == "{2}"  # a Seat is not
    effect = golem("h2")
    effect["cards"]["golem"].pop("grants")
    effect["state"]["you"]["effects"] = [{"id": "e1", "reduction": {"generic": 2},
                                          "applies_to": {"all_types": BOTH}}]
    assert plan(effect)["total"]["mana"] == "{2}"  # the Plating is no creature
    effect["play"] = {"object": "h1"}
    assert plan(effect)["total"]["mana"] == "{2}"  # {7} - 3 (its own affinity) - 2


def test_check_orders_hand_play_and_turn(tmp_path: Path) -> None:
    data = golem()
    p = plan(data)
    back = check_data({**data, "payment": p["payment"]})
    assert back.legal and back.score == 1, back.problems
    assert play_data(data).to_json()["status"] == "ok"
    path = tmp_path / "140.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    done = run("orders", str(path), "--json")
    assert done.returncode == 0, done.stderr
    assert [t["total"]["mana"] for t in json.loads(done.stdout)["orders"]] == ["{1}"]
    del data["play"]
    done = run("hand", "-", "--json", stdin=json.dumps(data))
    assert done.returncode == 0, done.stderr
    plays = {q["play"]["object"]: q["total"]["mana"] for q in json.loads(done.stdout)["plays"]}
    assert plays == {"h1": "{1}", "h2": "{2}"}, plays
    data["turn"] = {}
    done = run("turn", "-", "--json", stdin=json.dumps(data))
    assert done.returncode == 0, done.stderr
    # The Plating first ({2}, both Seats): a fourth artifact, the Enforcer then {7} - 4 - 4 = {0}.
    out = json.loads(done.stdout)
    assert [s["play"]["object"] for s in out["plays"]] == ["h2", "h1"], out


def test_the_dump_and_the_refusals() -> None:
    round_trips(golem())
    data = golem()
    data["cards"]["seat"]["mana"][0]["only_for"] = {"all_types": BOTH, "not_type": ["land"]}
    round_trips(data)
    for bad, where, words in (
            ({"all_types": ["artifact", "gizmo"]}, "all_types[1]", "gizmo"),
            ({"all_types": BOTH, "not_type": ["creature"]}, "applies_to.all_types",
             "match nothing")):
        data = golem()
        data["cards"]["golem"]["grants"][0]["applies_to"] = bad
        problems = _problems(data)
        assert len(problems) == 1 and where in problems[0] and words in problems[0], problems
