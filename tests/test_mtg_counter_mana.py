"""mtg/1's mana amounts read from the permanent's own counters (`per: {counters: KIND}`:
Everflowing Chalice, "{T}: Add {C} for each charge counter on Everflowing Chalice"; Empowered
Autogenerator, X mana of one color): the other side of examples/mtg/95, every command (`plan`
with the fast path on and off, `hand`, `orders`, `check`, `play`, `turn`), 106.7's reading, the
dump and the loader's refusals. Answers worked by hand (a land or an artifact tapped 1)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml
from mtg_cases import example, plan
from mtg_cases import problems as _problems

from payplan.engine.mtg.dump import scenario_to_data
from payplan.engine.mtg.loader import scenario_from_data as mtg_from_data
from payplan.engine.mtg.produce import could_produce
from payplan.planner.mtg.check import check_data
from payplan.planner.mtg.play import play_data


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "payplan", *args], capture_output=True,
                          text=True, check=False, input=stdin)


def with_charge(n: int | None) -> dict[str, Any]:
    data = example("95")
    chalice = data["state"]["you"]["battlefield"][0]
    if n is None:
        chalice.pop("counters")
    else:
        chalice["counters"] = {"charge": n}
    return data


def test_the_chalice_adds_one_per_charge_counter() -> None:
    p = plan(example("95"))
    assert p["status"] == "ok" and p["score"] == 2
    assert {"id": "c1", "adds": "{C}{C}", "costs": ["tap"]} in p["payment"]["sources"]
    assert plan(with_charge(1))["status"] == "unpayable"
    assert plan(with_charge(None))["status"] == "unpayable"
    three = with_charge(3)
    three["cards"]["kodamas-reach"]["cost"] = "{3}"
    p = plan(three)
    assert p["status"] == "ok" and p["score"] == 1 and p["left_in_pool"] == ""


def test_the_autogenerator_adds_x_of_one_color() -> None:
    data = example("95")
    data["cards"]["everflowing-chalice"]["mana"][0]["adds"] = "{W}|{U}|{B}|{R}|{G}"
    data["state"]["you"]["battlefield"][0]["counters"] = {"charge": 3}
    data["cards"]["kodamas-reach"]["cost"] = "{R}{R}{R}"
    assert plan(data)["score"] == 1
    data["cards"]["kodamas-reach"]["cost"] = "{R}{U}{G}"
    assert plan(data)["status"] == "unpayable"


def test_could_produce_needs_a_counter() -> None:
    s = mtg_from_data(with_charge(0), require_play=True)
    you = s.state.you
    assert could_produce(s, you.battlefield[0], you) == ()
    s = mtg_from_data(example("95"), require_play=True)
    assert could_produce(s, s.state.you.battlefield[0], s.state.you) == ("C",)


def test_every_command(tmp_path: Path) -> None:
    data = example("95")
    p = plan(data)
    back = check_data({**data, "payment": p["payment"]})
    assert back.legal and back.score == 2, back.problems
    wrong = check_data({**data, "payment": {"sources": [
        {"id": "c1", "adds": "{C}{C}{C}", "costs": ["tap"]}]}})
    assert not wrong.legal
    assert play_data(data).to_json()["status"] == "ok"
    path = tmp_path / "95.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    assert run("orders", str(path), "--json").returncode == 0
    del data["play"]
    done = run("hand", "-", "--json", stdin=json.dumps(data))
    assert done.returncode == 0, done.stderr
    assert [q["score"] for q in json.loads(done.stdout)["plays"]] == [2]
    data["turn"] = {}
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    done = run("turn", str(path), "--json")
    assert done.returncode == 0, done.stderr
    assert [s["play"]["object"] for s in json.loads(done.stdout)["plays"]] == ["h1"]


def test_the_example_dumps_and_loads_back() -> None:
    s = mtg_from_data(example("95"), require_play=True)
    assert mtg_from_data(scenario_to_data(s), require_play=True) == s


def test_the_loader_refuses_what_cant_be() -> None:
    def ability(d: dict[str, Any]) -> dict[str, Any]:
        got: dict[str, Any] = d["cards"]["everflowing-chalice"]["mana"][0]
        return got
    cases: list[tuple[Any, str, str]] = [
        (lambda d: ability(d)["per"].update(count={"type": "land"}), "mana[0].per", "one of"),
        (lambda d: ability(d)["per"].update(counters="Charge!"), "per.counters", "lowercase"),
        (lambda d: d["cards"]["everflowing-chalice"].update(abilities=[{"id": "zap", "costs": [
            {"remove_counters": {"kind": "charge", "count": 1}}]}]), "mana[0].per", "not built"),
    ]
    for change, where, words in cases:
        data = example("95")
        change(data)
        problems = _problems(data)
        assert len(problems) == 1 and where in problems[0] and words in problems[0], problems
